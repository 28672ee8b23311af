"""An event's details for a FIDE tournament report (issue 28): the city, the federation, the
start and end dates, the chief arbiter and the deputy arbiters, the time control, the type of
tournament and the dates of its rounds set in advance — the TRF header records 022 to 132.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-20 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

#: The events' new columns.
COLUMNS = (
    ("city", sa.String(length=100)),
    ("federation", sa.String(length=3)),
    ("start_date", sa.Date()),
    ("end_date", sa.Date()),
    ("chief_arbiter", sa.String(length=200)),
    ("deputy_arbiters", sa.JSON()),
    ("time_control", sa.String(length=100)),
    ("tournament_type", sa.String(length=100)),
    ("round_dates", sa.JSON()),
)


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        for name, kind in COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        for name, _ in reversed(COLUMNS):
            batch.drop_column(name)
