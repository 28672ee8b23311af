"""`fairpair toss FILE [--json] [--stage ID]` as a user runs it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.exit_codes import ExitCode

runner = CliRunner()
WriteJson = Callable[..., Path]


def _match(table: int, a: str, b: str, first: str, reason: str, manual: bool = False) -> Any:
    return {
        "table": table,
        "a": a,
        "b": b,
        "result": {"kind": "played", "winner": "a"},
        "toss": {"first": first, "reason": reason, "manual": manual},
    }


def document(enabled: bool = True) -> dict[str, Any]:
    """Ana and Ben meet three times (the seed's worked example), Cy has byes; round 3 was
    flipped by hand."""
    return {
        "format": "fairpair-tournament",
        "version": 1,
        "name": "Toss night",
        "players": [
            {"id": "ana", "name": "Ana"},
            {"id": "ben", "name": "Ben"},
            {"id": "cy", "name": "Cy"},
        ],
        "stages": [
            {
                "id": "swiss",
                "name": "Swiss",
                "toss": {"enabled": enabled, "policy": "catch-up"},
                "rounds": [
                    {
                        "number": 1,
                        "matches": [_match(1, "ana", "ben", "ana", "neutral")],
                        "byes": [{"player": "cy"}],
                    },
                    {
                        "number": 2,
                        "matches": [_match(1, "ana", "ben", "ben", "balance")],
                        "byes": [{"player": "cy"}],
                    },
                    {
                        "number": 3,
                        "matches": [_match(1, "ana", "cy", "cy", "manual", manual=True)],
                        "byes": [{"player": "ben"}],
                    },
                ],
            }
        ],
    }


def test_json_is_the_documented_table(write_json: WriteJson) -> None:
    result = runner.invoke(app, ["toss", str(write_json(document())), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload["stage"]["toss"] == {"enabled": True, "policy": "catch-up", "applies": True}
    assert payload["rounds"] == [1, 2, 3]
    rows = {p["id"]: p for p in payload["players"]}
    ana = rows["ana"]
    assert [c["tag"] for c in ana["rounds"]] == ["T", "-", "-"]
    assert ana["rounds"][2] == {
        "round": 3,
        "tag": "-",
        "opponent": "cy",
        "reason": "manual",
        "manual": True,
        "counted": True,
    }
    assert (ana["toss_wins"], ana["matches"], ana["rate"], ana["balance"]) == (1, 3, 33.3, -1)
    assert (ana["balance_class"], ana["manual"]) == ("warn", 1)
    assert [c["tag"] for c in rows["cy"]["rounds"]] == ["B", "B", "T"]
    assert (rows["cy"]["balance"], rows["cy"]["balance_class"]) == (1, "warn")
    assert (rows["ben"]["balance"], rows["ben"]["balance_class"]) == (0, "ok")
    assert payload["max_abs_balance"] == 1


def test_the_table_for_people(write_json: WriteJson) -> None:
    result = runner.invoke(app, ["toss", str(write_json(document()))])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Toss night — Swiss: toss (catch-up)" in out
    for text in ("Wins", "Matches", "Rate", "Balance", "Manual", "33.3%", "-*", "T*", "+1"):
        assert text in out, text


def test_toss_off_still_shows_recorded_tosses_with_a_note(write_json: WriteJson) -> None:
    path = write_json(document(enabled=False))
    result = runner.invoke(app, ["toss", str(path)])
    assert result.exit_code == 0, result.output
    assert "toss is off" in result.output
    payload = json.loads(runner.invoke(app, ["toss", str(path), "--json"]).output)
    assert payload["stage"]["toss"]["applies"] is False


def test_errors_are_clear_with_their_exit_codes(write_json: WriteJson, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["toss", str(tmp_path / "nope.json")])
    assert missing.exit_code == ExitCode.UNREADABLE
    assert "no such file" in missing.output and "Traceback" not in missing.output
    broken = runner.invoke(app, ["toss", str(write_json("{ not json"))])
    assert broken.exit_code == ExitCode.MALFORMED
    stage = runner.invoke(app, ["toss", str(write_json(document())), "--stage", "top8"])
    assert stage.exit_code == ExitCode.UNKNOWN_NAME
    assert "no stage 'top8'" in stage.output
    bad = document()
    bad["stages"][0]["rounds"][0]["matches"][0]["toss"]["first"] = "cy"
    wrong = runner.invoke(app, ["toss", str(write_json(bad))])
    assert wrong.exit_code != 0 and "Traceback" not in wrong.output
    assert "toss.first" in wrong.output


def test_pair_carries_the_toss_when_the_stage_has_it_on(write_json: WriteJson) -> None:
    doc = document()
    doc["players"].append({"id": "dee", "name": "Dee"})
    doc["stages"][0]["rounds"] = doc["stages"][0]["rounds"][:2]
    doc["stages"][0]["rounds"][1]["matches"][0]["result"] = {"kind": "played", "winner": "b"}
    doc["stages"][0]["rounds"][0]["byes"] = [{"player": "cy"}, {"player": "dee"}]
    doc["stages"][0]["rounds"][1]["byes"] = [{"player": "cy"}, {"player": "dee"}]
    path = write_json(doc)
    result = runner.invoke(app, ["pair", str(path), "--json"])
    assert result.exit_code == 0, result.output
    pairings = json.loads(result.output)["pairings"]
    assert len(pairings) == 2
    for p in pairings:
        toss = p["toss"]
        assert toss["first"] in (p["a"]["id"], p["b"]["id"])
        assert toss["reason"] in ("balance", "history", "neutral", "catch-up")
        assert toss["manual"] is False
    table = runner.invoke(app, ["pair", str(path)])
    assert table.exit_code == 0 and "Plays first" in table.output

    doc["stages"][0]["toss"]["enabled"] = False
    off = json.loads(
        runner.invoke(app, ["pair", str(write_json(doc, "off.json")), "--json"]).output
    )
    assert all("toss" not in p for p in off["pairings"])


def test_a_forfeit_is_marked_in_text_not_only_struck_through(write_json: WriteJson) -> None:
    doc = document()
    doc["stages"][0]["rounds"][1]["matches"][0]["result"] = {"kind": "forfeit", "winner": "a"}
    result = runner.invoke(app, ["toss", str(write_json(doc))])
    assert result.exit_code == 0, result.output
    ana = next(line for line in result.output.splitlines() if line.startswith("Ana"))
    assert "(-)" in ana  # Ana's round-2 toss: not played at the table, not counted
    assert "(T) in brackets: not played at the table, not counted" in result.output
