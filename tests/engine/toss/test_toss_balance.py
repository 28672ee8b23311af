"""balance = 2 × toss wins − matches with a toss, per stage; byes count for neither."""

from __future__ import annotations

from dataclasses import replace

from toss_builders import balances, play, tournament, with_round

from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, Match, Round, Toss, TossReason
from fairpair.engine.stage import TossSettings, stage_from_settings
from fairpair.engine.toss import TossTag, assign_tosses, toss_history


def test_lower_balance_plays_first_and_reason_is_balance() -> None:
    t = tournament(["a", "b", "c", "d"])
    t, (t1, t2) = play(t, [("a", "b"), ("c", "d")])
    first = {t1.first, t2.first}
    second = {"a", "b", "c", "d"} - first
    due, surplus = sorted(second)[0], sorted(first)[0]
    (toss,) = assign_tosses(t, t.stage(), 2, [(surplus, due)])
    assert (toss.first, toss.reason) == (due, TossReason.BALANCE)


def test_byes_count_for_neither_wins_nor_matches() -> None:
    t = tournament(["a", "b", "c"])
    t, _ = play(t, [("a", "b")], byes=["c"])
    record = toss_history(t.stage()).of("c")
    assert (record.wins, record.matches, record.balance) == (0, 0, 0)
    assert [e.tag for e in record.entries] == [TossTag.BYE]
    rnd = t.stage().rounds[0]
    assert all(m.toss is not None for m in rnd.matches)


def test_the_balance_resets_in_each_stage() -> None:
    t = tournament(["a", "b"])
    t, _ = play(t, [("a", "b")])
    t, _ = play(t, [("a", "b")])
    t, _ = play(t, [("a", "b")])
    assert sorted(balances(t).values()) == [-1, 1]
    top_cut = stage_from_settings(id="top-cut", seed="tc", toss=TossSettings(enabled=True))
    t = replace(t, stages=(*t.stages, top_cut))
    assert toss_history(t.stage("top-cut")).balance("a") == 0
    t, (toss,) = play(t, [("a", "b")], stage_id="top-cut")
    assert toss.reason is TossReason.NEUTRAL  # fresh: tied balance, no history in this stage


def test_matches_without_a_toss_or_not_played_do_not_count() -> None:
    t = tournament(["a", "b", "c", "d", "e", "f"])
    rnd = Round(
        1,
        (
            Match(1, "a", "b", Result.win(Side.A), Toss("a", TossReason.NEUTRAL)),
            Match(2, "c", "d", Result.win(Side.A), None),
            Match(3, "e", "f", Result.forfeit(Side.A), Toss("e", TossReason.NEUTRAL)),
        ),
    )
    t = with_round(t, rnd)
    history = toss_history(t.stage())
    assert history.balance("a") == 1 and history.balance("b") == -1
    assert history.of("c").entries[0].tag is TossTag.UNTOSSED
    assert (history.of("c").matches, history.of("e").matches) == (0, 0)
    skipped = replace(rnd.matches[0], result=Result(ResultKind.SKIPPED))
    t = with_round(t, replace(rnd, matches=(skipped, *rnd.matches[1:])))
    assert toss_history(t.stage()).balance("a") == 0


def test_a_match_not_reported_yet_counts() -> None:
    t = tournament(["a", "b"])
    rnd = Round(1, (Match(1, "a", "b", None, Toss("b", TossReason.NEUTRAL)),))
    t = with_round(t, rnd)
    assert balances(t) == {"a": -1, "b": 1}


def test_only_earlier_rounds_are_read() -> None:
    t = tournament(["a", "b"])
    t, _ = play(t, [("a", "b")])
    t, _ = play(t, [("a", "b")])
    history = toss_history(t.stage(), before_round=2)
    assert {e.round for r in history.records.values() for e in r.entries} == {1}
    assert toss_history(t.stage(), before_round=1).records == {}
    assert Bye("a").player == "a"
