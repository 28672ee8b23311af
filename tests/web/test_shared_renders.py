"""Renderings shared by a server's worker processes (``fairpair.web.shared_renders``): four
real processes asking for one key at once build it once and all get the same bytes; a
file is never read half written; the folder is swept of old entries."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fairpair.web import shared_renders
from fairpair.web.shared_renders import SharedRenders

ASK = """
import sys, time
from pathlib import Path
from fairpair.web.shared_renders import SharedRenders

folder, builds, start = Path(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3])
time.sleep(max(0.0, start - time.time()))

def build() -> bytes:
    with builds.open("a") as out:
        out.write("built\\n")
    time.sleep(0.4)  # a 4,000-player round's lists take about this long
    return ("<li>" * 200_000).encode()

value = SharedRenders(folder).get(("list", "sqlite://x", "night", 7, None, None, "name"), build)
sys.stdout.write(str(len(value)))
"""


@pytest.mark.skipif(shared_renders.fcntl is None, reason="no flock on this system")
def test_four_workers_asking_at_once_build_once(tmp_path: Path) -> None:
    builds = tmp_path / "builds.txt"
    folder = tmp_path / "renders"
    folder.mkdir()
    start = time.time() + 1.5  # all four started before any asks
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", ASK, str(folder), str(builds), str(start)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    sizes = [worker.communicate(timeout=60)[0] for worker in workers]
    assert all(worker.returncode == 0 for worker in workers)
    assert sizes == [str(len("<li>") * 200_000)] * 4
    assert builds.read_text().splitlines() == ["built"]
    assert not list(folder.glob("*.part"))  # written aside, renamed into place


def test_a_failed_build_is_not_kept(tmp_path: Path) -> None:
    shared = SharedRenders(tmp_path)

    def broken() -> bytes:
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        shared.get(("k", 1), broken)
    assert shared.get(("k", 1), lambda: b"second try") == b"second try"
    assert shared.get(("k", 1), lambda: b"not asked") == b"second try"


def test_old_entries_are_swept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = SharedRenders(tmp_path)
    shared.get(("old", 1), lambda: b"old")
    old = time.time() - shared_renders.KEEP_SECONDS - 5
    for entry in tmp_path.iterdir():
        os.utime(entry, (old, old))
    monkeypatch.setattr(shared_renders, "SWEEP_SECONDS", 0.0)
    shared.get(("new", 2), lambda: b"new")
    assert shared.get(("old", 1), lambda: b"rebuilt") == b"rebuilt"
    assert shared.get(("new", 2), lambda: b"not asked") == b"new"


def test_one_process_shares_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(shared_renders.ENV, raising=False)
    assert SharedRenders.from_environment() is None
    monkeypatch.setenv(shared_renders.ENV, str(tmp_path / "gone"))
    assert SharedRenders.from_environment() is None
    monkeypatch.setenv(shared_renders.ENV, str(tmp_path))
    found = SharedRenders.from_environment()
    assert found is not None and found.folder == tmp_path
