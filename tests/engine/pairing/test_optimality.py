"""Hypothesis: random tournaments against an exhaustive networkx reference.

For every drafted round: the invariant helper holds; the pairing bye is the bye order's
(``reference.reference_bye``); the number of rematches and the crossings
of each score-group boundary, compared top-down, and the floater cost equal the best over *all*
pairings of the same players; a textbook pairing without rematches comes out unchanged.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import PairingDraft, Tuning, check_pairing, pair_next_round
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import PairingMethod

from .reference import best_vector, cost_vector, draft_problem, reference_bye
from .simulate import event, points_of

DEFAULT = Tuning()

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Force the top-down decomposition (brackets, local windows, repair windows) on small fields.
DECOMPOSED = Tuning(exact_limit=0, local_limit=4, local_radius=1)


def drafted(t, tuning: Tuning = DEFAULT) -> PairingDraft:  # type: ignore[no-untyped-def]
    try:
        return pair_next_round(t, tuning=tuning)
    except PairingRefused:
        assume(False)
        raise


def assert_optimal(t, draft, prefer_repeat_bye: bool = False) -> None:  # type: ignore[no-untyped-def]
    """The bye follows the bye order; then rematches, the crossings of every boundary
    (top-down) and then the total floater cost are the best possible for the rest."""
    check_pairing(t, draft, prefer_repeat_bye=prefer_repeat_bye)
    expected_bye = reference_bye(t, draft, prefer_repeat_bye=prefer_repeat_bye)
    assert [b.player for b in draft.byes if b.kind is ByeKind.PAIRING] == (
        [expected_bye] if expected_bye is not None else []
    )
    order, group, blocked = draft_problem(t, draft, points_of(t))
    got = cost_vector([(p.a, p.b) for p in draft.pairings], order, group, blocked)
    best = best_vector(order, group, blocked)
    assert got == best


fields = st.tuples(
    st.integers(2, 40),  # players
    st.integers(0, 12),  # rounds already played
    st.integers(0, 2**32),  # seed
    st.booleans(),  # Swiss-paired history (else random pairings: denser conflicts)
    st.sampled_from(list(PairingMethod)),
    st.integers(0, 4),  # drops
)


@pytest.mark.slow
@SETTINGS
@given(fields)
# Fields where the bye order and preferring a second bye to a forced rematch disagree.
@example((11, 9, 2757967273, True, PairingMethod.SLIDE, 0))
@example((7, 4, 1365275588, False, PairingMethod.ADJACENT, 4))
def test_exact_search_is_optimal(spec: tuple[int, int, int, bool, PairingMethod, int]) -> None:
    n, rounds, seed, swiss, method, drops = spec
    rounds = min(rounds, n + 2)
    t = event(n, rounds, seed, swiss_history=swiss, drops=drops, method=method)
    draft = drafted(t)
    assert_optimal(t, draft)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields)
@example((11, 9, 2757967273, True, PairingMethod.SLIDE, 0))
@example((7, 4, 1365275588, False, PairingMethod.ADJACENT, 4))
def test_the_repeat_bye_option_is_optimal(
    spec: tuple[int, int, int, bool, PairingMethod, int],
) -> None:
    """With ``prefer_repeat_bye`` the bye goes to whoever forces fewest (a player without a
    bye on ties), and the rest is paired as well as it can be."""
    n, rounds, seed, swiss, method, drops = spec
    rounds = min(rounds, n + 2)
    t = event(n, rounds, seed, swiss_history=swiss, drops=drops, method=method)
    try:
        draft = pair_next_round(t, prefer_repeat_bye=True)
    except PairingRefused:
        assume(False)
        raise
    assert_optimal(t, draft, prefer_repeat_bye=True)


@pytest.mark.slow
@SETTINGS
@given(fields)
# A lower boundary crossed twice when a different floater two brackets up avoids it.
@example((20, 5, 106, False, PairingMethod.ADJACENT, 1))
def test_decomposed_search_is_optimal(spec: tuple[int, int, int, bool, PairingMethod, int]) -> None:
    n, rounds, seed, swiss, method, drops = spec
    rounds = min(rounds, n + 2)
    t = event(n, rounds, seed, swiss_history=swiss, drops=drops, method=method, tuning=DECOMPOSED)
    draft = drafted(t, DECOMPOSED)
    assert_optimal(t, draft)


@SETTINGS
@given(st.integers(2, 40), st.integers(0, 2**32), st.sampled_from(list(PairingMethod)))
def test_both_searches_agree_with_the_textbook_when_it_has_no_rematch(
    n: int, seed: int, method: PairingMethod
) -> None:
    t = event(n, 2, seed, method=method)
    exact = drafted(t)
    decomposed = drafted(t, DECOMPOSED)
    if not any(n.kind.value == "rematch_repaired" for n in exact.notes):
        assert exact.pairings == decomposed.pairings


#: Also force sparse candidate edges in every repair window over 10 players.
SPARSE = Tuning(exact_limit=0, dense_limit=10, sparse_reach=3, local_limit=4, local_radius=1)

medium_fields = st.tuples(
    st.integers(41, 140),  # players: too many for the reference, fine for the exact search
    st.integers(1, 9),  # rounds already played
    st.integers(0, 2**32),  # seed
    st.booleans(),  # Swiss-paired history
    st.sampled_from(list(PairingMethod)),
    st.integers(0, 6),  # drops
    st.sampled_from([DECOMPOSED, Tuning(exact_limit=0), SPARSE]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(medium_fields)
def test_decomposed_search_matches_the_exact_search_on_larger_fields(
    spec: tuple[int, int, int, bool, PairingMethod, int, Tuning],
) -> None:
    """Fields large enough for some groups to be separators, so that repair windows start
    below the top: the decomposed search costs exactly what the exact search costs."""
    n, rounds, seed, swiss, method, drops, tuning = spec
    t = event(n, rounds, seed, swiss_history=swiss, drops=drops, method=method)
    exact = drafted(t)
    decomposed = drafted(t, tuning)
    check_pairing(t, decomposed)
    order, group, blocked = draft_problem(t, decomposed, points_of(t))
    want = cost_vector([(p.a, p.b) for p in exact.pairings], order, group, blocked)
    got = cost_vector([(p.a, p.b) for p in decomposed.pairings], order, group, blocked)
    assert got == want
