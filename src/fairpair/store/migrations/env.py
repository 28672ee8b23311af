"""Alembic's entry point: migrate the engine the caller put in ``config.attributes``.

Several processes may open a new database at once (the first use of each). On SQLite the
version is read in the ``BEGIN IMMEDIATE`` transaction, so they migrate one after another. On
PostgreSQL a session advisory lock does the same: without it two processes both found no
tables, both created them, and one failed ("duplicate key value violates unique constraint
pg_type_typname_nsp_index").
"""

from __future__ import annotations

from alembic import context

from fairpair.store.models import metadata

#: The advisory lock key of fairpair's migrations on PostgreSQL (any fixed number).
MIGRATION_LOCK = 0x66616972_70616972

engine = context.config.attributes["engine"]

with engine.connect().execution_options(fairpair_write=True) as connection:
    locked = connection.dialect.name == "postgresql"
    if locked:
        connection.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
        connection.commit()  # the lock is the session's; the migration reads the version after it
    try:
        context.configure(
            connection=connection,
            target_metadata=metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            transaction_per_migration=True,
        )
        with context.begin_transaction():
            context.run_migrations()
    finally:
        if locked:
            connection.rollback()  # a failed migration's transaction, if any
            connection.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
            connection.commit()
