// Results entered while the connection is down (console Results tab; docs/phone.md).
//
// Every entry has an idempotency key (the form's hidden "key": new with each page, and a new
// one here after each entry kept). When the phone is offline — the browser says so, or a
// send fails to reach the server — the entry is kept in this phone's storage
// (localStorage "fairpair-queue:SLUG") instead, shown under "Kept on this phone", and its
// table is marked in the list. When the connection is back (and every 15 s while entries
// wait) each is sent to POST /console/SLUG/results/sync, one after another:
//   recorded (or recorded already: the same key, or the same result by someone else) — it
//     leaves the list, and the page shows the round as the server has it;
//   a conflict (someone recorded a different result meanwhile) — it stays, showing both,
//     for a decision: keep the recorded result, or correct it to this entry;
//   refused (a table that is not in the round, a result it cannot have…) — it stays with
//     the reason, to discard.
// A send whose answer was lost is sent again with the same key: the server answers with
// its first answer and records nothing twice.
// The one-tap results of the phone's table list fill the form and send it, the same way.
"use strict";
(function () {
  var RETRY_MS = 15000;
  var box, storeKey, pending = null, flushing = false, timer = null;

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || ""; }
    catch (e) { return ""; }
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey) || "[]"); } catch (e) { return []; }
  }
  function save(entries) {
    try { localStorage.setItem(storeKey, JSON.stringify(entries)); } catch (e) { /* full */ }
  }
  function el(id) { return document.getElementById(id); }
  function say(text, values) { return fairpairWords.t(text, values); }

  function button(text, className, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = className;
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  }

  function render(said) {
    if (!box) return;
    var entries = load();
    var list = el("entry-queue-list");
    list.textContent = "";
    entries.forEach(function (entry) {
      var li = document.createElement("li");
      li.className = "queued queued-" + entry.state;
      li.setAttribute("data-table", entry.table);
      li.setAttribute("data-key", entry.key);
      var text = document.createElement("p");
      if (entry.state === "waiting") {
        text.textContent = say("Table %(table)s: %(result)s — waiting to send.", entry);
      } else if (entry.state === "conflict") {
        text.textContent = say("Table %(table)s needs your decision: %(recorded)s is recorded; this phone's entry says %(entry)s.", entry);
      } else {
        text.textContent = say("Table %(table)s: %(result)s — not recorded: %(reason)s", { table: entry.table, result: entry.result, reason: entry.message });
      }
      li.appendChild(text);
      if (entry.state === "conflict") {
        var actions = document.createElement("div");
        actions.className = "queued-actions";
        actions.appendChild(button(say("Keep %(result)s", { result: entry.recorded }), "secondary keep", function () {
          drop(entry.key, say("Table %(table)s: kept %(result)s.", { table: entry.table, result: entry.recorded }));
        }));
        actions.appendChild(button(say("Correct it to %(result)s", { result: entry.entry }), "replace", function () {
          replace(entry);
        }));
        li.appendChild(actions);
      } else if (entry.state === "refused") {
        li.appendChild(button(say("Discard this entry"), "secondary discard", function () {
          drop(entry.key, say("Table %(table)s: entry discarded.", entry));
        }));
      }
      list.appendChild(li);
    });
    box.hidden = entries.length === 0 && !said;
    if (said !== undefined) el("entry-queue-said").textContent = said;
    var waiting = entries.filter(function (e) { return e.state === "waiting"; }).length;
    if (waiting && said === undefined) {
      el("entry-queue-said").textContent = fairpairWords.n(
        "%(num)d result waits to be sent: they go as soon as the connection is back.",
        "%(num)d results wait to be sent: they go as soon as the connection is back.", waiting);
    }
    mark(entries);
  }

  function mark(entries) {
    var by = {};
    entries.forEach(function (e) { by[String(e.table)] = e; });
    document.querySelectorAll("#table-list > li[data-table]").forEach(function (li) {
      var entry = by[li.getAttribute("data-table")];
      var state = li.querySelector(".t-state");
      li.classList.toggle("is-queued", !!entry);
      if (!state) return;
      if (!state.getAttribute("data-was")) state.setAttribute("data-was", state.textContent);
      state.textContent = entry ? (entry.state === "waiting" ? say("%(result)s · waiting to send", entry)
        : say("needs a decision")) : state.getAttribute("data-was");
    });
  }

  function keep(entry) {
    var entries = load().filter(function (e) { return e.key !== entry.key; });
    entries.push(entry);
    save(entries);
  }
  function drop(key, said) {
    save(load().filter(function (e) { return e.key !== key; }));
    render(said);
  }

  function formEntry() {
    var form = el("entry-form");
    if (!form) return null;
    var table = el("f-table").value.trim(), result = el("f-result").value.trim();
    if (!result && /\s/.test(table)) {
      var parts = table.split(/\s+/);
      table = parts.shift();
      result = parts.join(" ");
    }
    if (!table || !result) return null;
    return {
      key: el("f-key").value, stage: form.querySelector("[name=stage]").value,
      round: form.querySelector("[name=round]").value, table: table, result: result,
      state: "waiting", at: new Date().toISOString(),
    };
  }

  function kept(entry) {
    keep(entry);
    el("f-key").value = newKey();
    el("f-table").value = "";
    el("f-result").value = "";
    var shown = el("entry-players");
    if (shown) shown.textContent = "";
    render(say("Table %(table)s: %(result)s kept on this phone — it is sent when the connection is back.", entry));
    el("f-table").focus();
  }

  function send(entry, extra) {
    var body = { key: entry.key, stage: entry.stage, round: entry.round, table: entry.table, result: entry.result };
    Object.keys(extra || {}).forEach(function (k) { body[k] = extra[k]; });
    return fetch("/console/" + encodeURIComponent(box.getAttribute("data-slug")) + "/results/sync", {
      method: "POST", credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrftoken": csrf() },
      body: JSON.stringify(body),
    }).then(function (answer) {
      return answer.json().catch(function () { return {}; }).then(function (json) {
        json.status = answer.status;
        return json;
      });
    });
  }

  function refresh() {
    if (window.htmx && el("results-panel")) {
      window.htmx.ajax("GET", window.location.pathname + window.location.search, {
        target: "#results-panel", select: "#results-panel", swap: "outerHTML",
      });
    }
  }

  function flush() {
    if (flushing || !box) return Promise.resolve();
    var waiting = load().filter(function (e) { return e.state === "waiting"; });
    if (!waiting.length) return Promise.resolve();
    flushing = true;
    var sent = 0, said = [];
    function next(i) {
      if (i >= waiting.length) return Promise.resolve();
      var entry = waiting[i];
      return send(entry).then(function (answer) {
        document.dispatchEvent(new CustomEvent("fp:online"));
        if (answer.state === "recorded") {
          save(load().filter(function (e) { return e.key !== entry.key; }));
          sent += 1;
        } else if (answer.state === "conflict") {
          entry.state = "conflict";
          entry.recorded = answer.recorded;
          entry.entry = answer.entry;
          entry.version = answer.version;
          entry.message = answer.message;
          keep(entry);
          said.push(say("Table %(table)s needs your decision.", entry));
        } else if (answer.status === 403 || answer.status === 401) {
          var again = new Error(say("log in again to send the results kept on this phone"));
          again.logIn = true;
          throw again;
        } else {
          entry.state = "refused";
          entry.message = answer.message || say("the server answered %(status)s", answer);
          keep(entry);
          said.push(say("Table %(table)s was not recorded.", entry));
        }
        return next(i + 1);
      });
    }
    return next(0).then(function () {
      render((sent ? fairpairWords.n("%(num)d result sent and recorded.", "%(num)d results sent and recorded.", sent) + " " : "") + said.join(" "));
      if (sent) refresh();
    }).catch(function (error) {
      if (error && error.logIn) render(say("Not sent: %(reason)s.", { reason: error.message }));
      else document.dispatchEvent(new CustomEvent("fp:offline"));
      render();
    }).then(function () { flushing = false; });
  }

  function replace(entry) {
    send(entry, { action: "replace", version: entry.version,
      reason: "entered on a phone while offline, chosen over the result recorded meanwhile" }).then(function (answer) {
      if (answer.state === "recorded") {
        drop(entry.key, answer.message);
        refresh();
      } else {
        entry.state = answer.state === "conflict" ? "conflict" : "refused";
        entry.message = answer.message;
        if (answer.recorded) { entry.recorded = answer.recorded; entry.version = answer.version; }
        keep(entry);
        render(answer.message);
      }
    }).catch(function () { document.dispatchEvent(new CustomEvent("fp:offline")); });
  }

  function setUp() {
    box = el("entry-queue");
    if (!box) return;
    storeKey = "fairpair-queue:" + box.getAttribute("data-slug");
    render();
    if (navigator.onLine) flush();
    box.setAttribute("data-ready", "1");
  }

  document.addEventListener("htmx:beforeRequest", function (e) {
    if (!e.target || e.target.id !== "entry-form") return;
    var entry = formEntry();
    if (!navigator.onLine && entry) {
      e.preventDefault();
      kept(entry);
      return;
    }
    pending = entry;
  });
  document.addEventListener("htmx:sendError", function (e) {
    if (!e.target || e.target.id !== "entry-form" || !pending) return;
    kept(pending);  // it may have reached the server: its key makes sending it again safe
    pending = null;
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.target && e.target.id === "entry-form" && e.detail.successful) pending = null;
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    if (e.target && e.target.id === "results-panel") mark(load());
  });
  document.addEventListener("click", function (e) {
    var quick = e.target.closest ? e.target.closest("button.quick[data-table]") : null;
    var form = el("entry-form");
    if (!quick || !form) return;
    e.preventDefault();
    el("f-table").value = quick.getAttribute("data-table");
    el("f-result").value = quick.getAttribute("data-result");
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  });
  window.addEventListener("online", function () { flush(); });
  timer = setInterval(function () { if (navigator.onLine) flush(); }, RETRY_MS);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
