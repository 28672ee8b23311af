"""PostgreSQL: a transaction's last statement and its COMMIT sent together (psycopg's pipeline
mode), so that a row lock the statement takes is held by the database for the statement and
the commit only — never while its answer travels back, the thread waits for the interpreter
and sends the COMMIT.

Why: a players' report locks the event's row last, to bump its version (``service.kernel.unit.
reporting``). Sent one after the other, the bump and the COMMIT held that lock across a round
trip and a thread switch: with 40 threads a worker busy, the thread that held it waited for
the interpreter (the switch interval is 5 ms) while the reports of both workers queued behind
it — six waiting at once in the database's log (``log_lock_waits``), 20-60 ms each, in the
first seconds of the players' benchmark."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import ClauseElement

#: Each statement's SQL as compiled for PostgreSQL (compiling costs more than running it):
#: the statement (kept, so that its id is not reused), its SQL, its compiled form.
_COMPILED: dict[int, tuple[ClauseElement, str, Any]] = {}


def commit_with(
    conn: Connection, statement: ClauseElement, params: Mapping[str, Any]
) -> tuple[Any, ...]:
    """Run ``statement`` and commit ``conn``'s transaction in one round trip (PostgreSQL only;
    the block that began the transaction then finds nothing left to commit). Returns the
    statement's one row.

    A database error (the statement's, the commit's, a lost connection) is raised as
    SQLAlchemy raises it — ``OperationalError`` for a lost connection — and nothing is
    committed: the database skips the COMMIT after a failed statement, and the block that
    began the transaction rolls back. The statement must find its row: the caller makes sure
    of it (``unit.reporting`` holds the event's advisory lock, which deleting the event takes
    exclusive); a statement that finds none has been committed all the same, and
    ``LookupError`` says so."""
    kept = _COMPILED.get(id(statement))
    if kept is None:
        compiled = statement.compile(dialect=conn.dialect)
        kept = _COMPILED[id(statement)] = (statement, str(compiled), compiled)
    _, sql, compiled = kept
    values = compiled.construct_params(dict(params))
    raw: Any = conn.connection.driver_connection  # psycopg.Connection
    # psycopg.Error, from the driver the connection already loaded: not imported here, so
    # that a process on SQLite never imports psycopg (0.07-0.1 s of every start).
    driver_error: Any = conn.dialect.loaded_dbapi.Error
    try:
        with raw.pipeline():
            cursor = raw.cursor()
            cursor.execute(sql, values)
            raw.commit()
        row = cursor.fetchone()
    except driver_error as error:
        raise DBAPIError.instance(sql, values, error, driver_error, dialect=conn.dialect) from None
    if row is None:
        raise LookupError("committed, but the statement found no row")
    return tuple(row)
