"""What the players said of the matches still without a result (issue 28, point 8): per
table of one round, who reported what and for whom the report waits — the console's Results
tab and round page say "Bea reported 2-1, waiting for Cole" beside an outstanding match, or
"Bea and Cole disagree — in the Resolution Queue" for a disputed one. One read.

Only reports that still matter are listed: a match without a result whose report is pending
or disputed, and whose reporter still sits at the table (a report of a reverted, swapped
round is void, as ``self_reports`` and the Resolution Queue treat it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import case, select
from sqlalchemy.orm import aliased

from fairpair.i18n import later
from fairpair.i18n.later import Later
from fairpair.service.kernel.change import now
from fairpair.service.kernel.lookup import find_round, find_stage
from fairpair.service.kernel.unit import reading
from fairpair.service.results.current_match import Score
from fairpair.service.results.settle import DISPUTED, PENDING
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, ResultRow, SelfReportRow, TableRow


@dataclass(frozen=True, slots=True)
class PendingReport:
    """A players' report of table ``table`` waiting for an answer (``state`` pending) or
    disputed. ``said``: the report told from the reporter's side (``2-1``: they won 2-1);
    ``says``: the opponent's version from the opponent's own side (disputed only).
    ``overdue``: pending past its confirmation time (the Resolution Queue lists it too)."""

    table: int
    state: str
    reporter: str
    reporter_key: str
    waiting_for: str
    waiting_for_key: str
    said: Score
    says: Score | None
    reported_at: datetime
    confirm_by: datetime
    overdue: bool

    @property
    def disputed(self) -> bool:
        return self.state == DISPUTED

    @property
    def in_queue(self) -> bool:
        """Whether the match is on the Resolution Queue because of its report."""
        return self.disputed or self.overdue

    @property
    def text(self) -> Later:
        """The report as the console says it: "Bea reported 2-1, waiting for Cole" (English;
        a page says it in the reader's language: ``fairpair.i18n.later``)."""
        who, other = self.reporter, self.waiting_for
        if self.disputed:
            return later.gettext("%(player)s and %(other)s disagree", player=who, other=other)
        if self.overdue:
            return later.gettext(
                "%(player)s reported %(score)s, not confirmed by %(other)s in time",
                player=who,
                score=self.said.text,
                other=other,
            )
        return later.gettext(
            "%(player)s reported %(score)s, waiting for %(other)s",
            player=who,
            score=self.said.text,
            other=other,
        )

    @property
    def detail(self) -> Later:
        """Both versions of a dispute ("Bea says 2-1, Cole says 1-2"), each from its own
        teller's side; empty otherwise."""
        if self.says is None:
            return Later("")
        return later.gettext(
            "%(player)s says %(score)s, %(other)s says %(other_score)s",
            player=self.reporter,
            score=self.said.text,
            other=self.waiting_for,
            other_score=self.says.text,
        )


def pending_reports(
    db: Database,
    slug: str,
    number: int,
    *,
    stage: str | None = None,
    at: datetime | None = None,
) -> dict[int, PendingReport]:
    """The pending and disputed players' reports of round ``number`` of ``stage`` (default:
    the stage being played) by table number, as they stand at ``at`` (default: now)."""
    moment = at or now()
    reporter, other = aliased(PlayerRow), aliased(PlayerRow)
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        rnd = find_round(conn, where, number)
        rows = conn.execute(
            select(
                TableRow.number,
                TableRow.a_id,
                SelfReportRow.state,
                SelfReportRow.reporter_id,
                SelfReportRow.games_a,
                SelfReportRow.games_b,
                SelfReportRow.games_draws,
                SelfReportRow.dispute,
                SelfReportRow.reported_at,
                SelfReportRow.confirm_by,
                reporter.key.label("reporter_key"),
                reporter.name.label("reporter_name"),
                other.key.label("other_key"),
                other.name.label("other_name"),
            )
            .select_from(SelfReportRow)
            .join(TableRow, TableRow.id == SelfReportRow.table_id)
            .join(reporter, reporter.id == SelfReportRow.reporter_id)
            .join(
                other,
                other.id
                == case(
                    (TableRow.a_id == SelfReportRow.reporter_id, TableRow.b_id), else_=TableRow.a_id
                ),
            )
            .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
            .where(
                TableRow.round_id == rnd.id,
                TableRow.kind == "match",
                ResultRow.id.is_(None),
                SelfReportRow.state.in_((PENDING, DISPUTED)),
                SelfReportRow.reporter_id.in_((TableRow.a_id, TableRow.b_id)),
            )
        ).all()
    found: dict[int, PendingReport] = {}
    for r in rows:
        on_a = r.reporter_id == r.a_id
        said = _told(r.games_a, r.games_b, r.games_draws, on_a)
        says = None
        if r.state == DISPUTED and r.dispute:
            d = r.dispute
            says = _told(d.get("games_a"), d.get("games_b"), d.get("games_draws"), not on_a)
        found[r.number] = PendingReport(
            table=r.number,
            state=r.state,
            reporter=r.reporter_name,
            reporter_key=r.reporter_key,
            waiting_for=r.other_name,
            waiting_for_key=r.other_key,
            said=said,
            says=says,
            reported_at=r.reported_at,
            confirm_by=r.confirm_by,
            overdue=r.state == PENDING and r.confirm_by <= moment,
        )
    return found


def _told(a: int | None, b: int | None, d: int | None, on_a: bool) -> Score:
    """Games stored from side a, told from side a (``on_a``) or from side b."""
    score = Score(a or 0, b or 0, d or 0)
    return score if on_a else score.flipped
