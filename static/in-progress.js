/* In words: scorekeeper/web/offline.py */
(() => {
	"use strict";
	const form = document.getElementById("hand"), now = document.getElementById("now");
	let ls, a = 7, z = 11, me = Math.random();
	try { ls = localStorage; ls.length; } catch (e) { return; } // storage refused: as before
	if (!form || !now) return;
	for (const c of location.pathname) { a = Math.imul(a ^ c.charCodeAt(0), 2654435761); z = Math.imul(z ^ c.charCodeAt(0), 1597334677); }
	const key = "hand " + (a >>> 0).toString(36) + (z >>> 0).toString(36), v = now.dataset.version; // not the token
	const at = location.search.replace(/[?&]again=[^&]*/, "");
	const read = (k) => { try { return JSON.parse(ls.getItem(k)) || {}; } catch (e) { return {}; } };
	const tidy = (all) => {
		const ours = [];
		for (let i = 0; i < ls.length; i++) if (/^hand /.test(ls.key(i))) ours.push(ls.key(i));
		ours.map((k) => [k, read(k).s || 0]).sort((x, y) => y[1] - x[1]).forEach((e, i) => {
			if (all ? e[0] !== key : i > 19 || Date.now() - e[1] > 864e5) ls.removeItem(e[0]);
		});
	};
	const inputs = () => [...form.querySelectorAll("input[type=radio], input[type=text]")];
	tidy();
	const d = read(key), o = "hand " + location.pathname;
	try { // as kept in the tab before: read once
		const ss = sessionStorage, f = (h) => ((h.at = h.at.slice(o.length - 5)), (h.id = Math.random()), h);
		if (!ls.getItem(key)) Object.assign(d, { s: Date.now(), n: ss[o] && f(JSON.parse(ss[o])), k: JSON.parse(ss[o + " kept"] || "[]").map(f) });
		ss.removeItem(o);
		ss.removeItem(o + " kept");
	} catch (e) { /* refused */ }
	const mine = d.n;
	let held = d.k || [], cur = null, s = d.s;
	const save = () => {
		const t = JSON.stringify({ s: s, n: cur, k: held });
		if (!cur && !held.length) return ls.removeItem(key);
		try { ls.setItem(key, t); } catch (e) { try { tidy(1); ls.setItem(key, t); } catch (e2) { /* full: unkept */ } }
	};
	const other = () => { // what other tabs of this game left: theirs, not this page's
		const o = read(key);
		held = (o.k || []).filter((h) => h.id !== me);
		s = o.s;
		return o.n && o.n.id !== me ? o.n : null;
	};
	const forget = () => { cur = other(); save(); };
	const keep = () => {
		const t = inputs().filter((i) => (i.type === "radio" ? i.checked && !i.defaultChecked : i.value !== i.defaultValue));
		const said = (i) => (i.closest("fieldset") ? i.closest("fieldset").querySelector("legend") : form.querySelector('label[for="' + i.id + '"]'));
		const f = t.map((i) => [i.name, i.value]), n = other();
		if (n) { // another tab's taps, replaced (the last tap wins): kept to put back
			held = held.filter((h) => h.id !== n.id);
			if (!n.f.every((x) => f.some((y) => y + "" === x + ""))) held.push(n);
		}
		s = Date.now();
		cur = t.length ? { id: me, at: at, v: v, h: form.querySelector("h2").textContent, f: f,
			t: t.map((i) => said(i).firstChild.textContent.trim() + " " + (i.value || "none")).join(", ") } : null;
		save();
	};
	const put = (f) => f.forEach((x) => inputs().filter((i) => i.name === x[0]).forEach((i) => {
		if (i.type === "radio") i.checked = i.value === x[1]; else i.value = x[1];
	}));
	if (mine && !form.querySelector(".error[role=alert]:not(.retry)")) { // else the server's answer: what was sent
		if (mine.at === at && mine.v === v) { put(mine.f); cur = mine; me = mine.id; } // a reload, or the link again
		else held.push(mine);
	}
	const box = document.createElement("div");
	box.className = "flash kept-hand";
	box.setAttribute("role", "status");
	form.querySelector("h2").after(box);
	const show = () => {
		save();
		box.textContent = "";
		box.hidden = !held.length;
		held.forEach((h) => {
			const p = document.createElement("p"), b = (act) => {
				const e = document.createElement("button");
				e.type = "button";
				e.className = "secondary";
				e.textContent = act ? "Put it back on the form" : "Forget it";
				e.onclick = () => {
					const o = read(key); // as other tabs left it
					held = (o.k || []).filter((x) => x.id !== h.id);
					if (o.n && o.n.id !== me) cur = o.n;
					save();
					if (act) act();
					show();
				};
				p.append(" ", e);
			};
			p.textContent = "Not saved: " + h.h + ", as tapped here before the page changed: " + h.t + ". " + (h.v === v ? "" :
				"The game has moved on since (a hand was saved, maybe on another phone): check the sheet before you use it.");
			if (h.f.some((x) => inputs().some((i) => i.name === x[0]))) b(() => {
				put(h.f);
				form.dispatchEvent(new Event("change", { bubbles: true }));
				if (form.tricks && form.querySelector("#trick-sum")) form.tricks(null);
			});
			else if (h.v === v) b(() => { cur = h; me = h.id; save(); location.assign(location.pathname + h.at.replace(/^&/, "?")); });
			b();
			box.appendChild(p);
		});
	};
	show();
	form.addEventListener("change", keep);
	form.addEventListener("input", keep);
	form.addEventListener("saved", forget);
	form.addEventListener("handed", forget); // game.js: sent, or taken to the offline form
	// offline.js: this phone's kept hands moved the game on; the hand on the form is the next one
	form.addEventListener("moved", (e) => { if (cur && cur.v === e.detail.from) { cur.v = e.detail.to; cur.at = e.detail.at; save(); } });
	form.addEventListener("submit", () => { if (form.method === "get" && navigator.onLine) forget(); });
	const cancel = form.querySelector(".actions a");
	if (cancel) cancel.addEventListener("click", forget);
})();
