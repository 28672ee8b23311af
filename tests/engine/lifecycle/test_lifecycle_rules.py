"""The round lifecycle's rules as data (seed 004 "Round states"): every allowed and refused
transition, with its reason."""

from __future__ import annotations

import pytest

from fairpair.engine.lifecycle import (
    RefusalReason,
    RoundAction,
    check,
    next_actions,
)
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round, RoundState
from fairpair.engine.stage import Stage, stage_from_settings
from fairpair.engine.tournament import Tournament

A = RoundAction
R = RefusalReason


def stage(*rounds: Round, max_rounds: int | None = None) -> Stage:
    return stage_from_settings(rounds=rounds, max_rounds=max_rounds)


def two_matches(number: int, state: RoundState | None, reported: int = 0) -> Round:
    results = [Result.win(Side.A) if k < reported else None for k in range(2)]
    return Round(
        number,
        (Match(1, "a", "b", results[0]), Match(2, "c", "d", results[1])),
        state=state,
    )


def refusal(verdict: object) -> RefusalReason | None:
    r = getattr(verdict, "refusal", None)
    return None if r is None else r.reason


# (round's state, results reported of 2) → {action: None (allowed) or the refusal reason}
TABLE: list[tuple[RoundState, int, dict[RoundAction, RefusalReason | None]]] = [
    (
        RoundState.SCHEDULED,
        0,
        {
            A.OPEN: None,
            A.COMPLETE: R.WRONG_STATE,
            A.REVERT: R.WRONG_STATE,
            A.DELETE: None,
            A.SWAP: None,
            A.REPORT: R.WRONG_STATE,
        },
    ),
    (
        RoundState.OPEN,
        0,
        {
            A.OPEN: R.WRONG_STATE,
            A.COMPLETE: R.RESULTS_OUTSTANDING,
            A.REVERT: None,
            A.DELETE: R.WRONG_STATE,
            A.SWAP: R.WRONG_STATE,
            A.REPORT: None,
        },
    ),
    (
        RoundState.OPEN,
        1,
        {
            A.OPEN: R.WRONG_STATE,
            A.COMPLETE: R.RESULTS_OUTSTANDING,
            A.REVERT: R.RESULTS_RECORDED,
            A.DELETE: R.WRONG_STATE,
            A.SWAP: R.WRONG_STATE,
            A.REPORT: None,
        },
    ),
    (
        RoundState.OPEN,
        2,
        {
            A.OPEN: R.WRONG_STATE,
            A.COMPLETE: None,
            A.REVERT: R.RESULTS_RECORDED,
            A.DELETE: R.WRONG_STATE,
            A.SWAP: R.WRONG_STATE,
            A.REPORT: None,
        },
    ),
    (
        RoundState.COMPLETED,
        2,
        {
            A.OPEN: R.WRONG_STATE,
            A.COMPLETE: R.WRONG_STATE,
            A.REVERT: R.WRONG_STATE,
            A.DELETE: R.WRONG_STATE,
            A.SWAP: R.WRONG_STATE,
            A.REPORT: None,
        },
    ),
]


@pytest.mark.parametrize(("state", "reported", "expected"), TABLE)
def test_each_action_from_each_state(
    state: RoundState, reported: int, expected: dict[RoundAction, RefusalReason | None]
) -> None:
    s = stage(two_matches(1, state, reported))
    verdicts = {v.action: refusal(v) for v in next_actions(s, 1)}
    assert verdicts == expected


def test_complete_refused_says_how_many_matches_are_outstanding() -> None:
    s = stage(two_matches(1, RoundState.OPEN, reported=1))
    verdict = check(s, A.COMPLETE, 1)
    assert verdict.refusal is not None and verdict.refusal.count == 1
    assert "1 match has no result yet" in verdict.refusal.text
    verdict = check(stage(two_matches(1, RoundState.OPEN)), A.COMPLETE, 1)
    assert verdict.refusal is not None and "2 matches have no result yet" in verdict.refusal.text


def test_revert_refused_once_a_match_is_completed() -> None:
    verdict = check(stage(two_matches(1, RoundState.OPEN, reported=1)), A.REVERT, 1)
    assert verdict.refusal is not None
    assert verdict.refusal.reason is R.RESULTS_RECORDED
    assert "1 match is already completed" in verdict.refusal.text


@pytest.mark.parametrize("live", [RoundState.SCHEDULED, RoundState.OPEN])
@pytest.mark.parametrize("action", [A.GENERATE, A.RELEASE])
def test_release_and_generate_refused_while_another_round_is_live(
    live: RoundState, action: RoundAction
) -> None:
    s = stage(two_matches(1, RoundState.COMPLETED, 2), two_matches(2, live))
    verdict = check(s, action)
    assert verdict.refusal is not None
    assert verdict.refusal.reason is R.ANOTHER_ROUND_LIVE
    assert verdict.refusal.other_round == 2 and verdict.refusal.other_state is live
    assert f"round 2 is still {live.value}" in verdict.refusal.text


def test_release_allowed_after_the_last_round_completed() -> None:
    s = stage(two_matches(1, RoundState.COMPLETED, 2))
    assert check(s, A.RELEASE).allowed and check(s, A.GENERATE).allowed


def test_release_refused_past_the_round_cap() -> None:
    s = stage(two_matches(1, RoundState.COMPLETED, 2), max_rounds=1)
    verdict = check(s, A.RELEASE)
    assert verdict.refusal is not None and verdict.refusal.reason is R.ROUND_CAP_REACHED
    assert verdict.refusal.cap == 1 and "at most 1 round" in verdict.refusal.text


def test_release_refused_naming_players_who_withdrew_after_the_draft() -> None:
    verdict = check(stage(), A.RELEASE, 1, withdrawn=("eli",))
    assert verdict.refusal is not None and verdict.refusal.players == ("eli",)
    assert "eli withdrew after the draft was made" in verdict.refusal.text


def test_release_of_a_draft_for_another_round_is_refused() -> None:
    verdict = check(stage(two_matches(1, RoundState.COMPLETED, 2)), A.RELEASE, 1)
    assert verdict.refusal is not None and verdict.refusal.reason is R.DRAFT_IS_STALE


def test_discard_is_always_allowed() -> None:
    assert check(stage(two_matches(1, RoundState.OPEN)), A.DISCARD).allowed


def test_an_unknown_round_is_refused_as_such() -> None:
    verdict = check(stage(), A.OPEN, 4)
    assert verdict.refusal is not None and verdict.refusal.reason is R.NO_SUCH_ROUND


def test_untracked_rounds_derive_their_state_from_results() -> None:
    assert two_matches(1, None).status is RoundState.SCHEDULED
    assert two_matches(1, None, 1).status is RoundState.OPEN
    assert two_matches(1, None, 2).status is RoundState.COMPLETED
    # A plain document's round takes results without being opened.
    assert check(stage(two_matches(1, None)), A.REPORT, 1).allowed


def test_every_refusal_has_a_sentence() -> None:
    s = stage(two_matches(1, RoundState.OPEN, 1))
    texts = [v.refusal.text for v in next_actions(s, 1) if v.refusal is not None]
    assert texts and all(t.startswith("cannot ") and "?" not in t for t in texts)
    t = Tournament("x", tuple(Player(p, p) for p in "abcd"), (s,))
    assert t.stage().round(1) is not None
