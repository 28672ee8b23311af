"""What the portal's match card shows of self-reporting (the report form, the opponent's
report to confirm or dispute, "waiting for X to confirm"): ``report_card(db, slug, pass)``
gives the context ``templates/portal/report_card.html`` renders — the keys ``report`` (the
service's ``ReportState``), ``report_slug``, ``report_errors`` and ``report_values`` (a
refused post: the message next to its field, what was typed kept)."""

from __future__ import annotations

from typing import Any

from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import PlayerPass
from fairpair.service.results.self_reports import ReportState, report_state


def report_card(
    db: Database,
    slug: str,
    player: PlayerPass,
    *,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The context of the report card of ``player``'s current match."""
    return report_context(
        slug, report_state(db, slug, player.player_key), errors=errors, values=values
    )


def report_context(
    slug: str,
    report: ReportState,
    *,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The report card's context for ``report`` (read by the caller)."""
    return {
        "report": report,
        "report_slug": slug,
        "report_errors": errors or {},
        "report_values": values or {},
    }
