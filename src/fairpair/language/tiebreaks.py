"""The tiebreaks' names and abbreviations as the pages, pictures and Discord show them, in the
current language, keyed by the tiebreak's id (``buchholz``, ``omw``). The engine's registry
(``fairpair.engine.tiebreaks.registry``) keeps its English ``label`` and ``short`` and no
language; TRF and CSV exports keep the registry's English codes.

A tiebreak this table does not know (a new one, before its translation) is shown as the
registry says it. A parametrised one ("Koya, limit 60%") carries its label as a sentence
(``Tiebreak.said_label``, the catalogue's name inside it), and the definitions
(``/help/tiebreaks``) are the registry's sentences, one a paragraph: both are said with
``fairpair.i18n.say`` (docs/languages.md).
"""

from __future__ import annotations

from functools import cache

from fairpair.language import current, pgettext


@cache
def _labels(lang: str) -> dict[str, str]:
    """Every tiebreak's name in ``lang`` (the current language: ``lang`` keys the cache)."""
    return {
        "buchholz": pgettext("tiebreak", "Buchholz"),
        "buchholz_cut1": pgettext("tiebreak", "Buchholz Cut-1"),
        "buchholz_cut2": pgettext("tiebreak", "Buchholz Cut-2"),
        "median1": pgettext("tiebreak", "Median-Buchholz"),
        "median2": pgettext("tiebreak", "Median-2"),
        "fore_buchholz": pgettext("tiebreak", "Fore Buchholz"),
        "fore_buchholz_cut1": pgettext("tiebreak", "Fore Buchholz Cut-1"),
        "fore_buchholz_cut2": pgettext("tiebreak", "Fore Buchholz Cut-2"),
        "fore_buchholz_median1": pgettext("tiebreak", "Fore Buchholz Median-1"),
        "fore_buchholz_median2": pgettext("tiebreak", "Fore Buchholz Median-2"),
        "buchholz_forfeits": pgettext("tiebreak", "Buchholz, forfeits count"),
        "fore_buchholz_forfeits": pgettext("tiebreak", "Fore Buchholz, forfeits count"),
        "aob": pgettext("tiebreak", "Average of opponents’ Buchholz"),
        "aob_fore": pgettext("tiebreak", "Average of opponents’ Fore Buchholz"),
        "sonneborn_berger": pgettext("tiebreak", "Sonneborn-Berger"),
        "sonneborn_berger_cut1": pgettext("tiebreak", "Sonneborn-Berger Cut-1"),
        "sonneborn_berger_cut2": pgettext("tiebreak", "Sonneborn-Berger Cut-2"),
        "sonneborn_berger_forfeits": pgettext("tiebreak", "Sonneborn-Berger, forfeits count"),
        "koya": pgettext("tiebreak", "Koya"),
        "progressive": pgettext("tiebreak", "Progressive score"),
        "progressive_cut1": pgettext("tiebreak", "Progressive score Cut-1"),
        "progressive_cut2": pgettext("tiebreak", "Progressive score Cut-2"),
        "wins": pgettext("tiebreak", "Number of wins"),
        "matches_won": pgettext("tiebreak", "Matches played & won"),
        "rounds_elected": pgettext("tiebreak", "Rounds elected to play"),
        "standard_points": pgettext("tiebreak", "Standard points"),
        "black_games": pgettext("tiebreak", "Games played with Black"),
        "black_wins": pgettext("tiebreak", "Games won with Black"),
        "head_to_head": pgettext("tiebreak", "Head-to-head"),
        "head_to_head_forfeits": pgettext("tiebreak", "Head-to-head, forfeits count"),
        "game_difference": pgettext("tiebreak", "Game difference"),
        "omw": pgettext("tiebreak", "OMW%"),
        "gw": pgettext("tiebreak", "GW%"),
        "ogw": pgettext("tiebreak", "OGW%"),
        "oomw": pgettext("tiebreak", "OOMW%"),
        "aro": pgettext("tiebreak", "Average rating of opponents"),
        "aro_cut1": pgettext("tiebreak", "ARO Cut-1"),
        "aro_cut2": pgettext("tiebreak", "ARO Cut-2"),
        "aro_median1": pgettext("tiebreak", "ARO Median-1"),
        "aro_median2": pgettext("tiebreak", "ARO Median-2"),
        "rating": pgettext("tiebreak", "Rating"),
        "tpr": pgettext("tiebreak", "Tournament performance rating"),
        "ptp": pgettext("tiebreak", "Perfect tournament performance"),
        "apro": pgettext("tiebreak", "Average performance rating of opponents"),
        "appo": pgettext("tiebreak", "Average perfect performance of opponents"),
        "seed": pgettext("tiebreak", "Seed"),
        "random": pgettext("tiebreak", "Random"),
        "pod_buchholz": pgettext("tiebreak", "Pod-strength Buchholz"),
    }


@cache
def _shorts(lang: str) -> dict[str, str]:
    """The abbreviations that are not the same in every language (the others, like
    ``BH`` or ``OMW%``, are written as the registry writes them)."""
    return {
        "wins": pgettext("tiebreak abbreviation", "WIN"),
        "matches_won": pgettext("tiebreak abbreviation", "MPW"),
        "head_to_head": pgettext("tiebreak abbreviation", "H2H"),
        "game_difference": pgettext("tiebreak abbreviation", "GD"),
        "rating": pgettext("tiebreak abbreviation", "RTNG"),
        "seed": pgettext("tiebreak abbreviation", "Seed"),
        "random": pgettext("tiebreak abbreviation", "Lot"),
        "progressive": pgettext("tiebreak abbreviation", "PS"),
    }


def tiebreak_label(name: str, english: str) -> str:
    """Tiebreak ``name``'s name in the current language (``english``: the registry's)."""
    return _labels(current.get()).get(name, english)


def tiebreak_short(name: str, english: str) -> str:
    """Tiebreak ``name``'s abbreviation in the current language (``english``: the registry's)."""
    return _shorts(current.get()).get(name, english)
