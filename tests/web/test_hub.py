"""The live seam: a change committed through the service reaches the hub's subscribers — at
once in-process, by polling from another process on SQLite, by NOTIFY on PostgreSQL — and
only once per version."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.service.event.events import create_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.web.hub import LiveHub


async def _next_versions(hub: LiveHub, slug: str, change: object, count: int) -> list[int]:
    got: list[int] = []
    with hub.subscription(slug, 1) as queue:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, change)  # type: ignore[arg-type]
        while len(got) < count:
            got.append(await asyncio.wait_for(queue.get(), 5))
    return got


def _watch(db: Database, slug: str, change: object, count: int = 1) -> list[int]:
    async def run() -> list[int]:
        hub = LiveHub(db, poll_seconds=0.1)
        hub.start(asyncio.get_running_loop())
        assert await asyncio.to_thread(hub.listening.wait, 30)  # the LISTEN is in place
        try:
            return await _next_versions(hub, slug, change, count)
        finally:
            hub.stop()

    # In a thread of its own: Playwright's sync API keeps a loop running on the main thread.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_a_change_in_this_process_reaches_the_subscriber(db: Database) -> None:
    slug = create_event(db, "Live", actor="t")
    got = _watch(db, slug, lambda: add_players(db, slug, [NewPlayer("Ann")], actor="t"))
    assert got == [2]


@pytest.mark.multiprocess
def test_a_change_from_another_process_reaches_the_subscriber(db: Database) -> None:
    slug = create_event(db, "Live", actor="t")

    def elsewhere() -> None:
        subprocess.run(
            [sys.executable, "-m", "fairpair", "player", "add", slug, "Bo", "--db", db.url],
            check=True,
            capture_output=True,
        )

    assert _watch(db, slug, elsewhere) == [2]


def test_a_refused_change_announces_nothing(db: Database) -> None:
    from fairpair.service.accounts.staff import Role

    slug = create_event(db, "Live", actor="t")
    heard: list[tuple[str, int]] = []
    db.listeners.append(lambda s, v, _wide, _players: heard.append((s, v)))
    with pytest.raises(FairpairError):
        add_players(db, slug, [NewPlayer("")], actor="t")
    add_players(db, slug, [NewPlayer("Cy")], actor="t")
    assert heard == [(slug, 2)]
    assert Role.named("judge") == Role.JUDGE
