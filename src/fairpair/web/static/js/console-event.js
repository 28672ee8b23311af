// The event console's players tab: a filter box for long player lists, and "check in
// everyone shown" checking in only the rows the filter leaves. Without this script the
// table shows every player and the button checks in everyone not yet checked in.
"use strict";
(function () {
  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }
  ready(function () {
    var box = document.getElementById("player-filter");
    var table = document.getElementById("players");
    if (!box || !table) return;
    box.hidden = false;
    function apply() {
      var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
      // Queried each time: a row's buttons (htmx) replace the row.
      table.querySelectorAll("tbody tr[data-filter]").forEach(function (row) {
        var text = row.getAttribute("data-filter") || "";
        var shown = words.every(function (w) { return text.indexOf(w) !== -1; });
        row.classList.toggle("hidden", !shown);
      });
    }
    box.addEventListener("input", apply);
    document.body.addEventListener("htmx:afterSwap", apply);
    var shownForm = document.getElementById("checkin-shown");
    if (shownForm) {
      shownForm.addEventListener("submit", function () {
        shownForm.querySelectorAll("input[data-row]").forEach(function (input) {
          var row = document.getElementById(input.getAttribute("data-row"));
          var skip = row && (row.classList.contains("hidden") || row.classList.contains("dropped"));
          input.disabled = !!skip;
        });
      });
    }
  });
})();
