"""The Dutch system's pairing of one round: ``pair_dutch(field)``."""

from __future__ import annotations

from fairpair.engine.pairing.dutch.brackets import NoDutchPairing, pair_brackets
from fairpair.engine.pairing.dutch.colours import allocate
from fairpair.engine.pairing.dutch.criteria import RoundFacts
from fairpair.engine.pairing.dutch.model import (
    BracketRecord,
    DutchField,
    DutchPairing,
    Game,
)
from fairpair.engine.pairing.dutch.players import Player, build_players

__all__ = ["NoDutchPairing", "pair_dutch"]


def pair_dutch(field: DutchField) -> DutchPairing:
    """Pair the next round of ``field`` by C.04.3; ``NoDutchPairing`` when no pairing keeps the
    absolute criteria."""
    players = build_players(field)
    present = [players[e.key] for e in field.entrants if e.present]
    order = sorted(present, key=lambda p: (-p.score, p.rank))
    played = max((len(e.rounds) for e in field.entrants), default=0)
    facts = RoundFacts(played, field.rounds_total, field.scoring.win)
    met: set[frozenset[str]] = set()
    for e in field.entrants:
        for r in e.rounds:
            if r.played and r.opponent is not None:
                met.add(frozenset((e.key, r.opponent)))
    for a, b in field.forbidden:
        met.add(frozenset((a, b)))

    def forbidden(a: Player, b: Player) -> bool:
        return frozenset((a.key, b.key)) in met

    outcome = pair_brackets(order, facts, forbidden)
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
    brackets = tuple(
        BracketRecord(
            b.score,
            tuple(order[i].key for i in b.residents),
            tuple(order[i].key for i in b.moved_down),
            tuple((order[i].key, order[j].key) for i, j in b.pairs),
            tuple(order[i].key for i in b.floaters),
        )
        for b in outcome.brackets
    )
    return DutchPairing(
        games=tuple(Game(d.white, d.black) for d in decisions),
        bye=None if outcome.bye is None else order[outcome.bye].key,
        brackets=brackets,
        colours=tuple(decisions),
        scores=score,
    )
