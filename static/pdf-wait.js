/* A PDF being made (templates/print/making.html): ask for it again every two seconds; once the
   server has it (200, a PDF), download it from the printer's cache, leaving this page in place.
   Any other answer (refused, too slow) is opened as it is. Without JavaScript, the page's
   Download link asks the same. */
(function () {
  "use strict";
  var box = document.getElementById("pdf-making");
  if (!box || !window.fetch) return;
  var url = box.dataset.pdf;
  var status = box.querySelector("[role=status]");
  var tries = 0;
  var ask = function () {
    tries += 1;
    fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (answer) {
      if (answer.status === 202 && tries < 300) {
        setTimeout(ask, 2000);
        return;
      }
      if (answer.ok) status.textContent = "Your PDF is ready: it is downloading.";
      window.location.assign(url);
    }, function () {
      if (tries < 300) setTimeout(ask, 4000); // the server unreachable for a moment
    });
  };
  setTimeout(ask, 1000);
})();
