"""Leagues (issue 30): a community's seasons — ``leagues`` (a name, dates, the points rule,
closed with its frozen leaderboard) and ``league_events`` (the events that count in each).
New tables only.

Revision ID: 0014_leagues
Revises: 0013_ratings
Create Date: 2026-12-04 15:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from fairpair.store.models import UTCDateTime

revision = "0014_leagues"
down_revision = "0013_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("community_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("starts", sa.Date(), nullable=True),
        sa.Column("ends", sa.Date(), nullable=True),
        sa.Column("rule", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("closed_at", UTCDateTime(timezone=True), nullable=True),
        sa.Column("final", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["community_id"],
            ["communities.id"],
            name=op.f("fk_leagues_community_id_communities"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_leagues")),
        sa.UniqueConstraint("community_id", "key", name=op.f("uq_leagues_community_id_key")),
    )
    op.create_table(
        "league_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_league_events_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["leagues.id"],
            name=op.f("fk_league_events_league_id_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_events")),
        sa.UniqueConstraint(
            "league_id", "event_id", name=op.f("uq_league_events_league_id_event_id")
        ),
    )
    op.create_index(op.f("ix_league_events_event_id"), "league_events", ["event_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_league_events_event_id"), table_name="league_events")
    op.drop_table("league_events")
    op.drop_table("leagues")
