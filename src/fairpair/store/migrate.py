"""Alembic migrations, run from code: on first use of a database, and by the tests (up and
down). The scripts are in ``migrations/versions``; the first creates everything."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, text

SCRIPTS = "fairpair.store:migrations"
#: The newest migration's revision, written here so that a command opening an up-to-date
#: database checks it with one query and never imports Alembic (a test keeps it equal to
#: the scripts' head).
HEAD = "0018_staff_push_language"
#: The PostgreSQL advisory lock that serializes migrations (any constant of our own).
LOCK_KEY = 0x66616972_70616972  # "fairpair"


def config(engine: Engine) -> object:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", SCRIPTS)
    cfg.attributes["engine"] = engine
    return cfg


def head() -> str:
    """The newest migration's revision."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", SCRIPTS)
    revision = ScriptDirectory.from_config(cfg).get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    """The revision the database is at (``None``: an empty database)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(config(engine), revision)  # type: ignore[arg-type]


def downgrade(engine: Engine, revision: str = "base") -> None:
    from alembic import command

    command.downgrade(config(engine), revision)  # type: ignore[arg-type]


def recorded(engine: Engine) -> str | None:
    """The revision in the database's ``alembic_version`` table, read without Alembic
    (``None``: no such table, or no row)."""
    from sqlalchemy.exc import DBAPIError

    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    except DBAPIError:
        return None
    return rows[0] if len(rows) == 1 else None


def upgrade_if_needed(engine: Engine) -> None:
    """Bring the database to the newest migration unless it is there already. Several
    processes opening a new database at once (web workers) migrate it once: the first runs
    the migrations, the others wait for it and find the database at the newest."""
    if recorded(engine) == HEAD:
        return
    with _migrating(engine):
        if current(engine) != head():
            upgrade(engine)


@contextmanager
def _migrating(engine: Engine) -> Iterator[None]:
    """Hold the migration lock. SQLite needs none of its own: the whole upgrade is one ``BEGIN
    IMMEDIATE`` transaction, and Alembic reads the revision inside it (``migrations/env.py``).
    PostgreSQL would
    run two ``CREATE TABLE`` at once (and fail): a session advisory lock, on a connection of
    its own, held while another connection migrates."""
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as lock:
        lock.execute(text("SELECT pg_advisory_lock(:key)"), {"key": LOCK_KEY})
        try:
            yield
        finally:
            lock.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": LOCK_KEY})
