"""The marker every document may carry: ``"format": "fairpair-tournament", "version": 1``."""

from __future__ import annotations

from typing import Literal

DOCUMENT_FORMAT: Literal["fairpair-tournament"] = "fairpair-tournament"
DOCUMENT_VERSION: Literal[1] = 1
