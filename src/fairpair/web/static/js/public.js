// The public pages' progressive enhancement (the pages work without it):
// - "find my table" filters the pairings as you type (the form still works as a plain GET);
//   the filter is applied again when a live update swaps the lists in;
// - a print button (print views) calls window.print().
"use strict";
(function () {
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  // What a row is found by: the player's own name (by name: the first cell), or every name
  // at the table (by table: the whole row). Folded once per row and kept.
  function rowText(row, whole) {
    var text = row.getAttribute("data-fold");
    if (text === null) {
      text = fold(whole ? row.textContent : (row.cells[0] ? row.cells[0].textContent : ""));
      row.setAttribute("data-fold", text);
    }
    return text;
  }

  function applyFilter() {
    var input = document.querySelector("input[data-find]");
    var wanted = input ? fold(input.value) : "";
    document.querySelectorAll("table[data-findable]").forEach(function (table) {
      var whole = table.getAttribute("data-findable") === "row";
      Array.prototype.forEach.call(table.tBodies[0] ? table.tBodies[0].rows : [], function (row) {
        if (row.classList.contains("none")) { return; }
        if (wanted && rowText(row, whole).indexOf(wanted) < 0) {
          row.setAttribute("data-find-hidden", "");
        } else {
          row.removeAttribute("data-find-hidden");
        }
      });
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
