/* A sheet wider than the phone says that it scrolls sideways: the hint (.scroll-hint, sent
   hidden) shows while the sheet (.sheet-wrap) is wider than its box, and follows a turn of the
   phone. One piece for the pages that show a sheet: the game page and the read-only sheet. */
(function () {
  "use strict";
  var wrap = document.querySelector(".sheet-wrap"), hint = document.querySelector(".scroll-hint");
  if (!wrap || !hint) return;
  var scrolls = function () { hint.hidden = wrap.scrollWidth <= wrap.clientWidth; };
  scrolls();
  addEventListener("resize", scrolls);
})();
