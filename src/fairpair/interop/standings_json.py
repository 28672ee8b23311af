"""Moved: the standings JSON is the response model ``fairpair.responses.standings``; the value
helpers live in ``fairpair.responses.values``. Re-exported here for the modules that still
import them from this place (``fairpair.responses.draft``, ``.pairing_notes``)."""

from __future__ import annotations

from fairpair.responses.values import decimal, display, exact_text, status_of

__all__ = ["decimal", "display", "exact_text", "status_of"]
