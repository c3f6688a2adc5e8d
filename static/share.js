/* In words: scorekeeper/web/share.py */
(() => {
	"use strict";
	const all = (sel) => [...document.querySelectorAll(sel)];
	const say = (el, text) => {
		const box = el.closest(".share-link"), status = box && box.querySelector(".copy-status");
		if (status) status.textContent = text;
	};
	all(".js-copy").forEach((button) => {
		const input = document.getElementById(button.dataset.copyTarget);
		if (!input) return;
		button.hidden = false;
		const fallback = () => {
			input.select();
			try { if (document.execCommand("copy")) return say(button, "Link copied."); } catch (e) {}
			say(button, "Selected: copy it with your phone's menu.");
		};
		button.addEventListener("click", () => {
			if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(input.value).then(() => say(button, "Link copied."), fallback);
			else fallback();
		});
	});
	if (navigator.share) all(".js-share").forEach((button) => {
		button.hidden = false;
		button.addEventListener("click", () => navigator.share({ title: button.dataset.shareTitle || document.title,
			url: document.getElementById("share-url").value }).catch(() => {}));
	});
	all("input.share-url").forEach((input) => input.addEventListener("focus", () => input.select()));
})();
