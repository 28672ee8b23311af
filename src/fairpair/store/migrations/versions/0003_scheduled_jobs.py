"""Scheduled jobs: what is due when (notifications, reminders, deadlines), read from the
database so that it survives restarts and is done once across server processes.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 19:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scheduled_jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=True),
        sa.Column("claimed_by", sa.String(length=80), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_scheduled_jobs_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_scheduled_jobs")),
        sa.UniqueConstraint("key", name=op.f("uq_scheduled_jobs_key")),
    )
    op.create_index("ix_scheduled_jobs_due", "scheduled_jobs", ["done_at", "due_at"], unique=False)
    op.create_index(
        op.f("ix_scheduled_jobs_event_id"), "scheduled_jobs", ["event_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_scheduled_jobs_event_id"), table_name="scheduled_jobs")
    op.drop_index("ix_scheduled_jobs_due", table_name="scheduled_jobs")
    op.drop_table("scheduled_jobs")
