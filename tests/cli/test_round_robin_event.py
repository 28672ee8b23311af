"""A six-player double round robin through the CLI (issue 9 "Full events through the CLI"):
from ``event new`` to the final standings — ten rounds on the FIDE Berger tables, three
released one by one through drafts and the other seven with ``round release --all``, every
result reported with ``result report``, ranked by the ``round_robin`` ruleset's tiebreaks."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from cli_runner import CliRunner
from fairpair.cli.app import app

EVENT = "rr6"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")  # seeds 1..6: Berger numbers 1..6


def run(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, f"{args}: {result.output}"
    return result.stdout


def outcome(rnd: int, first: int, second: int) -> str:
    """The result of the game (Berger numbers, ``first`` plays first) in round ``rnd``:
    the lower number wins, except Bob beats Ann by forfeit in the first cycle and they draw
    in the second, Cid beats Bob in the second cycle, and Eve and Fay draw in the second."""
    second_cycle = rnd > 5
    pair = {first, second}
    if pair == {1, 2}:
        if second_cycle:
            return "draw"
        return "a-forfeits" if first == 1 else "b-forfeits"
    if pair == {2, 3} and second_cycle:
        return "a-wins" if first == 3 else "b-wins"
    if pair == {5, 6} and second_cycle:
        return "draw"
    return "a-wins" if first < second else "b-wins"


def report_round(runner: CliRunner, schedule: dict[str, Any], rnd: int) -> None:
    run(runner, "round", "open", EVENT, str(rnd))
    for game in schedule["rounds"][rnd - 1]["games"]:
        first, second = game["first"]["number"], game["second"]["number"]
        run(
            runner,
            "result",
            "report",
            EVENT,
            str(rnd),
            str(game["table"]),
            outcome(rnd, first, second),
        )
    run(runner, "round", "complete", EVENT, str(rnd))


def test_a_six_player_double_round_robin_from_event_new_to_final_standings() -> None:
    runner = CliRunner()
    run(runner, "event", "new", "Club round robin", "--slug", EVENT)
    for seed, name in enumerate(NAMES, start=1):
        run(runner, "player", "add", EVENT, name, "--id", name.lower(), "--seed", str(seed))
    added = run(
        runner,
        "stage", "add", EVENT, "--id", "rr", "--name", "Round robin",
        "--format", "round_robin", "--cycles", "2", "--ruleset", "round_robin",
    )  # fmt: skip
    assert "cycles=2" in added

    schedule = json.loads(run(runner, "round", "schedule", EVENT, "--json"))
    assert schedule["cycles"] == 2 and len(schedule["rounds"]) == 10
    assert [p["name"] for p in schedule["players"]] == list(NAMES)
    assert all(r["state"] == "not released" for r in schedule["rounds"])
    # every pair meets twice, once with each player first
    firsts = [
        (g["first"]["number"], g["second"]["number"])
        for r in schedule["rounds"]
        for g in r["games"]
    ]
    assert sorted(firsts) == sorted((a, b) for a in range(1, 7) for b in range(1, 7) if a != b)

    # rounds 1-3 one by one: generate (the draft shows the Berger round), release, play
    for rnd in (1, 2, 3):
        draft = run(runner, "round", "generate", EVENT)
        assert f"Draft of round {rnd}" in draft and "FIDE Berger table" in draft
        first = schedule["rounds"][rnd - 1]["games"][0]["first"]["name"]
        assert f"{first} (schedule)" in draft  # who plays first: the table's first-named
        run(runner, "round", "release", EVENT)
        report_round(runner, schedule, rnd)

    # the rest together: seven rounds Scheduled at once
    released = run(runner, "round", "release", EVENT, "--all")
    assert "released rounds 4, 5, 6, 7, 8, 9, 10 of stage rr together" in released
    shown = run(runner, "round", "show", EVENT, "4")
    assert "White" in shown and "Black" in shown and "scheduled" in shown  # a round robin
    refused = runner.invoke(app, ["round", "release", EVENT, "--all"])
    assert refused.exit_code != 0 and "all are paired" in refused.output
    # results may come in any Open round: play round 10 before round 4
    for rnd in (10, 4, 5, 6, 7, 8, 9):
        report_round(runner, schedule, rnd)

    final = json.loads(run(runner, "round", "schedule", EVENT, "--json"))
    assert all(r["state"] == "completed" for r in final["rounds"])

    table = json.loads(run(runner, "standings", EVENT, "--json"))
    assert table["ruleset"] == "round_robin" and table["after_round"] == 10
    assert [t["name"] for t in table["tiebreaks"]] == [
        "head_to_head_forfeits", "wins", "sonneborn_berger", "koya", "random",
    ]  # fmt: skip
    rows = table["rows"]
    assert [r["player"]["name"] for r in rows] == ["Bob", "Ann", "Cid", "Dee", "Eve", "Fay"]
    points = {r["player"]["name"]: Fraction(r["points_exact"]) for r in rows}
    assert points == {
        "Ann": Fraction(17, 2),
        "Bob": Fraction(17, 2),
        "Cid": 7,
        "Dee": 4,
        "Eve": Fraction(3, 2),
        "Fay": Fraction(1, 2),
    }
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5, 6]

    def tb(name: str, column: str) -> Fraction | None:
        row = next(r for r in rows if r["player"]["name"] == name)
        exact = row["tiebreaks"][column]["exact"]
        return None if exact is None else Fraction(exact)

    # Bob and Ann tie on 8½: Bob won their forfeit game and they drew; a forfeit counts as
    # played in the round-robin direct encounter, so Bob has 1½ of 2 and Ann ½ (shown as the
    # average per meeting, as head-to-head shows pairs that met more than once).
    assert tb("Bob", "head_to_head_forfeits") == Fraction(3, 4)
    assert tb("Ann", "head_to_head_forfeits") == Fraction(1, 4)
    assert tb("Cid", "head_to_head_forfeits") is None  # nobody to compare with
    # number of wins: the forfeit win counts
    assert tb("Ann", "wins") == 8 and tb("Bob", "wins") == 8 and tb("Cid", "wins") == 7
    # Sonneborn-Berger: beaten opponents' points + half the drawn ones'; in a round robin a
    # forfeit is a game (C.07 for pre-determined pairings): Bob's forfeit win over Ann adds
    # her 8½
    assert tb("Ann", "sonneborn_berger") == 2 * 7 + 2 * 4 + 2 * Fraction(3, 2) + 2 * Fraction(
        1, 2
    ) + Fraction(17, 4)
    assert tb("Bob", "sonneborn_berger") == 7 + 2 * 4 + 2 * Fraction(3, 2) + 2 * Fraction(
        1, 2
    ) + Fraction(17, 4) + Fraction(17, 2)
    # Koya: points against players on 50% or more of 10 games (Ann, Bob, Cid); Bob's forfeit
    # win over Ann is a game in a round robin
    assert tb("Ann", "koya") == Fraction(1, 2) + 2
    assert tb("Bob", "koya") == Fraction(1, 2) + 1 + 1
    assert tb("Cid", "koya") == 1
    assert tb("Dee", "koya") == 0

    people = run(runner, "standings", EVENT)
    header = next(line for line in people.splitlines() if line.startswith("#"))
    assert header.split()[:9] == ["#", "Player", "Pts", "DE", "WIN", "SB", "KS", "Lot", "Played"]
    assert "Club round robin — Round robin, after round 10 (round_robin)" in people


def test_a_round_robin_final_of_the_top_four_of_a_swiss() -> None:
    runner = CliRunner()
    run(runner, "event", "new", "Cut night", "--slug", "cut")
    for seed, name in enumerate("ABCDEFGH", start=1):
        run(runner, "player", "add", "cut", name, "--seed", str(seed))
    run(
        runner,
        "stage", "add", "cut", "--id", "final", "--name", "Final", "--format", "round_robin",
        "--cut-from", "swiss", "--top", "4", "--ruleset", "round_robin",
    )  # fmt: skip
    refused = runner.invoke(app, ["round", "generate", "cut", "--stage", "final"])
    assert refused.exit_code != 0 and "not drawn yet: draw the cut first" in refused.output
    run(runner, "round", "generate", "cut")
    run(runner, "round", "release", "cut")
    run(runner, "round", "open", "cut", "1")
    for table in (1, 2, 3, 4):
        run(runner, "result", "report", "cut", "1", str(table), "a-wins")
    run(runner, "round", "complete", "cut", "1", "--stage", "swiss")
    run(runner, "cut", "cut", "--draw", "--early", "--stage", "final")
    schedule = json.loads(run(runner, "round", "schedule", "cut", "--stage", "final", "--json"))
    assert schedule["numbers_from"] == "stage_seeds" and len(schedule["rounds"]) == 3
    winners = [p["id"] for p in schedule["players"]]
    assert len(winners) == 4
    released = run(runner, "round", "release", "cut", "--stage", "final", "--all")
    assert "released rounds 1, 2, 3 of stage final together" in released
    first = json.loads(run(runner, "round", "show", "cut", "1", "--stage", "final", "--json"))
    # FIDE round 1: 1-4, 2-3, the first-named plays first
    assert [(t["a"]["id"], t["b"]["id"], t["first"]) for t in first["tables"]] == [
        (winners[0], winners[3], winners[0]),
        (winners[1], winners[2], winners[1]),
    ]
