"""Failure classes open on today's main (placeholder, filled from the long run)."""

from __future__ import annotations

from .harness import Known

KNOWN_OPEN: list[Known] = []
