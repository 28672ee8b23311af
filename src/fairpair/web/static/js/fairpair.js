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
      // data-local="time": the time of day alone ("12:04"), as a message says it
      el.textContent = el.getAttribute("data-local") === "time"
        ? date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
        : date.toLocaleString(undefined, {
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
    var selectAll = function () {
      try { field.select(); } catch (e) { /* a field that cannot select its text */ }
    };
    selectAll();
    setTimeout(function () { if (document.activeElement === field) selectAll(); }, 0);
  }
  document.addEventListener("DOMContentLoaded", function () { selectError(document); });
  document.addEventListener("htmx:afterSettle", function (evt) { selectError(evt.detail.elt); });
})();

// A link to hand to someone (partials/share_link.html): "Copy link" copies it and says
// "Copied" where a screen reader hears it too; without the clipboard API (a page served
// over plain http to another machine) the text is selected and copied the older way. The
// phone's share sheet is offered where the browser has one.
(function () {
  function say(button, text) {
    var box = button.closest(".share-link");
    var status = box && box.querySelector(".share-status");
    if (status) status.textContent = text;
  }
  function oldCopy(input) {
    input.focus();
    input.select();
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest ? evt.target.closest("[data-copy]") : null;
    if (button) {
      var input = document.querySelector(button.getAttribute("data-copy"));
      if (!input) return;
      var done = function () { say(button, "Copied — paste it into a message."); };
      var fallback = function () {
        if (oldCopy(input)) done();
        else say(button, "Selected: press Ctrl+C (⌘C) to copy.");
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(done, fallback);
      } else {
        fallback();
      }
      return;
    }
    var share = evt.target.closest ? evt.target.closest("[data-share-url]") : null;
    if (share && navigator.share) {
      navigator.share({
        title: share.getAttribute("data-share-title"),
        text: share.getAttribute("data-share-text"),
        url: share.getAttribute("data-share-url"),
      }).catch(function () { /* the person closed the share sheet */ });
    }
  });
  document.addEventListener("focusin", function (evt) {
    if (evt.target.matches && evt.target.matches("input[data-select-all]")) evt.target.select();
  });
  function showShare(root) {
    if (!navigator.share) return;
    (root.querySelectorAll ? root : document).querySelectorAll(".share-native").forEach(function (b) {
      b.hidden = false;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { showShare(document); });
  document.addEventListener("htmx:afterSettle", function (evt) { showShare(evt.detail.elt); });
})();
