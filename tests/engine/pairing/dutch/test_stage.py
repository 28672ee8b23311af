"""A Swiss stage paired by the Dutch system (``pairing_method: dutch``): boards with White as
side a, who plays first set by the colour rules, results and the next round."""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.changes.results import record_result
from fairpair.engine.changes.rounds import release_round
from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.pairing.dutch.draft import initial_colour
from fairpair.engine.pairing.dutch.model import Colour
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import TossReason
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import SwissConfig, TossSettings
from fairpair.engine.tournament import Tournament


def event(toss: bool = False) -> Tournament:
    players = tuple(Player(str(n), f"Player {n}", seed=n) for n in range(1, 8))
    stage = Stage(
        config=SwissConfig(
            pairing_method=PairingMethod.DUTCH, max_rounds=4, toss=TossSettings(enabled=toss)
        ),
        ruleset=PRESETS["fide"],
        seed="club-night",
    )
    return Tournament("Club night", players, (stage,))


def test_round_one_pairs_s1_against_s2_with_the_drawn_initial_colour() -> None:
    tournament = event()
    stage = tournament.stages[0]
    draft = pair_next_round(tournament, stage)
    assert [(p.a, p.b) for p in draft.pairings] in (
        [("1", "4"), ("5", "2"), ("3", "6")],
        [("4", "1"), ("2", "5"), ("6", "3")],
    )
    top = draft.pairings[0]
    assert (top.a == "1") is (initial_colour(stage) is Colour.WHITE)
    for pairing in draft.pairings:
        assert pairing.plays_first is not None
        assert pairing.plays_first.first == pairing.a
        assert pairing.plays_first.reason is TossReason.COLOURS
    assert [b.player for b in draft.byes] == ["7"]


def test_released_colours_stay_even_with_the_toss_switched_on() -> None:
    tournament = event(toss=True)
    draft = pair_next_round(tournament, tournament.stages[0])
    released = release_round(tournament, draft)
    matches = released.stages[0].rounds[0].matches
    assert all(m.toss is not None and m.toss.first == m.a for m in matches)


def test_later_rounds_alternate_colours_and_pair_by_score() -> None:
    tournament = event()
    for _ in range(2):
        stage = tournament.stages[-1]
        draft = pair_next_round(tournament, stage)
        tournament = release_round(tournament, draft, state=None)
        number = draft.round_number
        for p in draft.pairings:
            # The higher pairing number wins each game: upsets everywhere.
            winner = Side.A if int(p.a) > int(p.b) else Side.B
            tournament = record_result(
                tournament, number, p.table, Result(ResultKind.PLAYED, winner), stage=stage.id
            )
    stage = tournament.stages[0]
    draft = pair_next_round(tournament, stage)
    assert draft.round_number == 3
    points = draft.points_before
    for p in draft.pairings:
        assert abs(points[p.a] - points[p.b]) <= Fraction(1)
    # Nobody has the same colour three times in a row before the last round.
    history: dict[str, list[str]] = {}
    for rnd in stage.rounds:
        for m in rnd.matches:
            assert m.toss is not None
            history.setdefault(m.a, []).append("W" if m.toss.first == m.a else "B")
            history.setdefault(m.b, []).append("W" if m.toss.first == m.b else "B")
    for p in draft.pairings:
        for pid, colour in ((p.a, "W"), (p.b, "B")):
            assert history.get(pid, [])[-2:] != [colour, colour]
