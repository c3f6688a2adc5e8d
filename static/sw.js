/* The service worker (served at /sw.js by web/offline.py): a dropped network does not stop the
   table. It keeps the app's own files, and for each game this phone opens, that game's page with
   every pad of the next hand (?step=both), refreshed whenever the game moves on. Online, every
   request goes to the server as usual (the kept copies only follow). Offline, a game page opens
   from its kept copy, marked data-offline for static/offline.js, which keeps the hands typed on
   it and sends them when the network is back. Nothing here writes: saves go from the page. */
"use strict";
var FILES = "scorekeeper-files-1", PAGES = "scorekeeper-pages-1";
var root = new URL("./", self.registration.scope).pathname;
var own = ["static/style.css", "static/game.js", "static/offline.js", "static/icon.svg",
           "static/manifest.webmanifest"].map(function (f) { return root + f; });
var game = new RegExp("^" + root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "g/[\\w-]+$");

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(FILES).then(function (c) { return c.addAll(own); }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });

// The page tells what it shows: {keep: "/g/<token>", version: N}. A new version: keep the page
// with every pad of the next hand, for opening offline.
self.addEventListener("message", function (e) {
  var d = e.data || {};
  if (!d.keep || !game.test(d.keep)) return;
  e.waitUntil(caches.open(PAGES).then(function (c) {
    return c.match(d.keep).then(function (old) {
      if (old && old.headers.get("X-Game-Version") === String(d.version)) return;
      return fetch(d.keep + "?step=both", { credentials: "same-origin" }).then(function (r) {
        if (r.ok && r.headers.get("X-Game-Version")) return c.put(d.keep, r);
      });
    });
  }).catch(function () {}));
});

function offline(page) { // the kept page, marked so that offline.js takes over its form
  return page.text().then(function (html) {
    return new Response(html.replace("<body ", "<body data-offline "), {
      headers: { "Content-Type": "text/html; charset=utf-8", "X-Game-Version": page.headers.get("X-Game-Version") || "" }
    });
  });
}

self.addEventListener("fetch", function (e) {
  var req = e.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin) return;
  if (req.mode === "navigate" && game.test(url.pathname)) {
    e.respondWith(fetch(req).catch(function () {
      return caches.match(url.pathname, { cacheName: PAGES }).then(function (page) {
        return page ? offline(page) : Response.error();
      });
    }));
  } else if (own.indexOf(url.pathname) >= 0) {
    e.respondWith(fetch(req).then(function (r) {
      if (r.ok) { var copy = r.clone(); caches.open(FILES).then(function (c) { c.put(url.pathname, copy); }); }
      return r;
    }, function () { return caches.match(url.pathname, { cacheName: FILES }); }));
  }
});
