// The Rounds tab's click-to-place (the review screen and a Scheduled round's swap mode):
// click a player, then the player whose place they take; the page's own form ("put PLAYER in
// place of PLAYER", which works without JavaScript) is filled in and sent. (Deleting a round
// and discarding a draft ask first on a page of their own: fairpair.web.round_confirms.)
"use strict";
(function () {
  function setUp() {
    var form = document.getElementById("rearrange-form");
    if (!form) return;
    document.documentElement.classList.add("fp-js");
    var picked = null;
    var seats = document.querySelectorAll(".seat[data-player]");
    function clear() {
      seats.forEach(function (s) { s.classList.remove("picked"); s.removeAttribute("aria-pressed"); });
      document.body.classList.remove("placing");
      picked = null;
    }
    seats.forEach(function (seat) {
      seat.addEventListener("click", function () {
        var id = seat.getAttribute("data-player");
        if (picked === null) {
          picked = id;
          seat.classList.add("picked");
          seat.setAttribute("aria-pressed", "true");
          document.body.classList.add("placing");
          return;
        }
        if (picked === id) { clear(); return; }
        form.querySelector("[name=player]").value = picked;
        form.querySelector("[name=other]").value = id;
        seats.forEach(function (s) { s.disabled = true; });
        form.submit();
      });
    });
    document.addEventListener("keydown", function (e) { if (e.key === "Escape") clear(); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
