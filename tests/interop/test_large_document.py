"""A large document read a round at a time (``interop.document.large``): the same tournament
as read whole, its refusals the whole reader's, its matches' players the players' own ids, and
the command line's choice of reader by the file's size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.engine.errors import FairpairError
from fairpair.engine.validation import problems, validate
from fairpair.interop.document import large, load_document, read

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))
FNM = Path(__file__).resolve().parents[2] / "examples" / "friday-night-magic.json"


@pytest.fixture
def fell_back(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The files the large reader handed to the whole reader (a refusal, or a bug)."""
    seen: list[Any] = []

    def whole_again(path: Any) -> Any:
        seen.append(path)
        return load_document(path)

    monkeypatch.setattr(large, "load_document", whole_again)
    return seen


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_an_example_reads_the_same_a_round_at_a_time(path: Path, fell_back: list[Any]) -> None:
    assert large.load_large_document(path) == load_document(path)
    assert not fell_back


def test_every_match_names_the_players_own_id_objects(fell_back: list[Any]) -> None:
    tournament = large.load_large_document(FNM)
    ids = {p.id: p.id for p in tournament.players}
    matches = [m for s in tournament.stages for r in s.rounds for m in r.matches]
    assert matches
    assert all(m.a is ids[m.a] and m.b is ids[m.b] for m in matches)
    tables: dict[int, int] = {}
    assert all(tables.setdefault(m.table, m.table) is m.table for m in matches)
    assert not fell_back


def event_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FNM.read_text(encoding="utf-8"))
    return data


def refused(path: Path) -> tuple[type[FairpairError], str, Any]:
    with pytest.raises(FairpairError) as caught:
        load_document(path)
    error = caught.value
    return type(error), str(error), getattr(error, "problems", None)


def broken(data: dict[str, Any], how: str) -> bytes:
    rounds = data["stages"][0]["rounds"]
    match = rounds[1]["matches"][0]
    if how == "unknown player":
        match["b"] = "nobody"
    elif how == "player twice in a round":
        rounds[1]["matches"][1]["a"] = match["a"]
    elif how == "impossible result":
        match["result"] = {"winner": "a", "games": [0, 2]}
    elif how == "a game score the format cannot have":
        match["result"] = {"winner": "a", "games": [3, 0]}  # best of three
    elif how == "a table number twice in a round":
        rounds[1]["matches"][1]["table"] = match["table"]
    elif how == "a player against themselves":
        match["b"] = match["a"]
        match.pop("toss", None)
    elif how == "a toss for a player not at the table":
        match["toss"] = {"first": rounds[1]["matches"][1]["a"], "reason": "neutral"}
    elif how == "a bye for a player at a table":
        rounds[1]["byes"] = [{"player": match["a"]}]
    elif how == "a match id used twice":
        match["id"] = rounds[1]["matches"][1]["id"] = "feature"
    elif how == "a match id another match has by default":
        match["id"] = f"{rounds[0]['number']}.{rounds[0]['matches'][0]['table']}"
    elif how == "a key that is no field":
        match["colour"] = "white"
    elif how == "a round that is not an object":
        rounds[1] = [1, 2]
    elif how == "rounds not a list":
        data["stages"][0]["rounds"] = {"1": rounds[0]}
    elif how == "stages not a list":
        data["stages"] = data["stages"][0]
    elif how == "a stage setting of another format":
        data["stages"][0]["pod_size"] = 4
    text = json.dumps(data, indent=2).encode()
    if how == "bad JSON inside a round":
        at = text.index(b'"matches"', text.index(b'"rounds"'))
        text = text[:at] + b"," + text[at:]
    if how == "cut short in a round":
        text = text[: text.index(b'"matches"', text.index(b'"rounds"')) + 40]
    return text


BROKEN = (
    "unknown player",
    "player twice in a round",
    "impossible result",
    "a game score the format cannot have",
    "a table number twice in a round",
    "a player against themselves",
    "a toss for a player not at the table",
    "a bye for a player at a table",
    "a match id used twice",
    "a match id another match has by default",
    "a key that is no field",
    "a round that is not an object",
    "rounds not a list",
    "stages not a list",
    "a stage setting of another format",
    "bad JSON inside a round",
    "cut short in a round",
)


@pytest.mark.parametrize("how", BROKEN)
def test_a_refused_document_is_refused_as_the_whole_reader_does(
    how: str, tmp_path: Path, fell_back: list[Any]
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(broken(event_data(), how))
    expected = refused(path)
    with pytest.raises(FairpairError) as caught:
        large.load_large_document(path)
    error = caught.value
    assert (type(error), str(error), getattr(error, "problems", None)) == expected
    assert fell_back == [path]


def test_a_valid_document_is_not_read_again_table_by_table(
    monkeypatch: pytest.MonkeyPatch, fell_back: list[Any]
) -> None:
    """Its rounds passed their quick check as they were read: the tournament's checks are told
    so (``rounds_checked``), and find what they find without it — nothing."""
    told: list[bool] = []
    checks = validate

    def spy(tournament: Any, **given: Any) -> Any:
        told.append(given["rounds_checked"])
        assert problems(tournament, players_checked=True) == []
        return checks(tournament, **given)

    monkeypatch.setattr(large, "validate", spy)
    assert large.load_large_document(FNM) == load_document(FNM)
    assert told == [True]
    assert not fell_back


runner = CliRunner()


def test_the_command_line_reads_a_file_from_the_large_size_a_round_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = ["standings", str(FNM), "--json"]
    whole = runner.invoke(app, words)
    calls: list[Any] = []
    by_rounds = large.load_large_document

    def spy(path: Any) -> Any:
        calls.append(path)
        return by_rounds(path)

    monkeypatch.setattr(large, "load_large_document", spy)
    assert runner.invoke(app, words).stdout == whole.stdout
    assert calls == []  # a small file: read whole
    monkeypatch.setattr(read, "LARGE_DOCUMENT_BYTES", FNM.stat().st_size)
    again = runner.invoke(app, words)
    assert (again.exit_code, again.stdout) == (0, whole.stdout)
    assert calls == [str(FNM)]
