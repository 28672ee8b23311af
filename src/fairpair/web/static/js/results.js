// Fast result entry (console Results page): type the table number, its players show, Enter
// moves to the result, Enter records it (htmx sends it and swaps the panel in place); the
// cursor is back in the table field for the next one. Without JavaScript the same form posts
// both fields and the page comes back with the table field focused (autofocus).
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
        if (table.value.trim()) shown.textContent = fairpairWords.t("no table %(table)s in this round", { table: table.value.trim() });
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
      if (done) shown.append(fairpairWords.t(" — already recorded: %(result)s", { result: done }));
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
    form.setAttribute("data-ready", "1");
    var field = result.getAttribute("aria-invalid") === "true" ? result : table;
    field.focus();
    field.select();
    // htmx puts back the caret it saw before the swap (at the end of what was typed) once it
    // settles: select again after that, so the next keystroke replaces the refused text.
    setTimeout(function () {
      if (document.activeElement === field) field.select();
    }, 0);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
  // With htmx the form is sent in the background and the panel swapped: set it up again.
  document.addEventListener("htmx:beforeSwap", function (e) {
    // An answer without the panel (an error page): show it as a plain post would.
    var xhr = e.detail.xhr;
    if (e.detail.target && e.detail.target.id === "results-panel" &&
        xhr.responseText.indexOf('id="results-panel"') < 0) {
      e.detail.shouldSwap = false;
      var form = document.getElementById("entry-form");
      if (form) form.submit();
    }
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (e.target && e.target.id === "results-panel") setUp();
  });
})();
