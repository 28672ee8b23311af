"""A round robin scored as FIDE scores it (C.07 as TieBreakServer applies it to tournaments
with pre-determined pairings): every forfeit counts as a game played against the scheduled
opponent, for every tie-break, and the Swiss rules for unplayed rounds (art. 16's dummy
opponent) do not apply.

The file ``tests/data/fide_tiebreaks/round-robin-01.trf`` is a derived 8-player round robin
(FIDE Berger table, random results) with two forfeits: 2 beat 8 by forfeit in round 3, 4 beat
8 by forfeit in round 7 (the final round). ``expected-round-robin.json`` holds FIDE's
reference program's values for it (TieBreakServer 1.9.57 in round-robin mode, ``-p``; README
in that folder). fairpair's stage is a round robin (``192 FIDE_ROUNDROBIN``) under the
``fide`` preset, whose Swiss article-16 rules would otherwise give player 8 a Buchholz of 21
instead of 26½.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from fairpair.engine.ledger import build_ledger
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.standings import compute_standings
from fairpair.engine.tiebreaks.context import TiebreakContext
from fairpair.engine.tiebreaks.head_to_head import head_to_head

from .server_values import shown
from .trf_reader import read_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "fide_tiebreaks"
EXPECTED: dict[str, Any] = json.loads(
    (DATA / "expected-round-robin.json").read_text(encoding="utf-8")
)
COLUMNS = {
    "BH": "buchholz",
    "BH/C1": "buchholz_cut1",
    "BH/M1": "median1",
    "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1",
    "KS": "koya",
    "WIN": "wins",
    "WON": "matches_won",
    "PS": "progressive",
    "FB": "fore_buchholz",
    "AOB": "aob",
    "ARO": "aro",
    "TPR": "tpr",
    "BPG": "black_games",
    "REP": "rounds_elected",
}


def test_round_robin_matches_tiebreakserver() -> None:
    (event,) = EXPECTED["events"]
    t, _ = read_trf((DATA / event["file"]).read_text(encoding="utf-8"), FIDE)
    assert t.stages[0].format is StageFormat.ROUND_ROBIN
    st = compute_standings(t, tiebreaks=[COLUMNS[c] for c in EXPECTED["columns"]])
    got = {
        row.player.id: dict(zip(EXPECTED["columns"], row.tiebreaks, strict=True)) for row in st.rows
    }
    wrong = []
    compared = 0
    for number, expected in event["values"].items():
        for column, want in zip(EXPECTED["columns"], expected, strict=True):
            have = got[f"p{number}"][column]
            ok = have is None if want is None else shown(have, want) == Fraction(want)
            if not ok:
                wrong.append((number, column, want, have))
            compared += 1
    assert not wrong
    assert compared == 8 * 15


def test_forfeits_are_games_in_a_round_robin_only() -> None:
    """Player 8 lost two games by forfeit (to 2 and to 4, who finished on 5 and 3½). In the
    round robin both are games: Buchholz = the seven opponents' points, 5½ + 5 + 5 + 3½ + 4
    + 2 + 1½ = 26½. The same file read as a Swiss under the ``fide`` preset (art. 16.4.1:
    each forfeit a dummy opponent on 8's own 1½, at most the opponent's score) gives
    18 + 1½ + 1½ = 21."""
    text = (DATA / "round-robin-01.trf").read_text(encoding="utf-8")
    rr, _ = read_trf(text, FIDE)
    swiss, _ = read_trf(text.replace("192 FIDE_ROUNDROBIN\n", ""), FIDE)
    assert compute_standings(rr, tiebreaks=["buchholz"]).value("p8", "buchholz") == Fraction(53, 2)
    assert compute_standings(swiss, tiebreaks=["buchholz"]).value("p8", "buchholz") == 21


def test_direct_encounter_counts_a_forfeit_in_a_round_robin() -> None:
    """Direct encounter (C.07 art. 6) in a round robin: 2 and 8's game, won by 2 on forfeit,
    is their encounter, so between exactly those two 2 scored 1 and 8 scored 0. Read as a
    Swiss, the two never played: no separation."""
    text = (DATA / "round-robin-01.trf").read_text(encoding="utf-8")
    rr, _ = read_trf(text, dataclasses.replace(FIDE, tiebreaks=()))
    swiss, _ = read_trf(text.replace("192 FIDE_ROUNDROBIN\n", ""), FIDE)
    assert head_to_head(TiebreakContext(build_ledger(rr)), ["p2", "p8"]) == {"p2": 1, "p8": 0}
    assert head_to_head(TiebreakContext(build_ledger(swiss)), ["p2", "p8"]) is None
