"""The CSV exports as library functions (docs/csv.md): on a document's tournament, with
byes, forfeits, draws and pod tables; what a spreadsheet reads back is what was written."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from fairpair.engine.errors import UnknownRound
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, PodTable, Round
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.interop.csv import pairings_csv, results_csv, standings_csv
from fairpair.interop.document import load_document

ROOT = Path(__file__).resolve().parents[2]


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_the_nine_player_example_as_csv() -> None:
    event = load_document(ROOT / "examples" / "seed-001-nine-players.json")
    results = rows(results_csv(event))
    stage = event.stage()
    assert len(results) == 1 + sum(len(r.matches) + len(r.byes) for r in stage.rounds)
    assert all(line[-1] for line in results[1:])  # every match reported, every bye said
    table = compute_standings(event, stage)
    standings = rows(standings_csv(table))
    assert [line[1] for line in standings[1:]] == [r.player.name for r in table.rows]
    last = rows(pairings_csv(event))
    assert {line[0] for line in last[1:]} == {str(stage.rounds[-1].number)}
    with pytest.raises(UnknownRound, match="no round 99"):
        pairings_csv(event, number=99)


def test_byes_forfeits_draws_and_pods() -> None:
    players = tuple(Player(k, n) for k, n in [("a", "Ann, Jr."), ("b", 'Bo "B"'), ("c", "Cy")])
    players += (Player("d", "Dee"), Player("e", "Eve"))
    swiss = Stage(
        id="swiss",
        rounds=(
            Round(
                1,
                matches=(
                    Match(1, "a", "b", Result.forfeit(Side.B)),
                    Match(2, "c", "d", Result.draw()),
                ),
                byes=(Bye("e", ByeKind.PAIRING),),
            ),
        ),
    )
    event = Tournament("Mixed", players, (swiss,))
    pairings = rows(pairings_csv(event))
    assert pairings[1] == ["1", "1", "Ann, Jr.", "a", 'Bo "B"', "b", "", "Ann, Jr. forfeits"]
    assert pairings[3] == ["1", "", "Eve", "e", "BYE", "", "", "bye (pairing)"]
    results = rows(results_csv(event))
    assert results[1][8:11] == ["forfeit", 'Bo "B"', ""]
    assert results[2][8:11] == ["played", "", ""]
    assert results[3][8] == "bye"

    pods = Stage(
        id="pods",
        rounds=(Round(1, pods=(PodTable(1, ("a", "b", "c"), (2, 1, 3)),)),),
    )
    pod_event = Tournament("Pods", players, (pods,))
    line = rows(pairings_csv(pod_event))[1]
    assert line[2:4] == ['Ann, Jr.; Bo "B"; Cy', "a; b; c"]
    assert line[-1] == '1 Bo "B"; 2 Ann, Jr.; 3 Cy'
    assert rows(results_csv(pod_event))[1][8:10] == ["places", 'Bo "B"']
