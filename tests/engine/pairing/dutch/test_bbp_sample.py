"""Every round of 50 tournaments paired by bbpPairings (its generator's output, kept in
``bbp/``) is paired again by fairpair's Dutch system: same boards, same colours, same bye."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.engine.pairing.dutch.replay import infer_initial_colour, replay
from fairpair.interop.trf.reader import load_trf

SAMPLE = sorted((Path(__file__).parent / "bbp").glob("*.trf"))


def test_the_sample_has_fifty_tournaments() -> None:
    assert len(SAMPLE) == 50


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_every_round_matches_bbppairings(path: Path) -> None:
    event = load_trf(path)
    tournament = event.tournament
    stage = tournament.stages[0]
    numbers = {p.id: int(p.id) for p in tournament.players}
    checks = replay(
        tournament,
        stage,
        numbers=numbers,
        rounds_total=len(stage.rounds),
        initial_colour=infer_initial_colour(stage, numbers),
    )
    assert len(checks) == len(stage.rounds)
    differing = [
        (c.number, c.only_recorded, c.only_dutch, c.recorded_bye, c.dutch_bye)
        for c in checks
        if not c.matches
    ]
    assert differing == []
