"""Every note kind renders one honest sentence that gives its numbers and names its players;
the weight-limit refusal is its own kind."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import (
    AssignedByeNote,
    Blocked,
    ByeNote,
    ByeRule,
    ExcludedNote,
    Exclusion,
    FloatNote,
    ForcedForbiddenNote,
    ForcedRematchNote,
    GroupNote,
    GroupScore,
    GroupSkippedNote,
    MethodNote,
    RematchRepairedNote,
    RoundOneNote,
    ScoreGroupNote,
    SeedSource,
    WeightLimitReached,
    render_note,
)
from fairpair.engine.pairing.costs import level_units
from fairpair.engine.pairing.elimination import Pool
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import PairingMethod

NAMES = {"a": "Ash", "b": "Bea", "c": "Cole", "d": "Dev", "e": "Eli"}
THREE = GroupScore(points=Fraction(3))


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        (
            ExcludedNote(Exclusion.DROPPED, ("e",)),
            "Eli is not paired: Eli has dropped or withdrawn.",
        ),
        (
            ExcludedNote(Exclusion.DROPPED, ("a", "b", "e")),
            "3 players are not paired: each has dropped or withdrawn (Ash, Bea and Eli).",
        ),
        (RoundOneNote(SeedSource.STAGE), "Round 1: one group in seed order (the stage's seeds)"),
        (MethodNote(PairingMethod.SLIDE, True), "Pairing method: slide (Slide for round 1"),
        (GroupNote("A", ("a", "b")), "Group A: 2 eligible players, paired as their own Swiss."),
        (GroupSkippedNote("B", ("c",)), "Group B is skipped this round: fewer than two"),
        (
            ScoreGroupNote(GroupScore(points=Fraction(5, 2)), ("a", "b"), "A"),
            "Group A: The score group on 2½ points: 2 players (Ash and Bea).",
        ),
        (
            ScoreGroupNote(GroupScore(pool=Pool(2, 1)), ("a",)),
            "Pool 2-1: 1 player (Ash).",
        ),
        (
            ScoreGroupNote(GroupScore(points=Fraction(-1)), ("a",)),
            "The score group on -1 point: 1 player (Ash).",
        ),
        (AssignedByeNote("a", ByeKind.HALF), "Ash has an assigned half bye this round"),
        (
            ByeNote("e", ByeRule.LOWEST_WITHOUT_BYE),
            "Eli has the bye: the lowest-ranked player without a bye in this stage.",
        ),
        (
            ByeNote("e", ByeRule.LOWEST_WITHOUT_BYE, forced=2),
            "With Eli sitting out, the best pairing of the others has 2 rematches or forbidden "
            "pairs; no other player without a bye would leave fewer.",
        ),
        (
            ByeNote("d", ByeRule.FEWER_FORCED, forced=0, instead_of="e", instead_forced=1),
            "Dev has the bye instead of Eli, the lowest-ranked player without a bye",
        ),
        (
            ByeNote("d", ByeRule.FEWER_FORCED, forced=0, instead_of="e", instead_forced=1),
            "With Eli sitting out, the best pairing of the others has 1 rematch or forbidden "
            "pair; with Dev sitting out, the others can all be paired without a rematch.",
        ),
        (
            ByeNote("e", ByeRule.EVERYONE_HAD_ONE, repeat=True, forced=1),
            "Eli has the bye again (a repeat bye): every eligible player has had one",
        ),
        (
            ByeNote("d", ByeRule.EVERYONE_HAD_ONE, True, 0, "e", 1),
            "Dev is the lowest-ranked whose bye forces fewest rematches, not Eli.",
        ),
        (
            ByeNote("d", ByeRule.REPEAT_PREFERRED, True, 0, "e", 1),
            "Dev has the bye again (a repeat bye), instead of Eli, who has had none",
        ),
        (
            FloatNote("a", THREE, GroupScore(points=Fraction(1))),
            "Ash floats down from the score group on 3 points to the score group on 1 point.",
        ),
        (
            FloatNote("a", GroupScore(pool=Pool(1, 0)), GroupScore(pool=Pool(0, 1))),
            "Ash floats down from pool 1-0 to pool 0-1.",
        ),
        (
            RematchRepairedNote(Blocked.FORBIDDEN, (("a", "b"),)),
            "Ash v Bea would have been a forbidden pairing; the pairings around them",
        ),
        (
            RematchRepairedNote(Blocked.REMATCH, (("a", "b"), ("c", "d"))),
            "2 textbook pairings would have been rematches (Ash v Bea and Cole v Dev)",
        ),
        (
            ForcedRematchNote((("a", "b"),)),
            "Forced rematch: Ash v Bea meet again — no pairing of the players paired this round "
            "avoids every rematch and forbidden pair.",
        ),
        (
            ForcedRematchNote((("a", "b"), ("c", "d")), "A"),
            "Group A: Forced rematches: 2 matches repeat (Ash v Bea and Cole v Dev)",
        ),
        (
            ForcedForbiddenNote((("a", "b"),)),
            "Forced forbidden pairing: 1 forbidden pair (Ash v Bea)",
        ),
    ],
)
def test_each_note_reads_as_a_sentence_with_its_numbers(note: object, expected: str) -> None:
    text = render_note(note, NAMES)  # type: ignore[arg-type]
    assert expected in text
    assert text.endswith(".")


def test_ids_stand_in_for_missing_names() -> None:
    assert render_note(ForcedRematchNote((("x1", "x2"),))).startswith("Forced rematch: x1 v x2")


def test_the_weight_limit_is_its_own_refusal() -> None:
    with pytest.raises(PairingRefused) as caught:
        level_units([2**200, 2**200], [0, 0], ())
    assert isinstance(caught.value, WeightLimitReached)
    assert caught.value.code == "weight_limit"
