/* The director's console, live, on the poll static/live.js keeps: when the event's version
   moved it fetches the console as it is now (/e/<director>/live) and puts its live parts (the
   elements marked data-live: the round with its tables and clock, the standings, past rounds)
   in place of the old ones. The director's place is kept: the page does not scroll, details
   stay open. What the director is using stays as it is while the rest updates: a form of the
   part (marked data-hold, with an id) that was typed in and not sent, or that came back
   refused (data-refused: what was typed and why, by its field; or a refusal said at the top of
   the round), is kept, message and all, in its place in the updated part, until it is sent
   again or dismissed (its Dismiss button); no clock lets it go. A part whose field has the
   focus (the director is typing in it now), or with a form so held that the update no longer
   has (the round closed meanwhile), waits until that is over. Without JavaScript the console
   has a Refresh link. */
(function () {
  "use strict";
  var box = document.getElementById("console-live");
  if (!box || !window.spadesLive) return;

  var note = box.querySelector(".js-live-note");
  if (note) note.hidden = false;

  var FIELDS = "input:not([type=hidden]), select, textarea";

  // Whether a field differs from what the page gave it: typed in, not sent.
  function changed(field) {
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    if (field.tagName === "SELECT") return field.selectedIndex !== chosenAtFirst(field);
    return field.value !== field.defaultValue;
  }

  // The option a select showed as the page gave it: the last marked selected, else the first.
  function chosenAtFirst(select) {
    var chosen = 0;
    for (var i = 0; i < select.options.length; i++) if (select.options[i].defaultSelected) chosen = i;
    return chosen;
  }

  function typedIn(root) {
    return Array.prototype.some.call(root.querySelectorAll(FIELDS), changed);
  }

  function held(unit) {
    return unit.hasAttribute("data-refused") || typedIn(unit);
  }

  // A refused form gets a Dismiss button: the director has read it, the part may update it.
  function dismissible(unit) {
    if (!unit.hasAttribute("data-refused") || unit.querySelector(".js-dismiss")) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary small js-dismiss";
    button.textContent = "Dismiss";
    button.addEventListener("click", function () {
      unit.removeAttribute("data-refused");
      button.remove();
      refresh(unit);
    });
    unit.appendChild(button);
  }
  document.querySelectorAll("[data-live] [data-hold][data-refused]").forEach(dismissible);

  // A dismissed form as the event stands now, typed-in fields put back as the page gave them.
  function refresh(unit) {
    unit.querySelectorAll(FIELDS).forEach(function (field) {
      if (field.type === "checkbox" || field.type === "radio") field.checked = field.defaultChecked;
      else if (field.tagName === "SELECT") field.selectedIndex = chosenAtFirst(field);
      else field.value = field.defaultValue;
    });
    fetch(box.getAttribute("data-live-url"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) put(new DOMParser().parseFromString(html, "text/html")); })
      .catch(function () { /* offline: the next poll brings it */ });
  }

  // The part's forms to keep, each with its place in the fresh part; null when one held has
  // no place there, or the director is in a field of the part, or typed in a form of it that
  // has no data-hold: the part waits.
  function keeping(part, next) {
    var focus = document.activeElement;
    if (focus && focus !== document.body && part.contains(focus) && focus.matches(FIELDS)) return null;
    var kept = [];
    var units = part.querySelectorAll("[data-hold][id]");
    for (var i = 0; i < units.length; i++) {
      if (!held(units[i])) continue;
      var spot = next.querySelector("#" + CSS.escape(units[i].id));
      if (!spot) return null;
      kept.push(units[i]);
    }
    var loose = Array.prototype.some.call(part.querySelectorAll(FIELDS), function (field) {
      return changed(field) && !field.closest("[data-hold][id]");
    });
    return loose ? null : kept;
  }

  function openDetails(part) {
    var open = [];
    part.querySelectorAll("details[open] > summary").forEach(function (s) {
      open.push(s.textContent.trim());
    });
    return open;
  }

  function put(fresh) {
    var fromVersion = fresh.getElementById("console-live");
    var waiting = false;
    var x = window.scrollX, y = window.scrollY;
    document.querySelectorAll("[data-live]").forEach(function (part) {
      var next = part.id && fresh.getElementById(part.id);
      if (!next) return;
      var kept = keeping(part, next);
      if (!kept) { waiting = true; return; }
      if (!kept.length && part.innerHTML === next.innerHTML) return;
      var open = openDetails(part);
      part.innerHTML = next.innerHTML;
      kept.forEach(function (unit) {  // the same nodes: what was typed, the message, open or not
        part.querySelector("#" + CSS.escape(unit.id)).replaceWith(unit);
      });
      part.querySelectorAll("details > summary").forEach(function (s) {
        if (open.indexOf(s.textContent.trim()) >= 0) s.parentNode.open = true;
      });
    });
    window.scrollTo(x, y);
    // A part still waiting is fetched again at the next poll.
    var shown = !waiting && fromVersion ? fromVersion.getAttribute("data-version") : null;
    if (shown) box.setAttribute("data-shown-version", shown);
    return shown;
  }

  window.spadesLive(box, {
    seconds: box.getAttribute("data-poll-seconds"),
    cache: "no-store",
    url: function () { return box.getAttribute("data-live-url"); },
    put: put
  });
})();
