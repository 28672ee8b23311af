// The generator page (docs/generator.md): loads Pyodide and fairpair's own engine from this
// site's files, keeps the event's tournament document in the browser's storage, and sends each
// click to the engine (fairpair.generator.browser.call), which answers with the new document and
// the event as HTML. No pairing, standings or toss logic lives here.
"use strict";

(function () {
  var root = document.getElementById("generator");
  if (!root) { return; }
  var KEY = "fairpair.generator.document";
  var PYCACHE = "/fairpair-pycache";
  var bar = document.getElementById("gen-progress");
  var status = document.getElementById("gen-status");
  var errorBox = document.getElementById("gen-error");
  var eventBox = document.getElementById("gen-event");
  var startBox = document.getElementById("gen-start");
  var tools = document.getElementById("gen-tools");
  var downloads = JSON.parse(root.dataset.downloads);
  var total = downloads.reduce(function (sum, d) { return sum + d[1]; }, 0);
  var loaded = 0;
  var glue = null;
  var doc = null;
  var timings = { started: performance.now() };

  function say(text) { status.textContent = text; }
  function progress() {
    bar.value = Math.min(loaded, total);
    say(fairpairWords.t("Downloading the engine: %(loaded)s of %(total)s MB", { loaded: (loaded / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) }));
  }
  function showError(error) {
    errorBox.textContent = error ? (error.where ? error.where + ": " : "") + error.reason : "";
    errorBox.hidden = !error;
    if (error) { errorBox.focus(); }
  }

  // Count the bytes of every download while the engine loads, for the progress bar. The
  // bytes are counted on a copy: the response itself goes on as it came (for the WebAssembly,
  // a response with its URL is what lets the browser keep the compiled code between visits).
  var realFetch = window.fetch.bind(window);
  function countedFetch(input, init) {
    return realFetch(input, init).then(function (response) {
      if (!response.body) { return response; }
      var reader = response.clone().body.getReader();
      (function count() {
        reader.read().then(function (chunk) {
          if (chunk.done) { return; }
          loaded += chunk.value.length;
          progress();
          count();
        }, function () {});
      })();
      return response;
    });
  }
  function bytes(url) {
    return window.fetch(url).then(function (r) {
      if (!r.ok) { throw new Error(url + ": " + r.status); }
      return r.arrayBuffer();
    });
  }

  // The engine's start, fastest first (docs/generator.md "How the page loads"):
  //  - from a memory snapshot: Python's memory as it was once the standard library, networkx
  //    and the engine were imported, kept in this browser (Cache API) per version of the site
  //    after the first visit; restoring it skips starting Python and those imports. Only the
  //    document reader (pydantic-core, a WebAssembly library a snapshot cannot hold) and the
  //    page glue are imported after it.
  //  - fresh: Pyodide starts, the engine is imported, and the snapshot is taken on the way
  //    (before pydantic-core) and saved once the page is ready.
  // A snapshot that cannot be read or restored (cut short, changed on disk, another Pyodide
  // build) is deleted and the page starts fresh, making a new one.
  var SNAPSHOT_CACHE = "fairpair-generator-" + root.dataset.version;
  var SNAPSHOT_URL = "engine-snapshot-" + root.dataset.version;
  var snapshots = !!window.caches;

  function wheelNamed(part) {
    return function (url) { return url.indexOf("/" + part + "-") >= 0; };
  }

  // A 32-bit check of the snapshot's bytes (FNV-1a over its words), kept beside it.
  function checksum(bytes) {
    var words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
    var h = -2128831035;
    for (var i = 0; i < words.length; i++) { h = Math.imul(h ^ words[i], 16777619); }
    return String(h >>> 0) + "-" + bytes.byteLength;
  }

  function storedSnapshot() {
    if (!snapshots) { return Promise.resolve(null); }
    return caches.open(SNAPSHOT_CACHE).then(function (cache) {
      return cache.match(SNAPSHOT_URL);
    }).catch(function () { return null; });
  }

  function readSnapshot(stored) {
    return stored.arrayBuffer().then(function (data) {
      var bytes = new Uint8Array(data);
      if (bytes.byteLength % 4 || checksum(bytes) !== stored.headers.get("x-check")) {
        throw new Error(fairpairWords.t("the stored engine is damaged"));
      }
      return bytes;
    });
  }

  function forgetSnapshot() {
    if (!snapshots) { return Promise.resolve(); }
    return caches.open(SNAPSHOT_CACHE).then(function (cache) { return cache.delete(SNAPSHOT_URL); }).catch(function () {});
  }

  function saveSnapshot(bytes) {
    var headers = { "content-type": "application/octet-stream", "x-check": checksum(bytes) };
    return caches.open(SNAPSHOT_CACHE).then(function (cache) {
      return cache.put(SNAPSHOT_URL, new Response(bytes, { headers: headers }));
    });
  }

  // Pyodide restores a snapshot into the memory its WebAssembly module starts with, which is
  // smaller than a loaded engine's: grow the module's memory as it is instantiated.
  function growingMemory(size, load) {
    var streaming = WebAssembly.instantiateStreaming;
    var plain = WebAssembly.instantiate;
    function grow(result) {
      var memory = result && result.instance && result.instance.exports.memory;
      if (memory instanceof WebAssembly.Memory && memory.buffer.byteLength < size()) {
        memory.grow(Math.ceil((size() - memory.buffer.byteLength) / 65536));
      }
      return result;
    }
    WebAssembly.instantiateStreaming = function (source, imports) { return streaming.call(WebAssembly, source, imports).then(grow); };
    WebAssembly.instantiate = function (source, imports) { return plain.call(WebAssembly, source, imports).then(grow); };
    function restore() { WebAssembly.instantiateStreaming = streaming; WebAssembly.instantiate = plain; }
    return load().then(function (value) { restore(); return value; }, function (error) { restore(); throw error; });
  }

  function keepCompiledModules(py) {
    // Compiled modules are kept in this browser (IndexedDB) per version of the site: a later
    // visit imports them without compiling the sources again.
    py.FS.mkdirTree(PYCACHE);
    py.FS.mount(py.FS.filesystems.IDBFS, {}, PYCACHE);
    return new Promise(function (done) { py.FS.syncfs(true, function () { done(); }); });
  }

  function unpack(py, buffers, urls, which) {
    for (var i = 0; i < urls.length; i++) {
      if (which(urls[i])) { py.unpackArchive(buffers[i], "wheel"); }
    }
  }

  function fromSnapshot(stored, files, wheels) {
    var bytes = null;
    var snapshot = readSnapshot(stored).then(function (data) {
      bytes = data;
      timings.snapshotRead = performance.now();
      return bytes;
    });
    var py = null;
    var buffers = null;
    say(fairpairWords.t("Starting fairpair's engine from this device…"));
    var started = growingMemory(function () { return bytes.length; }, function () {
      return loadPyodide({ indexURL: root.dataset.pyodide, _loadSnapshot: snapshot });
    });
    return Promise.all([started, files]).then(function (got) {
      py = got[0];
      buffers = got[1];
      timings.python = performance.now();
      return keepCompiledModules(py);
    }).then(function () {
      timings.compiledModules = performance.now();
      // What was imported is in memory; the files the rest needs are unpacked now (the
      // document reader, the glue), networkx's once the page is ready.
      unpack(py, buffers, wheels, function (url) { return !wheelNamed("networkx")(url); });
      py.unpackArchive(buffers[wheels.length], "zip", { extractDir: py.runPython("import sysconfig; sysconfig.get_path('purelib')") });
      // The snapshot holds the random generator's state: seed it afresh.
      py.runPython("import importlib, sys; importlib.invalidate_caches()\nif 'random' in sys.modules: sys.modules['random'].seed()");
      timings.unpacked = performance.now();
      var glue = py.pyimport("fairpair.generator.browser");
      // A first event through the restored engine (four players, round 1): a snapshot that
      // restores but does not work fails here, not at the organizer's first click.
      var check = JSON.parse(glue.call("new_event", JSON.stringify({ document: {}, name: "check", players: "A\nB\nC\nD" })));
      check = check.error ? check : JSON.parse(glue.call("pair_next", JSON.stringify({ document: check.document })));
      if (check.error || check.document.stages[0].rounds[0].matches.length !== 2) {
        throw new Error(fairpairWords.t("the stored engine does not pair"));
      }
      var compiled = py.runPython("import os, sys; os.path.isdir(sys.pycache_prefix)");
      return {
        py: py,
        glue: glue,
        later: function () {
          unpack(py, buffers, wheels, wheelNamed("networkx"));
          if (!compiled) { keepCompiled(py); }  // this browser dropped them, not the snapshot
        },
      };
    });
  }

  function fresh(files, wheels) {
    var py = null;
    var buffers = null;
    return Promise.all([loadPyodide({ indexURL: root.dataset.pyodide, _makeSnapshot: snapshots }), files]).then(function (got) {
      py = got[0];
      buffers = got[1];
      timings.python = performance.now();
      say(fairpairWords.t("Starting fairpair's engine…"));
      return keepCompiledModules(py);
    }).then(function () {
      unpack(py, buffers, wheels, function () { return true; });
      var site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
      py.unpackArchive(buffers[wheels.length], "zip", { extractDir: site });
      timings.unpacked = performance.now();
      var prefix = PYCACHE + "/" + root.dataset.version;
      py.runPython("import sys; sys.pycache_prefix = " + JSON.stringify(prefix));
      var compiled = !py.runPython("import os; not os.path.isdir(sys.pycache_prefix)");
      var snapshot = null;
      if (snapshots) {
        // Everything a snapshot can hold: the engine's modules (pure Python, as is networkx,
        // which the matcher imports); then the snapshot, before pydantic-core.
        py.runPython([
          "import importlib, pkgutil, fairpair.engine",
          "for found in pkgutil.walk_packages(fairpair.engine.__path__, 'fairpair.engine.'):",
          "    try:",
          "        importlib.import_module(found.name)",
          "    except ImportError:",  // the fast path's module: rustworkx has no build here
          "        pass",
        ].join("\n"));
        try { snapshot = py.makeMemorySnapshot(); } catch (error) { snapshot = null; }
        timings.snapshotTaken = performance.now();
      }
      var glue = py.pyimport("fairpair.generator.browser");
      return {
        py: py,
        glue: glue,
        // Kept on this device for the next visit: the compiled modules, the snapshot
        // (data-stored says when, for the tests and the benchmark).
        later: function () {
          var kept = [compiled ? null : keepCompiled(py), snapshot ? saveSnapshot(snapshot) : null];
          Promise.all(kept).then(function () { root.dataset.stored = snapshot ? "snapshot" : "modules"; }, function () { root.dataset.stored = "failed"; });
        },
      };
    });
  }

  function boot() {
    window.fetch = countedFetch;
    var wheels = JSON.parse(root.dataset.wheels);
    var files = Promise.all(wheels.concat([root.dataset.engine]).map(bytes));
    return storedSnapshot().then(function (stored) {
      if (!stored) { timings.start = "fresh"; return fresh(files, wheels); }
      timings.start = "snapshot";
      return fromSnapshot(stored, files, wheels).catch(function (error) {
        timings.start = "fresh";
        timings.snapshotFailed = String(error && error.message || error);
        return forgetSnapshot().then(function () { return fresh(files, wheels); });
      });
    }).then(function (engine) {
      window.fetch = realFetch;
      glue = engine.glue;
      // The engine speaks the page's language: the catalogue the page carries (data-words).
      root.dataset.speaks = glue.learn(root.dataset.language || "en", root.dataset.words || "");
      window.fairpairGenerator.python = engine.py;
      bar.value = total;
      timings.ready = performance.now();
      root.dataset.state = "ready";
      say(fairpairWords.t("Ready: the engine runs in this browser (%(seconds)s s to load).", { seconds: ((timings.ready - timings.started) / 1000).toFixed(1) }));
      document.getElementById("gen-loading").classList.add("loaded");
      startBox.querySelectorAll("button, input, select, textarea").forEach(function (el) { el.disabled = false; });
      tools.querySelectorAll("button, input").forEach(function (el) { el.disabled = false; });
      var saved = localStorage.getItem(KEY);
      if (saved) { act("view", {}, JSON.parse(saved)); } else { show(); }
      setTimeout(engine.later, 0);
      // The service worker keeps the files for offline use; it is registered now so that
      // its downloads do not compete with the engine's on a first visit.
      window.fairpairOffline.register(root.dataset.worker, root.dataset.scope);
    }).catch(function (error) {
      window.fetch = realFetch;
      root.dataset.state = "failed";
      say(fairpairWords.t("The engine could not load: %(error)s. Reload the page to try again.", { error: error.message }));
    });
  }

  // The modules imported so far, compiled once more as "unchecked" .pyc files (unpacked
  // sources get a new date each visit, which would make ordinary .pyc files stale), then
  // saved to IndexedDB; older versions' folders are removed.
  function keepCompiled(py) {
    py.runPython([
      "import importlib.util, os, py_compile, shutil, sys",
      "root = os.path.dirname(sys.pycache_prefix)",
      "for name in os.listdir(root):",
      "    if os.path.join(root, name) != sys.pycache_prefix: shutil.rmtree(os.path.join(root, name), ignore_errors=True)",
      "for module in list(sys.modules.values()):",
      "    source = getattr(module, '__file__', None) or ''",
      "    if source.endswith('.py') and not source.startswith('/lib/') and os.path.isfile(source):",
      "        py_compile.compile(source, cfile=importlib.util.cache_from_source(source), invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)",
    ].join("\n"));
    return new Promise(function (done, failed) { py.FS.syncfs(false, function (error) { if (error) { failed(error); } else { done(); } }); });
  }

  function show() {
    var open = doc !== null;
    startBox.hidden = open;
    eventBox.hidden = !open;
    document.querySelectorAll("[data-needs-event]").forEach(function (el) { el.hidden = !open; });
  }

  // One engine call: the action's fields and the document in, the new document and HTML out.
  function act(action, fields, given) {
    var payload = Object.assign({}, fields, { document: given || doc });
    var start = performance.now();
    var answer = JSON.parse(glue.call(action, JSON.stringify(payload)));
    timings.last = { action: action, ms: performance.now() - start };
    if (answer.error) { showError(answer.error); return false; }
    showError(null);
    doc = answer.document;
    localStorage.setItem(KEY, JSON.stringify(doc));
    var open = Array.prototype.map.call(eventBox.querySelectorAll("details[open][id]"), function (d) { return d.id; });
    eventBox.innerHTML = answer.html;
    open.forEach(function (id) { var d = document.getElementById(id); if (d) { d.open = true; } });
    show();
    return true;
  }

  function fields(form) {
    var out = {};
    new FormData(form).forEach(function (value, key) {
      if (key in out) { out[key] = [].concat(out[key], value); } else { out[key] = value; }
    });
    return out;
  }

  eventBox.addEventListener("click", function (ev) {
    var target = ev.target.closest("[data-action], [data-print]");
    if (!target || target.tagName === "SELECT" || target.tagName === "FORM") { return; }
    if (target.dataset.print) { printSection(target.dataset.print); return; }
    if (target.dataset.action === "drop" && !window.confirm(fairpairWords.t("Drop %(player)s from the event? Their results stay.", { player: target.getAttribute("aria-label").slice(5) }))) { return; }
    act(target.dataset.action, Object.assign({}, target.dataset));
  });
  eventBox.addEventListener("change", function (ev) {
    var target = ev.target;
    if (target.dataset.action === "report") {
      act("report", { stage: target.dataset.stage, round: target.dataset.round, table: target.dataset.table, result: target.value });
    }
  });
  eventBox.addEventListener("submit", function (ev) {
    var form = ev.target;
    ev.preventDefault();
    var given = Object.assign({}, form.dataset, fields(form));
    if (form.dataset.action === "places") { given.places = [].concat(given.place || []); }
    act(form.dataset.action, given);
  });

  function printSection(id) {
    var section = document.getElementById(id);
    if (!section) { return; }
    document.body.classList.add("gen-printing");
    section.classList.add("gen-print-target");
    window.print();
    section.classList.remove("gen-print-target");
    document.body.classList.remove("gen-printing");
  }

  document.getElementById("gen-new").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var given = fields(ev.target);
    given.toss = ev.target.elements.toss.checked;
    act("new_event", given, {});
  });
  document.getElementById("gen-csv").addEventListener("change", function (ev) {
    var file = ev.target.files[0];
    if (!file) { return; }
    file.text().then(function (text) { document.getElementById("gen-players").value = text; });
  });
  document.getElementById("gen-export").addEventListener("click", function () {
    var blob = new Blob([JSON.stringify(doc, null, 2) + "\n"], { type: "application/json" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = (doc.name || "event").replace(/[^A-Za-z0-9-]+/g, "-").toLowerCase() + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
  document.getElementById("gen-import").addEventListener("change", function (ev) {
    var file = ev.target.files[0];
    if (!file) { return; }
    file.text().then(function (text) { act("import", { text: text }, {}); ev.target.value = ""; });
  });
  document.getElementById("gen-clear").addEventListener("click", function () {
    if (!window.confirm(fairpairWords.t("Close this event? Export it first to keep it: it is removed from this browser."))) { return; }
    localStorage.removeItem(KEY);
    doc = null;
    eventBox.innerHTML = "";
    show();
  });
  var onward = document.getElementById("gen-continue");
  onward.addEventListener("click", function () {
    var target = root.dataset.continue;
    var note = document.getElementById("gen-continue-note");
    if (!target) {
      note.textContent = fairpairWords.t("Export the event, then on your fairpair server open the generator and import the file there: its Continue on this server button saves it as an event.");
      return;
    }
    var body = new FormData();
    body.append("document", new Blob([JSON.stringify(doc)], { type: "application/json" }), "event.json");
    body.append("csrftoken", root.dataset.csrf);
    var login = "/login?next=" + encodeURIComponent(window.location.pathname);
    fetch(target, { method: "POST", body: body, headers: { "x-csrftoken": root.dataset.csrf }, credentials: "same-origin", redirect: "manual" }).then(function (r) {
      if (r.type === "opaqueredirect" || r.status === 401) { return { status: 401, data: { reason: fairpairWords.t("Log in as an organizer of this server first, then come back here: the event waits in this browser."), login: login } }; }
      if (r.status === 403) { return { status: 403, data: { reason: fairpairWords.t("This account cannot create events: ask the server's administrator for an organizer account.") } }; }
      return r.json().then(function (data) { return { status: r.status, data: data }; });
    }).then(function (answer) {
      if (answer.status === 201) { window.location.href = answer.data.url; return; }
      note.textContent = (answer.data.where ? answer.data.where + ": " : "") + (answer.data.reason || fairpairWords.t("The server refused the event."));
      if (answer.data.login) {
        var link = document.createElement("a");
        link.href = answer.data.login;
        link.textContent = fairpairWords.t("Log in");
        note.appendChild(document.createTextNode(" "));
        note.appendChild(link);
      }
    }).catch(function () { note.textContent = fairpairWords.t("The server cannot be reached (offline?): export the event and import it later."); });
  });

  window.fairpairGenerator = { timings: timings, act: function (a, f) { return act(a, f || {}); } };
  boot();
})();
