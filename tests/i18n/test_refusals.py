"""The service's refusals through the catalogue (docs/languages.md, "Refusals"): every
message ``service/`` marks is filled with exactly the values it names (a missing value would
turn a refusal into a crash, in one language or all), a refusal is made in the language
of the moment it is raised, and English stays the source text."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused, UnknownEvent
from fairpair.service.kernel.slugs import checked_slug
from fairpair.web.forms import refusal, where_said

SERVICE = Path(__file__).resolve().parents[2] / "src" / "fairpair" / "service"
PLACEHOLDER = re.compile(r"%\((\w+)\)")
TRANSLATING = ("gettext", "ngettext")


def _messages(node: ast.expr) -> list[str] | None:
    """The messages a ``gettext(...)`` / ``ngettext(...)`` call (or a choice between such
    calls) may give; ``None`` when ``node`` is something else."""
    if isinstance(node, ast.IfExp):
        body, orelse = _messages(node.body), _messages(node.orelse)
        return None if body is None or orelse is None else body + orelse
    if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") in TRANSLATING):
        return None
    texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
    return [t for t in texts if isinstance(t, str)]


def _uses() -> list[tuple[str, int, list[str], set[str] | None]]:
    """Every translated message of ``service/``: where, its texts, and the names of the
    values it is filled with (``None``: used as it is)."""
    found: list[tuple[str, int, list[str], set[str] | None]] = []
    for path in sorted(SERVICE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        filled: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
                texts = _messages(node.left)
                if texts is not None and isinstance(node.right, ast.Dict):
                    keys = {k.value for k in node.right.keys if isinstance(k, ast.Constant)}
                    found.append((path.name, node.lineno, texts, {str(k) for k in keys}))
                    filled.add(id(node.left))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and id(node) not in filled:
                texts = _messages(node)
                if texts:
                    found.append((path.name, node.lineno, texts, None))
    return found


def test_the_service_marks_its_refusals() -> None:
    assert len(_uses()) > 200


def test_each_message_is_filled_with_the_values_it_names() -> None:
    wrong = []
    for name, line, texts, keys in _uses():
        named = {p for t in texts for p in PLACEHOLDER.findall(t)}
        if keys is None:
            continue  # filled later (a message chosen first, filled once): checked below
        if not named <= keys:
            wrong.append(f"{name}:{line}: {sorted(named - keys)} not given")
    assert wrong == []


def test_a_message_used_as_it_is_names_no_value() -> None:
    """A message shown as it is must not hold ``%(x)s`` or ``%%``; one that is filled later
    (``said = gettext(...)``, then ``said % {...}``) is filled where it is raised."""
    source = {p.name: p.read_text(encoding="utf-8") for p in SERVICE.rglob("*.py")}
    wrong = []
    for name, line, texts, keys in _uses():
        if keys is not None:
            continue
        for text in texts:
            if "%" in text and "% {" not in source[name]:
                wrong.append(f"{name}:{line}: {text!r}")
    assert wrong == []


def test_a_refusal_is_said_in_the_language_of_its_moment() -> None:
    with pytest.raises(Refused) as english:
        checked_slug("Not A Slug")
    with i18n.speaking("ja"), pytest.raises(Refused) as japanese:
        checked_slug("Not A Slug")
    with i18n.speaking("de"), pytest.raises(Refused) as german:
        checked_slug("Not A Slug")
    assert english.value.reason.startswith("'Not A Slug' is not a slug: use 1-80 lowercase")
    assert japanese.value.reason.startswith("'Not A Slug' は URL 用の識別子ではありません")
    assert german.value.reason.startswith("'Not A Slug' ist kein URL-Kürzel")
    for error in (japanese.value, german.value):  # the code and the place never change
        assert (error.code, error.location, error.where) == (
            english.value.code,
            english.value.location,
            english.value.where,
        )


def test_a_refusal_from_the_database_speaks_too(sqlite_db: Database) -> None:
    with pytest.raises(UnknownEvent) as english:
        events.show_event(sqlite_db, "nowhere")
    with i18n.speaking("fr"), pytest.raises(UnknownEvent) as french:
        events.show_event(sqlite_db, "nowhere")
    assert english.value.reason == "no event 'nowhere' (no events yet: create one)"
    assert french.value.reason == "aucun événement 'nowhere' (pas encore d'événement : créez-en un)"
    assert french.value.command == english.value.command == "fairpair event new NAME"
    assert french.value.code == english.value.code == "unknown_event"


def test_the_place_of_a_refusal_speaks_too() -> None:
    """A page puts the refusal's place (stage, round, table, player) before its reason: in
    English exactly as ``Location.place`` says it, else in the reader's language."""
    at = Location(stage="swiss", round=4, table=1, player="ann")
    error = Refused(at, "why")
    assert i18n.place("swiss", 4, 1, "ann") == at.place
    assert refusal(error) == {"_form": "stage 'swiss', round 4, table 1, player 'ann': why"}
    with i18n.speaking("es"):
        assert refusal(error) == {"_form": "fase 'swiss', ronda 4, mesa 1, jugador 'ann': why"}
    with i18n.speaking("ja"):
        assert where_said(error) == "ステージ 'swiss', ラウンド 4, 1 卓, プレイヤー 'ann'"
