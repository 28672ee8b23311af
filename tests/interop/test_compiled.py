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


SHARED_CLASSES = """
import sys
from fairpair.interop.document import validator_core
assert "pydantic_core" not in sys.modules  # the extension alone, not the package's schema types
import pydantic, pydantic_core
class M(pydantic.BaseModel):
    x: int
try:
    M(x="a")
except validator_core.ValidationError as error:  # pydantic's error is the reader's class
    caught = error.error_count()
print(pydantic_core.ValidationError is validator_core.ValidationError, caught)
"""


def test_the_reader_and_pydantic_share_the_validator_classes() -> None:
    """The reader loads pydantic-core's extension without its package (start-up); pydantic,
    imported after it in the same process (the server), gets the same classes."""
    done = subprocess.run(
        [sys.executable, "-c", SHARED_CLASSES],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["True", "1"], done.stderr
