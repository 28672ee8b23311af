"""Languages (issue 33 point 8): an event's default language, set by staff (``events.language``:
the pages and notices of the event use it when a reader's own choice and browser name none of
the shipped languages), and a player's own language (``players.language``: the language they
registered or last chose while signed in to the event, for their notifications).

Revision ID: 0017_event_language
Revises: 0016_phone
Create Date: 2026-12-07 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_event_language"
down_revision = "0016_phone"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("language", sa.String(length=8), nullable=True))
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("language")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("language")
