// Fast result entry (console Results page): type the table number, its players show, Enter
// moves to the result, Enter records it; after the page comes back the cursor is in the
// table field again (autofocus). Without JavaScript the same form posts both fields.
"use strict";
(function () {
  function setUp() {
    var form = document.getElementById("entry-form");
    if (!form) return;
    var table = document.getElementById("f-table");
    var result = document.getElementById("f-result");
    var shown = document.getElementById("entry-players");
    var rows = {};
    document.querySelectorAll("#result-tables tr[data-table]").forEach(function (row) {
      rows[row.getAttribute("data-table")] = row;
      rows[row.getAttribute("data-match").toLowerCase()] = row;
    });
    function show() {
      var row = rows[table.value.trim().split(/\s+/)[0].toLowerCase()];
      shown.textContent = "";
      if (!row) {
        if (table.value.trim()) shown.textContent = "no table " + table.value.trim() + " in this round";
        return null;
      }
      var a = document.createElement("span");
      a.className = "side-a";
      a.textContent = row.getAttribute("data-a");
      var b = document.createElement("span");
      b.className = "side-b";
      b.textContent = row.getAttribute("data-b");
      shown.append(a, " vs ", b);
      var done = row.getAttribute("data-result");
      if (done) shown.append(" — already recorded: " + done);
      return row;
    }
    table.addEventListener("input", show);
    table.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") return;
      if (/\s/.test(table.value.trim())) return; // "12 2-1": send it as typed
      e.preventDefault();
      if (show()) { result.focus(); result.select(); }
    });
    if (table.value.trim()) show();
    if (result.getAttribute("aria-invalid") === "true") result.focus();
    else { table.focus(); table.select(); }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
