/* Spades Scorekeeper, the game page; progressive enhancement only (all works without it).
   Hand form: each side's contract and the trick count show as you tap, the last side's
   tricks fill themselves in, a nil bidder's own tricks pad shows only after a nil bid.
   Sheet: tap anywhere on a hand's row to open it. */
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
    var N = +form.dataset.tricks, bids = all(".pad.bid, .pad.nil", form);
    var units = all(".pad.tricks:not(.nil-only)", form), nilPads = all(".nil-only", form);
    var auto = null; // the pad filled in for the user, until they tap it themselves
    var contracts = function () {
      all("output[id^=contract-]", form).forEach(function (out) {
        var side = out.id.slice(9), sum = 0, blind = "", nils = [], any = false;
        bids.forEach(function (pad) {
          var v = pad.dataset.side === side ? val(pad.dataset.name) : "";
          if (isNil(v)) nils.push("nil");
          else if (v) {
            any = true;
            if (v.indexOf("blind") === 0) { blind = "B"; v = v.slice(6); }
            sum += +v;
          }
        });
        out.textContent = (any ? [blind + sum] : []).concat(nils).join(" + ") || "\u2013";
      });
      var shown = 0;
      nilPads.forEach(function (pad) {
        var team = pad.hasAttribute("data-any") && bids.some(function (b) {
          return b.dataset.side === pad.dataset.side && isNil(val(b.dataset.name));
        });
        pad.hidden = !(isNil(val("bid-" + pad.dataset.seat)) || team);
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
      out.parentNode.lastChild.textContent = " of " + N + (wrong ? ": they must add up to " + N : "");
    };
    form.addEventListener("change", function (e) {
      var pad = e.target.closest(".pad");
      if (pad && units.indexOf(pad) >= 0) tricks(pad); else contracts();
    });
    contracts(); tricks(null);
  }

  all("table.sheet tbody tr").forEach(function (row) {
    var link = row.querySelector("th a");
    if (link) row.addEventListener("click", function (e) { if (!e.target.closest("a")) link.click(); });
  });

})();
