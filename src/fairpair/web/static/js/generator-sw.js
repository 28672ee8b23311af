// The generator's service worker (served at /generator/sw.js, scope /generator/; docs/generator.md).
// On install it keeps every file of the site in one cache named after the site's version; it
// answers from that cache first, so the page and the engine open with the network off. The
// page itself is asked of the network first (a new version shows when online) and falls back
// to the cache. The version and the list of files are filled in by
// fairpair.web.generator_site.service_worker().
"use strict";

var CACHE = "fairpair-generator-__VERSION__";
var FILES = __FILES__;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(FILES.map(function (f) { return new Request(f, { cache: "reload" }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf("fairpair-generator-") === 0 && n !== CACHE;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      return response;
    }).catch(function () {
      return caches.match(request, { ignoreSearch: true }).then(function (hit) {
        return hit || caches.match(new URL("./", self.registration.scope).href);
      });
    }));
    return;
  }
  event.respondWith(caches.match(request, { ignoreSearch: true }).then(function (hit) {
    return hit || fetch(request);
  }));
});
