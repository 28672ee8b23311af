"""Equal balance → walk back from the most recent round in which both had a toss; the one who
played first where the other did not gives way. Rounds where either had a bye are skipped."""

from __future__ import annotations

from toss_builders import tournament, with_round

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, Match, Round, Toss, TossReason
from fairpair.engine.toss import assign_tosses, history_first, toss_history


def _round(number: int, firsts: dict[tuple[str, str], str], byes: tuple[str, ...] = ()) -> Round:
    matches = tuple(
        Match(i + 1, a, b, Result.win(Side.A), Toss(first, TossReason.NEUTRAL))
        for i, ((a, b), first) in enumerate(firsts.items())
    )
    return Round(number, matches, tuple(Bye(p) for p in byes))


def test_most_recent_difference_decides() -> None:
    t = tournament(["a", "b", "c", "d"])
    # a: T then -, b: - then T (both 0); the most recent round says b played first → b yields
    t = with_round(t, _round(1, {("a", "c"): "a", ("b", "d"): "d"}))
    t = with_round(t, _round(2, {("a", "d"): "d", ("b", "c"): "b"}))
    (toss,) = assign_tosses(t, t.stage(), 3, [("b", "a")])
    assert (toss.first, toss.reason) == ("a", TossReason.HISTORY)


def test_rounds_where_both_played_first_are_passed_over() -> None:
    t = tournament(["a", "b", "c", "d"])
    t = with_round(t, _round(1, {("a", "c"): "a", ("b", "d"): "d"}))  # a T, b -
    t = with_round(t, _round(2, {("a", "d"): "d", ("b", "c"): "b"}))  # a -, b T
    t = with_round(t, _round(3, {("a", "c"): "a", ("b", "d"): "b"}))  # both T
    history = toss_history(t.stage())
    assert history.balance("a") == history.balance("b") == 1
    # round 3 agrees (both T): passed over; round 2: b played first → b yields
    assert history_first(history.of("a"), history.of("b")) == "a"
    (toss,) = assign_tosses(t, t.stage(), 4, [("b", "a")])
    assert (toss.first, toss.reason) == ("a", TossReason.HISTORY)


def test_a_round_with_a_bye_is_skipped() -> None:
    t = tournament(["a", "b", "c", "d", "e"])
    t = with_round(t, _round(1, {("a", "c"): "c", ("b", "d"): "b"}, byes=("e",)))  # a -, b T
    t = with_round(t, _round(2, {("a", "c"): "a", ("d", "e"): "e"}, byes=("b",)))  # a T, b bye
    history = toss_history(t.stage())
    assert history.balance("a") == 0 and history.balance("b") == 1
    # Make balances equal: b loses a toss in round 3 while a has a bye.
    t = with_round(t, _round(3, {("b", "c"): "c", ("d", "e"): "d"}, byes=("a",)))
    history = toss_history(t.stage())
    assert history.balance("a") == history.balance("b") == 0
    # Rounds 3 and 2 each had a bye for one of them: skipped. Round 1: b played first → a.
    (toss,) = assign_tosses(t, t.stage(), 4, [("a", "b")])
    assert (toss.first, toss.reason) == ("a", TossReason.HISTORY)


def test_no_shared_toss_round_means_history_is_tied() -> None:
    t = tournament(["a", "b", "c", "d"])
    t = with_round(t, _round(1, {("a", "c"): "a"}, byes=("b", "d")))
    t = with_round(t, _round(2, {("b", "d"): "d", ("a", "c"): "c"}))
    history = toss_history(t.stage())
    # a: T, - (0); b: bye, - (-1): different balances; make them equal with one more round
    t = with_round(t, _round(3, {("b", "c"): "b"}, byes=("a", "d")))
    history = toss_history(t.stage())
    assert history.balance("a") == history.balance("b") == 0
    # round 2 both "-" (no difference), rounds 1 and 3 have a bye: history tied → policy
    assert history_first(history.of("a"), history.of("b")) is None
    (toss,) = assign_tosses(t, t.stage(), 4, [("a", "b")])
    assert toss.reason is TossReason.NEUTRAL
