"""Benchmark: the generator in Chromium — the engine's first load (cold and warm) and one
round's pairing in the browser for 16, 64, 256 and 1,024 players.

    uv run python benchmarks/generator.py              # 16, 64, 256, 1,024 players
    uv run python benchmarks/generator.py 64 256       # chosen sizes

A fairpair server runs on loopback (as ``fairpair serve``: gzip on); Debian's Chromium loads
``/generator/`` in a fresh profile (**cold**: nothing cached; the engine starts fresh) and
again in the same profile as soon as the first load has kept what it keeps (**warm**: the
service worker's cache, the compiled modules in IndexedDB and the engine's memory snapshot
in the Cache API). Load time is from navigation start to the engine ready
(``timings.ready``: Pyodide started or restored, the wheels and the engine bundle unpacked,
``fairpair.generator.browser`` imported). The phases are printed too: *Python* is Pyodide
started (cold) or restored from the snapshot (warm), from navigation start. For each size an
event of three Swiss rounds with random results is built natively, imported into a page
whose engine was restored from its snapshot (as most visits are), and round 4 is paired
there: **pairing** is ``pair_next_round`` alone, timed in Python inside Pyodide (networkx
matching); **action** is the whole click of *Pair round 4* (the document read and checked,
completed round, pairing, release, the document written, the page rendered). Each figure is
the median of three. Results go in docs/performance.md ("Generator").
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from calibrate import loop_seconds
from playwright.sync_api import sync_playwright

from fairpair.generator import actions
from web.conftest import CHROMIUM, CHROMIUM_ARGS, serving

SIZES = (16, 64, 256, 1024)
READY = "#generator[data-state=ready]"
TIMINGS = """() => {
  const t = window.fairpairGenerator.timings;
  return {ready: t.ready, python: t.python, start: t.start};
}"""
STORED = "#generator[data-stored]"
PAIR_IN_PYTHON = """(doc) => {
  const py = window.fairpairGenerator.python;
  py.globals.set("doc_text", doc);
  return py.runPython(`
import json, time
from fairpair.generator.actions import read
from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.changes.round_states import complete_round
t = read(json.loads(doc_text))
t = complete_round(t, t.stages[-1].last_round, t.stages[-1].id)
best = []
for _ in range(3):
    start = time.perf_counter()
    pair_next_round(t)
    best.append(time.perf_counter() - start)
sorted(best)[1] * 1000
`);
}"""


def history(players: int, rounds: int, seed: int) -> dict[str, Any]:
    """An event of ``players`` with ``rounds`` Swiss rounds played (random results)."""
    rng = random.Random(seed)
    names = "\n".join(f"Player {k}" for k in range(1, players + 1))
    doc = actions.new_event(name=f"{players} players", players=names, toss=True)
    for number in range(1, rounds + 1):
        doc = actions.pair_next(doc)
        for match in doc["stages"][0]["rounds"][-1]["matches"]:
            result = rng.choice(("2-0", "2-1", "1-2", "0-2", "1-1"))
            doc = actions.report(
                doc, stage="swiss", round=number, table=match["table"], result=result
            )
    return doc


def load(page: Any, url: str) -> dict[str, Any]:
    """The page loaded: ``ready`` and ``python`` (ms from navigation start) and ``start``."""
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    return dict(page.evaluate(TIMINGS))


def seconds(runs: list[dict[str, Any]], key: str) -> str:
    return f"{statistics.median(r[key] for r in runs) / 1000:.1f}"


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or list(SIZES)
    print(f"# {platform.machine()}, Python {platform.python_version()}, {date.today()}")
    print(f"# yardstick: a 10M-step Python loop took {loop_seconds():.2f} s")
    folder = tempfile.mkdtemp()
    with serving(f"sqlite:///{folder}/bench.db") as live, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        print(f"# Chromium {browser.version}")
        cold: list[dict[str, Any]] = []
        warm: list[dict[str, Any]] = []
        for _ in range(3):
            context = browser.new_context(base_url=live.url)
            page = context.new_page()
            cold.append(load(page, "/generator/"))
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_selector(STORED, state="attached", timeout=180_000)
            warm.append(load(page, "/generator/"))
            context.close()
        print(f"# load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
        print()
        print("| first load | engine | median (s) | runs (s) | Python (s) |")
        print("|---|---|--:|---|--:|")
        for label, runs in (("cold (nothing cached)", cold), ("warm (reloaded at once)", warm)):
            shown = ", ".join(f"{r['ready'] / 1000:.1f}" for r in runs)
            starts = "/".join(sorted({r["start"] for r in runs}))
            print(
                f"| {label} | {starts} | {seconds(runs, 'ready')} | {shown} "
                f"| {seconds(runs, 'python')} |"
            )
        context = browser.new_context(base_url=live.url)
        page = context.new_page()
        load(page, "/generator/")
        page.wait_for_selector(STORED, state="attached", timeout=180_000)
        assert load(page, "/generator/")["start"] == "snapshot"
        print()
        print("| players | round | pairing in Pyodide (ms) | whole action (ms) |")
        print("|--:|--:|--:|--:|")
        for players in sizes:
            doc = history(players, 3, players)
            text = json.dumps(doc)
            pairing = float(page.evaluate(PAIR_IN_PYTHON, text))
            spent: list[float] = []
            for _ in range(3):
                page.evaluate(
                    "(text) => window.fairpairGenerator.act('import', {text: text})", text
                )
                done = page.evaluate("() => window.fairpairGenerator.act('pair_next')")
                assert done, "the page refused to pair"
                spent.append(float(page.evaluate("() => window.fairpairGenerator.timings.last.ms")))
            print(f"| {players:,} | 4 | {pairing:.0f} | {statistics.median(spent):.0f} |")
        context.close()
        browser.close()


if __name__ == "__main__":
    main()
