"""Benchmark: a saved event run through the service layer, on SQLite and on PostgreSQL.

    uv run python benchmarks/service.py                        # 500, 1,000, 4,000; both backends
    uv run python benchmarks/service.py --sizes 4000 --backends postgresql
    uv run python benchmarks/service.py --pg-url postgresql://postgres@127.0.0.1:5433/postgres

For each size and backend, in a fresh process (so that its peak memory is its own): create an
event (the ``mtg`` preset, toss on), register the players in one call, then play ``--rounds``
rounds exactly as an organizer does — ``generate`` (a private draft), ``release``, ``open``, one
``report`` per table, each its own transaction, and ``complete``. After the reports, the
standings are read ``--standings-runs`` times, each right after one more result is reported
(``service.results.standings``: load the event and compute the standings; the median is shown).
Later
rounds are heavier to generate (rematch avoidance, more history to load).

SQLite: a file in a temp folder (WAL, ``synchronous=NORMAL``, as ``store/database.py`` sets
it). PostgreSQL: a throwaway database created in the server of ``--pg-url`` (default
``$FAIRPAIR_BENCH_POSTGRES_URL``, else ``$FAIRPAIR_TEST_POSTGRES_URL``) and dropped afterwards;
skipped, saying so, without a URL. Keep the server on 127.0.0.1. Results go in
docs/performance.md ("Saved events (service)").

Targets at 4,000 players: generate + release ≤ 3 s, ≥ 200 result reports/s, standings after
a result ≤ 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SIZES = (500, 1_000, 4_000)
BACKENDS = ("sqlite", "postgresql")
ACTOR = "bench"


@dataclass
class RoundTimes:
    number: int
    tables: int
    generate: float
    release: float
    open: float
    reports: int
    report_seconds: float
    report_cpu: float
    standings: list[float] = field(default_factory=list)
    complete: float = 0.0


def _result(rng: random.Random, a_seed: int, b_seed: int) -> Any:
    from fairpair.engine.results import GameScore, Result, Side

    if rng.random() < 0.06:
        return Result.draw(GameScore(1, 1))
    a_wins = rng.random() < (0.58 if a_seed < b_seed else 0.42)
    games = GameScore(2, rng.choice((0, 1))) if a_wins else GameScore(rng.choice((0, 1)), 2)
    return Result.win(Side.A if a_wins else Side.B, games)


def _timed(fn: Any, *args: Any, **kwargs: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    value = fn(*args, **kwargs)
    return value, time.perf_counter() - start


def run_case(url: str, players: int, rounds: int, standings_runs: int) -> dict[str, Any]:
    """One event of ``players`` players, ``rounds`` rounds, in the database at ``url``."""
    from fairpair.engine.rulesets import PRESETS
    from fairpair.engine.stage import Stage, TossSettings
    from fairpair.engine.stage_config import SwissConfig
    from fairpair.service.event import events
    from fairpair.service.players import roster as player_cases
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.results import recording as results
    from fairpair.service.results.standings import standings
    from fairpair.service.rounds import drafts
    from fairpair.service.rounds import lifecycle as round_cases
    from fairpair.store.database import Database

    rng = random.Random(players)
    db, opened = _timed(Database.open, url)
    stage = Stage(
        id="swiss",
        name="Swiss",
        config=SwissConfig(max_rounds=rounds + 1, toss=TossSettings(enabled=True)),
        ruleset=PRESETS["mtg"],
        seed="bench",
    )
    slug, created = _timed(events.create_event, db, "Benchmark Open", actor=ACTOR, stage=stage)
    entrants = [
        NewPlayer(f"Player {i:05d}", seed=i + 1, rating=2400 - (i * 1400) // players)
        for i in range(players)
    ]
    ids, registered = _timed(player_cases.add_players, db, slug, entrants, actor=ACTOR)
    seeds = {pid: i + 1 for i, pid in enumerate(ids)}
    played: list[RoundTimes] = []
    for number in range(1, rounds + 1):
        draft, generated = _timed(drafts.generate, db, slug, actor=ACTOR)
        _, released = _timed(round_cases.release, db, slug, actor=ACTOR)
        _, opened_round = _timed(round_cases.open_round, db, slug, number, actor=ACTOR)
        tables = [(t["table"], t["a"]["id"], t["b"]["id"]) for t in draft.pairings]
        timed_reports = tables[: len(tables) - standings_runs]
        start, cpu = time.perf_counter(), time.process_time()
        for table, a, b in timed_reports:
            result = _result(rng, seeds[a], seeds[b])
            results.report(db, slug, number, result, table=table, actor=ACTOR)
        reporting, reporting_cpu = time.perf_counter() - start, time.process_time() - cpu
        times = RoundTimes(
            number,
            len(tables),
            generated,
            released,
            opened_round,
            len(timed_reports),
            reporting,
            reporting_cpu,
        )
        for table, a, b in tables[len(timed_reports) :]:
            results.report(
                db, slug, number, _result(rng, seeds[a], seeds[b]), table=table, actor=ACTOR
            )
            _, took = _timed(standings, db, slug)
            times.standings.append(took)
        _, times.complete = _timed(round_cases.complete_round, db, slug, number, actor=ACTOR)
        played.append(times)
    db.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "load": os.getloadavg()[0],
        "players": players,
        "open": opened,
        "create": created,
        "register": registered,
        "rounds": [vars(r) for r in played],
        "peak_mib": peak,
    }


def _pg_admin_url(url: str) -> str:
    from fairpair.store.database import database_url

    return database_url(url)


def _with_database(admin: str, name: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(admin).set(database=name).render_as_string(hide_password=False)


def _pg_server(admin: str) -> str:
    from sqlalchemy import create_engine, text

    engine = create_engine(admin)
    with engine.connect() as conn:
        said = {
            name: conn.execute(text(f"SHOW {name}")).scalar_one()
            for name in ("server_version", "fsync", "synchronous_commit", "full_page_writes")
        }
    engine.dispose()
    return "PostgreSQL " + ", ".join(f"{k}={v}" for k, v in said.items())


def _pg_create(admin: str) -> str:
    from sqlalchemy import create_engine, text

    name = f"fairpair_bench_{uuid.uuid4().hex[:10]}"
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return _with_database(admin, name)


def _pg_drop(admin: str, url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    engine = create_engine(admin, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


def child(args: argparse.Namespace) -> None:
    from fairpair.gc_pause import paused_gc

    if args.paused_gc:
        with paused_gc():
            out = run_case(args.url, args.one, args.rounds, args.standings_runs)
    else:
        out = run_case(args.url, args.one, args.rounds, args.standings_runs)
    print(json.dumps(out))


def _spawn(url: str, size: int, args: argparse.Namespace) -> dict[str, Any]:
    command = [
        sys.executable,
        __file__,
        "--one",
        str(size),
        "--url",
        url,
        "--rounds",
        str(args.rounds),
        "--standings-runs",
        str(args.standings_runs),
    ]
    if args.paused_gc:
        command.append("--paused-gc")
    if args.profile:
        out = Path(args.profile) / f"{'pg' if url.startswith('postgres') else 'sqlite'}-{size}.prof"
        command[1:1] = ["-m", "cProfile", "-o", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the {size}-player case failed")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _row(backend: str, case: dict[str, Any]) -> list[str]:
    lines = []
    for r in case["rounds"]:
        rate = r["reports"] / r["report_seconds"] if r["report_seconds"] else float("nan")
        lines.append(
            f"{backend:<10} {case['players']:>7,} {r['number']:>3} {r['tables']:>6,}"
            f" {r['generate']:>8.3f} {r['release']:>8.3f} {r['generate'] + r['release']:>8.3f}"
            f" {r['open']:>7.3f} {r['reports']:>7,} {rate:>9.0f}"
            f" {1000 * r['report_cpu'] / max(r['reports'], 1):>8.2f}"
            f" {statistics.median(r['standings']):>10.3f} {max(r['standings']):>8.3f}"
            f" {r['complete']:>8.3f}"
        )
    lines[0] += f"   (create {case['create']:.3f} s, register {case['register']:.3f} s"
    lines[0] += f", peak RSS {case['peak_mib']:.0f} MiB, load average {case['load']:.1f})"
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--backends", nargs="+", choices=BACKENDS, default=list(BACKENDS))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--standings-runs", type=int, default=5)
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("FAIRPAIR_BENCH_POSTGRES_URL")
        or os.environ.get("FAIRPAIR_TEST_POSTGRES_URL"),
        help="a PostgreSQL server to create a throwaway database in",
    )
    parser.add_argument("--paused-gc", action="store_true", help="pause the cyclic GC (as the CLI)")
    parser.add_argument("--profile", metavar="DIR", help="write a cProfile of each case to DIR")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        child(args)
        return

    from calibrate import loop_seconds

    print(f"# service benchmark: {args.rounds} rounds, every table reported, one transaction each")
    print(f"# {platform.python_implementation()} {platform.python_version()}, {platform.machine()}")
    print(
        f"# yardstick: a 10M-step Python loop took {loop_seconds():.2f} s (benchmarks/calibrate.py)"
    )
    print(f"# GC {'paused' if args.paused_gc else 'enabled'}; times in seconds; rate = reports/s,")
    print("# cpu ms = this process's CPU time per report (the database server's not included);")
    print(
        f"# standings: load + compute right after a result, median and max of {args.standings_runs}"
    )
    header = (
        f"{'backend':<10} {'players':>7} {'rnd':>3} {'tables':>6} {'generate':>8} {'release':>8}"
        f" {'gen+rel':>8} {'open':>7} {'reports':>7} {'rate':>9} {'cpu ms':>8}"
        f" {'standings':>10} {'max':>8}"
        f" {'complete':>8}"
    )
    for backend in args.backends:
        if backend == "postgresql" and not args.pg_url:
            print(
                "# postgresql: skipped (no URL: --pg-url, FAIRPAIR_BENCH_POSTGRES_URL or"
                " FAIRPAIR_TEST_POSTGRES_URL)"
            )
            continue
        with tempfile.TemporaryDirectory(prefix="fairpair-bench-") as folder:
            if backend == "postgresql":
                admin = _pg_admin_url(args.pg_url)
                print(f"# postgresql: {_pg_server(admin)}")
            else:
                import sqlite3

                print(f"# sqlite: {sqlite3.sqlite_version}, a file in {tempfile.gettempdir()}")
            print(header, flush=True)
            for size in args.sizes:
                if backend == "postgresql":
                    url = _pg_create(admin)
                    try:
                        case = _spawn(url, size, args)
                    finally:
                        _pg_drop(admin, url)
                else:
                    url = f"sqlite:///{folder}/bench-{size}.sqlite3"
                    case = _spawn(url, size, args)
                print("\n".join(_row(backend, case)), flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main()
