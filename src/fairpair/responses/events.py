"""Saved events as JSON (``fairpair event list|show --json``; the HTTP API later)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from fairpair.engine.repeats import rounds_text


class Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class EventListItem(Model):
    slug: str
    name: str
    players: int
    rounds: int
    created_at: datetime
    changed_at: datetime


class EventList(Model):
    format: Literal["fairpair-events"] = "fairpair-events"
    events: list[EventListItem]


class PlayerItem(Model):
    """A registered player as staff see them."""

    id: str
    name: str
    seed: int | None
    rating: int | None
    team: str | None
    contact: str | None
    checked_in: bool
    dropped_after: int | None
    """The round after which the player left the event (or the current stage), if they did."""
    title: str | None = None
    federation: str | None = None
    fide_id: str | None = None
    sex: str | None = None
    birth_date: str | None = None
    """The chess registration facts (a FIDE report's player line), as written there."""
    looks_like: list[str] | None = None
    """The ids of the other players whose names look like this one's without being the
    same text (Unicode's confusables skeleton: ``Аnn``, with a Cyrillic А, and ``Ann``) —
    check that they are different people and that each is who they say; ``None``: none."""


class TableItem(Model):
    table: int
    id: str
    players: list[str]
    result: str | None
    """The result as people read it ("2-1", "draw", "a forfeits"), ``None`` until reported."""
    first: str | None
    """Who plays first (the toss), when the stage uses it."""
    manual_toss: bool


class Side(Model):
    id: str
    name: str


class RepeatItem(Model):
    """Two players seated together again: a table of a Repeat pairing round (seed 001: "If no
    rematch-free draw exists, it pairs anyway and labels the round Repeat pairing"). A pod
    table gives one item per pair of repeat pod-mates."""

    table: int
    players: list[Side]
    """The two players, in seat order (side a first)."""
    met_in: list[int]
    """The earlier rounds of the same stage in which they met (ascending)."""

    @property
    def note(self) -> str:
        """ "Table 3: Ann Lee and Bob Ray met in round 2"."""
        a, b = (p.name for p in self.players)
        return f"Table {self.table}: {a} and {b} met in {rounds_text(tuple(self.met_in))}"


class RoundItem(Model):
    number: int
    name: str = Field(
        description='The round as people say it: "Round 3"; a playoff\'s "Quarterfinals", '
        '"Semifinals", "Final", "Winners round 2 · Losers round 1", "Grand final".'
    )
    state: Literal["scheduled", "open", "completed"]
    tables: int
    outstanding: int
    byes: list[str]
    starts_at: datetime | None
    ends_at: datetime | None
    repeat_pairing: bool = Field(
        default=False,
        description='The round seats players who met earlier in the stage: it is labelled "Repeat '
        'pairing" (Swiss, Swiss elimination and pods only; docs/pairing.md#repeat-pairing).',
    )
    repeats: list[RepeatItem] = Field(
        default_factory=list, description="The tables that repeat a pairing, by table."
    )


class StageItem(Model):
    id: str
    name: str
    format: str
    ruleset: str
    max_rounds: int | None
    rounds: list[RoundItem]
    draft_round: int | None
    """The round a private draft is waiting for (``None``: no draft)."""
    cut_from: str | None = None
    """A cut stage: the stage whose top cut is its field."""
    seated: int | None = None
    """A cut stage: how many players its drawn cut seats (``None`` until it is drawn)."""
    finished: bool = False
    """Every match this stage will have is reported (a cut from it can be drawn)."""
    chess: bool = False
    """Who plays first is White: the stage is scored win 1, draw ½, loss 0 (its actual
    scoring, whatever its ruleset is called) or is a round robin."""
    autopilot: bool = False
    """Each round starts itself at the last result of the round before (docs/autopilot.md)."""


class EventDetail(Model):
    format: Literal["fairpair-event"] = "fairpair-event"
    slug: str
    name: str
    version: int
    created_at: datetime
    players: list[PlayerItem]
    stages: list[StageItem]


class RoundTable(Model):
    """One table of a released round, as the organizer announces it."""

    table: int
    id: str
    a: Side
    b: Side
    first: str | None
    """The id of the player who plays first (the toss), when the stage uses it."""
    manual_toss: bool
    result: str | None
    """The result as people read it ("Ann Lee wins 2-1"), ``None`` until reported."""
    result_version: int | None
    """The version a correction names (``None`` until reported)."""
    games_so_far: dict[str, int] | None
    """Games recorded while the match is still being played."""


#: How a bye of each kind is named in the pairings.
BYE_LABELS = {
    "pairing": "Bye",
    "full": "Full-point bye",
    "half": "Half-point bye",
    "zero": "Zero-point bye",
}


class RoundBye(Model):
    player: Side
    kind: str
    requested: bool = False
    """The player asked for it (a requested half-point or zero-point bye)."""

    @property
    def label(self) -> str:
        """As the pairings name it: "Bye", "Half-point bye (requested)"."""
        text = BYE_LABELS.get(self.kind, "Bye")
        return f"{text} (requested)" if self.requested else text


class PodSeat(Model):
    """A seat of a pod table (seat order), with its finishing place once reported."""

    id: str
    name: str
    place: int | None


class RoundPod(Model):
    """A pod table of a released round (docs/pods.md): ``seats`` in seat order, seat 1
    first; ``version`` is what ``fairpair result places --correct --version`` names."""

    table: int
    id: str
    seats: list[PodSeat]
    version: int


class RoundView(Model):
    """A released round: its state, dates, tables, byes and the notes it was released with
    ("Why these pairings" stays with the round)."""

    format: Literal["fairpair-round"] = "fairpair-round"
    event: str
    stage: str
    number: int
    name: str = Field(description='The round as people say it ("Round 3", "Semifinals").')
    state: Literal["scheduled", "open", "completed"]
    version: int
    starts_at: datetime | None
    ends_at: datetime | None
    outstanding: int
    tables: list[RoundTable]
    byes: list[RoundBye]
    notes: list[dict[str, object]]
    pods: list[RoundPod] = Field(default_factory=list)
    """The pod tables of a pod stage's round (absent for two-player stages)."""
    repeat_pairing: bool = Field(
        default=False,
        description='The round seats players who met earlier in the stage: it is labelled "Repeat '
        'pairing" (Swiss, Swiss elimination and pods only; docs/pairing.md#repeat-pairing).',
    )
    repeats: list[RepeatItem] = Field(
        default_factory=list,
        description="The tables that repeat a pairing, by table: the two players and the "
        "earlier rounds in which they met.",
    )

    @model_serializer(mode="wrap")
    def _without_empty_pods(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not data.get("pods"):
            data.pop("pods", None)
        return data
