"""Every stage format in the tournament document (issue 9, point 8): a chain of stages —
Swiss → top 8 single elimination, a double elimination, a round robin, pods → a final pod —
with its settings, its drawn cut, its rounds (bracket match ids, who plays first and why, pod
tables and places) written and read back unchanged, and through a saved event's export and
import."""

from __future__ import annotations

import json
from fractions import Fraction

from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import (
    Bye,
    ByeKind,
    Match,
    PodTable,
    Round,
    RoundState,
    Toss,
    TossReason,
)
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, StageCut, StageFormat, stage_from_settings
from fairpair.engine.stage_config import RemainderMode, SwissConfig
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import dump_document, parse_document, to_document
from fairpair.service.event import events
from fairpair.store.database import Database

PLAYERS = tuple(Player(f"p{k}", f"Player {k}", seed=k) for k in range(1, 9))
IDS = [p.id for p in PLAYERS]


def _chain() -> Tournament:
    swiss = Stage(
        config=SwissConfig(max_rounds=1),
        ruleset=PRESETS["mtg"],
        rounds=(
            Round(
                1,
                tuple(
                    Match(k + 1, IDS[2 * k], IDS[2 * k + 1], Result.win(Side.A)) for k in range(4)
                ),
                state=RoundState.COMPLETED,
            ),
        ),
    )
    seated = ("p1", "p3", "p5", "p7")
    top = stage_from_settings(
        id="top4",
        name="Top 4",
        format=StageFormat.SINGLE_ELIMINATION,
        ruleset=PRESETS["mtg"],
        third_place=True,
        cut=StageCut(from_stage="swiss", top=4, replace_dropped=False),
        participants=seated,
        seeds={p: k + 1 for k, p in enumerate(seated)},
        rounds=(
            Round(
                1,
                (
                    Match(
                        1,
                        "p1",
                        "p7",
                        Result.from_games(2, 1),
                        Toss("p1", TossReason.HIGHER_SEED),
                        "M1",
                    ),
                    Match(2, "p3", "p5", None, Toss("p5", TossReason.MANUAL, manual=True), "M2"),
                ),
                state=RoundState.OPEN,
            ),
        ),
    )
    double = stage_from_settings(
        id="double",
        format=StageFormat.DOUBLE_ELIMINATION,
        ruleset=PRESETS["mtg"],
        participants=tuple(IDS[:4]),
    )
    robin = stage_from_settings(
        id="robin",
        format=StageFormat.ROUND_ROBIN,
        cycles=2,
        ruleset=PRESETS["mtg"],
        participants=("p1", "p2", "p3"),
        rounds=(
            Round(
                1,
                (Match(1, "p2", "p3", Result.draw(), Toss("p2", TossReason.SCHEDULE)),),
                (Bye("p1", ByeKind.ZERO),),
                state=RoundState.COMPLETED,
            ),
        ),
    )
    pods = stage_from_settings(
        id="pods",
        format=StageFormat.PODS,
        pod_size=3,
        remainder=RemainderMode.BYES,
        max_rounds=4,
        ruleset=PRESETS["mtg"],
        rounds=(
            Round(
                1,
                (),
                (Bye("p8"),),
                (
                    PodTable(1, ("p1", "p2", "p3", "p4"), (1, 2, 2, 4)),
                    PodTable(2, ("p5", "p6", "p7")),
                ),
                state=RoundState.OPEN,
            ),
        ),
    )
    final = stage_from_settings(
        id="final",
        format=StageFormat.PODS,
        max_rounds=1,
        ruleset=PRESETS["mtg"],
        cut=StageCut(from_stage="pods", percent=Fraction(50), sizes=(4,), automatic=False),
    )
    return Tournament("Chain", PLAYERS, (swiss, top, double, robin, pods, final))


def test_every_format_round_trips_through_the_document() -> None:
    tournament = _chain()
    text = dump_document(tournament)
    again = parse_document(json.loads(text))
    assert again == tournament
    assert dump_document(again) == text
    stages = {s.get("id", "swiss"): s for s in to_document(tournament)["stages"]}
    assert stages["top4"]["format"] == "single_elimination"
    assert stages["top4"]["third_place"] is True
    assert stages["top4"]["cut"] == {"from_stage": "swiss", "top": 4, "replace_dropped": False}
    assert stages["robin"]["cycles"] == 2
    assert stages["pods"]["pod_size"] == 3 and stages["pods"]["remainder"] == "byes"
    assert stages["final"]["cut"]["percent"] == 50 and stages["final"]["cut"]["automatic"] is False
    match = stages["top4"]["rounds"][0]["matches"][0]
    assert match["id"] == "M1" and match["toss"]["reason"] == "higher-seed"


def test_every_format_round_trips_through_a_saved_event(db: Database) -> None:
    tournament = _chain()
    slug = events.import_event(db, tournament, actor="td")
    back = events.export_event(db, slug)
    assert dump_document(back) == dump_document(tournament)


def test_a_setting_of_another_format_in_a_document_is_refused_with_its_place() -> None:
    data = to_document(_chain())
    data["stages"][1]["pod_size"] = 4
    try:
        parse_document(data)
    except Exception as error:  # a DocumentError naming the place
        text = str(error)
        assert "stages[1].pod_size" in text and "belongs to a pods stage" in text
    else:
        raise AssertionError("a pod size on a single elimination stage was accepted")
