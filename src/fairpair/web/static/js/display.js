// The big-screen display (progressive: without it the board still shows the pairings):
// - the round timer: the console's clock when staff started one (data-clock-state running:
//   to data-clock-ends-at; paused: data-clock-left seconds, standing still, "Paused"); else
//   it counts down to the round's end date (data-ends-at), or with ?minutes=N (data-minutes
//   on the screen) to N minutes after the round was opened (data-opened-at); at the end it
//   shows 00:00 and "Time";
// - when the pairings do not fit the screen, it pages through the columns every few seconds.
// Both read the board again after each live update (the board is swapped in whole).
"use strict";
(function () {
  var PAGE_SECONDS = 10;
  // The projector's laptop clock may be off: count on the server's clock (the page says
  // what time it was when it was made; the few milliseconds of the trip are noise here).
  var skew = 0;

  function now() { return Date.now() + skew; }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function clockText(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return (h > 0 ? h + ":" + two(m) : two(m)) + ":" + two(s);
  }

  function target(timer) {
    var clock = timer.getAttribute("data-clock-state");
    if (clock === "running") { return { end: Date.parse(timer.getAttribute("data-clock-ends-at")) }; }
    if (clock === "paused") { return { paused: parseInt(timer.getAttribute("data-clock-left") || "0", 10) * 1000 }; }
    var screen = document.querySelector(".display-screen");
    var minutes = screen ? parseInt(screen.getAttribute("data-minutes") || "", 10) : NaN;
    if (!isNaN(minutes)) {
      var opened = timer.getAttribute("data-opened-at");
      return opened ? { end: Date.parse(opened) + minutes * 60000, length: minutes * 60000 } : { length: minutes * 60000 };
    }
    var ends = timer.getAttribute("data-ends-at");
    return ends ? { end: Date.parse(ends) } : null;
  }

  function tick() {
    var timer = document.querySelector(".display-timer");
    if (!timer) { return; }
    var clock = timer.querySelector(".timer-clock"), label = timer.querySelector(".timer-label");
    var goal = target(timer);
    var state = timer.getAttribute("data-state");
    timer.classList.remove("ending", "over");
    if (!goal || state === "completed") {
      if (goal && state === "completed") { clock.textContent = ""; label.textContent = ""; }
      return;
    }
    if (goal.paused !== undefined) {  // the console paused the clock
      clock.textContent = clockText(goal.paused);
      label.textContent = fairpairWords.t("Paused");
      timer.classList.add("paused");
      return;
    }
    timer.classList.remove("paused");
    if (goal.end === undefined) {  // ?minutes=N before the round is opened: the full length
      clock.textContent = clockText(goal.length);
      label.textContent = "";
      return;
    }
    var left = goal.end - now();
    clock.textContent = clockText(left);
    if (left <= 0) {
      timer.classList.add("over");
      label.textContent = fairpairWords.t("Time");
    } else {
      label.textContent = "";
      if (left <= 5 * 60000) { timer.classList.add("ending"); }
    }
  }

  // Paging: the page shown survives live updates (the board is swapped in whole on each
  // result; starting again at page 1 each time would never show the last pages).
  var shown = 0, since = 0;

  function pager() {
    var list = document.querySelector(".display-list");
    if (!list) { return null; }
    var gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    var width = list.clientWidth + gap;
    var pages = list.scrollWidth <= list.clientWidth + 1 ? 1 : Math.max(1, Math.ceil((list.scrollWidth + gap) / width - 0.01));
    return { list: list, width: width, pages: pages };
  }

  function showPage() {
    var p = pager();
    if (!p) { return; }
    if (shown >= p.pages) { shown = 0; }
    p.list.scrollLeft = shown * p.width;
    p.list.setAttribute("data-page", String(shown + 1));
    var counter = document.querySelector(".display-pages");
    if (counter) { counter.textContent = p.pages > 1 ? fairpairWords.t("Page %(page)s of %(pages)s", { page: shown + 1, pages: p.pages }) : ""; }
  }

  function turn() {
    since += 1;
    if (since < PAGE_SECONDS) { return; }
    since = 0;
    shown += 1;
    showPage();
  }

  function start() {
    var screen = document.querySelector(".display-screen");
    var served = screen ? parseInt(screen.getAttribute("data-server-ms") || "", 10) : NaN;
    if (!isNaN(served)) { skew = served - Date.now(); }
    tick();
    showPage();
    setInterval(tick, 250);
    setInterval(turn, 1000);
    document.addEventListener("htmx:afterSettle", function () { tick(); showPage(); });
    window.addEventListener("resize", showPage);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
