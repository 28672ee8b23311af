"""The tournament document: reading, refusing bad documents with the place and reason, and
writing back without loss."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.errors import FairpairError, UnknownRuleset, UnknownTiebreak
from fairpair.engine.results import ResultKind, Side
from fairpair.engine.rounds import ByeKind
from fairpair.engine.validation import InvalidTournamentProblems
from fairpair.interop.document import (
    dump_document,
    load_document,
    parse_document,
)
from fairpair.interop.document.json_schema import json_schema
from fairpair.interop.errors import DocumentError, MalformedJson, UnreadableFile


def first_match(data: dict[str, Any], round_index: int = 0) -> dict[str, Any]:
    match: dict[str, Any] = data["stages"][0]["rounds"][round_index]["matches"][0]
    return match


def refusal(data: Any) -> FairpairError:
    with pytest.raises(FairpairError) as caught:
        parse_document(data)
    return caught.value


def test_the_seed_001_example_loads(seed_001_path: Path) -> None:
    t = load_document(seed_001_path)
    assert len(t.players) == 9
    stage = t.stage()
    assert stage.ruleset.name == "teamup"
    assert [r.number for r in stage.rounds] == [1, 2, 3, 4]
    assert stage.rounds[0].byes[0].player == "ivo"
    assert stage.rounds[0].byes[0].kind is ByeKind.PAIRING
    result = stage.rounds[0].matches[0].result
    assert result is not None and result.winner is Side.A


def test_results_of_every_kind_are_read(seed_001_data: dict[str, Any]) -> None:
    seed_001_data["stages"][0]["ruleset"] = "mtg"
    matches = seed_001_data["stages"][0]["rounds"][0]["matches"]
    matches[0]["result"] = {"games": [1, 2]}
    matches[1]["result"] = {"kind": "intentional_draw"}
    matches[2]["result"] = {"kind": "forfeit", "winner": "b"}
    matches[3]["result"] = {"winner": "draw", "games": [1, 1, 1]}
    t = parse_document(seed_001_data)
    got = [m.result for m in t.stage().rounds[0].matches]
    assert got[0] is not None and got[0].winner is Side.B and got[0].games is not None
    assert got[1] is not None and got[1].kind is ResultKind.INTENTIONAL_DRAW
    assert got[2] is not None and got[2].kind is ResultKind.FORFEIT and got[2].winner is Side.B
    assert got[3] is not None and got[3].is_draw


def test_round_trip_keeps_every_fact(seed_001_data: dict[str, Any]) -> None:
    stage = seed_001_data["stages"][0]
    stage["rounds"][1]["matches"][0]["result"] = {"games": [2, 1, 1]}
    stage["rounds"][1]["matches"][0]["toss"] = {"first": "ash", "reason": "manual", "manual": True}
    stage["ruleset"] = {"base": "mtg", "percentage_floor": "1/4", "tiebreaks": ["omw", "gw"]}
    stage["drops"] = [{"player": "gus", "after_round": 4}]
    stage["forbidden_pairs"] = [["ash", "bea"]]
    first = parse_document(seed_001_data)
    again = parse_document(json.loads(dump_document(first)))
    assert again == first


def test_schema_is_published_and_current() -> None:
    published = Path(__file__).resolve().parents[2] / "docs" / "tournament.schema.json"
    assert json.loads(published.read_text(encoding="utf-8")) == json_schema(), (
        "docs/tournament.schema.json is stale: run `uv run fairpair schema > "
        "docs/tournament.schema.json`"
    )


@pytest.mark.parametrize(
    ("change", "where", "reason"),
    [
        (
            lambda d: first_match(d).update(b="zed"),
            "stages[0].rounds[0].matches[0].b",
            "unknown player 'zed'",
        ),
        (
            lambda d: d["stages"][0]["rounds"][0]["matches"][1].update(a="ash"),
            "stages[0].rounds[0].matches[1].a",
            "'ash' is already in round 1",
        ),
        (
            lambda d: d["stages"][0]["rounds"][0]["byes"][0].update(result={"winner": "a"}),
            "stages[0].rounds[0].byes[0]",
            "a bye has no result",
        ),
        (
            lambda d: first_match(d).update(result={"games": [2, -1]}),
            "stages[0].rounds[0].matches[0].result.games[1]",
            "greater than or equal to 0",
        ),
        (
            lambda d: first_match(d).update(result={"winner": "b", "games": [2, 1]}),
            "stages[0].rounds[0].matches[0].result.winner",
            "do not give the reported outcome",
        ),
        (
            lambda d: first_match(d).update(b="ash"),
            "stages[0].rounds[0].matches[0].b",
            "cannot play against themselves",
        ),
        (
            lambda d: first_match(d).update(result={"games": [4, 0]}),
            "stages[0].rounds[0].matches[0].result.games",
            "4 game wins is impossible in a bo1 match",
        ),
        (
            lambda d: d["players"][1].update(id="ash"),
            "players[1].id",
            "used by two players",
        ),
        (
            lambda d: d["players"][0].pop("name"),
            "players[0].name",
            "is required",
        ),
        (
            lambda d: first_match(d).update(colour="white"),
            "stages[0].rounds[0].matches[0].colour",
            "is not a field here",
        ),
        (
            lambda d: d["stages"][0]["rounds"][1].update(number=1),
            "stages[0].rounds[1].number",
            "round 1 appears twice",
        ),
        (
            lambda d: d["stages"][0].update(drops=[{"player": "cole", "after_round": 2}]),
            "stages[0].rounds[2].matches[0].a",
            "'cole' dropped after round 2 but is paired in round 3",
        ),
        (
            lambda d: d.update(drops=[{"player": "fay", "after_round": 1}]),
            "stages[0].rounds[1].matches[3].b",
            "'fay' dropped after round 1 but is paired in round 2",
        ),
        (
            lambda d: d["stages"][0].update(drops=[{"player": "nobody", "after_round": 1}]),
            "stages[0].drops[0].player",
            "unknown player 'nobody'",
        ),
        (
            lambda d: d["stages"][0].update(ruleset={"base": "mtg", "percentage_floor": 2}),
            "stages[0].ruleset.percentage_floor",
            "must be between 0 and 1",
        ),
    ],
)
def test_bad_documents_are_refused_with_place_and_reason(
    seed_001_data: dict[str, Any], change: Any, where: str, reason: str
) -> None:
    change(seed_001_data)
    error = refusal(seed_001_data)
    problems = getattr(error, "problems", None)
    found = [(p.where, p.reason) for p in problems] if problems else [(error.where, error.reason)]
    assert any(w == where and reason in r for w, r in found), found


def test_every_problem_is_reported_at_once(seed_001_data: dict[str, Any]) -> None:
    first_match(seed_001_data)["b"] = "zed"
    seed_001_data["stages"][0]["rounds"][2]["matches"][0]["a"] = "yan"
    error = refusal(seed_001_data)
    assert isinstance(error, InvalidTournamentProblems)
    assert len(error.problems) == 2


def test_unknown_names_are_their_own_error(seed_001_data: dict[str, Any]) -> None:
    seed_001_data["stages"][0]["ruleset"] = {"base": "teamup", "tiebreaks": ["bucholz"]}
    error = refusal(seed_001_data)
    assert isinstance(error, UnknownTiebreak)
    assert error.where == "stages[0].ruleset.tiebreaks[0]"
    seed_001_data["stages"][0]["ruleset"] = "magic"
    assert isinstance(refusal(seed_001_data), UnknownRuleset)


def test_files_that_cannot_be_read(tmp_path: Path, write_json: Any) -> None:
    with pytest.raises(UnreadableFile, match="no such file"):
        load_document(tmp_path / "missing.json")
    with pytest.raises(UnreadableFile, match="folder"):
        load_document(tmp_path)
    with pytest.raises(MalformedJson) as caught:
        load_document(write_json('{"name": "x",\n "players": [}'))
    assert caught.value.where.endswith(":2:14")
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "Jos\xe9"}'.encode("latin-1"))
    with pytest.raises(UnreadableFile, match="UTF-8"):
        load_document(latin)


def test_not_an_object() -> None:
    with pytest.raises(DocumentError, match="must be a JSON object"):
        parse_document([1, 2])


def test_a_cap_outside_zero_and_one_is_refused(seed_001_data: dict[str, Any]) -> None:
    seed_001_data["stages"][0]["ruleset"] = {"base": "pokemon", "dropped_cap": -1}
    error = refusal(seed_001_data)
    assert isinstance(error, DocumentError)
    assert error.where == "stages[0].ruleset.dropped_cap"
