"""The players' side: an event's portal settings and join code, the waitlist, player
tokens, self-reported results, notifications and their deliveries, preferences, web push
subscriptions and the installation's shared keys.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 20:10:00
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: The join code's letters: no 0/O, 1/I/L, 5/S, 2/Z (a code is read off a screen).
CODE_LETTERS = "346789ABCDEFGHJKMNPQRTUVWXY"


def upgrade() -> None:
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_server_keys")),
    )
    op.create_table(
        "event_portal",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("join_code", sa.String(length=12), nullable=False),
        sa.Column("self_registration", sa.Boolean(), nullable=False),
        sa.Column("registration_cap", sa.Integer(), nullable=True),
        sa.Column("checkin_open", sa.Boolean(), nullable=False),
        sa.Column("self_report", sa.Boolean(), nullable=False),
        sa.Column("confirm_minutes", sa.Integer(), nullable=False),
        sa.Column("discord_bot_token", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint("confirm_minutes >= 1", name=op.f("ck_event_portal_confirm_minutes")),
        sa.CheckConstraint(
            "registration_cap IS NULL OR registration_cap >= 1", name=op.f("ck_event_portal_cap")
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_event_portal_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_event_portal")),
        sa.UniqueConstraint("join_code", name=op.f("uq_event_portal_join_code")),
    )
    op.create_table(
        "notification_preferences",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("in_app", sa.Boolean(), nullable=False),
        sa.Column("push", sa.Boolean(), nullable=False),
        sa.Column("discord", sa.Boolean(), nullable=False),
        sa.Column("discord_user_id", sa.String(length=32), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_notification_preferences_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_notification_preferences")),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_push_subscriptions_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
        sa.UniqueConstraint("endpoint", name=op.f("uq_push_subscriptions_endpoint")),
    )
    op.create_index(
        op.f("ix_push_subscriptions_player_id"), "push_subscriptions", ["player_id"], unique=False
    )
    op.create_table(
        "waitlist",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("contact", sa.String(length=200), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_waitlist_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_waitlist_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_waitlist")),
        sa.UniqueConstraint("event_id", "position", name=op.f("uq_waitlist_event_id_position")),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=True),
        sa.Column("title", sa.String(length=300), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("url", sa.String(length=500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_notifications_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_notifications_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["rounds.id"],
            name=op.f("fk_notifications_round_id_rounds"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notifications")),
        sa.UniqueConstraint("key", name=op.f("uq_notifications_key")),
    )
    op.create_index(op.f("ix_notifications_event_id"), "notifications", ["event_id"], unique=False)
    op.create_index(
        "ix_notifications_player", "notifications", ["player_id", "read_at"], unique=False
    )
    op.create_table(
        "player_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("waitlist_id", sa.Integer(), nullable=True),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("made_by", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "player_id IS NOT NULL OR waitlist_id IS NOT NULL", name=op.f("ck_player_tokens_holder")
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_player_tokens_account_id_accounts"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_player_tokens_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_player_tokens_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["waitlist_id"],
            ["waitlist.id"],
            name=op.f("fk_player_tokens_waitlist_id_waitlist"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_player_tokens_token_hash")),
    )
    op.create_index(
        op.f("ix_player_tokens_account_id"), "player_tokens", ["account_id"], unique=False
    )
    op.create_index(
        op.f("ix_player_tokens_player_id"), "player_tokens", ["player_id"], unique=False
    )
    op.create_index(
        op.f("ix_player_tokens_waitlist_id"), "player_tokens", ["waitlist_id"], unique=False
    )
    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("notification_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=20), nullable=False),
        sa.Column("target", sa.String(length=1000), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.CheckConstraint("channel IN ('push', 'discord')", name=op.f("ck_deliveries_channel")),
        sa.CheckConstraint(
            "state IN ('pending', 'sent', 'failed', 'gone')", name=op.f("ck_deliveries_state")
        ),
        sa.ForeignKeyConstraint(
            ["notification_id"],
            ["notifications.id"],
            name=op.f("fk_deliveries_notification_id_notifications"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deliveries")),
        sa.UniqueConstraint(
            "notification_id",
            "channel",
            "target",
            name=op.f("uq_deliveries_notification_id_channel_target"),
        ),
    )
    op.create_index(
        op.f("ix_deliveries_notification_id"), "deliveries", ["notification_id"], unique=False
    )
    op.create_table(
        "self_reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("winner", sa.String(length=1), nullable=True),
        sa.Column("games_a", sa.Integer(), nullable=True),
        sa.Column("games_b", sa.Integer(), nullable=True),
        sa.Column("games_draws", sa.Integer(), nullable=True),
        sa.Column("state", sa.String(length=20), nullable=False),
        sa.Column("reported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirm_by", sa.DateTime(timezone=True), nullable=False),
        sa.Column("answered_by", sa.String(length=200), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("dispute", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "state IN ('pending', 'confirmed', 'disputed', 'resolved')",
            name=op.f("ck_self_reports_state"),
        ),
        sa.ForeignKeyConstraint(
            ["reporter_id"], ["players.id"], name=op.f("fk_self_reports_reporter_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_self_reports_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_self_reports")),
        sa.UniqueConstraint("table_id", name=op.f("uq_self_reports_table_id")),
    )
    _portal_rows_for_existing_events()


def _portal_rows_for_existing_events() -> None:
    conn = op.get_bind()
    events = conn.execute(sa.text("SELECT id FROM events ORDER BY id")).scalars().all()
    used: set[str] = set()
    for event_id in events:
        code = ""
        while not code or code in used:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        used.add(code)
        conn.execute(
            sa.text(
                "INSERT INTO event_portal (event_id, join_code, self_registration,"
                " checkin_open, self_report, confirm_minutes, version)"
                " VALUES (:e, :c, :t, :f, :t, 15, 1)"
            ),
            {"e": event_id, "c": code, "t": True, "f": False},
        )


def downgrade() -> None:

    op.drop_table("self_reports")
    op.drop_index(op.f("ix_deliveries_notification_id"), table_name="deliveries")
    op.drop_table("deliveries")
    op.drop_index(op.f("ix_player_tokens_waitlist_id"), table_name="player_tokens")
    op.drop_index(op.f("ix_player_tokens_player_id"), table_name="player_tokens")
    op.drop_index(op.f("ix_player_tokens_account_id"), table_name="player_tokens")
    op.drop_table("player_tokens")
    op.drop_index("ix_notifications_player", table_name="notifications")
    op.drop_index(op.f("ix_notifications_event_id"), table_name="notifications")
    op.drop_table("notifications")
    op.drop_table("waitlist")
    op.drop_index(op.f("ix_push_subscriptions_player_id"), table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("notification_preferences")
    op.drop_table("event_portal")
    op.drop_table("server_keys")
