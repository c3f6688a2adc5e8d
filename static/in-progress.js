/* In words: scorekeeper/web/offline.py */
(() => {
	"use strict";
	const form = document.getElementById("hand"), now = document.getElementById("now");
	let ss;
	try { ss = sessionStorage; } catch (e) { return; } // storage refused: as before
	if (!form || !now) return;
	const key = "hand " + location.pathname, heldKey = key + " kept", v = now.dataset.version;
	const at = location.pathname + location.search.replace(/[?&]again=[^&]*/, "");
	const read = (k, none) => { try { return JSON.parse(ss[k]) || none; } catch (e) { return none; } };
	const inputs = () => [...form.querySelectorAll("input[type=radio], input[type=text]")];
	const forget = () => ss.removeItem(key);
	const keep = () => {
		const t = inputs().filter((i) => (i.type === "radio" ? i.checked && !i.defaultChecked : i.value !== i.defaultValue));
		const said = (i) => (i.closest("fieldset") ? i.closest("fieldset").querySelector("legend") : form.querySelector('label[for="' + i.id + '"]'));
		if (!t.length) return forget();
		ss[key] = JSON.stringify({ at: at, v: v, h: form.querySelector("h2").textContent, f: t.map((i) => [i.name, i.value]),
			t: t.map((i) => said(i).firstChild.textContent.trim() + " " + (i.value || "none")).join(", ") });
	};
	const put = (f) => f.forEach((x) => inputs().filter((i) => i.name === x[0]).forEach((i) => {
		if (i.type === "radio") i.checked = i.value === x[1]; else i.value = x[1];
	}));
	const held = read(heldKey, []), mine = read(key, null);
	if (mine && form.querySelector(".error[role=alert]:not(.retry)")) forget(); // the server's answer: what was sent
	else if (mine && mine.at === at && mine.v === v) put(mine.f); // a reload
	else if (mine) { held.push(mine); forget(); }
	const box = document.createElement("div");
	box.className = "flash kept-hand";
	box.setAttribute("role", "status");
	form.querySelector("h2").after(box);
	const show = () => {
		if (held.length) ss[heldKey] = JSON.stringify(held); else ss.removeItem(heldKey);
		box.textContent = "";
		box.hidden = !held.length;
		held.forEach((h, n) => {
			const p = document.createElement("p"), b = (text, act) => {
				const e = document.createElement("button");
				e.type = "button";
				e.className = "secondary";
				e.textContent = text;
				e.onclick = () => { held.splice(n, 1); act(); show(); };
				p.append(" ", e);
			};
			p.textContent = "Not saved: " + h.h + ", as tapped here before the page changed: " + h.t + ". " + (h.v === v ? "" :
				"The game has moved on since (a hand was saved, maybe on another phone): check the sheet before you use it.");
			if (h.f.some((x) => inputs().some((i) => i.name === x[0]))) b("Put it back on the form", () => {
				put(h.f);
				form.dispatchEvent(new Event("change", { bubbles: true }));
				if (form.tricks && form.querySelector("#trick-sum")) form.tricks(null);
			});
			b("Forget it", () => {});
			box.appendChild(p);
		});
	};
	show();
	form.addEventListener("change", keep);
	form.addEventListener("input", keep);
	form.addEventListener("saved", forget);
	form.addEventListener("submit", () => { if (form.method === "get" && navigator.onLine) forget(); });
	const cancel = form.querySelector(".actions a");
	if (cancel) cancel.addEventListener("click", forget);
})();
