"""The long fuzz run: many hostile inputs through every command, failures counted by class.

    uv run python benchmarks/fuzz_long.py --examples 20000            # ~20,000 inputs
    uv run python benchmarks/fuzz_long.py --minutes 40 --workers 2    # as many as fit

It uses the same strategies and checks as ``tests/fuzz`` (docs/fuzzing.md) but never stops at
a failure: each input is checked, each failure is filed under its signature (rule, command,
exception type, innermost fairpair frame) and the smallest input of each class is kept. At the
end it prints one line per class and writes a JSON report (``--out``) with every class, its
count, the families that hit it and its smallest input (as a Python bytes literal). Known open
classes (tests/fuzz/known.py) are reported too, marked as known.

Each worker is a process with its own hypothesis seed; ``--subprocess-every N`` also runs every
Nth input through a real ``python -m fairpair`` process under a random stdout encoding.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

FAMILIES = ("documents", "mutations", "raw")


class OutOfTime(Exception):
    """Raised by an example past its family's share of the time."""


CHARSETS = ("utf-8",) * 8 + ("ascii", "latin-1")


def worker(
    index: int, examples: int, deadline: float, seed: int, every: int, memory_gb: float
) -> dict[str, Any]:
    if memory_gb > 0:  # an input that allocates without bound fails with MemoryError (exit 1)
        import resource

        limit = int(memory_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    from fuzz import harness, strategies
    from fuzz.known import KNOWN_OPEN

    families = {
        "documents": strategies.documents(),
        "mutations": strategies.mutated_examples(),
        "raw": strategies.raw_bytes(),
    }
    classes: dict[str, dict[str, Any]] = {}
    tried = dict.fromkeys(FAMILIES, 0)
    validate_codes: dict[str, int] = {}
    rng = random.Random(seed)
    state = {"n": 0, "subprocess": 0}

    def record(family: str, data: bytes, checked: harness.Checked) -> None:
        code = str(checked.validate_code)
        validate_codes[code] = validate_codes.get(code, 0) + 1
        for f in checked.failures:
            key = " | ".join(f.signature)
            known = harness.known_class(f, data, KNOWN_OPEN)
            entry = classes.setdefault(
                key,
                {
                    "signature": list(f.signature),
                    "known": known,
                    "count": 0,
                    "families": [],
                    "commands": [],
                    "charsets": [],
                    "exit_codes": [],
                    "detail": f.detail,
                    "smallest": None,
                },
            )
            entry["count"] += 1
            for name, value in (
                ("families", family),
                ("commands", f.command),
                ("charsets", f.charset),
                ("exit_codes", f.exit_code),
            ):
                if value not in entry[name]:
                    entry[name].append(value)
            if entry["smallest"] is None or len(data) < len(entry["smallest_bytes"]):
                entry["smallest_bytes"] = data
                entry["smallest"] = repr(data) if len(data) <= 4000 else repr(data[:4000]) + "..."
                entry["smallest_len"] = len(data)
                entry["detail"] = f.detail
                entry["command"] = f.command
                entry["charset"] = f.charset

    def explorer(family: str, budget: int) -> Any:
        @settings(
            max_examples=budget,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(data=families[family], charset=st.sampled_from(CHARSETS))
        def explore(data: bytes, charset: str) -> None:
            if time.monotonic() > family_deadline[family]:
                raise OutOfTime  # ends this family now (returning would still generate the rest)
            state["n"] += 1
            tried[family] += 1
            checked = harness.check_input(data, charset, locate=True)
            record(family, data, checked)
            if every and state["n"] % every == 0:
                state["subprocess"] += 1
                encoding = rng.choice(list(harness.ENCODINGS))
                commands = (("standings", ()), ("pair", ()), ("toss", ()))
                sub = harness.check_subprocess(data, encoding, commands)
                record(f"{family}/subprocess", data, sub)

        return explore

    # Each family gets an equal share of the time (and of the examples).
    begin = time.monotonic()
    share = (deadline - begin) / len(FAMILIES)
    family_deadline = {f: begin + (i + 1) * share for i, f in enumerate(FAMILIES)}
    for family in FAMILIES:
        explore = explorer(family, examples // len(FAMILIES))
        with contextlib.suppress(OutOfTime):
            hseed(seed * 1000 + FAMILIES.index(family))(explore)()
    for entry in classes.values():
        entry.pop("smallest_bytes", None)
    return {
        "worker": index,
        "tried": tried,
        "subprocess": state["subprocess"],
        "validate_codes": validate_codes,
        "classes": classes,
    }


def _run(args: tuple[int, int, float, int, int, float]) -> dict[str, Any]:
    return worker(*args)


def merge(reports: list[dict[str, Any]]) -> dict[str, Any]:
    tried = dict.fromkeys(FAMILIES, 0)
    codes: dict[str, int] = {}
    classes: dict[str, dict[str, Any]] = {}
    subprocess_count = 0
    for report in reports:
        subprocess_count += report["subprocess"]
        for k, v in report["tried"].items():
            tried[k] += v
        for k, v in report["validate_codes"].items():
            codes[k] = codes.get(k, 0) + v
        for key, entry in report["classes"].items():
            mine = classes.get(key)
            if mine is None:
                classes[key] = entry
                continue
            mine["count"] += entry["count"]
            for name in ("families", "commands", "charsets", "exit_codes"):
                mine[name] = sorted({*mine[name], *entry[name]}, key=str)
            if entry["smallest_len"] < mine["smallest_len"]:
                for name in ("smallest", "smallest_len", "detail", "command", "charset"):
                    mine[name] = entry[name]
    return {
        "inputs": sum(tried.values()),
        "by_family": tried,
        "subprocess_inputs": subprocess_count,
        "validate_exit_codes": dict(sorted(codes.items())),
        "classes": dict(sorted(classes.items(), key=lambda kv: -kv[1]["count"])),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--examples",
        type=int,
        default=int(os.environ.get("FAIRPAIR_FUZZ_EXAMPLES", "20000")),
        help="inputs in all (split over workers and the three families)",
    )
    parser.add_argument("--minutes", type=float, default=40.0, help="stop after this long")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--subprocess-every", type=int, default=200)
    parser.add_argument("--memory-gb", type=float, default=4.0, help="address space per worker")
    parser.add_argument("--out", type=Path, default=Path("fuzz-long-report.json"))
    args = parser.parse_args()
    deadline = time.monotonic() + args.minutes * 60
    per_worker = max(args.examples // args.workers, len(FAMILIES))
    jobs = [
        (i, per_worker, deadline, args.seed + i, args.subprocess_every, args.memory_gb)
        for i in range(args.workers)
    ]
    start = time.monotonic()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        reports = pool.map(_run, jobs)
    summary = merge(reports)
    summary["seconds"] = round(time.monotonic() - start, 1)
    summary["seed"] = args.seed
    summary["workers"] = args.workers
    args.out.write_text(json.dumps(summary, indent=2, ensure_ascii=True) + "\n", encoding="utf-8")
    print(
        f"{summary['inputs']} inputs {summary['by_family']} in {summary['seconds']} s, "
        f"{summary['subprocess_inputs']} also as subprocesses; validate exit codes "
        f"{summary['validate_exit_codes']}"
    )
    for key, entry in summary["classes"].items():
        known = f" [known: {entry['known']}]" if entry["known"] else ""
        print(f"{entry['count']:7d}  {key}{known}  e.g. {entry['command']}: {entry['detail']}")
    print(f"report: {args.out}")


if __name__ == "__main__":
    main()
