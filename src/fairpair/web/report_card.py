"""What the portal's match card shows of self-reporting (the report form, the opponent's
report to confirm or dispute, "waiting for X to confirm"): ``report_card(db, slug, pass)``
gives the context ``templates/portal/report_card.html`` renders."""

from __future__ import annotations

from typing import Any

from fairpair.service.connection import Database
from fairpair.service.player_tokens import PlayerPass


def report_card(db: Database, slug: str, player: PlayerPass) -> dict[str, Any]:
    """The context of the report card of ``player``'s current match."""
    return {}
