"""The languages fairpair speaks on the server: the gettext catalogues (Babel), and dates,
numbers and lists in the language's own format. The current language and what it says
(``gettext``, ``say``, round names, …) are ``fairpair.language``'s, re-exported here: that
part needs nothing but the standard library, so the generator runs it in the browser.

The catalogues are ``.po`` files in this package (``locales/<lang>/LC_MESSAGES/messages.po``),
compiled **in memory** the first time a language is used (Babel's ``read_po`` and
``write_mo``, a few milliseconds each): a fresh clone, ``uv run`` and an installed wheel work
with no build step, and no compiled ``.mo`` can drift from the ``.po`` it came from.
Importing this package is what makes ``fairpair.language`` read them (``use_catalogues``).
"""

from __future__ import annotations

import io
from datetime import date, datetime
from functools import cache
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.dates import format_interval, format_skeleton
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from fairpair import language as _language
from fairpair.language import (
    LANGUAGES,
    N_,
    SOURCE,
    Refusing,
    Sentence,
    _,
    bracket_result,
    bracket_source,
    chosen,
    current,
    gettext,
    given,
    html_lang,
    language,
    ngettext,
    npgettext,
    pgettext,
    place,
    reason,
    result_words,
    round_name,
    say,
    speaking,
    speaking_with,
    translations,
)

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALES",
    "N_",
    "SOURCE",
    "Refusing",
    "Sentence",
    "_",
    "bracket_result",
    "bracket_source",
    "catalogue_path",
    "chosen",
    "clock",
    "compiled",
    "current",
    "day",
    "days",
    "gettext",
    "given",
    "html_lang",
    "language",
    "locale",
    "moment",
    "negotiate",
    "ngettext",
    "npgettext",
    "number",
    "pgettext",
    "place",
    "reason",
    "repeat_note",
    "result_words",
    "round_name",
    "rounds_words",
    "say",
    "speaking",
    "speaking_with",
    "translations",
]

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"


def catalogue_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled(lang: str) -> NullTranslations:
    """The catalogue of ``lang`` compiled from its ``.po`` file (none when it has none)."""
    path = catalogue_path(lang)
    if not path.exists():
        return NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


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


_language.use_catalogues(compiled)
