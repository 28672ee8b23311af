"""The document mapping: one key per engine field, rulesets stored as a preset plus changes,
the new model (pod tables, round states, match ids, per-format config) round-tripped."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, cast

import pytest

from fairpair.engine.drops import Drop
from fairpair.engine.players import Player
from fairpair.engine.rounds import Bye, Match, PodTable, Round, RoundState, Toss
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage import AssignedBye, Elimination, Group, Stage, TossSettings
from fairpair.engine.stage_config import SwissConfig, SwissEliminationConfig
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import dump_document, parse_document, to_document
from fairpair.interop.document.binding import BINDINGS
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.document.rulesets import NOT_CHANGES
from fairpair.interop.document.schema import RulesetDoc, ScoringDoc

#: Engine fields the document does not hold, and why.
NOT_IN_THE_DOCUMENT = {
    (Stage, "config"): "written flat: format, pairing_method, elimination, ... (stages.py)",
}


@pytest.mark.parametrize(
    "engine",
    [
        Player,
        Drop,
        Match,
        PodTable,
        Bye,
        Toss,
        Round,
        Group,
        Elimination,
        AssignedBye,
        TossSettings,
        Tournament,
        Stage,
    ],
    ids=lambda cls: cls.__name__,
)
def test_every_engine_field_has_its_key(engine: type[Any]) -> None:
    document_validator()
    keys = set(BINDINGS[engine].keys)
    fields = {f.name for f in dataclasses.fields(engine)}
    missing = {f for f in fields - keys if (engine, f) not in NOT_IN_THE_DOCUMENT}
    assert not missing, f"add {sorted(missing)} to the {engine.__name__} TypedDict in schema.py"
    if engine is Stage:
        config = {f.name for f in dataclasses.fields(SwissEliminationConfig)} - {"thresholds"}
        assert not (config - keys), "a stage config field is missing from StageDoc"


def test_every_ruleset_and_scoring_field_has_its_key() -> None:
    ruleset = {f.name for f in dataclasses.fields(Ruleset)} - set(NOT_CHANGES)
    assert ruleset <= set(RulesetDoc.__annotations__)
    assert {f.name for f in dataclasses.fields(Scoring)} == set(ScoringDoc.__annotations__)


def test_a_changed_preset_is_stored_as_its_base_and_the_changes(
    seed_001_data: dict[str, Any],
) -> None:
    seed_001_data["stages"][0]["ruleset"] = {
        "base": "mtg",
        "percentage_floor": "1/4",
        "scoring": {"draw": 2},
    }
    t = parse_document(seed_001_data)
    ruleset = t.stage().ruleset
    assert ruleset.base == "mtg" and ruleset.name == "mtg"
    assert ruleset.scoring.draw == 2 and ruleset.scoring.win == PRESETS["mtg"].scoring.win
    written = to_document(t)["stages"][0]["ruleset"]
    assert written == {"base": "mtg", "scoring": {"draw": 2}, "percentage_floor": "1/4"}
    assert parse_document(json.loads(dump_document(t))) == t


def test_a_preset_is_stored_by_name(seed_001_data: dict[str, Any]) -> None:
    t = parse_document(seed_001_data)
    assert to_document(t)["stages"][0]["ruleset"] == "teamup"
    unchanged = {**seed_001_data}
    unchanged["stages"][0]["ruleset"] = {"base": "fide"}
    assert to_document(parse_document(unchanged))["stages"][0]["ruleset"] == "fide"


def test_pods_states_ids_and_swiss_elimination_round_trip() -> None:
    data: dict[str, Any] = {
        "name": "Commander night",
        "players": [
            {"id": p, "name": p.title()} for p in ("ash", "bea", "cole", "dev", "eli", "fay")
        ],
        "stages": [
            {
                "format": "swiss_elimination",
                "elimination": {"wins_to_advance": 2, "losses_to_eliminate": 2},
                "slide_first_round": False,
                "prefer_repeat_bye": True,
                "ruleset": {"base": "default", "scoring": {"place_points": [5, 1]}},
                "rounds": [
                    {
                        "number": 1,
                        "state": "completed",
                        "matches": [
                            {
                                "table": 1,
                                "a": "eli",
                                "b": "fay",
                                "result": {"winner": "a"},
                                "id": "feature",
                            }
                        ],
                        "pods": [
                            {
                                "table": 2,
                                "seats": ["ash", "bea", "cole", "dev"],
                                "places": [1, 2, 3, 4],
                            }
                        ],
                    }
                ],
            }
        ],
    }
    t = parse_document(data)
    stage = t.stage()
    assert stage.elimination == Elimination(2, 2) and not stage.slide_first_round
    assert cast(SwissConfig, stage.config).prefer_repeat_bye
    rnd = stage.rounds[0]
    assert rnd.state is RoundState.COMPLETED
    assert rnd.matches[0].id == "feature" and rnd.pods[0].id == "1.2"
    assert rnd.pods[0].places == (1, 2, 3, 4)
    again = parse_document(json.loads(dump_document(t)))
    assert again == t
    written = to_document(t)["stages"][0]
    assert "id" not in written["rounds"][0]["pods"][0]  # the default id is not written
    assert written["rounds"][0]["matches"][0]["id"] == "feature"


def test_a_contradicting_stage_is_refused_with_its_place(seed_001_data: dict[str, Any]) -> None:
    from fairpair.interop.errors import DocumentError

    seed_001_data["stages"][0]["elimination"] = {"wins_to_advance": 3, "losses_to_eliminate": 2}
    with pytest.raises(DocumentError) as caught:
        parse_document(seed_001_data)
    assert caught.value.problems[0].where == "stages[0].elimination"
    assert "belong to a swiss_elimination stage" in caught.value.problems[0].reason


def test_a_match_without_an_id_gets_its_round_and_table_whatever_the_table() -> None:
    """Default ids are written by the reader (``tables.round_of``) from table numbers it keeps
    as text: any table number, small or past what it keeps, in any order, in any document."""
    tables = [[3, 1, 2], [70_000, 5, 65_535, 65_536, 4], [300, 7]]
    for tables_of_round in tables:
        players = [f"p{k}" for k in range(2 * len(tables_of_round))]
        document = {
            "format": "fairpair-tournament",
            "version": 1,
            "name": "t",
            "players": [{"id": p, "name": p} for p in players],
            "stages": [
                {
                    "rounds": [
                        {
                            "number": 1,
                            "matches": [
                                {"table": t, "a": players[2 * k], "b": players[2 * k + 1]}
                                for k, t in enumerate(tables_of_round)
                            ],
                        }
                    ]
                }
            ],
        }
        rnd = parse_document(document).stages[0].rounds[0]
        assert [m.id for m in rnd.matches] == [f"1.{t}" for t in tables_of_round]
        raw = json.dumps(document).encode()
        again = document_validator().validate_json(raw).stages[0].rounds[0]
        assert [m.id for m in again.matches] == [f"1.{t}" for t in tables_of_round]
