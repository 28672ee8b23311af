"""Alembic's entry point: migrate the engine the caller put in ``config.attributes``."""

from __future__ import annotations

from alembic import context

from fairpair.store.models import metadata

engine = context.config.attributes["engine"]

with engine.connect().execution_options(fairpair_write=True) as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        transaction_per_migration=True,
    )
    with context.begin_transaction():
        context.run_migrations()
