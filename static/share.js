/* What it does: scorekeeper/web/share.py. */
(function () {
  "use strict";
  var say = function (el, text) {
    var status = el.closest(".share-link").querySelector(".copy-status");
    if (status) status.textContent = text;
  };
  [].forEach.call(document.querySelectorAll(".js-copy"), function (button) {
    var input = document.getElementById(button.dataset.copyTarget);
    if (!input) return;
    button.hidden = false;
    var fallback = function () {
      input.select();
      try { if (document.execCommand("copy")) return say(button, "Link copied."); } catch (e) { /* below */ }
      say(button, "Selected: copy it with your phone's menu.");
    };
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { say(button, "Link copied."); }, fallback);
      } else fallback();
    });
  });
  if (typeof navigator.share === "function") {
    [].forEach.call(document.querySelectorAll(".js-share"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var url = document.getElementById("share-url").value;
        navigator.share({ title: button.dataset.shareTitle || document.title, url: url })
          .catch(function () { /* the user closed the share sheet */ });
      });
    });
  }
  [].forEach.call(document.querySelectorAll("input.share-url"), function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
})();
