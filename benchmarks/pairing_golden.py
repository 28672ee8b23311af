"""Golden drafts: prove that a change to the pairing engine changes no draft at all.

    # with the old code (e.g. a worktree of the commit before the change):
    cd /tmp/old && uv run python /path/to/benchmarks/pairing_golden.py dump /tmp/golden-old.jsonl
    # with the new code:
    uv run python benchmarks/pairing_golden.py dump /tmp/golden-new.jsonl
    uv run python benchmarks/pairing_golden.py compare /tmp/golden-old.jsonl /tmp/golden-new.jsonl

``dump`` plays many events round by round with ``pair_next_round`` (every round's draft
recorded, so a difference in one round also changes the history of the next) and pairs the
last round of some prepared histories (random rematch graphs, the benchmark's events). Each
draft is written as its ``repr`` (tables, byes, notes, eligible) plus digests of the standings
it carries and of ``points_before``; a refusal is written as its type and message.
``--quick`` leaves out the 10,000- and 100,000-player benchmark events. Needs only the
package (run with either version's environment); imports ``benchmarks/pairing.py`` for the
benchmark events.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from fairpair.engine.drops import Drop
from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import PairingDraft, Tuning, pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import (
    AssignedBye,
    Elimination,
    Group,
    PairingMethod,
    StageFormat,
    stage_from_settings,
)
from fairpair.engine.tournament import Tournament
from fairpair.gc_pause import paused_gc

METHODS = tuple(PairingMethod)
SMALL_TUNING = Tuning(exact_limit=8, dense_limit=24, local_limit=6, local_radius=1, sparse_reach=6)
MID_TUNING = Tuning(exact_limit=30, dense_limit=60, local_limit=12, local_radius=2, sparse_reach=10)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def record(label: str, outcome: PairingDraft | PairingRefused) -> dict[str, Any]:
    if isinstance(outcome, PairingRefused):
        return {"case": label, "refused": f"{type(outcome).__name__}: {outcome}"}
    draft = outcome
    standings = None if draft.standings is None else repr(draft.standings.rows)
    head = (
        None
        if draft.standings is None
        else repr((draft.standings.after_round, [t.name for t in draft.standings.tiebreaks]))
    )
    text = repr(draft)
    return {
        "case": label,
        "draft": text if len(text) < 200_000 else digest(text),
        "standings": None if standings is None else digest(standings),
        "standings_head": head,
        "points_before": digest(repr(sorted(draft.points_before.items()))),
    }


def players(n: int, rng: random.Random, unseeded: float) -> tuple[Player, ...]:
    return tuple(
        Player(f"p{k:05d}", f"Player {k}", seed=None if rng.random() < unseeded else k + 1)
        for k in range(n)
    )


def result(rng: random.Random, draw_rate: float, forfeits: float, games: bool) -> Result:
    roll = rng.random()
    if roll < forfeits:
        return Result.forfeit(Side.A if rng.random() < 0.5 else Side.B)
    if roll < forfeits + draw_rate:
        return Result.draw(GameScore(1, 1) if games else None)
    side = Side.A if rng.random() < 0.5 else Side.B
    if games:
        score = GameScore(2, rng.choice((0, 1))) if side is Side.A else GameScore(0, 2)
        return Result.win(side, score)
    return Result.win(side)


def with_round(t: Tournament, rnd: Round) -> Tournament:
    stage = t.stage()
    return replace(t, stages=(*t.stages[:-1], replace(stage, rounds=(*stage.rounds, rnd))))


def play(
    t: Tournament,
    draft: PairingDraft,
    rng: random.Random,
    draw_rate: float,
    forfeits: float,
    games: bool,
) -> Tournament:
    matches = tuple(
        Match(p.table, p.a, p.b, result(rng, draw_rate, forfeits, games)) for p in draft.pairings
    )
    return with_round(t, Round(draft.round_number, matches, draft.byes))


def simulate(
    label: str,
    n: int,
    rounds: int,
    seed: int,
    *,
    ruleset: str = "mtg",
    draw_rate: float = 0.1,
    forfeits: float = 0.0,
    games: bool = False,
    drops: int = 0,
    unseeded: float = 0.0,
    tuning: Tuning | None = None,
    prefer_repeat_bye: bool | None = None,
    method_override: PairingMethod | None = None,
    **stage: Any,
) -> Iterator[dict[str, Any]]:
    """Play ``rounds`` rounds paired by the engine; yield each round's draft."""
    rng = random.Random(seed)
    settings: dict[str, Any] = {"ruleset": get_ruleset(ruleset), "seed": f"golden{seed}"}
    settings.update(stage)
    people = players(n, rng, unseeded)
    drop_list = tuple(
        Drop(people[k].id, rng.randrange(0, rounds + 1))
        for k in rng.sample(range(n), min(drops, n))
    )
    t = Tournament("Golden", people, (stage_from_settings(**settings),), drop_list)
    for number in range(1, rounds + 1):
        try:
            draft = pair_next_round(
                t,
                method=method_override,
                prefer_repeat_bye=prefer_repeat_bye,
                tuning=tuning or Tuning(),
            )
        except PairingRefused as refused:
            yield record(f"{label} r{number}", refused)
            return
        yield record(f"{label} r{number}", draft)
        t = play(t, draft, rng, draw_rate, forfeits, games)


def random_history(label: str, n: int, rounds: int, seed: int, **stage: Any) -> dict[str, Any]:
    """``rounds`` rounds paired at random (a dense, arbitrary rematch graph), then the next."""
    rng = random.Random(seed)
    people = players(n, rng, 0.0)
    settings: dict[str, Any] = {"ruleset": get_ruleset("mtg"), "seed": f"rand{seed}"}
    settings.update(stage)
    t = Tournament("Golden", people, (stage_from_settings(**settings),))
    for number in range(1, rounds + 1):
        ids = [p.id for p in people]
        rng.shuffle(ids)
        byes = (Bye(ids.pop()),) if len(ids) % 2 else ()
        matches = tuple(
            Match(k + 1, ids[2 * k], ids[2 * k + 1], result(rng, 0.1, 0.0, False))
            for k in range(len(ids) // 2)
        )
        t = with_round(t, Round(number, matches, byes))
    try:
        return record(label, pair_next_round(t))
    except PairingRefused as refused:
        return record(label, refused)


def cases(quick: bool) -> Iterator[dict[str, Any]]:
    # Plain Swiss events, every method, several sizes and seeds, all rounds.
    sizes = (10, 11, 16, 17, 24, 33, 40, 41, 64, 99, 150, 160, 161, 200, 257, 333, 500)
    for n in sizes:
        for seed in (1, 2, 3):
            method = METHODS[(n + seed) % len(METHODS)]
            rounds = max(4, (n - 1).bit_length() + 2)
            yield from simulate(
                f"swiss n={n} s={seed} {method.value}",
                n,
                rounds,
                seed,
                pairing_method=method,
                drops=n // 20,
            )
    for n in (1000, 2000, 3000):
        for seed in (1, 2):
            method = METHODS[seed % len(METHODS)]
            yield from simulate(
                f"swiss n={n} s={seed} {method.value}",
                n,
                (n - 1).bit_length() + 1,
                seed,
                pairing_method=method,
                drops=n // 30,
            )
    # Every method at one size, and the method override.
    for method in METHODS:
        yield from simulate(f"method {method.value}", 120, 8, 7, pairing_method=method)
        yield from simulate(f"override {method.value}", 90, 6, 8, method_override=method)
    # Late rounds of small fields: forced rematches, repeat byes.
    for n in (6, 7, 8, 9, 12, 13):
        for seed in (1, 2):
            yield from simulate(f"late n={n} s={seed}", n, n + 2, seed, draw_rate=0.2)
            yield from simulate(
                f"late repeat-bye n={n} s={seed}", n, n + 1, seed, prefer_repeat_bye=True
            )
    # Rulesets: tiebreaks of every kind, half points (Fractions), games, forfeits.
    for ruleset in ("default", "mtg", "pokemon", "riftbound", "teamup", "fide"):
        for n in (15, 60, 301):
            yield from simulate(
                f"ruleset {ruleset} n={n}",
                n,
                min(9, (n - 1).bit_length() + 2),
                n,
                ruleset=ruleset,
                draw_rate=0.2,
                forfeits=0.03,
                games=ruleset in ("mtg", "riftbound", "pokemon"),
                drops=n // 10,
                unseeded=0.2,
            )
    # Tunings that make small fields use the decomposed search, sparse windows, local repairs.
    for tuning_name, tuning in (("small", SMALL_TUNING), ("mid", MID_TUNING)):
        for n in (20, 37, 60, 90, 140):
            for seed in (1, 2):
                method = METHODS[(n + seed) % len(METHODS)]
                yield from simulate(
                    f"tuning {tuning_name} n={n} s={seed} {method.value}",
                    n,
                    (n - 1).bit_length() + 3,
                    seed,
                    draw_rate=0.15,
                    tuning=tuning,
                    pairing_method=method,
                    drops=3,
                )
    # Groups (one with a single player), forbidden pairs, assigned byes.
    for seed in (1, 2, 3):
        rng = random.Random(100 + seed)
        n = 61
        ids = [f"p{k:05d}" for k in range(n)]
        order = ids[:]
        rng.shuffle(order)
        groups = (
            Group("North", tuple(order[:30])),
            Group("South", tuple(order[30:59])),
            Group("Solo", (order[59],)),
        )  # order[60] is in no group
        yield from simulate(f"groups s={seed}", n, 7, seed, groups=groups, drops=2)
        forbidden = tuple(
            (ids[a], ids[b])
            for a, b in (sorted(rng.sample(range(n), 2)) for _ in range(25))
            if a != b
        )
        yield from simulate(f"forbidden s={seed}", n, 7, seed, forbidden_pairs=forbidden)
        yield from simulate(
            f"forbidden small s={seed}",
            12,
            9,
            seed,
            forbidden_pairs=tuple((ids[a], ids[a + 1]) for a in range(0, 11, 2)),
        )
        assigned = tuple(AssignedBye(ids[k], r) for r in (1, 2, 3) for k in rng.sample(range(n), 3))
        yield from simulate(f"assigned byes s={seed}", n, 6, seed, assigned_byes=assigned)
    # Swiss elimination.
    for w, loss in ((3, 2), (4, 3), (5, 4)):
        for n in (16, 33, 128, 257):
            yield from simulate(
                f"elimination {w}/{loss} n={n}",
                n,
                w + loss - 1,
                n + w,
                format=StageFormat.SWISS_ELIMINATION,
                elimination=Elimination(wins_to_advance=w, losses_to_eliminate=loss),
                draw_rate=0.0,
            )
    # Random histories (many rematches, dense blocks).
    for n in (20, 41, 81, 161, 400, 1001):
        for rounds in (3, 6, 10):
            yield random_history(f"random n={n} r={rounds}", n, rounds, n + rounds)
    # The benchmark's events.
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from pairing import build_event, rounds_for  # benchmarks/pairing.py

    sizes = (1_000, 4_000) if quick else (1_000, 4_000, 10_000, 100_000)
    for n in sizes:
        t = build_event(n, rounds_for(n))
        yield record(f"benchmark n={n}", pair_next_round(t))
        for method in METHODS[1:]:
            if n <= 10_000:
                label = f"benchmark n={n} {method.value}"
                try:
                    yield record(label, pair_next_round(t, method=method))
                except PairingRefused as refused:  # Dutch pairs whole rounds (its format)
                    yield record(label, refused)


def dump(path: str, quick: bool) -> None:
    started = time.perf_counter()
    count = 0
    with open(path, "w", encoding="utf-8") as out, paused_gc():
        for line in cases(quick):
            out.write(json.dumps(line, sort_keys=True) + "\n")
            count += 1
    print(f"{count} drafts written to {path} in {time.perf_counter() - started:.0f} s")


def compare(old_path: str, new_path: str) -> int:
    with open(old_path, encoding="utf-8") as f:
        old = [json.loads(line) for line in f]
    with open(new_path, encoding="utf-8") as f:
        new = [json.loads(line) for line in f]
    differences = 0
    if len(old) != len(new):
        print(f"different numbers of drafts: {len(old)} vs {len(new)}")
        differences += 1
    for a, b in zip(old, new, strict=False):
        if a != b:
            differences += 1
            if differences <= 10:
                keys = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
                print(f"DIFFERENT: {a['case']} ({', '.join(keys)})")
    refused = sum(1 for a in old if "refused" in a)
    print(f"{len(old)} drafts compared ({refused} refusals among them): {differences} differences")
    return 1 if differences else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["dump"] and len(argv) >= 2:
        dump(argv[1], "--quick" in argv)
        return 0
    if argv[:1] == ["compare"] and len(argv) == 3:
        return compare(argv[1], argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
