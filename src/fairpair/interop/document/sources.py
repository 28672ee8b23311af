"""The sources the shipped document validator is made from, and their digest: a change to any
of them (or another pydantic-core) makes ``compiled.pickle`` stale."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pydantic_core

PACKAGE = Path(__file__).resolve().parents[2]

#: The modules whose text decides the validator (a change to any of them needs a new file).
SOURCES = (
    *(
        f"interop/document/{name}.py"
        for name in (
            "schema",
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
            "tournament",
            "validation",
        )
    ),
)


def sources_digest() -> str:
    digest = hashlib.sha256(pydantic_core.__version__.encode())
    for name in SOURCES:
        digest.update(name.encode())
        digest.update((PACKAGE / name).read_bytes())
    return digest.hexdigest()
