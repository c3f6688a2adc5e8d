/* Spades Scorekeeper, the new game and new event pages; progressive enhancement only. Typed
   names label the dealer and start-score fields; picking a preset resets the house-rules editor
   (and the event's target score) to it, and shows the start's bags fields only where the
   preset has bags (the server's data-bags flags), its score range in the rules' units. */
(function () {
  "use strict";
  var all = function (sel, root) { return [].slice.call((root || document).querySelectorAll(sel)); };
  var setup = document.querySelector("form[data-presets]");
  if (setup) {
    var names = all("input[id^=player-]", setup);
    var relabel = function () {
      var typed = names.map(function (n) { return n.value.trim(); });
      all("#dealer option", setup).forEach(function (opt) {
        var i = opt.value === "first" ? 0 : +opt.value;
        if (isNaN(i)) return;
        opt.textContent = typed[i] || "Player " + (i + 1);
        opt.hidden = i > 0 && !typed[i];
      });
      all(".start-row", setup).forEach(function (row) {
        var i = +row.dataset.seat;
        row.querySelector("label").textContent = (typed[i] || "Player " + (i + 1)) + "'s side: score";
        row.hidden = !typed[i] && !row.querySelector("input").value;
      });
    };
    setup.addEventListener("input", relabel);
    relabel();
    var defaults = JSON.parse(setup.dataset.defaults), presets = JSON.parse(setup.dataset.presets);
    // the start's score range in the units of the rules: tenths as the score_tenths box says
    var units = function () {
      var box = document.getElementById("o-score_tenths");
      var tenths = !!(box && box.checked);
      all("#start-hint .start-whole", setup).forEach(function (s) { s.hidden = tenths; });
      all("#start-hint .start-tenths", setup).forEach(function (s) { s.hidden = !tenths; });
    };
    setup.addEventListener("change", function (e) {
      if (e.target.id === "o-score_tenths") units();
      if (e.target.name !== "preset") return;
      var values = Object.assign({}, defaults, presets[e.target.value]);
      Object.keys(values).forEach(function (name) {
        var field = document.getElementById("o-" + name);
        if (field && field.type === "checkbox") field.checked = values[name] === "on";
        else if (field) field.value = values[name];
      });
      document.getElementById("editor_preset").value = e.target.value;
      // the start asks for bags only where the preset has them: the server's flag says which
      var start = document.getElementById("start");
      var flags = start ? JSON.parse(start.dataset.bags) : {};
      all(".start-bags", start || setup).forEach(function (part) {
        var typed = part.querySelector("input");
        part.hidden = flags[e.target.value] === false && !(typed && typed.value);
      });
      units();
    });
  }
})();
