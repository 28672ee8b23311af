"""Replay protection for Discord interactions: a signed request is accepted for
``WINDOW`` after its timestamp (the endpoint checks that), and within it only once — each
interaction's Discord id is recorded (``discord_interactions``; the primary key decides,
``ON CONFLICT DO NOTHING``), so the same request sent again is refused. Ids older than the
window are forgotten as new ones come (a request that old is refused for its timestamp)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.store.database import Database
from fairpair.store.models import DiscordInteractionRow

WINDOW = timedelta(minutes=5)


def first_time(db: Database, interaction_id: str, at: datetime) -> bool:
    """Record interaction ``interaction_id`` as answered at ``at``; ``False`` when it was
    already (a replay)."""
    with db.writing() as conn:
        insert: Any = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        done = conn.execute(
            insert(DiscordInteractionRow)
            .values(interaction_id=interaction_id[:32], seen_at=at)
            .on_conflict_do_nothing(index_elements=["interaction_id"])
        ).rowcount
        conn.execute(
            delete(DiscordInteractionRow).where(DiscordInteractionRow.seen_at < at - 2 * WINDOW)
        )
    return bool(done)
