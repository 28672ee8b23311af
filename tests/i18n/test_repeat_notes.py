"""Repeat-pairing notes in the reader's language (``fairpair.i18n.repeat_note``): the engine
writes them in English (``engine.repeats.repeat_text``); the pages, the player's card and
the Discord text translate them at the edge."""

from __future__ import annotations

from fairpair import i18n
from fairpair.engine.repeats import RepeatMatch, repeat_text, rounds_text


def test_a_repeat_note_reads_in_the_language_and_english_is_the_engines() -> None:
    for met_in in ((2,), (1, 3), (1, 2, 4)):
        repeat = RepeatMatch(table=3, players=("a", "b"), met_in=met_in)
        english = repeat_text(repeat, {"a": "Ann Lee", "b": "Bob Ray"})
        assert i18n.repeat_note(3, "Ann Lee", "Bob Ray", met_in) == english
        assert i18n.rounds_words(met_in) == rounds_text(met_in)
    with i18n.speaking("es"):
        note = i18n.repeat_note(3, "Ana", "Beto", (1, 2, 4))
        assert note == "Mesa 3: Ana y Beto ya jugaron en rondas 1, 2 y 4"
    with i18n.speaking("ja"):
        assert i18n.repeat_note(5, "Aiko", "Chie", (2,)) == (
            "5番卓：Aiko さんと Chie さんは ラウンド 2 で対戦済み"
        )
