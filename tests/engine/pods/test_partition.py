"""Pod partitions for 3..40 players × every remainder mode × preferred sizes 3..6, as a table
(docs/pods.md "Remainder modes")."""

from __future__ import annotations

import pytest

from fairpair.engine.errors import InvalidStage, PairingRefused
from fairpair.engine.pods import PodPlanRefused, RemainderMode, plan_pods


@pytest.mark.parametrize(
    ("mode", "sizes", "byes"),
    [("smaller", (4, 3, 3, 3), 0), ("larger", (4, 4, 5), 0), ("byes", (4, 4, 4), 1)],
)
def test_the_issue_examples_13_players(mode: str, sizes: tuple[int, ...], byes: int) -> None:
    plan = plan_pods(13, 4, mode)
    assert (plan.sizes, plan.byes, plan.exact) == (sizes, byes, True)


@pytest.mark.parametrize("mode", list(RemainderMode))
@pytest.mark.parametrize("size", [3, 4, 5, 6])
@pytest.mark.parametrize("n", range(3, 41))
def test_every_partition(n: int, size: int, mode: RemainderMode) -> None:
    plan = plan_pods(n, size, mode)
    assert plan.seated + plan.byes == n
    assert all(3 <= s <= 10 for s in plan.sizes)
    # The remainder tables (any size but S) are the lowest ones.
    k = sum(1 for s in plan.sizes if s == size)
    assert plan.sizes[:k] == (size,) * k
    rest = plan.sizes[k:]
    if n % size == 0:
        assert plan.sizes == (size,) * (n // size) and plan.byes == 0 and plan.exact
    elif mode is RemainderMode.BYES:
        if n >= size:
            assert plan.sizes == (size,) * (n // size) and plan.byes == n % size
        else:
            assert plan.sizes == (n,) and plan.byes == 0
    else:
        assert plan.byes == 0
        assert max(plan.sizes) - min(plan.sizes) <= 1  # as equal as possible
        if plan.exact:
            wanted = size - 1 if mode is RemainderMode.SMALLER else size + 1
            assert set(rest) == {wanted}
        if mode is RemainderMode.SMALLER:
            # ceil(N/S) tables when that keeps every table at 3+, else fewer.
            assert len(plan.sizes) <= -(-n // size)
            assert plan.exact == (size - 1 >= 3 and size - n % size <= n // size + 1)
        else:
            assert len(plan.sizes) >= max(1, n // size)
            assert plan.exact == (n >= size and n % size <= n // size)


#: Preferred size 4, every mode, 3..20 players: the table docs/pods.md prints.
EXPECTED_S4 = {
    3: ((3,), (3,), (3,)),
    4: ((4,), (4,), (4,)),
    5: ((5,), (5,), (4,)),
    6: ((3, 3), (6,), (4,)),
    7: ((4, 3), (7,), (4,)),
    8: ((4, 4), (4, 4), (4, 4)),
    9: ((3, 3, 3), (4, 5), (4, 4)),
    10: ((4, 3, 3), (5, 5), (4, 4)),
    11: ((4, 4, 3), (5, 6), (4, 4)),
    12: ((4, 4, 4), (4, 4, 4), (4, 4, 4)),
    13: ((4, 3, 3, 3), (4, 4, 5), (4, 4, 4)),
    14: ((4, 4, 3, 3), (4, 5, 5), (4, 4, 4)),
    15: ((4, 4, 4, 3), (5, 5, 5), (4, 4, 4)),
    17: ((4, 4, 3, 3, 3), (4, 4, 4, 5), (4, 4, 4, 4)),
}


@pytest.mark.parametrize("n", sorted(EXPECTED_S4))
def test_size_4_table(n: int) -> None:
    got = tuple(plan_pods(n, 4, m).sizes for m in RemainderMode)
    assert got == EXPECTED_S4[n]


@pytest.mark.parametrize("n", [0, 1, 2])
def test_too_few_players_is_refused(n: int) -> None:
    with pytest.raises(PodPlanRefused) as err:
        plan_pods(n)
    assert isinstance(err.value, PairingRefused) and err.value.code == "pairing_refused"


def test_bad_settings() -> None:
    with pytest.raises(InvalidStage):
        plan_pods(12, 2)
    with pytest.raises(InvalidStage):
        plan_pods(12, 11)
    with pytest.raises(InvalidStage):
        plan_pods(12, 4, "sideways")
