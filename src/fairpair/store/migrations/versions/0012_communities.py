"""Communities (issue 30): a store, a club or a Discord server as the home of its events —
``communities``, their staff (``community_staff``: a role that reaches every event of the
community), the player directory (``people``: one record per person across its events), the
community's audit log (``community_audit``), and
the links, tables of their own: ``community_events`` (an event's community), ``player_people``
(an event's player's person). New tables only: the events and players tables are never
rebuilt (on SQLite a rebuild drops the table, and every row that cascades from it).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04 13:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from fairpair.store.models import UTCDateTime

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "communities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("discord_guild", sa.String(length=32), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.CheckConstraint(
            "kind IN ('store', 'club', 'discord', 'other')", name=op.f("ck_communities_kind")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_communities")),
        sa.UniqueConstraint("slug", name=op.f("uq_communities_slug")),
    )
    op.create_table(
        "community_staff",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("community_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.CheckConstraint(
            "role IN ('owner', 'judge', 'viewer')", name=op.f("ck_community_staff_role")
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_community_staff_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["community_id"],
            ["communities.id"],
            name=op.f("fk_community_staff_community_id_communities"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_community_staff")),
        sa.UniqueConstraint(
            "community_id", "account_id", name=op.f("uq_community_staff_community_id_account_id")
        ),
    )
    op.create_index(
        op.f("ix_community_staff_account_id"), "community_staff", ["account_id"], unique=False
    )
    op.create_table(
        "people",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("community_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("discord_user", sa.String(length=32), nullable=True),
        sa.Column("merged_into", sa.Integer(), nullable=True),
        sa.Column("forgotten_at", UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["community_id"],
            ["communities.id"],
            name=op.f("fk_people_community_id_communities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["merged_into"],
            ["people.id"],
            name=op.f("fk_people_merged_into_people"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_people")),
        sa.UniqueConstraint("community_id", "key", name=op.f("uq_people_community_id_key")),
    )
    op.create_table(
        "community_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("community_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["community_id"],
            ["communities.id"],
            name=op.f("fk_community_events_community_id_communities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_community_events_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_community_events")),
        sa.UniqueConstraint("event_id", name=op.f("uq_community_events_event_id")),
    )
    op.create_index(op.f("ix_community_events_community_id"), "community_events", ["community_id"])
    op.create_table(
        "player_people",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["person_id"],
            ["people.id"],
            name=op.f("fk_player_people_person_id_people"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_player_people_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_people")),
        sa.UniqueConstraint("player_id", name=op.f("uq_player_people_player_id")),
    )
    op.create_index(op.f("ix_player_people_person_id"), "player_people", ["person_id"])
    op.create_table(
        "community_audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("community_id", sa.Integer(), nullable=False),
        sa.Column("at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("action", sa.String(length=60), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["community_id"],
            ["communities.id"],
            name=op.f("fk_community_audit_community_id_communities"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_community_audit")),
    )
    op.create_index(op.f("ix_community_audit_community_id"), "community_audit", ["community_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_community_audit_community_id"), table_name="community_audit")
    op.drop_table("community_audit")
    op.drop_index(op.f("ix_player_people_person_id"), table_name="player_people")
    op.drop_table("player_people")
    op.drop_index(op.f("ix_community_events_community_id"), table_name="community_events")
    op.drop_table("community_events")
    op.drop_table("people")
    op.drop_index(op.f("ix_community_staff_account_id"), table_name="community_staff")
    op.drop_table("community_staff")
    op.drop_table("communities")
