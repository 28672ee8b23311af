"""Ratings (issue 30): ``rating_changes`` — each person's rating before and after each event
of their community, per game and rating system (docs/ratings.md). A new table only.

Revision ID: 0013_ratings
Revises: 0012
Create Date: 2026-12-04 14:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from fairpair.store.models import UTCDateTime

revision = "0013_ratings"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("community_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("system", sa.String(length=12), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("before_value", sa.Float(), nullable=False),
        sa.Column("before_deviation", sa.Float(), nullable=True),
        sa.Column("before_volatility", sa.Float(), nullable=True),
        sa.Column("after_value", sa.Float(), nullable=False),
        sa.Column("after_deviation", sa.Float(), nullable=True),
        sa.Column("after_volatility", sa.Float(), nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("total_games", sa.Integer(), nullable=False),
        sa.Column("peak", sa.Float(), nullable=True),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("expected", sa.Float(), nullable=True),
        sa.Column("k", sa.Integer(), nullable=True),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("rated_at", UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "system IN ('glicko2', 'elo', 'openskill')", name=op.f("ck_rating_changes_system")
        ),
        sa.ForeignKeyConstraint(
            ["community_id"],
            ["communities.id"],
            name=op.f("fk_rating_changes_community_id_communities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_rating_changes_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["person_id"],
            ["people.id"],
            name=op.f("fk_rating_changes_person_id_people"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_changes")),
        sa.UniqueConstraint(
            "community_id",
            "game",
            "system",
            "person_id",
            "event_id",
            name=op.f("uq_rating_changes_community_id_game_system_person_id_event_id"),
        ),
    )
    op.create_index("ix_rating_changes_event", "rating_changes", ["event_id"], unique=False)
    op.create_index("ix_rating_changes_person", "rating_changes", ["person_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_rating_changes_person", table_name="rating_changes")
    op.drop_index("ix_rating_changes_event", table_name="rating_changes")
    op.drop_table("rating_changes")
