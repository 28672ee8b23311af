// The stage form, enhanced: the format select shows only that format's fields at once, and
// the tiebreak order is changed by drag and drop or by the up/down/remove buttons without a
// round trip. Without this script the same buttons post the form back, re-ordered.
"use strict";
(function () {
  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }

  function showFormat(form) {
    var select = form.querySelector("#f-format");
    if (!select) return;
    form.querySelectorAll("[data-formats]").forEach(function (el) {
      var formats = (el.getAttribute("data-formats") || "").split(" ");
      el.hidden = formats.indexOf(select.value) === -1;
    });
  }

  function renumber(list) {
    var items = Array.prototype.slice.call(list.querySelectorAll("li[data-tiebreak]"));
    items.forEach(function (li, i) {
      li.querySelectorAll("button[name=move]").forEach(function (b) {
        var action = b.value.split(":")[0];
        b.value = action + ":" + i;
        if (action === "up") b.disabled = i === 0;
        if (action === "down") b.disabled = i === items.length - 1;
      });
    });
  }

  function enhanceTiebreaks(list) {
    var dragged = null;
    list.addEventListener("click", function (event) {
      var button = event.target.closest("button[name=move]");
      if (!button || !list.contains(button)) return;
      var li = button.closest("li");
      var action = button.value.split(":")[0];
      if (action === "up" && li.previousElementSibling) {
        list.insertBefore(li, li.previousElementSibling);
      } else if (action === "down" && li.nextElementSibling) {
        list.insertBefore(li.nextElementSibling, li);
      } else if (action === "remove") {
        li.remove();
      } else {
        return;
      }
      event.preventDefault();
      renumber(list);
      var focus = li.isConnected ? li.querySelector("button[value^='" + action + "']") : null;
      if (focus && !focus.disabled) focus.focus();
    });
    list.addEventListener("dragstart", function (event) {
      dragged = event.target.closest("li[data-tiebreak]");
      if (!dragged) return;
      dragged.classList.add("dragging");
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", dragged.getAttribute("data-tiebreak"));
    });
    list.addEventListener("dragover", function (event) {
      if (!dragged) return;
      event.preventDefault();
      var over = event.target.closest("li[data-tiebreak]");
      if (!over || over === dragged) return;
      var box = over.getBoundingClientRect();
      var after = event.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? over.nextElementSibling : over);
    });
    list.addEventListener("drop", function (event) { event.preventDefault(); });
    list.addEventListener("dragend", function () {
      if (dragged) dragged.classList.remove("dragging");
      dragged = null;
      renumber(list);
    });
  }

  ready(function () {
    var form = document.getElementById("stage-form");
    if (!form) return;
    var select = form.querySelector("#f-format");
    var apply = document.getElementById("apply-format");
    if (select) {
      if (apply) apply.hidden = true;
      select.addEventListener("change", function () { showFormat(form); });
    }
    var list = document.getElementById("tiebreaks");
    if (list) enhanceTiebreaks(list);
  });
})();
