/* The poll of the pages that update themselves by parts: the public pages (static/public.js)
   and the director's console (static/console.js). Every few seconds, while the page is shown,
   it asks the event's version (the live box's data-version-url: one small request); only when
   the version moved from the one shown does it fetch the page's live HTML (options.url(), with
   options.cache: the public page "no-cache", so the server's rendered page answers 304 for what
   the browser has; the console "no-store") and hand it to options.put, which puts the parts in
   place and returns the version now shown (null: a part was held back, ask again at the next
   poll). One request at a time; offline, it tries again at the next poll; a tab shown again
   asks at once. Without fetch or DOMParser it defines nothing and the pages keep their
   Refresh link. */
(function () {
  "use strict";
  if (!window.fetch || !window.DOMParser) return;

  window.spadesLive = function (box, options) {
    var seen = box.getAttribute("data-version");
    var busy = false;
    var asked = { cache: options.cache, credentials: "same-origin" };

    function check() {
      if (busy || document.hidden) return;
      busy = true;
      fetch(box.getAttribute("data-version-url"), { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data || String(data.version) === seen) return null;
          return fetch(options.url(), asked)
            .then(function (r) { return r.ok ? r.text() : null; })
            .then(function (html) {
              if (!html) return;
              var shown = options.put(new DOMParser().parseFromString(html, "text/html"));
              if (shown) seen = shown;
            });
        })
        .catch(function () { /* offline: try again at the next poll */ })
        .then(function () { busy = false; });
    }

    window.setInterval(check, (parseInt(options.seconds, 10) || 5) * 1000);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) check(); });
  };
})();
