/* Spades Scorekeeper: progressive enhancement for the new game page and the hand form.
   Everything works without it; with it the contracts and the trick count show as you tap,
   the last side's tricks fill themselves in, and a nil bidder's own tricks pad appears only
   when someone bids nil. */
(function () {
  "use strict";
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  function checked(name, root) {
    var input = (root || document).querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  /* --- the hand form --- */
  var form = document.getElementById("hand-form");
  if (form) {
    var total = parseInt(form.dataset.tricks, 10);
    var nSides = parseInt(form.dataset.sides, 10);
    var bidPads = $$(".pad.bid, .pad.nil", form);
    var unitPads = $$(".pad.tricks:not(.nil-only)", form);
    var nilPads = $$(".pad.nil-only", form);
    var auto = null; // the pad whose value was filled in for the user

    var isNil = function (v) { return v === "nil" || v === "blind nil"; };

    var contracts = function () {
      for (var j = 0; j < nSides; j++) {
        var out = document.getElementById("contract-" + j);
        if (!out) continue;
        var sum = 0, blind = false, nils = 0, any = false, missing = false;
        bidPads.forEach(function (pad) {
          if (pad.dataset.side !== String(j)) return;
          var v = checked(pad.dataset.name, pad);
          if (!v) { if (!pad.classList.contains("nil")) missing = true; return; }
          if (isNil(v)) { nils++; return; }
          if (v === "") return;
          any = true;
          if (v.indexOf("blind ") === 0) { blind = true; v = v.slice(6); }
          sum += parseInt(v, 10) || 0;
        });
        var text = any ? (blind ? "B" : "") + sum : "";
        for (var k = 0; k < nils; k++) text += (text ? " + " : "") + "nil";
        out.textContent = (text || "\u2013") + (missing && (any || nils) ? "\u2026" : "");
      }
    };

    var nilVisibility = function () {
      var shown = 0;
      nilPads.forEach(function (pad) {
        var mine = isNil(checked("bid-" + pad.dataset.seat));
        var team = pad.hasAttribute("data-any") && bidPads.some(function (b) {
          return b.dataset.side === pad.dataset.side && isNil(checked(b.dataset.name, b));
        });
        pad.hidden = !(mine || team);
        if (!pad.hidden) shown++;
      });
      var box = form.querySelector(".nil-tricks");
      if (box) box.hidden = shown === 0;
    };

    var tricks = function (changed) {
      if (changed && changed === auto) auto = null;
      var empty = [], sum = 0;
      unitPads.forEach(function (pad) {
        var v = pad === auto ? "" : checked(pad.dataset.name, pad);
        if (v === "") empty.push(pad); else sum += parseInt(v, 10);
      });
      if (auto && empty.length === 1 && empty[0] === auto) {
        var rest = total - sum;
        var key = auto.querySelector('input[value="' + rest + '"]');
        if (key && rest >= 0) { key.checked = true; sum += rest; empty = []; }
        else { $$("input", auto).forEach(function (i) { i.checked = false; }); }
      } else if (!auto && empty.length === 1 && unitPads.length > 1) {
        var left = total - sum;
        var input = empty[0].querySelector('input[value="' + left + '"]');
        if (input && left >= 0) { input.checked = true; auto = empty[0]; sum += left; empty = []; }
      }
      var out = document.getElementById("trick-sum");
      if (out) {
        out.textContent = sum;
        var line = out.parentNode;
        line.classList.toggle("bad", empty.length === 0 && sum !== total);
        line.lastChild.textContent = " of " + total + (empty.length === 0 && sum !== total ? ": they must add up to " + total : "");
      }
    };

    form.addEventListener("change", function (e) {
      var pad = e.target.closest(".pad");
      if (pad && pad.classList.contains("tricks") && !pad.classList.contains("nil-only")) tricks(pad);
      else { contracts(); nilVisibility(); }
    });
    contracts(); nilVisibility(); tricks(null);
  }

  /* --- the sheet: tap anywhere on a hand's row to read why --- */
  $$("table.sheet tr.hand").forEach(function (row) {
    row.addEventListener("click", function (e) {
      if (e.target.closest("a")) return;
      var link = row.querySelector(".n a");
      if (link) location.hash = link.getAttribute("href").slice(1);
    });
  });

  /* --- the new game page --- */
  var setup = document.getElementById("new-game");
  if (setup) {
    var names = $$('input[id^="player-"]', setup);
    var relabel = function () {
      var typed = names.map(function (n) { return n.value.trim(); });
      $$("#dealer option", setup).forEach(function (opt) {
        var i = opt.value === "first" ? 0 : parseInt(opt.value, 10);
        if (isNaN(i)) return;
        opt.textContent = typed[i] || "Player " + (i + 1);
        opt.hidden = !typed[i] && i > 0;
      });
      $$(".start-row", setup).forEach(function (row) {
        var i = parseInt(row.dataset.seat, 10);
        var label = row.querySelector("label");
        label.textContent = (typed[i] ? typed[i] + "'s side" : "Player " + (i + 1) + "'s side") + ": score";
        row.hidden = !typed[i] && !row.querySelector("input").value;
      });
    };
    setup.addEventListener("input", relabel);
    relabel();

    var defaults = JSON.parse(setup.dataset.defaults || "{}");
    var presets = JSON.parse(setup.dataset.presets || "{}");
    var editor = document.getElementById("editor_preset");
    setup.addEventListener("change", function (e) {
      if (e.target.name !== "preset") return;
      var values = Object.assign({}, defaults, presets[e.target.value] || {});
      Object.keys(values).forEach(function (name) {
        var field = document.getElementById("o-" + name);
        if (!field) return;
        if (field.type === "checkbox") field.checked = values[name] === "on";
        else field.value = values[name];
      });
      editor.value = e.target.value;
    });
  }
})();
