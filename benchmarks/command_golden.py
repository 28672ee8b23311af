"""Golden commands: prove that a change leaves `fairpair pair --json` and `fairpair standings
--json` as they were, on many generated tournament documents.

    # with the old code (e.g. `git archive` of the commit before, synced, in /tmp/old):
    cd /tmp/old && uv run python /path/to/benchmarks/command_golden.py dump /tmp/cmd-old.jsonl
    # with the new code:
    uv run python benchmarks/command_golden.py dump /tmp/cmd-new.jsonl
    uv run python benchmarks/command_golden.py compare /tmp/cmd-old.jsonl /tmp/cmd-new.jsonl

``dump`` generates ``--events`` documents (default 1,000) from a fixed seed: 4 to 240 players,
0 to 8 rounds played by a cheap random score-group pairer (so the documents do not depend on
the code under test), every preset of two-player Swiss, draws, forfeits, game scores, byes,
drops; it writes each document, runs both commands on it through the command line (in this
process, as the tests do) and records the exit code and a digest of the output (the output
itself when it is short). ``compare`` prints the number of events whose output differs (0 is
the proof) and the first few differences. Needs only the package.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fairpair import dump_document
from fairpair.cli.app import app
from fairpair.engine.drops import Drop
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import stage_from_settings
from fairpair.engine.tournament import Tournament

PRESETS = ("default", "mtg", "pokemon", "riftbound", "teamup", "fide")
SEED = 20261204


def _result(rng: random.Random, games: bool) -> Result:
    roll = rng.random()
    if roll < 0.03:
        return Result.forfeit(Side.A if rng.random() < 0.5 else Side.B)
    if roll < 0.15:
        return Result.draw(GameScore(1, 1) if games else None)
    side = Side.A if roll < 0.58 else Side.B
    if not games:
        return Result.win(side)
    lost = rng.randint(0, 1)
    return Result.win(side, GameScore(2, lost) if side is Side.A else GameScore(lost, 2))


def event(k: int) -> Tournament:
    """Generated event number ``k`` (the same for every version of the code)."""
    rng = random.Random(SEED + k)
    n = rng.choice((4, 5, 7, 8, 9, 12, 16, 17, 24, 33, 40, 64, 65, 100, 128, 240))
    played = rng.randint(0, 8)
    preset = PRESETS[k % len(PRESETS)]
    games = preset in ("default", "mtg", "pokemon", "riftbound") and rng.random() < 0.7
    ids = [f"p{i:03d}" for i in range(n)]
    players = tuple(
        Player(p, f"Player {i}", seed=None if rng.random() < 0.1 else i + 1)
        for i, p in enumerate(ids)
    )
    points = dict.fromkeys(ids, 0.0)
    dropped: dict[str, int] = {}
    rounds: list[Round] = []
    for number in range(1, played + 1):
        active = [p for p in ids if p not in dropped]
        active.sort(key=lambda p: (-points[p], rng.random()))
        byes: tuple[Bye, ...] = ()
        if len(active) % 2:
            byes = (Bye(active.pop()),)
            points[byes[0].player] += 1
        matches = []
        for t in range(len(active) // 2):
            a, b = active[2 * t], active[2 * t + 1]
            result = _result(rng, games)
            if result.winner is Side.A:
                points[a] += 1
            elif result.winner is Side.B:
                points[b] += 1
            else:
                points[a] += 0.5
                points[b] += 0.5
            matches.append(Match(t + 1, a, b, result))
        rounds.append(Round(number, tuple(matches), byes))
        for p in active:
            if rng.random() < 0.03 and len(ids) - len(dropped) > 4:
                dropped[p] = number
    stage = stage_from_settings(
        ruleset=get_ruleset(preset), seed=f"golden{k}", rounds=tuple(rounds)
    )
    drops = tuple(Drop(p, after) for p, after in dropped.items())
    return Tournament(f"Golden {k}", players, (stage,), drops)


def _digest(text: str) -> str:
    return text if len(text) < 400 else hashlib.sha256(text.encode()).hexdigest()


def invoke(args: list[str]) -> tuple[int, str, str]:
    """Exit code, standard output and standard error of ``fairpair ARGS`` run in this process
    (the program returns its code; an older one raised ``SystemExit``)."""
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(2))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code: object
        try:
            code = app(args)
        except SystemExit as stop:
            code = stop.code
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode())
    return (code if isinstance(code, int) else int(bool(code))), texts[0], texts[1]


def dump(path: str, count: int) -> None:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, open(path, "w", encoding="utf-8") as out:
        document = Path(folder) / "event.json"
        for k in range(count):
            document.write_text(dump_document(event(k)), encoding="utf-8")
            line: dict[str, Any] = {"event": k}
            for command in ("pair", "standings"):
                code, stdout, stderr = invoke([command, str(document), "--json"])
                line[command] = [code, _digest(stdout), _digest(stderr)]
            out.write(json.dumps(line) + "\n")
    print(f"{count} events in {time.perf_counter() - started:.0f} s → {path}")


def compare(old_path: str, new_path: str) -> int:
    old = [json.loads(line) for line in Path(old_path).read_text().splitlines()]
    new = [json.loads(line) for line in Path(new_path).read_text().splitlines()]
    if len(old) != len(new):
        print(f"different event counts: {len(old)} and {len(new)}")
        return 1
    differ = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    errors = sum(1 for line in new for c in ("pair", "standings") if line[c][0] != 0)
    print(f"{len(new)} events, {len(differ)} with a different output ({errors} refusals)")
    for a, b in differ[:5]:
        print(" old", a)
        print(" new", b)
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["dump"] and len(argv) >= 2:
        count = int(argv[argv.index("--events") + 1]) if "--events" in argv else 1000
        dump(argv[1], count)
        return 0
    if argv[:1] == ["compare"] and len(argv) == 3:
        return compare(argv[1], argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
