// Web push on this device (the preferences page): on a button press, ask permission,
// register the service worker (/sw.js), subscribe with the server's VAPID public key and
// post the subscription. Without JavaScript or Push API the section stays hidden.
(function () {
  "use strict";

  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }

  function csrf() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || "";
    } catch (e) { return ""; }
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrftoken": csrf() },
      body: JSON.stringify(body),
    });
  }

  function start() {
    var box = document.getElementById("push-device");
    if (!box || !("serviceWorker" in navigator) || !("PushManager" in window)) { return; }
    var status = document.getElementById("push-status");
    var on = document.getElementById("push-enable");
    var off = document.getElementById("push-disable");
    box.hidden = false;

    function show(text, subscribed) {
      status.textContent = text;
      on.hidden = subscribed;
      off.hidden = !subscribed;
    }

    navigator.serviceWorker.getRegistration("/").then(function (reg) {
      return reg ? reg.pushManager.getSubscription() : null;
    }).then(function (sub) {
      if (sub) { show(fairpairWords.t("Push is on for this device."), true); }
    }).catch(function () {});

    on.addEventListener("click", function () {
      on.disabled = true;
      Notification.requestPermission().then(function (answer) {
        if (answer !== "granted") { throw new Error(fairpairWords.t("Notifications are blocked for this site in your browser's settings.")); }
        return navigator.serviceWorker.register("/sw.js", { scope: "/" });
      }).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (reg) {
        return reg.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(box.dataset.vapidKey),
        });
      }).then(function (sub) {
        return post(box.dataset.subscribe, sub.toJSON());
      }).then(function (answer) {
        if (!answer.ok) { throw new Error(fairpairWords.t("The server did not keep the subscription (%(status)s).", { status: answer.status })); }
        show(fairpairWords.t("Push is on for this device."), true);
      }).catch(function (error) {
        show(error.message || fairpairWords.t("Push could not be turned on."), false);
      }).then(function () { on.disabled = false; });
    });

    off.addEventListener("click", function () {
      navigator.serviceWorker.getRegistration("/").then(function (reg) {
        return reg ? reg.pushManager.getSubscription() : null;
      }).then(function (sub) {
        if (!sub) { return null; }
        return post(box.dataset.unsubscribe, { endpoint: sub.endpoint }).then(function () {
          return sub.unsubscribe();
        });
      }).then(function () {
        show(fairpairWords.t("Push is off for this device."), false);
      }).catch(function () {});
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
