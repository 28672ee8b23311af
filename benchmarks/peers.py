"""Benchmark: fairpair's whole commands beside other pairers, one table (issue 35).

    uv run python benchmarks/peers.py                       # 1,000 4,000 10,000 100,000
    uv run python benchmarks/peers.py --sizes 1000 10000 --runs 5
    uv run python benchmarks/peers.py --peer-python /tmp/peers/.venv/bin/python

For each size it writes a late-round document (benchmarks/pairing.py's generator, the `mtg`
preset; 14 rounds played up to 10,000 players, 15 at 100,000, as benchmarks/commands.py),
then times, each as a fresh process, `fairpair pair DOC --json` and `fairpair standings DOC
--json` (best wall and CPU of ``--runs``, peak RSS), and each peer found installed in
``--peer-python`` (default: this Python) pairing the same next round from the same document:

- **swisspair** (greedy C++; `pip install swisspair`): players ranked by points with their
  past opponents as forbidden pairs, `create_matches`;
- **cardarena** (greedy Python; `pip install cardarena-tournament-core`): `Swiss.from_history`
  on the document's rounds, then `pair()`.

A peer's process reads the same JSON document with the standard library and builds its own
input from it (its whole process is timed, as fairpair's). Peers are never a dependency of
fairpair: install them in a throwaway environment (`uv venv /tmp/peers && uv pip install
--python /tmp/peers/bin/python swisspair cardarena-tournament-core`); a peer that is not
installed is left out, one that takes longer than ``--timeout`` shows "> N s". The load
average is printed beside each row (the machine is shared: read the minimum of several runs).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date
from pathlib import Path

from calibrate import loop_seconds
from pairing import build_event

from fairpair import dump_document, get_ruleset

#: Each peer's program: argv[1] is the document; it pairs the next round and prints the
#: number of tables.
SWISSPAIR = r"""
import json, sys
from swisspair import Player, create_matches
doc = json.load(open(sys.argv[1], encoding="utf-8"))
stage = doc["stages"][-1]
gone = {d["player"] for d in doc.get("drops", [])}
ids = [p["id"] for p in doc["players"] if p["id"] not in gone]
points = dict.fromkeys(ids, 0)
met = {p: set() for p in ids}
byes = set()
for rnd in stage.get("rounds", []):
    for m in rnd.get("matches", []):
        a, b, r = m["a"], m["b"], m.get("result", {})
        w = r.get("winner")
        if a in points: points[a] += 3 if w == "a" else 1 if w == "draw" else 0
        if b in points: points[b] += 3 if w == "b" else 1 if w == "draw" else 0
        if a in met and b in met: met[a].add(b); met[b].add(a)
    for bye in rnd.get("byes", []):
        p = bye["player"] if isinstance(bye, dict) else bye
        if p in points: points[p] += 3; byes.add(p)
ids.sort(key=lambda p: -points[p])
players = [Player(id=p, points=points[p], rank=k + 1, can_get_bye=p not in byes,
                  cannot_be_paired_against_ids=met[p]) for k, p in enumerate(ids)]
print(len(create_matches(players)))
"""

CARDARENA = r"""
import json, sys
from cardarena_tournament_core import Matchup, MatchupOutcome, Player, Round, Swiss
doc = json.load(open(sys.argv[1], encoding="utf-8"))
stage = doc["stages"][-1]
people = {p["id"]: Player(id=p["id"], name=p["name"]) for p in doc["players"]}
gone = {d["player"] for d in doc.get("drops", [])}
won = {"a": MatchupOutcome.PLAYER1_WINS, "b": MatchupOutcome.PLAYER2_WINS,
       "draw": MatchupOutcome.DRAW}
rounds = []
for rnd in stage.get("rounds", []):
    ups = [Matchup(people[m["a"]], people[m["b"]], won[m.get("result", {}).get("winner", "draw")])
           for m in rnd.get("matches", [])]
    for bye in rnd.get("byes", []):
        p = bye["player"] if isinstance(bye, dict) else bye
        ups.append(Matchup(people[p], None, MatchupOutcome.PLAYER1_WINS))
    rounds.append(Round(rnd["number"], ups))
swiss = Swiss.from_history(list(people.values()), rounds, set(people) - gone)
print(len(swiss.pair().matchups))
"""

PEERS = {
    "swisspair": ("swisspair", SWISSPAIR),
    "cardarena": ("cardarena_tournament_core", CARDARENA),
}


def fairpair_command() -> list[str]:
    script = Path(sys.executable).with_name("fairpair")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fairpair"]


GNU_TIME = shutil.which("time", path="/usr/bin:/bin")


def run(argv: list[str], timeout: float) -> tuple[float, float, float, int] | None:
    """Wall s, CPU s, peak RSS MiB and exit code of one process; ``None`` past ``timeout``.

    GNU time, when installed, starts the command, so the peak is the command's own (a child
    forked from this Python would first count this process's size, the big event included).
    """
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        timed = [GNU_TIME, "-q", "-o", report.name, "-f", "%U %S %M", *argv] if GNU_TIME else argv
        started = time.perf_counter()
        with open(os.devnull, "wb") as sink:
            proc = subprocess.Popen(
                timed, stdout=sink, stderr=subprocess.DEVNULL, start_new_session=True
            )
            try:
                _, status, usage = os.wait4(proc.pid, 0) if timeout <= 0 else _wait(proc, timeout)
            except TimeoutError:
                os.killpg(proc.pid, 9)
                proc.wait()
                return None
        wall = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        if GNU_TIME:
            fields = report.read().split()
            if len(fields) >= 3:
                user, system, rss = fields[-3:]
                return wall, float(user) + float(system), int(rss) / 1024, code
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def _wait(proc: subprocess.Popen[bytes], timeout: float) -> tuple[int, int, resource.struct_rusage]:
    deadline = time.perf_counter() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            return pid, status, usage
        if time.perf_counter() > deadline:
            raise TimeoutError
        time.sleep(0.002)


def best(argv: list[str], runs: int, timeout: float) -> str:
    results = []
    for _ in range(runs):
        found = run(argv, timeout)
        if found is None:
            return f"> {timeout:.0f} s | | | {os.getloadavg()[0]:.1f}"
        results.append(found)
    wall = min(r[0] for r in results)
    cpu = min(r[1] for r in results)
    rss = max(r[2] for r in results)
    codes = {r[3] for r in results}
    failed = "" if codes == {0} else f" (exit {','.join(map(str, sorted(codes)))})"
    return f"{wall:.2f}{failed} | {cpu:.2f} | {rss:.0f} | {os.getloadavg()[0]:.1f}"


def installed(python: str, module: str) -> bool:
    probe = [python, "-c", f"import {module}"]
    return subprocess.run(probe, capture_output=True, check=False).returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1_000, 4_000, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peer-python", default=sys.executable)
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    fairpair = fairpair_command()
    peers = {
        name: program
        for name, (module, program) in PEERS.items()
        if installed(args.peer_python, module)
    }
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# {date.today()}; yardstick: a 10M-step Python loop took {loop_seconds():.2f} s")
    print(f"# peers found: {', '.join(peers) or 'none'} (in {args.peer_python})")
    print("| players | program | best wall (s) | CPU (s) | peak RSS (MiB) | load |")
    print("|--:|---|--:|--:|--:|--:|")
    folder = Path(tempfile.mkdtemp(prefix="fairpair-peers-"))
    try:
        for n in args.sizes:
            played = 14 if n <= 10_000 else 15
            path = folder / f"event-{n}.json"
            event = build_event(n, played + 1)
            stage = replace(event.stage(), ruleset=get_ruleset("mtg"))
            path.write_text(dump_document(replace(event, stages=(stage,))), encoding="utf-8")
            rows: list[tuple[str, list[str]]] = [
                ("fairpair pair --json", [*fairpair, "pair", str(path), "--json"]),
                ("fairpair standings --json", [*fairpair, "standings", str(path), "--json"]),
            ]
            for name, program in peers.items():
                script = folder / f"peer_{name}.py"  # not the module's own name
                script.write_text(program, encoding="utf-8")
                rows.append((name, [args.peer_python, str(script), str(path)]))
            for label, argv in rows:
                print(f"| {n:,} | {label} | {best(argv, args.runs, args.timeout)} |", flush=True)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
