"""What an event's standings give a league: the record over every stage (a bye a win, a
half-point bye a draw), taking part, and the final place (withdrew: none)."""

from __future__ import annotations

from fairpair.engine.drops import Drop
from fairpair.engine.leagues import EventEntry, event_entries
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament


def test_record_place_and_byes() -> None:
    players = tuple(Player(p, p.upper(), seed=i + 1) for i, p in enumerate("abcdef"))
    rounds = (
        Round(1, (Match(1, "a", "b", Result.win(Side.A)), Match(2, "c", "d", Result.draw())),
              (Bye("e", ByeKind.PAIRING), Bye("f", ByeKind.ZERO))),
        Round(2, (Match(1, "a", "e", Result.win(Side.A)),
                  Match(2, "b", "c", Result.forfeit(Side.B))), (Bye("d", ByeKind.HALF),)),
    )  # fmt: skip
    stage = Stage(rounds=rounds, drops=(Drop("b", 2),))
    entries = event_entries(Tournament("Friday", players, (stage,)))
    assert entries["a"] == EventEntry("a", 2, 0, 0, True, 1)
    # c: a draw and a forfeit win (3 + 1 points); d: a draw and a half-point bye (2 points)
    assert entries["c"] == EventEntry("c", 1, 1, 0, True, 2)
    # e: the pairing bye is a win in the record
    assert entries["e"].wins == 1 and entries["e"].losses == 1
    assert entries["d"] == EventEntry("d", 0, 2, 0, True, entries["d"].place)
    # b withdrew after round 2: no final place; f only sat out (a zero-point bye): no part
    assert entries["b"] == EventEntry("b", 0, 0, 2, True, None)
    assert "f" not in entries
