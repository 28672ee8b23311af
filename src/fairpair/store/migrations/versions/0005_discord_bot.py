"""The Discord bot: channels linked to an event (and their live display message), one-time
link codes, players' Discord accounts, and the interactions already answered.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-10 18:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "discord_channels",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(length=32), nullable=True),
        sa.Column("channel_id", sa.String(length=32), nullable=False),
        sa.Column("linked_by", sa.String(length=200), nullable=False),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("message_id", sa.String(length=32), nullable=True),
        sa.Column("wanted_version", sa.Integer(), nullable=False),
        sa.Column("shown_version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_discord_channels_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_discord_channels")),
        sa.UniqueConstraint("channel_id", name=op.f("uq_discord_channels_channel_id")),
    )
    op.create_index(
        op.f("ix_discord_channels_event_id"), "discord_channels", ["event_id"], unique=False
    )
    op.create_table(
        "discord_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("purpose", sa.String(length=20), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("made_by", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "purpose IN ('channel', 'player')", name=op.f("ck_discord_codes_purpose")
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_discord_codes_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_discord_codes_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_discord_codes")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_discord_codes_code_hash")),
    )
    op.create_index(op.f("ix_discord_codes_event_id"), "discord_codes", ["event_id"], unique=False)
    op.create_table(
        "discord_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("discord_user_id", sa.String(length=32), nullable=False),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_discord_players_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_discord_players_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_discord_players")),
        sa.UniqueConstraint(
            "event_id", "discord_user_id", name=op.f("uq_discord_players_event_id_discord_user_id")
        ),
        sa.UniqueConstraint("player_id", name=op.f("uq_discord_players_player_id")),
    )
    op.create_table(
        "discord_interactions",
        sa.Column("interaction_id", sa.String(length=32), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("interaction_id", name=op.f("pk_discord_interactions")),
    )


def downgrade() -> None:
    op.drop_table("discord_interactions")
    op.drop_table("discord_players")
    op.drop_index(op.f("ix_discord_codes_event_id"), table_name="discord_codes")
    op.drop_table("discord_codes")
    op.drop_index(op.f("ix_discord_channels_event_id"), table_name="discord_channels")
    op.drop_table("discord_channels")
