/* The one "the sheet scrolls sideways" hint of the game page and the read-only sheet:
   shown while the sheet is wider than its box (a turn of the phone included). */
(() => {
	"use strict";
	const wrap = document.querySelector(".sheet-wrap"), hint = document.querySelector(".scroll-hint");
	if (!wrap || !hint) return;
	const scrolls = () => { hint.hidden = wrap.scrollWidth <= wrap.clientWidth; };
	scrolls();
	addEventListener("resize", scrolls);
})();
