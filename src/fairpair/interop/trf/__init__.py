"""FIDE Tournament Report Files (TRF-16 player lines with the TRF-2026 and JaVaFo records).

``load_trf``/``read_trf`` read a file into an engine ``Tournament`` and the ``TrfLayout``
that writes it back byte for byte (``write_trf``, ``encode_trf``); docs/trf.md has the
columns, the result codes and what fairpair keeps. One idea per module: ``columns`` (where
each field is), ``codes`` (the result codes), ``tags`` (the records that change how fairpair
counts), ``layout``, ``reader``, ``writer``, ``errors``.
"""

from __future__ import annotations

from fairpair.interop.trf.errors import (
    NotExportable,
    TrfContradiction,
    TrfError,
    TrfProblem,
    TrfUnknownTiebreak,
)
from fairpair.interop.trf.layout import TrfLayout
from fairpair.interop.trf.reader import TrfEvent, load_trf, read_trf
from fairpair.interop.trf.writer import encode_trf, write_trf

__all__ = [
    "NotExportable",
    "TrfContradiction",
    "TrfError",
    "TrfEvent",
    "TrfLayout",
    "TrfProblem",
    "TrfUnknownTiebreak",
    "encode_trf",
    "load_trf",
    "read_trf",
    "write_trf",
]
