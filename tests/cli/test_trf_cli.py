"""The command line on FIDE TRF files: standings, validate and pair read a .trf file as
they read a document; import makes a saved event and export --format trf gives the file back;
a bad file is one error line with its line and column, exit 5 or 6, and nothing imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
runner = CliRunner()


def test_standings_validate_and_pair_read_a_trf_file() -> None:
    path = str(DATA / "all-codes.trf")
    shown = runner.invoke(app, ["standings", path])
    assert shown.exit_code == 0, shown.stderr
    assert "Aronian, Levon" in shown.stdout and "Withdrew" in shown.stdout
    checked = runner.invoke(app, ["validate", path])
    assert checked.exit_code == 0 and "7 players" in checked.stdout
    paired = runner.invoke(app, ["pair", path, "--json"])
    assert paired.exit_code == 0, paired.stderr
    assert json.loads(paired.stdout)["round"] == 5
    other = runner.invoke(app, ["standings", path, "--ruleset", "teamup", "--json"])
    assert other.exit_code == 0, other.stderr


def test_pair_save_refuses_a_trf_file(tmp_path: Path) -> None:
    path = tmp_path / "club.trf"
    path.write_bytes((DATA / "tec-example.trf").read_bytes())
    refused = runner.invoke(app, ["pair", str(path), "--save"])
    assert refused.exit_code == 3
    assert path.read_bytes() == (DATA / "tec-example.trf").read_bytes()


def test_import_then_export_trf_is_byte_identical(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'chess.sqlite3'}"
    source = DATA / "all-codes-crlf.trf"
    made = runner.invoke(app, ["import", str(source), "--db", db, "--json", "--as", "arbiter"])
    assert made.exit_code == 0, made.stderr
    slug = json.loads(made.stdout)["event"]
    out = tmp_path / "back.trf"
    back = runner.invoke(app, ["export", slug, "--format", "trf", "-o", str(out), "--db", db])
    assert back.exit_code == 0, back.stderr
    assert out.read_bytes() == source.read_bytes()
    as_json = runner.invoke(app, ["export", slug, "--db", db])
    assert json.loads(as_json.stdout)["players"][0]["fide_id"] == "13300474"


def test_a_bad_file_is_refused_with_its_place_and_nothing_is_imported(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'chess.sqlite3'}"
    text = (DATA / "tec-example.trf").read_text().replace("0004 w 1", "0004 w 7", 1)
    bad = tmp_path / "bad.trf"
    bad.write_text(text)
    refused = runner.invoke(app, ["import", str(bad), "--db", db])
    assert refused.exit_code == 5
    assert f"{bad}:17:99" in refused.stderr and "unknown result code '7'" in refused.stderr
    assert "Traceback" not in refused.stderr
    listed = runner.invoke(app, ["event", "list", "--db", db, "--json"])
    assert "example" not in listed.stdout.lower()
    mismatch = tmp_path / "mismatch.trf"
    mismatch.write_text(text.replace("0004 w 7", "0004 w 1").replace(" 2.5    1", " 3.5    1"))
    contradicted = runner.invoke(app, ["validate", str(mismatch)])
    assert contradicted.exit_code == 6
    assert f"{mismatch}:17:81" in contradicted.stderr


HAND = (DATA / "hand-tiebreaks.trf").read_text()
#: Each kind of bad file (issue 12): the change to hand-tiebreaks.trf, the exit code, the
#: place (line 10 is player 1's line, line 11 player 2's) and the reason.
BAD_FILES = {
    "wrong column widths": (
        ("001    1 w    Adler, Anna ", "001    1 w   Adler, Anna  "),
        5,
        ":10:14",
        "column 14 must be blank: a field is not in its columns (wrong column widths)",
    ),
    "unknown result code": (
        ("0005 w =", "0005 w x"),
        5,
        ":11:99",
        "unknown result code 'x'",
    ),
    "opponent out of range": (
        ("0004 w 1  0006 b 1", "0009 w 1  0006 b 1"),
        5,
        ":10:92",
        "opponent 9 is out of range: it is no player's start number",
    ),
    "A played B but B's line says C": (
        ("0004 w 1  0006 b 1", "0005 w 1  0006 b 1"),
        6,
        ":10:92",
        "player 1 played 5 in round 1, but 5's line (line 14) says 2",
    ),
    "points mismatch": (
        ("1990/01/02  3.0", "1990/01/02  3.5"),
        6,
        ":11:81",
        "player 2 has 3.5 points in the file but the results add up to 3",
    ),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_each_bad_file_names_line_column_and_reason_and_imports_nothing(
    tmp_path: Path, kind: str
) -> None:
    (old, new), exit_code, place, reason = BAD_FILES[kind]
    assert HAND.count(old) == 1
    bad = tmp_path / "bad.trf"
    bad.write_text(HAND.replace(old, new))
    db = f"sqlite:///{tmp_path / 'chess.sqlite3'}"
    refused = runner.invoke(app, ["import", str(bad), "--db", db, "--as", "arbiter"])
    assert refused.exit_code == exit_code, refused.stderr
    assert f"{bad}{place}" in refused.stderr
    assert reason in refused.stderr
    assert "Traceback" not in refused.stderr
    listed = runner.invoke(app, ["event", "list", "--db", db, "--json"])
    assert listed.exit_code == 0, listed.stderr
    assert json.loads(listed.stdout)["events"] == []
    # The same file, unchanged, imports: the refusal was the change.
    good = tmp_path / "good.trf"
    good.write_text(HAND)
    made = runner.invoke(app, ["import", str(good), "--db", db, "--as", "arbiter", "--json"])
    assert made.exit_code == 0, made.stderr


def test_round_show_gives_a_chess_rounds_colours(tmp_path: Path) -> None:
    # Issue 12: a chess pairing names White and Black (here the colours recorded in a file).
    db = f"sqlite:///{tmp_path / 'chess.sqlite3'}"
    made = runner.invoke(
        app, ["import", str(DATA / "hand-tiebreaks.trf"), "--db", db, "--json", "--as", "td"]
    )
    assert made.exit_code == 0, made.stderr
    slug = json.loads(made.stdout)["event"]
    shown = runner.invoke(app, ["round", "show", slug, "2", "--db", db])
    assert shown.exit_code == 0, shown.stderr
    lines = shown.stdout.splitlines()
    header = next(line for line in lines if line.startswith("Table"))
    assert header.split() == ["Table", "Player", "Opponent", "Result", "White", "Black"]
    assert "Plays first" not in shown.stdout
    # Round 2: 6 (White) lost to 1 (Black); 3 (White) forfeited to 2 (Black).
    row = next(line for line in lines if "Adler, Anna" in line)
    assert row.index("Falk, Frida (manual)") < row.rindex("Adler, Anna")
    row = next(line for line in lines if "Berg, Bruno" in line)
    assert row.rstrip().endswith("Berg, Bruno") and "Conti, Carla (manual)" in row


def test_a_released_round_of_a_chess_scored_stage_gives_white_and_black(tmp_path: Path) -> None:
    import dataclasses

    from fairpair.engine.rulesets import DEFAULT, FIDE
    from fairpair.engine.stage import Stage
    from fairpair.engine.stage_config import SwissConfig, TossSettings
    from fairpair.service.event import events
    from fairpair.service.kernel.connection import opened
    from fairpair.service.players import roster as players
    from fairpair.service.players.registration import NewPlayer

    db = f"sqlite:///{tmp_path / 'chess.sqlite3'}"
    # Named "default", scored 1/½/0: chess by its scoring.
    for name, scoring, chess in (("chess", FIDE.scoring, True), ("games", DEFAULT.scoring, False)):
        stage = Stage(
            config=SwissConfig(max_rounds=3, toss=TossSettings(enabled=True)),
            ruleset=dataclasses.replace(DEFAULT, scoring=scoring),
            seed=name,
        )
        with opened(db) as base:
            slug = events.create_event(base, name, actor="td", stage=stage)
            players.add_players(
                base, slug, [NewPlayer(n, id=n.lower()) for n in ("Ann", "Bob")], actor="td"
            )
        drafted = runner.invoke(app, ["round", "generate", slug, "--db", db, "--as", "td"])
        assert drafted.exit_code == 0, drafted.stderr
        released = runner.invoke(app, ["round", "release", slug, "--db", db, "--as", "td"])
        assert released.exit_code == 0, released.stderr
        shown = runner.invoke(app, ["round", "show", slug, "1", "--db", db])
        assert shown.exit_code == 0, shown.stderr
        header = next(line for line in shown.stdout.splitlines() if line.startswith("Table"))
        if chess:
            assert header.split()[-2:] == ["White", "Black"]
        else:
            assert header.rstrip().endswith("Plays first")
