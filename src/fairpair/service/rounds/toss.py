"""The toss of a saved event (seed 000): flip a match's toss by hand, recalculate a round's
automatic tosses (manual picks are kept), and read the Toss table."""

from __future__ import annotations

from fairpair.engine.changes import choose_first, flip_toss, recalculate_tosses
from fairpair.engine.players import PlayerId
from fairpair.engine.toss import TossTable
from fairpair.engine.toss import toss_table as engine_table
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import find_player, find_round, find_stage
from fairpair.service.kernel.snapshots import loaded as snapshot
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.rounds.lifecycle import write_changed_tables
from fairpair.store.database import Database


def _toss_of(t: Tournament, stage: str, number: int, table: int) -> PlayerId | None:
    rnd = t.stage(stage).round(number)
    match = next((m for m in rnd.matches if m.table == table), None) if rnd else None
    return match.toss.first if match and match.toss else None


def flip(
    db: Database,
    slug: str,
    number: int,
    table: int,
    *,
    actor: str,
    stage: str | None = None,
    first: str | None = None,
) -> PlayerId:
    """The other player of ``table`` plays first (or ``first``, when named), marked manual and
    never overwritten by a recalculation. Who plays first now."""
    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        rnd = find_round(conn, where, number)
        loaded = load(conn, change.event)
        t = loaded.tournament
        if first is not None:
            who = find_player(conn, change.event, first)
            after = choose_first(t, number, table, who.key, stage=where.key)
        else:
            after = flip_toss(t, number, table, stage=where.key)
        before_round = t.stage(where.key).round(number)
        after_round = after.stage(where.key).round(number)
        assert before_round is not None and after_round is not None
        write_changed_tables(conn, rnd, loaded, before_round, after_round)
        now = _toss_of(after, where.key, number, table)
        assert now is not None
        change.audit(
            "toss.flip",
            f"stage {where.key} round {number} table {table}",
            before={"first": _toss_of(t, where.key, number, table)},
            after={"first": now, "manual": True},
        )
        return now


def recalculate(
    db: Database, slug: str, number: int, *, actor: str, stage: str | None = None
) -> list[int]:
    """Every automatic toss of round ``number`` computed again (manual picks kept); the
    tables whose toss changed."""
    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        rnd = find_round(conn, where, number)
        loaded = load(conn, change.event)
        after = recalculate_tosses(loaded.tournament, number, stage=where.key)
        before_round = loaded.stage(where.key).round(number)
        after_round = after.stage(where.key).round(number)
        assert before_round is not None and after_round is not None
        changed = write_changed_tables(conn, rnd, loaded, before_round, after_round)
        change.audit(
            "toss.recalculate",
            f"stage {where.key} round {number}",
            after={"changed_tables": changed},
        )
        return changed


def toss_table(
    db: Database, slug: str, *, stage: str | None = None
) -> tuple[Tournament, TossTable]:
    """The Toss table of the stage (per round T / – / B, wins, matches, rate, balance)."""
    with reading(db, slug) as (conn, event):
        t = snapshot(conn, event).tournament
    return t, engine_table(t, t.stage(stage))
