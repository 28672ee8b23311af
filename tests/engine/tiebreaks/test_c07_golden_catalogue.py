"""The C.07 tie-breaks added for issue 12 and the 2024 edition of article 16, compared value by
value with FIDE's reference program, TieBreakServer 1.9.57, on the five golden events of
``tests/data/fide_tiebreaks`` (``expected-catalogue.json``; README there). Columns: BPG and
BWG (C.07 art. 7.3, 7.4), REP (7.6), PS/C1 (7.5, 14.1), FB (8.3), AOB (8.2), SB/C1 (9.1,
14.1, 16.5), ARO/C1 (10.1, 14.1), TPR (10.2), PTP (10.3), APRO (10.4), APPO (10.5) under the
2026 rules (the ``fide`` preset), and BH, BH/C1, BH/C2, BH/M1, SB under the 2024 rules
(``fide_2024``: art. 16 as applied from 1 August 2024).
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.rulesets import FIDE, FIDE_2024
from fairpair.engine.standings import compute_standings

from .server_values import shown
from .trf_reader import read_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "fide_tiebreaks"
EXPECTED: dict[str, Any] = json.loads(
    (DATA / "expected-catalogue.json").read_text(encoding="utf-8")
)
COLUMNS = {
    "BPG": "black_games",
    "BWG": "black_wins",
    "REP": "rounds_elected",
    "PS/C1": "progressive_cut1",
    "FB": "fore_buchholz",
    "AOB": "aob",
    "SB/C1": "sonneborn_berger_cut1",
    "ARO/C1": "aro_cut1",
    "TPR": "tpr",
    "PTP": "ptp",
    "APRO": "apro",
    "APPO": "appo",
    "BH/V2024": "buchholz",
    "BH/C1/V2024": "buchholz_cut1",
    "BH/C2/V2024": "buchholz_cut2",
    "BH/M1/V2024": "median1",
    "SB/V2024": "sonneborn_berger",
}


@pytest.mark.parametrize(
    "event",
    EXPECTED["events"],
    ids=[f"{e['file']}-after-{e['after_round'] or 'all'}" for e in EXPECTED["events"]],
)
def test_matches_tiebreakserver(event: dict[str, Any]) -> None:
    text = (DATA / event["file"]).read_text(encoding="utf-8")
    got: dict[str, dict[str, object]] = {}
    for ruleset, columns in (
        (FIDE, [c for c in COLUMNS if "V2024" not in c]),
        (FIDE_2024, [c for c in COLUMNS if "V2024" in c]),
    ):
        t, _ = read_trf(text, dataclasses.replace(ruleset, tiebreaks=()))
        names = [COLUMNS[c] for c in columns]
        st = compute_standings(t, after_round=event["after_round"], tiebreaks=names)
        for row in st.rows:
            got.setdefault(row.player.id, {}).update(zip(columns, row.tiebreaks, strict=True))
    compared = 0
    wrong = []
    for number, expected in event["values"].items():
        pid = f"p{number}"
        if pid not in got:  # no completed round: no row
            continue
        for column, want in zip(EXPECTED["columns"], expected, strict=True):
            have = got[pid][column]
            ok = have is None if want is None else shown(have, want) == Fraction(want)
            if not ok:
                wrong.append((pid, column, want, have))
            compared += 1
    assert not wrong
    assert compared >= 10 * len(COLUMNS)
