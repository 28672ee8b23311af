"""The shipped document validator is current, and reading a document does not import pydantic
(start-up: only pydantic_core)."""

from __future__ import annotations

import subprocess
import sys

from fairpair.interop.document.compiled import is_current
from fairpair.interop.document.core_schema import compile_document


def test_the_compiled_validator_is_current() -> None:
    assert is_current(), (
        "src/fairpair/interop/document/compiled.pickle is stale: run "
        "`uv run python -m fairpair.interop.document.compiled`"
    )


def test_a_fresh_build_reads_like_the_shipped_one(seed_001_data: dict[str, object]) -> None:
    from pydantic_core import SchemaValidator

    built = SchemaValidator(compile_document()["schema"])
    from fairpair.interop.document import parse_document

    assert built.validate_python(seed_001_data) == parse_document(seed_001_data)


READ_ONLY_CORE = """
import sys
from fairpair.interop.document import load_document
load_document(sys.argv[1])
loaded = sorted(m for m in sys.modules if m == "pydantic" or m.startswith("pydantic."))
print(loaded)
"""


def test_reading_does_not_import_pydantic(seed_001_path: object) -> None:
    done = subprocess.run(
        [sys.executable, "-c", READ_ONLY_CORE, str(seed_001_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "[]", done.stdout
