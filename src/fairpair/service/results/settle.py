"""Staff settle a players' report: entering or correcting the result of a match whose players'
report is still waiting for an answer, or disputed, marks that report *resolved* (audited) in
the same transaction. Used by staff's result entry (``results.recording``) and shared with the
players' reports (``results.self_reports``), which also own the states named here."""

from __future__ import annotations

from sqlalchemy import bindparam, update

from fairpair.service.kernel.change import Change
from fairpair.store.models import SelfReportRow

#: The states of a players' report: waiting for the opponent, confirmed by them, disputed,
#: or resolved by staff.
PENDING, CONFIRMED, DISPUTED, RESOLVED = "pending", "confirmed", "disputed", "resolved"

_SETTLE = (
    update(SelfReportRow)
    .where(
        SelfReportRow.table_id == bindparam("settled_table"),
        SelfReportRow.state.in_((PENDING, DISPUTED)),
    )
    .values(
        state=RESOLVED,
        answered_by=bindparam("by"),
        answered_at=bindparam("at"),
        version=SelfReportRow.version + 1,
    )
)


def settle_by_staff(change: Change, table_id: int, subject: str) -> None:
    """Staff entered or corrected the result of the match at ``table_id`` (in ``change``'s
    transaction): a players' report still waiting or disputed is *resolved* (audited)."""
    done = change.conn.execute(
        _SETTLE, {"settled_table": table_id, "by": change.actor, "at": change.at}
    )
    if done.rowcount:
        change.audit("self_report.resolve", subject, after={"by": change.actor})
