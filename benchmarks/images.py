"""Benchmark: images for chat (``fairpair.interop.images``, ``service.event.images``).

    uv run python benchmarks/images.py                  # drawing, then a saved 4,000-player event
    uv run python benchmarks/images.py --no-service     # drawing only (seconds)

1. **drawing** (pure): pairings and standings of 40 / 400 / 4,000 players (synthetic views)
   — the first page, the last page, PNG and SVG — and brackets of 8 / 32 / 128; median of
   ``--runs``; the bytes of each image.
2. **a saved event** (``--players``, default 4,000; ``mtg``, toss on, three rounds played,
   round 4 open, built through the service as ``benchmarks/web.py`` builds it): ``render``
   of the current pairings and of the standings, page 1 and the last page; *first* is a
   fresh process's first call (the event's facts not loaded yet), *warm* the median after.

Target (issue 12): one page of a 4,000-player event drawn well under a second, so a bot
can post it at every change. Results go in docs/performance.md ("Images").
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from fairpair.interop.images import (
    bracket_picture,
    pairings_picture,
    standings_picture,
    to_png,
    to_svg,
)
from fairpair.responses.brackets import BracketView
from fairpair.responses.events import RoundView
from fairpair.responses.standings import StandingsResponse


def timed(work: Callable[[], bytes], runs: int) -> tuple[float, int]:
    """Median milliseconds of ``runs`` calls, and the bytes of the answer."""
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(work())
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), size


def round_view(players: int) -> RoundView:
    tables = [
        {
            "table": t + 1,
            "id": f"t{t}",
            "a": {"id": f"p{2 * t}", "name": f"Player {2 * t:05d} Ångström-Lévêque"},
            "b": {"id": f"p{2 * t + 1}", "name": f"Player {2 * t + 1:05d} Müller"},
            "first": f"p{2 * t}" if t % 2 else f"p{2 * t + 1}",
            "manual_toss": False,
            "result": f"Player {2 * t:05d} Ångström-Lévêque wins 2-1" if t % 3 else None,
            "result_version": None,
            "games_so_far": None,
        }
        for t in range(players // 2)
    ]
    return RoundView.model_validate(
        {
            "event": "bench",
            "stage": "swiss",
            "number": 4,
            "state": "open",
            "version": 1,
            "starts_at": None,
            "ends_at": None,
            "outstanding": 0,
            "tables": tables,
            "byes": [],
            "notes": [],
        }
    )


def standings_view(players: int) -> StandingsResponse:
    percent = {"value": 0.5, "exact": "1/2", "display": "50.0%"}
    return StandingsResponse.model_validate(
        {
            "tournament": "Benchmark Open",
            "stage": "swiss",
            "ruleset": "mtg",
            "after_round": 4,
            "tiebreaks": [
                {"name": n, "label": n, "short": n, "kind": "percent", "higher_is_better": True}
                for n in ("omw", "gw", "ogw")
            ],
            "rows": [
                {
                    "rank": i + 1,
                    "player": {"id": f"p{i}", "name": f"Player {i:05d} Ångström-Lévêque"},
                    "points": 12 - (12 * i) // players,
                    "points_exact": str(12 - (12 * i) // players),
                    "record": {"wins": 3, "draws": 0, "losses": 1},
                    "played": 4,
                    "byes": 0,
                    "forfeits": 0,
                    "dropped_after": None,
                    "status": None,
                    "place": None,
                    "tiebreaks": {"omw": percent, "gw": percent, "ogw": percent},
                }
                for i in range(players)
            ],
            "complete_through": 4,
            "rounds_in_progress": [],
        }
    )


def bracket_view(size: int) -> BracketView:
    rounds = []
    count, number = size // 2, 1
    while count >= 1:
        matches = [
            {
                "id": f"M{number}-{m}",
                "label": f"Round {number} #{m + 1}",
                "state": "ready",
                "a": {
                    "source": f"Seed {m + 1}",
                    "player": {"seed": m + 1, "id": f"a{m}", "name": f"Player {m + 1:03d}"},
                },
                "b": {"source": "Winner of M1", "player": None},
                "winner": None,
                "result": None,
                "walkover": False,
                "stage_round": None,
                "table": None,
            }
            for m in range(count)
        ]
        rounds.append({"round": number, "name": f"Round {number}", "matches": matches})
        count, number = count // 2, number + 1
    return BracketView.model_validate(
        {
            "event": "bench",
            "stage": "top",
            "stage_name": f"Top {size}",
            "kind": "single",
            "drawn": True,
            "entrants": size,
            "size": size,
            "seeds": [],
            "sections": [{"name": "winners", "label": "Winners bracket", "rounds": rounds}],
            "champion": None,
            "reset_needed": None,
            "placements": [],
        }
    )


def drawing(runs: int) -> None:
    print("\n1. Drawing (pure), median of", runs, "runs")
    print(f"{'picture':<34} {'players':>8} {'PNG ms':>8} {'PNG kB':>8} {'SVG ms':>8} {'SVG kB':>8}")
    for players in (40, 400, 4000):
        rnd = round_view(players)
        table = standings_view(players)
        last_pairings = -(-(players // 2) // 10)
        last_standings = -(-players // 10)
        cases: list[tuple[str, Callable[[], Any]]] = [
            ("pairings, page 1", partial(pairings_picture, rnd, event="Benchmark Open")),
            (
                f"pairings, page {last_pairings}",
                partial(pairings_picture, rnd, event="Benchmark Open", page=last_pairings),
            ),
            ("standings, top 8", partial(standings_picture, table, top=8)),
            (
                f"standings, page {last_standings}",
                partial(standings_picture, table, page=last_standings),
            ),
        ]
        for name, make in cases:
            png_ms, png_size = timed(lambda make=make: to_png(make()), runs)
            svg_ms, svg_size = timed(lambda make=make: to_svg(make()), runs)
            print(
                f"{name:<34} {players:>8,} {png_ms:>8.1f} {png_size / 1000:>8.1f} "
                f"{svg_ms:>8.1f} {svg_size / 1000:>8.1f}"
            )
    for size in (8, 32, 128):
        make = partial(bracket_picture, bracket_view(size), event="Benchmark")
        png_ms, png_size = timed(lambda make=make: to_png(make()), runs)
        svg_ms, svg_size = timed(lambda make=make: to_svg(make()), runs)
        print(
            f"{f'bracket, top {size}':<34} {size:>8,} {png_ms:>8.1f} {png_size / 1000:>8.1f} "
            f"{svg_ms:>8.1f} {svg_size / 1000:>8.1f}"
        )


def service(players: int, runs: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from web import build_event  # noqa: I001 (benchmarks/web.py, found through sys.path)

    from fairpair.service.kernel.connection import open_database
    from fairpair.service.event.images import render

    folder = tempfile.mkdtemp(prefix="fairpair-images-")
    url = f"sqlite:///{os.path.join(folder, 'bench.sqlite3')}"
    start = time.perf_counter()
    slug = build_event(url, players, 3)["slug"]
    print(
        f"\n2. A saved event of {players:,} players (built in {time.perf_counter() - start:.0f} s)"
    )
    db = open_database(url)
    last_pairings = -(-(players // 2) // 10)
    last_standings = -(-players // 10)
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("pairings, page 1", lambda: render(db, slug, "pairings")),
        (
            f"pairings, page {last_pairings}",
            lambda: render(db, slug, "pairings", page=last_pairings),
        ),
        ("standings, page 1", lambda: render(db, slug, "standings")),
        ("standings, top 8 (SVG)", lambda: render(db, slug, "standings", top=8, fmt="svg")),
        (
            f"standings, page {last_standings}",
            lambda: render(db, slug, "standings", page=last_standings),
        ),
    ]
    print(f"{'render(...)':<34} {'first ms':>9} {'warm ms':>9} {'kB':>8}")
    for name, work in cases:
        first, size = timed(work, 1)
        warm, _ = timed(work, runs)
        print(f"{name:<34} {first:>9.1f} {warm:>9.1f} {size / 1000:>8.1f}")
    db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-service", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from calibrate import loop_seconds

    print(f"yardstick (benchmarks/calibrate.py): {loop_seconds():.2f} s; load {os.getloadavg()}")
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, Pillow {__import__('PIL').__version__}"
    )
    drawing(args.runs)
    if not args.no_service:
        service(args.players, args.runs)


if __name__ == "__main__":
    main()
