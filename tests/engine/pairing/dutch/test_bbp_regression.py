"""bbpPairings' own regression tests for the Dutch system (``bbp_regression/``: its inputs and
expected pairings, v6.0.0): fairpair pairs each the same way."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.engine.pairing.dutch.field import dutch_field
from fairpair.engine.pairing.dutch.model import Game
from fairpair.engine.pairing.dutch.pairer import pair_dutch
from fairpair.engine.pairing.dutch.replay import infer_initial_colour
from fairpair.interop.trf.reader import load_trf

CASES = sorted((Path(__file__).parent / "bbp_regression").glob("*.trf"))


def test_the_three_cases_are_there() -> None:
    assert [p.stem for p in CASES] == ["dutch_2025_C5", "dutch_2025_C9", "issue_7"]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_fairpair_pairs_as_bbppairings_expects(path: Path) -> None:
    event = load_trf(path)
    tournament = event.tournament
    stage = tournament.stages[0]
    total = stage.config.round_cap
    assert total is not None
    rounds = {r.number: r for r in stage.rounds}
    last = max(rounds, default=0)
    # A last round with byes only is the round being paired (its absences set in advance).
    k = last if last and not rounds[last].matches else last + 1
    away = {b.player for b in rounds[k].byes} if k in rounds else set()
    dropped = {d.player for d in tournament.drops if d.after_round < k - 1}
    numbers = {p.id: int(p.id) for p in tournament.players}
    field = dutch_field(
        tournament,
        stage,
        k,
        present=[p.id for p in tournament.players if p.id not in away | dropped],
        numbers=numbers,
        rounds_total=total,
        initial_colour=infer_initial_colour(stage, numbers),
    )
    mine = pair_dutch(field)
    answer = [row.split() for row in path.with_suffix(".pairs").read_text().split("\n")[1:]]
    games = {Game(a, b) for a, b in (r for r in answer if r) if b != "0"}
    bye = next((a for a, b in (r for r in answer if r) if b == "0"), None)
    assert (set(mine.games), mine.bye) == (games, bye)
