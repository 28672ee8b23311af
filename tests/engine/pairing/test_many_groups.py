"""Fields with so many score groups that one weighted matching cannot rank every boundary
(its integers would pass rustworkx's 2^126): the search runs in stages (``costs``), and the
crossings of *every* boundary, top-down, must still be the lexicographic optimum.

The reference is independent of the engine's encoding: one networkx matching over every pair
with exact Python-integer weights (``reference.best_vector``; about 1 s at 100 players, 4 s
at 160).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fairpair.engine.pairing import Tuning, check_pairing, costs, optimiser
from fairpair.engine.pairing.field import Field
from fairpair.engine.pairing.methods import ideal_partners_for
from fairpair.engine.stage import PairingMethod

from .reference import best_vector, cost_vector, draft_problem
from .simulate import event, points_of
from .test_optimality import DECOMPOSED, drafted

#: The decomposed search on a field the exact search would take whole.
TOP_DOWN = (Tuning(exact_limit=0), DECOMPOSED)


@contextmanager
def staged() -> Iterator[list[bool]]:
    """Yields ``[flag]``: whether some matching ran in more than one stage (so a single
    encoding of every level would not have fit)."""
    flag = [False]
    with mock.patch.object(optimiser, "build_scale", wraps=costs.build_scale) as spy:
        yield flag
        flag[0] = any(len(call.args[6]) for call in spy.call_args_list)


def gadget(upper_groups: int) -> Field:
    """``upper_groups`` groups of two who may all meet, then P (5 players), Q (5 players who
    have all met each other) and R (4). Every pairing sends 5 crossings over P|Q and Q|R
    together; the lexicographic best crosses P|Q once (a5 floats to q1, q2..q5 float to R:
    (1, 4), floater cost 6), while summing those two boundaries prefers three P floaters and
    two Q floaters ((3, 2), floater cost 4) — the answer before staged matchings."""
    sizes = [2] * upper_groups + [5, 5, 4]
    group_of = tuple(g for g, size in enumerate(sizes) for _ in range(size))
    q = {p for p, g in enumerate(group_of) if g == upper_groups + 1}
    blocked = tuple(frozenset(q - {p}) if p in q else frozenset() for p in range(len(group_of)))
    return Field(group_of, blocked, ideal_partners_for(PairingMethod.ADJACENT))


def field_vectors(field: Field, pairs: list[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    order = [str(p) for p in range(field.size)]
    group = {str(p): g for p, g in enumerate(field.group_of)}
    blocked = {str(p): {str(q) for q in b} for p, b in enumerate(field.blocked)}
    got = cost_vector([(str(u), str(v)) for u, v in pairs], order, group, blocked)
    return got, best_vector(order, group, blocked)


def test_gadget_below_many_groups_keeps_every_boundary_lexicographic() -> None:
    field = gadget(43)  # 100 players, 46 groups
    with staged() as flag:
        exact = optimiser.optimise(field)
    assert flag[0]
    got, best = field_vectors(field, list(exact.pairs))
    assert got == best
    assert got[-3:-1] == (1, 4)  # P|Q crossed once, Q|R four times
    for tuning in TOP_DOWN:
        decomposed = optimiser.optimise(field, tuning)
        assert field_vectors(field, list(decomposed.pairs))[0] == best


late_fields = st.tuples(
    st.integers(120, 160),  # players: the exact search takes them whole
    st.integers(15, 20),  # rounds already played: 25-40 score groups
    st.integers(0, 2**32),  # seed
    st.booleans(),  # Swiss-paired history (else random pairings)
    st.sampled_from(list(PairingMethod)),
    st.integers(0, 6),  # drops
    st.sampled_from([0.2, 0.3, 0.4]),  # draw rate
    st.sampled_from(TOP_DOWN),
)


@pytest.mark.slow
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(late_fields)
def test_late_many_group_fields_match_the_big_integer_reference(
    spec: tuple[int, int, int, bool, PairingMethod, int, float, Tuning],
) -> None:
    """Late rounds of 3/1/0 events with draws: rematches, the crossings of every boundary
    top-down and the floater cost equal the exact reference, in both searches."""
    n, rounds, seed, swiss, method, drops, draws, tuning = spec
    t = event(n, rounds, seed, swiss_history=swiss, draw_rate=draws, drops=drops, method=method)
    with staged() as flag:
        exact = drafted(t)
    assume(flag[0])
    check_pairing(t, exact)
    order, group, blocked = draft_problem(t, exact, points_of(t))
    best = best_vector(order, group, blocked)
    assert cost_vector([(p.a, p.b) for p in exact.pairings], order, group, blocked) == best
    decomposed = drafted(t, tuning)
    check_pairing(t, decomposed)
    assert cost_vector([(p.a, p.b) for p in decomposed.pairings], order, group, blocked) == best
