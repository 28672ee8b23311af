"""`fairpair validate`, `standings`, `demo`, `schema` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.exit_codes import ExitCode

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def rows_by_id(payload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["player"]["id"]: row for row in payload["rows"]}


def test_standings_json_reproduces_seed_001(seed_001_path: Path) -> None:
    result = run("standings", str(seed_001_path), "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert [t["name"] for t in payload["tiebreaks"]] == [
        "buchholz",
        "head_to_head",
        "game_difference",
        "seed",
    ]
    rows = rows_by_id(payload)
    assert [rows[p]["tiebreaks"]["buchholz"]["value"] for p in ("cole", "ivo", "hana")] == [8, 6, 5]
    assert [r["player"]["id"] for r in payload["rows"][:4]] == ["bea", "cole", "ivo", "hana"]
    assert rows["cole"]["rank"] == 2
    assert rows["cole"]["record"] == {"wins": 3, "draws": 0, "losses": 1, "text": "3/4"}
    assert rows["ivo"]["played"] == 4  # the bye counts as played


def test_mtg_ranks_ivo_second_with_exact_omw(seed_001_path: Path) -> None:
    payload = json.loads(run("standings", str(seed_001_path), "--ruleset", "mtg", "--json").output)
    assert [r["player"]["id"] for r in payload["rows"][:2]] == ["bea", "ivo"]
    rows = rows_by_id(payload)
    assert rows["cole"]["tiebreaks"]["omw"] == {
        "value": 0.54,
        "exact": "27/50",
        "display": "54.0%",
    }
    assert rows["ivo"]["tiebreaks"]["omw"]["display"] == "55.3%"
    assert rows["hana"]["tiebreaks"]["omw"]["display"] == "44.3%"


def test_human_table_has_the_columns(seed_001_path: Path) -> None:
    result = run("standings", str(seed_001_path))
    assert result.exit_code == 0
    header = next(line for line in result.output.splitlines() if "Player" in line)
    for column in ("#", "Player", "Pts", "BH", "H2H", "GD", "Seed", "Played"):
        assert column in header
    assert "W-L-D" not in header and "W-D-L" not in header  # 1/½/0: the points are the score
    assert " F " not in header  # no forfeits in this event


def test_forfeit_column_and_withdrawn_badge(seed_001_data: dict[str, Any], write_json: Any) -> None:
    stage = seed_001_data["stages"][0]
    stage["rounds"][3]["matches"][3]["result"] = {"kind": "forfeit", "winner": "a"}
    stage["drops"] = [{"player": "fay", "after_round": 4}]
    result = run("standings", str(write_json(seed_001_data)))
    assert result.exit_code == 0, result.output
    header = next(line for line in result.output.splitlines() if "Player" in line)
    assert "F" in header.split()
    assert "Withdrew" in result.output


def test_after_round_gives_earlier_standings(seed_001_path: Path) -> None:
    payload = json.loads(
        run("standings", str(seed_001_path), "--after-round", "1", "--json").output
    )
    assert payload["after_round"] == 1
    assert {r["player"]["id"] for r in payload["rows"] if r["points"] == 1} == {
        "ash",
        "bea",
        "cole",
        "dev",
        "ivo",
    }


def test_validate_ok_and_bad(
    seed_001_path: Path, seed_001_data: dict[str, Any], write_json: Any
) -> None:
    ok = run("validate", str(seed_001_path))
    assert ok.exit_code == 0 and "valid" in ok.output
    seed_001_data["stages"][0]["rounds"][0]["matches"][0]["b"] = "zed"
    bad = run("validate", str(write_json(seed_001_data)))
    assert bad.exit_code == ExitCode.INCONSISTENT
    assert "stages[0].rounds[0].matches[0].b" in bad.output
    assert "unknown player 'zed'" in bad.output


def test_exit_codes_per_kind_of_failure(tmp_path: Path, write_json: Any) -> None:
    assert run("validate", str(tmp_path / "none.json")).exit_code == ExitCode.UNREADABLE
    assert run("validate", str(write_json("{oops"))).exit_code == ExitCode.MALFORMED
    assert run("validate", str(write_json({"players": []}))).exit_code == ExitCode.INVALID
    assert (
        run("standings", str(write_json({"name": "x", "players": []})), "--ruleset", "chess")
    ).exit_code == ExitCode.UNKNOWN_NAME


def test_demo_and_schema() -> None:
    demo = run("demo")
    assert demo.exit_code == 0 and "Chloé Martin" in demo.output
    document = run("demo", "--document")
    assert json.loads(document.output)["format"] == "fairpair-tournament"
    schema = json.loads(run("schema").output)
    assert schema["title"] == "fairpair tournament document"


def test_the_installed_command_prints_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "players": [{"id": "a"}]}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "fairpair", "validate", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == ExitCode.INVALID
    assert "players[0].name: is required" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_the_bundled_demo_is_the_example_and_pairs_on() -> None:
    root = Path(__file__).resolve().parents[2]
    bundled = (root / "src" / "fairpair" / "data" / "demo-tournament.json").read_text("utf-8")
    example = root / "examples" / "friday-night-magic.json"
    assert bundled == example.read_text("utf-8"), "run `uv run python examples/make_demo.py`"
    paired = run("pair", str(example), "--json")
    assert paired.exit_code == 0, paired.output
    assert json.loads(paired.output)["round"] == 5


def test_names_are_printed_as_written(seed_001_data: dict[str, Any], write_json: Any) -> None:
    seed_001_data["players"][1]["name"] = "Bea [bold]Team[/bold]"
    path = str(write_json(seed_001_data))
    for command in ("standings", "pair", "toss", "validate"):
        result = run(command, path)
        assert result.exit_code == 0, result.output
        if command != "validate":
            # Rich would read the brackets as style markup; fairpair prints them as text.
            assert "[bold]Team" in result.output.replace("\n", ""), command


def test_pair_save_adds_the_round_and_refuses_the_next_until_reported(
    seed_001_data: dict[str, Any], write_json: Any
) -> None:
    path = write_json(seed_001_data)
    saved = run("pair", str(path), "--save")
    assert saved.exit_code == 0, saved.output
    rounds = json.loads(path.read_text("utf-8"))["stages"][0]["rounds"]
    assert [r["number"] for r in rounds] == [1, 2, 3, 4, 5]
    assert all("result" not in m for m in rounds[4]["matches"])
    before = path.read_text("utf-8")
    again = run("pair", str(path), "--save")
    assert again.exit_code == ExitCode.REFUSED
    assert "round 5 still has 4 matches without a result" in again.output
    assert path.read_text("utf-8") == before  # a refusal changes nothing


def test_pair_save_keeps_the_file_permissions(
    seed_001_data: dict[str, Any], write_json: Any
) -> None:
    path = write_json(seed_001_data)
    path.chmod(0o644)
    assert run("pair", str(path), "--save").exit_code == 0
    assert path.stat().st_mode & 0o777 == 0o644


def test_pair_save_prints_a_bracketed_file_name_as_written(
    seed_001_data: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "[red]event.json"
    path.write_text(json.dumps(seed_001_data), encoding="utf-8")
    result = run("pair", str(path), "--save")
    assert result.exit_code == 0, result.output
    assert "[red]event.json" in result.output.replace("\n", "")


def test_swiss_elimination_badges(write_json: Any) -> None:
    players = [{"id": f"p{i}", "name": f"P{i}", "seed": i} for i in range(1, 5)]
    rounds = [
        {
            "number": 1,
            "matches": [
                {"table": 1, "a": "p1", "b": "p3", "result": {"games": [2, 0]}},
                {"table": 2, "a": "p2", "b": "p4", "result": {"games": [0, 2]}},
            ],
        }
    ]
    stage = {
        "id": "se",
        "format": "swiss_elimination",
        "elimination": {"wins_to_advance": 1, "losses_to_eliminate": 1},
        "rounds": rounds,
    }
    path = write_json({"name": "Elim", "players": players, "stages": [stage]})
    payload = json.loads(run("standings", str(path), "--json").output)
    status = {r["player"]["id"]: r["status"] for r in payload["rows"]}
    assert status == {"p1": "advanced", "p4": "advanced", "p2": "eliminated", "p3": "eliminated"}
    assert "(Advanced)" in run("standings", str(path)).output


def test_seed_001_catalogue_through_the_cli(seed_001_data: dict[str, Any], write_json: Any) -> None:
    """Seed 001's table, each number read off `fairpair standings --json`."""
    stage = seed_001_data["stages"][0]
    order = ["buchholz", "median1", "sonneborn_berger", "omw"]

    def values(**changes: Any) -> dict[str, dict[str, str]]:
        stage["ruleset"] = {"base": "teamup", "tiebreaks": order, **changes}
        out = run("standings", str(write_json(seed_001_data)), "--json")
        assert out.exit_code == 0, out.output
        rows = rows_by_id(json.loads(out.output))
        return {
            p: {t: rows[p]["tiebreaks"][t]["display"] for t in order}
            for p in ("cole", "ivo", "hana")
        }

    floored = values(percentage_floor="0.33")
    assert [floored[p]["buchholz"] for p in ("cole", "ivo", "hana")] == ["8", "6", "5"]
    assert [floored[p]["median1"] for p in ("cole", "ivo", "hana")] == ["3", "1", "2"]
    assert [floored[p]["sonneborn_berger"] for p in ("cole", "ivo", "hana")] == ["4", "2", "3"]
    assert [floored[p]["omw"] for p in ("cole", "ivo", "hana")] == ["54.0%", "55.3%", "44.3%"]
    unfloored = values(percentage_floor=0)
    assert [unfloored[p]["omw"] for p in ("cole", "ivo")] == ["50.0%", "50.0%"]
    fide_bye = values(unplayed="virtual_opponent")
    assert [fide_bye[p]["buchholz"] for p in ("ivo", "hana")] == ["9", "8"]


def test_an_unexpected_error_is_one_line_not_a_traceback(
    seed_001_path: Path, monkeypatch: Any
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("fairpair.cli.standings.compute_standings", broken)
    result = run("standings", str(seed_001_path))
    assert result.exit_code == ExitCode.INTERNAL
    assert "internal error (RuntimeError: boom)" in result.output
    assert "Traceback" not in result.output
