"""Login throttling in the database (issue 33, point 4): ``login_throttle`` counts failed
logins per username and per client address, so every server process shares the count and
a restart keeps it. A new table only.

Revision ID: 0015_hardening_throttle
Revises: 0014_leagues
Create Date: 2026-12-04 16:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from fairpair.store.models import UTCDateTime

revision = "0015_hardening_throttle"
down_revision = "0014_leagues"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_throttle",
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure", UTCDateTime(timezone=True), nullable=False),
        sa.Column("wait_until", UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("kind", "key", name=op.f("pk_login_throttle")),
    )


def downgrade() -> None:
    op.drop_table("login_throttle")
