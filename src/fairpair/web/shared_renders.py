"""What one worker process rendered, for the server's other workers.

``fairpair serve --workers N`` runs N processes, each with its own ``version_cache``. After a
round of a 4,000-player event is opened, every worker is told (the hub) and every worker's
viewers ask for the same lists: without sharing, each process reads the round and renders
the same ~700 KB of HTML, N times on the same cores. Here the first worker to need a
rendering builds it while the others wait for it (an exclusive ``flock`` per key), then
writes it to a folder the workers share (written aside and renamed into place: a reader
never sees half a file); the others read the file. Keys are those of ``version_cache``
(event version included), so an entry is never stale; files older than ``KEEP_SECONDS`` go.

``serve`` makes the folder (``$FAIRPAIR_SHARED_RENDERS``) for more than one worker and
removes it at exit; one process, or a system without ``flock``, has no shared folder and
builds as before.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no sharing between workers
    fcntl = None  # type: ignore[assignment]

ENV = "FAIRPAIR_SHARED_RENDERS"
#: A rendering is kept this long (a version lives seconds to minutes at a busy event).
KEEP_SECONDS = 600.0
#: The folder is swept of old files at most this often.
SWEEP_SECONDS = 60.0


class SharedRenders:
    """Bytes built once per key across the processes that share ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._swept = time.monotonic()
        self._sweeping = threading.Lock()

    @classmethod
    def from_environment(cls) -> SharedRenders | None:
        folder = os.environ.get(ENV, "")
        if not folder or fcntl is None or not Path(folder).is_dir():
            return None
        return cls(Path(folder))

    def get(self, key: Hashable, build: Callable[[], bytes]) -> bytes:
        """The bytes kept under ``key``: read, or built by this process (the others wait)."""
        name = hashlib.sha256(repr(key).encode()).hexdigest()
        path = self.folder / name
        found = _read(path)
        if found is not None:
            return found
        with open(self.folder / f"{name}.lock", "ab") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                found = _read(path)  # built by another worker while this one waited
                if found is not None:
                    return found
                value = build()
                aside = self.folder / f"{name}.{os.getpid()}.{threading.get_ident()}.part"
                aside.write_bytes(value)
                os.replace(aside, path)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
        self._sweep()
        return value

    def _sweep(self) -> None:
        now = time.monotonic()
        if now - self._swept < SWEEP_SECONDS or not self._sweeping.acquire(blocking=False):
            return
        try:
            self._swept = now
            oldest = time.time() - KEEP_SECONDS
            for entry in self.folder.iterdir():
                try:
                    if entry.stat().st_mtime < oldest:
                        entry.unlink()
                except FileNotFoundError:  # another worker swept it
                    pass
        finally:
            self._sweeping.release()


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
