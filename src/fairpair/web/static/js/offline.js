// Registering a page's service worker for offline use, shared by the pages that work offline
// (the generator; docs/generator.md "Offline"). fairpairOffline.register(url, scope) registers
// the worker at `url` for `scope` and resolves with the registration once a worker is active
// (null where service workers are not available: the page still works online).
"use strict";

window.fairpairOffline = {
  register: function (url, scope) {
    if (!("serviceWorker" in navigator)) { return Promise.resolve(null); }
    return navigator.serviceWorker.register(url, { scope: scope }).then(function (reg) {
      var worker = reg.installing || reg.waiting || reg.active;
      if (!worker || worker.state === "activated") { return reg; }
      return new Promise(function (resolve) {
        worker.addEventListener("statechange", function () {
          if (worker.state === "activated" || worker.state === "redundant") { resolve(reg); }
        });
      });
    }).catch(function () { return null; });
  },
};
