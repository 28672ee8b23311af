"""The top cut (seed 001 "Top cut math", "How Team Up runs Swiss"): seats by the standings, a
percentage rounded to 4/8/16, dropped players skipped, the line explained."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from fairpair.engine.changes import drop_player, record_result, release_round
from fairpair.engine.errors import InvalidStage
from fairpair.engine.formats import pair_next_round
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.topcut import CutRule, top_cut
from fairpair.engine.tournament import Tournament


def swiss(n: int, rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    players = tuple(Player(f"p{i:02d}", f"Player {i}", seed=i) for i in range(1, n + 1))
    t = Tournament("Cut", players, (Stage(ruleset=PRESETS["mtg"]),))
    for number in range(1, rounds + 1):
        draft = pair_next_round(t)
        t = release_round(t, draft, state=None)  # untracked: results at any time
        for p in draft.pairings:
            side = Side.A if rng.random() < 0.5 else Side.B
            games = GameScore(2, rng.choice((0, 1)))
            t = record_result(
                t, number, p.table, Result.win(side, games if side is Side.A else games.flipped())
            )
    return t


@pytest.mark.parametrize(
    ("took_part", "percent", "seats"),
    [
        (37, Fraction(1, 5), 8),
        (100, Fraction(1, 10), 8),
        (20, Fraction(1, 5), 4),
        (90, Fraction(1, 5), 16),
        (13, Fraction(1, 2), 8),
        (6, Fraction(1, 1), 4),
    ],
)
def test_a_percentage_rounds_to_the_nearest_size(
    took_part: int, percent: Fraction, seats: int
) -> None:
    assert CutRule(percent=percent).seats(took_part) == seats


def test_a_percentage_tie_goes_to_the_larger_size_and_never_past_the_field() -> None:
    assert CutRule(percent=Fraction(1, 5)).seats(30) == 8  # 6: as near 4 as 8 → 8
    assert CutRule(percent=Fraction(1, 1)).seats(3) == 3  # no size fits: everyone
    assert CutRule(fixed=8).seats(5) == 5


@pytest.mark.parametrize(
    "bad", [{}, {"fixed": 8, "percent": Fraction(1, 4)}, {"fixed": 1}, {"percent": Fraction(0)}]
)
def test_a_rule_that_cannot_be_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidStage):
        CutRule(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "rounds", "size"), [(32, 5, 8), (40, 6, 12), (64, 6, 16)])
def test_the_seats_are_the_top_of_the_standings_in_order(n: int, rounds: int, size: int) -> None:
    t = swiss(n, rounds)
    standings = compute_standings(t)
    cut = top_cut(standings, CutRule(fixed=size))
    assert cut.players == tuple(r.player.id for r in standings.rows[:size])
    assert [s.seed for s in cut.seats] == list(range(1, size + 1))
    assert cut.decision is not None and cut.decision.last_in == cut.players[-1]
    # Everyone with a better record than the last seat is in.
    last = standings.row(cut.players[-1])
    better = {r.player.id for r in standings.rows if r.points > last.points}
    assert better <= set(cut.players)


def test_a_dropped_player_takes_no_seat_and_the_next_one_does() -> None:
    t = swiss(32, 5)
    before = compute_standings(t)
    leaver = before.rows[2].player.id
    t = drop_player(t, leaver, 5)
    standings = compute_standings(t)
    cut = top_cut(standings, CutRule(fixed=8))
    assert leaver not in cut.players and cut.skipped == (leaver,)
    assert cut.players == tuple(r.player.id for r in before.rows if r.player.id != leaver)[:8]
    assert any("Dropped, no seat" in line for line in cut.explain())


def test_after_the_cut_a_dropper_is_replaced_or_nobody_is_riftbound() -> None:
    standings = compute_standings(swiss(32, 5))
    cut = top_cut(standings, CutRule(fixed=8))
    ninth = standings.rows[8].player.id
    assert cut.replacement(cut.players[0]) == ninth
    assert cut.replacement(cut.players[0], gone=(ninth,)) == standings.rows[9].player.id
    riftbound = top_cut(standings, CutRule(fixed=8, replace_dropped=False))
    assert riftbound.replacement(cut.players[0]) is None
    with pytest.raises(KeyError):
        cut.replacement(ninth)


def test_explain_names_the_records_and_the_deciding_tiebreak() -> None:
    t = swiss(32, 5, seed=7)
    standings = compute_standings(t)
    cut = top_cut(standings, CutRule(fixed=8))
    names = {p.id: p.name for p in t.players}
    text = cut.explain(names)
    assert text[0] == "Top 8:" and len([line for line in text if line.startswith("  ")]) == 8
    records = next(line for line in text if line.startswith("Records: "))
    made = {g.record: (g.made_it, g.players) for g in cut.groups}
    assert sum(m for m, _ in made.values()) == 8
    assert all(rec in records for rec in made)
    line = text[-1]
    assert line.startswith("The line: ") and names[cut.decision.first_out] in line  # type: ignore[union-attr]
    d = cut.decision
    assert d is not None
    if d.tiebreak is None:
        assert "on points" in line
    else:
        assert replace(d).label in line
