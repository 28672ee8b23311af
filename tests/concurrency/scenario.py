"""What the concurrency tests share: an event with a live round, the value each table is
reported with, child processes that call the service, and the database checks run after
them (integrity, and "nothing half-written").

Child processes are in ``clients.py``; ``run_threads`` runs clients as threads of this
process sharing one ``Database``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from sqlalchemy import PrimaryKeyConstraint, UniqueConstraint, func, select, text, true
from sqlalchemy.sql.schema import ColumnCollectionConstraint

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import GameScore, Result, Side
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from fairpair.store.models import (
    AuditRow,
    DraftRow,
    EventRow,
    ResultRow,
    RoundRow,
    StageRow,
    TableRow,
    metadata,
)

ACTOR = "td"
#: How long any wait on another process or thread may take before the test fails.
JOIN_TIMEOUT_S = 20.0


# --- the event ---------------------------------------------------------------------------


def new_event(db: Database, players_count: int, *, slug: str = "open") -> str:
    """An event with ``players_count`` registered players and nothing else; its slug."""
    made = events.create_event(db, "Concurrency Open", actor=ACTOR, slug=slug)
    entrants = [NewPlayer(f"Player {i:04d}", seed=i + 1) for i in range(players_count)]
    players.add_players(db, made, entrants, actor=ACTOR)
    return made


def open_round(db: Database, players_count: int, *, slug: str = "open") -> str:
    """An event whose round 1 (``players_count // 2`` tables) is Open, nothing reported."""
    made = new_event(db, players_count, slug=slug)
    drafts.generate(db, made, actor=ACTOR)
    rounds.release(db, made, actor=ACTOR)
    rounds.open_round(db, made, 1, actor=ACTOR)
    return made


def result_for(table: int, salt: int = 0) -> Result:
    """The result table ``table`` is reported with (several kinds, so that a stored value
    can be told from another one)."""
    k = (table + salt) % 5
    if k == 0:
        return Result.from_games(2, 0)
    if k == 1:
        return Result.from_games(1, 2)
    if k == 2:
        return Result.from_games(2, 1)
    if k == 3:
        return Result.draw(GameScore(1, 1))
    return Result.forfeit(Side.B)


def result_columns(result: Result) -> tuple[Any, ...]:
    """A result as the ``results`` row stores it: (kind, winner, games a, b, draws)."""
    games = result.games
    return (
        result.kind.value,
        result.winner.value if result.winner else None,
        games.a if games else None,
        games.b if games else None,
        games.draws if games else None,
    )


# --- what a client was told --------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What one call of the service returned: ``ok`` with its value, or the refusal's code
    and reason (``code`` ``"crash"`` for anything that is not a typed refusal)."""

    ok: bool
    value: Any = None
    code: str | None = None
    reason: str | None = None


def call(fn: Callable[[], Any]) -> Outcome:
    try:
        return Outcome(True, value=fn())
    except FairpairError as error:
        return Outcome(False, code=error.code, reason=error.reason)
    except Exception as error:
        return Outcome(False, code="crash", reason=f"{type(error).__name__}: {error}")


def use_case(db: Database, slug: str, task: tuple[Any, ...], actor: str) -> Any:
    """Run one use case named by ``task`` (picklable, for child processes)."""
    kind, *args = task
    if kind == "report":
        number, table, result = args
        return results.report(db, slug, number, result, table=table, actor=actor).result
    if kind == "release":
        return rounds.release(db, slug, actor=actor)
    if kind == "generate":
        return len(drafts.generate(db, slug, actor=actor).pairings)
    if kind == "complete":
        rounds.complete_round(db, slug, args[0], actor=actor)
        return None
    if kind == "create":
        return events.create_event(db, args[0], actor=actor)
    if kind == "late entries":  # players join one by one, each with a bye for round 1
        for i in range(args[0]):
            late = LateEntry(byes=1)
            players.add_players(db, slug, [NewPlayer(f"{actor} {i}")], actor=actor, late=late)
        return args[0]
    if kind == "exports":  # the event read again and again; how many players it had
        return [len(events.export_event(db, slug).players) for _ in range(args[0])]
    if kind == "drop":
        return players.drop_player(db, slug, args[0], actor=actor)
    if kind == "revert":
        rounds.revert_round(db, slug, args[0], actor=actor)
        return None
    if kind == "correct":
        number, table, result, version = args
        corrected = results.correct(db, slug, number, table, result, actor=actor, version=version)
        return corrected.version if corrected else None
    raise ValueError(f"unknown task {kind!r}")


def run_threads(db: Database, slug: str, tasks: Sequence[tuple[Any, ...]]) -> dict[str, Outcome]:
    """As ``run_together``, with threads sharing one ``Database`` (one connection pool)."""
    barrier = threading.Barrier(len(tasks))
    outcomes: dict[str, Outcome] = {}
    lock = threading.Lock()

    def client(i: int, task: tuple[Any, ...]) -> None:
        actor = f"thread-{i:02d}"
        barrier.wait(JOIN_TIMEOUT_S)
        outcome = call(lambda: use_case(db, slug, task, actor))
        with lock:
            outcomes[actor] = outcome

    threads = [
        threading.Thread(target=client, args=(i, task), daemon=True) for i, task in enumerate(tasks)
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + JOIN_TIMEOUT_S
    for thread in threads:
        thread.join(max(deadline - time.monotonic(), 0.01))
    stuck = sum(thread.is_alive() for thread in threads)
    assert not stuck, f"{stuck} of {len(tasks)} threads did not finish in {JOIN_TIMEOUT_S:.0f} s"
    return outcomes


# --- what the database holds -------------------------------------------------------------


def audit_actions(db: Database, action: str) -> list[Any]:
    with db.reading() as conn:
        return list(
            conn.execute(
                select(AuditRow.actor, AuditRow.subject, AuditRow.after)
                .where(AuditRow.action == action)
                .order_by(AuditRow.id)
            ).all()
        )


def stored_results(
    db: Database, round_number: int = 1, *, slug: str | None = None
) -> dict[int, tuple[Any, ...]]:
    """Table number → the stored result's columns, for round ``round_number`` (of event
    ``slug``; of the only event when ``None``)."""
    with db.reading() as conn:
        rows = conn.execute(
            select(
                TableRow.number,
                ResultRow.kind,
                ResultRow.winner,
                ResultRow.games_a,
                ResultRow.games_b,
                ResultRow.games_draws,
            )
            .join(ResultRow, ResultRow.table_id == TableRow.id)
            .join(RoundRow, RoundRow.id == TableRow.round_id)
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .join(EventRow, EventRow.id == StageRow.event_id)
            .where(
                RoundRow.number == round_number, true() if slug is None else EventRow.slug == slug
            )
        ).all()
    return {int(r[0]): tuple(r[1:]) for r in rows}


def counts(db: Database) -> dict[str, int]:
    """Rows per table of the schema, plus the event's version."""
    with db.reading() as conn:
        out = {
            table.name: int(conn.execute(select(func.count()).select_from(table)).scalar_one())
            for table in metadata.sorted_tables
        }
        out["event.version"] = int(
            conn.execute(select(func.coalesce(func.max(EventRow.version), 0))).scalar_one()
        )
    return out


def assert_integrity(db: Database) -> None:
    """The database's own checks pass and every constraint holds.

    SQLite: ``PRAGMA integrity_check`` says ``ok`` and ``PRAGMA foreign_key_check`` finds
    nothing. PostgreSQL: no row breaks a unique or foreign key (checked with queries, so a
    constraint that was never enforced would show), every index agrees with its table
    (``amcheck`` when the server has it) and the server takes a new write."""
    with db.writing() as conn:  # the database takes a write (no lock left behind)
        if db.dialect == "sqlite":
            assert conn.exec_driver_sql("PRAGMA integrity_check").scalars().all() == ["ok"]
            assert conn.exec_driver_sql("PRAGMA foreign_key_check").all() == []
        else:
            _postgres_constraints(conn)
        conn.execute(text("CREATE TEMPORARY TABLE IF NOT EXISTS probe (x integer)"))
        conn.execute(text("INSERT INTO probe VALUES (1)"))


def _postgres_constraints(conn: Any) -> None:
    for table in metadata.sorted_tables:
        for fk in table.foreign_keys:
            parent = fk.column
            orphans = conn.execute(
                text(
                    f'SELECT count(*) FROM "{table.name}" c WHERE c."{fk.parent.name}" IS NOT '
                    f'NULL AND NOT EXISTS (SELECT 1 FROM "{parent.table.name}" p '
                    f'WHERE p."{parent.name}" = c."{fk.parent.name}")'
                )
            ).scalar_one()
            assert orphans == 0, f"{orphans} rows of {table.name}.{fk.parent.name} dangle"
        uniques = [list(c.columns.keys()) for c in table.constraints if _is_unique(c)]
        for columns in uniques:
            cols = ", ".join(f'"{c}"' for c in columns)
            twice = conn.execute(
                text(
                    f'SELECT count(*) FROM (SELECT {cols} FROM "{table.name}" '
                    f"GROUP BY {cols} HAVING count(*) > 1) d"
                )
            ).scalar_one()
            assert twice == 0, f"{table.name} ({cols}) has {twice} duplicated values"
    has_amcheck = conn.execute(
        text("SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'amcheck')")
    ).scalar_one()
    if has_amcheck:
        indexes = conn.execute(
            text(
                "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_class t ON t.oid = i.indrelid JOIN pg_am a ON a.oid = c.relam "
                "WHERE t.relname = ANY(:tables) AND a.amname = 'btree'"
            ),
            {"tables": [t.name for t in metadata.sorted_tables]},
        ).scalars()
        conn.execute(text("CREATE EXTENSION IF NOT EXISTS amcheck"))
        for index in indexes:
            conn.execute(text("SELECT bt_index_check(CAST(:i AS regclass), true)"), {"i": index})


def _is_unique(constraint: Any) -> TypeGuard[ColumnCollectionConstraint]:
    return isinstance(constraint, (UniqueConstraint, PrimaryKeyConstraint))


def assert_nothing_half_written(db: Database, round_number: int = 1) -> None:
    """In every event: each result of round ``round_number`` has its ``result.report`` audit
    entry and each entry its result; a table's version is 1, or 2 once reported; the event's
    version moved once per audited change (one transaction: one ``at``)."""
    with db.reading() as conn:
        tables = conn.execute(
            select(StageRow.event_id, TableRow.number, TableRow.version, ResultRow.id)
            .join(RoundRow, RoundRow.id == TableRow.round_id)
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
            .where(RoundRow.number == round_number)
        ).all()
        entries = conn.execute(
            select(AuditRow.event_id, AuditRow.subject).where(AuditRow.action == "result.report")
        ).all()
        changes = dict(
            conn.execute(
                select(AuditRow.event_id, func.count(func.distinct(AuditRow.at)))
                .where(AuditRow.action != "event.create")
                .group_by(AuditRow.event_id)
            ).all()
        )
        versions = dict(conn.execute(select(EventRow.id, EventRow.version)).all())
    audited = sorted((e, int(s.rsplit(" ", 1)[1])) for e, s in entries)
    reported = sorted((t.event_id, t.number) for t in tables if t.id is not None)
    assert audited == reported, "results and their audit entries differ"
    wrong = [(t.number, t.version) for t in tables if t.version != (2 if t.id else 1)]
    assert not wrong, f"table versions out of step with their results: {wrong[:5]}"
    moved = {event: version - 1 for event, version in versions.items()}
    assert moved == {event: changes.get(event, 0) for event in versions}, (
        "event versions out of step with the audited changes"
    )


def draft_count(db: Database) -> int:
    with db.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(DraftRow)).scalar_one())
