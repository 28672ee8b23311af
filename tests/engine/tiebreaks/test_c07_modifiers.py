"""C.07's two modifiers that take a number (issue 34 point 6): Koya's limit (``KS/L60``,
``KS/L+1``: ``koya_limit_60``, ``koya_limit_plus_1``) and a rating for unrated players
(``ARO/U1000``: ``aro_unrated_1000``, on every rating tie-break that takes it), compared value
by value with FIDE's reference program, TieBreakServer 1.9.57 (rules 2026-03-01), on the five
golden events, ``event-01`` after its round 6, ``event-01-unrated`` (players 3 and 11 made
unrated; all rounds and after round 4) and the round robin ``round-robin-01``
(``expected-modifiers.json``; README there).

Where a Cut or Median leaves no opponent, TieBreakServer prints ``-0`` and fairpair shows no
value (both rank last), as in ``test_c07_rest.py``.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.errors import UnknownTiebreak
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tiebreaks import get_tiebreak
from fairpair.engine.tiebreaks.parameters import MAX_UNRATED
from fairpair.engine.tiebreaks.registry import tiebreak_problem
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import MAX_RATING
from fairpair.interop.trf.tags import code_of, tiebreak_of_code

from .trf_reader import read_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "fide_tiebreaks"
EXPECTED: dict[str, Any] = json.loads(
    (DATA / "expected-modifiers.json").read_text(encoding="utf-8")
)
COLUMNS = {
    "KS/L60": "koya_limit_60",
    "KS/L40": "koya_limit_40",
    "KS/L+1": "koya_limit_plus_1",
    "KS/L-1": "koya_limit_minus_1",
    "KS/L+1.5": "koya_limit_plus_3",  # with a dot: points (1.5 points = 3 half-points)
    "RTNG/U1000": "rating_unrated_1000",
    "ARO/U1000": "aro_unrated_1000",
    "ARO/C1/U1000": "aro_cut1_unrated_1000",
    "ARO/C2/U1000": "aro_cut2_unrated_1000",
    "ARO/M1/U1000": "aro_median1_unrated_1000",
    "ARO/M2/U1000": "aro_median2_unrated_1000",
    "TPR/U1000": "tpr_unrated_1000",
    "PTP/U1000": "ptp_unrated_1000",
    "APRO/U1000": "apro_unrated_1000",
    "APPO/U1000": "appo_unrated_1000",
}


def _standings(event: dict[str, Any], names: list[str]) -> dict[str, dict[str, object]]:
    t, _ = read_trf(
        (DATA / event["file"]).read_text(encoding="utf-8"), dataclasses.replace(FIDE, tiebreaks=())
    )
    st = compute_standings(t, after_round=event["after_round"], tiebreaks=names)
    return {row.player.id: dict(zip(names, row.tiebreaks, strict=True)) for row in st.rows}


@pytest.mark.parametrize(
    "event",
    EXPECTED["events"],
    ids=[f"{e['file']}-after-{e['after_round'] or 'all'}" for e in EXPECTED["events"]],
)
def test_matches_tiebreakserver(event: dict[str, Any]) -> None:
    assert list(COLUMNS) == EXPECTED["columns"]
    got = _standings(event, list(COLUMNS.values()))
    wrong = []
    compared = 0
    for number, expected in event["values"].items():
        pid = f"p{number}"
        if pid not in got:  # no completed round: no row
            continue
        for column, want in zip(COLUMNS, expected, strict=True):
            have = got[pid][COLUMNS[column]]
            ok = have is None if want is None or want == "-0" else have == Fraction(want)
            if not ok:
                wrong.append((pid, column, want, have))
            compared += 1
    assert not wrong
    assert compared >= 8 * len(COLUMNS)


def test_the_golden_columns_read_and_write_as_fide_codes() -> None:
    """Each column's FIDE code reads as the name compared above, and the name writes back as
    the code (``KS/L+1.5`` writes as ``KS/L+3``: the same limit in half-points)."""
    for code, name in COLUMNS.items():
        assert tiebreak_of_code(code) == name
        assert code_of(name) == code.replace("L+1.5", "L+3")


def test_the_modifiers_change_values() -> None:
    """On the unrated file the ``/U`` columns differ from fairpair's plain reading (unrated
    players left out), and a moved Koya limit differs from the 50% one: the comparison above
    is not the plain tie-breaks again."""
    event = {"file": "event-01-unrated.trf", "after_round": None}
    plain = ["koya", "rating", "aro", "tpr", "ptp", "apro", "appo"]
    names = [*plain, "koya_limit_60", *(f"{n}_unrated_1000" for n in plain[1:])]
    got = _standings(event, names)
    assert got["p3"]["rating"] is None
    assert got["p3"]["rating_unrated_1000"] == 1000
    for name in plain:
        modified = "koya_limit_60" if name == "koya" else f"{name}_unrated_1000"
        assert any(row[name] != row[modified] for row in got.values()), name


def _three_rounds() -> Tournament:
    """A beat B, C and D; B beat C and D; C beat D; D is unrated (rounds 1–3, 4 players)."""
    players = (
        Player("a", "A", rating=1800),
        Player("b", "B", rating=1700),
        Player("c", "C", rating=1600),
        Player("d", "D"),
    )
    pairs = ((("a", "b"), ("c", "d")), (("a", "c"), ("b", "d")), (("a", "d"), ("b", "c")))
    rounds = tuple(
        Round(n, tuple(Match(t, x, y, Result.win(Side.A)) for t, (x, y) in enumerate(p, 1)))
        for n, p in enumerate(pairs, 1)
    )
    return Tournament("Koya", players, (Stage(ruleset=FIDE, rounds=rounds),))


def test_koya_limits_by_hand() -> None:
    """Three rounds, maximum 3: A 3, B 2, C 1, D 0. Limit 50% = 1½: A and B qualify → A 1
    (beat B), B 0, C 0. Limit 30% = 0.9: C qualifies too → A 2, B 1 (beat C). Limit +1
    half-point (2): A and B → A 1. Limit −1 half-point (1): A, B, C → A 2, B 1. Limit 100% (3):
    only A, whom nobody beat → 0."""
    names = ["koya", "koya_limit_30", "koya_limit_plus_1", "koya_limit_minus_1", "koya_limit_100"]
    st = compute_standings(_three_rounds(), tiebreaks=names)
    got = {r.player.id: r.tiebreaks for r in st.rows}
    assert got["a"] == (1, 2, 1, 2, 0)
    assert got["b"] == (0, 1, 0, 1, 0)
    assert got["c"] == (0, 0, 0, 0, 0)


def test_unrated_rating_by_hand() -> None:
    """D is unrated: A's ARO leaves D out ((1700 + 1600) / 2 = 1650); with /U1000 D counts
    at 1000 → (1700 + 1600 + 1000) / 3 = 1433⅓ → 1433. D's own RTNG/U1000 is 1000."""
    names = ["aro", "aro_unrated_1000", "rating", "rating_unrated_1000"]
    st = compute_standings(_three_rounds(), tiebreaks=names)
    assert [st.value("a", n) for n in names] == [1650, 1433, 1800, 1800]
    assert [st.value("d", n) for n in names] == [1700, 1700, None, 1000]


def test_labels_and_short_names() -> None:
    koya = get_tiebreak("koya_limit_60")
    assert (koya.short, koya.label) == ("KS/L60", "Koya, limit 60%")
    assert get_tiebreak("koya_limit_minus_2").short == "KS/L-2"
    assert get_tiebreak("aro_cut1_unrated_1000").short == "ARO-C1/U1000"
    assert "/U1000" in get_tiebreak("tpr_unrated_1000").definition
    assert get_tiebreak("koya_limit_60") is get_tiebreak("koya_limit_60")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("koya_limit_101", "from 0 to 100, not 101"),
        ("koya_limit_060", "written plainly"),
        ("koya_limit_plus_0", "from 1 to 1,000, not 0"),
        ("koya_limit_minus_1001", "from 1 to 1,000"),
        ("koya_limit_", "whole number"),
        ("koya_limit_plus_½", "whole number"),
        ("koya_limit_" + "9" * 5000, "from 0 to 100"),
        ("aro_unrated_100001", "from 0 to 100,000"),
        ("aro_unrated_-5", "unknown tiebreak"),
        ("buchholz_unrated_1000", "only the rating tie-breaks"),
        ("koya_unrated_1000", "only the rating tie-breaks"),
    ],
)
def test_bad_parameters_are_refused_with_the_reason(name: str, reason: str) -> None:
    problem = tiebreak_problem(name)
    assert problem is not None and reason in problem
    with pytest.raises(UnknownTiebreak) as raised:
        get_tiebreak(name, "stages[0].ruleset.tiebreaks[2]")
    assert reason in raised.value.reason
    assert raised.value.where == "stages[0].ruleset.tiebreaks[2]"


def test_unknown_names_list_the_spellings() -> None:
    problem = tiebreak_problem("koya_limits")
    assert problem is not None and "koya_limit_<percent>" in problem
    assert "<rating tie-break>_unrated_<rating>" in problem


def test_the_unrated_bound_is_a_players_rating_bound() -> None:
    assert MAX_UNRATED == MAX_RATING
