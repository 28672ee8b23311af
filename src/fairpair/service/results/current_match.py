"""A player's own current match (for self-reporting): their table in the latest round of
the event's current stage — the last stage with a released round (a top cut not drawn yet
has none) — when that round is Open; or the refusal saying why they have none to report: on
the waitlist, self-reporting switched off, dropped, no round yet, the round not open yet or
completed, a bye, a pod table, no table. Found with statements built once (a report runs
them; building them cost more than running them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, case, exists, select
from sqlalchemy.orm import aliased

from fairpair.engine.errors import Location
from fairpair.engine.results import GameScore, Result, Side
from fairpair.engine.rounds import RoundState
from fairpair.i18n import gettext
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import PlayerRef, RoundRef, StageRef, TableRef
from fairpair.store.models import (
    ByeRow,
    DropRow,
    PlayerRow,
    PodSeatRow,
    PortalRow,
    ResultRow,
    RoundRow,
    SelfReportRow,
    StageRow,
    TableRow,
)

#: A self-report's columns as the reports read them.
REPORT_COLUMNS = (
    SelfReportRow.id,
    SelfReportRow.reporter_id,
    SelfReportRow.games_a,
    SelfReportRow.games_b,
    SelfReportRow.games_draws,
    SelfReportRow.state,
    SelfReportRow.reported_at,
    SelfReportRow.confirm_by,
    SelfReportRow.dispute,
    SelfReportRow.version,
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
    report: ReportRow | None = None
    """The match's self-report, as read with the match (in the same statement)."""
    result_columns: tuple[Any, ...] | None = None
    """The match's recorded result (``persist.result_of_columns``'s arguments), if any."""
    cut_from_here: bool = True
    """Some stage is cut from this one: a result may draw it (``cuts.draw_due_cuts``)."""

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


# A report's whole lookup is one statement, built once: the player and the event's portal
# settings, the latest round of the last stage that has one (a cut stage not drawn yet has
# none), whether the player dropped, their table in that round and its opponent, and the
# table's result and self-report. (Six statements were a third of a report's time on
# PostgreSQL, where each round trip costs the server's process more than SQLite's call.)
_OTHER = aliased(PlayerRow)
_LATEST_ROUND_ID = (
    select(RoundRow.id)
    .join(StageRow, StageRow.id == RoundRow.stage_id)
    .where(StageRow.event_id == PlayerRow.event_id)
    .order_by(StageRow.position.desc(), RoundRow.number.desc())
    .limit(1)
    .correlate(PlayerRow)
    .scalar_subquery()
)
_DROPPED = (
    exists()
    .where(
        DropRow.player_id == PlayerRow.id,
        DropRow.whole_event | (DropRow.stage_id == StageRow.id),
    )
    .correlate(PlayerRow, StageRow)
)
#: Some stage of the event is cut from the player's stage (its ``cut.from_stage``): only then
#: may a result draw a cut (``cuts.draw_due_cuts``), which otherwise reads every stage.
_CUT_STAGE = aliased(StageRow)
_CUT_FROM_HERE = (
    exists()
    .where(
        _CUT_STAGE.event_id == StageRow.event_id,
        _CUT_STAGE.settings["cut"]["from_stage"].as_string() == StageRow.key,
    )
    .correlate(StageRow)
)
_LOOKUP = (
    select(
        PlayerRow.id,
        PlayerRow.key,
        PlayerRow.name,
        PortalRow.self_report,
        PortalRow.confirm_minutes,
        RoundRow.id.label("round_id"),
        RoundRow.number.label("round_number"),
        RoundRow.state.label("round_state"),
        RoundRow.version.label("round_version"),
        StageRow.id.label("stage_id"),
        StageRow.key.label("stage_key"),
        StageRow.version.label("stage_version"),
        StageRow.settings,
        _DROPPED.label("dropped"),
        _CUT_FROM_HERE.label("cut_from_here"),
        TableRow.id.label("table_id"),
        TableRow.number.label("table_number"),
        TableRow.key.label("table_key"),
        TableRow.kind.label("table_kind"),
        TableRow.a_id,
        TableRow.b_id,
        TableRow.version.label("table_version"),
        _OTHER.id.label("other_id"),
        _OTHER.key.label("other_key"),
        _OTHER.name.label("other_name"),
        ResultRow.kind.label("result_kind"),
        ResultRow.winner.label("result_winner"),
        ResultRow.games_a.label("result_games_a"),
        ResultRow.games_b.label("result_games_b"),
        ResultRow.games_draws.label("result_games_draws"),
        *(column.label(f"report_{column.key}") for column in REPORT_COLUMNS),
    )
    .join(PortalRow, PortalRow.event_id == PlayerRow.event_id)
    .outerjoin(RoundRow, RoundRow.id == _LATEST_ROUND_ID)
    .outerjoin(StageRow, StageRow.id == RoundRow.stage_id)
    .outerjoin(
        TableRow,
        (TableRow.round_id == RoundRow.id)
        & ((TableRow.a_id == PlayerRow.id) | (TableRow.b_id == PlayerRow.id)),
    )
    .outerjoin(
        _OTHER,
        _OTHER.id == case((TableRow.a_id == PlayerRow.id, TableRow.b_id), else_=TableRow.a_id),
    )
    .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
    .outerjoin(SelfReportRow, SelfReportRow.table_id == TableRow.id)
    .where(PlayerRow.event_id == bindparam("event_id"), PlayerRow.key == bindparam("key"))
)


@dataclass(frozen=True, slots=True)
class ReportRow:
    """A match's self-report as read (the columns of ``REPORT_COLUMNS``)."""

    id: int
    reporter_id: int
    games_a: int | None
    games_b: int | None
    games_draws: int | None
    state: str
    reported_at: Any
    confirm_by: Any
    dispute: Any
    version: int


def _report_row(row: Any) -> ReportRow | None:
    if row.report_id is None:
        return None
    return ReportRow(*(getattr(row, f"report_{column.key}") for column in REPORT_COLUMNS))


def _result_columns(row: Any) -> tuple[Any, ...] | None:
    if row.result_kind is None:
        return None
    return (
        row.result_kind,
        row.result_winner,
        row.result_games_a,
        row.result_games_b,
        row.result_games_draws,
    )


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
    if player_key is None:
        raise Refused(
            Location(("player",)), gettext("you are on the waitlist: you have no match yet")
        )
    row = conn.execute(_LOOKUP, {"event_id": event.id, "key": player_key}).first()
    if row is None:
        raise Refused(
            Location(("player",)),
            gettext("no player %(player_key)r in this event") % {"player_key": player_key},
        )
    if not row.self_report:
        raise Refused(
            Location(("self_report",)),
            gettext(
                "players do not report their own results in this event: tell a judge your result"
            ),
        )
    me = PlayerRef(row.id, row.key, row.name)
    if row.round_id is None:
        raise Refused(
            Location(("round",)), gettext("no round has been released yet: no match to report")
        )
    stage = StageRef(row.stage_id, row.stage_key, row.stage_version)
    if row.dropped:
        raise Refused(
            Location(("player",), player=me.key),
            gettext("you have dropped from the event: a judge records your results"),
        )
    number = row.round_number
    at = Location(("round",), stage=stage.key, round=number)
    if round_number is not None and round_number != number:
        raise Refused(
            at,
            gettext(
                "round %(round_number)s is not your current round (it is round "
                "%(number)s): reload the page"
            )
            % {"round_number": round_number, "number": number},
        )
    if row.round_state == RoundState.SCHEDULED.value:
        raise Refused(
            at,
            gettext("round %(number)s is not open yet: report once it has started")
            % {"number": number},
        )
    if row.round_state != RoundState.OPEN.value:
        raise Refused(
            at, gettext("round %(number)s is completed: ask a judge") % {"number": number}
        )
    if row.table_id is None:
        _no_match(conn, stage, row.round_id, number, me)
    if table_number is not None and table_number != row.table_number:
        raise Refused(
            Location(("table",), stage=stage.key, round=number, table=table_number),
            gettext("table %(table_number)s is not your match: yours is table %(row_table_number)s")
            % {"table_number": table_number, "row_table_number": row.table_number},
        )
    return OwnMatch(
        me,
        Side.A if row.a_id == me.id else Side.B,
        PlayerRef(row.other_id, row.other_key, row.other_name),
        stage,
        RoundRef(row.round_id, number, row.round_state, row.round_version),
        TableRef(
            row.table_id,
            row.table_number,
            row.table_key,
            row.table_kind,
            row.a_id,
            row.b_id,
            row.table_version,
        ),
        row.settings,
        row.confirm_minutes,
        _report_row(row),
        _result_columns(row),
        bool(row.cut_from_here),
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
            at,
            gettext("table %(number)s is a pod table: a judge records its finishing places")
            % {"number": pod.number},
        )
    bye = conn.execute(
        select(ByeRow.kind).where(ByeRow.round_id == round_id, ByeRow.player_id == me.id)
    ).first()
    if bye is not None:
        raise Refused(
            at,
            gettext("you have a %(kind)s bye in round %(number)s: nothing to report")
            % {"kind": bye.kind, "number": number},
        )
    raise Refused(at, gettext("you do not play in round %(number)s") % {"number": number})
