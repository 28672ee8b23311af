"""Swiss elimination: win–loss pools, thresholds, and the W + L − 1 cap."""

from __future__ import annotations

import random

import pytest

from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import (
    ExcludedNote,
    Exclusion,
    NoteKind,
    ScoreGroupNote,
    check_pairing,
    pair_next_round,
)
from fairpair.engine.stage import Elimination, StageFormat

from .simulate import play, tournament


def test_pools_thresholds_and_cap() -> None:
    rules = Elimination(wins_to_advance=3, losses_to_eliminate=2)
    t = tournament(16, format=StageFormat.SWISS_ELIMINATION, elimination=rules)
    rng = random.Random(3)
    for number in range(1, rules.max_rounds + 1):
        draft = pair_next_round(t)
        check_pairing(t, draft)
        pools = [n for n in draft.notes if isinstance(n, ScoreGroupNote)]
        if number > 1:
            assert all(n.score.pool is not None for n in pools)
            pool_of = {p: n.score.pool for n in pools for p in n.players}
            for pairing in draft.pairings:
                a_pool, b_pool = pool_of[pairing.a], pool_of[pairing.b]
                assert a_pool is not None and b_pool is not None
                wa, la = a_pool.wins, a_pool.losses
                wb, lb = b_pool.wins, b_pool.losses
                assert wa < rules.wins_to_advance and la < rules.losses_to_eliminate
                if (wa, la) != (wb, lb):  # a float: only between neighbouring pools
                    assert any(n.kind is NoteKind.FLOAT for n in draft.notes)
        excluded = {n.reason for n in draft.notes if isinstance(n, ExcludedNote)}
        assert excluded <= {Exclusion.ADVANCED, Exclusion.ELIMINATED}
        t = play(t, draft, rng, draw_rate=0.0)
    with pytest.raises(PairingRefused, match="wins \\+ losses − 1"):
        pair_next_round(t)


def test_players_who_reached_a_threshold_are_left_out() -> None:
    rules = Elimination(wins_to_advance=1, losses_to_eliminate=1)
    t = tournament(4, format=StageFormat.SWISS_ELIMINATION, elimination=rules, max_rounds=5)
    draft = pair_next_round(t)
    t = play(t, draft, random.Random(1), draw_rate=0.0)
    with pytest.raises(PairingRefused):
        pair_next_round(t)  # cap W + L − 1 = 1 wins over max_rounds 5
