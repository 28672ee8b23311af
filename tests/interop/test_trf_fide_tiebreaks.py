"""Issue 12: a chess event imported from a TRF file and scored with ``fide`` gives the
tie-break values computed by hand, for both editions of FIDE C.07 — the 2026 amendment (the
``fide`` preset, ``fide_2026``) and the edition applied from 1 August 2024 (``fide_2024``).

The file is ``tests/data/trf/hand-tiebreaks.trf``: six rated players, four rounds, read
through the command line's path (``fairpair.cli.tournament_files.load_tournament``).

====  ======  ==========  ==========  ==========  ==========  ======
no.   rating  round 1     round 2     round 3     round 4     points
====  ======  ==========  ==========  ==========  ==========  ======
1     2000    W 4 (w) 1   B 6 (b) 1   D 2 (w) =   W 3 (b) 1   3½
2     1900    D 5 (w) =   +3 (b) fw   D 1 (b) =   W 4 (w) 1   3
3     1800    L 6 (w) 0   -2 (w) fl   W 4 (b) 1   L 1 (w) 0   1
4     1700    L 1 (b) 0   H  (½ bye)  L 3 (w) 0   L 2 (b) 0   ½
5     1600    D 2 (b) =   Z  (0 bye)  W 6 (w) 1   U (PAB) 1   2½
6     1500    W 3 (b) 1   L 1 (w) 0   L 5 (b) 0   (withdrew)  1
====  ======  ==========  ==========  ==========  ==========  ======

Round 2's 2–3 is a forfeit with colours written (``0003 b +`` / ``0002 w -``): not a game,
so it counts for neither player's games with Black. Player 6's line stops after round 3: a
withdrawal (``Drop("6", 3)``), round 4 an absence. Rounds so far: 4, so the 2026 cap on a
bye's or an absence's dummy opponent (16.4.2) is ½ × 4 = 2.

**The score opponents use** (C.07 art. 16.3, both editions; 2026: 16.2.5, 16.3.2): a player's
trailing requested byes and absences — followed only by voluntarily unplayed rounds — count
as draws. Only player 6 has one (round 4, absent): 1 + ½ = 1½. Player 5's zero-point bye and
player 4's half-point bye are followed by rounds that were not voluntarily unplayed, and
player 3's forfeit loss had a scheduled opponent: each counts what it scored.

    adjusted: 1 → 3½, 2 → 3, 3 → 1, 4 → ½, 5 → 2½, 6 → 1½

**Own unplayed rounds** (art. 16.4): a game against a dummy opponent on the player's own
final points; 2026 caps it — a forfeit at the scheduled opponent's adjusted score (16.4.1),
a bye or an absence at ½ × rounds = 2 (16.4.2); 2024 does not cap it.

=====  ===========================  ===================  ===================
no.    round (kind)                 2026 dummy           2024 dummy
=====  ===========================  ===================  ===================
2      2 (forfeit won vs 3)         min(3, adj 3 = 1)=1  own 3
3      2 (forfeit lost vs 2; VUR)   min(1, adj 2 = 3)=1  own 1
4      2 (half-point bye; VUR)      min(½, 2) = ½        own ½
5      2 (zero-point bye; VUR)      min(2½, 2) = 2       own 2½
5      4 (pairing-allocated bye)    min(2½, 2) = 2       own 2½
6      4 (absent; VUR)              min(1, 2) = 1        own 1
=====  ===========================  ===================  ===================

VUR: voluntarily unplayed round (2026: 16.1.2; 2024: 16.2) — half- and zero-point byes,
forfeit losses and absences; a pairing-allocated bye and a forfeit win are not.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.tournament_files import load_tournament
from fairpair.engine.drops import Drop
from fairpair.engine.rounds import ByeKind
from fairpair.engine.rulesets import FIDE, get_ruleset
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament

FILE = Path(__file__).resolve().parents[1] / "data" / "trf" / "hand-tiebreaks.trf"
H = Fraction(1, 2)
Q = Fraction(1, 4)
PLAYERS = ("1", "2", "3", "4", "5", "6")
#: The file's record 202: BH/C1, BH, SB, WIN, BPG, BWG, ARO, TPR, PS.
LISTED = (
    "buchholz_cut1",
    "buchholz",
    "sonneborn_berger",
    "wins",
    "black_games",
    "black_wins",
    "aro",
    "tpr",
    "progressive",
)
EDITIONS = ("fide", "fide_2024")


def _event() -> Tournament:
    return load_tournament(FILE)


def _standings(edition: str) -> Standings:
    """The file's event ranked by the ``edition`` preset with the file's tie-break list."""
    event = _event()
    ruleset = dataclasses.replace(get_ruleset(edition), tiebreaks=LISTED)
    return compute_standings(event, dataclasses.replace(event.stages[0], ruleset=ruleset))


def _column(standings: Standings, tiebreak: str) -> tuple[object, ...]:
    return tuple(standings.value(p, tiebreak) for p in PLAYERS)


def test_the_file_is_read_as_the_fide_preset_with_its_tiebreak_list() -> None:
    event = _event()
    stage = event.stages[0]
    assert stage.ruleset == dataclasses.replace(FIDE, tiebreaks=LISTED, base="fide")
    assert stage.max_rounds == 4
    assert event.drops == (Drop("6", 3),)
    byes = {(r.number, b.player): b.kind for r in stage.rounds for b in r.byes}
    assert byes == {
        (2, "4"): ByeKind.HALF,
        (2, "5"): ByeKind.ZERO,
        (4, "5"): ByeKind.PAIRING,
    }
    points = {p: compute_standings(event, stage).row(p).points for p in PLAYERS}
    assert points == {"1": 3 + H, "2": 3, "3": 1, "4": H, "5": 2 + H, "6": 1}


# Buchholz: C.07 art. 8.1 (the sum of the opponents' scores) with art. 16 for unplayed rounds.
# 2026: 16.3 (adjusted scores), 16.4.1 (forfeit: dummy capped at the scheduled opponent's
# adjusted score), 16.4.2 (bye/absence: dummy capped at ½ × rounds). 2024: 16.3, 16.4 (dummy
# on own points, uncapped).
BUCHHOLZ = {
    "fide": (
        # 1: R1 opp 4 (½) + R2 opp 6 (adjusted 1½) + R3 opp 2 (3) + R4 opp 3 (1) = 6
        6,
        # 2: R1 opp 5 (2½) + R2 forfeit won, dummy min(3, adj(3) = 1) = 1 (16.4.1)
        #    + R3 opp 1 (3½) + R4 opp 4 (½) = 7½
        7 + H,
        # 3: R1 opp 6 (1½) + R2 forfeit lost, dummy min(1, adj(2) = 3) = 1 + R3 opp 4 (½)
        #    + R4 opp 1 (3½) = 6½
        6 + H,
        # 4: R1 opp 1 (3½) + R2 half bye, dummy min(½, 2) = ½ (16.4.2) + R3 opp 3 (1)
        #    + R4 opp 2 (3) = 8
        8,
        # 5: R1 opp 2 (3) + R2 zero bye, dummy min(2½, 2) = 2 (16.4.2) + R3 opp 6 (1½)
        #    + R4 PAB, dummy min(2½, 2) = 2 = 8½
        8 + H,
        # 6: R1 opp 3 (1) + R2 opp 1 (3½) + R3 opp 5 (2½) + R4 absent, dummy min(1, 2) = 1
        #    = 8
        8,
    ),
    "fide_2024": (
        6,  # 1: played every round, as 2026
        # 2: R2's dummy on own 3 (16.4, no cap): 2½ + 3 + 3½ + ½ = 9½
        9 + H,
        6 + H,  # 3: own 1 is below every cap: as 2026
        8,  # 4: own ½: as 2026
        # 5: R2 and R4 dummies on own 2½: 3 + 2½ + 1½ + 2½ = 9½
        9 + H,
        8,  # 6: own 1: as 2026
    ),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_buchholz_c07_art_8_1_and_16(edition: str) -> None:
    assert _column(_standings(edition), "buchholz") == BUCHHOLZ[edition]


# Buchholz Cut-1: C.07 art. 14.1 (the least significant value removed) and art. 16.5 (2026
# and 2024 alike): a voluntarily unplayed round is cut first, even when another value is
# lower.
BUCHHOLZ_CUT1 = {
    "fide": (
        5 + H,  # 1: 6 − ½ (opp 4, the lowest; no VUR)
        7,  # 2: 7½ − ½ (opp 4; the forfeit won is not voluntary)
        5 + H,  # 3: 6½ − 1 (the forfeit lost, a VUR, is cut — not opp 4's lower ½)
        7 + H,  # 4: 8 − ½ (the half-point bye, a VUR)
        6 + H,  # 5: 8½ − 2 (the zero-point bye, a VUR — not opp 6's lower 1½)
        7,  # 6: 8 − 1 (the round-4 absence, a VUR)
    ),
    "fide_2024": (
        5 + H,  # 1
        9,  # 2: 9½ − ½ (opp 4)
        5 + H,  # 3
        7 + H,  # 4
        7,  # 5: 9½ − 2½ (the zero-point bye's dummy, a VUR — not opp 6's 1½)
        7,  # 6
    ),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_buchholz_cut1_c07_art_14_1_and_16_5(edition: str) -> None:
    assert _column(_standings(edition), "buchholz_cut1") == BUCHHOLZ_CUT1[edition]


# Sonneborn-Berger: C.07 art. 9.1 — each round's Buchholz value (art. 16: adjusted opponent
# or dummy) × that round's result: a win or forfeit win or PAB × 1, a draw or half-point bye
# × ½, a loss, forfeit loss, zero-point bye or absence × 0.
SONNEBORN_BERGER = {
    "fide": (
        # 1: ½ × 1 (R1) + 1½ × 1 (R2) + 3 × ½ (R3) + 1 × 1 (R4) = ½ + 1½ + 1½ + 1 = 4½
        4 + H,
        # 2: 2½ × ½ + 1 × 1 (forfeit won, 2026 dummy 1) + 3½ × ½ + ½ × 1
        #    = 1¼ + 1 + 1¾ + ½ = 4½
        4 + H,
        # 3: 1½ × 0 + 1 × 0 (forfeit lost) + ½ × 1 + 3½ × 0 = ½
        H,
        # 4: 3½ × 0 + ½ × ½ (half-point bye) + 1 × 0 + 3 × 0 = ¼
        Q,
        # 5: 3 × ½ + 2 × 0 (zero-point bye) + 1½ × 1 + 2 × 1 (PAB) = 1½ + 1½ + 2 = 5
        5,
        # 6: 1 × 1 + 3½ × 0 + 2½ × 0 + 1 × 0 (absent) = 1
        1,
    ),
    "fide_2024": (
        4 + H,  # 1
        # 2: 1¼ + 3 × 1 (the uncapped dummy on own 3) + 1¾ + ½ = 6½
        6 + H,
        H,  # 3
        Q,  # 4
        # 5: 1½ + 0 + 1½ + 2½ × 1 (PAB, dummy on own 2½) = 5½
        5 + H,
        1,  # 6
    ),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_sonneborn_berger_c07_art_9_1(edition: str) -> None:
    assert _column(_standings(edition), "sonneborn_berger") == SONNEBORN_BERGER[edition]


@pytest.mark.parametrize("edition", EDITIONS)
def test_wins_c07_art_7_1(edition: str) -> None:
    # Art. 7.1: rounds won, byes and forfeit wins included (the same in both editions).
    # 1: R1, R2, R4 = 3 · 2: R2 (forfeit), R4 = 2 · 3: R3 = 1 · 4: none = 0
    # 5: R3, R4 (PAB) = 2 · 6: R1 = 1
    assert _column(_standings(edition), "wins") == (3, 2, 1, 0, 2, 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_games_with_black_c07_art_7_3_and_7_4(edition: str) -> None:
    # Art. 7.3 (BPG), games played over the board with Black; art. 7.4 (BWG), of those won.
    # 1: R2 (b, won), R4 (b, won) → 2, 2
    # 2: R3 (b, drawn); R2's forfeit has colours written but is no game → 1, 0
    # 3: R3 (b, won); R2's forfeit (w) is no game → 1, 1
    # 4: R1 (b, lost), R4 (b, lost) → 2, 0
    # 5: R1 (b, drawn) → 1, 0
    # 6: R1 (b, won), R3 (b, lost) → 2, 1
    standings = _standings(edition)
    assert _column(standings, "black_games") == (2, 1, 1, 2, 1, 2)
    assert _column(standings, "black_wins") == (2, 0, 1, 0, 0, 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_aro_and_tpr_c07_art_10_1_and_10_2(edition: str) -> None:
    # Art. 10.1 (ARO): the mean rating of the opponents played (forfeits and byes left out),
    # rounded half up. Art. 10.2 (TPR): ARO + dp(p), p = the score in those games in whole
    # per cent rounded half up, dp from FIDE B.02 table 8.1.1.
    # 1: 1700 + 1500 + 1900 + 1800 = 6900 / 4 = 1725; 3½ / 4 = 87.5% → 88%, dp 336 → 2061
    # 2: 1600 + 2000 + 1700 = 5300 / 3 = 1766.67 → 1767; 2 / 3 = 67%, dp 125 → 1892
    # 3: 1500 + 1700 + 2000 = 5200 / 3 = 1733.33 → 1733; 1 / 3 = 33%, dp −125 → 1608
    # 4: 2000 + 1800 + 1900 = 5700 / 3 = 1900; 0 / 3 = 0%, dp −800 → 1100
    # 5: 1900 + 1500 = 3400 / 2 = 1700; 1½ / 2 = 75%, dp 193 → 1893
    # 6: 1800 + 2000 + 1600 = 5400 / 3 = 1800; 1 / 3 = 33%, dp −125 → 1675
    standings = _standings(edition)
    assert _column(standings, "aro") == (1725, 1767, 1733, 1900, 1700, 1800)
    assert _column(standings, "tpr") == (2061, 1892, 1608, 1100, 1893, 1675)


@pytest.mark.parametrize("edition", EDITIONS)
def test_progressive_c07_art_7_5(edition: str) -> None:
    # Art. 7.5: the sum of the running scores after each round, unplayed rounds at face value;
    # the withdrawn player keeps their score in the rounds after.
    # 1: 1 + 2 + 2½ + 3½ = 9 · 2: ½ + 1½ + 2 + 3 = 7 · 3: 0 + 0 + 1 + 1 = 2
    # 4: 0 + ½ + ½ + ½ = 1½ · 5: ½ + ½ + 1½ + 2½ = 5 · 6: 1 + 1 + 1 + 1 = 4
    assert _column(_standings(edition), "progressive") == (9, 7, 2, 1 + H, 5, 4)


@pytest.mark.parametrize("edition", EDITIONS)
def test_ranks_c07_art_4_and_buchholz_cut1_first(edition: str) -> None:
    # Points, then Buchholz Cut-1 (the file's 202 order): 3 and 6 tie on 1 point; Cut-1
    # 5½ (3) < 7 (6) in both editions, so 6 ranks 4th and 3 5th. The withdrawn player keeps
    # a rank (the fide presets rank every participant).
    standings = _standings(edition)
    assert [(r.rank, r.player.id) for r in standings.rows] == [
        (1, "1"),
        (2, "2"),
        (3, "5"),
        (4, "6"),
        (5, "3"),
        (6, "4"),
    ]


# -- the same numbers through the command line -------------------------------------------

runner = CliRunner()


def _cli(*args: str) -> dict[str, dict[str, str | None]]:
    """``fairpair standings FILE --json``: each player's tie-breaks as exact text."""
    shown = runner.invoke(app, ["standings", str(FILE), "--json", *args])
    assert shown.exit_code == 0, shown.stderr
    body: dict[str, Any] = json.loads(shown.stdout)
    return {
        row["player"]["id"]: {name: v["exact"] for name, v in row["tiebreaks"].items()}
        for row in body["rows"]
    }


def _exact(value: object) -> str:
    return str(value)


def test_the_cli_gives_the_files_list_under_the_2026_edition() -> None:
    # No --ruleset: the file's records (the fide preset, 2026, with record 202's list).
    shown = _cli()
    expected = {
        "buchholz_cut1": BUCHHOLZ_CUT1["fide"],
        "buchholz": BUCHHOLZ["fide"],
        "sonneborn_berger": SONNEBORN_BERGER["fide"],
        "wins": (3, 2, 1, 0, 2, 1),
        "black_games": (2, 1, 1, 2, 1, 2),
        "black_wins": (2, 0, 1, 0, 0, 1),
        "aro": (1725, 1767, 1733, 1900, 1700, 1800),
        "tpr": (2061, 1892, 1608, 1100, 1893, 1675),
        "progressive": (9, 7, 2, 1 + H, 5, 4),
    }
    for name, column in expected.items():
        assert tuple(shown[p][name] for p in PLAYERS) == tuple(map(_exact, column)), name


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_cli_with_either_preset(edition: str) -> None:
    # --ruleset NAME: the preset's own list (BH-C1, BH, SB, DE, WIN, ARO) and its edition.
    shown = _cli("--ruleset", edition)
    for name, column in (
        ("buchholz_cut1", BUCHHOLZ_CUT1[edition]),
        ("buchholz", BUCHHOLZ[edition]),
        ("sonneborn_berger", SONNEBORN_BERGER[edition]),
        ("wins", (3, 2, 1, 0, 2, 1)),
        ("aro", (1725, 1767, 1733, 1900, 1700, 1800)),
    ):
        assert tuple(shown[p][name] for p in PLAYERS) == tuple(map(_exact, column)), name
