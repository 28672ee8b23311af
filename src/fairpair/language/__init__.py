"""The current language and what it says, with nothing but the standard library: fairpair's
generator runs this in the browser (Pyodide), where Babel is not loaded; the server speaks
through ``fairpair.i18n``, which re-exports all of this and gives the catalogues (its ``.po``
files compiled by Babel) and the dates, numbers and lists of each language.

The language of what is being rendered is a context variable (``current``): the web app's
middleware sets it per request; code that renders for someone else (a notification, an
image) sets it with ``speaking(lang)``. The catalogue of a language comes from where
``use_catalogues`` says (``fairpair.i18n``: the ``.po`` files), or is given with the language
(``speaking_with``: the generator's page carries its language's catalogue). English is the
source language: a message missing from a catalogue is shown in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import NullTranslations
from typing import Protocol, runtime_checkable

SOURCE = "en"
#: Every language fairpair ships, the source first: code → its own name for itself.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "fr": "Français",
    "de": "Deutsch",
    "it": "Italiano",
    "ja": "日本語",
}

current: ContextVar[str] = ContextVar("fairpair_language", default=SOURCE)

#: A catalogue given with the language (``speaking_with``), else ``None``: the one
#: ``use_catalogues`` loads for ``current``.
given: ContextVar[NullTranslations | None] = ContextVar("fairpair_catalogue", default=None)


def language() -> str:
    """The language of what is being rendered now."""
    return current.get()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Render in ``lang`` (a shipped language; anything else: English) inside the block."""
    token = current.set(lang if lang in LANGUAGES else SOURCE)
    catalogue = given.set(None)
    try:
        yield
    finally:
        given.reset(catalogue)
        current.reset(token)


@contextmanager
def speaking_with(lang: str, catalogue: NullTranslations) -> Iterator[None]:
    """Render in ``lang`` with ``catalogue`` (its messages: the generator's page carries
    them) inside the block; a language not shipped is English."""
    known = lang in LANGUAGES and lang != SOURCE
    token = current.set(lang if known else SOURCE)
    mark = given.set(catalogue if known else None)
    try:
        yield
    finally:
        given.reset(mark)
        current.reset(token)


#: Where a language's catalogue comes from (``use_catalogues``).
Catalogues = Callable[[str], NullTranslations]


def _none(lang: str) -> NullTranslations:
    return NullTranslations()


_load: list[Catalogues] = [_none]


def use_catalogues(load: Catalogues) -> None:
    """Take each language's catalogue from ``load`` (``fairpair.i18n`` gives its ``.po``
    files, compiled by Babel); until then every language is said in English."""
    _load[0] = load
    translations.cache_clear()


@cache
def translations(lang: str) -> NullTranslations:
    """The catalogue of ``lang`` (English: none, the source text is the message)."""
    if lang == SOURCE or lang not in LANGUAGES:
        return NullTranslations()
    return _load[0](lang)


def _catalogue() -> NullTranslations:
    found = given.get()
    return found if found is not None else translations(current.get())


def gettext(message: str) -> str:
    return _catalogue().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return str(_catalogue().pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _catalogue().npgettext(context, singular, plural, n)


_ = gettext


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (a module's constant,
    translated where it is shown: ``{{ _(label) }}``)."""
    return message


def html_lang(lang: str | None = None) -> str:
    """The language as ``<html lang>`` says it (BCP 47: ``pt-BR``)."""
    return (lang or current.get()).replace("_", "-")


def chosen(value: str | None) -> str | None:
    """``value`` when it names a shipped language (a cookie, a form), else ``None``."""
    return value if value in LANGUAGES else None


#: The names of playoff rounds (``engine.brackets.round_names``), for the catalogue.
_ROUND_WORDS = {
    "Final": N_("Final"),
    "Semifinals": N_("Semifinals"),
    "Quarterfinals": N_("Quarterfinals"),
    "Third place": N_("Third place"),
    "Grand final": N_("Grand final"),
    "Bracket reset": N_("Bracket reset"),
}
_NUMBERED_ROUNDS = (
    (re.compile(r"Round of (\d+)"), N_("Round of %(players)s"), "players"),
    (re.compile(r"Winners round (\d+)"), N_("Winners round %(number)s"), "number"),
    (re.compile(r"Losers round (\d+)"), N_("Losers round %(number)s"), "number"),
    (re.compile(r"Round (\d+)"), N_("Round %(number)s"), "number"),
)


def round_name(name: str) -> str:
    """A round's name as ``engine.round_names`` says it in English ("Round 3", "Semifinals",
    "Winners round 2 · Losers round 1") in the current language; anything else as it is."""
    out: list[str] = []
    for part in name.split(" · "):
        if part in _ROUND_WORDS:
            out.append(gettext(part))
            continue
        for pattern, message, field in _NUMBERED_ROUNDS:
            found = pattern.fullmatch(part)
            if found is not None:
                out.append(gettext(message) % {field: found.group(1)})
                break
        else:
            out.append(part)
    return " · ".join(out)


def result_words(text: str, a: str, b: str) -> str:
    """A result as ``engine.result_text`` says it in English ("Ash wins 2-1", "draw 1-1",
    "Bo forfeits") for players ``a`` and ``b``, in the current language."""
    for name in sorted((a, b), key=len, reverse=True):  # "Ann Lee" before "Ann"
        if text.startswith(f"{name} wins"):
            score = text[len(name) + len(" wins") :]
            return gettext("%(player)s wins%(score)s") % {"player": name, "score": score}
        if text == f"{name} forfeits":
            return gettext("%(player)s forfeits") % {"player": name}
    if text == "both forfeit":
        return gettext("both forfeit")
    if text == "skipped (no result)":
        return gettext("skipped (no result)")
    if text.startswith("intentional draw"):
        return gettext("intentional draw%(score)s") % {"score": text[len("intentional draw") :]}
    if text.startswith("draw"):
        return gettext("draw%(score)s") % {"score": text[len("draw") :]}
    return text


#: Where a bracket's empty side comes from (``service.rounds.bracket_view``), for the catalogue.
_BRACKET_SOURCES = (
    (re.compile(r"Seed (\d+)"), N_("Seed %(seed)s")),
    (re.compile(r"Winner of (?P<match>\S+)"), N_("Winner of %(match)s")),
    (re.compile(r"Loser of (?P<match>\S+)"), N_("Loser of %(match)s")),
    (re.compile(r"Side (?P<side>\S+) of (?P<match>\S+)"), N_("Side %(side)s of %(match)s")),
)


def bracket_source(text: str) -> str:
    """A bracket side's source as the service says it in English ("Seed 3", "Winner of W1-2")
    in the current language; anything else as it is."""
    for pattern, message in _BRACKET_SOURCES:
        found = pattern.fullmatch(text)
        if found is not None:
            values = found.groupdict() or {"seed": found.group(1)}
            return gettext(message) % values
    return text


def bracket_result(text: str, a: str, b: str) -> str:
    """A bracket match's result ("Ash wins 2-1", "walkover") in the current language."""
    if text == "walkover":
        return gettext("walkover")
    return result_words(text, a, b)


def place(
    stage: str | None = None,
    round: int | None = None,
    table: int | None = None,
    player: str | None = None,
) -> str:
    """Where a refusal is, in the organizer's words and the current language ("stage
    'swiss', round 4, table 1"; English as ``engine.errors.Location.place`` says it)."""
    bits: list[str] = []
    if stage is not None:
        bits.append(gettext("stage %(stage)r") % {"stage": stage})
    if round is not None:
        bits.append(gettext("round %(number)s") % {"number": round})
    if table is not None:
        bits.append(gettext("table %(number)s") % {"number": table})
    if player is not None:
        bits.append(gettext("player %(player)r") % {"player": player})
    return ", ".join(bits)


@runtime_checkable
class Sentence(Protocol):
    """What the engine says (``engine.errors.Said``; this package is below the engine and
    names only its shape): an English template, its values, and how to choose it."""

    @property
    def template(self) -> str: ...
    @property
    def values(self) -> tuple[tuple[str, object], ...]: ...
    @property
    def plural(self) -> str | None: ...
    @property
    def count(self) -> int | None: ...
    @property
    def context(self) -> str | None: ...
    @property
    def marked(self) -> bool: ...


class Refusing(Protocol):
    """An error that carries what it says (``engine.errors.FairpairError``)."""

    @property
    def said(self) -> Sentence: ...


def say(message: Sentence) -> str:
    """What the engine says (``engine.errors.Said``) in the current language: its template
    translated (``gettext``, ``ngettext`` with its count, ``pgettext`` with its context),
    then filled with its values, each value that is itself a ``Said`` (a round's state)
    said in the same language. English is exactly ``str(message)``; a text the catalogue
    does not hold (``marked`` false) is said as it is."""
    if not message.marked:
        return message.template
    if current.get() == SOURCE:
        return str(message)
    if message.plural is not None:
        count = message.count or 0
        if message.context is not None:
            text = npgettext(message.context, message.template, message.plural, count)
        else:
            text = ngettext(message.template, message.plural, count)
    elif message.context is not None:
        text = pgettext(message.context, message.template)
    else:
        text = gettext(message.template)
    if not message.values:
        return text
    return text % {name: _said_value(value) for name, value in message.values}


def _said_value(value: object) -> object:
    return say(value) if isinstance(value, Sentence) else value


def reason(error: Refusing) -> str:
    """An error's reason in the current language: the engine's own sentences (``said``)
    translated here; a service refusal's reason is already in the language of its moment."""
    return say(error.said)
