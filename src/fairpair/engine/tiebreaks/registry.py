"""The registry: every tiebreak by its name, in catalogue order.

``MODULES`` names the module (``fairpair.engine.tiebreaks.<module>``, one per family) that
declares each tiebreak, in catalogue order. A family's module is imported the first time one of
its tiebreaks is asked for (``REGISTRY[name]``, ``get_tiebreak``), not before: standings under a
ruleset that names three tiebreaks load those families only, not the whole catalogue (and not
``hashlib``, which only the random draw needs) — start-up, docs/performance.md. Listing the
names, or asking whether one exists (``name in REGISTRY``), imports nothing;
``REGISTRY.values()`` imports every family. A test keeps ``MODULES`` equal to what the modules
declare (``TIEBREAKS``), in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from fairpair.engine.errors import UnknownTiebreak
from fairpair.engine.tiebreaks.base import Tiebreak

#: Each tiebreak's family module, in catalogue order.
MODULES: dict[str, str] = {
    "buchholz": "buchholz",
    "buchholz_cut1": "buchholz",
    "buchholz_cut2": "buchholz",
    "median1": "buchholz",
    "median2": "buchholz",
    "fore_buchholz": "buchholz",
    "fore_buchholz_cut1": "buchholz",
    "fore_buchholz_cut2": "buchholz",
    "fore_buchholz_median1": "buchholz",
    "fore_buchholz_median2": "buchholz",
    "buchholz_forfeits": "buchholz",
    "fore_buchholz_forfeits": "buchholz",
    "aob": "buchholz",
    "aob_fore": "buchholz",
    "sonneborn_berger": "sonneborn_berger",
    "sonneborn_berger_cut1": "sonneborn_berger",
    "sonneborn_berger_cut2": "sonneborn_berger",
    "sonneborn_berger_forfeits": "sonneborn_berger",
    "koya": "koya",
    "progressive": "progressive",
    "progressive_cut1": "progressive",
    "progressive_cut2": "progressive",
    "wins": "wins",
    "matches_won": "wins",
    "rounds_elected": "wins",
    "standard_points": "wins",
    "black_games": "colours",
    "black_wins": "colours",
    "head_to_head": "head_to_head",
    "head_to_head_forfeits": "head_to_head",
    "game_difference": "game_difference",
    "omw": "percentages",
    "gw": "percentages",
    "ogw": "percentages",
    "oomw": "percentages",
    "aro": "rating",
    "aro_cut1": "rating",
    "aro_cut2": "rating",
    "aro_median1": "rating",
    "aro_median2": "rating",
    "rating": "rating",
    "tpr": "rating",
    "ptp": "rating",
    "apro": "rating",
    "appo": "rating",
    "seed": "seed",
    "random": "random_draw",
    "pod_buchholz": "pod_strength",
}


class Catalogue(Mapping[str, Tiebreak]):
    """Every tiebreak by name, each family's module imported on first use."""

    def __init__(self) -> None:
        self._loaded: dict[str, Tiebreak] = {}

    def __getitem__(self, name: str) -> Tiebreak:
        found = self._loaded.get(name)
        if found is None:
            module = import_module(f"fairpair.engine.tiebreaks.{MODULES[name]}")
            declared: tuple[Tiebreak, ...] = module.TIEBREAKS
            self._loaded.update((tb.name, tb) for tb in declared)
            found = self._loaded[name]
        return found

    def __contains__(self, name: object) -> bool:
        return name in MODULES

    def __iter__(self) -> Iterator[str]:
        return iter(MODULES)

    def __len__(self) -> int:
        return len(MODULES)


REGISTRY: Mapping[str, Tiebreak] = Catalogue()


def get_tiebreak(name: str, where: str = "tiebreaks") -> Tiebreak:
    """The tiebreak called ``name``; ``UnknownTiebreak`` naming the known ones otherwise."""
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(REGISTRY)
        raise UnknownTiebreak(where, f"unknown tiebreak {name!r} (known: {known})") from None
