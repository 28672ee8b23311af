"""Saved events: every table (events, players, stages, rounds, tables, results, byes, drops,
drafts) and the append-only audit log, whose UPDATE and DELETE triggers refuse changes.

Revision ID: 0001
Revises:
Create Date: 2026-12-01 11:49:37.172070
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("slug", name=op.f("uq_events_slug")),
    )
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(length=200), nullable=False),
        sa.Column("action", sa.String(length=60), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_audit_log_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_event_id"), ["event_id"], unique=False)

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("team", sa.String(length=200), nullable=True),
        sa.Column("contact", sa.String(length=200), nullable=True),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("checked_in_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_players_event_id_events"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("event_id", "key", name=op.f("uq_players_event_id_key")),
    )
    op.create_table(
        "stages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_stages_event_id_events"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_stages")),
        sa.UniqueConstraint("event_id", "key", name=op.f("uq_stages_event_id_key")),
        sa.UniqueConstraint("event_id", "position", name=op.f("uq_stages_event_id_position")),
    )
    op.create_table(
        "drafts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("stage_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("made_by", sa.String(length=200), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["stage_id"], ["stages.id"], name=op.f("fk_drafts_stage_id_stages"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drafts")),
        sa.UniqueConstraint("stage_id", name=op.f("uq_drafts_stage_id")),
    )
    op.create_table(
        "drops",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("stage_id", sa.Integer(), nullable=True),
        sa.Column("whole_event", sa.Boolean(), nullable=False),
        sa.Column("after_round", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("after_round >= 0", name=op.f("ck_drops_after_round")),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_drops_event_id_events"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_drops_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["stage_id"], ["stages.id"], name=op.f("fk_drops_stage_id_stages"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drops")),
    )
    with op.batch_alter_table("drops", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_drops_player_id"), ["player_id"], unique=False)

    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("stage_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("state", sa.String(length=20), nullable=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("notes", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "state IS NULL OR state IN ('scheduled', 'open', 'completed')",
            name=op.f("ck_rounds_state"),
        ),
        sa.CheckConstraint("number >= 1", name=op.f("ck_rounds_number")),
        sa.ForeignKeyConstraint(
            ["stage_id"], ["stages.id"], name=op.f("fk_rounds_stage_id_stages"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("stage_id", "number", name=op.f("uq_rounds_stage_id_number")),
    )
    op.create_table(
        "byes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_byes_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_byes_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_byes")),
        sa.UniqueConstraint("round_id", "player_id", name=op.f("uq_byes_round_id_player_id")),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("stage_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("a_id", sa.Integer(), nullable=True),
        sa.Column("b_id", sa.Integer(), nullable=True),
        sa.Column("toss_first_id", sa.Integer(), nullable=True),
        sa.Column("toss_reason", sa.String(length=20), nullable=True),
        sa.Column("toss_manual", sa.Boolean(), nullable=False),
        sa.Column("games", sa.JSON(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "(kind = 'match' AND a_id IS NOT NULL AND b_id IS NOT NULL AND a_id <> b_id)"
            " OR (kind = 'pod' AND a_id IS NULL AND b_id IS NULL)",
            name=op.f("ck_tables_sides"),
        ),
        sa.CheckConstraint("kind IN ('match', 'pod')", name=op.f("ck_tables_kind")),
        sa.ForeignKeyConstraint(["a_id"], ["players.id"], name=op.f("fk_tables_a_id_players")),
        sa.ForeignKeyConstraint(["b_id"], ["players.id"], name=op.f("fk_tables_b_id_players")),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_tables_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["stage_id"], ["stages.id"], name=op.f("fk_tables_stage_id_stages"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["toss_first_id"], ["players.id"], name=op.f("fk_tables_toss_first_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
        sa.UniqueConstraint("round_id", "number", name=op.f("uq_tables_round_id_number")),
        sa.UniqueConstraint("stage_id", "key", name=op.f("uq_tables_stage_id_key")),
    )
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.create_index("ix_tables_a_id", ["a_id"], unique=False)
        batch_op.create_index("ix_tables_b_id", ["b_id"], unique=False)

    op.create_table(
        "pod_seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_pod_seats_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_pod_seats_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_pod_seats")),
        sa.UniqueConstraint("table_id", "player_id", name=op.f("uq_pod_seats_table_id_player_id")),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("winner", sa.String(length=1), nullable=True),
        sa.Column("games_a", sa.Integer(), nullable=True),
        sa.Column("games_b", sa.Integer(), nullable=True),
        sa.Column("games_draws", sa.Integer(), nullable=True),
        sa.Column("reported_by", sa.String(length=200), nullable=False),
        sa.Column("reported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_results_table_id_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_results")),
        sa.UniqueConstraint("table_id", name=op.f("uq_results_table_id")),
    )
    _append_only_audit()


def downgrade() -> None:
    _drop_audit_guards()
    op.drop_table("results")
    op.drop_table("pod_seats")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_index("ix_tables_b_id")
        batch_op.drop_index("ix_tables_a_id")

    op.drop_table("tables")
    op.drop_table("byes")
    op.drop_table("rounds")
    with op.batch_alter_table("drops", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_drops_player_id"))

    op.drop_table("drops")
    op.drop_table("drafts")
    op.drop_table("stages")
    op.drop_table("players")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_event_id"))

    op.drop_table("audit_log")
    op.drop_table("events")


_REFUSE = "the audit log is append-only"


def _append_only_audit() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER audit_log_no_{verb.lower()} BEFORE {verb} ON audit_log "
                f"BEGIN SELECT RAISE(ABORT, '{_REFUSE}'); END"
            )
        return
    op.execute(
        "CREATE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS "
        f"$$ BEGIN RAISE EXCEPTION '{_REFUSE}'; END $$"
    )
    op.execute(
        "CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log "
        "FOR EACH ROW EXECUTE FUNCTION audit_log_refuse()"
    )


def _drop_audit_guards() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS audit_log_no_update")
        op.execute("DROP TRIGGER IF EXISTS audit_log_no_delete")
        return
    op.execute("DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log")
    op.execute("DROP FUNCTION IF EXISTS audit_log_refuse()")
