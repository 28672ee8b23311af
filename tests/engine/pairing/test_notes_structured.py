"""Notes are typed data that give the numbers: one note per exclusion reason (not one per
player), the draft carries the standings it ranked by, and every note renders."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from fairpair.engine.drops import Drop
from fairpair.engine.pairing import (
    ExcludedNote,
    Exclusion,
    GroupScore,
    ScoreGroupNote,
    check_pairing,
    pair_next_round,
    render_notes,
)
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.standings import compute_standings

from .simulate import event, tournament, with_round


@pytest.mark.slow
def test_a_10000_player_round_with_300_drops_has_one_exclusion_note() -> None:
    n = 10_000
    t = tournament(n)
    ids = [p.id for p in t.players]
    matches = tuple(
        Match(k + 1, ids[2 * k], ids[2 * k + 1], Result.win(Side.A)) for k in range(n // 2)
    )
    t = with_round(t, Round(1, matches))
    dropped = ids[::33][:300]
    t = replace(t, drops=tuple(Drop(p, 1) for p in dropped))
    draft = pair_next_round(t)
    check_pairing(t, draft)
    excluded = [note for note in draft.notes if isinstance(note, ExcludedNote)]
    assert len(excluded) == 1
    assert excluded[0].reason is Exclusion.DROPPED
    assert sorted(excluded[0].players) == sorted(dropped)
    assert len(draft.notes) < 10  # round one-liners, method, two score groups, a float...
    (text,) = [line for line in render_notes(draft.notes) if "not paired" in line]
    assert text.startswith("300 players are not paired: each has dropped or withdrawn (")


def test_exclusions_are_grouped_per_reason_in_rank_order() -> None:
    t = event(12, 2, seed=3)
    t = replace(t, drops=(Drop("p03", 1), Drop("p07", 2), Drop("p01", 0)))
    draft = pair_next_round(t)
    check_pairing(t, draft)
    (note,) = [n for n in draft.notes if isinstance(n, ExcludedNote)]
    order = [r.player.id for r in compute_standings(t, t.stage()).rows]
    assert note.players == tuple(p for p in order if p in {"p01", "p03", "p07"})


def test_the_draft_carries_the_standings_it_ranked_by() -> None:
    t = event(9, 3, seed=5)
    draft = pair_next_round(t)
    table = compute_standings(t, t.stage(), 3)
    assert draft.standings is not None and draft.standings.after_round == 3
    assert draft.standings.rows == table.rows
    assert draft.points_before == {r.player.id: r.points for r in table.rows}
    first = pair_next_round(tournament(4))
    assert first.standings is None and first.points_before == {}


def test_score_groups_carry_their_points_as_numbers() -> None:
    t = event(10, 2, seed=1, draw_rate=0.5)
    draft = pair_next_round(t)
    groups = [n for n in draft.notes if isinstance(n, ScoreGroupNote)]
    points = draft.points_before
    for group in groups:
        assert group.score == GroupScore(points=points[group.players[0]])
        assert all(points[p] == group.score.points for p in group.players)
        assert isinstance(group.score.points, Fraction)
