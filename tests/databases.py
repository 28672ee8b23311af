"""Database fixtures for every test that needs the store, on SQLite and on PostgreSQL.

- ``db``: a migrated, empty ``Database``, once per backend (ids ``sqlite`` / ``postgresql``);
  ``sqlite_db`` / ``postgres_db``: one backend only.
- ``db_url``: the URL of a migrated, empty database (for tests that start subprocesses);
  ``sqlite_db_url`` / ``postgres_db_url``: one backend only.
- ``empty_db_url``: the URL of a database with no schema at all (for migration tests).
- ``postgres_server``: the PostgreSQL server itself (``create`` / ``drop`` a database).

A test needing both a ``Database`` and its URL takes ``db`` and reads ``db.url`` (asking for
``db`` and ``db_url`` together would pair every backend with every other).

Each test gets a clean database, cheaply. SQLite: one file is migrated per session and copied
for each test (on /dev/shm when there is one), the copy removed after it. PostgreSQL: one
database is created and migrated per session; before each test, if any table has a row or
any sequence was used, every table of ``fairpair.store.models.metadata`` is emptied (DELETE,
the audit log's triggers off for that transaction) and every sequence restarts at 1. Engines
are disposed after each test.

PostgreSQL is the server at ``$FAIRPAIR_TEST_POSTGRES_URL`` (``scripts/test`` starts a throwaway
one when the server is installed). Without it the ``postgresql`` tests are skipped, except
when ``$CI`` is set: then they fail, so that CI never passes without PostgreSQL.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

# SQLAlchemy and the store are imported where they are used: this plugin is loaded by every
# test run, and most runs (the engine's tests) never touch a database (≈ 0.3 s saved).
if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine

    from fairpair.store.database import Database

POSTGRES_ENV = "FAIRPAIR_TEST_POSTGRES_URL"
BACKENDS = [
    pytest.param("sqlite", id="sqlite", marks=pytest.mark.sqlite),
    pytest.param("postgresql", id="postgresql", marks=pytest.mark.postgresql),
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite: runs on SQLite (the `db` fixtures' sqlite param)")
    config.addinivalue_line(
        "markers", "postgresql: runs on PostgreSQL (needs $FAIRPAIR_TEST_POSTGRES_URL)"
    )


#: Fixtures on PostgreSQL only: a test using one is marked ``postgresql`` too (as the `db`
#: fixtures' postgresql param is), so that ``-m "not postgresql"`` runs on SQLite alone.
POSTGRES_ONLY = ("postgres_server", "postgres_db", "postgres_db_url")


@pytest.hookimpl(tryfirst=True)  # before -m reads the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        uses = getattr(item, "fixturenames", ())
        if any(name in uses for name in POSTGRES_ONLY) and not item.get_closest_marker(
            "postgresql"
        ):
            item.add_marker(pytest.mark.postgresql)


def pytest_report_header(config: pytest.Config) -> str:
    given = os.environ.get(POSTGRES_ENV)
    if given:
        return "postgresql: " + re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", given)
    if os.environ.get("CI"):
        return f"postgresql: ${POSTGRES_ENV} is not set and CI is: postgresql tests will FAIL"
    return f"postgresql: ${POSTGRES_ENV} is not set: postgresql tests are skipped"


# --- SQLite ------------------------------------------------------------------------------

#: Where the SQLite copies go: memory (tmpfs) when the system has it with room to spare (a
#: container's is often 64 MB). On disk, closing a database that was written to checkpoints
#: and syncs it: a writing test took ≈ 20 ms there, ≈ 2 ms on /dev/shm.
SHM = Path("/dev/shm")
SHM_MIN_FREE = 1 << 30


def _shm_usable() -> bool:
    try:
        stat = os.statvfs(SHM)
    except OSError:
        return False
    return os.access(SHM, os.W_OK) and stat.f_bavail * stat.f_frsize >= SHM_MIN_FREE


@pytest.fixture(scope="session")
def _sqlite_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    if _shm_usable():
        folder = Path(tempfile.mkdtemp(prefix="fairpair-tests-", dir=SHM))
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("sqlite")


@pytest.fixture(scope="session")
def _sqlite_template(_sqlite_folder: Path) -> Path:
    """A SQLite file migrated to the newest revision, made once per session."""
    from fairpair.store.database import Database

    path = _sqlite_folder / "template.sqlite3"
    Database.open(f"sqlite:///{path}").close()
    # Closing the last connection checkpoints the WAL into the file: the file alone is a copy.
    leftovers = sorted(p.name for p in _sqlite_folder.iterdir() if p != path)
    assert not leftovers, f"the SQLite template left {leftovers} beside it"
    return path


_copies = itertools.count(1)


@contextmanager
def _sqlite_copy(request: pytest.FixtureRequest) -> Iterator[str]:
    """A copy of the template for one test, removed after it (with its -wal and -shm)."""
    template: Path = request.getfixturevalue("_sqlite_template")
    path = template.with_name(f"test-{next(_copies)}.sqlite3")
    shutil.copyfile(template, path)
    try:
        yield f"sqlite:///{path}"
    finally:
        for leftover in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)


# --- PostgreSQL --------------------------------------------------------------------------


@dataclass(frozen=True)
class PostgresServer:
    """The test server: its URL (``postgresql+psycopg://``) and an AUTOCOMMIT engine on it."""

    url: str
    admin: Engine

    def url_of(self, name: str) -> str:
        from sqlalchemy.engine import make_url

        return make_url(self.url).set(database=name).render_as_string(hide_password=False)

    def create(self, prefix: str, options: str = "") -> tuple[str, str]:
        """Create an empty database (``options``: SQL after ``CREATE DATABASE name``); its
        name and URL."""
        name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{name}" {options}')
        return name, self.url_of(name)

    def drop(self, name: str) -> None:
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The test server, to create (and drop) databases of one's own."""
    given = os.environ.get(POSTGRES_ENV)
    if not given:
        if os.environ.get("CI"):
            pytest.fail(
                f"${POSTGRES_ENV} is not set, and CI is: CI must test PostgreSQL "
                "(.ci/run starts one with scripts/postgres.sh)",
                pytrace=False,
            )
        pytest.skip(f"PostgreSQL not available: set ${POSTGRES_ENV} (or run scripts/test)")
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from fairpair.store.database import database_url

    url = database_url(given)
    admin = create_engine(
        url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 5}, pool_size=1
    )
    try:
        with admin.connect() as conn:
            conn.execute(text("SELECT 1"))
    except SQLAlchemyError as error:
        admin.dispose()
        shown = make_url(url).render_as_string(hide_password=True)
        pytest.fail(f"${POSTGRES_ENV}={shown} cannot be reached: {error}", pytrace=False)
    yield PostgresServer(url, admin)
    admin.dispose()


@dataclass(frozen=True)
class _SessionDatabase:
    url: str
    engine: Engine
    revision: str
    is_dirty: str
    """SQL: is any row in any table, or was any sequence used (even by a rolled-back insert)?"""
    empty: str
    """SQL: delete every row and restart every sequence."""


def _emptying_sql(conn: Connection) -> tuple[str, str]:
    """The session database's ``is_dirty`` and ``empty`` statements.

    Emptying uses DELETE, not TRUNCATE: on these small tables TRUNCATE (which makes new files
    for every table and index) took 10-100 ms, DELETE in one round trip 2-4 ms. DELETE fires
    the row triggers that keep the audit log append-only, so the tables that have triggers
    have them disabled for the transaction (ALTER TABLE is transactional: they are back on
    at COMMIT, or if anything fails).
    """
    from sqlalchemy import text

    from fairpair.store.models import metadata

    tables = [f'"{table.name}"' for table in metadata.sorted_tables]
    any_row = " UNION ALL ".join(f"(SELECT 1 FROM {table} LIMIT 1)" for table in tables)
    is_dirty = (
        f"SELECT EXISTS ({any_row}) "
        "OR EXISTS (SELECT 1 FROM pg_sequences WHERE last_value IS NOT NULL)"
    )
    guarded = conn.execute(
        text("SELECT DISTINCT tgrelid::regclass::text FROM pg_trigger WHERE NOT tgisinternal")
    )
    guarded_tables = sorted(row[0] for row in guarded)
    statements = [
        *(f"ALTER TABLE {table} DISABLE TRIGGER USER" for table in guarded_tables),
        # Children first, so that no foreign key is in the way.
        *(f"DELETE FROM {table}" for table in reversed(tables)),
        *(f"ALTER TABLE {table} ENABLE TRIGGER USER" for table in guarded_tables),
        "SELECT setval(quote_ident(schemaname) || '.' || quote_ident(sequencename), 1, false)"
        " FROM pg_sequences WHERE last_value IS NOT NULL",
    ]
    return is_dirty, "; ".join(statements)


@pytest.fixture(scope="session")
def _postgres_session_db(postgres_server: PostgresServer) -> Iterator[_SessionDatabase]:
    """One migrated database for the whole session, emptied between tests."""
    from sqlalchemy import create_engine

    from fairpair.store.database import Database
    from fairpair.store.migrate import head

    name, url = postgres_server.create("fairpair_test")
    try:
        Database.open(url).close()
        engine = create_engine(url, pool_size=1, connect_args={"connect_timeout": 5})
        with engine.connect() as conn:
            is_dirty, empty = _emptying_sql(conn)
        yield _SessionDatabase(url, engine, head(), is_dirty, empty)
        engine.dispose()
    finally:
        postgres_server.drop(name)


def _postgres_clean(session_db: _SessionDatabase) -> str:
    """Empty the session database (when a test left anything in it); its URL."""
    from sqlalchemy import text

    from fairpair.store.database import Database

    with session_db.engine.connect() as conn:
        # Connections a test left open (a subprocess, an engine not disposed) would hold
        # locks that block the emptying: close them.
        revision = conn.execute(
            text(
                "SELECT (SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()),"
                " (SELECT max(version_num) FROM alembic_version)"
            )
        ).one()[1]
        conn.commit()
        if revision != session_db.revision:  # a test migrated `db` (empty_db_url is for that)
            Database.open(session_db.url).close()
        if conn.execute(text(session_db.is_dirty)).scalar():
            conn.exec_driver_sql("SET LOCAL lock_timeout = '10s'")
            conn.exec_driver_sql(session_db.empty)  # one round trip (simple query protocol)
        conn.commit()
    return session_db.url


# --- the fixtures tests use --------------------------------------------------------------


@contextmanager
def _clean_url(request: pytest.FixtureRequest, backend: str) -> Iterator[str]:
    if backend == "sqlite":
        with _sqlite_copy(request) as url:
            yield url
    else:
        yield _postgres_clean(request.getfixturevalue("_postgres_session_db"))


@contextmanager
def _open(request: pytest.FixtureRequest, backend: str) -> Iterator[Database]:
    from fairpair.store.database import Database

    with _clean_url(request, backend) as url:
        db = Database.open(url, migrate=False)  # the template / session database is migrated
        try:
            yield db
        finally:
            db.close()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest) -> Iterator[str]:
    """The URL of a migrated, empty database, on each backend."""
    with _clean_url(request, request.param) as url:
        yield url


@pytest.fixture
def sqlite_db_url(request: pytest.FixtureRequest) -> Iterator[str]:
    with _clean_url(request, "sqlite") as url:
        yield url


@pytest.fixture
def postgres_db_url(request: pytest.FixtureRequest) -> Iterator[str]:
    with _clean_url(request, "postgresql") as url:
        yield url


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest) -> Iterator[Database]:
    """A migrated, empty ``Database``, on each backend; disposed after the test."""
    with _open(request, request.param) as db:
        yield db


@pytest.fixture
def sqlite_db(request: pytest.FixtureRequest) -> Iterator[Database]:
    with _open(request, "sqlite") as db:
        yield db


@pytest.fixture
def postgres_db(request: pytest.FixtureRequest) -> Iterator[Database]:
    with _open(request, "postgresql") as db:
        yield db


@pytest.fixture(params=BACKENDS)
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a database without any table (not migrated), on each backend. Slower than
    ``db_url`` on PostgreSQL (a database is created and dropped): for migration tests."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite3'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name, url = server.create("fairpair_empty")
    try:
        yield url
    finally:
        server.drop(name)
