"""PostgreSQL specifics: psycopg 3, and text that stays text on any server encoding."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert, select

from databases import PostgresServer
from fairpair.store import migrate
from fairpair.store.database import Database
from fairpair.store.models import EventRow


def test_the_driver_is_psycopg_3(postgres_db: Database) -> None:
    assert postgres_db.engine.dialect.driver == "psycopg"
    assert postgres_db.url.startswith("postgresql+psycopg://")


def test_a_sql_ascii_database_still_reads_text(postgres_server: PostgresServer) -> None:
    # Old or locale-less installations default to SQL_ASCII, where psycopg would return bytes.
    name, url = postgres_server.create(
        "fairpair_ascii", "ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"
    )
    try:
        db = Database.open(url)
        try:
            assert migrate.current(db.engine) == migrate.head()
            with db.writing() as conn:
                conn.execute(
                    insert(EventRow).values(
                        slug="open", name="Élodie's Łódź Open", created_at=datetime.now(UTC)
                    )
                )
            with db.reading() as conn:
                assert conn.execute(select(EventRow.name)).scalar() == "Élodie's Łódź Open"
        finally:
            db.close()
    finally:
        postgres_server.drop(name)
