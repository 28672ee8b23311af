"""The fast paths of the pairing path give exactly what the plain code they replaced gave
(benchmarks/pairing_golden.py compares whole drafts; these check the pieces on odd inputs)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from fairpair.engine.history import met_before, met_numbers
from fairpair.engine.ledger import build_ledger
from fairpair.engine.pairing.feasibility import can_pair_all, largest_allowed_matching
from fairpair.engine.pairing.next_round import _met_among, _without
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Match, PodTable, Round
from fairpair.engine.stage import Stage, stage_from_settings
from fairpair.engine.standings.table import _split
from fairpair.engine.tiebreaks.context import Value
from fairpair.engine.tournament import Tournament


def plain_split(
    group: list[str], values: dict[str, Value], higher_is_better: bool
) -> list[list[str]]:
    """``_split`` as it was: sort by ``(0, ±value)`` or ``(1, 0)`` for no value, then cut."""

    def key(p: str) -> tuple[int, Fraction | int]:
        value = values.get(p)
        if value is None:
            return (1, 0)
        return (0, -value if higher_is_better else value)

    parts: list[list[str]] = []
    last: object = object()
    for pid in sorted(group, key=key):
        if parts and key(pid) == last:
            parts[-1].append(pid)
        else:
            parts.append([pid])
            last = key(pid)
    return parts


def test_split_matches_the_plain_sort_on_ties_missing_values_and_mixed_numbers() -> None:
    rng = random.Random(5)
    shared = [Fraction(k, 3) for k in range(-4, 5)]
    for _ in range(300):
        n = rng.randrange(0, 30)
        group = [f"p{k}" for k in rng.sample(range(100), n)]
        values: dict[str, Value] = {}
        for p in group:
            roll = rng.random()
            if roll < 0.2:
                continue  # no value at all
            if roll < 0.3:
                values[p] = None
            elif roll < 0.65:
                values[p] = rng.randrange(-3, 4)
            elif roll < 0.8:
                values[p] = Fraction(rng.randrange(-6, 7), rng.choice((1, 2, 3)))
            else:  # one shared object per value, as the tiebreaks make them
                values[p] = rng.choice(shared)
        for higher in (True, False):
            assert _split(group, values, higher) == plain_split(group, values, higher)


def random_stage(
    rng: random.Random,
    ids: list[str],
    pods: bool,
    results: tuple[Result | None, ...] = (
        None,
        Result.win(Side.A),
        Result.forfeit(Side.B),
        Result.draw(),
    ),
) -> Stage:
    """A few rounds of random tables among ``ids`` (results or none; pod tables too)."""
    rounds = []
    for number in range(1, rng.randrange(1, 6) + 1):
        seated = rng.sample(ids, 2 * rng.randrange(0, len(ids) // 2 + 1))
        matches = tuple(
            Match(t + 1, seated[2 * t], seated[2 * t + 1], rng.choice(results))
            for t in range(len(seated) // 2 - (4 if pods and len(seated) >= 8 else 0))
        )
        rest = seated[2 * len(matches) :]
        tables = (PodTable(len(matches) + 1, tuple(rest)),) if pods and rest else ()
        rounds.append(Round(number, matches, pods=tables))
    return stage_from_settings(rounds=tuple(rounds))


def random_fields(seed: int) -> Iterator[tuple[int, Stage, list[str]]]:
    """120 random stages among 30 players, each with a random field of them."""
    rng = random.Random(seed)
    ids = [f"p{k}" for k in range(30)]
    for attempt in range(120):
        yield (
            attempt,
            random_stage(rng, ids, pods=attempt % 3 == 0),
            rng.sample(ids, rng.randrange(0, 25)),
        )


def plain_met(stage: Stage, players: list[str]) -> list[frozenset[int]]:
    """What ``met_before`` says of ``players``, numbered by their order in it."""
    numbers = {p: k for k, p in enumerate(players)}
    met = met_before(stage)
    return [frozenset(numbers[q] for q in met.get(p, ()) if q in numbers) for p in players]


def test_met_numbers_is_met_before_by_number() -> None:
    """Who met whom among a field, by number: what ``met_before`` says of those players."""
    for _, stage, field in random_fields(9):
        assert met_numbers(stage, {p: k for k, p in enumerate(field)}) == plain_met(stage, field)


def test_a_pool_takes_its_part_of_the_fields_meetings() -> None:
    """A pool (a group, or the field re-sorted) numbered in its own order: whom each of its
    players met among it, as ``met_before`` says; the field in its own order is the field's
    own numbering and sets."""
    rng = random.Random(11)
    for attempt, stage, field in random_fields(10):
        position = {p: k for k, p in enumerate(field)}
        field_met = met_numbers(stage, position)
        pool = field if attempt % 4 == 0 else rng.sample(field, rng.randrange(0, len(field) + 1))
        numbers, met = _met_among(field_met, position, pool)
        assert numbers == {p: k for k, p in enumerate(pool)}
        assert met == plain_met(stage, pool)
        if pool == field:
            assert (numbers, met) == (position, field_met) and met is field_met


def test_met_numbers_read_off_the_ledger_is_met_before_by_number() -> None:
    """Given the stage's ledger's meetings, who met whom among a field is what ``met_before``
    says — read off them when the ledger lists every match (every result played, or
    forfeited under ``forfeits_have_opponent``, between two of the players; no pod, no round
    left out), else off the rounds."""
    rng = random.Random(12)
    ids = [f"p{k}" for k in range(30)]
    results = {
        "played": (Result.win(Side.A), Result.win(Side.B), Result.draw()),
        "any": (
            None,
            Result.win(Side.A),
            Result.forfeit(Side.B),
            Result.draw(),
            Result.draw(intentional=True),
            Result(ResultKind.DOUBLE_FORFEIT),
            Result(ResultKind.SKIPPED),
        ),
    }
    listed = 0
    for attempt in range(300):
        kind = "played" if attempt % 2 else "any"
        stage = random_stage(rng, ids, pods=attempt % 7 == 0, results=results[kind])
        if attempt % 5 == 0:
            ruleset = replace(stage.ruleset, forfeits_have_opponent=True)
            stage = replace(stage, ruleset=ruleset)
        known = ids if attempt % 3 else rng.sample(ids, 25)  # matches of unknown players
        tournament = Tournament("t", tuple(Player(p, p) for p in known), (stage,))
        last = max((r.number for r in stage.rounds), default=0)
        after = None if attempt % 4 else rng.randrange(0, last + 1)
        ledger = build_ledger(tournament, stage, after)
        field = rng.sample(known, rng.randrange(0, 25))
        numbers = {p: k for k, p in enumerate(field)}
        assert met_numbers(stage, numbers, ledger.meetings()) == plain_met(stage, field), attempt
        everything = all(
            m.result is not None
            and (
                m.result.kind in (ResultKind.PLAYED, ResultKind.INTENTIONAL_DRAW)
                or (m.result.kind is ResultKind.FORFEIT and stage.ruleset.forfeits_have_opponent)
            )
            and m.a in known
            and m.b in known
            for r in stage.rounds
            for m in r.matches
        )
        whole = after is None or after >= last
        pods = any(r.pods for r in stage.rounds)
        assert ledger.lists_every_match == (everything and whole and not pods), attempt
        assert (ledger.meetings() is None) == (not ledger.lists_every_match)
        listed += ledger.lists_every_match
    assert listed > 50  # the fast reading is tried, not only the rounds'


def test_a_player_taken_out_of_the_numbering() -> None:
    rng = random.Random(10)
    for _ in range(200):
        n = rng.randrange(1, 12)
        blocks = [frozenset(rng.sample(range(n), rng.randrange(0, n))) - {k} for k in range(n)]
        gone = rng.choice([n - 1, rng.randrange(n)])
        new = [p for p in range(n) if p != gone]
        plain = [frozenset(new.index(q) for q in blocks[p] if q != gone) for p in new]
        assert _without(blocks, gone) == plain


def test_can_pair_all_is_whether_a_perfect_matching_exists() -> None:
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randrange(0, 14)
        players = [f"p{k}" for k in range(n)]
        outside = [f"x{k}" for k in range(6)]  # blocked partners not in the field count not
        most = rng.randrange(0, n + 3)
        blocked: dict[str, set[str]] = {p: set() for p in players}
        for p in players:
            for q in rng.sample(players + outside, min(most, n + 6)):
                if q != p:
                    blocked[p].add(q)
                    if q in blocked:
                        blocked[q].add(p)
        exact = n % 2 == 0 and 2 * largest_allowed_matching(players, blocked) == n
        assert can_pair_all(players, blocked) == exact
