"""The console's Log tab in the reader's language (issue 33, point 8): the sentence of every
audit action kind (``audit_sentences.SENTENCES``, entries built as the service writes them in
``audit_samples``) is said in German and in Japanese — no sentence left as its English, every
name and number it carries still there — while its value, what the CLI, the API and every
existing test read, stays the English sentence byte for byte. The details' labels (who, the
subject) are said the same way."""

from __future__ import annotations

import pytest

from audit_samples import SAMPLES
from fairpair import i18n
from fairpair.i18n import later
from fairpair.i18n.later import Later
from fairpair.service.event.audit_sentences import (
    SENTENCES,
    actor_label,
    sentence,
    subject_label,
)


def _said(lang: str) -> list[str]:
    with i18n.speaking(lang):
        return [later.translated(sentence(s.entry, s.names)) for s in SAMPLES]


def test_every_action_kind_has_a_sample() -> None:
    assert set(SENTENCES) <= {s.entry.action for s in SAMPLES}


def test_english_is_the_sentence_itself() -> None:
    made = [sentence(s.entry, s.names) for s in SAMPLES]
    assert _said("en") == [str(m) for m in made]
    assert all(isinstance(m, Later) for m in made)  # each carries its message and values
    assert (
        str(made[0])
        == "Tess Dunn (owner) created the event “Friday Open” with 8 players and 5 rounds"
    )


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_every_sentence_is_said_in_the_readers_language(lang: str) -> None:
    english = _said("en")
    said = _said(lang)
    same = [e for e, s in zip(english, said, strict=True) if e == s]
    assert same == [], f"still English in {lang}: {same}"
    lost = [
        (text, value)
        for sample, text in zip(SAMPLES, said, strict=True)
        for value in sample.values
        if value not in text
    ]
    assert lost == [], f"values missing in {lang}: {lost}"


def test_some_sentences_read_as_a_german_organizer_says_them() -> None:
    german = set(_said("de"))
    assert "Tess Dunn (Inhaber) fügte Ann Lee und Bea Diaz hinzu" in german
    assert (
        "Tess Dunn (Inhaber) trug das Ergebnis von Tisch 7 in Runde 3 von Top 8 ein: "
        "Ann Lee gewinnt 2-1"
    ) in german
    assert "Bea Diaz zog sich vor Runde 1 aus dem Turnier zurück" in german
    assert "Jo Park (Judge) schaltete die Turnier-Alarme auf 2 Geräten aus" in german


def test_the_details_labels() -> None:
    subject = subject_label("stage swiss round 1 table 4")
    draft = subject_label("stage swiss round 2 (draft)")
    actor = actor_label("player ivy-lamb (Ivy Lamb) via Discord 77")
    other = subject_label("ann, bea")  # a check-in's keys: as they are
    assert (subject, draft, actor, other) == (
        "stage swiss round 1 table 4",
        "stage swiss round 2 (draft)",
        "player ivy-lamb (Ivy Lamb) via Discord 77",
        "ann, bea",
    )
    with i18n.speaking("de"):
        assert later.translated(subject) == "Phase swiss Runde 1 Tisch 4"
        assert later.translated(draft) == "Phase swiss Runde 2 (Entwurf)"
        assert later.translated(actor) == "Spieler ivy-lamb (Ivy Lamb) über Discord 77"
        assert later.translated(other) == "ann, bea"
        assert later.translated(subject_label("event access-open")) == "Turnier access-open"
    with i18n.speaking("ja"):
        assert later.translated(subject_label("player ivy-lamb")) == "プレイヤー ivy-lamb"
