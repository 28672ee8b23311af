// The Toss tab (progressive enhancement; the flip forms work without it): while a flip is on
// its way the table is dimmed, and after htmx swaps the new table in, the focus goes back to
// the tag that was clicked so a keyboard user can keep going.
"use strict";
(function () {
  let lastFlip = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    const form = event.target.closest ? event.target.closest("form.flip") : null;
    if (!form) return;
    const button = form.querySelector("button[data-flip]");
    lastFlip = button ? button.dataset.flip + "|" + form.closest("tr").dataset.player : null;
    const table = document.getElementById("toss-table");
    if (table) table.classList.add("busy");
  });
  document.addEventListener("htmx:afterSwap", function () {
    const table = document.getElementById("toss-table");
    if (table) table.classList.remove("busy");
    if (!lastFlip) return;
    const [flip, player] = lastFlip.split("|");
    const row = document.querySelector('#toss-table tr[data-player="' + CSS.escape(player) + '"]');
    const again = row ? row.querySelector('button[data-flip="' + CSS.escape(flip) + '"]') : null;
    if (again) again.focus();
    lastFlip = null;
  });
})();
