// The public pages' progressive enhancement (the pages work without it):
// - "find my table" filters the pairings as you type (the form still works as a plain GET);
//   the filter is applied again when a live update swaps the lists in;
// - a print button (print views) calls window.print().
"use strict";
(function () {
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function applyFilter() {
    var input = document.querySelector("input[data-find]");
    var wanted = input ? fold(input.value) : "";
    document.querySelectorAll("[data-findable] tr[data-find-text]").forEach(function (row) {
      var text = row.getAttribute("data-find-text") || "";
      if (wanted && text.indexOf(wanted) < 0) {
        row.setAttribute("data-find-hidden", "");
      } else {
        row.removeAttribute("data-find-hidden");
      }
    });
  }

  function setUp() {
    var input = document.querySelector("input[data-find]");
    if (input) {
      input.addEventListener("input", applyFilter);
      applyFilter();
    }
    document.querySelectorAll("button[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  }

  document.addEventListener("htmx:afterSettle", applyFilter);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
