"""The rulesets' names as the pages show them, in the current language, keyed by the preset's
id (``mtg``, ``fide``): the id stays what a document, the command line and the API use; a
person picking a ruleset reads what it is for. A preset this table does not know (a new one,
before its name) is shown by its id."""

from __future__ import annotations

from fairpair.language import N_, gettext

NAMES = {
    "default": N_("General Swiss (3/1/0, Buchholz)"),
    "mtg": N_("Magic: The Gathering (MTR)"),
    "pokemon": N_("Pokémon TCG (Play! Pokémon)"),
    "riftbound": N_("Riftbound"),
    "teamup": N_("Team Up community night (1/½/0)"),
    "fide": N_("Chess (FIDE)"),
    "fide_2024": N_("Chess (FIDE, unplayed rounds as in 2024)"),
    "pods": N_("Pods: multiplayer tables (5/1/0)"),
    "round_robin": N_("Round robin (FIDE tie-breaks)"),
}


def ruleset_name(key: str) -> str:
    """The ruleset ``key``'s name in the current language (its id when unknown)."""
    name = NAMES.get(key)
    return gettext(name) if name is not None else key
