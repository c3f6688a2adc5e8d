/* Round clocks (templates/club_night/_clock.html): count down the time left from what the server
   said when the page was drawn, once a second. Counting from the page's load, not from the
   device's clock, keeps a phone whose clock is wrong right. At zero the clock says "Time is
   up" and the page's [data-clock-up] parts (the console's "call time" prompt) show. A paused
   clock stands still. Without JavaScript the time left shows as it was when drawn. */
(function () {
  "use strict";
  function text(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s);
  }

  function tick() {
    var clocks = document.querySelectorAll("[data-clock-left]");
    var up = false;
    for (var i = 0; i < clocks.length; i++) {
      var clock = clocks[i];
      if (!clock.hasAttribute("data-clock-start")) clock.setAttribute("data-clock-start", String(Date.now()));
      var left = parseInt(clock.getAttribute("data-clock-left"), 10) || 0;
      if (!clock.hasAttribute("data-clock-paused")) {
        var since = (Date.now() - parseInt(clock.getAttribute("data-clock-start"), 10)) / 1000;
        left = Math.max(0, Math.ceil(left - since));
      }
      var shown = clock.querySelector(".clock-time");
      if (shown && shown.textContent !== text(left)) shown.textContent = text(left);
      var over = clock.querySelector(".clock-up");
      if (over) over.hidden = left > 0;
      clock.classList.toggle("is-up", left === 0);
      if (left === 0) up = true;
    }
    var prompts = document.querySelectorAll("[data-clock-up]");
    for (var k = 0; k < prompts.length; k++) prompts[k].hidden = !up;
  }

  // When time is called (or the round's clock goes: the round closed), a table's page says so:
  // it is fetched as it is now and its words about the round (the elements marked
  // data-round-part: "Time is called…", the line saying how the game ends, the rules line) are
  // put in place of the old ones. Nothing else moves: the taps on the hand form stay as they are.
  var said = false;
  function sayWhatTheRoundIs() {
    var parts = document.querySelectorAll("[data-round-part]");
    if (said || !parts.length || !window.DOMParser) return;
    said = true;
    fetch(window.location.href.split("#")[0], { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { said = false; return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        for (var i = 0; i < parts.length; i++) {
          var part = parts[i], now = part.id && fresh.getElementById(part.id);
          if (!now) continue;
          if (part.innerHTML !== now.innerHTML) part.innerHTML = now.innerHTML;
          part.hidden = now.hidden;
        }
      })
      .catch(function () { said = false; /* offline: asked again at the next poll */ });
  }

  // A page that stays open asks for the clock as it is (data-clock-url), at once and every
  // data-clock-poll seconds (15 by default): a table's phone, which does not reload when the
  // director pauses, extends or stops the clock between hands, and the projector, which
  // reloads only at its next screen. The answer is read when the page asks, never held, so
  // the clock follows the console within one poll.
  function poll() {
    if (document.hidden || !window.fetch) return;
    var polled = document.querySelectorAll("[data-clock-url]");
    for (var i = 0; i < polled.length; i++) (function (clock) {
      fetch(clock.getAttribute("data-clock-url"), { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (now) {
          if (!now || String(now.round) !== clock.getAttribute("data-clock-round")) return;
          if (now.called) sayWhatTheRoundIs();
          if (!clock.hasAttribute("data-clock-left")) return; // no clock: only the words
          if (now.left === null) {
            clock.hidden = true;
            sayWhatTheRoundIs();
            return;
          }
          clock.hidden = false;
          clock.setAttribute("data-clock-left", String(now.left));
          clock.setAttribute("data-clock-start", String(Date.now()));
          if (now.paused) clock.setAttribute("data-clock-paused", "1");
          else clock.removeAttribute("data-clock-paused");
          clock.classList.toggle("is-paused", !!now.paused);
          var note = clock.querySelector(".clock-note");
          if (note) note.hidden = !now.paused;
          tick();
        })
        .catch(function () { /* offline: the count goes on */ });
    })(polled[i]);
  }

  tick();
  window.setInterval(tick, 1000);
  var polled = document.querySelector("[data-clock-url]");
  if (polled) {
    poll();
    window.setInterval(poll, (parseInt(polled.getAttribute("data-clock-poll"), 10) || 15) * 1000);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  }
})();
