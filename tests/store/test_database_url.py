"""Which database is used (``--db``, then ``$FAIRPAIR_DATABASE_URL``, then a file in the user's
data folder), how URLs are spelled, and that a bad or unreachable one is a clear
``DatabaseUnavailable``, never a stack trace."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from fairpair.store import migrate
from fairpair.store.database import ENV_URL, Database, database_url, default_path
from fairpair.store.errors import DatabaseUnavailable


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A made-up home and data folder, and no URL in the environment: nothing real is read."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv(ENV_URL, raising=False)
    return home


def test_the_given_url_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_URL, "sqlite:////env/events.sqlite3")
    assert database_url("sqlite:////given/events.sqlite3") == "sqlite:////given/events.sqlite3"


def test_the_environment_wins_over_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_URL, "sqlite:////env/events.sqlite3")
    assert database_url() == "sqlite:////env/events.sqlite3"
    assert database_url(None) == "sqlite:////env/events.sqlite3"


def test_empty_means_not_given(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    monkeypatch.setenv(ENV_URL, "")
    assert database_url("") == f"sqlite:///{home / 'data' / 'fairpair' / 'events.sqlite3'}"


def test_the_default_is_a_file_in_the_user_data_folder(home: Path) -> None:
    expected = home / "data" / "fairpair" / "events.sqlite3"
    assert default_path() == expected
    assert database_url() == f"sqlite:///{expected}"
    assert not expected.parent.exists(), "naming the default must not create it"


def test_opening_the_default_creates_and_migrates_it(home: Path) -> None:
    db = Database.open()
    try:
        assert db.url == f"sqlite:///{home / 'data' / 'fairpair' / 'events.sqlite3'}"
        assert migrate.current(db.engine) == migrate.head()
    finally:
        db.close()
    assert (home / "data" / "fairpair" / "events.sqlite3").is_file()


def test_a_plain_path_is_an_absolute_sqlite_file(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert database_url("club.sqlite3") == f"sqlite:///{tmp_path / 'club.sqlite3'}"
    assert database_url("saves/../club.db") == f"sqlite:///{tmp_path / 'club.db'}"
    assert database_url("~/club.db") == f"sqlite:///{home / 'club.db'}"
    assert database_url(str(tmp_path / "a b.db")) == f"sqlite:///{tmp_path / 'a b.db'}"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgresql://ana@db.example/club", "postgresql+psycopg://ana@db.example/club"),
        (
            "postgres://ana:pw@db.example:5433/club",
            "postgresql+psycopg://ana:pw@db.example:5433/club",
        ),
        ("postgresql+psycopg://ana@db.example/club", "postgresql+psycopg://ana@db.example/club"),
        ("sqlite:////var/club.db", "sqlite:////var/club.db"),
    ],
)
def test_postgresql_urls_use_psycopg_3(given: str, expected: str) -> None:
    assert database_url(given) == expected


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("mysql://ana@db.example/club", "SQLite or PostgreSQL"),
        ("http://example.com/club", "SQLite or PostgreSQL"),
        ("://nothing", "not a database URL"),
        ("not a url://x", "not a database URL"),
        ("postgresql://ana@127.0.0.1:notaport/club", "not a database URL"),
        ("postgresql+nosuchdriver://ana@127.0.0.1/club", "no database driver"),
        ("postgresql+psycopg2://ana@127.0.0.1/club", "no database driver"),
        ("sqlite+nosuchdriver:///club.db", "no database driver"),
    ],
)
def test_a_bad_url_is_database_unavailable(url: str, reason: str) -> None:
    with pytest.raises(DatabaseUnavailable, match=reason) as caught:
        Database.open(url)
    assert caught.value.code == "database_unavailable"


def test_passwords_stay_out_of_the_message() -> None:
    for url in ("mysql://ana:s3cret@db.example/club", "postgresql://ana:s3cret@db:bad/club"):
        with pytest.raises(DatabaseUnavailable) as caught:
            Database.open(url)
        assert "s3cret" not in str(caught.value)


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database\n" * 200)
    with pytest.raises(DatabaseUnavailable, match="not a database"):
        Database.open(str(path))


def test_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(DatabaseUnavailable, match="cannot create the folder"):
        Database.open(str(tmp_path / "file" / "events.sqlite3"))


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_unreachable_postgresql_is_database_unavailable_quickly() -> None:
    url = f"postgresql://ana:s3cret@127.0.0.1:{closed_port()}/club"
    start = time.perf_counter()
    with pytest.raises(DatabaseUnavailable, match="Connection refused") as caught:
        Database.open(url)
    assert time.perf_counter() - start < 5
    assert "s3cret" not in str(caught.value)
    assert "127.0.0.1" in str(caught.value)


def test_an_unreachable_postgresql_while_reading_and_writing() -> None:
    db = Database.open(f"postgresql://ana@127.0.0.1:{closed_port()}/club", migrate=False)
    try:
        with pytest.raises(DatabaseUnavailable, match="Connection refused"), db.reading():
            pass
        with pytest.raises(DatabaseUnavailable, match="Connection refused"), db.writing():
            pass
    finally:
        db.close()


def test_a_nul_byte_never_reaches_the_database(db: Database) -> None:
    from sqlalchemy import select

    from fairpair.store.errors import NulInText
    from fairpair.store.models import EventRow

    with pytest.raises(NulInText), db.reading() as conn:
        conn.execute(select(EventRow.id).where(EventRow.slug == "a\x00b")).all()
    with db.reading() as conn:  # the connection is fine afterwards
        assert conn.execute(select(EventRow.id)).all() == []
