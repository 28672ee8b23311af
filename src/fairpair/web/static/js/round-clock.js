// The round's timer on the public pages and in the console (progressive: without it the
// page says until when the round is timed, or how much was left when it was paused):
// every [data-clock-state] counts down its .clock-left — running: to data-clock-ends-at;
// paused: data-clock-left seconds, still. It reads the page again each second, so a timer
// swapped in by a live update counts at once.
"use strict";
(function () {
  function two(n) { return (n < 10 ? "0" : "") + n; }

  function clockText(seconds) {
    var total = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return (h > 0 ? h + ":" + two(m) : m) + ":" + two(s);
  }

  function tick() {
    var clocks = document.querySelectorAll("[data-clock-state]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i], shown = el.querySelector(".clock-left");
      if (!shown) { continue; }
      var state = el.getAttribute("data-clock-state");
      if (state === "paused") {
        shown.textContent = clockText(parseInt(el.getAttribute("data-clock-left") || "0", 10));
        continue;
      }
      var ends = Date.parse(el.getAttribute("data-clock-ends-at") || "");
      if (isNaN(ends)) { continue; }
      var left = (ends - Date.now()) / 1000;
      shown.textContent = left > 0 ? clockText(left) : fairpairWords.t("0:00 (time)");
      el.classList.toggle("clock-over", left <= 0);
    }
  }

  function start() {
    tick();
    setInterval(tick, 500);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
