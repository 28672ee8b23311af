"""The Discord name a player joined with (``/join``): their page says "Linked to Discord as
NAME".

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-12 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("discord_players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("discord_name", sa.String(length=100), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("discord_players", schema=None) as batch_op:
        batch_op.drop_column("discord_name")
