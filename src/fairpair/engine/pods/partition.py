"""Pod partitions: how many tables of which size seat N players (docs/pods.md).

The organizer picks a preferred table size ``S`` (3–10, default 4) and a *remainder mode* for
the players that do not fill a last table of ``S`` (docs/architecture.md "Playoffs and other
stages":
"the remainder as lowest tables of 3, lowest tables of 5, or byes"). With ``r = N mod S``:

- ``r == 0``: ``N / S`` tables of ``S`` in every mode.
- ``smaller`` — ``T = ceil(N / S)`` tables, sizes as equal as possible (they differ by at most
  one), so the remainder tables have ``S - 1`` seats: 13 → 4+3+3+3. When that would seat a
  table below 3 (5 players with S=4 would be 3+2; any remainder with S=3), use one table
  fewer, repeatedly: 5 → one table of 5; with S=3, 7 → 3+4.
- ``larger`` — ``T = max(1, floor(N / S))`` tables, sizes as equal as possible, so the
  remainder tables have ``S + 1`` seats: 13 → 4+4+5. When that would seat a table above 10
  (any remainder with S=10), use one table more, repeatedly: with S=10, 13 → 6+7. When the
  remainder exceeds the table count the remainder tables grow past ``S + 1`` (7 with S=4 →
  one table of 7).
- ``byes`` — ``floor(N / S)`` tables of ``S`` and ``r`` byes: 13 → 4+4+4 and 1 bye. With
  fewer than ``S`` players (no full table), one table of ``N``.

Order: tables of size ``S`` come first (table 1 is the top table); the *remainder tables*
(any other size) are the lowest. When no table has size ``S`` (a fallback above), the sizes
follow the mode: descending in ``smaller``, ascending in ``larger``. ``PodPlan.exact`` says
whether the mode's own shape was met (only ``S`` and ``S ∓ 1`` tables, or ``S`` and byes).

Fewer than 3 players cannot form a pod table: ``PodPlanRefused``. A size outside 3–10 or an
unknown mode is a setting error: ``InvalidStage``.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.errors import InvalidStage, PairingRefused, saying, saying_n
from fairpair.engine.rounds import POD_SEATS
from fairpair.engine.stage_config import DEFAULT_POD_SIZE, RemainderMode

MIN_SEATS = POD_SEATS.start
MAX_SEATS = POD_SEATS.stop - 1


class PodPlanRefused(PairingRefused):
    """No pod round can seat this field (fewer than 3 players)."""


@dataclass(frozen=True, slots=True)
class PodPlan:
    """The table sizes of a pod round, table 1 first, and how many players get a bye."""

    sizes: tuple[int, ...]
    byes: int
    size: int
    mode: RemainderMode
    exact: bool
    """True when the mode's own shape was met; False for a documented fallback."""

    @property
    def seated(self) -> int:
        return sum(self.sizes)

    @property
    def players(self) -> int:
        return self.seated + self.byes


def _balanced(n: int, tables: int) -> list[int]:
    low, extra = divmod(n, tables)
    return [low + 1] * extra + [low] * (tables - extra)


def _ordered(sizes: list[int], size: int, mode: RemainderMode) -> tuple[int, ...]:
    preferred = [s for s in sizes if s == size]
    rest = sorted((s for s in sizes if s != size), reverse=mode is RemainderMode.SMALLER)
    return tuple(preferred + rest)


def plan_pods(
    players: int,
    size: int = DEFAULT_POD_SIZE,
    mode: RemainderMode | str = RemainderMode.SMALLER,
) -> PodPlan:
    """The tables for ``players`` players at preferred size ``size`` in remainder ``mode``
    (the rule is the module docstring's)."""
    if size not in POD_SEATS:
        raise InvalidStage(
            "pods.size",
            saying(
                "a pod table has %(least)s–%(most)s seats, not %(size)s",
                least=MIN_SEATS,
                most=MAX_SEATS,
                size=size,
            ),
        )
    try:
        mode = RemainderMode(mode)
    except ValueError:
        known = ", ".join(m.value for m in RemainderMode)
        raise InvalidStage(
            "pods.remainder",
            saying("unknown remainder mode %(mode)s (%(known)s)", mode=repr(mode), known=known),
        ) from None
    if players < MIN_SEATS:
        raise PodPlanRefused(
            "",
            saying_n(
                "%(num)d player(s) cannot form a pod table (at least %(least)s are needed)",
                "%(num)d player(s) cannot form a pod table (at least %(least)s are needed)",
                players,
                least=MIN_SEATS,
            ),
        )
    full, rest = divmod(players, size)
    if rest == 0:
        return PodPlan((size,) * full, 0, size, mode, True)
    if mode is RemainderMode.BYES:
        if full == 0:
            return PodPlan((players,), 0, size, mode, False)
        return PodPlan((size,) * full, rest, size, mode, True)
    if mode is RemainderMode.SMALLER:
        tables = full + 1
        while players // tables < MIN_SEATS:
            tables -= 1
    else:
        tables = max(1, full)
        while -(-players // tables) > MAX_SEATS:
            tables += 1
    sizes = _balanced(players, tables)
    wanted = size - 1 if mode is RemainderMode.SMALLER else size + 1
    exact = all(s in (size, wanted) for s in sizes)
    return PodPlan(_ordered(sizes, size, mode), 0, size, mode, exact)
