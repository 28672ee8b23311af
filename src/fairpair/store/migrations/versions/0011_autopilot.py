"""Rounds that run themselves (issue 29): ``stages.autopilot_pause``, why a stage's autopilot
holds still until staff resume it — ``{"reason", "said", "at", "by"}``, or nothing while it
runs. (Whether a stage has an autopilot at all is a setting, in ``stages.settings``.)

A plain ``ADD COLUMN`` / ``DROP COLUMN``, so the stages table is never rebuilt.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04 12:40:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("stages", sa.Column("autopilot_pause", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("stages", "autopilot_pause")
