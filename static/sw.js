/* The service worker (served at /sw.js by web/offline.py): a dropped network does not stop the
   table. It keeps the app's own files, the app's "No network" page, and for each game this phone
   opens, that game's page with every pad of the next hand (?step=both) and its score chart,
   refreshed whenever the game moves on. Online, every request goes to the server as usual (the
   kept copies only follow). Offline, a game page opens from its kept copy, marked data-offline
   for static/offline.js, which keeps the hands typed on it and sends them when the network is
   back; any other page, or a form sent (Undo, Rematch), gets the "No network" page saying what
   needs the network, with the way back to the game. Nothing here writes: saves go from the
   page. */
"use strict";
var FILES = "scorekeeper-files-1", PAGES = "scorekeeper-pages-1"; // PAGES: game.js reads it too
var root = new URL("./", self.registration.scope).pathname;
var own = ["static/style.css", "static/race.css", "static/no-bags.css", "static/game.js",
           "static/in-progress.js", "static/offline.js", "static/scroll-hint.js", "static/icon.svg",
           "static/manifest.webmanifest", "offline"].map(function (f) { return root + f; });
var NO_NETWORK = root + "offline";
var at = "^" + root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
var game = new RegExp(at + "g/[\\w-]+$"), chart = new RegExp(at + "g/[\\w-]+/chart\\.svg$");
var inGame = new RegExp(at + "g/[\\w-]+"), qr = new RegExp(at + "v/[\\w-]+/qr\\.svg$");

// What each address needs the network for, in words (the first that matches).
var NEEDS = [
  [/\/undo$/, "Undo needs the network: it takes back the last change on the server."],
  [/\/redo$/, "Redo needs the network: it puts the change back on the server."],
  [/\.pdf$/, "The PDF sheet needs the network: the server makes it."],
  [/\/rematch$/, "Rematch needs the network: it starts a new game on the server."],
  [/\/hands\/misdeal$/, "Voiding a hand as a misdeal needs the network."],
  [/\/hands\/\d+\/delete$/, "Deleting a hand needs the network."],
  [/\/hands\/\d+$/, "Fixing a saved hand needs the network."],
  [/\?(.*&)?hand=\d+/, "Seeing why a saved hand scored, or fixing it, needs the network."],
  [/\/rules$/, "The rules page needs the network."],
  [/\/chart\.svg$/, "The score chart needs the network."],
  [/\/g\/[\w-]+\/delete$/, "Deleting the game needs the network."],
  [/\/v\/[\w-]+/, "The read-only view needs the network."],
  [/\/games\/new/, "A new game needs the network: games are kept on the server."],
  [/\/games\/import$/, "Importing a game file needs the network."],
  [/\/print\//, "Printing needs the network: the server makes the sheets."],
  [/\/(e|k|p)\//, "The club night's pages need the network."],
  [new RegExp(at + "(\\?.*)?$"), "The list of your games needs the network."]
];

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(FILES).then(function (c) { return c.addAll(own); }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });

// The page tells what it shows: {keep: "/g/<token>", version: N}. A new version: keep the page
// with every pad of the next hand, and its chart, for opening offline. And the worker takes
// charge of the page if it has not: a page asked for while the worker was being installed, or
// reloaded past it (a hard reload), is otherwise left to nobody, and could not go on offline
// mid-hand (game.js goes there only from a page in the worker's charge).
self.addEventListener("message", function (e) {
  var d = e.data || {};
  if (!d.keep || !game.test(d.keep)) return;
  e.waitUntil(self.clients.claim().catch(function () {}).then(function () {
    return caches.open(PAGES);
  }).then(function (c) {
    return c.match(d.keep).then(function (old) {
      if (old && old.headers.get("X-Game-Version") === String(d.version)) return;
      return fetch(d.keep + "?step=both", { credentials: "same-origin" }).then(function (r) {
        if (!r.ok || !r.headers.get("X-Game-Version")) return;
        caches.open(FILES).then(function (f) { return f.add(NO_NETWORK); }).catch(function () {});
        return fetch(d.keep + "/chart.svg", { credentials: "same-origin" }).then(function (svg) {
          return svg.ok && c.put(d.keep + "/chart.svg", svg);
        }, function () {}).then(function () { return c.put(d.keep, r); });
      });
    });
  }).catch(function () {}));
});

function esc(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}

// A page built here from a kept one, with the kept one's headers (its Content-Security-Policy).
function page(kept, html) {
  var headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  return new Response(html, { headers: headers });
}

function offline(kept) { // the kept game page, marked so that offline.js takes over its form
  return kept.text().then(function (html) { return page(kept, html.replace("<body ", "<body data-offline ")); });
}

// The "No network" page for a request that failed: what needs the network, and the way back to
// the game it came from (the game's own address, or the page it was asked from).
function noNetwork(req, url) {
  var where = url.pathname + url.search, from = inGame.exec(where);
  if (!from && req.referrer) from = inGame.exec(new URL(req.referrer).pathname);
  var what = NEEDS.filter(function (n) { return n[0].test(where); }).map(function (n) { return n[1]; })[0];
  return caches.match(NO_NETWORK, { cacheName: FILES }).then(function (kept) {
    if (!kept) return Response.error();
    return kept.text().then(function (html) {
      if (what) html = html.replace(/(<p id="what">)[^<]*/, "$1" + esc(what));
      if (from) html = html.replace(/<p id="back" hidden>(<a [^>]*href=")[^"]*/, "<p id=\"back\">$1" + esc(from[0]));
      return page(kept, html);
    });
  });
}

self.addEventListener("fetch", function (e) {
  var req = e.request, url = new URL(req.url);
  if (url.origin !== location.origin) return;
  if (req.mode === "navigate") {
    var kept = req.method === "GET" && game.test(url.pathname) && !/[?&]hand=/.test(url.search);
    e.respondWith(fetch(req).catch(function () {
      return (kept ? caches.match(url.pathname, { cacheName: PAGES }) : Promise.resolve()).then(function (p) {
        if (p) return offline(p);
        // A download (the game file) fails as a download does: never the page saved as the file.
        return /\/game\.json$/.test(url.pathname) ? Response.error() : noNetwork(req, url);
      });
    }));
  } else if (req.method !== "GET") {
    return;
  } else if (chart.test(url.pathname)) { // the chart as last seen, beside the sheet as last seen
    e.respondWith(fetch(req).catch(function () {
      return caches.match(url.pathname, { cacheName: PAGES }).then(function (r) { return r || Response.error(); });
    }));
  } else if (own.indexOf(url.pathname) >= 0 || qr.test(url.pathname)) { // (a link's QR code: shown offline too)
    e.respondWith(fetch(req).then(function (r) {
      if (r.ok) { var copy = r.clone(); caches.open(FILES).then(function (c) { c.put(url.pathname, copy); }); }
      return r;
    }, function () { return caches.match(url.pathname, { cacheName: FILES }); }));
  }
});
