"""The catalogues (docs/languages.md): every message the package marks for translation is
translated in every shipped language, with the same placeholders and nothing fuzzy; the
converted templates show no text outside the translation calls."""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from jinja2 import Environment

from fairpair import i18n

ROOT = Path(__file__).resolve().parents[2]
# scripts/i18n.py: the same extraction as `uv run python scripts/i18n.py extract`
_spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
assert _spec is not None and _spec.loader is not None
catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogues)

TEMPLATES = ROOT / "src" / "fairpair" / "web" / "templates"
#: Every template: each visible word goes through the catalogue (a new template is scanned too).
EVERY_TEMPLATE = tuple(
    sorted(str(p.relative_to(TEMPLATES)).replace("\\", "/") for p in TEMPLATES.rglob("*.html"))
)
#: Words that are the same in every language: names of things (a format), Discord's command.
ALLOWED = ("fairpair", "Discord", "/join code:", "CSV")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]


@pytest.fixture(scope="module")
def template() -> Catalog:
    extracted: Catalog = catalogues.extracted()
    return extracted


def _strings(message: Message) -> tuple[str, ...]:
    s = message.string
    return tuple(s) if isinstance(s, (tuple, list)) else (s or "",)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_message_is_translated(template: Catalog, lang: str) -> None:
    with i18n.catalogue_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    wrong: list[str] = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        if found is None:
            wrong.append(f"missing: {message.id!r}")
            continue
        if found.fuzzy:
            wrong.append(f"fuzzy: {message.id!r}")
        strings = _strings(found)
        if not strings or not all(strings):
            wrong.append(f"empty: {message.id!r}")
            continue
        wanted = {n for text in _ids(message) for n in PLACEHOLDER.findall(text)}
        for text in strings:
            if set(PLACEHOLDER.findall(text)) != wanted:
                wrong.append(f"placeholders: {message.id!r} → {text!r}")
    assert wrong == []


def test_the_catalogue_template_is_current(template: Catalog) -> None:
    """``scripts/i18n.py update`` was run after the last change to a marked message."""
    path: Path = catalogues.TEMPLATE
    with path.open("rb") as pot:
        saved = read_po(pot)
    assert {m.id for m in saved if m.id} == {m.id for m in template if m.id}


def test_each_catalogue_compiles_and_translates() -> None:
    with i18n.speaking("ja"):
        assert i18n.gettext("Standings") == "順位表"
        assert i18n.ngettext("%(num)d table", "%(num)d tables", 3) == "%(num)d 卓"
    with i18n.speaking("es"):
        assert i18n.gettext("Standings") == "Clasificación"
        assert i18n.ngettext("%(num)d table", "%(num)d tables", 1) == "%(num)d mesa"
        assert i18n.ngettext("%(num)d table", "%(num)d tables", 4) == "%(num)d mesas"
    assert i18n.gettext("Standings") == "Standings"  # English: the source


class _Visible(HTMLParser):
    """The text a reader sees (and the labels a screen reader reads) in a template whose
    Jinja parts were replaced by a mark."""

    ATTRIBUTES = ("aria-label", "placeholder", "title", "alt")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value and _words(value):
                self.found.append(f"{name}={value!r}")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and _words(data):
            self.found.append(repr(data.strip()))


def _words(text: str) -> bool:
    for allowed in ALLOWED:
        text = text.replace(allowed, "")
    return re.search(r"[^\W\d_]", text) is not None


JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
#: Blocks that hold class names, not text.
CLASS_BLOCKS = re.compile(r"\{% block \w*class %\}.*?\{% endblock %\}")


GETTEXT = {"_", "gettext", "ngettext", "pgettext", "npgettext"}
LEXER = Environment(extensions=["jinja2.ext.i18n"])


def _prose(text: str) -> bool:
    """Words for a reader ("Start date", "City"), not a key, a class or markup."""
    if "<" in text:
        return False
    two_words = re.search(r"[^\W\d_]{2,}\s+[^\W\d_]", text) is not None
    return two_words or re.fullmatch(r"[A-Z][a-z]{2,}[.!?]?", text) is not None


def _literals_outside_the_catalogue(source: str) -> list[str]:
    """Prose in a Jinja expression that no ``_()`` wraps: a label handed to a macro
    (``field("city", "City", …)``), a conditional's words (``{{ "Open" if x }}``)."""
    tokens = [t for t in LEXER.lex(source) if t[1] != "whitespace"]
    found: list[str] = []
    for i, (line, kind, value) in enumerate(tokens):
        if kind != "string" or not _prose(value[1:-1]):
            continue
        before = [v for _, _, v in tokens[max(0, i - 4) : i]]
        if before[-2:-1] and before[-1] == "(" and before[-2] in GETTEXT:
            continue  # the message itself
        if "ngettext" in before and before[-1] == ",":
            continue  # its plural
        if before[-4:-2] == ["pgettext", "("] and before[-1] == ",":
            continue  # the message after its context: pgettext("rating", "Change")
        if before and before[-1] in ("==", "!=", "in"):
            continue  # compared, not shown
        found.append(f"{line}: {value}")
    return found


@pytest.mark.parametrize("name", EVERY_TEMPLATE)
def test_a_template_shows_no_text_outside_the_catalogue(name: str) -> None:
    source = (TEMPLATES / name).read_text(encoding="utf-8")
    parser = _Visible()
    parser.feed(JINJA.sub(" ", CLASS_BLOCKS.sub("", source)))
    assert parser.found == []
    assert _literals_outside_the_catalogue(source) == []


def test_the_scan_finds_text_outside_the_catalogue() -> None:
    parser = _Visible()
    parser.feed(JINJA.sub(" ", '<p>{{ _("Fine") }}</p><b aria-label="Oops">Plain words</b>'))
    assert parser.found == ["aria-label='Oops'", "'Plain words'"]
    source = (
        '{{ field("city", "City", help=_("one a line")) }}{% if tab == "Some tab" %}'
        '{{ "Not yet" if x else _("Done") }}{{ ngettext("%(num)d table", "%(num)d tables", n) }}'
    )
    assert _literals_outside_the_catalogue(source) == ['1: "City"', '1: "Not yet"']
