"""Baku acceleration (FIDE Handbook C.04.5.1): the rule's own numbers, a stage paired with it
(virtual points in the pairing and its notes, never in the standings), and accelerated rounds
paired by bbpPairings with the same virtual points (``baku/``: its input with ``XXA`` records
and its answer, made by ``benchmarks/dutch_baku.py``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.engine.changes.results import record_result
from fairpair.engine.changes.rounds import release_round
from fairpair.engine.errors import InvalidStage
from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.pairing.dutch.baku import (
    accelerated_rounds,
    baku_groups,
    full_point_rounds,
    group_a_size,
    virtual_points,
)
from fairpair.engine.pairing.dutch.field import dutch_field
from fairpair.engine.pairing.dutch.model import Colour, Game
from fairpair.engine.pairing.dutch.pairer import pair_dutch
from fairpair.engine.pairing.notes import VirtualPointsNote
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import PieceColour, SwissConfig
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.interop.trf.reader import load_trf

BBP = sorted((Path(__file__).parent / "baku").glob("*.trf"))


def test_group_a_is_the_first_half_rounded_up_to_an_even_number() -> None:
    # C.04.5.1's own example: 161 players, the first half is 80.5, GA holds 82.
    assert group_a_size(161) == 82
    assert group_a_size(160) == 80
    assert group_a_size(162) == 82
    assert group_a_size(13) == 8
    groups = baku_groups(list(range(1, 162)))
    assert (groups.size, groups.last_number) == (82, 82)
    assert groups.in_group_a(82) and not groups.in_group_a(83)


def test_a_nine_round_event_has_five_accelerated_rounds_three_with_a_whole_point() -> None:
    # C.04.5.1: "In a nine-round tournament, the accelerated rounds are five. The players in
    # GA are assigned one virtual point in the first three rounds, and half virtual point in
    # the fourth and fifth rounds."
    assert accelerated_rounds(9) == 5
    assert full_point_rounds(9) == 3
    assert [virtual_points(r, 9, 2, 1) for r in range(1, 10)] == [2, 2, 2, 1, 1, 0, 0, 0, 0]
    assert [virtual_points(r, 7, 2, 1) for r in range(1, 8)] == [2, 2, 1, 1, 0, 0, 0]
    assert [virtual_points(r, 11, 2, 1) for r in range(1, 12)] == [2, 2, 2, 1, 1, 1] + [0] * 5


def test_a_late_entry_keeps_the_last_group_a_player() -> None:
    # Round 1 had 12 players (GA: numbers 1-6); a late entry numbered 4 moves the others
    # down, and GA is everyone up to the same last player (now number 7).
    groups = baku_groups([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    assert groups.last_number == 7
    assert groups.in_group_a(4) and groups.in_group_a(7) and not groups.in_group_a(8)


def test_baku_needs_the_dutch_system() -> None:
    with pytest.raises(InvalidStage, match="Dutch system"):
        SwissConfig(pairing_method=PairingMethod.ADJACENT, baku=True)


def event() -> Tournament:
    players = tuple(Player(str(n), f"Player {n}", seed=n) for n in range(1, 17))
    stage = Stage(
        config=SwissConfig(
            pairing_method=PairingMethod.DUTCH,
            max_rounds=5,
            baku=True,
            initial_colour=PieceColour.WHITE,
        ),
        ruleset=PRESETS["fide"],
        seed="open",
    )
    return Tournament("Open", players, (stage,))


def test_a_stage_pairs_group_a_apart_and_the_standings_never_show_virtual_points() -> None:
    tournament = event()
    draft = pair_next_round(tournament, tournament.stages[0])
    # 16 players: GA holds 8 with 1 virtual point, so round 1 pairs 1-8 and 9-16 apart.
    pairs = {frozenset((p.a, p.b)) for p in draft.pairings}
    assert pairs == {frozenset(p) for p in (("1", "5"), ("2", "6"), ("3", "7"), ("4", "8"))} | {
        frozenset(p) for p in (("9", "13"), ("10", "14"), ("11", "15"), ("12", "16"))
    }
    assert (draft.pairings[0].a, draft.pairings[0].b) == ("1", "5")  # White: 1 (initial)
    [virtual] = [n for n in draft.notes if isinstance(n, VirtualPointsNote)]
    assert virtual.players == tuple(str(n) for n in range(1, 9))
    assert virtual.points.points == 1
    assert (virtual.group_a, virtual.full_rounds, virtual.accelerated_rounds) == (8, 2, 3)
    released = release_round(tournament, draft, state=None)
    for match in released.stages[0].rounds[0].matches:  # White wins every game
        released = record_result(released, 1, match.table, Result(ResultKind.PLAYED, Side.A))
    standings = compute_standings(released, released.stages[0], 1)
    assert sorted(row.points for row in standings.rows) == [Fraction(0)] * 8 + [Fraction(1)] * 8
    # Round 2: the winners of GA have 1 + 1 (virtual), the losers of GA and the winners of GB
    # 1 each, so GA's losers meet GB's winners.
    second = pair_next_round(released, released.stages[0])
    losers_a = {m.b for m in released.stages[0].rounds[0].matches if int(m.b) <= 8}
    winners_b = {m.a for m in released.stages[0].rounds[0].matches if int(m.a) > 8}
    crossing = {p for p in second.pairings if {p.a, p.b} & losers_a and {p.a, p.b} & winners_b}
    assert len(crossing) == 4


@pytest.mark.parametrize("path", BBP, ids=lambda p: p.stem)
def test_accelerated_rounds_match_bbppairings(path: Path) -> None:
    event = load_trf(path)
    tournament = event.tournament
    stage = tournament.stages[0]
    total = stage.config.round_cap
    assert total is not None
    k = int(path.stem.rsplit("_r", 1)[1])
    rounds = {r.number: r for r in stage.rounds}
    away = {b.player for b in rounds[k].byes} if k in rounds else set()
    dropped = {d.player for d in tournament.drops if d.after_round < k - 1}
    present = [p.id for p in tournament.players if p.id not in away | dropped]
    field = dutch_field(
        tournament,
        stage,
        k,
        present=present,
        numbers={p.id: int(p.id) for p in tournament.players},
        rounds_total=total,
        initial_colour=Colour.WHITE,
    )
    # GA from round 1's players (in round 1 itself: the players of this pairing).
    first = rounds[1] if k > 1 else None
    first_players = (
        [p for m in first.matches for p in m.players] + [b.player for b in first.byes]
        if first is not None
        else present
    )
    groups = baku_groups([int(p) for p in first_players])
    schedule = tuple(virtual_points(r, total, 2, 1) for r in range(1, k + 1))
    xxa = {
        str(int(line[4:8])): tuple(int(float(v) * 2) for v in line[9:].split())
        for _, line in event.layout.kept
        if line.startswith("XXA")
    }
    assert xxa == {e.key: schedule for e in field.entrants if groups.in_group_a(int(e.key))}
    entrants = tuple(replace(e, virtual=schedule if e.key in xxa else ()) for e in field.entrants)
    mine = pair_dutch(replace(field, entrants=entrants))
    answer = path.with_suffix(".pairs").read_text().split("\n")[1:]
    games = {Game(*row.split()) for row in answer if row.strip() and not row.endswith(" 0")}
    bye = next((row.split()[0] for row in answer if row.endswith(" 0")), None)
    assert (set(mine.games), mine.bye) == (games, bye)
