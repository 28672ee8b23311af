// The player portal's progressive enhancement (the page works without it: reload).
// Live news comes through htmx's SSE extension (sse:card → the card is fetched again). A
// phone that slept may have missed news while its connection was down: when the page is
// shown again, fetch the card once.
"use strict";
(function () {
  var hiddenAt = 0;
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      hiddenAt = Date.now();
      return;
    }
    var card = document.getElementById("portal-card");
    if (card && window.htmx && hiddenAt && Date.now() - hiddenAt > 5000) {
      window.htmx.trigger(card, "fp-refresh");
    }
  });
})();
