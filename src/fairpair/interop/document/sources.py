"""The sources the shipped document validator is made from, and their digest: a change to any
of them (or another pydantic-core) makes ``compiled.pickle`` stale.

The digest is a CRC-32 chain (``zlib``, already loaded), not a cryptographic hash: it tells an
edited source from the one the file was made from, and is checked at every start of every
command, where importing OpenSSL's ``hashlib`` cost ~3 ms (docs/performance.md "Start-up")."""

from __future__ import annotations

import zlib
from pathlib import Path

from fairpair.interop.document.validator_core import VERSION

PACKAGE = Path(__file__).resolve().parents[2]

#: The modules whose text decides the validator (a change to any of them needs a new file).
SOURCES = (
    *(
        f"interop/document/{name}.py"
        for name in (
            "schema",
            "core_schema",
            "values",
            "checks",
            "binding",
            "results",
            "rulesets",
            "limits",
            "marker",
        )
    ),
    *(
        f"engine/{name}.py"
        for name in (
            "drops",
            "players",
            "results",
            "rounds",
            "ruleset",
            "rulesets",
            "scoring",
            "stage",
            "stage_config",
            "stage_cut",
            "tournament",
            "validation",
        )
    ),
)


def sources_digest() -> str:
    crc = zlib.crc32(VERSION.encode())
    for name in SOURCES:
        crc = zlib.crc32(name.encode(), crc)
        crc = zlib.crc32((PACKAGE / name).read_bytes(), crc)
    return f"crc32:{crc:08x}"
