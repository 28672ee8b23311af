"""Shared test fixtures (paths to the examples, a document factory) and the suite's markers.

Markers (registered in pyproject.toml; ``--strict-markers``): ``browser`` (Chromium through
Playwright: every test using the ``browser`` or ``page`` fixture, marked here), ``multiprocess``
(starts fairpair servers, workers or client processes beside the test: marked in the tests,
and here every test using the concurrency tests' ``clients``), ``slow`` (more than about 3 s on
its own), ``nightly`` (the wide search grids: deselected unless ``--nightly`` is given, so
neither CI nor ``scripts/test`` runs them; ``pytest --nightly -m nightly`` runs just them).
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

pytest_plugins = ["databases"]  # tests/databases.py: the `db` fixtures (SQLite, PostgreSQL)

# Passwords hashed at argon2's cheapest cost, in this process and in every process a test
# starts (they inherit the environment): fairpair.password_cost. Set before any test module
# imports fairpair.service.accounts, which reads it once. Production's cost is checked by
# tests/test_password_cost.py; `FAIRPAIR_PASSWORD_COST= pytest` runs the suite at it.
os.environ.setdefault("FAIRPAIR_PASSWORD_COST", "test")

ROOT = Path(__file__).resolve().parent.parent
SEED_001 = ROOT / "examples" / "seed-001-nine-players.json"

#: Fixture → the marker every test using it gets.
MARKED_BY_FIXTURE = {"browser": "browser", "clients": "multiprocess"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--nightly",
        action="store_true",
        help="also run the tests marked nightly (the wide search grids CI leaves out)",
    )


@pytest.hookimpl(tryfirst=True)  # before -m reads the markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for fixture, marker in MARKED_BY_FIXTURE.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)
    # The long tests first (a stable sort: the order within each kind stays the files'):
    # pytest-xdist hands the first tests out in turn and the rest to whichever worker is free,
    # so the long ones are shared between the workers and the run ends on short tests, not
    # on one worker finishing a browser walk while the other waits.
    items.sort(key=_length_rank)
    if config.getoption("--nightly"):
        return
    nightly = [item for item in items if item.get_closest_marker("nightly")]
    if nightly:
        config.hook.pytest_deselected(items=nightly)
        items[:] = [item for item in items if not item.get_closest_marker("nightly")]


#: The markers of long tests, longest kind first.
LONG_FIRST = ("browser", "multiprocess", "slow")


def _length_rank(item: pytest.Item) -> int:
    for rank, marker in enumerate(LONG_FIRST):
        if item.get_closest_marker(marker):
            return rank
    return len(LONG_FIRST)


# Under pytest-xdist each worker collects and deselects (-m, the nightly tests) on its own, and
# the summary line would not say how many were left out: each worker sends its count, and the
# summary says it (every worker deselects the same tests: the largest count, not the sum).
_DESELECTED = pytest.StashKey[int]()
_WORKERS_DESELECTED = pytest.StashKey[int]()


def pytest_deselected(items: Sequence[pytest.Item]) -> None:
    if items:
        stash = items[0].config.stash
        stash[_DESELECTED] = stash.get(_DESELECTED, 0) + len(items)


def pytest_collection_finish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["deselected"] = session.config.stash.get(_DESELECTED, 0)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    stash = node.config.stash
    count = int(getattr(node, "workeroutput", {}).get("deselected", 0))
    stash[_WORKERS_DESELECTED] = max(stash.get(_WORKERS_DESELECTED, 0), count)


class _DeselectedOnAWorker:
    """Stands for a test a worker deselected, in the summary line's count."""


@pytest.hookimpl(trylast=True)  # after the other summaries, which read every report
def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    count = config.stash.get(_WORKERS_DESELECTED, 0)
    if count:
        stand_ins = [_DeselectedOnAWorker() for _ in range(count)]
        terminalreporter.stats.setdefault("deselected", []).extend(stand_ins)


@pytest.fixture
def seed_001_path() -> Path:
    return SEED_001


@pytest.fixture
def seed_001_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SEED_001.read_text(encoding="utf-8"))
    return copy.deepcopy(data)


@pytest.fixture
def write_json(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write a JSON value (or raw text) to a temp file and return its path."""

    def write(value: Any, name: str = "event.json") -> Path:
        path = tmp_path / name
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        return path

    return write


def _hypothesis_profiles() -> None:
    """``ci`` (loaded when ``CI`` is set): the same examples on every run, so a red CI run
    reproduces; no timing deadline, which is not reproducible. ``dev``: hypothesis's random
    exploration, a new draw each run (``--hypothesis-seed=N`` repeats one)."""
    import os

    from hypothesis import settings

    settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
    settings.register_profile("dev")
    settings.load_profile("ci" if os.environ.get("CI") else "dev")


_hypothesis_profiles()
