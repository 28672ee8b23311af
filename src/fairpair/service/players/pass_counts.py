"""How many live passes (devices, personal links) each player of an event holds — what the
console's Players' side shows next to "personal link" and "revoke links"."""

from __future__ import annotations

from sqlalchemy import func, select

from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, PlayerTokenRow


def live_passes(db: Database, slug: str) -> dict[str, int]:
    """Player id → the number of their passes not revoked (players without one left out)."""
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(PlayerRow.key, func.count(PlayerTokenRow.id))
            .join(PlayerTokenRow, PlayerTokenRow.player_id == PlayerRow.id)
            .where(PlayerRow.event_id == event.id, PlayerTokenRow.revoked_at.is_(None))
            .group_by(PlayerRow.key)
        ).all()
    return {str(key): int(n) for key, n in rows}
