"""Alembic's entry point: migrate the engine the caller put in ``config.attributes``.

On SQLite the whole upgrade is one ``BEGIN IMMEDIATE`` transaction opened here, before Alembic
reads the database's revision: a second process opening a new database at the same moment
waits for the first one's commit and then finds the newest revision. (With a transaction per
migration, Alembic read the revision before taking the write lock, and the second process ran
a migration the first had just committed: "table accounts already exists".) PostgreSQL keeps a
transaction per migration under the advisory lock of ``fairpair.store.migrate``.
"""

from __future__ import annotations

from alembic import context

from fairpair.store.models import metadata

engine = context.config.attributes["engine"]

with engine.connect().execution_options(fairpair_write=True) as connection:
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        connection.begin()  # BEGIN IMMEDIATE (the engine's "begin" listener)
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=sqlite,
        transaction_per_migration=not sqlite,
    )
    with context.begin_transaction():
        context.run_migrations()
    if sqlite:
        connection.commit()
