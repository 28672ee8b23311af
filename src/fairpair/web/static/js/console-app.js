// The console as an app on a phone (every console page; docs/phone.md):
// - registers the console's service worker (/console-sw.js, scope /console) and asks it to
//   keep this event's Results, Pairings, Standings and Toss pages for when the connection drops;
// - the offline banner: shown the moment the browser says the connection is gone (or a
//   request of the page fails to reach the server), hidden when it is back;
// - logging out deletes the pages kept on this phone;
// - a list with a filter box (input.list-filter[data-list]) filters as you type;
// - the Resolution Queue's "Alerts on this phone" (staff push: a dispute, a judge call, the
//   round's last result in).
"use strict";
(function () {
  var SCOPE = "/console";
  var OFFLINE = "Offline — the connection is down. You see the last known state of this page; " +
    "results you enter are kept on this phone and sent when the connection is back.";

  function banner() { return document.getElementById("offline-banner"); }

  function showOffline(off) {
    var box = banner();
    if (!box) return;
    box.hidden = !off;
    box.textContent = off ? fairpairWords.t(OFFLINE) : "";
    document.documentElement.classList.toggle("fp-offline", off);
  }
  window.addEventListener("offline", function () { showOffline(true); });
  window.addEventListener("online", function () { showOffline(false); });
  // A request of this page that could not reach the server (htmx, the results queue).
  document.addEventListener("htmx:sendError", function () { showOffline(true); });
  document.addEventListener("fp:offline", function () { showOffline(true); });
  document.addEventListener("fp:online", function () { showOffline(!navigator.onLine); });

  function warmPaths() {
    var slug = banner() && banner().getAttribute("data-slug");
    if (!slug) return [];
    return ["results", "pairings", "standings", "toss"].map(function (tab) {
      return "/console/" + encodeURIComponent(slug) + "/" + tab;
    });
  }

  function register() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/console-sw.js", { scope: SCOPE }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      var paths = warmPaths();
      if (paths.length && reg.active && navigator.onLine) reg.active.postMessage({ warm: paths });
      document.documentElement.setAttribute("data-sw", "ready");
    }).catch(function () { /* no service worker: the console works online as before */ });
  }

  function forgetOnLogout(evt) {
    var form = evt.target;
    if (!form || form.getAttribute("action") !== "/logout") return;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ forget: true });
    }
    try {
      Object.keys(localStorage).forEach(function (k) {
        if (k.indexOf("fairpair-queue:") === 0) localStorage.removeItem(k);
      });
    } catch (e) { /* storage unavailable */ }
  }
  document.addEventListener("submit", forgetOnLogout, true);

  function filters(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("input.list-filter[data-list]").forEach(function (input) {
      input.hidden = false;
      if (input.getAttribute("data-ready")) return;
      input.setAttribute("data-ready", "1");
      input.addEventListener("input", function () {
        var list = document.getElementById(input.getAttribute("data-list"));
        if (!list) return;
        var words = input.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
        list.querySelectorAll(":scope > li").forEach(function (li) {
          var text = li.getAttribute("data-filter") || li.textContent.toLowerCase();
          li.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
        });
      });
    });
  }

  // Staff alerts on this phone (the Resolution Queue tab).
  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || ""; }
    catch (e) { return ""; }
  }
  function postJSON(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrftoken": csrf() },
      body: JSON.stringify(body),
    });
  }
  function alerts() {
    var box = document.getElementById("staff-alerts");
    if (!box || !("serviceWorker" in navigator) || !("PushManager" in window)) return;
    box.hidden = false;
    var status = document.getElementById("alerts-status");
    var on = document.getElementById("alerts-on");
    var off = document.getElementById("alerts-off");
    function show(text, subscribed) {
      status.textContent = text;
      off.hidden = !subscribed;
      on.textContent = fairpairWords.t(subscribed ? "Save the alerts" : "Turn on alerts on this phone");
    }
    function wanted() {
      return Array.prototype.map.call(box.querySelectorAll("input[name=alert]:checked"), function (c) { return c.value; });
    }
    navigator.serviceWorker.getRegistration(SCOPE).then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (sub) {
      if (sub) show(fairpairWords.t("Alerts are on for this phone."), true);
    }).catch(function () {});
    on.addEventListener("click", function () {
      var kinds = wanted();
      if (!kinds.length) { show(fairpairWords.t("Choose at least one alert."), !off.hidden); return; }
      on.disabled = true;
      Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") throw new Error(fairpairWords.t("Notifications are blocked for this site in the browser's settings."));
        return navigator.serviceWorker.register("/console-sw.js", { scope: SCOPE });
      }).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (reg) {
        return reg.pushManager.getSubscription().then(function (sub) {
          return sub || reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.vapidKey) });
        });
      }).then(function (sub) {
        return postJSON(box.dataset.subscribe, { subscription: sub.toJSON(), alerts: kinds });
      }).then(function (answer) {
        if (!answer.ok) {
          return answer.json().then(function (body) {
            throw new Error((body && body.error && body.error.message) || fairpairWords.t("The server did not keep the subscription (%(status)s).", { status: answer.status }));
          });
        }
        show(fairpairWords.t("Alerts are on for this phone."), true);
        return null;
      }).catch(function (error) {
        show(error.message || fairpairWords.t("Alerts could not be turned on."), false);
      }).then(function () { on.disabled = false; });
    });
    off.addEventListener("click", function () {
      navigator.serviceWorker.getRegistration(SCOPE).then(function (reg) {
        return reg ? reg.pushManager.getSubscription() : null;
      }).then(function (sub) {
        if (!sub) return null;
        return postJSON(box.dataset.unsubscribe, { endpoint: sub.endpoint }).then(function () { return sub.unsubscribe(); });
      }).then(function () { show(fairpairWords.t("Alerts are off for this phone."), false); }).catch(function () {});
    });
  }

  // A table wider than a phone scrolls inside its own box (console-phone.css): one the
  // keyboard could not otherwise reach gets the focus itself, so arrow keys scroll it.
  function scrollable(root) {
    (root.querySelectorAll ? root : document).querySelectorAll(".console-body table").forEach(function (table) {
      var wide = table.scrollWidth > table.clientWidth + 1;
      var reachable = table.querySelector("a[href], button, input, select, textarea, summary, [tabindex]");
      if (wide && !reachable && !table.hasAttribute("tabindex")) {
        table.setAttribute("tabindex", "0");
        table.setAttribute("data-scrolls", "1");
      } else if (!wide && table.getAttribute("data-scrolls")) {
        table.removeAttribute("tabindex");
        table.removeAttribute("data-scrolls");
      }
    });
  }

  function start() {
    showOffline(!navigator.onLine);
    register();
    filters(document);
    alerts();
    scrollable(document);
  }
  document.addEventListener("htmx:afterSettle", function (e) { filters(e.detail.elt); scrollable(e.detail.elt); });
  window.addEventListener("resize", function () { scrollable(document); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
