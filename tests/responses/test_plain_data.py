"""The commands' JSON built as plain data is the response models' JSON: ``draft_data`` is
``draft_model(...).model_dump(mode="json")``, ``standings_payload`` is what
``standings_response`` validates, and orjson writes them as the standard library would
(docs/performance.md "JSON out")."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from drafts import played, tournament

from fairpair.cli.output import dumps, json_text
from fairpair.engine.drops import Drop
from fairpair.engine.formats import pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.stage import StageFormat, stage_from_settings
from fairpair.engine.stage_config import TossSettings
from fairpair.engine.standings import compute_standings
from fairpair.engine.toss import assign_tosses, ranks_of
from fairpair.engine.tournament import Tournament
from fairpair.responses.draft import draft_data, draft_model
from fairpair.responses.standings import standings_payload, standings_response


def _events() -> list[Tournament]:
    swiss = played(tournament(21, toss=TossSettings(enabled=True)), 4, seed=3)
    chess = played(tournament(12, ruleset=get_ruleset("fide")), 3, seed=5, draw_rate=0.4)
    dropped = replace(swiss, drops=(Drop("p03", 2), Drop("p10", 4)))
    pods = Tournament(
        "Pods",
        tuple(Player(f"p{k:02d}", f"Pod player {k}", seed=k + 1) for k in range(11)),
        (stage_from_settings(id="pods", format=StageFormat.PODS, ruleset=get_ruleset("mtg")),),
    )
    return [tournament(9), swiss, chess, dropped, pods]


@pytest.mark.parametrize("event", _events(), ids=["round1", "swiss", "fide", "drops", "pods"])
def test_the_plain_draft_is_the_models_json(event: Tournament) -> None:
    stage = event.stage()
    draft = pair_next_round(event, stage)
    cases: list[tuple[Any, ...]] = [(None, None)]
    if draft.pairings:
        pairs = [(p.a, p.b) for p in draft.pairings]
        tosses = (
            assign_tosses(event, stage, draft.round_number, pairs, ranks=ranks_of(draft.standings))
            if stage.toss.enabled
            else None
        )
        cases.append(({p: Fraction(7, 2) for p in draft.points_before}, tosses))
    for points, tosses in cases:
        data = draft_data(event, draft, points, tosses)
        assert data == draft_model(event, draft, points, tosses).model_dump(mode="json")
        assert dumps(data) == json.dumps(data, indent=2, ensure_ascii=False)


@pytest.mark.parametrize("event", _events()[1:4], ids=["swiss", "fide", "drops"])
def test_the_plain_standings_are_the_models_json(event: Tournament) -> None:
    standings = compute_standings(event)
    for rows in (None, slice(2, 5)):
        data = standings_payload(standings, event.name, rows)
        model = standings_response(standings, event.name, rows)
        assert data == model.model_dump(mode="json")
        # What the command prints parses to what the model writes.
        assert json.loads(json_text(data, "utf-8")) == json.loads(model.model_dump_json())
        assert dumps(data) == json.dumps(data, indent=2, ensure_ascii=False)


def test_what_orjson_cannot_write_goes_to_the_standard_library() -> None:
    data = {"big": 2**70, "tiny": 1e-05, "name": "Zoë"}
    assert json.loads(dumps(data)) == data
    assert json.loads(dumps({1: "a"})) == {"1": "a"}
    assert json_text({"name": "Zoë"}, "ascii") == '{\n  "name": "Zo\\u00eb"\n}\n'
