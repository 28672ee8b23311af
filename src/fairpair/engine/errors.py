"""Typed errors the engine raises: each has a stable ``code``, a structured place and the reason.

The place is a ``Location``: a path into the tournament document (``("stages", 0, "rounds", 3)``)
and/or the organizer's coordinates (stage, round, table, player). Interfaces print it (the CLI
as ``stages[0].rounds[3]``, an API as a JSON pointer) and map ``code`` to an exit code or an
HTTP status through one table (``fairpair.error_table``); nobody parses the prose.

The reason is also kept as a ``Said``: the English sentence's template with named
fields and their values (``saying("must be %(least)s or more", least=1)``), so that an
interface can say it in its reader's language (``fairpair.i18n.reason``) while the engine
knows no language: ``str()`` of a ``Said`` is the English text, and ``reason`` is that text.
The templates are in the catalogues: ``scripts/i18n.py`` extracts ``saying``, ``saying_n``
and ``saying_p`` as ``gettext``, ``ngettext`` and ``pgettext`` (docs/languages.md, "The engine's
words").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Union

PathPart = str | int

#: What a ``Said`` is filled with: a number, a name, an id, or another ``Said`` (a word such
#: as a round's state, said in the same language as the sentence around it).
SaidValue = Union[str, int, float, "Said", None]


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence the engine says: an English ``template`` with named fields
    (``%(least)s``) and the ``values`` that fill it. ``str()`` is the English text.

    ``plural`` and ``count``: the sentence when ``count`` is not 1 (English's rule; a
    translation uses its language's own, ``ngettext``). ``context`` tells a short word's
    sense (``"round"``: the state "open", not the verb). ``marked`` is ``False`` for a text
    the catalogue does not hold (a reason already said, a value given as it is): it is
    said as it is, in every language."""

    template: str
    values: tuple[tuple[str, SaidValue], ...] = ()
    plural: str | None = None
    count: int | None = None
    context: str | None = None
    marked: bool = True

    @property
    def named(self) -> dict[str, SaidValue]:
        return dict(self.values)

    def chosen(self) -> str:
        """The English template (the singular or the plural) before it is filled."""
        if self.plural is not None and self.count != 1:
            return self.plural
        return self.template

    def __str__(self) -> str:
        if not self.marked:
            return self.template
        if not self.values:
            return self.chosen()
        return self.chosen() % {k: _english(v) for k, v in self.values}


def _english(value: SaidValue) -> str | int | float | None:
    return str(value) if isinstance(value, Said) else value


def saying(template: str, /, **values: SaidValue) -> Said:
    """A sentence to say: ``saying("cycles must be 1 or 2, not %(cycles)s", cycles=3)``."""
    return Said(template, tuple(values.items()))


def saying_n(singular: str, plural: str, count: int, /, **values: SaidValue) -> Said:
    """A sentence that changes with ``count``, which fills ``%(num)d`` (as ``ngettext``)."""
    return Said(singular, (("num", count), *values.items()), plural=plural, count=count)


def saying_p(context: str, template: str, /, **values: SaidValue) -> Said:
    """A short word or sentence with the ``context`` that tells its sense (as ``pgettext``)."""
    return Said(template, tuple(values.items()), context=context)


def N_(template: str) -> str:
    """Marks a module's constant template for the catalogue (``saying(CONSTANT, ...)`` says it)."""
    return template


def saying_all(parts: Sequence[Said], separator: str = "; ") -> Said:
    """Several sentences said one after the other (each in the reader's language)."""
    if len(parts) == 1:
        return parts[0]
    names = [f"part{i}" for i in range(len(parts))]
    template = separator.join(f"%({name})s" for name in names)  # not a message: no words
    return Said(template, tuple(zip(names, parts, strict=True)))


def as_said(reason: str | Said) -> Said:
    """``reason`` as a ``Said`` (a plain text: said as it is, not from the catalogue)."""
    return reason if isinstance(reason, Said) else Said(reason, marked=False)


_PART = r"\[(\d+)\]|\.?([^.\[\]]+)"  # compiled when first used (``re`` keeps it)


def parse_path(text: str) -> tuple[PathPart, ...]:
    """``"stages[0].rounds[1].a"`` → ``("stages", 0, "rounds", 1, "a")``."""
    parts: list[PathPart] = []
    for index, name in re.findall(_PART, text):
        parts.append(int(index) if index else name)
    return tuple(parts)


def path_text(path: tuple[PathPart, ...]) -> str:
    """``("stages", 0, "rounds", 1, "a")`` → ``"stages[0].rounds[1].a"``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


@dataclass(frozen=True, slots=True)
class Location:
    """Where a problem is: a document path, and the organizer's coordinates when known."""

    path: tuple[PathPart, ...] = ()
    stage: str | None = None
    round: int | None = None
    table: int | None = None
    player: str | None = None

    @property
    def place(self) -> str:
        """The organizer's words: "stage 'swiss', round 4, table 1" (empty when unknown)."""
        bits: list[str] = []
        if self.stage is not None:
            bits.append(f"stage {self.stage!r}")
        if self.round is not None:
            bits.append(f"round {self.round}")
        if self.table is not None:
            bits.append(f"table {self.table}")
        if self.player is not None:
            bits.append(f"player {self.player!r}")
        return ", ".join(bits)

    def __str__(self) -> str:
        return path_text(self.path) or self.place


def as_location(where: str | Location) -> Location:
    return where if isinstance(where, Location) else Location(parse_path(where))


class FairpairError(Exception):
    """Base class. ``code`` is stable (interfaces map it); ``location`` says where; ``reason``
    says what is wrong. ``where`` is the location as text (a path, or the organizer's place).

    ``reason`` is said to everyone — a page, the API, the command line — so it names what to
    do, never how on one interface. ``command`` is the command line that does it (``fairpair
    result correct``): the CLI adds it to the reason; a web page offers its own action
    instead (a link or a button), the API its route.

    ``said`` is the reason as a ``Said`` (when the engine gives one: its template and
    values, for ``fairpair.i18n.reason`` to say in the reader's language); ``reason`` is
    always its English text."""

    code: ClassVar[str] = "error"

    def __init__(
        self, where: str | Location, reason: str | Said, *, command: str | None = None
    ) -> None:
        location = as_location(where)
        text = where if isinstance(where, str) else str(location)
        said = as_said(reason)
        english = str(said)
        super().__init__(f"{text}: {english}" if text else english)
        self.location = location
        self.where = text
        self.said = said
        self.reason = english
        self.command = command


class InvalidTournament(FairpairError):
    """The tournament facts contradict each other (unknown player, paired twice, ...)."""

    code = "inconsistent"


class InvalidResult(FairpairError):
    """A result that cannot happen (negative games, a winner the games disagree with, ...)."""

    code = "invalid_result"


class InvalidStage(FairpairError):
    """A stage's settings contradict each other (a Swiss elimination without thresholds, ...)."""

    code = "invalid_stage"


class UnknownTiebreak(FairpairError):
    """A tiebreak name that is not in the registry."""

    code = "unknown_tiebreak"


class UnknownRuleset(FairpairError):
    """A ruleset name that is not one of the presets."""

    code = "unknown_ruleset"


class UnknownStage(FairpairError):
    """A stage id that the tournament does not have."""

    code = "unknown_stage"


class UnknownPlayer(FairpairError):
    """A player id that the tournament (or the stage) does not have."""

    code = "unknown_player"


class UnknownRound(FairpairError):
    """A round number the stage does not have."""

    code = "unknown_round"


class UnknownTable(FairpairError):
    """A table or match id the round does not have."""

    code = "unknown_table"


class PairingRefused(FairpairError):
    """The next round cannot be generated (round cap reached, nobody to pair, ...)."""

    code = "pairing_refused"


class LifecycleRefused(FairpairError):
    """A round cannot move to the asked state now (see ``engine.lifecycle``); ``refusal``
    is the data the refusal was built from."""

    code = "lifecycle_refused"


class DrawWithoutGames(InvalidResult):
    """A draw typed without its game score in a best-of-three or best-of-five match, where the
    organizer asked to be asked (``engine.draw_games``): give the games, or record it knowing
    that GW% counts no games for it."""
