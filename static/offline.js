/* Hands entered without a network (loaded by game.js only on a page opened offline from sw.js's
   copy, or while this phone keeps hands not sent yet). Each hand typed offline is kept in this
   phone's localStorage ("kept /g/<token>"), in order, with its one-time submission id. Back
   online, they go to the server one after the other, each with the version the previous save
   produced (the first with the version its page was read at): a hand the server already has
   answers "already saved" and counts as sent; a hand refused (the game moved on on another phone,
   or the engine refused it) is shown with what was typed, never dropped, and so are the hands
   typed after it. Once all are sent, the page reloads with the server's totals. */
(() => {
  "use strict";
  const path = location.pathname, key = "kept " + path, form = document.getElementById("hand");
  const offline = document.body.dataset.offline !== undefined;
  const load = () => JSON.parse(localStorage[key] || '{"q":[],"refused":[]}');
  const store = (d) => {
    if (d.q.length || d.refused.length) localStorage[key] = JSON.stringify(d);
    else delete localStorage[key];
  };
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
  const show = (note) => {
    const d = load();
    box.textContent = "";
    if (offline) {
      line("Offline: the sheet as last seen.", "strong");
      line("Hands you save now are kept on this phone, in order, and sent when the network is back; the totals follow then.");
    }
    if (note) line(note);
    if (d.q.length) {
      line(d.q.length + " hand" + (d.q.length > 1 ? "s" : "") + " kept on this phone, not sent yet:");
      const ul = document.createElement("ul");
      d.q.forEach((h) => { const li = document.createElement("li"); li.textContent = "Hand " + h.n + ": " + h.t; ul.appendChild(li); });
      box.appendChild(ul);
    }
    d.refused.forEach((h, i) => {
      const p = line("Not saved, hand " + h.n + " as typed: " + h.t + ". " + h.why + " ");
      p.className = "error";
      const again = document.createElement("a");
      again.href = path + "?step=both&" + new URLSearchParams(h.f.filter((f) => !/^(csrf_token|version|submission|hand_no)$/.test(f[0]))) + "#hand";
      again.textContent = "Enter it again";
      p.appendChild(again);
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "secondary";
      drop.textContent = "Forget it";
      drop.onclick = () => { const e = load(); e.refused.splice(i, 1); store(e); show(); };
      p.append(" ", drop);
    });
    box.hidden = !box.firstChild;
  };
  // What a hand says, in words: each tapped pad's legend and key ("Bob's bid 3, ...").
  const words = () => all(".pad").filter((p) => !p.hidden && p.querySelector(":checked") && p.querySelector(":checked").value).map((p) =>
    p.querySelector("legend").firstChild.textContent.trim() + " " + p.querySelector(":checked").value).join(", ");
  const all = (sel) => [].slice.call(form.querySelectorAll(sel));
  const id = () => btoa(String.fromCharCode.apply(null, crypto.getRandomValues(new Uint8Array(12)))).replace(/\+/g, "-").replace(/\//g, "_");
  if (offline && form && form.method === "post" && form.querySelector("[name=hand_no]")) {
    // The form for hand n: cleared, and a new one-time id (this page is a kept copy: its own id
    // may be one a kept hand already carries).
    const next = (n) => {
      all("input[type=radio]").forEach((i) => { i.checked = i.defaultChecked; });
      all("input[type=text]").forEach((i) => { i.value = i.defaultValue; });
      form.submission.value = id();
      if (n === +form.hand_no.value) return;
      form.hand_no.value = n;
      form.querySelector("h2").textContent = "Hand " + n + ": bids and tricks";
      form.querySelector("[type=submit]").textContent = "Save hand " + n;
      const deal = form.querySelector(".deal");
      if (deal) deal.textContent = "The next player round the table deals.";
      form.dispatchEvent(new Event("change", { bubbles: true }));
      form.tricks(null);
    };
    const kept = load().q;
    next(kept.length ? kept[kept.length - 1].n + 1 : +form.hand_no.value);
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
  }
  let sending = false;
  const send = async () => {
    let d = load();
    if (sending || !d.q.length || !navigator.onLine) return;
    sending = true;
    try {
      const now = await (await fetch(path + "/version", { cache: "no-store" })).json();
      let version = d.q[0].f.find((f) => f[0] === "version")[1];
      while (d.q.length) {
        const h = d.q[0], body = new FormData();
        h.f.forEach((f) => body.append(f[0], f[0] === "version" ? version : f[0] === "csrf_token" ? now.csrf : f[1]));
        const r = await fetch(path + "/hands", { method: "POST", body: body });
        if (r.ok && r.redirected) { // saved, or saved before ("already saved"): sent
          version = r.headers.get("X-Game-Version");
          d.q.shift();
        } else if (r.status === 409 || r.status === 422 || r.status === 410) {
          const why = r.status === 409 ? "The game moved on on another phone." : r.status === 410 ? "The game was deleted." : "The server refused it.";
          d.refused = d.refused.concat(d.q.map((x) => Object.assign(x, { why: why })));
          d.q = [];
        } else break; // busy, or the network again: the rest wait
        store(d);
      }
    } catch (e) { /* the network again: kept, sent on the next "online" */ }
    sending = false;
    d = load();
    if (!d.q.length && (offline || !d.refused.length)) { // the server's sheet (the refused on it)
      if (location.search) return location.replace(path);
      return location.reload();
    }
    show();
  };
  addEventListener("online", send);
  show();
  send();
})();
