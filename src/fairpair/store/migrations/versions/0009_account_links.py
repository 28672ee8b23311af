"""Accounts made and mended in the browser: the administrator flag (the first organizer
account of an existing installation becomes its administrator) and one-time account links
(invitations, password resets).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 10:15:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("admin", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.Integer),
        sa.column("organizer", sa.Boolean),
        sa.column("admin", sa.Boolean),
    )
    first = (
        sa.select(sa.func.min(accounts.c.id)).where(accounts.c.organizer.is_(True))
    ).scalar_subquery()
    op.execute(accounts.update().where(accounts.c.id == first).values(admin=True))
    op.create_table(
        "account_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("organizer", sa.Boolean(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("role", sa.String(length=10), nullable=True),
        sa.Column("note", sa.String(length=200), nullable=False),
        sa.Column("made_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("kind IN ('invite', 'reset')", name=op.f("ck_account_links_kind")),
        sa.CheckConstraint(
            "role IS NULL OR role IN ('owner', 'judge', 'viewer')",
            name=op.f("ck_account_links_role"),
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_account_links_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_account_links_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["made_by"],
            ["accounts.id"],
            name=op.f("fk_account_links_made_by_accounts"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_account_links")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_account_links_token_hash")),
    )


def downgrade() -> None:
    op.drop_table("account_links")
    with op.batch_alter_table("accounts", schema=None) as batch_op:
        batch_op.drop_column("admin")
