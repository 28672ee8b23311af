"""Repeat pairings: the tables of a round whose players met earlier in the same stage.

Seed 001 ("How Team Up runs Swiss"): "If no rematch-free draw exists, it pairs anyway and
labels the round Repeat pairing instead of stalling." A round is a **Repeat pairing** when at
least one of its tables seats two players who met in an earlier round of the same stage — met
as ``engine.history`` counts it (the "met" column of ``engine.unplayed``: a forfeit, a skipped
match or a pod table counts; a bye meets nobody). Later rounds and other stages never count.

It is derived from the facts every time (nothing is stored), so it holds whatever made the
round: the pairing (a forced rematch), a manual swap, an imported file.

Which stages: Swiss and Swiss elimination (a forced rematch), and pods (a repeat pod-mate is
the same idea: pods avoid them when they can, as Swiss avoids rematches). Never elimination
brackets or round robins: there, meeting again is the format itself (a double-elimination
grand final reset, a double round robin's second cycle), not a pairing that ran out of new
opponents.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from fairpair.engine.history import table_meetings
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Round
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat

#: The formats whose rounds can be a Repeat pairing.
REPEAT_FORMATS = frozenset({StageFormat.SWISS, StageFormat.SWISS_ELIMINATION, StageFormat.PODS})

#: What the round is called on every surface when it repeats a pairing.
REPEAT_LABEL = "Repeat pairing"


@dataclass(frozen=True, slots=True)
class RepeatMatch:
    """Two players seated together again: at ``table`` of the round, ``players`` in seat order
    (side a first; a pod table gives one ``RepeatMatch`` per pair of repeat pod-mates), who met
    in the earlier rounds ``met_in`` (ascending) of the same stage."""

    table: int
    players: tuple[PlayerId, PlayerId]
    met_in: tuple[int, ...]


def _key(a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    return (a, b) if a <= b else (b, a)


def _seated_pairs(rnd: Round) -> Iterable[tuple[int, PlayerId, PlayerId]]:
    """Every two players seated at one table of ``rnd`` (whatever their result)."""
    for m in rnd.matches:
        yield m.table, m.a, m.b
    for pod in rnd.pods:
        seats = pod.seats
        for i, first in enumerate(seats):
            for second in seats[i + 1 :]:
                yield pod.table, first, second


def repeats_by_round(stage: Stage) -> dict[int, tuple[RepeatMatch, ...]]:
    """The repeat pairings of every round of ``stage`` that has any (by round number), in one
    pass over the rounds; empty for a format outside ``REPEAT_FORMATS``."""
    return _scan(stage, None)


def repeat_pairings(stage: Stage, number: int) -> tuple[RepeatMatch, ...]:
    """The tables of round ``number`` of ``stage`` whose players met in an earlier round of the
    stage, by table (empty: not a Repeat pairing, no such round, or a format that has none)."""
    return _scan(stage, number).get(number, ())


def _scan(stage: Stage, upto: int | None) -> dict[int, tuple[RepeatMatch, ...]]:
    """The repeats of the rounds numbered up to ``upto`` (every round when ``None``): each
    round against the meetings of the rounds before it."""
    if stage.format not in REPEAT_FORMATS:
        return {}
    met: dict[tuple[PlayerId, PlayerId], list[int]] = {}
    found: dict[int, tuple[RepeatMatch, ...]] = {}
    for rnd in sorted(stage.rounds, key=lambda r: r.number):
        if upto is not None and rnd.number > upto:
            break
        repeats = [
            RepeatMatch(table, (a, b), tuple(before))
            for table, a, b in _seated_pairs(rnd)
            if (before := met.get(_key(a, b)))
        ]
        if repeats:
            found[rnd.number] = tuple(sorted(repeats, key=lambda r: r.table))
        for _table, a, b in table_meetings(rnd):
            rounds = met.setdefault(_key(a, b), [])
            if not rounds or rounds[-1] != rnd.number:
                rounds.append(rnd.number)
    return found


def rounds_text(numbers: tuple[int, ...]) -> str:
    """ "round 2", "rounds 1 and 3", "rounds 1, 2 and 4"."""
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    listed = ", ".join(str(n) for n in numbers[:-1])
    return f"rounds {listed} and {numbers[-1]}"


def repeat_text(repeat: RepeatMatch, names: Mapping[PlayerId, str]) -> str:
    """The note of one repeat: "Table 3: Ann Lee and Bob Ray met in round 2"."""
    a, b = (names.get(p, p) for p in repeat.players)
    return f"Table {repeat.table}: {a} and {b} met in {rounds_text(repeat.met_in)}"
