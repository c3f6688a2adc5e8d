/* The projector page: one screen at a time, the next every few seconds (data-seconds), the
   clock kept current, and the event's version polled (data-poll-seconds): when it moves, the
   page reloads at the next screen (at once while paused) and carries on from there. The round
   clock asks for itself (static/clock.js), so a pause on the console shows within one poll.
   Space, or the button at the foot of the page, pauses the rotation (never the round's clock);
   the arrow keys step. Without JavaScript every screen shows with a Refresh link. */
(function () {
  "use strict";
  var box = document.getElementById("pj");
  if (!box) return;
  var screens = box.querySelectorAll(".pj-screen");
  if (!screens.length) return;
  var every = (parseInt(box.getAttribute("data-seconds"), 10) || 13) * 1000;
  var poll = (parseInt(box.getAttribute("data-poll-seconds"), 10) || 5) * 1000;
  var pause = document.getElementById("pj-pause");
  var key = "projector:" + window.location.pathname;
  var index = 0;
  var timer = null;
  var paused = false;
  var stale = false;

  function remembered() {
    try { return parseInt(window.sessionStorage.getItem(key), 10) || 0; } catch (e) { return 0; }
  }
  function remember(i) {
    try { window.sessionStorage.setItem(key, String(i)); } catch (e) { /* private mode */ }
  }

  // Each name on one line in the largest type that fits its box (down to 55%), wrapped only
  // past that: never cut with "…" while the screen has room for it.
  function fit(root) {
    var names = root.querySelectorAll("h1, .pj-standings tbody th, .pj-name, .pj-step-name");
    for (var k = 0; k < names.length; k++) {
      var el = names[k];
      el.style.fontSize = "";
      el.classList.remove("is-wrapped");
      if (!el.clientWidth || el.scrollWidth <= el.clientWidth) continue;
      var size = parseFloat(window.getComputedStyle(el).fontSize);
      var scale = Math.max(0.55, Math.floor((el.clientWidth / el.scrollWidth) * 100) / 100);
      el.style.fontSize = (size * scale) + "px";
      if (el.scrollWidth > el.clientWidth) el.classList.add("is-wrapped");
    }
  }

  // A screen taller than the room left (long names wrapped on the podium) is scaled down
  // whole, so nothing falls off the bottom of the screen.
  function shrink(screen) {
    screen.style.transform = "";
    var r = screen.getBoundingClientRect();
    var room = box.getBoundingClientRect().bottom - r.top;
    if (r.height > room && room > 0) {
      screen.style.transformOrigin = "top center";
      screen.style.transform = "scale(" + (Math.floor((room / r.height) * 100) / 100) + ")";
    }
  }

  function show(i) {
    index = (i + screens.length) % screens.length;
    for (var k = 0; k < screens.length; k++) screens[k].classList.toggle("is-shown", k === index);
    fit(screens[index]);
    shrink(screens[index]);
    box.setAttribute("data-showing", screens[index].getAttribute("data-kind"));
    box.setAttribute("data-screen", String(index + 1));
    remember(index);
  }
  function step(by) {
    if (stale) {
      remember((index + by + screens.length) % screens.length);
      window.location.reload();
      return;
    }
    show(index + by);
    schedule();
  }
  function schedule() {
    if (timer !== null) window.clearTimeout(timer);
    timer = paused ? null : window.setTimeout(function () { step(1); }, every);
  }
  // Paused, the rotation stays paused through the page's reloads (a new version shows at once).
  function setPaused(on) {
    paused = on;
    try { window.sessionStorage.setItem(key + ":paused", on ? "1" : ""); } catch (e) { /* private */ }
    if (pause) pause.textContent = (on ? "Resume" : "Pause") + " the screens' rotation";
    if (on && stale) window.location.reload();
    schedule();
  }

  function check() {
    if (document.hidden || !window.fetch) return;
    var offline = document.getElementById("pj-offline");
    fetch(box.getAttribute("data-version-url"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (offline) offline.hidden = data !== null;
        if (data && String(data.version) !== box.getAttribute("data-version")) {
          stale = true;
          if (paused || screens.length === 1) window.location.reload();
        }
      })
      .catch(function () { if (offline) offline.hidden = false; });
  }

  function tick() {
    var clock = document.getElementById("pj-clock");
    var now = new Date();
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    if (clock) clock.textContent = two(now.getHours()) + ":" + two(now.getMinutes());
  }

  document.documentElement.classList.add("pj-cycling");
  fit(document.querySelector(".pj-top"));
  show(remembered());
  try { paused = window.sessionStorage.getItem(key + ":paused") === "1"; } catch (e) { /* private */ }
  setPaused(paused);
  tick();
  window.setInterval(tick, 10000);
  window.setInterval(check, poll);
  if (pause) {
    document.getElementById("pj-controls").hidden = false;
    pause.addEventListener("click", function () { setPaused(!paused); });
  }
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") step(1);
    else if (e.key === "ArrowLeft") step(-1);
    else if (e.key === " " && e.target === document.body) {
      e.preventDefault();
      setPaused(!paused);
    }
  });
})();
