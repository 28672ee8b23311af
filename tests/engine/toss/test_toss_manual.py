"""Manual flips are marked and never overwritten; recalculate changes only automatic tosses;
a toss already assigned never changes because of later edits to earlier rounds."""

from __future__ import annotations

from dataclasses import replace

import pytest
from toss_builders import play, tournament, with_round

from fairpair.engine.rounds import Toss, TossReason
from fairpair.engine.toss import (
    TossUnavailable,
    assign_tosses,
    choose_first,
    flip_toss,
    recalculate_round,
    toss_history,
)
from fairpair.engine.tournament import Tournament

IDS = ["a", "b", "c", "d", "e", "f"]


def _two_rounds() -> Tournament:
    t = tournament(IDS)
    t, _ = play(t, [("a", "b"), ("c", "d"), ("e", "f")])
    t, _ = play(t, [("a", "c"), ("b", "e"), ("d", "f")])
    return t


def test_flip_gives_the_play_to_the_other_player_and_marks_it_manual() -> None:
    t = _two_rounds()
    before = t.stage().rounds[1].matches[0].toss
    assert before is not None and not before.manual
    rnd = flip_toss(t.stage(), 2, 1)
    after = rnd.matches[0].toss
    assert after == Toss("c" if before.first == "a" else "a", TossReason.MANUAL, manual=True)
    assert rnd.matches[1:] == t.stage().rounds[1].matches[1:]
    t = with_round(t, rnd)
    back = flip_toss(t.stage(), 2, 1).matches[0].toss
    assert back == Toss(before.first, TossReason.MANUAL, manual=True)


def test_manual_survives_recalculation_and_only_automatic_ones_change() -> None:
    t = _two_rounds()
    chosen = t.stage().rounds[1].matches[1]
    pick = chosen.opponent_of(chosen.toss.first)  # type: ignore[union-attr]
    t = with_round(t, choose_first(t.stage(), 2, chosen.table, pick))
    shown = t.stage().rounds[1]
    # Edit round 1 by hand (an earlier round): round 2 keeps its tosses until recalculated.
    t = with_round(t, flip_toss(t.stage(), 1, 1))
    t = with_round(t, flip_toss(t.stage(), 1, 3))
    assert t.stage().rounds[1] == shown  # nothing moved by itself
    recalculated = recalculate_round(t, t.stage(), 2)
    manual = recalculated.matches[1].toss
    assert manual == Toss(pick, TossReason.MANUAL, manual=True)
    fresh = assign_tosses(t, t.stage(), 2, [m.players for m in shown.matches])
    for match, expected in zip(recalculated.matches, fresh, strict=True):
        if match.table != chosen.table:
            assert match.toss == expected and not match.toss.manual
    assert recalculated.matches != shown.matches  # the edit to round 1 now shows in round 2


def test_recalculate_is_a_no_op_when_nothing_changed() -> None:
    t = _two_rounds()
    assert recalculate_round(t, t.stage(), 2) == t.stage().rounds[1]


def test_recalculate_gives_a_toss_to_matches_without_one() -> None:
    t = _two_rounds()
    rnd = t.stage().rounds[1]
    bare = replace(rnd, matches=tuple(replace(m, toss=None) for m in rnd.matches))
    t2 = with_round(t, bare)
    assert recalculate_round(t2, t2.stage(), 2) == rnd


def test_manual_tosses_count_toward_the_balance() -> None:
    t = tournament(["a", "b"])
    t, (toss,) = play(t, [("a", "b")])
    loser = "b" if toss.first == "a" else "a"
    t = with_round(t, choose_first(t.stage(), 1, 1, loser))
    history = toss_history(t.stage())
    assert history.balance(loser) == 1
    assert history.of(loser).manual == 1 and history.of(toss.first).manual == 1


def test_refusals_name_the_place() -> None:
    t = _two_rounds()
    with pytest.raises(TossUnavailable, match="no match at this table"):
        flip_toss(t.stage(), 2, 9)
    with pytest.raises(TossUnavailable, match="no such round"):
        recalculate_round(t, t.stage(), 7)
    with pytest.raises(TossUnavailable, match="is not in this match"):
        choose_first(t.stage(), 2, 1, "f")
    bare = replace(t.stage().rounds[0].matches[0], toss=None)
    t = with_round(t, replace(t.stage().rounds[0], matches=(bare,)))
    with pytest.raises(TossUnavailable, match="no toss to flip"):
        flip_toss(t.stage(), 1, 1)
