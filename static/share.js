/* Sharing: the read-only page reloads itself when the sheet changes; the game page's share
   link gets "Copy" and (where the phone has one) the native share sheet. Without JavaScript the
   read-only page has a Refresh link and the link is plain selectable text. */
(function () {
  "use strict";

  function watchVersion(box) {
    var url = box.getAttribute("data-version-url");
    var seen = box.getAttribute("data-version");
    var every = (parseInt(box.getAttribute("data-refresh-seconds"), 10) || 10) * 1000;
    var timer = null;

    function check() {
      timer = null;
      fetch(url, { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && String(data.version) !== seen) {
            window.location.reload();
            return;
          }
          schedule();
        })
        .catch(schedule);
    }
    function schedule() {
      if (!document.hidden && timer === null) timer = window.setTimeout(check, every);
    }
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) {
        if (timer !== null) window.clearTimeout(timer);
        timer = null;
      } else {
        if (timer !== null) window.clearTimeout(timer);
        timer = null;
        check(); // back on screen: catch up at once
      }
    });
    schedule();
  }

  function setStatus(el, text) {
    var box = el.closest(".share-link");
    var status = box && box.querySelector(".copy-status");
    if (status) status.textContent = text;
  }

  function copyButton(button) {
    var input = document.getElementById(button.getAttribute("data-copy-target"));
    if (!input) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var done = function () { setStatus(button, "Link copied."); };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, function () {
          input.select();
          setStatus(button, "Selected: copy it with your phone's menu.");
        });
      } else {
        input.select();
        try {
          if (document.execCommand("copy")) { done(); return; }
        } catch (e) { /* fall through */ }
        setStatus(button, "Selected: copy it with your phone's menu.");
      }
    });
  }

  function shareButton(button) {
    if (typeof navigator.share !== "function") return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.share({
        title: button.getAttribute("data-share-title") || document.title,
        url: button.getAttribute("data-share-url")
      }).catch(function () { /* the user closed the share sheet */ });
    });
  }

  var live = document.getElementById("live-sheet");
  if (live && live.getAttribute("data-version-url") && window.fetch) watchVersion(live);
  Array.prototype.forEach.call(document.querySelectorAll(".js-copy"), copyButton);
  Array.prototype.forEach.call(document.querySelectorAll(".js-share"), shareButton);
  Array.prototype.forEach.call(document.querySelectorAll("input.share-url"), function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
})();
