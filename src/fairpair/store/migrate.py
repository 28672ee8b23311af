"""Alembic migrations, run from code: on first use of a database, and by the tests (up and
down). The scripts are in ``migrations/versions``; the first creates everything."""

from __future__ import annotations

from sqlalchemy import Engine

SCRIPTS = "fairpair.store:migrations"


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


def upgrade_if_needed(engine: Engine) -> None:
    """Bring the database to the newest migration unless it is there already."""
    if current(engine) != head():
        upgrade(engine)
