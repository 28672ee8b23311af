"""A released round as events post it: by table, and alphabetically by player name (every
player once, under their own name, with table, opponent and result; the bye named).

``posted_round(db, slug, number, stage)`` reads the event, the round and its timer through the
service;
a draft is never read (only released rounds exist as rounds), so nothing is public before
release. Names of players who dropped since stay on the round's pairings (the round's own
facts name them).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

from fairpair.i18n import N_
from fairpair.responses.events import EventDetail, RoundView, StageItem
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.rounds.clock import RoundClock, round_clock
from fairpair.service.rounds.repeats import round_view

Order = Literal["table", "name"]
#: How the public reads a round's state (seed 004 "Round states").
STATE_LABELS = {
    "scheduled": N_("Upcoming"),
    "open": N_("In Progress"),
    "completed": N_("Completed"),
}


@dataclass(frozen=True, slots=True)
class NameLine:
    """One player's line of the by-name list."""

    key: str
    """What "find my table" compares and the list is sorted by (``folded``)."""
    name: str
    table: int | None
    """``None``: the bye."""
    opponents: tuple[str, ...]
    result: str | None
    plays_first: bool | None
    """``None``: the table has no toss (nobody is shown as playing first)."""
    bye: bool = False
    bye_label: str = "Bye"
    """How the bye is named ("Half-point bye (requested)")."""


@dataclass(frozen=True, slots=True)
class PostedRound:
    event: EventDetail
    stage: StageItem
    round: RoundView
    by_name: tuple[NameLine, ...]
    stage_named: bool
    """The event has several stages (round names then carry the stage's name)."""
    clock: RoundClock | None = None
    """The round's timer, started from the console (``service.rounds.clock``)."""

    @property
    def title(self) -> str:
        return round_title(self.stage, self.round.name, self.stage_named)

    @property
    def state_label(self) -> str:
        return STATE_LABELS.get(self.round.state, self.round.state)

    @property
    def uses_toss(self) -> bool:
        return any(t.first is not None for t in self.round.tables)

    @property
    def chess(self) -> bool:
        """Who plays first is White: a round robin, or a stage scored 1/½/0 (chess)."""
        return is_chess(self.stage)

    def find_text(self, names: list[str]) -> str:
        """What "find my table" compares for a table seating ``names``."""
        return " | ".join(folded(n) for n in names)


def is_chess(stage: StageItem) -> bool:
    """A chess stage (scored win 1, draw ½, loss 0, or a round robin: ``Stage.chess``): the
    toss tag reads White / Black rather than "Plays first"."""
    return stage.chess


def round_title(stage: StageItem, name: str, stage_named: bool) -> str:
    """The round's heading: its name ("Round 3", "Semifinals"), after the stage's when the
    event has several."""
    return f"{stage.name} · {name}" if stage_named else name


def folded(text: str) -> str:
    """A name as the search compares it: no case, no accents ("Chloé" is found by "chloe")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def by_name(rnd: RoundView) -> tuple[NameLine, ...]:
    lines: list[NameLine] = []

    def add(
        name: str,
        table: int | None,
        opponents: tuple[str, ...],
        result: str | None,
        first: bool | None,
        bye: bool = False,
        label: str = "Bye",
    ) -> None:
        lines.append(NameLine(folded(name), name, table, opponents, result, first, bye, label))

    for t in rnd.tables:
        tossed = t.first is not None
        add(t.a.name, t.table, (t.b.name,), t.result, t.first == t.a.id if tossed else None)
        add(t.b.name, t.table, (t.a.name,), t.result, t.first == t.b.id if tossed else None)
    for pod in rnd.pods:
        for seat in pod.seats:
            others = tuple(s.name for s in pod.seats if s.id != seat.id)
            place = f"place {seat.place}" if seat.place is not None else None
            add(seat.name, pod.table, others, place, False)
    for bye in rnd.byes:
        add(bye.player.name, None, (), None, False, bye=True, label=bye.label)
    return tuple(sorted(lines, key=lambda line: (line.key, line.name)))


def played_stage(event: EventDetail, key: str) -> StageItem:
    return next(s for s in event.stages if s.id == key)


def posted_round(
    db: Database, slug: str, number: int | None = None, stage: str | None = None
) -> tuple[EventDetail, PostedRound | None]:
    """The event and its round ``number`` of ``stage`` (default: the stage being played, its
    newest released round; ``None`` when it has none). An unknown stage or round is the
    service's refusal (404)."""
    event = show_event(db, slug, with_players=False)  # never the players' contacts
    where = played_stage(event, stage_key(db, slug, stage))  # refuses an unknown stage
    if number is None:
        if not where.rounds:
            return event, None
        number = where.rounds[-1].number
    rnd = round_view(db, slug, number, stage=where.id)
    clock = round_clock(db, slug, number, stage=where.id) if rnd.state == "open" else None
    return event, PostedRound(event, where, rnd, by_name(rnd), len(event.stages) > 1, clock)
