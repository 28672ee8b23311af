"""State transitions (engine.changes): each returns a new tournament and refuses by the rules."""

from __future__ import annotations

import pytest

from fairpair.engine.changes import (
    add_round,
    choose_first,
    complete_round,
    delete_round,
    drop_player,
    flip_toss,
    open_round,
    record_result,
    release_round,
    revert_round,
)
from fairpair.engine.errors import (
    InvalidTournament,
    LifecycleRefused,
    UnknownPlayer,
    UnknownRound,
    UnknownTable,
)
from fairpair.engine.formats import pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Round, RoundState
from fairpair.engine.stage import TossSettings, stage_from_settings
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament


def event(n: int = 4, toss: bool = False) -> Tournament:
    players = tuple(Player(f"p{k}", f"Player {k}", seed=k) for k in range(1, n + 1))
    stage = stage_from_settings(seed="t", toss=TossSettings(enabled=toss))
    return Tournament("Test", players, (stage,))


def released(t: Tournament) -> Tournament:
    return release_round(t, pair_next_round(t))


def test_release_open_report_complete_a_round() -> None:
    t = event()
    before = t
    t = released(t)
    assert before.stage().rounds == ()  # nothing changed in place
    rnd = t.stage().rounds[0]
    assert rnd.state is RoundState.SCHEDULED
    assert [m.id for m in rnd.matches] == ["1.1", "1.2"]
    with pytest.raises(
        LifecycleRefused, match="only a completed or open round can be given results"
    ):
        record_result(t, 1, 1, Result.win(Side.A))
    t = open_round(t, 1)
    t = record_result(t, 1, 1, Result.win(Side.A))
    with pytest.raises(LifecycleRefused, match="1 match has no result yet"):
        complete_round(t, 1)
    t = record_result(t, 1, "1.2", Result.win(Side.B))
    t = complete_round(t, 1)
    assert t.stage().rounds[0].status is RoundState.COMPLETED
    standings = compute_standings(t)
    assert [r.points for r in standings.rows][:2] == [3, 3]


def test_release_refused_while_a_round_is_live() -> None:
    t = released(event())
    with pytest.raises(LifecycleRefused, match="round 1 is still scheduled"):
        release_round(t, pair_next_round(event()))


def test_release_refused_naming_a_player_who_withdrew_after_the_draft() -> None:
    t = event()
    draft = pair_next_round(t)
    t = drop_player(t, "p3", 0)
    with pytest.raises(LifecycleRefused, match="p3 withdrew after the draft was made"):
        release_round(t, draft)


def test_revert_and_delete() -> None:
    t = open_round(released(event()), 1)
    t = revert_round(t, 1)
    assert t.stage().rounds[0].state is RoundState.SCHEDULED
    t = delete_round(t, 1)
    assert t.stage().rounds == ()
    t = record_result(open_round(released(t), 1), 1, 1, Result.win(Side.A))
    with pytest.raises(LifecycleRefused, match="already completed"):
        revert_round(t, 1)
    with pytest.raises(LifecycleRefused, match="only a scheduled round can be deleted"):
        delete_round(t, 1)


def test_release_tosses_the_round_when_the_stage_uses_the_toss() -> None:
    t = released(event(toss=True))
    match = t.stage().rounds[0].matches[0]
    assert match.toss is not None and not match.toss.manual
    t = flip_toss(t, 1, 1)
    flipped = t.stage().rounds[0].matches[0].toss
    assert flipped is not None and flipped.manual and flipped.first != match.toss.first
    t = choose_first(t, 1, 1, match.toss.first)
    chosen = t.stage().rounds[0].matches[0].toss
    assert chosen is not None and chosen.first == match.toss.first


def test_unknown_round_table_and_player_are_refused_with_their_kind() -> None:
    t = open_round(released(event()), 1)
    with pytest.raises(UnknownRound) as round_error:
        record_result(t, 7, 1, Result.win(Side.A))
    assert round_error.value.location.round == 7
    with pytest.raises(UnknownTable) as table_error:
        record_result(t, 1, 9, Result.win(Side.A))
    assert table_error.value.location.table == 9 and table_error.value.code == "unknown_table"
    with pytest.raises(UnknownPlayer):
        drop_player(t, "nobody")


def test_drop_player_whole_event_and_stage_only() -> None:
    t = event()
    dropped = drop_player(t, "p2", 0)
    assert dropped.drop_round(dropped.stage(), "p2") == 0
    assert dropped.drops[0].stage == "swiss"
    only_here = drop_player(t, "p2", 0, whole_event=False)
    assert only_here.drops == () and only_here.stage().drops[0].player == "p2"
    with pytest.raises(InvalidTournament, match="already dropped after round 0"):
        drop_player(dropped, "p2", 0)


def test_add_round_refuses_a_gap_in_the_numbering() -> None:
    with pytest.raises(InvalidTournament, match="next round of stage 'swiss' is round 1, not 3"):
        add_round(event(), Round(3))
    t = add_round(event(), Round(1))
    assert t.stage().last_round == 1


def test_record_result_refuses_a_score_the_match_format_cannot_have() -> None:
    from fairpair.engine.errors import InvalidResult

    t = open_round(released(event()), 1)  # default scoring: best of three
    with pytest.raises(InvalidResult, match="3 game wins is impossible in a bo3 match"):
        record_result(t, 1, 1, Result.from_games(3, 0))
    assert record_result(t, 1, 1, Result.from_games(2, 0)).stage().rounds[0].matches[0].result
