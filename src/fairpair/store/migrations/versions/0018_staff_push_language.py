"""Languages (issue 33 point 8): the language a staff member's phone alerts are written in
(``staff_push_subscriptions.language``: the console's language when alerts were turned on on
that phone; none: the event's default language, else English).

Revision ID: 0018_staff_push_language
Revises: 0017_event_language
Create Date: 2026-12-07 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_staff_push_language"
down_revision = "0017_event_language"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("staff_push_subscriptions") as batch:
        batch.add_column(sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("staff_push_subscriptions") as batch:
        batch.drop_column("language")
