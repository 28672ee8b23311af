"""The README's library snippet runs as written, on the demo document of its tour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_library_snippet_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fairpair.cli.demo import demo_document

    (tmp_path / "friday.json").write_text(demo_document(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    (snippet,) = re.findall(r"```python\n(.*?)```", text, re.S)
    exec(compile(snippet, "README.md", "exec"), {"__name__": "readme"})
