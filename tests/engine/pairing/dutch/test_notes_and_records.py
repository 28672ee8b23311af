"""The Dutch draft's notes in the arbiter's terms (colour rules E.1-E.5, the criteria a bracket
could not meet in full, floats), and the TRF records a pairing program reads: ``XXC`` (the
initial colour) and ``XXP`` (forbidden pairs)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.pairing import render_note
from fairpair.engine.pairing.notes import (
    ColourRule,
    ColoursNote,
    ColourWanted,
    DutchBracketNote,
    GroupScore,
    Preference,
)
from fairpair.engine.stage import PairingMethod
from fairpair.engine.stage_config import PieceColour
from fairpair.engine.tournament import Tournament
from fairpair.interop.trf.errors import TrfError
from fairpair.interop.trf.reader import load_trf, read_trf

HERE = Path(__file__).parent


def dutch(tournament: Tournament) -> Tournament:
    stage = tournament.stages[0]
    assert stage.swiss is not None
    config = dataclasses.replace(stage.swiss, pairing_method=PairingMethod.DUTCH)
    return dataclasses.replace(tournament, stages=(dataclasses.replace(stage, config=config),))


def test_xxp_forbids_a_pair_and_the_round_is_paired_as_bbppairings_pairs_it() -> None:
    # The worked bracket with "XXP 1 2": Ann and Bob must not meet. bbpPairings 6.0.0 pairs
    # this file 6-1, 2-3, 4-5 (White first).
    event = load_trf(HERE / "forbidden_xxp.trf")
    stage = event.tournament.stages[0]
    assert stage.forbidden_pairs == (("1", "2"),)
    assert stage.swiss is not None and stage.swiss.initial_colour is PieceColour.WHITE
    tournament = dutch(event.tournament)
    draft = pair_next_round(tournament, tournament.stages[0])
    assert [(p.a, p.b) for p in draft.pairings] == [("6", "1"), ("2", "3"), ("4", "5")]


def test_xxp_lists_every_pair_of_its_players_and_refuses_a_word_that_is_no_number() -> None:
    text = (HERE / "forbidden_xxp.trf").read_text().replace("XXP 1 2", "XXP 1 2 3")
    stage = read_trf(text).tournament.stages[0]
    assert stage.forbidden_pairs == (("1", "2"), ("1", "3"), ("2", "3"))
    with pytest.raises(TrfError, match="'x' is not a start number"):
        read_trf(text.replace("XXP 1 2 3", "XXP 1 x"))


def test_every_denied_colour_preference_has_a_note_that_says_which_rule_decided() -> None:
    event = load_trf(HERE / "bbp" / "t0000_77p_7r.trf")
    tournament = dutch(event.tournament)
    draft = pair_next_round(tournament, tournament.stages[0])
    colours = [n for n in draft.notes if isinstance(n, ColoursNote)]
    brackets = [n for n in draft.notes if isinstance(n, DutchBracketNote)]
    boards = {(p.a, p.b) for p in draft.pairings}
    assert colours, "a 77-player round 8 has boards where a preference gives way"
    for note in colours:
        assert (note.white, note.black) in boards
        assert note.rule is not ColourRule.BOTH or note.denied
    denied = sorted(p for n in colours for p in n.denied)
    assert sorted(p for n in brackets for p in n.colour_denied) == denied
    assert sum(n.pair_count for n in brackets) == len(draft.pairings)
    names = {p.id: p.name for p in tournament.players}
    for note in colours:
        assert render_note(note, names).startswith(f"{names[note.white]} has White")
    for bracket in brackets:
        assert render_note(bracket, names).startswith("The bracket on")


def test_the_notes_read_in_the_arbiters_terms() -> None:
    names = {"1": "Ann", "2": "Bob", "3": "Cid"}
    stronger = ColoursNote(
        "1", "2", ColourRule.STRONGER, "1", ColourWanted.WHITE, Preference.ABSOLUTE,
        ColourWanted.WHITE, Preference.STRONG, ("2",), 1,
    )  # fmt: skip
    assert render_note(stronger, names) == (
        "Ann has White against Bob: Ann had an absolute preference for White, Bob a strong "
        "preference for White; the stronger preference is granted (E.2); Bob does not get the "
        "preferred colour."
    )
    rank = ColoursNote(
        "2", "1", ColourRule.RANK, "1", None, Preference.NONE, None, Preference.NONE, (), 4
    )
    assert render_note(rank, names) == (
        "Bob has White against Ann: Bob had no colour preference, Ann no colour preference; "
        "neither preference decides, so the rank rule does (E.5): Ann, ranked higher than Bob, "
        "is number 4 (even)."
    )
    bracket = DutchBracketNote(
        GroupScore(points=Fraction(3, 2)), ("1",), ("3",), ("2",), 1,
        ("3",), (), ("1",), (),
    )  # fmt: skip
    assert render_note(bracket, names) == (
        "The bracket on 1½ points: 1 pair; moved down from above: Ann (upfloaters: Cid); Bob "
        "floats down to the next bracket. Not met in full (as little as the criteria before "
        "them allow): C.10, colour preference not granted: Cid; C.12, a downfloat again after "
        "one last round: Ann."
    )
