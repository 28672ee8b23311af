"""The sources the shipped document validator is made from, and their digest: a change to any
of them (or another pydantic-core) makes ``compiled.pickle`` stale.

The digest is a CRC-32 chain (``zlib``, already loaded), not a cryptographic hash: it tells an
edited source from the one the file was made from, and is checked at every start of every
command, where importing OpenSSL's ``hashlib`` cost ~3 ms (docs/performance.md "Start-up")."""

from __future__ import annotations

import os
import zlib

from fairpair.interop.document.validator_core import VERSION

PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))

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
        with open(os.path.join(PACKAGE, name), "rb") as stream:
            crc = zlib.crc32(stream.read(), crc)
    return f"crc32:{crc:08x}"
