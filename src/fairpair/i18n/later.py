"""Text made where the reader is unknown (the service), said in the reader's language where it
is shown (a page).

``later.gettext("%(round)s is complete.", round=name)`` is a ``Later``: a ``str`` whose value
is the English sentence — what the CLI, the JSON API, the audit log and every comparison see,
byte for byte as before — that also keeps its message (in the catalogue: the extraction finds
these calls by their names, ``gettext`` and ``ngettext``) and its values. A page shows it
with ``{{ value | translated }}`` (``translated``): the message in the current language, its
values filled in, a value that is itself a ``Later`` (a round's name inside a sentence)
translated in turn. Nothing here reads the current language when the text is made, so a
service that makes one stays free of languages.

A ``Later`` put through ``str`` operations (``+``, slicing, a pydantic ``str`` field) becomes
plain English text again: fine for the CLI and the API, shown in English on a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Self

from babel.lists import format_list

from fairpair import i18n

#: A value inside a sentence: a ``Later`` (translated in turn), other text (a player's or a
#: stage's name: shown as it is) or a number.
Value = str | int


class Later(str):
    """English text that a page can say again in the reader's language (see the module)."""

    message: str
    plural: str | None
    n: int | None
    values: Mapping[str, Value]

    def __new__(
        cls,
        message: str,
        values: Mapping[str, Value] | None = None,
        plural: str | None = None,
        n: int | None = None,
    ) -> Self:
        filled = dict(values or {})
        if plural is not None and n is not None:
            filled.setdefault("num", n)
        source = plural if plural is not None and n != 1 else message
        made = super().__new__(cls, source % filled if filled else source)
        made.message, made.plural, made.n, made.values = message, plural, n, filled
        return made

    def translated(self) -> str:
        """This text in the current language (``fairpair.i18n.current``)."""
        if not self.message:  # (the empty message is the catalogue's header)
            return ""
        if self.plural is not None and self.n is not None:
            text = i18n.ngettext(self.message, self.plural, self.n)
        else:
            text = i18n.gettext(self.message)
        if not self.values:
            return text
        return text % {
            k: v.translated() if isinstance(v, Later) else v for k, v in self.values.items()
        }


class RoundName(Later):
    """A round's name as the engine says it ("Round 3", "Semifinals"), inside a sentence:
    translated by ``fairpair.i18n.round_name``."""

    def translated(self) -> str:
        return i18n.round_name(str(self))


class ResultWords(Later):
    """A result as the engine says it ("Bea wins 2-1", "draw 1-1", "Bo forfeits"), inside a
    sentence: translated by ``fairpair.i18n.result_words`` (the player's name is what comes
    before "wins" or "forfeits")."""

    def translated(self) -> str:
        text = str(self)
        name = text.rsplit(" wins", 1)[0] if " wins" in text else text.removesuffix(" forfeits")
        return i18n.result_words(text, name, name)


class Listed(Later):
    """Names (or other values) as a list: English "Ann, Bea and Cole"; another language joins
    them as it does (CLDR's list patterns: "Ann, Bea und Cole", "Ann、Bea、Cole")."""

    items: tuple[Value, ...]

    def __new__(cls, items: Sequence[Value]) -> Self:
        shown = [str(i) for i in items]
        english = shown[0] if len(shown) <= 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
        made = str.__new__(cls, "".join(shown) if len(shown) <= 1 else english)
        made.message, made.plural, made.n, made.values = str(made), None, None, {}
        made.items = tuple(items)
        return made

    def translated(self) -> str:
        if i18n.language() == i18n.SOURCE:
            return str(self)
        said = [v.translated() if isinstance(v, Later) else str(v) for v in self.items]
        return format_list(said, locale=i18n.locale()) if said else ""


def gettext(message: str, **values: Value) -> Later:
    """``message`` with ``values`` (``%(name)s``), said later in the reader's language."""
    return Later(message, values)


def ngettext(singular: str, plural: str, n: int, **values: Value) -> Later:
    """A counted sentence (``%(num)d`` is ``n``), said later with the language's plural rule."""
    return Later(singular, values, plural, n)


def round_name(name: str) -> RoundName:
    return RoundName(name)


def result_words(text: str) -> ResultWords:
    return ResultWords(text)


def listed(items: Sequence[Value]) -> Listed:
    """``items`` joined as a list ("Ann, Bea and Cole"), said later in the reader's language."""
    return Listed(items)


def word(text: str) -> Later:
    """A word the catalogue holds under its own English (a role, a format marked with
    ``N_``), said later in the reader's language."""
    return Later(text)


def translated(value: object) -> str:
    """What a page shows of ``value``: a ``Later`` in the current language, any other text
    through the catalogue (a message marked with ``N_``; anything else stays as it is)."""
    if isinstance(value, Later):
        return value.translated()
    if isinstance(value, str):
        return i18n.gettext(value)
    return str(value)
