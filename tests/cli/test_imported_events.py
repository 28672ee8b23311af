"""A saved event imported from a document: its rounds carry no state (they are untracked)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import CliRunner
from fairpair.cli.app import app

ROOT = Path(__file__).resolve().parents[2]


def test_release_without_a_draft_on_an_imported_event_says_so(tmp_path: Path) -> None:
    # An imported document's rounds carry no state: the refusal must not print "None".
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    runner = CliRunner()
    made = runner.invoke(
        app, ["import", str(ROOT / "examples" / "seed-001-nine-players.json"), "--db", db, "--json"]
    )
    slug = json.loads(made.stdout)["event"]
    refused = runner.invoke(app, ["round", "release", slug, "--db", db])
    assert refused.exit_code == 8
    assert "round 4 is already released)" in refused.stderr and "None" not in refused.stderr
