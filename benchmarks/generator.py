"""Benchmark: the generator in Chromium — the engine's first load (cold and warm) and one
round's pairing in the browser for 16, 64, 256 and 1,024 players.

    uv run python benchmarks/generator.py              # 16, 64, 256, 1,024 players
    uv run python benchmarks/generator.py 64 256       # chosen sizes

A fairpair server runs on loopback (as ``fairpair serve``: gzip on); Debian's Chromium loads
``/generator/`` in a fresh profile (**cold**: nothing cached, the service worker installs)
and again in the same profile three seconds later (**warm**: the service worker's cache and
the compiled modules kept in IndexedDB). Load time is from
navigation start to the engine ready (``timings.ready``: Pyodide started, the wheels and the
engine bundle unpacked, ``fairpair.generator.browser`` imported). For each size an event of
three Swiss rounds with random results is built natively, imported into the page, and round 4
is paired in the page: **pairing** is ``pair_next_round`` alone, timed in Python inside
Pyodide (networkx matching); **action** is the whole click of *Pair round 4* (the document
read and checked, completed round, pairing, release, the document written, the page
rendered). Each figure is the median of three. Results go in docs/performance.md
("Generator").
"""

from __future__ import annotations

import json
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
ENGINE_MS = """() => {
  const t = window.fairpairGenerator.timings;
  return t.ready;
}"""
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


def load_ms(page: Any, url: str) -> float:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    return float(page.evaluate(ENGINE_MS))


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or list(SIZES)
    print(f"# {platform.machine()}, Python {platform.python_version()}, {date.today()}")
    print(f"# yardstick: a 10M-step Python loop took {loop_seconds():.2f} s")
    folder = tempfile.mkdtemp()
    with serving(f"sqlite:///{folder}/bench.db") as live, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        print(f"# Chromium {browser.version}")
        cold: list[float] = []
        warm: list[float] = []
        for _ in range(3):
            context = browser.new_context(base_url=live.url)
            page = context.new_page()
            cold.append(load_ms(page, "/generator/"))
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_timeout(3000)  # the compiled modules are saved after the first load
            warm.append(load_ms(page, "/generator/"))
            context.close()
        print()
        print("| first load | median (s) | runs (s) |")
        print("|---|--:|---|")
        for label, runs in (("cold (nothing cached)", cold), ("warm (service worker)", warm)):
            shown = ", ".join(f"{r / 1000:.1f}" for r in runs)
            print(f"| {label} | {statistics.median(runs) / 1000:.1f} | {shown} |")
        context = browser.new_context(base_url=live.url)
        page = context.new_page()
        load_ms(page, "/generator/")
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
