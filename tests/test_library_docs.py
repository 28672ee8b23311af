"""docs/library.md: its example runs as written, and it documents every public name."""

from __future__ import annotations

import re
from pathlib import Path

import fairpair

DOC = Path(__file__).resolve().parent.parent / "docs" / "library.md"


def _blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_embedding_example_runs() -> None:
    blocks = _blocks()
    assert blocks, "docs/library.md has no python example"
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {"__name__": "library_example"})


def test_every_public_name_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    documented = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", text))
    missing = [name for name in fairpair.__all__ if name not in documented]
    assert missing == [], f"add these to docs/library.md: {missing}"


def test_every_public_name_resolves() -> None:
    for name in fairpair.__all__:
        assert getattr(fairpair, name) is not None
