/* The public pages, live (templates/club_night/public*.html), on the poll static/live.js keeps:
   when the event's version moved it fetches this page again (the server keeps it rendered for
   that version, gzip-compressed, and answers 304 for what the browser already has) and puts its
   live parts (the elements marked data-live: the round with its clock and tables, the
   standings) in place of the old ones, leaving the rest as it is: the place on the page, a name
   being typed in "Find your table". Without JavaScript the page has a Refresh link. */
(function () {
  "use strict";
  var box = document.getElementById("public-live");
  if (!box || !window.spadesLive) return;

  window.spadesLive(box, {
    seconds: box.getAttribute("data-refresh-seconds"),
    cache: "no-cache",
    url: function () { return window.location.href.split("#")[0]; },
    put: function (fresh) {
      var next = fresh.getElementById("public-live");
      if (!next) return null;
      document.querySelectorAll("[data-live]").forEach(function (part) {
        var now = part.id && fresh.getElementById(part.id);
        if (now && part.innerHTML !== now.innerHTML) part.innerHTML = now.innerHTML;
      });
      var version = next.getAttribute("data-version");
      box.setAttribute("data-version", version);
      return version;
    }
  });
})();
