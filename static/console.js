/* The director's console, live, on the poll static/live.js keeps: when the event's version
   moved it fetches the console as it is now (/e/<director>/live) and puts its live parts (the
   elements marked data-live: the round with its tables and clock, the standings, past rounds)
   in place of the old ones. The director's place is kept: the page does not scroll, details
   stay open, and a part holding a form being typed in (or the focus) waits until the director
   is done with it. Without JavaScript the console has a Refresh link. */
(function () {
  "use strict";
  var box = document.getElementById("console-live");
  if (!box || !window.spadesLive) return;
  var typed = {};  // live part id: when the director last typed in a form of it (not sent)
  var TYPING = 60000;  // a form left alone this long no longer holds its part back
  // A form sent back refused (what was typed, and why, by its field) is held as one typed in.
  document.querySelectorAll('[data-live] [aria-invalid="true"]').forEach(function (field) {
    var part = field.closest("[data-live]");
    if (part.id) typed[part.id] = Date.now();
  });

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

  function put(fresh) {
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
    var shown = !waiting && fromVersion ? fromVersion.getAttribute("data-version") : null;
    if (shown) box.setAttribute("data-shown-version", shown);
    return shown;
  }

  // A form sent is no longer being typed in.
  document.addEventListener("submit", function (e) {
    var part = e.target.closest("[data-live]");
    if (part) delete typed[part.id];
  }, true);
  window.spadesLive(box, {
    seconds: box.getAttribute("data-poll-seconds"),
    cache: "no-store",
    url: function () { return box.getAttribute("data-live-url"); },
    put: put
  });
})();
