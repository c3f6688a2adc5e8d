/* In words: scorekeeper/web/offline.py */
(() => {
	"use strict";
	const all = (sel, root) => [...(root || document).querySelectorAll(sel)];
	const val = (name) => {
		const input = document.querySelector('[name="' + name + '"]:checked, [type=hidden][name="' + name + '"]');
		return input ? input.value : "";
	};
	const isNil = (v) => v === "nil" || v === "blind nil";
	const form = document.getElementById("hand"), now = document.getElementById("now");
	if (form) {
		const N = +form.dataset.tricks, bids = all(".pad.bid, .pad.nil", form), post = form.method === "post";
		const units = all(".pad.tricks:not(.nil-only)", form), nilPads = all(".nil-only", form);
		const retry = form.querySelector(".retry");
		let auto = null; // the pad filled in
		const nils = (side) => bids.filter((b) => b.dataset.side === side && isNil(val(b.dataset.name)));
		const allBids = () => bids.every((b) => { // a team all nil has no number
			const s = b.dataset.side, team = all('.pad.nil[data-side="' + s + '"]', form);
			return !b.classList.contains("bid") || val(b.dataset.name) || (team.length && nils(s).length === team.length);
		});
		// Suicide: keys the partner's tap bars (data-bar) are greyed out
		const pairs = () => all(".pad[data-partner]", form).forEach((pad) => {
			const mate = val(pad.dataset.partner);
			all("input[data-bar]", pad).forEach((i) => { i.disabled = !i.checked && i.dataset.bar.split("|").indexOf(mate) >= 0; });
		});
		const contracts = () => {
			pairs();
			all("output[id^=contract-]", form).forEach((out) => {
				const side = out.id.slice(9);
				let sum = 0, blind = "", any = false;
				bids.forEach((pad) => {
					let v = pad.dataset.side === side ? val(pad.dataset.name) : "";
					if (v && !isNil(v)) {
						any = true;
						if (v.indexOf("blind no trump ") === 0) { blind = "blind no trump "; v = v.slice(15); }
						if (v.indexOf("blind ") === 0) { blind = "blind "; v = v.slice(6); }
						if (v.indexOf("no trump ") === 0) { blind = "no trump "; v = v.slice(9); }
						sum += +v;
					}
				});
				out.textContent = (any ? [blind + sum] : []).concat(nils(side).map(() => "nil")).join(" + ") || "\u2013";
			});
			let shown = 0;
			nilPads.forEach((pad) => {
				pad.hidden = !(isNil(val("bid-" + pad.dataset.seat)) || (pad.hasAttribute("data-any") && nils(pad.dataset.side).length));
				shown += pad.hidden ? 0 : 1;
			});
			const box = form.querySelector(".nil-tricks");
			if (box) box.hidden = !shown;
		};
		const tricks = (tapped) => {
			if (tapped === auto) auto = null;
			let empty = [], sum = 0;
			units.forEach((pad) => {
				const v = pad === auto ? "" : val(pad.dataset.name);
				if (v === "") empty.push(pad); else sum += +v;
			});
			if (empty.length === 1 && units.length > 1 && (!auto || empty[0] === auto)) {
				const key = empty[0].querySelector('input[value="' + (N - sum) + '"]');
				if (key) { key.checked = true; auto = empty[0]; sum = N; empty = []; }
				else if (auto) all("input", auto).forEach((i) => { i.checked = false; });
			}
			const out = document.getElementById("trick-sum"), wrong = !empty.length && sum !== N;
			out.textContent = sum;
			out.parentNode.hidden = false;
			out.parentNode.classList.toggle("bad", wrong);
			out.nextElementSibling.hidden = !wrong;
			form.ok = !empty.length && !wrong;
			if (tapped && form.ok) form.querySelector("[type=submit]").scrollIntoView({ block: "nearest" });
		};
		form.tricks = tricks;
		// An edit: the last side's count follows the others.
		const counts = units.map((p) => val(p.dataset.name));
		if (units.length > 1 && counts.every((v) => v) && counts.reduce((n, v) => n + +v, 0) === N) auto = units[units.length - 1];
		let complete = bids.length && allBids();
		form.addEventListener("change", (e) => {
			const pad = e.target.closest(".pad");
			if (units.indexOf(pad) >= 0) return tricks(pad);
			contracts();
			if (!post && !complete && (complete = allBids())) form.requestSubmit();
		});
		const unsent = (lost) => {
			form.busy = retry.hidden = false;
			if (lost) retry.firstChild.data = "No answer: the hand may be saved already. What you tapped is kept; a retry never saves it twice. ";
			retry.scrollIntoView({ block: "nearest" });
		};
		// Offline mid-hand: on to the phone's copy of the game page (sw.js), the taps handed over
		const game = new URL(form.action.split("/hands")[0].split(/[?#]/)[0], location.href).pathname, sw = navigator.serviceWorker;
		const goOffline = () => {
			if (!form.hand_no || !window.caches || !sw || !sw.controller) return unsent();
			caches.open("scorekeeper-pages-1").then((c) => c.match(game)).then((r) => { // sw.js PAGES
				const v = now && now.dataset.version, own = /^(csrf_token|version|submission|hand_no|step)$/;
				if (!r || r.headers.get("X-Game-Version") !== v) return unsent(); // a copy at this version
				sessionStorage["offline hand " + game] = JSON.stringify({ v: v, n: form.hand_no.value, f: [...new FormData(form)].filter((f) => !own.test(f[0])) });
				form.dispatchEvent(new Event("handed")); // in-progress.js: they go with the page
				history.scrollRestoration = "manual";
				if (location.pathname + location.search === game) location.reload(); else location.assign(game);
			}).catch(() => unsent());
		};
		form.addEventListener("submit", (e) => {
			const online = navigator.onLine;
			if (!online || post) e.preventDefault();
			if (form.keep) return form.keep(); // offline.js
			if (!online) return goOffline();
			if (!post || form.busy) return;
			form.busy = retry.hidden = true;
			// Saved: a redirect, not followed. Refused: post it again.
			fetch(form.action, { method: "POST", body: new FormData(form), redirect: "manual" }).then((r) => {
				const to = form.action.split("/hands")[0];
				if (r.type !== "opaqueredirect") return form.dispatchEvent(new Event("handed")), form.submit(); // refused: its answer has the taps
				form.dispatchEvent(new Event("saved"));
				if (to !== location.href.split("#")[0]) return location.assign(to + "#now");
				history.scrollRestoration = "manual"; // the same address: reload, from the top
				location.reload();
			}, unsent);
		});
		retry.querySelector("button").addEventListener("click", () => form.requestSubmit());
		contracts();
		if (units.length) tricks(null);
	}
	if (now) {
		const path = location.pathname, sw = navigator.serviceWorker, off = "offline" in document.body.dataset;
		const src = document.querySelector("script[src$='game.js']").src;
		// Back to a page kept alive: reloaded if the game moved on.
		addEventListener("pageshow", (e) => {
			if (!e.persisted) return;
			if (form) form.busy = false;
			fetch(path + "/version", { cache: "no-store" }).then((r) => r.json()).then((d) => {
				if (d.version !== +now.dataset.version) location.reload();
			}, () => {});
		});
		if (sw && !off) {
			sw.register(src.replace("static/game.js", "sw.js")).then(() => sw.ready).then((r) => r.active.postMessage({ keep: path, version: now.dataset.version }), () => {});
		}
		let kept;
		try { kept = localStorage["kept " + path]; } catch (e) { /* storage refused: nothing kept */ }
		if (off || kept) {
			const s = document.createElement("script");
			s.src = src.replace("game.js", "offline.js");
			document.body.appendChild(s);
		}
	}
	all("table.sheet tbody tr").forEach((row) => {
		const link = row.querySelector("th a");
		if (link) row.addEventListener("click", (e) => { if (!e.target.closest("a")) link.click(); });
	});
})();
