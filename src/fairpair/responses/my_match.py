"""What a player sees of their own event (the portal's match card, ``GET /api/v1/events/
{slug}/me``): the current round for them — table, opponent, who plays first, the bye, pod
seats, the result — their record and standing, their history, check-in and drop state."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from fairpair.responses.events import Model, RepeatItem

RoundState = Literal["scheduled", "open", "completed"]
#: How players read a round's state (seed 004 "Round states").
ShownState = Literal["Upcoming", "In Progress", "Completed"]
ReportState = Literal["pending", "confirmed", "disputed", "resolved"]


class Opponent(Model):
    id: str
    name: str
    record: str | None
    """Their record in the stage as the game writes it (``engine.record_text``): wins-losses-
    draws, "2-1-0", or the score in chess, "2½/3"."""


class PodSeat(Model):
    """One seat of a pod table, in seat order (seat 1 plays first)."""

    seat: int
    id: str
    name: str
    me: bool
    place: int | None
    """The finishing place, once the table's result is in."""


class CurrentRound(Model):
    """The round a player is looking at: the newest released round of the stage being
    played — Upcoming (scheduled) or In Progress (open), else the last completed one."""

    stage: str
    number: int
    name: str
    """"Round 3" ("Top 8 · Round 1" when the event has several stages)."""
    state: RoundState
    shown_as: ShownState
    starts_at: datetime | None
    ends_at: datetime | None
    """The play-by deadline, when the round has an end date."""
    seated: bool
    """The player has a table or a bye in this round (not so: not in this stage)."""
    table: int | None
    opponent: Opponent | None
    plays_first: bool | None
    """The toss (seed 000): ``True`` "You play first", ``False`` "On the draw"; ``None``
    when the stage's toss is off (the players roll), for a bye and for pods."""
    chess: bool = False
    """A chess stage (``Stage.chess``): who plays first has White — "You have White"."""
    bye: Literal["pairing", "full", "half", "zero"] | None
    """The bye's kind, when the player has one this round (a bye has no toss)."""
    seats: list[PodSeat]
    """A pod table's seats in seat order (empty for a two-player match)."""
    result: str | None
    """The recorded result, told from the player's side ("Won 2-1", "Lost 0-2", "Draw 1-1",
    "Won (forfeit)", "3rd place"); ``None`` until it is recorded."""
    report: ReportState | None
    """The self-report of this match, if one was made (see the report card)."""
    repeat_pairing: bool = Field(
        default=False,
        description='The round seats players who met earlier in the stage: it is labelled "Repeat '
        'pairing" (docs/pairing.md#repeat-pairing).',
    )
    repeats: list[RepeatItem] = Field(
        default_factory=list,
        description="The player's own repeats: at their table, each player they met before in "
        "the stage and in which rounds (empty when their own pairing is new).",
    )


class HistoryItem(Model):
    """One round the player was in (every stage, oldest first)."""

    stage: str
    number: int
    name: str
    table: int | None
    opponents: list[str]
    """The opponent's name (a pod: every other seat's, in seat order); empty for a bye."""
    bye: Literal["pairing", "full", "half", "zero"] | None
    result: str | None
    played_first: bool | None
    """Who played first, when the toss was on (``None``: off, a bye, a pod)."""
    chess: bool = False
    """A chess stage: who played first had White."""


class MyMatch(Model):
    format: Literal["fairpair-my-match"] = "fairpair-my-match"
    event: str
    event_name: str
    version: int
    """The event's version this was read at."""
    stage: str | None
    stage_name: str | None
    player: str
    name: str
    round: CurrentRound | None
    """``None`` until the first round is released."""
    record: str | None
    """As the game writes it (``engine.record_text``): wins-losses-draws, "2-1-0" (always three
    numbers), or the score in chess, "2½/3" (points out of rounds played)."""
    record_label: str = "Record"
    """What the record is called: "Record" (W-L-D), or "Score" (chess)."""
    points: str | None
    rank: int | None
    """``None`` with no completed match yet, or when the player withdrew."""
    withdrew: bool
    """The player dropped (the standings show "Withdrew" in place of a rank)."""
    dropped_after: int | None
    checked_in: bool
    checkin_open: bool
    """The organizer opened check-in and round 1 is not released: the player may check
    themselves in."""
    history: list[HistoryItem]


class WaitlistPlace(Model):
    format: Literal["fairpair-waitlist-place"] = "fairpair-waitlist-place"
    event: str
    event_name: str
    name: str
    number: int | None
    """Their place on the waitlist (1: next in); ``None`` once they became a player."""
