"""``fairpair player import`` with messy files and ``--column``, ``fairpair export --format
csv``, and ``fairpair backup`` / ``fairpair restore`` as an organizer runs them (issue 12,
points 4 and 5): exit codes, every problem on standard error, nothing changed on a refusal."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app

runner = CliRunner()


@pytest.fixture
def fp(tmp_path: Path) -> Any:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, (args, result.output)
        assert "Traceback" not in result.output
        return result

    return run


def _event(fp: Any) -> str:
    slug: str = json.loads(fp("demo", "--json").stdout)["event"]
    return slug


def test_import_with_a_mapping_reports_warnings_and_every_problem(fp: Any, tmp_path: Path) -> None:
    slug = json.loads(fp("event", "new", "Csv Club", "--json").stdout)["event"]
    bad = tmp_path / "bad.csv"
    bad.write_text("Joueur;Seed #\nAnn;x\nBo;-1\n", encoding="utf-8")
    refused = fp("player", "import", slug, str(bad), "--column", "Joueur=name", code=5)
    assert f"{bad} line 2, column Seed #" in refused.output
    assert f"{bad} line 3, column Seed #" in refused.output
    fp("player", "import", slug, str(bad), "--column", "Joueur", code=2)
    fp("player", "import", slug, str(bad), "--column", "Joueur=nom", code=2)
    good = tmp_path / "good.csv"
    good.write_text("\ufeffJoueur;DCI;Byes\nAnn;11;1\nAnn;12;\n", encoding="utf-8")
    done = fp("player", "import", slug, str(good), "--column", "joueur=name", "--json")
    made = json.loads(done.stdout)
    assert made["players"] == ["11", "12"]
    assert made["warnings"][0]["line"] == 3 and "both are imported" in made["warnings"][0]["reason"]
    said = fp("player", "import", slug, str(good), "--column", "joueur=name", code=5)
    assert "'11' is registered already" in said.output


def test_export_csv_tables(fp: Any, tmp_path: Path) -> None:
    slug = _event(fp)
    standings = list(csv.reader(io.StringIO(fp("export", slug, "--format", "csv").stdout)))
    # The demo's players have ratings: the column is there (title, federation, FIDE id not).
    assert standings[0][:5] == ["rank", "player", "id", "rating", "points"]
    roster = fp("export", slug, "--format", "csv", "--table", "players").stdout
    assert roster.startswith("name,id,seed,rating,team,title,federation,fide_id,sex,birth_date")
    pairings = fp("export", slug, "--format", "csv", "--table", "pairings", "--round", "2").stdout
    assert all(row[0] == "2" for row in list(csv.reader(io.StringIO(pairings)))[1:])
    out = tmp_path / "results.csv"
    fp("export", slug, "--format", "csv", "--table", "results", "-o", str(out))
    assert out.read_text(encoding="utf-8").startswith("stage,round,table,match,")
    fp("export", slug, "--format", "csv", "--table", "pairings", "--round", "9", code=7)
    fp("export", slug, "--format", "xml", code=2)


def test_backup_and_restore(fp: Any, tmp_path: Path) -> None:
    slug = _event(fp)
    file = tmp_path / "backup.json"
    fp("backup", slug, "-o", str(file))
    made = json.loads(fp("restore", str(file), "--json").stdout)
    assert made == {"event": f"{slug}-2", "version_read": 1, "owner": None, "community": None}
    assert "copy" in fp("restore", str(file), "--slug", "copy").stdout
    fp("restore", str(file), "--slug", "copy", code=9)  # event_exists: a conflict
    data = json.loads(file.read_text(encoding="utf-8"))
    data["version"] = 7
    file.write_text(json.dumps(data), encoding="utf-8")
    newer = fp("restore", str(file), code=5)
    assert "version: version 7 is newer than this fairpair reads" in newer.output
    fp("restore", str(tmp_path / "none.json"), code=3)
    listed = fp("event", "list", "--json").stdout
    assert len(json.loads(listed)["events"]) == 3
