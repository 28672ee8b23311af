"""The round-robin stage format: the FIDE Berger schedule on the stage's players, released
one by one or all at once, and its tiebreaks (docs/round-robin.md)."""

from __future__ import annotations

import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.changes import (
    complete_round,
    delete_round,
    drop_player,
    open_round,
    record_result,
    release_round,
    revert_round,
)
from fairpair.engine.errors import LifecycleRefused, PairingRefused
from fairpair.engine.formats import FORMATS, pair_next_round, stage_finished
from fairpair.engine.formats.round_robin import round_robin_schedule
from fairpair.engine.lifecycle import RoundAction, check
from fairpair.engine.pairing import (
    ExcludedNote,
    Exclusion,
    NumberSource,
    RoundRobinNumbersNote,
    RoundRobinSitOutNote,
    SitOutReason,
    render_notes,
)
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round, RoundState, TossReason
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import StageCut, StageFormat, stage_from_settings
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "round_robin"))
from berger_fide import fide_tables

FIDE = fide_tables()


def event(n: int, *, cycles: int = 1, **stage: object) -> Tournament:
    # Registered in reverse seed order: numbering must follow the seeds, not registration.
    players = tuple(Player(f"p{k:02}", f"Player {k}", seed=k) for k in range(n, 0, -1))
    rr = stage_from_settings(
        id="rr",
        name="Round robin",
        format=StageFormat.ROUND_ROBIN,
        cycles=cycles,
        ruleset=get_ruleset("round_robin"),
        seed="s",
        **stage,  # type: ignore[arg-type]
    )
    return Tournament("RR", players, (rr,))


def number(pid: str) -> int:
    return int(pid[1:])


def release_everything(t: Tournament) -> Tournament:
    while True:
        try:
            draft = pair_next_round(t, "rr")
        except PairingRefused:
            return t
        t = release_round(t, draft)


def games(t: Tournament) -> list[list[tuple[int, int]]]:
    """Each round's games as Berger numbers, first player first, in table order."""
    return [
        [(number(m.a), number(m.b)) for m in sorted(r.matches, key=lambda m: m.table)]
        for r in t.stage("rr").rounds
    ]


def without_dummy(
    table: tuple[tuple[tuple[int, int], ...], ...], n: int
) -> list[list[tuple[int, int]]]:
    return [[(w, b) for w, b in rnd if w <= n and b <= n] for rnd in table]


def swapped(rounds: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    return [[(b, w) for w, b in rnd] for rnd in rounds]


@pytest.mark.parametrize("n", range(3, 17))
def test_single_round_robin_is_fides_table(n: int) -> None:
    t = release_everything(event(n))
    size = n + n % 2
    assert games(t) == without_dummy(FIDE[size], n)
    met = Counter(frozenset(g) for rnd in games(t) for g in rnd)
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    for rnd in t.stage("rr").rounds:
        assert all(m.toss is not None and m.toss.first == m.a for m in rnd.matches)
        assert all(m.toss is not None and m.toss.reason is TossReason.SCHEDULE for m in rnd.matches)
        assert [m.table for m in rnd.matches] == list(range(1, len(rnd.matches) + 1))
        seen = [p for m in rnd.matches for p in (m.a, m.b)] + [b.player for b in rnd.byes]
        assert sorted(seen) == sorted(p.id for p in t.players)
        if n % 2:
            assert [b.kind for b in rnd.byes] == [ByeKind.ZERO]
        else:
            assert rnd.byes == ()


@pytest.mark.parametrize("n", range(3, 17))
def test_double_round_robin_reverses_the_last_two_rounds_then_swaps_colours(n: int) -> None:
    t = release_everything(event(n, cycles=2))
    fide = without_dummy(FIDE[n + n % 2], n)
    first = [*fide[:-2], fide[-1], fide[-2]]
    assert games(t) == first + swapped(fide)
    met = Counter(g for rnd in games(t) for g in rnd)  # ordered: who played first
    assert set(met) == {p for a, b in combinations(range(1, n + 1), 2) for p in ((a, b), (b, a))}
    assert set(met.values()) == {1}


def test_refuses_past_the_schedule_and_is_finished_when_every_round_is_complete() -> None:
    t = release_everything(event(4))
    assert len(t.stage("rr").rounds) == 3
    with pytest.raises(PairingRefused, match="the round robin has 3 rounds; all are paired"):
        pair_next_round(t, "rr")
    assert not stage_finished(t, "rr")
    last = None
    for rnd in t.stage("rr").rounds:
        t = open_round(t, rnd.number, "rr")
        for m in rnd.matches:
            assert not stage_finished(t, "rr")
            last = (rnd.number, m.table)
            t = record_result(t, rnd.number, m.table, Result.win(Side.A), stage="rr")
    # finished the moment the last result is in (a cut from it may then be drawn)
    assert last == (3, 2)
    assert stage_finished(t, "rr")
    t = complete_round(t, 3, "rr")
    assert FORMATS[StageFormat.ROUND_ROBIN].finished(t, t.stage("rr"))


def test_refuses_a_field_of_one_and_an_undrawn_cut() -> None:
    with pytest.raises(PairingRefused, match="at least 2 players"):
        pair_next_round(event(1), "rr")
    cut = event(4, cut=StageCut(from_stage="swiss", top=4))
    with pytest.raises(PairingRefused, match=r"cut .* not drawn yet"):
        pair_next_round(cut, "rr")


def test_numbers_follow_stage_seeds_then_participants_then_event_seeds() -> None:
    t = event(4)
    assert round_robin_schedule(t, t.stage("rr")).players == ("p01", "p02", "p03", "p04")
    assert round_robin_schedule(t, t.stage("rr")).source is NumberSource.EVENT_SEEDS
    listed = event(4, participants=("p03", "p01", "p04", "p02"))
    schedule = round_robin_schedule(listed, listed.stage("rr"))
    assert schedule.players == ("p03", "p01", "p04", "p02")
    assert schedule.source is NumberSource.PARTICIPANTS
    seeded = event(
        4,
        participants=("p03", "p01", "p04", "p02"),
        seeds={"p04": 1, "p02": 2, "p03": 3, "p01": 4},
    )
    schedule = round_robin_schedule(seeded, seeded.stage("rr"))
    assert schedule.players == ("p04", "p02", "p03", "p01")
    assert schedule.source is NumberSource.STAGE_SEEDS


def test_notes_explain_the_numbers_and_the_sit_out() -> None:
    draft = pair_next_round(event(5, cycles=2), "rr")
    numbers, sit_out = draft.notes
    assert isinstance(numbers, RoundRobinNumbersNote)
    assert (numbers.cycle, numbers.cycle_round, numbers.cycles, numbers.rounds) == (1, 1, 2, 10)
    assert numbers.dummy == 6
    assert sit_out == RoundRobinSitOutNote("p01", SitOutReason.DUMMY)
    assert draft.byes == (Bye("p01", ByeKind.ZERO),)
    names = {f"p{k:02}": f"Player {k}" for k in range(1, 6)}
    text = render_notes(draft.notes, names)
    assert "1 Player 1" in text[0] and "6 is the bye" in text[0] and "cycle 1 of 2" in text[0]
    assert text[1].startswith("Player 1 sits this round out") and "no points" in text[1]


def test_a_withdrawn_player_is_not_paired_and_their_opponent_sits_out() -> None:
    t = release_round(event(6), pair_next_round(event(6), "rr"))
    t = drop_player(t, "p06", stage="rr")
    draft = pair_next_round(t, "rr")
    # FIDE 5 or 6, round 2: 6-4, 5-3, 1-2: p04 loses their game with the withdrawn p06
    assert [(p.table, p.a, p.b) for p in draft.pairings] == [(2, "p05", "p03"), (3, "p01", "p02")]
    assert draft.byes == (Bye("p04", ByeKind.ZERO),)
    assert ExcludedNote(Exclusion.DROPPED, ("p06",)) in draft.notes
    assert RoundRobinSitOutNote("p04", SitOutReason.OPPONENT_WITHDREW, "p06") in draft.notes
    # the schedule does not move: round 3 is still FIDE's 2-6, 3-1, 4-5 without 2-6
    t = release_round(t, draft)
    third = pair_next_round(t, "rr")
    assert [(p.a, p.b) for p in third.pairings] == [("p03", "p01"), ("p04", "p05")]
    assert third.byes == (Bye("p02", ByeKind.ZERO),)


def test_release_all_keeps_several_rounds_live_and_takes_results_in_any_open_round() -> None:
    t = event(4)
    assert check(t.stage("rr"), RoundAction.GENERATE).allowed
    t = release_everything(t)
    stage = t.stage("rr")
    assert [r.state for r in stage.rounds] == [RoundState.SCHEDULED] * 3
    t = open_round(t, 3, "rr")
    t = open_round(t, 1, "rr")
    t = record_result(t, 3, 1, Result.draw(), stage="rr")
    with pytest.raises(LifecycleRefused, match="it is scheduled"):
        record_result(t, 2, 1, Result.draw(), stage="rr")
    with pytest.raises(LifecycleRefused, match="no result yet"):
        complete_round(t, 3, "rr")
    with pytest.raises(LifecycleRefused, match="round 3 of the round robin is released after it"):
        delete_round(t, 2, "rr")
    t = record_result(t, 3, 1, None, stage="rr")
    t = revert_round(t, 3, "rr")
    t = delete_round(t, 3, "rr")
    t = delete_round(t, 2, "rr")
    assert t.stage("rr").last_round == 1
    assert pair_next_round(t, "rr").round_number == 2  # the same schedule, from round 2


def test_swiss_keeps_one_live_round() -> None:
    players = tuple(Player(f"p{k}", f"P{k}", seed=k) for k in range(1, 5))
    t = Tournament("S", players, (stage_from_settings(seed="x"),))
    t = release_round(t, pair_next_round(t))
    verdict = check(t.stage(), RoundAction.GENERATE)
    assert verdict.refusal is not None and "one round at a time" in verdict.refusal.text


def played_event() -> Tournament:
    """A 4-player round robin where p01 and p02 tie on 2 points and p02 beat p01 by
    forfeit: head_to_head leaves the forfeit out, head_to_head_forfeits counts it."""
    t = release_everything(event(4))
    # Round 1: 1-4, 2-3 | Round 2: 4-3, 1-2 | Round 3: 2-4, 3-1
    results = {
        (1, 1): Result.win(Side.A),  # p01 beats p04
        (1, 2): Result.win(Side.B),  # p03 beats p02
        (2, 1): Result.win(Side.A),  # p04 beats p03
        (2, 2): Result.forfeit(Side.B),  # p01 forfeits to p02
        (3, 1): Result.win(Side.A),  # p02 beats p04
        (3, 2): Result.win(Side.B),  # p01 beats p03
    }
    for number in (1, 2, 3):
        t = open_round(t, number, "rr")
    for (number, table), result in results.items():
        t = record_result(t, number, table, result, stage="rr")
    for number in (1, 2, 3):
        t = complete_round(t, number, "rr")
    return t


def test_direct_encounter_counts_a_forfeit_as_played() -> None:
    """In a round-robin stage a forfeit is the encounter for both direct-encounter
    tie-breaks: the plain ``head_to_head`` counts it too (C.07 for pre-determined pairings:
    every forfeit is a game against the scheduled opponent)."""
    t = played_event()
    for name in ("head_to_head_forfeits", "head_to_head"):
        one = compute_standings(t, t.stage("rr"), tiebreaks=(name,))
        rows = {r.player.id: r for r in one.rows}
        assert rows["p01"].points == rows["p02"].points == 2
        assert rows["p02"].tiebreaks == (1,)
        assert rows["p01"].tiebreaks == (0,)
    preset = compute_standings(t, t.stage("rr"))
    assert [r.player.id for r in preset.rows][:2] == ["p02", "p01"]


def test_koya_in_an_odd_round_robin_counts_half_of_the_games_not_the_rounds() -> None:
    t = release_everything(event(5))
    for rnd in t.stage("rr").rounds:
        t = open_round(t, rnd.number, "rr")
        for m in rnd.matches:  # the lower number always wins
            winner = Side.A if number(m.a) < number(m.b) else Side.B
            t = record_result(t, rnd.number, m.table, Result.win(winner), stage="rr")
        t = complete_round(t, rnd.number, "rr")
    standings = compute_standings(t, t.stage("rr"), tiebreaks=("koya", "wins", "sonneborn_berger"))
    rows = {
        r.player.id: dict(zip([tb.name for tb in standings.tiebreaks], r.tiebreaks, strict=True))
        for r in standings.rows
    }
    points = {r.player.id: r.points for r in standings.rows}
    assert points == {"p01": 4, "p02": 3, "p03": 2, "p04": 1, "p05": 0}
    # 4 games each: 50% is 2 points, so p01, p02 and p03 qualify (5 rounds would need 2.5)
    assert rows["p01"]["koya"] == 2  # beat p02 and p03
    assert rows["p03"]["koya"] == 0
    assert rows["p04"]["koya"] == 0
    assert rows["p01"]["wins"] == 4
    assert rows["p02"]["sonneborn_berger"] == 2 + 1 + 0


def test_rounds_released_ahead_make_a_valid_tournament() -> None:
    from fairpair.engine.validation import problems

    t = release_everything(event(5, cycles=2))
    t = open_round(t, 2, "rr")
    assert [r.state for r in t.stage("rr").rounds].count(RoundState.SCHEDULED) == 9
    assert problems(t) == []
    # a Swiss still refuses a live round before the last one
    players = tuple(Player(f"p{k}", f"P{k}", seed=k) for k in range(1, 5))
    live = tuple(
        Round(n, (Match(1, "p1", "p2"), Match(2, "p3", "p4")), state=RoundState.SCHEDULED)
        for n in (1, 2)
    )
    swiss = Tournament("S", players, (stage_from_settings(seed="x", rounds=live),))
    assert any("only the last round can be live" in p.reason for p in problems(swiss))


def test_a_player_who_joins_after_round_one_is_refused_naming_them() -> None:
    from dataclasses import replace

    t = release_round(event(4), pair_next_round(event(4), "rr"))
    late = replace(t, players=(*t.players, Player("p05", "Late Comer", seed=5)))
    with pytest.raises(PairingRefused, match=r"field changed after round 1 .*\(Late Comer\)"):
        pair_next_round(late, "rr")


def test_direct_encounter_counts_a_forfeit_once_when_forfeits_already_have_an_opponent() -> None:
    from dataclasses import replace

    t = played_event()
    stage = t.stage("rr")
    listed = replace(stage, ruleset=replace(stage.ruleset, forfeits_have_opponent=True))
    for name in ("head_to_head", "head_to_head_forfeits"):  # the forfeit, counted once
        table = compute_standings(t, listed, tiebreaks=(name,))
        values = {r.player.id: r.tiebreaks[0] for r in table.rows}
        assert values["p02"] == 1 and values["p01"] == 0, name


def test_a_round_robin_cut_from_a_swiss_numbers_the_players_by_their_cut_seeds() -> None:
    from fairpair.engine.changes import draw_cut

    players = tuple(Player(f"p{k:02}", f"Player {k}", seed=k) for k in range(1, 9))
    swiss = stage_from_settings(id="swiss", seed="w", max_rounds=1)
    final = stage_from_settings(
        id="rr",
        format=StageFormat.ROUND_ROBIN,
        cut=StageCut(from_stage="swiss", top=4),
        ruleset=get_ruleset("round_robin"),
    )
    t = Tournament("Cut", players, (swiss, final))
    t = release_round(t, pair_next_round(t, "swiss"))
    t = open_round(t, 1, "swiss")
    for m in t.stage("swiss").rounds[0].matches:  # the lower-seeded player wins (an upset)
        winner = Side.A if number(m.a) > number(m.b) else Side.B
        t = record_result(t, 1, m.table, Result.win(winner), stage="swiss")
    t = complete_round(t, 1, "swiss")
    t, made = draw_cut(t, "rr")
    schedule = round_robin_schedule(t, t.stage("rr"))
    assert schedule.source is NumberSource.STAGE_SEEDS
    assert schedule.players == made.players == t.stage("rr").participants
    draft = pair_next_round(t, "rr")
    first, second = made.players[0], made.players[3]  # FIDE round 1: 1-4, 2-3
    assert (draft.pairings[0].a, draft.pairings[0].b) == (first, second)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=14),
    cycles=st.sampled_from([1, 2]),
    leavers=st.lists(st.tuples(st.integers(0, 13), st.integers(0, 20)), max_size=3),
)
def test_every_round_seats_each_present_player_once_and_never_a_leaver(
    n: int, cycles: int, leavers: list[tuple[int, int]]
) -> None:
    """Invariant: whoever withdrew, each round of the schedule pairs every player still in
    exactly once (a game or a sit-out), pairs nobody who left, and repeats no game."""
    t = event(n, cycles=cycles)
    drops = {f"p{k + 1:02}": after for k, after in leavers if k < n}
    total = len(round_robin_schedule(t, t.stage("rr")).rounds)
    seen: Counter[tuple[str, str]] = Counter()
    for number in range(1, total + 1):
        for pid, after in drops.items():
            if after == number - 1:
                t = drop_player(t, pid, after_round=after, stage="rr")
        draft = pair_next_round(t, "rr")
        gone = {p for p, after in drops.items() if after < number}
        seated = [p for d in draft.pairings for p in (d.a, d.b)] + [b.player for b in draft.byes]
        assert sorted(seated) == sorted(p.id for p in t.players if p.id not in gone)
        assert all(b.kind is ByeKind.ZERO for b in draft.byes)
        seen.update((d.a, d.b) for d in draft.pairings)
        t = release_round(t, draft)
    assert all(count == 1 for count in seen.values())
