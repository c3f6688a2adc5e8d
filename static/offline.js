/* Hands entered without a network (loaded by game.js only on a page opened offline from sw.js's
   copy, or while this phone keeps hands not sent yet). Each hand typed offline is kept in this
   phone's localStorage ("kept /g/<token>"), in order, with its one-time submission id. Back
   online, they go to the server one after the other, each with the version the previous save
   produced (the first with the version its page was read at): a hand the server already has
   answers "already saved" and counts as sent; a hand refused (the game moved on on another phone,
   or the engine refused it) is shown with what was typed, never dropped, and so are the hands
   typed after it. A send the server does not answer (the answer lost, the server busy) is tried
   again by itself, sooner with "Send now". Once all are sent, the page reloads with the server's
   totals and says how many kept hands went. A refused hand entered again leaves the list once
   that save is saved.

   On the kept page, each next hand's form is the next hand's: its number, who deals and bids
   first, the bid pads in the new bidding order; the notes that depend on the totals (blind bids
   open only when behind) say that the server checks them; Undo takes back the last hand kept
   on this phone, its taps back on the form. */
(() => {
  "use strict";
  const path = location.pathname, key = "kept " + path, form = document.getElementById("hand");
  const offline = document.body.dataset.offline !== undefined;
  const pageVersion = document.getElementById("now").dataset.version; // the page's, as last seen
  const again = new URLSearchParams(location.search).get("again");
  const load = () => JSON.parse(localStorage[key] || '{"q":[],"refused":[]}');
  const store = (d) => {
    if (d.q.length || d.refused.length || d.sent) localStorage[key] = JSON.stringify(d);
    else delete localStorage[key];
  };
  const own = /^(csrf_token|version|submission|hand_no)$/; // a form's own fields, not what was typed
  const idOf = (h) => (h.f.find((f) => f[0] === "submission") || [])[1];
  const plural = (n, what) => n + " " + what + (n === 1 ? "" : "s");
  const box = document.createElement("div");
  box.className = "flash offline";
  box.setAttribute("role", "status");
  document.getElementById("now").before(box);
  const line = (text, tag) => {
    const p = document.createElement(tag || "p");
    p.textContent = text;
    box.appendChild(p);
    return p;
  };
  let sending = false, stuck = false, wait = 2000, timer = null, arrived;
  const show = (note) => {
    const d = load();
    box.textContent = "";
    if (offline && !navigator.onLine) {
      line("Offline: the sheet as last seen.", "strong");
      line("Hands you save now are kept on this phone, in order, and sent when the network is back; the totals follow then.");
    } else if (offline) {
      line("The network is back: the sheet below is as last seen until the kept hands are sent.", "strong");
    }
    if (note) line(note);
    if (d.sent && !d.q.length && !offline) {
      line(plural(d.sent, "hand") + " kept on this phone " + (d.sent === 1 ? "was" : "were") + " sent: the totals below count " + (d.sent === 1 ? "it." : "them."));
      delete d.sent;
      store(d);
    } else if (d.sent) {
      line(plural(d.sent, "hand") + " kept on this phone sent so far.");
    }
    if (d.q.length) {
      line(plural(d.q.length, "hand") + " kept on this phone, not sent yet:");
      const ul = document.createElement("ul");
      d.q.forEach((h) => { const li = document.createElement("li"); li.textContent = "Hand " + h.n + ": " + h.t; ul.appendChild(li); });
      box.appendChild(ul);
      if (sending) line("Sending them now\u2026");
      else if (stuck && navigator.onLine) {
        const p = line("The server did not answer: the phone tries again by itself. ");
        const now = document.createElement("button");
        now.type = "button";
        now.className = "secondary";
        now.textContent = "Send now";
        now.onclick = () => { wait = 2000; send(); };
        p.appendChild(now);
      }
    }
    d.refused.forEach((h, i) => {
      const p = line("Not saved, hand " + h.n + " as typed: " + h.t + ". " + h.why + " ");
      p.className = "error";
      if (again && again === idOf(h)) {
        p.append("It is on the form below: when it is saved, it leaves this list.");
      } else {
        const link = document.createElement("a");
        const typed = h.f.filter((f) => !own.test(f[0]));
        link.href = path + "?step=both&" + new URLSearchParams(typed.concat([["again", idOf(h)]])) + "#hand";
        link.textContent = "Enter it again";
        p.appendChild(link);
      }
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "secondary";
      drop.textContent = "Forget it";
      drop.onclick = () => { const e = load(); e.refused.splice(i, 1); store(e); show(); };
      p.append(" ", drop);
    });
    box.hidden = !box.firstChild;
  };
  // A refused hand entered again, saved: it leaves the list (else a second tap adds it twice).
  if (again && form) {
    form.addEventListener("saved", () => {
      const d = load();
      d.refused = d.refused.filter((h) => idOf(h) !== again);
      store(d);
    });
  }
  // What a hand says, in words: each tapped pad's legend and key ("Bob's bid 3, ...").
  const words = () => all(".pad").filter((p) => !p.hidden && p.querySelector(":checked") && p.querySelector(":checked").value).map((p) =>
    p.querySelector("legend").firstChild.textContent.trim() + " " + p.querySelector(":checked").value).join(", ");
  const all = (sel) => [].slice.call(form.querySelectorAll(sel));
  const tapped = () => all("input[type=radio], input[type=text]").some((i) => (i.type === "radio" ? i.checked && !i.defaultChecked : i.value !== i.defaultValue));
  const id = () => btoa(String.fromCharCode.apply(null, crypto.getRandomValues(new Uint8Array(12)))).replace(/\+/g, "-").replace(/\//g, "_");
  if (offline && form && form.method === "post" && form.querySelector("[name=hand_no]")) {
    const first = +form.hand_no.value, deal = form.querySelector(".deal");
    const contracts = form.querySelector(".contracts");
    // The bid pads (those before the contracts line): a player's own, or a side's (no seat).
    const bidPads = contracts ? all(".pad").filter((p) => p.compareDocumentPosition(contracts) & Node.DOCUMENT_POSITION_FOLLOWING) : [];
    // Who sits where, from the pads' legends ("Ann's bid", "Ann's nil", "Ann's tricks").
    const seats = [];
    all(".pad[data-seat]").forEach((p) => {
      const m = /^(.*)'s (bid|nil|tricks)$/.exec(p.querySelector("legend").firstChild.textContent.trim());
      if (m) seats[+p.dataset.seat] = { side: p.dataset.side, name: m[1] };
    });
    const dealtBy = deal && deal.querySelector("b") ? deal.querySelector("b").textContent : null;
    const dealer = seats.findIndex((s) => s && s.name === dealtBy);
    const known = dealer >= 0 && seats.every((s) => s) && seats.length > 1;
    const standing = all("form > p.hint").filter((p) => bidPads.length && p.compareDocumentPosition(bidPads[0]) & Node.DOCUMENT_POSITION_FOLLOWING);
    const laterNote = document.createElement("p");
    laterNote.className = "hint";
    laterNote.textContent = "Whether a side may bid blind depends on the totals after the hands kept on this phone: the server checks it when they are sent.";
    if (standing.length) standing[standing.length - 1].after(laterNote);
    // Hand n's dealer and bidding order: the kept page's, moved on one seat a hand.
    const order = (n) => {
      const k = n - first;
      standing.forEach((p) => { p.hidden = k > 0; });
      laterNote.hidden = !k || !standing.length;
      if (!known) {
        if (deal) deal.textContent = "The next player round the table deals.";
        return;
      }
      const count = seats.length, at = (dealer + k) % count, bidder = (at + 1) % count;
      if (deal) {
        deal.textContent = "";
        const b1 = document.createElement("b"), b2 = document.createElement("b");
        b1.textContent = seats[at].name;
        b2.textContent = seats[bidder].name;
        deal.append(b1, " deals, ", b2, " bids first.");
      }
      const sides = new Set(), placed = [];
      for (let i = 0; i < count; i++) {
        const seat = (bidder + i) % count, side = seats[seat].side;
        if (!sides.has(side)) {
          sides.add(side);
          placed.push(...bidPads.filter((p) => p.dataset.seat === undefined && p.dataset.side === side));
        }
        placed.push(...bidPads.filter((p) => p.dataset.seat === String(seat)));
      }
      placed.push(...bidPads.filter((p) => placed.indexOf(p) < 0));
      placed.forEach((p) => contracts.before(p));
    };
    const undo = document.querySelector('form[action$="/undo"] button'), redo = document.querySelector('form[action$="/redo"]');
    const undoText = undo && undo.textContent, misdeal = document.querySelector('a[href$="/hands/misdeal"]');
    const label = () => {
      const q = load().q;
      if (undo) undo.textContent = q.length ? "Undo: hand " + q[q.length - 1].n + ", kept on this phone" : undoText;
      if (redo) redo.hidden = q.length > 0;
    };
    // The form for hand n: cleared (or filled with what a taken-back hand held), and a new
    // one-time id (this page is a kept copy: its own id may be one a kept hand already carries).
    const next = (n, fields) => {
      all("input[type=radio]").forEach((i) => { i.checked = i.defaultChecked; });
      all("input[type=text]").forEach((i) => { i.value = i.defaultValue; });
      (fields || []).filter((f) => !own.test(f[0])).forEach((f) => {
        all("input").filter((i) => i.name === f[0]).forEach((i) => {
          if (i.type === "radio") i.checked = i.value === f[1]; else i.value = f[1];
        });
      });
      form.submission.value = id();
      order(n);
      if (misdeal) misdeal.textContent = "Misdeal: void hand " + n + "\u2026";
      label();
      form.dispatchEvent(new Event("change", { bubbles: true }));
      form.tricks(null);
      if (n === +form.hand_no.value) return;
      form.hand_no.value = n;
      form.querySelector("h2").textContent = "Hand " + n + ": bids and tricks";
      form.querySelector("[type=submit]").textContent = "Save hand " + n;
    };
    // The next hand's form, with what in-progress.js put back on it, or what was tapped on the
    // server's form of this hand when the network went (game.js hands it over).
    const kept = load().q;
    let handed = null;
    try {
      handed = JSON.parse(sessionStorage["offline hand " + path] || "null");
      sessionStorage.removeItem("offline hand " + path);
    } catch (e) { /* refused: nothing handed */ }
    const fresh = handed && !kept.length && handed.v === pageVersion && handed.n === String(first);
    next(kept.length ? kept[kept.length - 1].n + 1 : first, fresh ? handed.f : [...new FormData(form)]);
    if (fresh) { // why the form changed, where the page opens
      arrived = "The network went in the middle of hand " + first + ": it goes on here, what you tapped on the form below.";
      addEventListener("load", () => box.scrollIntoView({ block: "start" }));
    }
    form.keep = () => {
      if (!form.ok) return form.tricks(null);
      const d = load(), n = +form.hand_no.value;
      d.q.push({ n: n, t: words(), f: [...new FormData(form)] });
      store(d);
      next(n + 1);
      show("Hand " + n + " kept on this phone.");
      box.scrollIntoView({ block: "nearest" });
      send();
    };
    if (undo) {
      undo.form.addEventListener("submit", (e) => {
        const d = load();
        if (!d.q.length || sending) return; // nothing kept: the server's Undo (needs the network)
        e.preventDefault();
        const h = d.q.pop();
        store(d);
        next(h.n, h.f);
        show("Hand " + h.n + " taken back: it is on the form again, to fix or to forget.");
        form.scrollIntoView({ block: "start" });
      });
    }
  }
  const send = async () => {
    clearTimeout(timer);
    timer = null;
    let d = load();
    if (sending || !navigator.onLine) return;
    if (!d.q.length) { // nothing to send: a kept copy shown while the server answers again
      if (offline) timer = setTimeout(() => fetch(path + "/version", { cache: "no-store" }).then((r) => r.ok && location.reload(), send), wait);
      wait = Math.min(wait * 2, 60000);
      return;
    }
    sending = true;
    stuck = false;
    show();
    let from = null, version = null;
    try {
      const now = await (await fetch(path + "/version", { cache: "no-store" })).json();
      from = version = d.q[0].f.find((f) => f[0] === "version")[1];
      while (d.q.length) {
        const h = d.q[0], body = new FormData();
        h.f.forEach((f) => body.append(f[0], f[0] === "version" ? version : f[0] === "csrf_token" ? now.csrf : f[1]));
        const r = await fetch(path + "/hands", { method: "POST", body: body });
        if (r.ok && r.redirected) { // saved, or saved before ("already saved"): sent
          version = r.headers.get("X-Game-Version");
          d.q.shift();
          d.sent = (d.sent || 0) + 1;
        } else if (r.status === 409 || r.status === 422 || r.status === 410) {
          const why = r.status === 409 ? "The game moved on on another phone." : r.status === 410 ? "The game was deleted." : "The server refused it.";
          d.refused = d.refused.concat(d.q.map((x) => Object.assign(x, { why: why })));
          d.q = [];
        } else { // busy: the rest wait
          stuck = true;
          break;
        }
        store(d);
      }
    } catch (e) { stuck = true; } // the network again, or the answer lost: tried again below
    sending = false;
    d = load();
    if (!d.q.length && (offline || !d.refused.length)) { // the server's sheet (the refused on it)
      if (offline && form && !d.refused.length && tapped()) {
        // a hand on the form (taken back with Undo, or begun): the next hand now, on the
        // server's form with every pad, as in-progress.js puts it back there
        form.dispatchEvent(new CustomEvent("moved", { detail: { from: from, to: version, at: "?step=both" } }));
        return location.replace(path + "?step=both#hand");
      }
      if (location.search) return location.replace(path);
      return location.reload();
    }
    if (stuck && d.q.length && navigator.onLine) {
      timer = setTimeout(send, wait);
      wait = Math.min(wait * 2, 60000);
    }
    show();
  };
  addEventListener("online", () => { wait = 2000; send(); });
  addEventListener("offline", () => show());
  show(arrived);
  send();
})();
