"""The engine's sentences through the catalogue (docs/languages.md, "The engine's words"):
every ``saying(...)`` / ``saying_n(...)`` / ``saying_p(...)`` in ``engine/`` is given exactly
the values its template names (a missing value would turn a refusal into a crash in one
language or all), English is the text the engine has always said, and the reader's language
is chosen at the edge (``fairpair.i18n.reason``), never in the engine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fairpair import i18n
from fairpair.engine.errors import InvalidResult, Said, saying, saying_n, saying_p
from fairpair.engine.lifecycle import Refusal, RefusalReason, RoundAction
from fairpair.engine.results import GameScore
from fairpair.engine.rounds import RoundState

ENGINE = Path(__file__).resolve().parents[2] / "src" / "fairpair" / "engine"
PLACEHOLDER = re.compile(r"%\((\w+)\)")
MARKERS = {"saying": 1, "saying_n": 2, "saying_p": 2}  # how many leading texts


def _calls() -> list[tuple[str, int, list[str], set[str]]]:
    """Every marked sentence of ``engine/``: where, its texts, the names of its values."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            leading = MARKERS.get(node.func.id)
            if leading is None:
                continue
            texts = [
                a.value
                for a in node.args[:leading]
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if node.func.id == "saying_p":
                texts = texts[1:]  # the context is not the sentence
            names = {k.arg for k in node.keywords if k.arg is not None}
            if node.func.id == "saying_n":
                names.add("num")  # the count fills %(num)d
            found.append((str(path.relative_to(ENGINE)), node.lineno, texts, names))
    return found


def test_the_engine_marks_its_sentences() -> None:
    assert len(_calls()) > 100


def test_each_sentence_is_given_exactly_the_values_it_names() -> None:
    wrong = []
    for name, line, texts, names in _calls():
        if not texts:
            continue  # a module's constant (N_), checked below through its use
        named = {p for text in texts for p in PLACEHOLDER.findall(text)}
        if named != names:
            wrong.append(f"{name}:{line}: names {sorted(named)}, given {sorted(names)}")
    assert wrong == []


def test_every_lifecycle_refusal_is_said_in_every_language() -> None:
    """The lifecycle's sentences are chosen from constants (one per action): each refusal
    ``check`` can make is filled in every language without a missing value."""
    for action in RoundAction:
        for reason in RefusalReason:
            for state in RoundState:
                refusal = Refusal(
                    action, reason, 3, state=state, other_round=4, other_state=state, count=2, cap=5
                )
                assert str(refusal.said) == refusal.text
                for lang in i18n.LANGUAGES:
                    with i18n.speaking(lang):
                        assert i18n.say(refusal.said)


def test_english_is_the_text_and_a_reader_gets_their_language_at_the_edge() -> None:
    with pytest.raises(InvalidResult) as caught:
        GameScore(-1, 0)
    error = caught.value
    assert error.reason == "must be a whole number ≥ 0, got -1"
    assert str(error) == "games.a: must be a whole number ≥ 0, got -1"
    assert i18n.reason(error) == error.reason  # English: the engine's own text
    with i18n.speaking("de"):
        assert i18n.reason(error) == "muss eine ganze Zahl ≥ 0 sein, erhalten: -1"
        assert error.reason == "must be a whole number ≥ 0, got -1"  # the engine is unchanged
    with i18n.speaking("ja"):
        assert i18n.reason(error) == "0 以上の整数にしてください（-1 が指定されました）"


def test_a_word_inside_a_sentence_is_said_in_the_same_language() -> None:
    refusal = Refusal(RoundAction.OPEN, RefusalReason.WRONG_STATE, 3, state=RoundState.COMPLETED)
    assert refusal.text == (
        "cannot open round 3: it is completed; only a scheduled round can be opened"
    )
    with i18n.speaking("es"):
        assert i18n.say(refusal.said) == (
            "no se puede abrir la ronda 3: está completada; solo una ronda programada puede abrirse"
        )


def test_a_plain_text_and_a_count_are_said_as_english_says_them() -> None:
    plain = Said("why, 100% sure", marked=False)  # a reason given as it is: never formatted
    assert str(plain) == "why, 100% sure"
    with i18n.speaking("fr"):
        assert i18n.say(plain) == "why, 100% sure"
    one = saying_n("%(num)d match has no result yet", "%(num)d matches have no result yet", 1)
    many = saying_n("%(num)d match has no result yet", "%(num)d matches have no result yet", 3)
    assert (str(one), str(many)) == ("1 match has no result yet", "3 matches have no result yet")
    word = saying_p("round", "open")
    assert str(word) == "open"
    with i18n.speaking("de"):
        assert i18n.say(word) == "offen"
        # a sentence not in the catalogue is said in English, filled as usual
        assert i18n.say(saying("nobody knows %(who)s", who="Ann")) == "nobody knows Ann"
