"""Pairing methods: how players meet inside a score group (seed 004, "Pairing methods").

Each method is one small module with one function of the same signature::

    ideal_partners(size: int, key: str) -> tuple[int, ...]

For a bracket of ``size`` players (even) in rank order, ``result[i]`` is the position of the
ideal partner of position ``i`` (an involution). ``key`` makes Random reproducible; the other
methods ignore it.
"""

from __future__ import annotations

from collections.abc import Callable

from fairpair.engine.pairing.methods import adjacent, fold, random_order, slide
from fairpair.engine.stage import PairingMethod

IdealPartners = Callable[[int, str], tuple[int, ...]]

METHODS: dict[PairingMethod, IdealPartners] = {
    PairingMethod.ADJACENT: adjacent.ideal_partners,
    PairingMethod.SLIDE: slide.ideal_partners,
    PairingMethod.FOLD: fold.ideal_partners,
    PairingMethod.RANDOM: random_order.ideal_partners,
}


def ideal_partners_for(method: PairingMethod) -> IdealPartners:
    return METHODS[method]


__all__ = ["METHODS", "IdealPartners", "ideal_partners_for"]
