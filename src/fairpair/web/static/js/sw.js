// fairpair's service worker (served at /sw.js, scope /): shows a round notice pushed by the
// server ({"title", "body", "url"}) and opens its page when it is clicked.
"use strict";

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(data.title || "fairpair", {
    body: data.body || "",
    icon: "/static/favicon.svg",
    data: { url: data.url || "/" },
    tag: data.url || "fairpair",
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (list[i].url.indexOf(url) !== -1 && "focus" in list[i]) { return list[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
