"""Repeat pairings (seed 001: "If no rematch-free draw exists, it pairs anyway and labels the
round Repeat pairing"): derived from the facts, for Swiss, Swiss elimination and pods only."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.changes import (
    complete_round,
    open_round,
    record_result,
    release_round,
    swap_players,
)
from fairpair.engine.formats import pair_next_round
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.repeats import (
    REPEAT_FORMATS,
    RepeatMatch,
    repeat_pairings,
    repeat_text,
    repeats_by_round,
    rounds_text,
)
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, Match, PodTable, Round
from fairpair.engine.stage import Stage, StageFormat, stage_from_settings
from fairpair.engine.tournament import Tournament

IDS = tuple(f"p{k}" for k in range(8))
RESULTS = (None, Result.win(Side.A), Result(ResultKind.SKIPPED))
NAMES = {pid: f"Player {pid[1:]}" for pid in IDS}


def swiss(rounds: tuple[Round, ...], fmt: StageFormat = StageFormat.SWISS) -> Stage:
    extra: dict[str, object] = {}
    if fmt is StageFormat.SWISS_ELIMINATION:
        extra["elimination"] = {"wins_to_advance": 3, "losses_to_eliminate": 3}
    stage = stage_from_settings(id="s", format=fmt, **extra)  # type: ignore[arg-type]
    return replace(stage, rounds=rounds)


def matches(*pairs: tuple[str, str], result: Result | None = None) -> tuple[Match, ...]:
    return tuple(Match(k + 1, a, b, result) for k, (a, b) in enumerate(pairs))


# -- examples ---------------------------------------------------------------------------------


def test_a_rematch_names_its_table_players_and_earlier_rounds() -> None:
    stage = swiss(
        (
            Round(1, matches(("p0", "p1"), ("p2", "p3"))),
            Round(2, matches(("p0", "p2"), ("p1", "p3"))),
            Round(3, matches(("p0", "p3"), ("p1", "p2"))),
            Round(4, matches(("p2", "p3"), ("p1", "p0"))),
        )
    )
    assert repeat_pairings(stage, 4) == (
        RepeatMatch(1, ("p2", "p3"), (1,)),
        RepeatMatch(2, ("p1", "p0"), (1,)),
    )
    assert [repeat_text(r, NAMES) for r in repeat_pairings(stage, 4)] == [
        "Table 1: Player 2 and Player 3 met in round 1",
        "Table 2: Player 1 and Player 0 met in round 1",
    ]
    assert all(repeat_pairings(stage, n) == () for n in (1, 2, 3))
    assert repeats_by_round(stage) == {4: repeat_pairings(stage, 4)}


def test_every_earlier_meeting_is_named_and_later_rounds_never_count() -> None:
    stage = swiss(
        (
            Round(1, matches(("p0", "p1"))),
            Round(2, matches(("p0", "p1"))),
            Round(3, matches(("p1", "p0"))),
            Round(4, matches(("p0", "p1"))),
        )
    )
    assert repeat_pairings(stage, 2) == (RepeatMatch(1, ("p0", "p1"), (1,)),)
    assert repeat_pairings(stage, 3) == (RepeatMatch(1, ("p1", "p0"), (1, 2)),)
    assert repeat_pairings(stage, 4)[0].met_in == (1, 2, 3)
    assert repeat_text(repeat_pairings(stage, 4)[0], NAMES).endswith("met in rounds 1, 2 and 3")
    assert rounds_text((1, 3)) == "rounds 1 and 3"


def test_unplayed_matches_still_meet_and_byes_meet_nobody() -> None:
    """engine.unplayed's "met" column: a forfeit, a skipped match, a pending one all count."""
    for result in (Result.forfeit(Side.A), Result(ResultKind.SKIPPED), None):
        stage = swiss(
            (
                Round(1, matches(("p0", "p1"), result=result), (Bye("p2"),)),
                Round(2, matches(("p0", "p1"), ("p2", "p3"))),
            )
        )
        assert repeat_pairings(stage, 2) == (RepeatMatch(1, ("p0", "p1"), (1,)),)


def test_pod_mates_meeting_again_are_repeats_one_per_pair() -> None:
    pods = replace(stage_from_settings(id="pods", format=StageFormat.PODS), rounds=())
    r1 = Round(1, pods=(PodTable(1, ("p0", "p1", "p2", "p3")), PodTable(2, ("p4", "p5", "p6"))))
    r2 = Round(2, pods=(PodTable(1, ("p0", "p4", "p5", "p1")), PodTable(2, ("p2", "p3", "p6"))))
    stage = replace(pods, rounds=(r1, r2))
    assert repeat_pairings(stage, 2) == (
        RepeatMatch(1, ("p0", "p1"), (1,)),
        RepeatMatch(1, ("p4", "p5"), (1,)),
        RepeatMatch(2, ("p2", "p3"), (1,)),
    )


def test_brackets_and_round_robins_never_repeat() -> None:
    rounds = (Round(1, matches(("p0", "p1"))), Round(2, matches(("p0", "p1"))))
    for fmt in (
        StageFormat.SINGLE_ELIMINATION,
        StageFormat.DOUBLE_ELIMINATION,
        StageFormat.ROUND_ROBIN,
    ):
        assert fmt not in REPEAT_FORMATS
        stage = replace(stage_from_settings(id="x", format=fmt), rounds=rounds)
        assert repeat_pairings(stage, 2) == ()
        assert repeats_by_round(stage) == {}
    assert repeat_pairings(swiss(rounds, StageFormat.SWISS_ELIMINATION), 2) != ()


def test_an_unknown_round_has_no_repeats() -> None:
    assert repeat_pairings(swiss((Round(1, matches(("p0", "p1"))),)), 7) == ()


# -- through the pairing: four players, four rounds ------------------------------------------


def play_round(t: Tournament) -> tuple[Tournament, int, tuple[int, ...]]:
    """Pair, release, open and play the next round (side a wins); the forced-rematch tables."""
    draft = pair_next_round(t)
    t = release_round(t, draft)
    number = draft.round_number
    t = open_round(t, number)
    for p in draft.pairings:
        t = record_result(t, number, p.table, Result.win(Side.A))
    t = complete_round(t, number)
    return t, number, tuple(p.table for p in draft.pairings if p.forced_rematch)


def test_the_fourth_round_of_four_players_is_a_repeat_pairing_as_the_draft_flagged() -> None:
    players = tuple(Player(f"p{k}", f"Player {k}", seed=k + 1) for k in range(4))
    t = Tournament("Night", players, (stage_from_settings(id="swiss", seed="s"),))
    for _ in range(4):
        t, number, forced = play_round(t)
        repeats = repeat_pairings(t.stage(), number)
        assert tuple(r.table for r in repeats) == forced
        assert bool(repeats) == (number == 4)


def test_a_swap_that_makes_a_rematch_makes_a_repeat_pairing() -> None:
    players = tuple(Player(f"p{k}", f"Player {k}", seed=k + 1) for k in range(6))
    t = Tournament("Night", players, (stage_from_settings(id="swiss", seed="s"),))
    t, _, _ = play_round(t)
    first = t.stage().round(1)
    assert first is not None
    t = release_round(t, pair_next_round(t))
    assert repeat_pairings(t.stage(), 2) == ()
    r2 = t.stage().round(2)
    assert r2 is not None
    m1 = first.matches[0]
    # Seat round 1's table-1 opponents together again: swap m1.b into m1.a's round-2 table.
    here = next(m for m in r2.matches if m1.a in m.players)
    mate = here.opponent_of(m1.a)
    t = swap_players(t, 2, mate, m1.b)
    repeats = repeat_pairings(t.stage(), 2)
    assert any(set(r.players) == {m1.a, m1.b} and r.met_in == (1,) for r in repeats)


# -- properties -------------------------------------------------------------------------------


def random_rounds(data: st.DataObject, n_rounds: int, pods: bool) -> tuple[Round, ...]:
    rounds = []
    for number in range(1, n_rounds + 1):
        order = data.draw(st.permutations(IDS))
        if pods:
            tables = (PodTable(1, tuple(order[:4])), PodTable(2, tuple(order[4:])))
            rounds.append(Round(number, pods=tables))
        else:
            seated = order[: data.draw(st.sampled_from((4, 6, 8)))]
            ms = tuple(
                Match(
                    k + 1,
                    seated[2 * k],
                    seated[2 * k + 1],
                    data.draw(st.sampled_from(RESULTS)),
                )
                for k in range(len(seated) // 2)
            )
            rounds.append(Round(number, ms))
    return tuple(rounds)


def brute_force(stage: Stage, number: int) -> set[tuple[int, frozenset[PlayerId], tuple[int, ...]]]:
    """Every two players at one table of round ``number``, with the earlier rounds in which
    they sat at one table."""

    def together(rnd: Round) -> dict[frozenset[PlayerId], int]:
        out = {frozenset(m.players): m.table for m in rnd.matches}
        for pod in rnd.pods:
            out.update({frozenset(pair): pod.table for pair in combinations(pod.seats, 2)})
        return out

    target = stage.round(number)
    assert target is not None
    found = set()
    for pair, table in together(target).items():
        met = tuple(r.number for r in stage.rounds if r.number < number and pair in together(r))
        if met:
            found.add((table, pair, met))
    return found


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 6), st.booleans())
def test_repeats_are_exactly_the_pairs_that_met_in_earlier_rounds(
    data: st.DataObject, n_rounds: int, pods: bool
) -> None:
    rounds = random_rounds(data, n_rounds, pods)
    stage = swiss(rounds)
    if pods:
        stage = replace(stage_from_settings(id="pods", format=StageFormat.PODS), rounds=rounds)
    every = repeats_by_round(stage)
    for number in range(1, n_rounds + 1):
        repeats = repeat_pairings(stage, number)
        assert every.get(number, ()) == repeats
        assert {(r.table, frozenset(r.players), r.met_in) for r in repeats} == brute_force(
            stage, number
        )
        assert [r.table for r in repeats] == sorted(r.table for r in repeats)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(2, 6))
def test_later_rounds_and_round_order_change_nothing(data: st.DataObject, n_rounds: int) -> None:
    rounds = random_rounds(data, n_rounds, False)
    stage = swiss(rounds)
    cut = data.draw(st.integers(1, n_rounds))
    shorter = swiss(rounds[:cut])
    shuffled = swiss(tuple(random.Random(n_rounds).sample(rounds, len(rounds))))
    for number in range(1, cut + 1):
        assert repeat_pairings(stage, number) == repeat_pairings(shorter, number)
        assert repeat_pairings(stage, number) == repeat_pairings(shuffled, number)
