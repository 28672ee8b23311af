"""Chess events (issue 12): a player's sex, title, federation, FIDE id and birth date, and
the FIDE tournament report file an event was imported from (its header lines and the way
each line was written), so that exporting it gives the same file back.

Revision ID: 0006
Revises: 0004 (the lead re-chains it after 0005 at merge)
Create Date: 2026-12-10 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

#: The players' new columns: (name, length), each as long as its TRF column.
PLAYER_COLUMNS = (
    ("sex", 1),
    ("title", 3),
    ("federation", 3),
    ("fide_id", 11),
    ("birth_date", 10),
)


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        for name, length in PLAYER_COLUMNS:
            batch.add_column(sa.Column(name, sa.String(length=length), nullable=True))
    op.create_table(
        "event_sources",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("format", sa.String(length=10), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_event_sources_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_event_sources")),
    )


def downgrade() -> None:
    op.drop_table("event_sources")
    with op.batch_alter_table("players") as batch:
        for name, _ in reversed(PLAYER_COLUMNS):
            batch.drop_column(name)
