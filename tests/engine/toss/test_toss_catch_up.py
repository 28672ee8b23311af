"""Catch-up: on a perfect tie the lower-ranked player plays first; Neutral in round 1 or when
the ranks are equal."""

from __future__ import annotations

from toss_builders import tournament, with_round

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round, Toss, TossReason
from fairpair.engine.stage import TossPolicy
from fairpair.engine.toss import assign_tosses, catch_up_first, neutral_first


def test_round_one_falls_back_to_neutral() -> None:
    ids = [f"p{i}" for i in range(16)]
    t = tournament(ids, policy=TossPolicy.CATCH_UP)
    pairs = [(ids[i], ids[i + 1]) for i in range(0, 16, 2)]
    tosses = assign_tosses(t, t.stage(), 1, pairs)
    for (a, b), toss in zip(pairs, tosses, strict=True):
        assert toss.reason is TossReason.NEUTRAL
        assert toss.first == neutral_first(a, b, stage_id="swiss", seed="test-seed", round_number=1)


def _after_round_one(policy: TossPolicy, c_wins: bool) -> tuple[str, Toss]:
    t = tournament(["a", "x", "c", "y"], policy=policy)
    rnd = Round(
        1,
        (
            Match(1, "a", "x", Result.win(Side.A), Toss("a", TossReason.NEUTRAL)),
            Match(
                2, "c", "y", Result.win(Side.A if c_wins else Side.B), Toss("c", TossReason.NEUTRAL)
            ),
        ),
    )
    t = with_round(t, rnd)
    # a and c: balance +1 each, both played first in round 1: a perfect tie.
    (toss,) = assign_tosses(t, t.stage(), 2, [("a", "c")])
    return neutral_first("a", "c", stage_id="swiss", seed="test-seed", round_number=2), toss


def test_the_trailing_player_plays_first() -> None:
    _, toss = _after_round_one(TossPolicy.CATCH_UP, c_wins=False)
    assert (toss.first, toss.reason) == ("c", TossReason.CATCH_UP)


def test_equal_ranks_fall_back_to_neutral() -> None:
    neutral, toss = _after_round_one(TossPolicy.CATCH_UP, c_wins=True)
    assert (toss.first, toss.reason) == (neutral, TossReason.NEUTRAL)


def test_neutral_policy_ignores_standings() -> None:
    for c_wins in (True, False):
        neutral, toss = _after_round_one(TossPolicy.NEUTRAL, c_wins=c_wins)
        assert (toss.first, toss.reason) == (neutral, TossReason.NEUTRAL)


def test_unknown_rank_means_no_answer() -> None:
    assert catch_up_first("a", "b", {"a": 1, "b": 4}) == "b"
    assert catch_up_first("a", "b", {"a": 1}) is None
    assert catch_up_first("a", "b", {"a": 2, "b": 2}) is None
    assert catch_up_first("a", "b", {"a": None, "b": 2}) is None
