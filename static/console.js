/* The director's console, live: every few seconds it asks the event's version (one small
   request); only when the version moved does it fetch the console as it is now
   (/e/<director>/live) and put its live parts (the elements marked data-live: the round with
   its tables and clock, the standings, past rounds) in place of the old ones. The director's
   place is kept: the page does not scroll, details stay open, and a part holding a form being
   typed in (or the focus) waits until the director is done with it. Without JavaScript the
   console has a Refresh link. */
(function () {
  "use strict";
  var box = document.getElementById("console-live");
  if (!box || !window.fetch || !window.DOMParser) return;
  var seen = box.getAttribute("data-version");
  var every = (parseInt(box.getAttribute("data-poll-seconds"), 10) || 5) * 1000;
  var busy = false;
  var typed = {};  // live part id: when the director last typed in a form of it (not sent)
  var TYPING = 60000;  // a form left alone this long no longer holds its part back

  var note = box.querySelector(".js-live-note");
  if (note) note.hidden = false;

  document.addEventListener("input", mark, true);
  document.addEventListener("change", mark, true);
  function mark(e) {
    var part = e.target.closest && e.target.closest("[data-live]");
    if (part && part.id) typed[part.id] = Date.now();
  }

  function inUse(part) {
    var focus = document.activeElement;
    if (typed[part.id] && Date.now() - typed[part.id] < TYPING) return true;
    return focus && focus !== document.body && part.contains(focus) &&
      /^(INPUT|SELECT|TEXTAREA)$/.test(focus.tagName);
  }

  function openDetails(part) {
    var open = [];
    part.querySelectorAll("details[open] > summary").forEach(function (s) {
      open.push(s.textContent.trim());
    });
    return open;
  }

  function put(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var fromVersion = fresh.getElementById("console-live");
    var waiting = false;
    var x = window.scrollX, y = window.scrollY;
    document.querySelectorAll("[data-live]").forEach(function (part) {
      var next = part.id && fresh.getElementById(part.id);
      if (!next) return;
      if (inUse(part)) { waiting = true; return; }
      var open = openDetails(part);
      if (part.innerHTML !== next.innerHTML) part.innerHTML = next.innerHTML;
      part.querySelectorAll("details > summary").forEach(function (s) {
        if (open.indexOf(s.textContent.trim()) >= 0) s.parentNode.open = true;
      });
    });
    window.scrollTo(x, y);
    // A part still in use is fetched again at the next poll.
    if (!waiting && fromVersion) seen = fromVersion.getAttribute("data-version");
    box.setAttribute("data-shown-version", seen);
  }

  function check() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(box.getAttribute("data-version-url"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data || String(data.version) === seen) return null;
        return fetch(box.getAttribute("data-live-url"), { cache: "no-store", credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) { if (html) put(html); });
      })
      .catch(function () { /* offline: try again at the next poll */ })
      .then(function () { busy = false; });
  }

  // A form sent is no longer being typed in.
  document.addEventListener("submit", function (e) {
    var part = e.target.closest("[data-live]");
    if (part) delete typed[part.id];
  }, true);
  window.setInterval(check, every);
})();
