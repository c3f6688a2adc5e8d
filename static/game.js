/* The game page; all works without it. Only the tap completing the bids moves on to the
   tricks; the last side's tricks fill in; Save goes by fetch, so a lost connection keeps the
   taps and offers Retry (the same form: the server never adds a hand twice). */
(function () {
  "use strict";
  var all = function (sel, root) { return [].slice.call((root || document).querySelectorAll(sel)); };
  var val = function (name) {
    var input = document.querySelector('[name="' + name + '"]:checked, [type=hidden][name="' + name + '"]');
    return input ? input.value : "";
  };
  var isNil = function (v) { return v === "nil" || v === "blind nil"; };
  var form = document.getElementById("hand");
  if (form) {
    var N = +form.dataset.tricks, bids = all(".pad.bid, .pad.nil", form), post = form.method === "post";
    var units = all(".pad.tricks:not(.nil-only)", form), nilPads = all(".nil-only", form);
    var retry = form.querySelector(".retry"), auto = null; // auto: the pad filled in for the user
    var nils = function (side) { return bids.filter(function (b) { return b.dataset.side === side && isNil(val(b.dataset.name)); }); };
    var allBids = function () { // a team whose players all bid nil has no number to tap
      return bids.every(function (b) {
        var s = b.dataset.side, team = all('.pad.nil[data-side="' + s + '"]', form);
        return !b.classList.contains("bid") || val(b.dataset.name) || (team.length && nils(s).length === team.length);
      });
    };
    var contracts = function () {
      all("output[id^=contract-]", form).forEach(function (out) {
        var side = out.id.slice(9), sum = 0, blind = "", any = false;
        bids.forEach(function (pad) {
          var v = pad.dataset.side === side ? val(pad.dataset.name) : "";
          if (v && !isNil(v)) {
            any = true;
            if (v.indexOf("blind") === 0) { blind = "blind "; v = v.slice(6); }
            sum += +v;
          }
        });
        out.textContent = (any ? [blind + sum] : []).concat(nils(side).map(function () { return "nil"; })).join(" + ") || "\u2013";
      });
      var shown = 0;
      nilPads.forEach(function (pad) {
        pad.hidden = !(isNil(val("bid-" + pad.dataset.seat)) || (pad.hasAttribute("data-any") && nils(pad.dataset.side).length));
        shown += pad.hidden ? 0 : 1;
      });
      var box = form.querySelector(".nil-tricks");
      if (box) box.hidden = !shown;
    };
    var tricks = function (tapped) {
      if (tapped === auto) auto = null;
      var empty = [], sum = 0;
      units.forEach(function (pad) {
        var v = pad === auto ? "" : val(pad.dataset.name);
        if (v === "") empty.push(pad); else sum += +v;
      });
      if (empty.length === 1 && units.length > 1 && (!auto || empty[0] === auto)) {
        var key = empty[0].querySelector('input[value="' + (N - sum) + '"]');
        if (key) { key.checked = true; auto = empty[0]; sum = N; empty = []; }
        else if (auto) all("input", auto).forEach(function (i) { i.checked = false; });
      }
      var out = document.getElementById("trick-sum"), wrong = !empty.length && sum !== N;
      out.textContent = sum;
      out.parentNode.classList.toggle("bad", wrong);
      out.nextElementSibling.hidden = !wrong;
      if (tapped && !empty.length && !wrong) form.querySelector("[type=submit]").scrollIntoView({ block: "nearest" });
    };
    var complete = bids.length && allBids();
    form.addEventListener("change", function (e) {
      var pad = e.target.closest(".pad");
      if (units.indexOf(pad) >= 0) return tricks(pad);
      contracts();
      if (!post && !complete && (complete = allBids())) form.requestSubmit();
    });
    var unsent = function () {
      form.busy = retry.hidden = false;
      retry.scrollIntoView({ block: "nearest" });
    };
    form.addEventListener("submit", function (e) {
      var online = navigator.onLine;
      if (!online || post) e.preventDefault();
      if (!online) return unsent();
      if (!post || form.busy) return;
      form.busy = retry.hidden = true;
      // Saved: a redirect, not followed (its note is for the page). Refused: post it again.
      fetch(form.action, { method: "POST", body: new FormData(form), redirect: "manual" }).then(function (r) {
        var to = form.action.split("/hands")[0];
        if (r.type !== "opaqueredirect") return form.submit();
        if (to !== location.href.split("#")[0]) return location.assign(to + "#now");
        history.scrollRestoration = "manual"; // the same address: reload, from the top
        location.reload();
      }, unsent);
    });
    retry.querySelector("button").addEventListener("click", function () { form.requestSubmit(); });
    contracts();
    if (units.length) tricks(null);
  }
  all("table.sheet tbody tr").forEach(function (row) {
    var link = row.querySelector("th a");
    if (link) row.addEventListener("click", function (e) { if (!e.target.closest("a")) link.click(); });
  });
  var wrap = document.querySelector(".sheet-wrap"), hint = document.querySelector(".scroll-hint");
  var scrolls = function () { hint.hidden = wrap.scrollWidth <= wrap.clientWidth; };
  if (wrap && hint) { scrolls(); addEventListener("resize", scrolls); }
})();
