// Check-in by scanning a player's QR code (console/checkin.html): the phone's camera, read by
// the browser's BarcodeDetector where it has one, else by jsQR (vendored: /static/vendor,
// Apache-2.0) on frames drawn to a canvas. A code read fills the code field and sends the
// form (htmx swaps the panel; the camera keeps running for the next player). The same code
// read again within a few seconds is sent once. Without a camera (or without JavaScript) the
// typed code works the same.
"use strict";
(function () {
  var JSQR = "/static/vendor/jsqr-1.4.0.js";
  var AGAIN_MS = 4000;
  var stream = null, timer = null, detector = null, canvas = null, last = "", lastAt = 0;

  function el(id) { return document.getElementById(id); }
  function say(text) { var s = el("scan-status"); if (s) s.textContent = text; }

  function loadJsQR() {
    if (window.jsQR) return Promise.resolve();
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = JSQR;
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error(fairpairWords.t("the QR decoder did not load"))); };
      document.head.appendChild(script);
    });
  }

  function reader() {
    if ("BarcodeDetector" in window) {
      return window.BarcodeDetector.getSupportedFormats().then(function (formats) {
        if (formats.indexOf("qr_code") < 0) return loadJsQR();
        detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        return null;
      }).catch(loadJsQR);
    }
    return loadJsQR();
  }

  function readFrame(video) {
    if (detector) {
      return detector.detect(video).then(function (found) {
        return found.length ? found[0].rawValue : null;
      });
    }
    var w = video.videoWidth, h = video.videoHeight;
    if (!w || !h) return Promise.resolve(null);
    canvas = canvas || document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    var context = canvas.getContext("2d", { willReadFrequently: true });
    context.drawImage(video, 0, 0, w, h);
    var found = window.jsQR(context.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" });
    return Promise.resolve(found ? found.data : null);
  }

  function send(text) {
    var now = Date.now();
    if (text === last && now - lastAt < AGAIN_MS) return;
    last = text;
    lastAt = now;
    var field = el("f-code"), form = el("code-form");
    if (!field || !form) return;
    field.value = text;
    say(fairpairWords.t("Code read: checking in…"));
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }

  function tick() {
    var video = el("scan-video");
    if (!stream || !video) return;
    readFrame(video).then(function (text) {
      if (text) send(text);
    }).catch(function () { /* a frame that could not be read */ }).then(function () {
      if (stream) timer = setTimeout(tick, 200);
    });
  }

  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stream) stream.getTracks().forEach(function (t) { t.stop(); });
    stream = null;
    var video = el("scan-video");
    if (video) { video.srcObject = null; video.hidden = true; }
    el("scan-start").hidden = false;
    el("scan-stop").hidden = true;
  }

  function start() {
    say(fairpairWords.t("Starting the camera…"));
    reader().then(function () {
      return navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    }).then(function (media) {
      stream = media;
      var video = el("scan-video");
      video.srcObject = media;
      video.hidden = false;
      el("scan-start").hidden = true;
      el("scan-stop").hidden = false;
      el("scan-stop").focus();
      return video.play();
    }).then(function () {
      say(fairpairWords.t("Point the camera at the player's QR code."));
      tick();
    }).catch(function (error) {
      stop();
      say(fairpairWords.t("The camera could not start (%(error)s): type the code under the player's QR code instead.",
        { error: error && error.message ? error.message : error }));
    });
  }

  function setUp() {
    var box = el("scan");
    if (!box || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return;
    box.hidden = false;
    el("scan-start").addEventListener("click", start);
    el("scan-stop").addEventListener("click", function () { stop(); say(fairpairWords.t("Camera stopped.")); });
  }

  document.addEventListener("htmx:afterSettle", function (e) {
    if (!e.target || e.target.id !== "checkin-panel") return;
    var done = el("checkin-done"), error = el("e-code");
    if (stream) say(error ? error.textContent : done ? fairpairWords.t("%(done)s Next player.", { done: done.textContent }) : "");
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
