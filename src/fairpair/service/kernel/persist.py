"""Writing engine values as rows: a round with its tables, byes and results; a result.

Bulk inserts (one statement per table kind), so that releasing a 2,000-table round is a few
statements, not thousands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Table, insert, select, text

from fairpair.engine.players import PlayerId
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import Round
from fairpair.store.models import ByeRow, PodSeatRow, ResultRow, RoundRow, TableRow


def result_values(result: Result) -> dict[str, Any]:
    """The columns of a result row."""
    games = result.games
    return {
        "kind": result.kind.value,
        "winner": result.winner.value if result.winner else None,
        "games_a": games.a if games else None,
        "games_b": games.b if games else None,
        "games_draws": games.draws if games else None,
    }


def result_of_columns(
    kind: str,
    winner: str | None,
    games_a: int | None,
    games_b: int | None,
    games_draws: int | None,
) -> Result:
    """The result a result row holds (the inverse of ``result_values``)."""
    games = (
        GameScore(games_a, games_b, games_draws or 0)
        if games_a is not None and games_b is not None
        else None
    )
    return Result(ResultKind(kind), Side(winner) if winner else None, games)


def _insert_many(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (dicts with the same keys) into ``table``. On PostgreSQL one statement
    takes each column as an array (``INSERT ... SELECT * FROM unnest(...)``): an executemany
    of 2,000 rows costs the client ~10x more (a Bind/Execute per row; a multi-row VALUES
    statement that big is parsed again by psycopg every time)."""
    if conn.dialect.name != "postgresql" or len(rows) < 2:
        conn.execute(insert(table), rows)
        return
    target: Table = table.__table__
    names = list(rows[0])
    arrays = ", ".join(
        f"CAST(:{name} AS {target.c[name].type.compile(dialect=conn.dialect)}[])" for name in names
    )
    columns = ", ".join(conn.dialect.identifier_preparer.quote(name) for name in names)
    conn.execute(
        text(f"INSERT INTO {target.name} ({columns}) SELECT * FROM unnest({arrays})"),
        {name: [row[name] for row in rows] for name in names},
    )


def insert_round(
    conn: Connection,
    stage_id: int,
    rnd: Round,
    ids: Mapping[PlayerId, int],
    *,
    actor: str,
    at: datetime,
    notes: Sequence[object] | None = None,
) -> int:
    """Insert ``rnd`` (its tables, byes and any results) into stage ``stage_id``; its row id."""
    round_id: int = conn.execute(
        insert(RoundRow)
        .values(
            stage_id=stage_id,
            number=rnd.number,
            state=rnd.state.value if rnd.state else None,
            notes=list(notes) if notes is not None else None,
            version=1,
        )
        .returning(RoundRow.id)
    ).scalar_one()
    rows: list[dict[str, Any]] = [
        {
            "round_id": round_id,
            "stage_id": stage_id,
            "number": m.table,
            "key": m.id,
            "kind": "match",
            "a_id": ids[m.a],
            "b_id": ids[m.b],
            "toss_first_id": ids[m.toss.first] if m.toss else None,
            "toss_reason": m.toss.reason.value if m.toss else None,
            "toss_manual": m.toss.manual if m.toss else False,
            "version": 1,
        }
        for m in rnd.matches
    ]
    rows.extend(
        {
            "round_id": round_id,
            "stage_id": stage_id,
            "number": p.table,
            "key": p.id,
            "kind": "pod",
            "a_id": None,
            "b_id": None,
            "toss_first_id": None,
            "toss_reason": None,
            "toss_manual": False,
            "version": 1,
        }
        for p in rnd.pods
    )
    if rows:
        _insert_many(conn, TableRow, rows)
    table_ids = dict(
        conn.execute(
            select(TableRow.number, TableRow.id).where(TableRow.round_id == round_id)
        ).all()
    )
    results = [
        {
            "table_id": table_ids[m.table],
            **result_values(m.result),
            "reported_by": actor,
            "reported_at": at,
            "version": 1,
        }
        for m in rnd.matches
        if m.result is not None
    ]
    results.extend(
        {
            "table_id": table_ids[p.table],
            "kind": "places",
            "winner": None,
            "games_a": None,
            "games_b": None,
            "games_draws": None,
            "reported_by": actor,
            "reported_at": at,
            "version": 1,
        }
        for p in rnd.pods
        if p.places is not None
    )
    if results:
        _insert_many(conn, ResultRow, results)
    seats = [
        {
            "table_id": table_ids[p.table],
            "seat": i + 1,
            "player_id": ids[player],
            "place": p.places[i] if p.places is not None else None,
        }
        for p in rnd.pods
        for i, player in enumerate(p.seats)
    ]
    if seats:
        _insert_many(conn, PodSeatRow, seats)
    byes = [
        {"round_id": round_id, "player_id": ids[b.player], "kind": b.kind.value, "position": i}
        for i, b in enumerate(rnd.byes)
    ]
    if byes:
        _insert_many(conn, ByeRow, byes)
    return round_id
