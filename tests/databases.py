"""Database fixtures for every test that needs the store, on SQLite and on PostgreSQL.

- ``db``: a migrated, empty ``Database``, once per backend (ids ``sqlite`` / ``postgresql``);
  ``sqlite_db`` / ``postgres_db``: one backend only.
- ``db_url``: the URL of a migrated, empty database (for tests that start subprocesses);
  ``sqlite_db_url`` / ``postgres_db_url``: one backend only.
- ``empty_db_url``: the URL of a database with no schema at all (for migration tests).
- ``postgres_server``: the PostgreSQL server itself (``create`` / ``drop`` a database).

Each test gets a clean database, cheaply. SQLite: one file is migrated per session and copied
into the test's ``tmp_path``. PostgreSQL: one database is created and migrated per session;
before each test, if any table has a row or any sequence was used, every table of
``fairpair.store.models.metadata`` is emptied with ``TRUNCATE ... RESTART IDENTITY CASCADE``
(``TRUNCATE`` does not fire the audit log's row triggers). Engines are disposed after each test.

PostgreSQL is the server at ``$FAIRPAIR_TEST_POSTGRES_URL`` (``scripts/test`` starts a throwaway
one when the server is installed). Without it the ``postgresql`` tests are skipped, except
when ``$CI`` is set: then they fail, so that CI never passes without PostgreSQL.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from fairpair.store.database import Database, database_url
from fairpair.store.models import metadata

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


def pytest_report_header(config: pytest.Config) -> str:
    given = os.environ.get(POSTGRES_ENV)
    if given:
        return f"postgresql: {make_url(database_url(given)).render_as_string(hide_password=True)}"
    if os.environ.get("CI"):
        return f"postgresql: ${POSTGRES_ENV} is not set and CI is: postgresql tests will FAIL"
    return f"postgresql: ${POSTGRES_ENV} is not set: postgresql tests are skipped"


# --- SQLite ------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the newest revision, made once per session."""
    path = tmp_path_factory.mktemp("sqlite-template") / "template.sqlite3"
    Database.open(f"sqlite:///{path}").close()
    # Closing the last connection checkpoints the WAL into the file: the file alone is a copy.
    leftovers = sorted(p.name for p in path.parent.iterdir() if p != path)
    assert not leftovers, f"the SQLite template left {leftovers} beside it"
    return path


def _sqlite_copy(template: Path, folder: Path) -> str:
    path = folder / "fairpair.sqlite3"
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


# --- PostgreSQL --------------------------------------------------------------------------


@dataclass(frozen=True)
class PostgresServer:
    """The test server: its URL (``postgresql+psycopg://``) and an AUTOCOMMIT engine on it."""

    url: str
    admin: Engine

    def url_of(self, name: str) -> str:
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


@dataclass
class _SessionDatabase:
    url: str
    engine: Engine
    is_dirty: str
    truncate: str


@pytest.fixture(scope="session")
def _postgres_session_db(postgres_server: PostgresServer) -> Iterator[_SessionDatabase]:
    """One migrated database for the whole session, emptied between tests."""
    name, url = postgres_server.create("fairpair_test")
    try:
        Database.open(url).close()
        tables = [table.name for table in metadata.sorted_tables]
        any_row = " UNION ALL ".join(f'(SELECT 1 FROM "{table}" LIMIT 1)' for table in tables)
        is_dirty = (
            f"SELECT EXISTS ({any_row}) "
            "OR EXISTS (SELECT 1 FROM pg_sequences WHERE last_value IS NOT NULL)"
        )
        truncate = "TRUNCATE {} RESTART IDENTITY CASCADE".format(
            ", ".join(f'"{table}"' for table in tables)
        )
        engine = create_engine(url, pool_size=1, connect_args={"connect_timeout": 5})
        yield _SessionDatabase(url, engine, is_dirty, truncate)
        engine.dispose()
    finally:
        postgres_server.drop(name)


def _postgres_clean(session_db: _SessionDatabase) -> str:
    """Empty the session database (when a test left anything in it); its URL."""
    with session_db.engine.begin() as conn:
        # Connections a test left open (a subprocess, an engine not disposed) would block
        # TRUNCATE: close them, and say so if one holds a lock for long.
        conn.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
        if conn.execute(text(session_db.is_dirty)).scalar():
            conn.execute(text("SET LOCAL lock_timeout = '10s'"))
            conn.execute(text(session_db.truncate))
    return session_db.url


# --- the fixtures tests use --------------------------------------------------------------


def _clean_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    if backend == "sqlite":
        return _sqlite_copy(request.getfixturevalue("_sqlite_template"), tmp_path)
    return _postgres_clean(request.getfixturevalue("_postgres_session_db"))


def _open(url: str) -> Iterator[Database]:
    db = Database.open(url, migrate=False)  # the template / session database is migrated
    try:
        yield db
    finally:
        db.close()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a migrated, empty database, on each backend."""
    return _clean_url(request, request.param, tmp_path)


@pytest.fixture
def sqlite_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return _clean_url(request, "sqlite", tmp_path)


@pytest.fixture
def postgres_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return _clean_url(request, "postgresql", tmp_path)


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """A migrated, empty ``Database``, on each backend; disposed after the test."""
    yield from _open(_clean_url(request, request.param, tmp_path))


@pytest.fixture
def sqlite_db(sqlite_db_url: str) -> Iterator[Database]:
    yield from _open(sqlite_db_url)


@pytest.fixture
def postgres_db(postgres_db_url: str) -> Iterator[Database]:
    yield from _open(postgres_db_url)


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
