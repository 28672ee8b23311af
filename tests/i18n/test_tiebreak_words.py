"""The tiebreaks' names and abbreviations in the reader's language, keyed by the tiebreak's
id (``fairpair.language.tiebreaks``; the engine's registry stays English), and the engine's own
words about them — every definition paragraph, a parametrised tiebreak's name and rule, a
name's refusal — said in every language (``fairpair.i18n.say``), English as before."""

from __future__ import annotations

import re

import pytest

from fairpair import i18n
from fairpair.engine.errors import UnknownTiebreak
from fairpair.engine.tiebreaks.registry import (
    REGISTRY,
    get_tiebreak,
    tiebreak_problem,
    tiebreak_said,
)
from fairpair.i18n import say
from fairpair.language.tiebreaks import _labels, tiebreak_label, tiebreak_short

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


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


CODE = re.compile(r"``(.+?)``")
#: One name per parametrised case (the label and the rule each say), and every refusal.
PARAMETRISED = (
    "koya_limit_60",
    "koya_limit_plus_1",
    "koya_limit_minus_2",
    "rating_unrated_0",
    "aro_cut1_unrated_1000",
)
REFUSED = (
    "koya_limit_120",
    "koya_limit_0060",
    "koya_limit_" + "9" * 9,
    "koya_limit_plus_0",
    "koya_limit_plus_x",
    "koya_limit_plus_12345",
    "koya_limit_minus_1001",
    "koya_limit_minus_",
    "koya_limit_minus_99999",
    "aro_unrated_100001",
    "aro_unrated_1000000",
    "aro_unrated_½",
    "buchholz_unrated_1000",
    "no_such_tiebreak",
)


def test_every_definition_is_said_in_every_language_with_its_code_as_it_is() -> None:
    """Each paragraph is a sentence of the catalogue: translated in every language, the
    ``code`` in it (ids, TRF codes) unchanged; English is the registry's text."""
    for tb in REGISTRY.values():
        assert tb.paragraphs and tb.definition == "\n\n".join(str(p) for p in tb.paragraphs)
        for paragraph in tb.paragraphs:
            english = str(paragraph)
            assert say(paragraph) == english
            for lang in TRANSLATED:
                with i18n.speaking(lang):
                    said = say(paragraph)
                assert said != english, (lang, english)
                assert sorted(CODE.findall(said)) == sorted(CODE.findall(english)), (lang, said)


def test_a_parametrised_tiebreak_is_named_and_explained_in_every_language() -> None:
    labels = [get_tiebreak(name).label for name in PARAMETRISED]
    assert labels == [  # English as it has always been
        "Koya, limit 60%",
        "Koya, limit +1 half-point",
        "Koya, limit −2 half-points",
        "Rating, unrated 0",
        "ARO Cut-1, unrated 1000",
    ]
    for name in PARAMETRISED:
        tb = get_tiebreak(name)
        label = tb.said_label
        assert label is not None and str(label) == tb.label
        for lang in TRANSLATED:
            with i18n.speaking(lang):
                assert say(label) != tb.label
                assert say(tb.paragraphs[-1]) != str(tb.paragraphs[-1])
    with i18n.speaking("de"):
        assert _label("koya_limit_60") == "Koya, Grenze 60 %"
        assert _label("aro_cut1_unrated_1000") == "ARO Cut-1, ohne Elo mit 1000"
        assert say(get_tiebreak("koya_limit_plus_1").paragraphs[-1]) == (
            "Mit ``/L+1`` (C.07 Art. 9.2): Die 50-%-Grenze wird um 1 halben Punkt angehoben."
        )
    with i18n.speaking("ja"):
        assert _label("rating_unrated_0") == "レーティング（レーティングなしは 0）"


def _label(name: str) -> str:
    label = get_tiebreak(name).said_label
    assert label is not None
    return say(label)


def test_every_refusal_of_a_tiebreak_name_is_said_in_every_language() -> None:
    for name in REFUSED:
        said = tiebreak_said(name)
        assert said is not None and str(said) == tiebreak_problem(name)
        with pytest.raises(UnknownTiebreak) as raised:
            get_tiebreak(name)
        assert raised.value.reason == str(said)
        for lang in TRANSLATED:
            with i18n.speaking(lang):
                assert i18n.reason(raised.value) != raised.value.reason
    with i18n.speaking("es"):
        assert say(tiebreak_said("koya_limit_plus_12345")) == (  # type: ignore[arg-type]
            "desempate 'koya_limit_plus_12345': los medios puntos que se mueve el límite de "
            "Koya (koya_limit_plus_<medios puntos>) debe estar entre 1 y 1,000"
        )
