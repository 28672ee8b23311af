"""The database a saved event lives in: SQLite by default, PostgreSQL when asked.

``database_url`` picks it: ``--db URL``, else ``FAIRPAIR_DATABASE_URL``, else a SQLite file in
the user's data folder (platformdirs). ``Database.open`` brings the schema to the latest
migration on first use.

SQLite is set up for several writers (../shared/RECIPES.md): WAL journal, ``synchronous=NORMAL``,
``foreign_keys=ON``, a 30 s busy timeout, and ``BEGIN IMMEDIATE`` for every write transaction
so that two writers queue instead of failing with "database is locked". Reads use a plain
deferred ``BEGIN`` and never block writers.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, DisconnectionError, OperationalError
from sqlalchemy.pool import StaticPool

from fairpair.store.errors import DatabaseUnavailable, NulInText
from fairpair.store.migrate import upgrade_if_needed

ENV_URL = "FAIRPAIR_DATABASE_URL"
BUSY_TIMEOUT_S = 30


def default_path() -> Path:
    """The default SQLite file: ``events.sqlite3`` in the user's data folder."""
    from platformdirs import user_data_path

    return user_data_path("fairpair", appauthor=False) / "events.sqlite3"


def database_url(given: str | None = None) -> str:
    """The URL to use: ``given`` (``--db``), else ``$FAIRPAIR_DATABASE_URL``, else the default
    SQLite file. A plain path is taken as a SQLite file."""
    url = given or os.environ.get(ENV_URL) or ""
    if not url:
        return f"sqlite:///{default_path()}"
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _sqlite_engine(url: str) -> Engine:
    parsed = make_url(url)
    path = parsed.database
    if path and path != ":memory:":
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DatabaseUnavailable(
                url, f"cannot create the folder {Path(path).parent}: {error.strerror}"
            ) from None
    engine = create_engine(
        url,
        connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
        # In memory, each connection would be a new, empty database: share one.
        poolclass=StaticPool if path in (None, "", ":memory:") else None,
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi: Any, _record: Any) -> None:
        dbapi.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi.cursor()
        _journal_to_wal(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        write = conn.get_execution_options().get("fairpair_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


#: How often a connection asks again to turn the file's journal to WAL when SQLite refuses at
#: once, and the pause before each new ask (seconds, growing): ``_journal_to_wal``.
WAL_ATTEMPTS = 10
WAL_PAUSE_S = 0.01


def _journal_to_wal(cursor: sqlite3.Cursor) -> None:
    """``PRAGMA journal_mode=WAL``, asked again while SQLite says "database is locked".

    Turning a new file's journal to WAL needs the file to itself. When several processes
    open a new file at once (web workers, commands started together), each holds it shared
    and asks for it whole; SQLite refuses all but one at once instead of waiting, whatever
    the busy timeout — it does not call the busy handler where waiting could deadlock
    (``sqlite3_busy_handler``'s documentation). Measured: 8 processes connecting to a new
    file together, 32 of 200 times one was refused; asked again, none. Once the file is in
    WAL the pragma needs no such lock, so a second ask after the winner's succeeds."""
    for attempt in range(1, WAL_ATTEMPTS + 1):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "database is locked" not in str(error) or attempt == WAL_ATTEMPTS:
                raise
            time.sleep(WAL_PAUSE_S * attempt)


#: A pooled PostgreSQL connection unused for this long is checked before it is used again.
IDLE_PING_S = 10.0
#: PostgreSQL connections a process keeps open at most (as many as SQLAlchemy's default
#: allowed at once: 5 kept and 10 more).
POOL_SIZE = 15
#: Changes of one event a process lets wait for the event's row lock at once, each holding
#: a pooled connection (the rest of the pool stays free for reads).
EVENT_WAITERS = 4


def _postgres_engine(url: str) -> Engine:
    # client_encoding: on a SQL_ASCII database psycopg would return bytes for text.
    connect_args = {"connect_timeout": 10, "client_encoding": "utf8"}
    # The pool keeps every connection it opens (up to ``POOL_SIZE``), the most recently used
    # first: SQLAlchemy's default (5 kept, 10 more opened when busy and closed when given
    # back) opened and closed PostgreSQL connections all through a burst of players'
    # reports — a new backend (8 ms to connect here) then plans each statement anew until
    # psycopg prepares it on its sixth run, and looks up the catalog for every table it
    # touches. Last in, first out: at a quiet time the same few connections serve, warm,
    # and the others stay idle (pinged before use, below).
    engine = create_engine(
        url,
        connect_args=connect_args,
        pool_size=POOL_SIZE,
        max_overflow=0,
        pool_use_lifo=True,
    )

    # A statement run often on a connection is prepared by psycopg (from its sixth run); by
    # default PostgreSQL then still plans it anew at each run while it guesses that a plan
    # for the given values may beat the generic one — forever, for a self-report's one-
    # statement lookup, whose planning (3.3 ms) cost six times its execution (0.6 ms), with
    # the event locked. Every statement here finds rows by key: the generic plan is the
    # plan. Measured (benchmarks/players.py, PostgreSQL, 2 workers): a self-report held the
    # event's lock 3.8 ms instead of 6.2 ms.
    @event.listens_for(engine, "connect")
    def _connect(dbapi: Any, _record: Any) -> None:
        with dbapi.cursor() as cursor:
            cursor.execute("SET plan_cache_mode = force_generic_plan")
        dbapi.commit()

    # SQLAlchemy's ``pool_pre_ping`` pings on every checkout: measured at 1.3 ms of CPU and
    # 2 ms of wall time a transaction (a read transaction 2.0 → 0.7 ms without it), two or
    # three times a request. A connection in steady use is alive; only one that has been idle
    # (where a server restart or an idle timeout may have closed it) is pinged, and a dead one
    # is replaced before the request uses it (``DisconnectionError``: the pool connects anew).
    @event.listens_for(engine, "checkin")
    def _checkin(_dbapi: Any, record: Any) -> None:
        if record is not None:
            record.info["used_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checkout(dbapi: Any, record: Any, _proxy: Any) -> None:
        used = record.info.get("used_at")
        if used is None or time.monotonic() - used < IDLE_PING_S:
            return
        try:
            with dbapi.cursor() as cursor:
                cursor.execute("SELECT 1")
            dbapi.rollback()
        except Exception as error:  # any failure: this connection is not to be trusted
            raise DisconnectionError(str(error)) from error

    return engine


@dataclass
class Database:
    """A connection pool to one database, with its schema migrated."""

    url: str
    engine: Engine
    #: Called with (slug, version, wide, players) after each committed change in this process (the
    #: live seam, ``fairpair.service.kernel.live``).
    listeners: list[Callable[[str, int, bool, frozenset[int] | None], None]] = field(
        default_factory=list
    )
    #: SQLite has one writer at a time: this process's writers queue here, in order, rather
    #: than in SQLite's busy handler, which sleeps and retries (a web server's 8 concurrent
    #: result reports had a p99 of 350 ms there, most of it sleeping).
    _write_lock: threading.Lock = field(default_factory=threading.Lock)
    #: PostgreSQL: this process's writers of one event queue here before they take a pooled
    #: connection (``queued``); the event's row lock serializes them across processes.
    _event_locks: dict[str, threading.Semaphore] = field(default_factory=dict)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @classmethod
    def open(cls, url: str | None = None, *, migrate: bool = True) -> Database:
        """Connect to ``url`` (see ``database_url``) and migrate its schema to the latest."""
        resolved = database_url(url)
        try:
            parsed = make_url(resolved)
        except (ArgumentError, ValueError):  # ValueError: a port that is not a number
            hidden = re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", resolved)
            raise DatabaseUnavailable(hidden, "not a database URL") from None
        safe = parsed.render_as_string(hide_password=True)
        backend = parsed.get_backend_name()
        if backend in ("sqlite", "postgresql"):
            try:
                engine = (_sqlite_engine if backend == "sqlite" else _postgres_engine)(resolved)
            except (ArgumentError, ImportError):  # an unknown or missing driver (+name)
                raise DatabaseUnavailable(
                    safe,
                    f"no database driver {parsed.drivername!r}: use sqlite:///FILE or "
                    "postgresql://USER@HOST/DB",
                ) from None
        else:
            raise DatabaseUnavailable(
                safe,
                "fairpair stores events in SQLite or PostgreSQL (sqlite:///FILE, "
                "postgresql://USER@HOST/DB)",
            )
        event.listen(engine, "before_cursor_execute", _refuse_nul)
        db = cls(resolved, engine)
        if migrate:
            try:
                upgrade_if_needed(db.engine)
            except DatabaseError as error:  # also "file is not a database", not just offline
                engine.dispose()
                raise DatabaseUnavailable(safe, _reason(error)) from None
        return db

    @property
    def safe_url(self) -> str:
        """The URL without its password (for messages)."""
        return make_url(self.url).render_as_string(hide_password=True)

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read-only transaction: one consistent snapshot on both databases (SQLite: a
        deferred ``BEGIN``; PostgreSQL: ``REPEATABLE READ``, read only — at its default,
        ``READ COMMITTED``, each statement saw the changes committed since the one before,
        and loading an event while a player joined failed with a ``KeyError``)."""
        try:
            with self.engine.connect() as conn:
                if self.dialect == "postgresql":
                    conn.execution_options(
                        isolation_level="REPEATABLE READ", postgresql_readonly=True
                    )
                with conn.begin():
                    yield conn
        except OperationalError as error:
            raise DatabaseUnavailable(self.safe_url, _reason(error)) from None

    @contextmanager
    def glance(self) -> Iterator[Connection]:
        """A connection for one read statement, outside any transaction: on PostgreSQL in
        autocommit — one statement sees one snapshot by itself, and the ``BEGIN`` and
        ``COMMIT`` of ``reading`` are two round trips saved (two of the three of the pass
        check every player's request makes). More than one statement: ``reading``. SQLite:
        ``reading``."""
        if self.dialect != "postgresql":
            with self.reading() as conn:
                yield conn
            return
        try:
            with self.engine.connect() as conn:
                conn.execution_options(isolation_level="AUTOCOMMIT")
                yield conn
        except OperationalError as error:
            raise DatabaseUnavailable(self.safe_url, _reason(error)) from None

    @contextmanager
    def queued(self, slug: str) -> Iterator[None]:
        """Wait until fewer than ``EVENT_WAITERS`` of this process's changes of event ``slug``
        are under way. On PostgreSQL a change that waits for the event's row lock inside the
        database holds a pooled connection all along: 40 web threads reporting at once took
        every connection of the pool, and the reads that check a player's pass waited for
        one behind them. One at a time per process was too few with several processes: the
        database hands the lock round the processes' waiters in turn, so a process that had
        most of the players' connections got only its share of the turns, and its queue
        grew (1.3 s against 70 ms in the other worker). (SQLite: ``writing`` queues every
        writer of the database already.)"""
        if self.dialect == "sqlite":
            yield
            return
        lock = self._event_locks.get(slug)
        if lock is None:
            lock = self._event_locks.setdefault(slug, threading.Semaphore(EVENT_WAITERS))
        with lock:
            yield

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A write transaction: ``BEGIN IMMEDIATE`` on SQLite. Commits when the block ends
        normally, rolls back on any exception."""
        serial = self._write_lock if self.dialect == "sqlite" else contextlib.nullcontext()
        try:
            with (
                serial,
                self.engine.connect().execution_options(fairpair_write=True) as conn,
                conn.begin(),
            ):
                yield conn
        except OperationalError as error:
            raise DatabaseUnavailable(self.safe_url, _reason(error)) from None

    def close(self) -> None:
        self.engine.dispose()


def _refuse_nul(
    _conn: Any, _cursor: Any, _statement: str, parameters: Any, _context: Any, many: bool
) -> None:
    """No statement carries a NUL byte in a text parameter (``NulInText`` instead)."""
    for value in _values(parameters, many):
        if isinstance(value, str) and "\x00" in value:
            raise NulInText()


def _values(parameters: Any, many: bool) -> Iterator[Any]:
    """Every value of a statement's parameters: one row or many, each a dict or a sequence;
    a batched multi-row INSERT passes one flat sequence of values."""
    for row in (parameters if many else (parameters,)) or ():
        if isinstance(row, dict):
            yield from row.values()
        elif isinstance(row, (list, tuple)):
            yield from row
        else:
            yield row


def _reason(error: DatabaseError) -> str:
    text = str(error.orig) if error.orig is not None else str(error)
    return text.strip().splitlines()[0] if text.strip() else "the database cannot be reached"
