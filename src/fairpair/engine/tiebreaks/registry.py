"""The registry: every tiebreak by its name, in catalogue order."""

from __future__ import annotations

from fairpair.engine.errors import UnknownTiebreak
from fairpair.engine.tiebreaks import (
    buchholz,
    colours,
    game_difference,
    head_to_head,
    koya,
    percentages,
    pod_strength,
    progressive,
    random_draw,
    rating,
    seed,
    sonneborn_berger,
    wins,
)
from fairpair.engine.tiebreaks.base import Tiebreak

REGISTRY: dict[str, Tiebreak] = {
    tb.name: tb
    for module in (
        buchholz,
        sonneborn_berger,
        koya,
        progressive,
        wins,
        colours,
        head_to_head,
        game_difference,
        percentages,
        rating,
        seed,
        random_draw,
        pod_strength,
    )
    for tb in module.TIEBREAKS
}


def get_tiebreak(name: str, where: str = "tiebreaks") -> Tiebreak:
    """The tiebreak called ``name``; ``UnknownTiebreak`` naming the known ones otherwise."""
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise UnknownTiebreak(where, f"unknown tiebreak {name!r} (known: {known})") from None
