"""The round timer the console starts, pauses, resumes and extends (issue 28, point 10):
``rounds.clock_ends_at`` (running: when time is up) and ``rounds.clock_left`` (paused: the
seconds left).

Plain ``ADD COLUMN`` / ``DROP COLUMN`` (SQLite 3.35 and later have both), so the rounds table
is never rebuilt: a rebuild drops the table, and its tables and results would go with it.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-20 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rounds", sa.Column("clock_ends_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("rounds", sa.Column("clock_left", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("rounds", "clock_left")
    op.drop_column("rounds", "clock_ends_at")
