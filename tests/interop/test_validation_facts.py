"""Documents that were accepted and silently wrong (issue 14.6): each is refused with its
place, as a JSON path and in the organizer's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.interop.document import parse_document


def problems_of(data: dict[str, Any]) -> list[tuple[str, str, str]]:
    with pytest.raises(FairpairError) as caught:
        parse_document(data)
    error = caught.value
    found = getattr(error, "problems", None)
    if not found:
        return [(error.where, error.reason, "")]
    return [(p.where, p.reason, p.place) for p in found]


def stage(d: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = d["stages"][0]
    return found


CASES: list[tuple[str, Callable[[dict[str, Any]], object], str, str, str]] = [
    (
        "a player who played is not a participant",
        lambda d: stage(d).update(
            participants=["ash", "bea", "cole", "dev", "fay", "gus", "hana", "ivo"]
        ),
        "stages[0].rounds[0].matches[0].b",
        "'eli' is not in this stage's participants",
        "round 1, table 1, b",
    ),
    (
        "an assigned bye in a round the player played",
        lambda d: stage(d).update(assigned_byes=[{"player": "ash", "round": 2}]),
        "stages[0].assigned_byes[0]",
        "'ash' has an assigned bye in round 2 but plays at table 1",
        "assigned bye 1",
    ),
    (
        "rounds 1, 2, 3, 7",
        lambda d: stage(d)["rounds"][3].update(number=7),
        "stages[0].rounds[3].number",
        "round 7 is listed where round 4 belongs",
        "round 7, number",
    ),
    (
        "games as text",
        lambda d: stage(d)["rounds"][0]["matches"][0].update(result={"games": ["2", "1"]}),
        "stages[0].rounds[0].matches[0].result.games[0]",
        "valid integer",
        "round 1, table 1, result, games entry 1",
    ),
    (
        "games as 2.0",
        lambda d: stage(d)["rounds"][0]["matches"][0].update(result={"games": [2.0, 1]}),
        "stages[0].rounds[0].matches[0].result.games[0]",
        "valid integer",
        "round 1, table 1, result, games entry 1",
    ),
    (
        "a table as text",
        lambda d: stage(d)["rounds"][0]["matches"][0].update(table="1"),
        "stages[0].rounds[0].matches[0].table",
        "valid integer",
        "round 1, match 1, table",
    ),
    (
        "true as a number",
        lambda d: d["players"][0].update(seed=True),
        "players[0].seed",
        "valid integer",
        "player ash, seed",
    ),
    (
        "a whitespace-only name",
        lambda d: d["players"][2].update(name="   "),
        "players[2].name",
        "must not be empty or only spaces",
        "player cole, name",
    ),
    (
        "an exact number of 1e5000",
        lambda d: stage(d).update(ruleset={"base": "mtg", "scoring": {"win": "1e5000"}}),
        "stages[0].ruleset.scoring.win",
        "is not an exact number",
        "ruleset, scoring, win",
    ),
    (
        "an exact number with a huge numerator",
        lambda d: stage(d).update(ruleset={"base": "mtg", "scoring": {"draw": "1" * 50 + "/3"}}),
        "stages[0].ruleset.scoring.draw",
        "is not an exact number",
        "ruleset, scoring, draw",
    ),
    (
        "a float far too large",
        lambda d: stage(d).update(ruleset={"base": "mtg", "percentage_floor": 1e300}),
        "stages[0].ruleset.percentage_floor",
        "is not an exact number",
        "ruleset, percentage floor",
    ),
    (
        "round 10⁹",
        lambda d: stage(d)["rounds"][3].update(number=10**9),
        "stages[0].rounds[3].number",
        "less than or equal to 1000",
        "round 1000000000, number",
    ),
    (
        "max rounds 10⁹",
        lambda d: stage(d).update(max_rounds=10**9),
        "stages[0].max_rounds",
        "less than or equal to 1000",
        "max rounds",
    ),
    (
        "an escape sequence in an id",
        lambda d: d["players"][0].update(id="ash\x1b]0;pwned\x07"),
        "players[0].id",
        "control character U+001B",
        "player ash\x1b]0;pwned\x07, id",
    ),
    (
        "NUL in a name",
        lambda d: d["players"][0].update(name="Ash\x00"),
        "players[0].name",
        "control character U+0000",
        "player ash, name",
    ),
    (
        "a C1 control character in an id",
        lambda d: d["players"][0].update(id="a\x9bsh"),
        "players[0].id",
        "control character U+009B",
        "player a\x9bsh, id",
    ),
    (
        "a right-to-left override in a stage id",
        lambda d: stage(d).update(id="swiss\u202e"),
        "stages[0].id",
        "control character U+202E",
        "id",
    ),
    (
        "DEL in a tournament-level drop's stage",
        lambda d: d.update(drops=[{"player": "ash", "after_round": 4, "stage": "swiss\x7f"}]),
        "drops[0].stage",
        "control character U+007F",
        "drop 1, stage",
    ),
    (
        "an unpaired surrogate",
        lambda d: d["players"][0].update(name="Ash\ud800"),
        "players[0].name",
        "unpaired surrogate",
        "player ash, name",
    ),
    (
        "a name of a million characters",
        lambda d: d["players"][0].update(name="A" * 1_000_000),
        "players[0].name",
        "at most 200 characters",
        "player ash, name",
    ),
    (
        "a group member outside the participants",
        lambda d: stage(d).update(
            participants=["ash", "bea", "cole", "dev", "eli", "fay", "gus", "hana", "ivo"],
            groups=[{"name": "A", "players": ["ash", "zed"]}],
        ),
        "stages[0].groups[0].players[1]",
        "unknown player 'zed'",
        "group 1, player 2",
    ),
]


@pytest.mark.parametrize(
    ("change", "where", "reason", "place"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_refused_with_its_place(
    seed_001_data: dict[str, Any],
    change: Callable[[dict[str, Any]], object],
    where: str,
    reason: str,
    place: str,
) -> None:
    change(seed_001_data)
    found = problems_of(seed_001_data)
    assert any(w == where and reason in r and p == place for w, r, p in found), found


def test_a_result_place_names_round_and_table(seed_001_data: dict[str, Any]) -> None:
    stage(seed_001_data)["rounds"][3]["matches"][0]["result"] = {"winner": "c"}
    found = problems_of(seed_001_data)
    assert found[0][0] == "stages[0].rounds[3].matches[0].result.winner"
    assert found[0][2] == "round 4, table 1, result, winner"
    assert "Model" not in found[0][1]


def test_a_player_id_listed_as_participant_may_sit_out(seed_001_data: dict[str, Any]) -> None:
    everyone = [p["id"] for p in seed_001_data["players"]]
    stage(seed_001_data)["participants"] = everyone
    parse_document(seed_001_data)


def test_an_assigned_bye_for_a_future_round_is_fine(seed_001_data: dict[str, Any]) -> None:
    stage(seed_001_data)["assigned_byes"] = [{"player": "ash", "round": 5}]
    parse_document(seed_001_data)


def test_an_assigned_bye_that_was_given_is_fine(seed_001_data: dict[str, Any]) -> None:
    stage(seed_001_data)["assigned_byes"] = [{"player": "ivo", "round": 1}]
    parse_document(seed_001_data)


def test_rounds_listed_out_of_order_are_refused(seed_001_data: dict[str, Any]) -> None:
    rounds = stage(seed_001_data)["rounds"]
    rounds[0], rounds[1] = rounds[1], rounds[0]
    found = problems_of(seed_001_data)
    assert found[0][:2] == (
        "stages[0].rounds[0].number",
        "round 2 is listed where round 1 belongs: rounds are numbered 1, 2, 3, … in order, "
        "without gaps",
    )


def test_a_name_keeps_other_control_characters_as_written(seed_001_data: dict[str, Any]) -> None:
    """Names keep what was typed (every interface shows control characters escaped); ids,
    which only refer, refuse them (``engine.validation.NAMES_REFUSE_CONTROLS``)."""
    seed_001_data["players"][2]["name"] = "Cole \x1b[31mRed\u202e"
    t = parse_document(seed_001_data)
    assert t.players[2].name == "Cole \x1b[31mRed\u202e"
