"""Only Swiss stages with the toss switched on get a toss; byes never do; tosses survive
save and load of the tournament document."""

from __future__ import annotations

import json

import pytest
from toss_builders import play, tournament

from fairpair.engine.stage import TossPolicy
from fairpair.engine.toss import (
    TossUnavailable,
    assign_tosses,
    flip_toss,
    recalculate_round,
    toss_applies,
    toss_history,
)
from fairpair.interop.document import dump_document, parse_document


def test_toss_is_off_by_default_and_refused_when_off() -> None:
    t = tournament(["a", "b"], enabled=False)
    assert not toss_applies(t.stage())
    with pytest.raises(TossUnavailable, match="toss is off"):
        assign_tosses(t, t.stage(), 1, [("a", "b")])
    with pytest.raises(TossUnavailable, match="toss is off"):
        recalculate_round(t, t.stage(), 1)
    with pytest.raises(TossUnavailable, match="toss is off"):
        flip_toss(t.stage(), 1, 1)


def test_default_stage_settings() -> None:
    from fairpair.engine.stage import Stage

    assert Stage().toss.enabled is False and Stage().toss.policy is TossPolicy.NEUTRAL


def test_a_player_in_two_pairings_is_refused() -> None:
    t = tournament(["a", "b", "c"])
    with pytest.raises(TossUnavailable, match="two pairings"):
        assign_tosses(t, t.stage(), 1, [("a", "b"), ("b", "c")])
    with pytest.raises(TossUnavailable, match="themselves"):
        assign_tosses(t, t.stage(), 1, [("a", "a")])


def test_byes_never_get_a_toss_and_tosses_survive_save_and_load() -> None:
    t = tournament(["a", "b", "c"], policy=TossPolicy.CATCH_UP)
    t, _ = play(t, [("a", "b")], byes=["c"])
    t, _ = play(t, [("c", "a")], byes=["b"])
    t, _ = play(t, [("b", "c")], byes=["a"])
    loaded = parse_document(json.loads(dump_document(t)))
    assert loaded.stage().toss == t.stage().toss
    assert loaded.stage().rounds == t.stage().rounds
    assert toss_history(loaded.stage()) == toss_history(t.stage())
    (next_toss,) = assign_tosses(loaded, loaded.stage(), 4, [("a", "b")])
    assert next_toss == assign_tosses(t, t.stage(), 4, [("a", "b")])[0]
