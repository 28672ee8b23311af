"""Tests of the store: migrations, the audit log, SQLite under concurrent writers, URLs."""
