"""The registry: every tiebreak by its name, in catalogue order."""

from __future__ import annotations

from functools import lru_cache

from fairpair.engine.errors import N_, Said, UnknownTiebreak, saying
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
from fairpair.engine.tiebreaks.parameters import SPELLINGS, BadParameter, modified, shown

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


#: The reason for a name that is no tie-break (``%(known)s``: the names and spellings).
UNKNOWN = N_("unknown tiebreak %(name)s (known: %(known)s)")


def tiebreak_problem(name: str) -> str | None:
    """Why ``name`` names no tie-break (``None``: it names one) — unknown, or a parametrised
    name (``koya_limit_60``, ``aro_unrated_1000``: ``parameters``) with a number not allowed."""
    said = tiebreak_said(name)
    return None if said is None else str(said)


def tiebreak_said(name: str) -> Said | None:
    """``tiebreak_problem`` as a sentence to say in the reader's language (``str()``: the
    English)."""
    if name in REGISTRY:
        return None
    try:
        found = modified(name)
    except BadParameter as error:
        return saying("tiebreak %(name)s: %(problem)s", name=shown(name), problem=error.said)
    if found is not None:
        return None
    known = ", ".join((*REGISTRY, *SPELLINGS))
    return saying(UNKNOWN, name=shown(name), known=known)


def get_tiebreak(name: str, where: str = "tiebreaks") -> Tiebreak:
    """The tiebreak called ``name`` — a catalogue entry of ``REGISTRY`` or a parametrised
    name (``koya_limit_60``, ``koya_limit_plus_1``, ``aro_unrated_1000``: ``parameters``);
    ``UnknownTiebreak`` at ``where`` with the reason otherwise."""
    found = REGISTRY.get(name) or _parametrised(name)
    if found is None:
        raise UnknownTiebreak(where, tiebreak_said(name) or name)
    return found


@lru_cache(maxsize=512)
def _parametrised(name: str) -> Tiebreak | None:
    """The parametrised tie-break ``name`` (one object per name), ``None`` when the name is
    unknown or its number not allowed."""
    try:
        found = modified(name)
    except BadParameter:
        return None
    return None if found is None else found.tiebreak(REGISTRY[found.base])
