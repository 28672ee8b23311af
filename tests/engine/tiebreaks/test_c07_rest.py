"""The rest of C.07 (issue 34 point 6), compared value by value with FIDE's reference program,
TieBreakServer 1.9.57 (rules 2026-03-01, Swiss mode), on the five golden events of
``tests/data/fide_tiebreaks`` and ``event-01`` after its round 6 (``expected-c07-rest.json``;
README there): STD, TPN, RTNG, SB/C2, PS/C2, FB/C1, FB/C2, FB/M1, FB/M2, the ``/P`` modifiers
(FB/P, BH/P, SB/P: a forfeit is a game against the scheduled opponent), AOB/F, ARO/C2,
ARO/M1, ARO/M2, and the FIDE spellings WON and GE of ``matches_won`` and ``rounds_elected``.

One reading: when a Cut or Median removes every rated opponent (a late entrant who played
two games, ARO/C2), TieBreakServer prints ``-0`` (the average of nothing); fairpair shows no
value, which ranks the same (after every rating). Those values are compared as "no value".
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament

from .server_values import shown
from .trf_reader import read_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "fide_tiebreaks"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected-c07-rest.json").read_text(encoding="utf-8"))
COLUMNS = {
    "STD": "standard_points",
    "TPN": "seed",
    "RTNG": "rating",
    "SB/C2": "sonneborn_berger_cut2",
    "PS/C2": "progressive_cut2",
    "FB/C1": "fore_buchholz_cut1",
    "FB/C2": "fore_buchholz_cut2",
    "FB/M1": "fore_buchholz_median1",
    "FB/M2": "fore_buchholz_median2",
    "FB/P": "fore_buchholz_forfeits",
    "BH/P": "buchholz_forfeits",
    "SB/P": "sonneborn_berger_forfeits",
    "AOB/F": "aob_fore",
    "ARO/C2": "aro_cut2",
    "ARO/M1": "aro_median1",
    "ARO/M2": "aro_median2",
    "WON": "matches_won",
    "GE": "rounds_elected",
}


@pytest.mark.parametrize(
    "event",
    EXPECTED["events"],
    ids=[f"{e['file']}-after-{e['after_round'] or 'all'}" for e in EXPECTED["events"]],
)
def test_matches_tiebreakserver(event: dict[str, Any]) -> None:
    assert list(COLUMNS) == EXPECTED["columns"]
    t, _ = read_trf(
        (DATA / event["file"]).read_text(encoding="utf-8"), dataclasses.replace(FIDE, tiebreaks=())
    )
    st = compute_standings(t, after_round=event["after_round"], tiebreaks=list(COLUMNS.values()))
    got = {row.player.id: dict(zip(COLUMNS, row.tiebreaks, strict=True)) for row in st.rows}
    wrong = []
    compared = 0
    for number, expected in event["values"].items():
        pid = f"p{number}"
        if pid not in got:  # no completed round: no row
            continue
        for column, want in zip(COLUMNS, expected, strict=True):
            have = got[pid][column]
            if want is None or want == "-0":
                ok = have is None
            else:
                ok = shown(have, want) == Fraction(want)
            if not ok:
                wrong.append((pid, column, want, have))
            compared += 1
    assert not wrong
    assert compared >= 9 * len(COLUMNS)


def test_the_p_modifier_changes_values_where_there_are_forfeits() -> None:
    """The golden events have forfeits: BH/P and SB/P differ from BH and SB for some players
    (so the comparison above is not trivially Buchholz again)."""
    t, _ = read_trf((DATA / "event-01.trf").read_text(encoding="utf-8"), FIDE)
    names = ["buchholz", "buchholz_forfeits", "sonneborn_berger", "sonneborn_berger_forfeits"]
    st = compute_standings(t, tiebreaks=names)
    assert any(r.tiebreaks[0] != r.tiebreaks[1] for r in st.rows)
    assert any(r.tiebreaks[2] != r.tiebreaks[3] for r in st.rows)


def test_standard_points_count_one_half_zero_whatever_the_scoring() -> None:
    """STD by hand (scoring 3/1/0, pairing bye 3; values computed from C.07's definition, not
    by TieBreakServer: the golden events are scored 1/½/0, where STD equals the points).

    ===  ==========  ==========  ==========  ======  ==================
         round 1     round 2     round 3     points  STD
    ===  ==========  ==========  ==========  ======  ==================
    a    beat b (3)  drew c (1)  bye (3)     7       1 + ½ + 1 = 2½
    b    lost a (0)  bye (3)     beat c (3)  6       0 + 1 + 1 = 2
    c    bye (3)     drew a (1)  lost b (0)  4       1 + ½ + 0 = 1½
    ===  ==========  ==========  ==========  ======  ==================
    """
    scoring = dataclasses.replace(
        FIDE.scoring,
        win=Fraction(3),
        draw=Fraction(1),
        bye=Fraction(3),
        forfeit_win=Fraction(3),
        half_bye=Fraction(1),
    )
    rounds = (
        Round(1, (Match(1, "a", "b", Result.win(Side.A)),), (Bye("c"),)),
        Round(2, (Match(1, "a", "c", Result.draw()),), (Bye("b"),)),
        Round(3, (Match(1, "b", "c", Result.win(Side.A)),), (Bye("a"),)),
    )
    ruleset = dataclasses.replace(FIDE, scoring=scoring, tiebreaks=("standard_points",))
    players = (Player("a", "A"), Player("b", "B"), Player("c", "C"))
    t = Tournament("Three points", players, (Stage(ruleset=ruleset, rounds=rounds),))
    st = compute_standings(t)
    got = {r.player.id: (r.points, r.tiebreaks[0]) for r in st.rows}
    assert got == {
        "a": (Fraction(7), Fraction(5, 2)),
        "b": (Fraction(6), Fraction(2)),
        "c": (Fraction(4), Fraction(3, 2)),
    }


def test_rating_and_aro_cuts_by_hand() -> None:
    """RTNG is the player's own rating (unrated: no value). ARO/C2 and ARO/M1 by hand (C.07
    art. 10.1, 14.1): P drew opponents rated 1500, 1600, 1700, 1800 → ARO/C2 (1700 + 1800) / 2
    = 1750, ARO/M1 (1600 + 1700) / 2 = 1650."""
    players = (
        Player("p", "P", rating=2000),
        Player("a", "A", rating=1500),
        Player("b", "B", rating=1600),
        Player("c", "C", rating=1700),
        Player("d", "D", rating=1800),
        Player("u", "U"),
    )
    rounds = tuple(
        Round(n, (Match(1, "p", opp, Result.draw()),)) for n, opp in enumerate("abcd", 1)
    )
    ruleset = dataclasses.replace(FIDE, tiebreaks=("aro_cut2", "aro_median1", "rating"))
    t = Tournament("ARO", players, (Stage(ruleset=ruleset, rounds=rounds),))
    st = compute_standings(t)
    assert st.value("p", "aro_cut2") == 1750
    assert st.value("p", "aro_median1") == 1650
    assert st.value("p", "rating") == 2000
    assert st.value("a", "aro_cut2") is None  # one opponent: nothing left after the cut
