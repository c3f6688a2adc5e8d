/* Pages that show games without changing them (the read-only sheet, the home page's list):
   the read-only sheet reloads itself when it changes (it asks every few seconds while on
   screen; without JavaScript it has a Refresh link), a hand's row tapped shows why it scored,
   and times show in the viewer's own time zone (the UTC text is the fallback). */
(function () {
  "use strict";
  var live = document.getElementById("live-sheet");
  if (live && window.fetch) {
    var url = live.dataset.versionUrl, seen = live.dataset.version;
    var every = (+live.dataset.refreshSeconds || 2) * 1000, timer = null;
    var check = function () {
      timer = null;
      fetch(url, { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && String(data.version) !== seen) location.reload(); else schedule();
        })
        .catch(schedule);
    };
    var schedule = function () {
      if (!document.hidden && timer === null) timer = setTimeout(check, every);
    };
    document.addEventListener("visibilitychange", function () {
      clearTimeout(timer);
      timer = null;
      if (!document.hidden) check(); // back on screen: catch up at once
    });
    schedule();
  }
  // A hand's row, tapped anywhere: its number's link (why it scored so), as on the game page.
  [].forEach.call(document.querySelectorAll("table.sheet tbody tr"), function (row) {
    var link = row.querySelector("th a");
    if (link) row.addEventListener("click", function (e) { if (!e.target.closest("a")) link.click(); });
  });
  [].forEach.call(document.querySelectorAll("time[datetime]"), function (t) {
    var when = new Date(t.getAttribute("datetime"));
    if (!isNaN(when)) t.textContent = when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  });
})();
