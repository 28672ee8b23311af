"""The Resolution Queue (issue 11; seed 004 "Running a round"): the matches staff must settle.

- **disputed**: a player disputed the opponent's report (both versions shown);
- **unconfirmed**: a report not confirmed by its ``confirm_by`` ("not confirmed in N minutes");
- **overdue**: a match of an Open round with no result after the round's end date. Nothing is
  auto-forfeited (seed 004): the match waits here until staff enter its result.

Only matches without a result are listed; staff settle one by entering its result through
``fairpair.service.results.recording`` (which settles the players' report too). Each item carries
every
version the players gave, told from side a (as results are typed), and when.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Select, and_, func, or_, select
from sqlalchemy.orm import aliased

from fairpair.engine.result_text import result_text
from fairpair.engine.results import Result
from fairpair.engine.rounds import RoundState
from fairpair.i18n import gettext, ngettext
from fairpair.service.kernel.change import now
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import (
    PlayerRow,
    ResultRow,
    RoundRow,
    SelfReportRow,
    StageRow,
    TableRow,
)

#: The kinds of item, most urgent first (the queue's order).
KINDS = ("disputed", "unconfirmed", "overdue")


@dataclass(frozen=True, slots=True)
class Version:
    """What one player says the result is: ``typed`` told from side a as staff type a result
    (``2-1``, ``1-1-1``), ``text`` as people say it ("Ash wins 2-1")."""

    by_key: str
    by_name: str
    typed: str
    text: str
    at: datetime


@dataclass(frozen=True, slots=True)
class QueueItem:
    kind: str
    stage: str
    round: int
    table: int
    match: str
    a_key: str
    a_name: str
    b_key: str
    b_name: str
    versions: tuple[Version, ...]
    since: datetime
    """Since when it waits: the dispute, the confirmation deadline, the round's end."""
    ends_at: datetime | None
    who: str = ""
    """Who disputed the report (disputed), or who has not confirmed it (unconfirmed)."""
    whose: str = ""
    """Whose report was disputed (disputed)."""
    minutes: int = 0
    """How long the opponent had to confirm (unconfirmed)."""

    @property
    def why(self) -> str:
        """Why it waits, in the current language (``fairpair.i18n``): "Bo disputed Ash's
        report", "not confirmed by Bo in 10 minutes", "no result after the round's end date
        (nothing is forfeited automatically)"."""
        if self.kind == "disputed":
            return gettext("%(player)s disputed %(reporter)s's report") % {
                "player": self.who,
                "reporter": self.whose,
            }
        if self.kind == "unconfirmed":
            return ngettext(
                "not confirmed by %(player)s in %(num)d minute",
                "not confirmed by %(player)s in %(num)d minutes",
                self.minutes,
            ) % {"player": self.who, "num": self.minutes}
        return gettext("no result after the round's end date (nothing is forfeited automatically)")


@dataclass(frozen=True, slots=True)
class ResolutionQueue:
    event: str
    at: datetime
    items: tuple[QueueItem, ...]

    @property
    def count(self) -> int:
        return len(self.items)


def _typed(a: int | None, b: int | None, d: int | None) -> str:
    return f"{a or 0}-{b or 0}" + (f"-{d}" if d else "")


def _minutes(start: datetime, end: datetime) -> int:
    return max(1, round((end - start).total_seconds() / 60))


_Query = TypeVar("_Query", bound=Select[*tuple[Any, ...]])

_A, _B = aliased(PlayerRow, name="side_a"), aliased(PlayerRow, name="side_b")

#: What the queue reads of each match.
_COLUMNS = (
    StageRow.key.label("stage"),
    StageRow.position,
    RoundRow.number.label("round"),
    RoundRow.ends_at,
    TableRow.number.label("table"),
    TableRow.key.label("match"),
    TableRow.a_id,
    TableRow.b_id,
    _A.key.label("a_key"),
    _A.name.label("a_name"),
    _B.key.label("b_key"),
    _B.name.label("b_name"),
    SelfReportRow.state,
    SelfReportRow.reporter_id,
    SelfReportRow.games_a,
    SelfReportRow.games_b,
    SelfReportRow.games_draws,
    SelfReportRow.reported_at,
    SelfReportRow.confirm_by,
    SelfReportRow.answered_at,
    SelfReportRow.dispute,
)


def _waiting(query: _Query, event_id: int, moment: datetime) -> _Query:
    """``query`` over the matches of event ``event_id`` that wait for staff at ``moment``
    (the queue and its count share it)."""
    # a report whose reporter no longer sits at the table (a reverted, swapped round) is void
    live = SelfReportRow.reporter_id.in_((TableRow.a_id, TableRow.b_id))
    return (
        query.select_from(TableRow)
        .join(RoundRow, RoundRow.id == TableRow.round_id)
        .join(StageRow, StageRow.id == RoundRow.stage_id)
        .join(_A, _A.id == TableRow.a_id)
        .join(_B, _B.id == TableRow.b_id)
        .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
        .outerjoin(SelfReportRow, SelfReportRow.table_id == TableRow.id)
        .where(
            StageRow.event_id == event_id,
            RoundRow.state == RoundState.OPEN.value,
            TableRow.kind == "match",
            ResultRow.id.is_(None),
            or_(
                and_(live, SelfReportRow.state == "disputed"),
                and_(
                    live,
                    SelfReportRow.state == "pending",
                    SelfReportRow.confirm_by <= moment,
                ),
                RoundRow.ends_at <= moment,
            ),
        )
    )


def resolution_queue(db: Database, slug: str, at: datetime | None = None) -> ResolutionQueue:
    """The matches of event ``slug`` waiting for staff at ``at`` (default: now), most urgent
    first, then by stage, round and table."""
    moment = at or now()
    with reading(db, slug) as (conn, event):
        rows = conn.execute(_waiting(select(*_COLUMNS), event.id, moment)).all()
    items = [_item(row, moment) for row in rows]
    items.sort(key=lambda i: (KINDS.index(i.kind), i.stage, i.round, i.table))
    return ResolutionQueue(slug, moment, tuple(items))


def queue_count(db: Database, slug: str, at: datetime | None = None) -> int:
    """How many matches of event ``slug`` wait for staff at ``at`` (default: now): the
    Resolution Queue's length, counted in one statement (the console's navigation shows it
    on every page)."""
    with reading(db, slug) as (conn, event):
        query = _waiting(select(func.count(TableRow.id)), event.id, at or now())
        return int(conn.execute(query).scalar_one())


def _item(r: Any, moment: datetime) -> QueueItem:
    versions: list[Version] = []
    if r.reporter_id not in (r.a_id, r.b_id):  # void (see above): only overdue
        r = _Void(r)
    a_name, b_name = r.a_name, r.b_name
    if r.state is not None and r.games_a is not None:
        by = (r.a_key, r.a_name) if r.reporter_id == r.a_id else (r.b_key, r.b_name)
        versions.append(
            _version(by, r.games_a, r.games_b, r.games_draws, r.reported_at, a_name, b_name)
        )
    kind, since = "overdue", r.ends_at
    who, whose, minutes = "", "", 0
    if r.state == "disputed" and r.dispute:
        said = r.dispute
        by = (r.a_key, r.a_name) if said.get("by") == r.a_key else (r.b_key, r.b_name)
        versions.append(
            _version(
                by,
                said.get("games_a"),
                said.get("games_b"),
                said.get("games_draws"),
                r.answered_at,
                a_name,
                b_name,
            )
        )
        kind, since = "disputed", r.answered_at
        who, whose = versions[-1].by_name, versions[0].by_name
    elif r.state == "pending" and r.confirm_by <= moment:
        kind, since = "unconfirmed", r.confirm_by
        minutes = _minutes(r.reported_at, r.confirm_by)
        who = b_name if versions[0].by_name == a_name else a_name
    return QueueItem(
        kind=kind,
        stage=r.stage,
        round=r.round,
        table=r.table,
        match=r.match,
        a_key=r.a_key,
        a_name=a_name,
        b_key=r.b_key,
        b_name=b_name,
        versions=tuple(versions),
        since=since,
        ends_at=r.ends_at,
        who=who,
        whose=whose,
        minutes=minutes,
    )


class _Void:
    """A queue row read as if the match had no players' report."""

    def __init__(self, row: Any) -> None:
        self._row = row

    def __getattr__(self, name: str) -> Any:
        if name in ("state", "games_a", "dispute", "reporter_id"):
            return None
        return getattr(self._row, name)


def _version(
    by: tuple[str, str],
    a: int | None,
    b: int | None,
    d: int | None,
    at: datetime,
    a_name: str,
    b_name: str,
) -> Version:
    text = result_text(Result.from_games(a or 0, b or 0, d or 0), a_name, b_name)
    return Version(by[0], by[1], _typed(a, b, d), text, at)
