"""One seam for stage formats: configuration per format, one registry, contradictions refused."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from fairpair.engine.errors import InvalidStage
from fairpair.engine.formats import FORMATS, PlayerStatus, pair_next_round, player_status
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind
from fairpair.engine.stage import (
    Elimination,
    PairingMethod,
    Stage,
    StageCut,
    StageFormat,
    TossSettings,
    stage_from_settings,
)
from fairpair.engine.stage_config import CONFIG_CLASSES, SwissEliminationConfig
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament


def test_every_format_has_a_configuration_and_rules() -> None:
    assert set(CONFIG_CLASSES) == set(FORMATS) == set(StageFormat)
    for kind, rules in FORMATS.items():
        assert rules.kind is kind and CONFIG_CLASSES[kind].kind is kind


def test_a_swiss_elimination_without_thresholds_is_refused_naming_it() -> None:
    with pytest.raises(InvalidStage) as error:
        stage_from_settings(format=StageFormat.SWISS_ELIMINATION)
    assert error.value.location.path[-1] == "elimination"
    assert "needs its thresholds" in error.value.reason


def test_thresholds_on_a_plain_swiss_are_refused_naming_them() -> None:
    with pytest.raises(InvalidStage, match='set "format": "swiss_elimination"'):
        stage_from_settings(elimination=Elimination(3, 2))
    with pytest.raises(InvalidStage, match="Slide switch belongs to a swiss_elimination"):
        stage_from_settings(slide_first_round=False)


def test_the_configuration_is_the_one_source_of_truth() -> None:
    stage = stage_from_settings(format=StageFormat.SWISS_ELIMINATION, elimination=Elimination(2, 2))
    assert isinstance(stage.config, SwissEliminationConfig)
    assert stage.format is StageFormat.SWISS_ELIMINATION
    assert stage.elimination == Elimination(2, 2) and stage.round_cap == 3
    assert stage_from_settings().elimination is None


def test_pairing_dispatches_on_the_format_and_statuses_come_from_it() -> None:
    players = tuple(Player(f"p{k}", f"P{k}", seed=k) for k in range(1, 9))
    stage = stage_from_settings(format=StageFormat.SWISS_ELIMINATION, elimination=Elimination(1, 1))
    t = Tournament("x", players, (stage,))
    draft = pair_next_round(t)
    assert draft.round_number == 1 and len(draft.pairings) == 4
    # Slide in round 1 of a Swiss elimination: 1v5.
    assert (draft.pairings[0].a, draft.pairings[0].b) == ("p1", "p5")
    from fairpair.engine.changes import record_result, release_round
    from fairpair.engine.results import Result, Side

    t = release_round(t, draft, state=None)
    for table in range(1, 5):
        t = record_result(t, 1, table, Result.win(Side.A))
    rows = compute_standings(t).rows
    statuses = {r.player.id: player_status(t.stage(), r) for r in rows}
    assert statuses["p1"] is PlayerStatus.ADVANCED and statuses["p5"] is PlayerStatus.ELIMINATED


def test_the_library_never_switches_the_garbage_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise AssertionError("the library must not change process-wide state")

    monkeypatch.setattr(gc, "disable", refuse)
    players = tuple(Player(f"p{k}", f"P{k}", seed=k) for k in range(1, 7))
    t = Tournament("x", players)
    draft = pair_next_round(t)
    compute_standings(t)
    assert len(draft.pairings) == 3


@pytest.mark.parametrize(
    ("fmt", "setting", "value"),
    [
        (StageFormat.SINGLE_ELIMINATION, "toss", TossSettings(enabled=True)),
        (StageFormat.DOUBLE_ELIMINATION, "pairing_method", PairingMethod.SLIDE),
        (StageFormat.ROUND_ROBIN, "pod_size", 4),
        (StageFormat.PODS, "cycles", 2),
        (StageFormat.SWISS, "third_place", True),
    ],
)
def test_a_setting_of_another_format_is_refused_naming_it(
    fmt: StageFormat, setting: str, value: Any
) -> None:
    with pytest.raises(InvalidStage) as error:
        stage_from_settings(format=fmt, **{setting: value})
    assert error.value.location.path[-1] == setting
    assert f'this stage is "{fmt.value}"' in error.value.reason


def test_the_toss_is_swiss_only() -> None:
    """Seed 000: the toss is a Swiss feature; no other format has a toss setting."""
    for kind, config in CONFIG_CLASSES.items():
        assert config.uses_toss is (kind in (StageFormat.SWISS, StageFormat.SWISS_ELIMINATION))
    assert stage_from_settings(format=StageFormat.PODS).toss == TossSettings()


def test_format_settings_out_of_range_are_refused_naming_them() -> None:
    with pytest.raises(InvalidStage, match="3 to 10") as pods:
        stage_from_settings(format=StageFormat.PODS, pod_size=11)
    assert pods.value.location.path[-1] == "pod_size"
    with pytest.raises(InvalidStage, match="1 or 2 cycles"):
        stage_from_settings(format=StageFormat.ROUND_ROBIN, cycles=3)
    with pytest.raises(InvalidStage, match=r"fixed number of seats .*or a percentage"):
        StageCut(from_stage="swiss")


def test_a_cut_is_made_from_an_earlier_stage() -> None:
    from fairpair.engine.validation import problems

    cut = StageCut(from_stage="final", top=4)
    late = Tournament(
        "x",
        (Player("a", "A"), Player("b", "B")),
        (Stage(), stage_from_settings(id="final", format=StageFormat.PODS, cut=cut)),
    )
    found = [p for p in problems(late) if p.where.endswith("cut.from_stage")]
    assert found and "earlier stage" in found[0].reason


@pytest.mark.parametrize(
    ("result", "words"),
    [
        (Result.draw(), "a draw"),
        (Result(ResultKind.DOUBLE_FORFEIT), "a double forfeit"),
        (Result(ResultKind.SKIPPED), "a skipped match"),
    ],
)
def test_validation_refuses_a_playoff_match_without_a_winner(result: Result, words: str) -> None:
    """Issue 9, point 6: a playoff match is replayed or decided; a document that records a
    draw in one is refused, naming the place."""
    from fairpair.engine.rounds import Match, Round
    from fairpair.engine.validation import problems

    stage = stage_from_settings(
        id="po",
        format=StageFormat.SINGLE_ELIMINATION,
        participants=("a", "b"),
        rounds=(Round(1, (Match(1, "a", "b", result, id="M1"),)),),
    )
    found = problems(Tournament("x", (Player("a", "A"), Player("b", "B")), (stage,)))
    assert [p.where for p in found] == ["stages[0].rounds[0].matches[0].result"]
    assert f"cannot end in {words}" in found[0].reason
