"""The Dutch system's pairing of one round: ``pair_dutch(field)``."""

from __future__ import annotations

from fairpair.engine.pairing.dutch.brackets import BracketOutcome, NoDutchPairing, pair_brackets
from fairpair.engine.pairing.dutch.colours import allocate
from fairpair.engine.pairing.dutch.criteria import RoundFacts, down, up
from fairpair.engine.pairing.dutch.model import (
    BracketRecord,
    ColourDecision,
    DutchField,
    DutchPairing,
    Game,
)
from fairpair.engine.pairing.dutch.players import Player, Strength, build_players

__all__ = ["NoDutchPairing", "pair_dutch"]


def pair_dutch(field: DutchField) -> DutchPairing:
    """Pair the next round of ``field`` by C.04.3; ``NoDutchPairing`` when no pairing keeps the
    absolute criteria."""
    players = build_players(field)
    present = [players[e.key] for e in field.entrants if e.present]
    order = sorted(present, key=lambda p: (-p.score, p.rank))
    played = max((len(e.rounds) for e in field.entrants), default=0)
    facts = RoundFacts(played, field.rounds_total, field.scoring.win)
    met: dict[str, set[str]] = {}
    for e in field.entrants:
        for r in e.rounds:
            if r.played and r.opponent is not None:
                met.setdefault(e.key, set()).add(r.opponent)
                met.setdefault(r.opponent, set()).add(e.key)
    for a, b in field.forbidden:
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)

    outcome = pair_brackets(order, facts, met)
    decisions = []
    for i, j in outcome.pairs:
        hi, lo = (i, j) if i < j else (j, i)
        decisions.append(allocate(order[hi], order[lo], field.initial_colour))
    score = {p.key: p.score for p in order}
    rank = {p.key: p.rank for p in order}

    def board(d: object) -> tuple[int, int, int]:
        assert hasattr(d, "white") and hasattr(d, "black")
        a, b = score[d.white], score[d.black]
        return (-max(a, b), -(a + b), min(rank[d.white], rank[d.black]))

    decisions.sort(key=board)
    by_key = {d.white: d for d in decisions} | {d.black: d for d in decisions}
    last = len(outcome.brackets) - 1
    brackets = tuple(
        _record(b, order, by_key, outcome.bye if k == last else None)
        for k, b in enumerate(outcome.brackets)
    )
    return DutchPairing(
        games=tuple(Game(d.white, d.black) for d in decisions),
        bye=None if outcome.bye is None else order[outcome.bye].key,
        brackets=brackets,
        colours=tuple(decisions),
        scores=score,
    )


def _record(
    bracket: BracketOutcome,
    order: list[Player],
    decisions: dict[str, ColourDecision],
    bye: int | None,
) -> BracketRecord:
    """The bracket as paired, with the facts its note reports (floats, colours denied)."""
    keys = [order[i].key for i in bracket.residents]
    upfloaters: list[str] = []
    denied: list[str] = []
    strong: list[str] = []
    repeat_down: list[str] = []
    repeat_up: list[str] = []
    for i, j in bracket.pairs:
        hi, lo = (order[i], order[j]) if i < j else (order[j], order[i])
        if hi.score > lo.score:
            upfloaters.append(lo.key)
            if down(hi, 1):
                repeat_down.append(hi.key)
            if up(lo, 1):
                repeat_up.append(lo.key)
        decision = decisions[hi.key]
        for p in (hi, lo):
            if p.key in decision.denied:
                denied.append(p.key)
                if p.strength >= Strength.STRONG:
                    strong.append(p.key)
    if bye is not None and down(order[bye], 1):
        repeat_down.append(order[bye].key)
    return BracketRecord(
        bracket.score,
        tuple(keys),
        tuple(order[i].key for i in bracket.moved_down),
        tuple((order[i].key, order[j].key) for i, j in bracket.pairs),
        tuple(order[i].key for i in bracket.floaters),
        upfloaters=tuple(upfloaters),
        colour_denied=tuple(denied),
        strong_denied=tuple(strong),
        repeat_downfloat=tuple(repeat_down),
        repeat_upfloat=tuple(repeat_up),
    )
