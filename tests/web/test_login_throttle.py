"""Login throttling that holds (issue 33, point 4): failed logins are counted in the
database per username and per client address, so two server processes share the count and
a restart keeps it; ``X-Forwarded-For`` is believed only from a trusted proxy; a stranger's
failures make the account's owner wait, never lock them out — after the wait the right
password gets in."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import httpx
import time_machine
from fastapi.testclient import TestClient

from fairpair.service.accounts.throttle import ACCOUNT, ADDRESS
from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app

from .conftest import settings_for
from .helpers import PASSWORD, account, csrf, post

T0 = datetime(2026, 5, 1, 18, 0, tzinfo=UTC)


@contextmanager
def server(db: Database, **settings: object) -> Iterator[TestClient]:
    """One server process's app over ``db`` (a new one: nothing kept in its memory)."""
    with TestClient(
        create_app(settings_for(db.url, **settings)), base_url="https://testserver"
    ) as client:
        yield client


def attempt(client: TestClient, username: str, password: str, **headers: str) -> httpx.Response:
    return post(client, "/login", {"username": username, "password": password}, headers=headers)


def test_growing_waits_and_the_owner_gets_in_after_the_wait(sqlite_db: Database) -> None:
    account(sqlite_db, "olga")
    assert [ACCOUNT.wait(n).total_seconds() for n in range(4, 9)] == [0, 1, 2, 4, 8]
    assert ACCOUNT.wait(40) == timedelta(minutes=15)
    with time_machine.travel(T0, tick=False) as clock, server(sqlite_db) as venue:
        # a stranger at the venue's shared address guesses olga's password
        codes = [attempt(venue, "olga", f"guess-{i}").status_code for i in range(5)]
        assert codes == [401] * 5
        refused = attempt(venue, "olga", PASSWORD)  # olga herself: she must wait a second
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert "wait 1 second" in refused.text
        clock.shift(1)
        assert attempt(venue, "olga", "guess-5").status_code == 401  # the stranger again
        assert attempt(venue, "olga", PASSWORD).headers["retry-after"] == "2"  # doubled
        clock.shift(2)
        answer = attempt(venue, "olga", PASSWORD)
        assert answer.status_code == 303  # after the wait the right password gets in
        # a success clears the username's count: the next mistake is free again
        assert attempt(venue, "olga", "typo").status_code == 401


def test_two_servers_share_the_count_and_a_restart_keeps_it(db: Database) -> None:
    account(db, "olga")
    with time_machine.travel(T0, tick=False):
        with server(db) as one, server(db) as two:
            for i in range(ACCOUNT.free):
                worker = one if i % 2 else two
                assert attempt(worker, "olga", f"guess-{i}").status_code == 401
            assert attempt(one, "olga", PASSWORD).status_code == 429
            assert attempt(two, "olga", PASSWORD).status_code == 429
        with server(db) as restarted:
            assert attempt(restarted, "olga", PASSWORD).status_code == 429


def test_a_burst_of_simultaneous_guesses_is_counted_in_full(db: Database) -> None:
    account(db, "olga")
    with time_machine.travel(T0, tick=False), server(db) as one, server(db) as two:
        for client in (one, two):
            csrf(client)  # each browser has its token before the burst

        def guess(i: int) -> int:
            return attempt(one if i % 2 else two, "olga", f"guess-{i}").status_code

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(guess, range(24)))
    assert codes.count(401) == ACCOUNT.free  # one place each: the rest waited
    assert codes.count(429) == 24 - ACCOUNT.free


def test_a_rotating_forwarded_for_from_an_untrusted_peer_is_one_address(
    sqlite_db: Database,
) -> None:
    with time_machine.travel(T0, tick=False), server(sqlite_db) as exposed:
        # many usernames, each time another X-Forwarded-For: all of it from one peer
        for i in range(ADDRESS.free):
            forged = f"203.0.113.{i}"
            answer = attempt(exposed, f"user{i}", "guess", **{"x-forwarded-for": forged})
            assert answer.status_code == 401
        last = attempt(exposed, "someone", "guess", **{"x-forwarded-for": "198.51.100.7"})
        assert last.status_code == 429 and "your address" in last.text
        # the per-username count holds whatever the address
        account(sqlite_db, "olga")
    later = T0 + timedelta(hours=1)
    with (
        time_machine.travel(later, tick=False),
        server(sqlite_db, trusted_proxies=("*",)) as proxied,
    ):
        for i in range(ACCOUNT.free):
            through = {"x-forwarded-for": f"192.0.2.{i}"}
            assert attempt(proxied, "olga", f"guess-{i}", **through).status_code == 401
        other = {"x-forwarded-for": "192.0.2.200"}
        answer = attempt(proxied, "olga", PASSWORD, **other)
        assert answer.status_code == 429 and "this username" in answer.text


def test_behind_a_trusted_proxy_each_client_has_its_own_address_count(
    sqlite_db: Database,
) -> None:
    with time_machine.travel(T0, tick=False), server(sqlite_db, trusted_proxies=("*",)) as proxied:
        for i in range(ADDRESS.free + 5):
            client = {"x-forwarded-for": f"192.0.2.{i}"}  # a venue of many phones behind nginx
            assert attempt(proxied, f"user{i}", "guess", **client).status_code == 401
