"""Every bracket decision as structured data (issue 9, point 7): the seeding, the byes, which
slot feeds which, where each loser goes and by which named order, and when a reset is played.
``note_text`` renders one as a sentence; nothing else here knows any wording."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from fairpair.engine.brackets.matches import LoserOf, Match, Side, SideOf, WinnerOf


@dataclass(frozen=True, slots=True)
class Seeded:
    """Seed ``seed`` starts in slot ``slot`` of ``size`` (MTR 10.4 bracket order)."""

    seed: int
    slot: int
    size: int


@dataclass(frozen=True, slots=True)
class Bye:
    """Seed ``seed`` has a first-round bye (the field is not a power of two; top seeds first)."""

    seed: int


@dataclass(frozen=True, slots=True)
class Feed:
    """The winner (or loser) of ``source`` plays ``match`` on ``side``."""

    source: str
    outcome: Literal["winner", "loser"]
    match: str
    side: Side


@dataclass(frozen=True, slots=True)
class DropOrder:
    """Losers of winners-bracket round ``winners_round`` enter losers-bracket round
    ``losers_round`` in the named order (see ``double.ORDERS``)."""

    winners_round: int
    losers_round: int
    order: str


@dataclass(frozen=True, slots=True)
class ResetRule:
    """``reset`` is created only when side b (the losers-bracket champion) wins ``final``."""

    final: str
    reset: str


Note = Seeded | Bye | Feed | DropOrder | ResetRule


def feeds(matches: Iterable[Match]) -> list[Note]:
    """A ``Feed`` for every side fed by an earlier match's winner or loser."""
    out: list[Note] = []
    for m in matches:
        for side, source in (("a", m.a), ("b", m.b)):
            if isinstance(source, WinnerOf):
                out.append(Feed(source.match, "winner", m.id, "a" if side == "a" else "b"))
            elif isinstance(source, LoserOf):
                out.append(Feed(source.match, "loser", m.id, "a" if side == "a" else "b"))
            elif isinstance(source, SideOf):
                continue
    return out


def note_text(note: Note) -> str:
    """One note as a sentence for the organizer."""
    if isinstance(note, Seeded):
        return f"Seed {note.seed} starts in slot {note.slot} of {note.size} (MTR 10.4 order)."
    if isinstance(note, Bye):
        return f"Seed {note.seed} has a first-round bye: the field is not a power of two."
    if isinstance(note, Feed):
        return f"The {note.outcome} of {note.source} plays {note.match} on side {note.side}."
    if isinstance(note, DropOrder):
        return (
            f"Losers of winners round {note.winners_round} enter losers round "
            f"{note.losers_round} in {note.order} order."
        )
    return (
        f"{note.reset} (the bracket reset) is played only if the losers-bracket champion "
        f"wins {note.final}."
    )
