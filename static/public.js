/* The public pages, live (templates/events/public*.html): every few seconds the page asks the
   event's version (one small request); only when it moved does it fetch this page again (the
   server keeps it rendered for that version, gzip-compressed, and answers 304 for what the
   browser already has) and put its live parts (the elements marked data-live: the round with
   its clock and tables, the standings) in place of the old ones, leaving the rest as it is: the
   place on the page, a name being typed in "Find your table". Without JavaScript the page has
   a Refresh link. */
(function () {
  "use strict";
  var box = document.getElementById("public-live");
  if (!box || !window.fetch || !window.DOMParser) return;
  var seen = box.getAttribute("data-version");
  var every = (parseInt(box.getAttribute("data-refresh-seconds"), 10) || 5) * 1000;
  var busy = false;

  function put(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var next = fresh.getElementById("public-live");
    if (!next) return;
    document.querySelectorAll("[data-live]").forEach(function (part) {
      var now = part.id && fresh.getElementById(part.id);
      if (now && part.innerHTML !== now.innerHTML) part.innerHTML = now.innerHTML;
    });
    seen = next.getAttribute("data-version");
    box.setAttribute("data-version", seen);
  }

  function check() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(box.getAttribute("data-version-url"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || String(data.version) === seen) return null;
        var page = window.location.href.split("#")[0];
        return fetch(page, { cache: "no-cache", credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) { if (html) put(html); });
      })
      .catch(function () { /* offline: try again at the next poll */ })
      .then(function () { busy = false; });
  }

  window.setInterval(check, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) check(); });
})();
