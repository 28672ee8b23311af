"""Pair with either matching path: rustworkx (the server's) or networkx (the browser's)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from fairpair.engine.pairing import matcher, matching_networkx, matching_rustworkx


@contextmanager
def solver(name: str) -> Iterator[None]:
    """Inside the block, the engine's matcher uses the named solver."""
    chosen = {"rustworkx": matching_rustworkx.solve, "networkx": matching_networkx.solve}[name]
    with mock.patch.object(matcher, "solve", chosen):
        yield
