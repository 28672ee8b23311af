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


def test_the_readme_five_minute_event_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of "Run an event in five minutes", in order, on a fresh database."""
    import shlex

    from cli_runner import CliRunner
    from fairpair.cli.app import app

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Run an event in five minutes", 1)[1]
    (block,) = re.findall(r"```bash\n(.*?)```", section.split("### Or work on one file")[0], re.S)
    monkeypatch.setenv("FAIRPAIR_DATABASE_URL", f"sqlite:///{tmp_path / 'events.sqlite3'}")
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    lines = [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]
    assert len(lines) >= 10
    for line in lines:
        words = shlex.split(line)
        assert words[:3] == ["uv", "run", "fairpair"], line
        args = [str(tmp_path / "friday.json") if w == "friday.json" else w for w in words[3:]]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (line, result.output, result.stderr)
    assert (tmp_path / "friday.json").exists()
