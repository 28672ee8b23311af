"""Persistence of saved events: SQLAlchemy tables (``models``), Alembic migrations
(``migrations/``) and the connection to SQLite or PostgreSQL (``database``).

Only ``fairpair.service`` writes through it; the interfaces read what the service gives them.
"""
