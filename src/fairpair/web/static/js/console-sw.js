// The organizer console's service worker (served at /console-sw.js, scope /console): the
// console as an app on the organizer's phone (docs/phone.md).
//
// - Pages (navigations under /console): from the network, and a copy kept; when the network
//   is down, the last copy of that page (the same address, else the same page whatever its
//   query). The console's own script shows the "offline" banner on it.
// - fairpair's static files: from the cache at once, refreshed from the network behind.
// - "warm" (a message from the console's script): fetch and keep the event's Results,
//   Pairings and Standings pages, so they open from the cache even if not visited before.
// - "forget" (logging out): every kept page is deleted.
// - Push: an alert to staff ({"title", "body", "url"}: a dispute, a judge call, a round's
//   last result) is shown; a click opens its console page.
// Nothing else is touched: posts, htmx fragments and live streams go to the network as they
// would without it (a result entered offline waits in the page's own queue: results-queue.js).
"use strict";

var PAGES = "fairpair-console-pages-v1";
var FILES = "fairpair-console-files-v1";
var SHELL = [
  "/static/vendor/pico-2.1.1.min.css",
  "/static/css/fairpair.css",
  "/static/css/console-phone.css",
  "/static/vendor/htmx-2.0.11.min.js",
  "/static/vendor/htmx-ext-sse-2.2.4.min.js",
  "/static/js/words.js",
  "/static/js/fairpair.js",
  "/static/js/console-app.js",
  "/static/js/results.js",
  "/static/js/results-queue.js",
  "/static/css/rounds.css",
  "/static/favicon.svg",
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) {
    return cache.addAll(SHELL).catch(function () { /* a file missing: cached when used */ });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf("fairpair-console-") === 0 && n !== PAGES && n !== FILES;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(cacheName, request, response) {
  if (response && response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(cacheName).then(function (cache) { return cache.put(request, copy); });
  }
  return response;
}

function lastCopy(request) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || cache.match(request, { ignoreSearch: true });
    });
  });
}

function offlinePage() {
  return new Response(
    "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Offline — fairpair</title><main id=main><h1>Offline</h1><p>This page was not opened " +
    "on this phone while the connection was up, so there is no copy of it. Results, Pairings " +
    "and Standings of an event opened before are kept.</p></main></html>",
    { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname.indexOf("/console") === 0) {
    event.respondWith(fetch(request).then(function (response) {
      return keep(PAGES, request, response);
    }).catch(function () {
      return lastCopy(request).then(function (hit) { return hit || offlinePage(); });
    }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.open(FILES).then(function (cache) {
      return cache.match(request).then(function (hit) {
        var fresh = fetch(request).then(function (response) {
          return keep(FILES, request, response);
        });
        if (hit) { fresh.catch(function () {}); return hit; }
        return fresh;
      });
    }));
  }
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.warm && data.warm.length) {
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      return Promise.all(data.warm.map(function (path) {
        var request = new Request(path, { credentials: "same-origin" });
        return fetch(request).then(function (response) {
          if (response.ok && !response.redirected) return cache.put(request, response);
          return null;
        }).catch(function () { return null; });
      }));
    }));
  }
  if (data.forget) {
    event.waitUntil(caches.delete(PAGES));
  }
});

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(data.title || "fairpair", {
    body: data.body || "",
    icon: "/static/icons/console-192.png",
    badge: "/static/icons/console-192.png",
    data: { url: data.url || "/console" },
    tag: data.url || "fairpair-console",
    renotify: true,
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/console";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].url.indexOf(url) !== -1 && "focus" in list[i]) { return list[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
