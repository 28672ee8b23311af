"""Small builders for hand-worked tournaments: rounds written as short tuples.

A round is a list of entries:

- ``("ash", "bea", "a")``: ash (side a) beat bea; ``"b"``: bea won; ``"d"``: a draw;
  ``"id"``: an intentional draw; ``"fa"``/``"fb"``: side b / side a forfeited (the named side
  wins by forfeit); ``"ff"``: double forfeit; ``"skip"``: skipped; ``None``: not reported;
  ``(2, 1)`` or ``(2, 0, 1)``: a played match with that game score (a's games first).
- ``("ivo", "bye")``: a pairing bye; ``"full"``, ``"half"``, ``"zero"``: the other byes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fairpair.engine.drops import Drop
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tiebreaks import REGISTRY
from fairpair.engine.tournament import Tournament

#: Rounds as written in a test: a list of rounds, each a list of entries (above).
Rounds = Sequence[Sequence[tuple[Any, ...]]]

BYES = {"bye": ByeKind.PAIRING, "full": ByeKind.FULL, "half": ByeKind.HALF, "zero": ByeKind.ZERO}
ALL_TIEBREAKS = tuple(REGISTRY)


def result(code: Any) -> Result | None:
    if code is None:
        return None
    if isinstance(code, tuple):
        return Result.from_games(*code)
    return {
        "a": Result.win(Side.A),
        "b": Result.win(Side.B),
        "d": Result.draw(),
        "id": Result.draw(intentional=True),
        "fa": Result.forfeit(Side.A),
        "fb": Result.forfeit(Side.B),
        "ff": Result(ResultKind.DOUBLE_FORFEIT),
        "skip": Result(ResultKind.SKIPPED),
    }[code]


def make_round(number: int, entries: Iterable[tuple[Any, ...]]) -> Round:
    matches: list[Match] = []
    byes: list[Bye] = []
    for entry in entries:
        if len(entry) == 2 and entry[1] in BYES:
            byes.append(Bye(entry[0], BYES[entry[1]]))
        else:
            a, b, code = entry
            matches.append(Match(len(matches) + 1, a, b, result(code)))
    return Round(number, tuple(matches), tuple(byes))


def build(
    rounds: Sequence[Iterable[tuple[Any, ...]]],
    *,
    ruleset: str | Ruleset = "default",
    players: Sequence[str] | None = None,
    drops: Mapping[str, int] | None = None,
    ratings: Mapping[str, int] | None = None,
    seed: str = "stage-seed",
) -> Tournament:
    """A one-stage tournament; players seeded 1..n in order of first appearance."""
    built = [make_round(i + 1, entries) for i, entries in enumerate(rounds)]
    if players is None:
        seen: dict[str, None] = {}
        for rnd in built:
            for pid in rnd.participants():
                seen.setdefault(pid, None)
        players = list(seen)
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    ratings = ratings or {}
    people = tuple(
        Player(pid, pid.title(), seed=i + 1, rating=ratings.get(pid))
        for i, pid in enumerate(players)
    )
    stage = Stage(
        ruleset=rs,
        seed=seed,
        rounds=tuple(built),
        drops=tuple(Drop(p, r) for p, r in (drops or {}).items()),
    )
    return Tournament("test", people, (stage,))


def with_ruleset(t: Tournament, **changes: Any) -> Tournament:
    """The same tournament with some ruleset fields replaced."""
    stage = t.stages[-1]
    rs = dataclasses.replace(stage.ruleset, **changes)
    return dataclasses.replace(t, stages=(dataclasses.replace(stage, ruleset=rs),))


def standings(t: Tournament, *tiebreaks: str) -> Standings:
    return compute_standings(t, tiebreaks=tiebreaks if tiebreaks else None)


def values(t: Tournament, tiebreak: str) -> dict[str, Any]:
    """Every shown player's value of one tiebreak (computed alone)."""
    st = compute_standings(t, tiebreaks=[tiebreak])
    return {row.player.id: row.tiebreaks[0] for row in st.rows}


def order(st: Standings) -> list[str]:
    return [row.player.id for row in st.rows]


def ranks(st: Standings) -> dict[str, int | None]:
    return {row.player.id: row.rank for row in st.rows}


__all__ = [
    "ALL_TIEBREAKS",
    "GameScore",
    "Rounds",
    "build",
    "make_round",
    "order",
    "ranks",
    "result",
    "standings",
    "values",
    "with_ruleset",
]
