"""The tiebreaks' names and abbreviations in the reader's language, keyed by the tiebreak's
id (``fairpair.i18n.tiebreaks``; the engine's registry stays English)."""

from __future__ import annotations

from fairpair import i18n
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.i18n.tiebreaks import _labels, tiebreak_label, tiebreak_short


def test_every_tiebreak_has_a_name_in_every_language_and_english_is_the_registrys() -> None:
    assert set(_labels("en")) == set(REGISTRY)
    for tb in REGISTRY.values():
        assert tiebreak_label(tb.name, tb.label) == tb.label
        assert tiebreak_short(tb.name, tb.short) == tb.short
    with i18n.speaking("ja"):
        assert tiebreak_label("head_to_head", "Head-to-head") == "直接対決"
        assert tiebreak_short("seed", "Seed") == "シード"
        assert tiebreak_short("buchholz", "BH") == "BH"  # the same everywhere
    with i18n.speaking("es"):
        assert tiebreak_label("wins", "Number of wins") == "Número de victorias"
        assert tiebreak_label("not_yet_known", "Brand new") == "Brand new"
