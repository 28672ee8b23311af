"""The pages' cache builds each value once, however many threads ask for it at once."""

from __future__ import annotations

import threading
import time

import pytest

from fairpair.web.version_cache import VersionCache


def test_concurrent_askers_share_one_build() -> None:
    cache = VersionCache(size=4)
    builds: list[int] = []
    start = threading.Barrier(8)

    def build() -> str:
        builds.append(1)
        time.sleep(0.2)
        return "table"

    got: list[str] = []

    def ask() -> None:
        start.wait()
        got.append(cache.get(("standings", 7), build))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == ["table"] * 8
    assert len(builds) == 1


def test_a_failed_build_is_not_kept_and_the_next_ask_builds_again() -> None:
    cache = VersionCache(size=4)

    def broken() -> str:
        raise RuntimeError("database gone")

    with pytest.raises(RuntimeError):
        cache.get("k", broken)
    assert cache.get("k", lambda: "ok") == "ok"


def test_the_oldest_entry_goes_first() -> None:
    cache = VersionCache(size=2)
    for key in ("a", "b", "c"):
        cache.get(key, key.upper)
    assert cache.get("a", lambda: "rebuilt") == "rebuilt"
