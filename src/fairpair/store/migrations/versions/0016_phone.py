"""The organizer's phone (issue 32): ``result_entries`` (a result entry's idempotency key and
its first answer), ``staff_push_subscriptions`` (staff's web push for an event's alerts) and
``judge_calls`` (a player's call for a judge). New tables only.

Revision ID: 0016_phone
Revises: 0015_hardening_throttle
Create Date: 2026-12-06 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from fairpair.store.models import UTCDateTime

revision = "0016_phone"
down_revision = "0015_hardening_throttle"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "result_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_result_entries_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_result_entries_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_result_entries")),
        sa.UniqueConstraint("event_id", "key", name=op.f("uq_result_entries_event_id_key")),
    )
    op.create_index(op.f("ix_result_entries_table_id"), "result_entries", ["table_id"])
    op.create_table(
        "staff_push_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("alerts", sa.String(length=100), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_staff_push_subscriptions_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_staff_push_subscriptions_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_push_subscriptions")),
        sa.UniqueConstraint(
            "event_id", "endpoint", name=op.f("uq_staff_push_subscriptions_event_id_endpoint")
        ),
    )
    op.create_index(
        op.f("ix_staff_push_subscriptions_account_id"), "staff_push_subscriptions", ["account_id"]
    )
    op.create_table(
        "judge_calls",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=True),
        sa.Column("table_number", sa.Integer(), nullable=True),
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.Column("called_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("answered_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("answered_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_judge_calls_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_judge_calls_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judge_calls")),
    )
    op.create_index(op.f("ix_judge_calls_event_id"), "judge_calls", ["event_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_judge_calls_event_id"), table_name="judge_calls")
    op.drop_table("judge_calls")
    op.drop_index(
        op.f("ix_staff_push_subscriptions_account_id"), table_name="staff_push_subscriptions"
    )
    op.drop_table("staff_push_subscriptions")
    op.drop_index(op.f("ix_result_entries_table_id"), table_name="result_entries")
    op.drop_table("result_entries")
