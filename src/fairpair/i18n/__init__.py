"""The languages fairpair speaks: gettext catalogues (Babel), the current language, and
dates and numbers in the language's own format.

The catalogues are ``.po`` files in this package (``locales/<lang>/LC_MESSAGES/messages.po``),
compiled **in memory** the first time a language is used (Babel's ``read_po`` and
``write_mo``, a few milliseconds each): a fresh clone, ``uv run`` and an installed wheel work
with no build step, and no compiled ``.mo`` can drift from the ``.po`` it came from.

The language of what is being rendered is a context variable (``current``): the web app's
middleware sets it per request (``fairpair.web.language``); code that renders for someone
else (a notification, an image) sets it with ``speaking(lang)``. English is the source
language: a message missing from a catalogue is shown in English.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Protocol, runtime_checkable

from babel import Locale, negotiate_locale
from babel.dates import format_interval, format_skeleton
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"
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


def language() -> str:
    """The language of what is being rendered now."""
    return current.get()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Render in ``lang`` (a shipped language; anything else: English) inside the block."""
    token = current.set(lang if lang in LANGUAGES else SOURCE)
    try:
        yield
    finally:
        current.reset(token)


def catalogue_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of ``lang`` (English: none, the source text is the message)."""
    path = catalogue_path(lang)
    if lang == SOURCE or lang not in LANGUAGES or not path.exists():
        return NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext(message: str) -> str:
    return translations(current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return str(translations(current.get()).pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations(current.get()).npgettext(context, singular, plural, n)


_ = gettext


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (a module's constant,
    translated where it is shown: ``{{ _(label) }}``)."""
    return message


def html_lang(lang: str | None = None) -> str:
    """The language as ``<html lang>`` says it (BCP 47: ``pt-BR``)."""
    return (lang or current.get()).replace("_", "-")


def negotiate(accept_language: str) -> str | None:
    """The shipped language a browser's ``Accept-Language`` prefers most, if any (its
    quality values honoured; ``pt`` alone finds ``pt_BR``, ``es-MX`` finds ``es``)."""
    wanted: list[tuple[float, str]] = []
    for position, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and quality > 0:
            wanted.append((-quality + position * 1e-6, tag.strip()))
    preferred = [tag.replace("-", "_") for _, tag in sorted(wanted)]
    available = list(LANGUAGES)
    aliases = {"pt": "pt_BR"}
    for tag in preferred:
        found = negotiate_locale([tag], available, sep="_", aliases=aliases)
        if found is None:  # "es_MX": the language alone
            found = negotiate_locale([tag.split("_")[0]], available, sep="_", aliases=aliases)
        if found is not None:
            return found
    return None


def chosen(value: str | None) -> str | None:
    """``value`` when it names a shipped language (a cookie, a form), else ``None``."""
    return value if value in LANGUAGES else None


def locale() -> Locale:
    return _locale(current.get())


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def moment(value: datetime) -> str:
    """A moment (weekday, day, month, time of day) as the current language writes it:
    "Sat 14 Jun 10:30", "sáb, 14 jun 10:30", "6月14日(土) 10:30"."""
    if current.get() == SOURCE:  # the house format, as the pages have always written it
        return f"{value:%a %d %b %H:%M}"
    where = locale()
    day = format_skeleton("MMMEd", value, locale=where)
    return str(where.datetime_formats["short"]).replace("{1}", day).replace("{0}", clock(value))


def clock(value: datetime) -> str:
    """The time of day as the current language writes it (24-hour: a venue's clock)."""
    return format_skeleton("Hm", value, locale=locale())


def day(value: date) -> str:
    """A day (day, month, year) as the current language writes it: "4 Jan 2027",
    "4 ene 2027", "2027年1月4日"."""
    if current.get() == SOURCE:  # the house format, as the pages have always written it
        return f"{value.day} {value:%b %Y}"
    return format_skeleton("yMMMd", value, locale=locale())


def days(first: date, last: date) -> str:
    """From one day to another, as the current language writes it: "4 Jan 2027 – 28 Mar
    2027", "4 ene – 28 mar 2027", "2027年1月4日～3月28日"."""
    if current.get() == SOURCE:
        return f"{day(first)} – {day(last)}"
    return format_interval(first, last, "yMMMd", locale=locale())


def number(value: float | int) -> str:
    """A number as the current language writes it (1,234.5; 1.234,5; 1 234,5)."""
    return format_decimal(value, locale=locale())


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


def rounds_words(numbers: tuple[int, ...] | list[int]) -> str:
    """Earlier rounds as ``engine.repeats.rounds_text`` says them ("round 2", "rounds 1, 2
    and 4"), in the current language (the list as the language writes one: Babel's CLDR)."""
    if len(numbers) == 1:
        return gettext("round %(number)s") % {"number": numbers[0]}
    if current.get() == SOURCE:
        listed = ", ".join(str(n) for n in numbers[:-1])
        return f"rounds {listed} and {numbers[-1]}"
    listed = format_list([str(n) for n in numbers], locale=locale())
    return gettext("rounds %(numbers)s") % {"numbers": listed}


def repeat_note(table: int, a: str, b: str, met_in: tuple[int, ...] | list[int]) -> str:
    """A repeat pairing's note (``engine.repeats.repeat_text``: "Table 3: Ann Lee and Bob Ray
    met in round 2") in the current language."""
    return gettext("Table %(table)s: %(a)s and %(b)s met in %(rounds)s") % {
        "table": table,
        "a": a,
        "b": b,
        "rounds": rounds_words(met_in),
    }


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
