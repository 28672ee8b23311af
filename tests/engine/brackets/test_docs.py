"""docs/brackets.md: its example runs and says what the engine returns."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "brackets.md"


def test_example_runs_as_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    scope: dict[str, object] = {}
    exec(block.group(1), scope)
    now = scope["now"]
    assert now.playable == ("M3", "M4", "M5", "M7")  # type: ignore[attr-defined]
    assert "('M3', 'M4', 'M5', 'M7')" in block.group(1)
    assert now.champion is None  # type: ignore[attr-defined]
