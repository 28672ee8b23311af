"""Typed errors the engine raises: each has a stable ``code``, a structured place and the reason.

The place is a ``Location``: a path into the tournament document (``("stages", 0, "rounds", 3)``)
and/or the organizer's coordinates (stage, round, table, player). Interfaces print it (the CLI
as ``stages[0].rounds[3]``, an API as a JSON pointer) and map ``code`` to an exit code or an
HTTP status through one table (``fairpair.error_table``); nobody parses the prose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

PathPart = str | int

_PART = re.compile(r"\[(\d+)\]|\.?([^.\[\]]+)")


def parse_path(text: str) -> tuple[PathPart, ...]:
    """``"stages[0].rounds[1].a"`` → ``("stages", 0, "rounds", 1, "a")``."""
    parts: list[PathPart] = []
    for index, name in _PART.findall(text):
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
    instead (a link or a button), the API its route."""

    code: ClassVar[str] = "error"

    def __init__(self, where: str | Location, reason: str, *, command: str | None = None) -> None:
        location = as_location(where)
        text = where if isinstance(where, str) else str(location)
        super().__init__(f"{text}: {reason}" if text else reason)
        self.location = location
        self.where = text
        self.reason = reason
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
