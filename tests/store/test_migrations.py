"""The migrations build exactly the models' schema, go down to nothing and up again, and run
by themselves the first time a database is opened (only then)."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

from fairpair.store import migrate
from fairpair.store.database import Database
from fairpair.store.models import metadata


def differences(engine: Engine) -> list[object]:
    """What autogenerate would write to bring the database to the models (nothing, we hope)."""
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "compare_server_default": True}
        )
        return list(compare_metadata(context, metadata))


def tables(engine: Engine) -> set[str]:
    return set(inspect(engine).get_table_names()) - {"alembic_version"}


def audit_guards(engine: Engine) -> set[str]:
    """The audit log's triggers (and, on PostgreSQL, their function)."""
    with engine.connect() as conn:
        if engine.dialect.name == "sqlite":
            query = "SELECT name FROM sqlite_master WHERE type = 'trigger'"
        else:
            query = (
                "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
                " UNION SELECT proname FROM pg_proc WHERE proname = 'audit_log_refuse'"
            )
        return {row[0] for row in conn.execute(text(query))}


def test_the_fixture_database_is_at_head_and_matches_the_models(db: Database) -> None:
    assert migrate.current(db.engine) == migrate.head()
    assert tables(db.engine) == set(metadata.tables)
    assert differences(db.engine) == []


def test_up_down_and_up_again(empty_db_url: str) -> None:
    db = Database.open(empty_db_url, migrate=False)
    try:
        assert migrate.current(db.engine) is None
        assert tables(db.engine) == set()

        migrate.upgrade(db.engine)
        assert migrate.current(db.engine) == migrate.head()
        assert tables(db.engine) == set(metadata.tables)
        assert differences(db.engine) == []
        assert audit_guards(db.engine)

        migrate.downgrade(db.engine)
        assert migrate.current(db.engine) is None
        assert tables(db.engine) == set()
        assert audit_guards(db.engine) == set()

        migrate.upgrade(db.engine)
        assert migrate.current(db.engine) == migrate.head()
        assert tables(db.engine) == set(metadata.tables)
        assert differences(db.engine) == []
    finally:
        db.close()


@pytest.fixture
def upgrades(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every real migration run (``migrate.upgrade`` calls)."""
    calls: list[str] = []
    real: Callable[..., None] = migrate.upgrade

    def counting(engine: Engine, revision: str = "head") -> None:
        calls.append(revision)
        real(engine, revision)

    monkeypatch.setattr(migrate, "upgrade", counting)
    return calls


def test_open_migrates_an_empty_database_once(empty_db_url: str, upgrades: list[str]) -> None:
    first = Database.open(empty_db_url)
    try:
        assert migrate.current(first.engine) == migrate.head()
        assert tables(first.engine) == set(metadata.tables)
    finally:
        first.close()
    assert upgrades == ["head"]

    second = Database.open(empty_db_url)
    try:
        assert migrate.current(second.engine) == migrate.head()
    finally:
        second.close()
    assert upgrades == ["head"], "the second open ran the migrations again"


def test_open_without_migrate_leaves_the_database_alone(empty_db_url: str) -> None:
    db = Database.open(empty_db_url, migrate=False)
    try:
        assert migrate.current(db.engine) is None
        assert tables(db.engine) == set()
    finally:
        db.close()


OPENER = """
import sys, time
from pathlib import Path
import alembic.command  # imported before the start: the race is about migrating, not importing
from fairpair.store.database import Database
folder, name = Path(sys.argv[2]), sys.argv[3]
(folder / name).touch()
while not (folder / "go").exists():
    time.sleep(0.0005)
Database.open(sys.argv[1]).close()
"""


@pytest.mark.multiprocess
def test_processes_opening_a_new_database_at_once_migrate_it_once(
    empty_db_url: str, tmp_path: Path
) -> None:
    # Web workers starting together on a new database: without a lock, two ran CREATE TABLE
    # at once on PostgreSQL and all but one failed.
    names = ["a", "b", "c"]
    openers = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, empty_db_url, str(tmp_path), name],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    ]
    try:
        deadline = time.monotonic() + 60
        while not all((tmp_path / name).exists() for name in names):
            assert all(o.poll() is None for o in openers), [o.communicate() for o in openers]
            assert time.monotonic() < deadline, "the openers did not start"
            time.sleep(0.01)
        (tmp_path / "go").touch()
        results = [opener.communicate(timeout=120) for opener in openers]
    finally:
        for opener in openers:
            opener.kill()
            opener.wait()
    for opener, (_, err) in zip(openers, results, strict=True):
        assert opener.returncode == 0, err
    db = Database.open(empty_db_url, migrate=False)
    try:
        assert migrate.current(db.engine) == migrate.head()
        assert differences(db.engine) == []
    finally:
        db.close()


def test_head_is_the_last_migration() -> None:
    assert migrate.head() == "0018_staff_push_language"
    assert migrate.head() == migrate.HEAD  # the constant the quick check compares with


def test_every_revision_id_fits_alembic_version_column() -> None:
    """``alembic_version.version_num`` is VARCHAR(32): PostgreSQL refuses a longer revision
    id when it upgrades (SQLite would not notice)."""
    folder = Path(migrate.__file__).parent / "migrations" / "versions"
    for module in folder.glob("*.py"):
        found = re.search(r'^revision = "([^"]+)"', module.read_text(encoding="utf-8"), re.M)
        assert found is not None, module.name
        assert len(found.group(1)) <= 32, f"{module.name}: {found.group(1)!r} is too long"
