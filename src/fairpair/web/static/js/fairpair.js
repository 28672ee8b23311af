// fairpair's shared behaviour (no inline script: the pages' CSP forbids it). Each screen's own
// script is a separate file under /static/js/. Every page works without it; it only helps.
"use strict";
// A refusal to an htmx request (4xx) is swapped in like any answer (see the htmx-config meta
// in base.html), so the message shows next to what caused it.

// Times: the server writes every moment in UTC (<time datetime="…Z" data-local>); shown here
// in the reader's own time zone. A date input (datetime-local) that starts from a UTC value
// (data-utc) is turned local, and on submit each typed moment is also sent as UTC
// (NAME_utc), so the server never guesses the organizer's time zone.
(function () {
  function pad(n) { return String(n).padStart(2, "0"); }
  function localValue(date) {
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate()) +
      "T" + pad(date.getHours()) + ":" + pad(date.getMinutes());
  }
  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (el) {
      var date = new Date(el.getAttribute("datetime"));
      if (isNaN(date)) { return; }
      el.textContent = date.toLocaleString(undefined, {
        weekday: "short", day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit"
      });
      el.title = el.getAttribute("datetime").replace("T", " ").replace("Z", " UTC");
      el.removeAttribute("data-local");
    });
    root.querySelectorAll("input[type=datetime-local][data-utc]").forEach(function (input) {
      var date = new Date(input.value + ":00Z");
      if (!isNaN(date)) { input.value = localValue(date); }
      input.removeAttribute("data-utc");
    });
    root.querySelectorAll("[data-tz-note]").forEach(function (note) {
      var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone";
      note.textContent = "Times in " + zone + ".";
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localize(document); });
  document.addEventListener("htmx:load", function (evt) { localize(evt.detail.elt); });
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    form.querySelectorAll("input[type=datetime-local][name]").forEach(function (input) {
      var name = input.name + "_utc";
      var hidden = form.querySelector("input[type=hidden][name='" + name + "']");
      if (!hidden) {
        hidden = document.createElement("input");
        hidden.type = "hidden";
        hidden.name = name;
        form.appendChild(hidden);
      }
      var date = input.value ? new Date(input.value) : null;
      hidden.value = date && !isNaN(date) ? date.toISOString() : "";
    });
  }, true);
})();

// After a refusal the field it names has the focus with its text selected, so the next
// keystroke replaces what was wrong (a page loaded with an error, or a form swapped in by
// htmx). A confirmation step (partials/confirm.html) takes the focus instead.
(function () {
  var FIELDS = "input[aria-invalid=true]:not([type=hidden]):not([type=file]), textarea[aria-invalid=true]";
  function selectError(root) {
    var scope = root && root.querySelector ? root : document;
    var confirmBox = document.getElementById("confirm");
    if (confirmBox) { confirmBox.focus(); return; }
    var field = scope.querySelector(FIELDS);
    if (!field) return;
    field.focus();
    try { field.select(); } catch (e) { /* a field that cannot select its text */ }
  }
  document.addEventListener("DOMContentLoaded", function () { selectError(document); });
  document.addEventListener("htmx:afterSettle", function (evt) { selectError(evt.detail.elt); });
})();
