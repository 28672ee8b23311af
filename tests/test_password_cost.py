"""Passwords are hashed at argon2's production cost, except in a test run that asks for the
test-only cost with exactly ``FAIRPAIR_PASSWORD_COST=test`` (fairpair.password_cost)."""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from argon2 import extract_parameters
from argon2.profiles import RFC_9106_LOW_MEMORY

from fairpair.password_cost import ENV, TEST, password_hasher

#: In a fresh interpreter: create an account the way every caller does, then print the hash
#: the database holds, and how many hashes were made by importing the accounts, by adding
#: one, and by two logins that name no account.
ADD_ACCOUNT = """
import sqlite3, sys
import argon2
made = []
_hash = argon2.PasswordHasher.hash
argon2.PasswordHasher.hash = lambda self, *a, **k: made.append(1) or _hash(self, *a, **k)
from fairpair.service.accounts.logins import add_account, authenticate
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import BadCredentials
counts = [len(made)]
db = Database.open("sqlite:///" + sys.argv[1])
add_account(db, "ann", "correct horse battery")
counts.append(len(made))
for _ in range(2):
    try:
        authenticate(db, "nobody", "correct horse battery")
    except BadCredentials:
        counts.append(len(made))
db.close()
(hashed,) = sqlite3.connect(sys.argv[1]).execute("SELECT password_hash FROM accounts").fetchone()
print(hashed)
print(*counts)
"""


def test_production_hashes_at_argon2s_default_cost(tmp_path: Path) -> None:
    """A process started without the variable (as production is) stores an argon2id hash of
    RFC 9106's low-memory profile: 3 passes over 64 MiB, 4 lanes — argon2-cffi's default; it
    hashes nothing until it first adds an account or checks a login."""
    env = {k: v for k, v in os.environ.items() if k != ENV}
    done = subprocess.run(
        [sys.executable, "-c", ADD_ACCOUNT, str(tmp_path / "events.sqlite3")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "TEST-ONLY" not in done.stderr
    hashed, counts = done.stdout.split("\n")[:2]
    assert hashed.startswith("$argon2id$")
    # Importing the accounts hashes nothing (argon2 at this cost is 0.17 s of CPU and
    # 64 MiB): the hash a login with an unknown username verifies is made by the first login.
    assert counts.split() == ["0", "1", "2", "2"]
    assert extract_parameters(hashed) == RFC_9106_LOW_MEMORY
    assert (RFC_9106_LOW_MEMORY.time_cost, RFC_9106_LOW_MEMORY.memory_cost) == (3, 64 * 1024)
    assert sqlite3.connect(tmp_path / "events.sqlite3").execute(
        "SELECT count(*) FROM accounts"
    ).fetchone() == (1,)


def test_only_the_exact_test_marker_lowers_the_cost(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="fairpair.passwords")
    for value in ("", "TEST", "test ", "low", "1", "cheap"):
        hasher = password_hasher({ENV: value} if value else {})
        assert (hasher.time_cost, hasher.memory_cost, hasher.parallelism) == (3, 65536, 4), value
    assert len(caplog.records) == 5  # every value but "" says it is ignored
    assert all("ignored" in r.getMessage() for r in caplog.records)
    caplog.clear()
    cheap = password_hasher({ENV: "test"})
    assert extract_parameters(cheap.hash("correct horse battery")) == TEST
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    assert "TEST-ONLY" in caplog.records[0].getMessage()


def test_this_test_run_hashes_at_the_test_cost() -> None:
    from fairpair.service.accounts import logins as accounts

    if os.environ.get(ENV) != "test":
        pytest.skip(f"${ENV} was set to {os.environ.get(ENV)!r} for this run")
    assert extract_parameters(accounts._HASHER.hash("x" * 8)) == TEST
