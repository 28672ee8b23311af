"""The Dutch system's rules on small hand-made cases: colour preferences (A.6), colour
allocation (E.1–E.5), the worked bracket of docs/pairing.md, round 1, the bye, absolute
criteria."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.engine.pairing.dutch.brackets import NoDutchPairing
from fairpair.engine.pairing.dutch.colours import allocate
from fairpair.engine.pairing.dutch.field import dutch_field
from fairpair.engine.pairing.dutch.model import (
    Colour,
    DutchField,
    Entrant,
    FloatKind,
    Game,
    PastRound,
)
from fairpair.engine.pairing.dutch.pairer import pair_dutch
from fairpair.engine.pairing.dutch.players import Strength, build_players
from fairpair.interop.trf.reader import load_trf

W, B = Colour.WHITE, Colour.BLACK


def game(colour: Colour, opponent: str, points: int = 1) -> PastRound:
    return PastRound(points, opponent, colour, played=True, paired=True)


def entrant(key: str, *rounds: PastRound, present: bool = True) -> Entrant:
    return Entrant(key, int(key), tuple(rounds), present)


def test_colour_preferences_follow_a6() -> None:
    field = DutchField(
        (
            entrant("1", game(W, "9"), game(W, "8")),  # same colour twice: absolute Black
            entrant("2", game(W, "9"), game(B, "8"), game(W, "7")),  # +1: strong Black
            entrant("3", game(B, "9"), game(W, "8")),  # 0, last White: mild Black
            entrant("4"),  # no game yet: no preference
            entrant("5", game(B, "9"), PastRound(2), game(B, "8")),  # two Blacks: absolute White
        ),
        rounds_total=5,
    )
    players = build_players(field)
    assert (players["1"].preference, players["1"].strength) == (B, Strength.ABSOLUTE)
    assert (players["2"].preference, players["2"].strength) == (B, Strength.STRONG)
    assert (players["3"].preference, players["3"].strength) == (B, Strength.MILD)
    assert (players["4"].preference, players["4"].strength) == (None, Strength.NONE)
    assert (players["5"].preference, players["5"].strength) == (W, Strength.ABSOLUTE)
    # Two rounds ago player 5 scored a win without playing: a downfloat (C.04.3 1.4.3), and
    # no pairing-allocated bye any more (C.2).
    assert players["5"].floats[1] is FloatKind.DOWN
    assert players["5"].bye_eligible is False
    assert players["1"].bye_eligible is True


def test_colour_allocation_rules_in_order() -> None:
    field = DutchField(
        (
            entrant("1", game(W, "9")),
            entrant("2", game(B, "8")),
            entrant("3", game(W, "7"), game(W, "6")),
            entrant("4", game(B, "5"), game(W, "6")),
            entrant("5", game(W, "4")),
            entrant("6", game(W, "3")),
        ),
        rounds_total=5,
    )
    p = build_players(field)
    # E.1: both preferences granted.
    assert allocate(p["1"], p["2"], W).rule == "both"
    assert allocate(p["1"], p["2"], W).white == "2"
    # E.2: the absolute preference beats the mild one.
    decision = allocate(p["4"], p["3"], W)
    assert (decision.rule, decision.white, decision.denied) == ("stronger", "4", ("4",))
    # E.4: same history, same preference: the higher-ranked player (listed first) has it.
    decision = allocate(p["5"], p["6"], W)
    assert (decision.rule, decision.black) == ("higher-ranked", "5")


def test_rank_rule_gives_the_initial_colour_to_odd_pairing_numbers() -> None:
    players = [entrant(str(n)) for n in range(1, 9)]
    for colour in (W, B):
        result = pair_dutch(DutchField(tuple(players), rounds_total=5, initial_colour=colour))
        # Round 1: S1 = 1–4 against S2 = 5–8, the top board's colour alternating down.
        pairs = [{g.white, g.black} for g in result.games]
        assert pairs == [{"1", "5"}, {"2", "6"}, {"3", "7"}, {"4", "8"}]
        top = result.games[0]
        assert (top.white == "1") is (colour is W)
        assert (result.games[1].white == "6") is (colour is W)


def test_worked_bracket_of_the_docs() -> None:
    """docs/pairing.md, "Dutch system": Fay floats down and meets Eve, not Dan, so that every
    colour preference of the bracket is granted (C.10 before the D.1 order)."""
    event = load_trf(Path(__file__).parent / "worked_bracket.trf")
    tournament = event.tournament
    stage = tournament.stages[0]
    field = dutch_field(
        tournament,
        stage,
        2,
        present=[p.id for p in tournament.players],
        numbers={p.id: int(p.id) for p in tournament.players},
        rounds_total=5,
        initial_colour=W,
    )
    result = pair_dutch(field)
    assert result.games == (Game("2", "1"), Game("6", "5"), Game("4", "3"))
    top, bottom = result.brackets
    assert top.floaters == ("6",)
    assert bottom.moved_down == ("6",)
    assert all(d.denied == () for d in result.colours)


def test_the_bye_goes_to_the_lowest_score_that_lets_everyone_else_pair() -> None:
    players = (
        entrant("1", game(W, "2", 2)),
        entrant("2", game(B, "1", 0)),
        entrant("3", game(W, "4", 2)),
        entrant("4", game(B, "3", 0)),
        entrant("5", PastRound(2, pairing_bye=True, paired=True)),
    )
    result = pair_dutch(DutchField(players, rounds_total=5))
    # 2 and 4 are on 0: the bye goes to one of them, the one the pairing leaves out. On top,
    # 1 v 3 would deny one of them Black (both had White); 1 v 5 grants every preference and
    # 3 floats down to 2, who wants White: C.10 comes before the order of section D.
    assert result.bye == "4"
    assert {frozenset((g.white, g.black)) for g in result.games} == {
        frozenset(("1", "5")),
        frozenset(("3", "2")),
    }


def test_no_pairing_when_the_absolute_criteria_forbid_every_one() -> None:
    players = (entrant("1", game(W, "2")), entrant("2", game(B, "1")))
    with pytest.raises(NoDutchPairing):
        pair_dutch(DutchField(players, rounds_total=5))


def test_absent_players_are_not_paired_and_keep_their_place_out_of_the_rank_rule() -> None:
    players = (
        entrant("1", present=False),
        entrant("2"),
        entrant("3"),
        entrant("4"),
        entrant("5"),
    )
    result = pair_dutch(DutchField(players, rounds_total=5, initial_colour=W))
    assert {g.white for g in result.games} | {g.black for g in result.games} == {"2", "3", "4", "5"}
    # Player 2 is the top of the pairing: the initial colour is theirs.
    assert result.games[0] == Game("2", "4")
