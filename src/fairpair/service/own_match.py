"""A player's own current match (for self-reporting): their table in the latest round of
the event's current stage — the last stage with a released round (a top cut not drawn yet
has none) — when that round is Open; or the refusal saying why they have none to report: on
the waitlist, self-reporting switched off, dropped, no round yet, the round not open yet or
completed, a bye, a pod table, no table. Found with statements built once (a report runs
them; building them cost more than running them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, case, select
from sqlalchemy.orm import aliased

from fairpair.engine.errors import Location
from fairpair.engine.results import GameScore, Result, Side
from fairpair.engine.rounds import RoundState
from fairpair.service.errors import Refused
from fairpair.service.lookup import PlayerRef, RoundRef, StageRef, TableRef
from fairpair.service.unit import EventRef
from fairpair.store.models import (
    ByeRow,
    DropRow,
    PlayerRow,
    PodSeatRow,
    PortalRow,
    RoundRow,
    StageRow,
    TableRow,
)


@dataclass(frozen=True, slots=True)
class Score:
    """Games told from one player's side: won, lost, drawn."""

    won: int
    lost: int
    drawn: int = 0

    @property
    def text(self) -> str:
        return f"{self.won}-{self.lost}" + (f"-{self.drawn}" if self.drawn else "")

    @property
    def flipped(self) -> Score:
        """The same games told from the other side."""
        return Score(self.lost, self.won, self.drawn)

    @property
    def outcome(self) -> str:
        """ "win", "loss" or "draw" (for the teller)."""
        return "win" if self.won > self.lost else "loss" if self.lost > self.won else "draw"


@dataclass(frozen=True, slots=True)
class OwnMatch:
    """A player's current match, found and checked (``own_match``), and the event's
    confirmation time (``event_portal.confirm_minutes``)."""

    player: PlayerRef
    side: Side
    opponent: PlayerRef
    stage: StageRef
    round: RoundRef
    table: TableRef
    settings: dict[str, Any]
    confirm_minutes: int

    @property
    def a(self) -> PlayerRef:
        return self.player if self.side is Side.A else self.opponent

    @property
    def b(self) -> PlayerRef:
        return self.opponent if self.side is Side.A else self.player

    @property
    def subject(self) -> str:
        return f"stage {self.stage.key} round {self.round.number} table {self.table.number}"

    def result(self, score: Score) -> Result:
        """``score`` (this player's side) as the result of the table (side a's)."""
        games = (
            GameScore(score.won, score.lost, score.drawn)
            if self.side is Side.A
            else GameScore(score.lost, score.won, score.drawn)
        )
        return Result.from_games(games.a, games.b, games.draws)

    def score(self, games_a: int | None, games_b: int | None, draws: int | None) -> Score:
        """Side-a games as this player tells them."""
        a, b, d = games_a or 0, games_b or 0, draws or 0
        return Score(a, b, d) if self.side is Side.A else Score(b, a, d)


# The statements of a report, built once (building them cost more than running them).
_ME = (
    select(
        PlayerRow.id,
        PlayerRow.key,
        PlayerRow.name,
        PortalRow.self_report,
        PortalRow.confirm_minutes,
    )
    .join(PortalRow, PortalRow.event_id == PlayerRow.event_id)
    .where(PlayerRow.event_id == bindparam("event_id"), PlayerRow.key == bindparam("key"))
)
#: The latest round of the last stage that has one (a cut stage not drawn yet has none).
_LATEST_ROUND = (
    select(
        RoundRow.id,
        RoundRow.number,
        RoundRow.state,
        RoundRow.version,
        StageRow.id.label("stage_id"),
        StageRow.key.label("stage_key"),
        StageRow.version.label("stage_version"),
        StageRow.settings,
    )
    .join(StageRow, StageRow.id == RoundRow.stage_id)
    .where(StageRow.event_id == bindparam("event_id"))
    .order_by(StageRow.position.desc(), RoundRow.number.desc())
    .limit(1)
)
_DROPPED = select(DropRow.id).where(
    DropRow.player_id == bindparam("player_id"),
    DropRow.whole_event | (DropRow.stage_id == bindparam("stage_id")),
)
_OTHER = aliased(PlayerRow)
_TABLE = (
    select(
        TableRow.id,
        TableRow.number,
        TableRow.key,
        TableRow.kind,
        TableRow.a_id,
        TableRow.b_id,
        TableRow.version,
        _OTHER.id.label("other_id"),
        _OTHER.key.label("other_key"),
        _OTHER.name.label("other_name"),
    )
    .join(
        _OTHER,
        _OTHER.id
        == case((TableRow.a_id == bindparam("player_id"), TableRow.b_id), else_=TableRow.a_id),
    )
    .where(
        TableRow.round_id == bindparam("round_id"),
        (TableRow.a_id == bindparam("player_id")) | (TableRow.b_id == bindparam("player_id")),
    )
)


@dataclass(frozen=True, slots=True)
class _Player:
    ref: PlayerRef
    self_report: bool
    confirm_minutes: int


def _player(conn: Connection, event: EventRef, player_key: str | None) -> _Player:
    if player_key is None:
        raise Refused(Location(("player",)), "you are on the waitlist: you have no match yet")
    row = conn.execute(_ME, {"event_id": event.id, "key": player_key}).first()
    if row is None:
        raise Refused(Location(("player",)), f"no player {player_key!r} in this event")
    return _Player(PlayerRef(row.id, row.key, row.name), row.self_report, row.confirm_minutes)


def own_match(
    conn: Connection,
    event: EventRef,
    player_key: str | None,
    *,
    round_number: int | None = None,
    table_number: int | None = None,
) -> OwnMatch:
    """The player's current match, or the refusal saying why they have none to report.
    ``round_number`` / ``table_number``: the match the player's page showed (a stale page
    must not report the next round's match)."""
    who = _player(conn, event, player_key)
    if not who.self_report:
        raise Refused(
            Location(("self_report",)),
            "players do not report their own results in this event: tell a judge your result",
        )
    me = who.ref
    rnd = conn.execute(_LATEST_ROUND, {"event_id": event.id}).first()
    if rnd is None:
        raise Refused(Location(("round",)), "no round has been released yet: no match to report")
    stage = StageRef(rnd.stage_id, rnd.stage_key, rnd.stage_version)
    dropped = conn.execute(_DROPPED, {"player_id": me.id, "stage_id": stage.id}).first()
    if dropped is not None:
        raise Refused(
            Location(("player",), player=me.key),
            "you have dropped from the event: a judge records your results",
        )
    at = Location(("round",), stage=stage.key, round=rnd.number)
    if round_number is not None and round_number != rnd.number:
        raise Refused(
            at,
            f"round {round_number} is not your current round (it is round {rnd.number}): "
            "reload the page",
        )
    if rnd.state == RoundState.SCHEDULED.value:
        raise Refused(at, f"round {rnd.number} is not open yet: report once it has started")
    if rnd.state != RoundState.OPEN.value:
        raise Refused(at, f"round {rnd.number} is completed: ask a judge")
    table = conn.execute(_TABLE, {"round_id": rnd.id, "player_id": me.id}).first()
    if table is None:
        _no_match(conn, stage, rnd.id, rnd.number, me)
    assert table is not None
    if table_number is not None and table_number != table.number:
        raise Refused(
            Location(("table",), stage=stage.key, round=rnd.number, table=table_number),
            f"table {table_number} is not your match: yours is table {table.number}",
        )
    return OwnMatch(
        me,
        Side.A if table.a_id == me.id else Side.B,
        PlayerRef(table.other_id, table.other_key, table.other_name),
        stage,
        RoundRef(rnd.id, rnd.number, rnd.state, rnd.version),
        TableRef(*table[:7]),
        rnd.settings,
        who.confirm_minutes,
    )


def _no_match(conn: Connection, stage: StageRef, round_id: int, number: int, me: PlayerRef) -> None:
    at = Location(("round",), stage=stage.key, round=number, player=me.key)
    pod = conn.execute(
        select(TableRow.number)
        .join(PodSeatRow, PodSeatRow.table_id == TableRow.id)
        .where(TableRow.round_id == round_id, PodSeatRow.player_id == me.id)
    ).first()
    if pod is not None:
        raise Refused(
            at, f"table {pod.number} is a pod table: a judge records its finishing places"
        )
    bye = conn.execute(
        select(ByeRow.kind).where(ByeRow.round_id == round_id, ByeRow.player_id == me.id)
    ).first()
    if bye is not None:
        raise Refused(at, f"you have a {bye.kind} bye in round {number}: nothing to report")
    raise Refused(at, f"you do not play in round {number}")
