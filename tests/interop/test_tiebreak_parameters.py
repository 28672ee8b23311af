"""Tie-breaks that take a number (C.07's ``KS/L`` and ``/U``) through every way in and out:
TRF records ``202``/``212`` in FIDE's spelling (``KS/L60``, ``KS/L+1``, ``ARO/C1/U1000``), the
JSON document (``koya_limit_60``, ``aro_cut1_unrated_1000``), and the ``standings`` command's
columns; a bad number is refused naming the place and the reason."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.engine.errors import FairpairError, UnknownTiebreak
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import dump_document, parse_document
from fairpair.interop.trf import TrfUnknownTiebreak, read_trf, write_trf

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "fide_tiebreaks"
#: FIDE's codes and fairpair's names, as written (each code is written back as it is).
CODES = {
    "KS/L60": "koya_limit_60",
    "KS/L0": "koya_limit_0",
    "KS/L+1": "koya_limit_plus_1",
    "KS/L-2": "koya_limit_minus_2",
    "ARO/U1000": "aro_unrated_1000",
    "ARO/C1/U1000": "aro_cut1_unrated_1000",
    "ARO/M2/U1400": "aro_median2_unrated_1400",
    "RTNG/U1500": "rating_unrated_1500",
    "TPR/U0": "tpr_unrated_0",
    "PTP/U1000": "ptp_unrated_1000",
    "APRO/U1000": "apro_unrated_1000",
    "APPO/U1000": "appo_unrated_1000",
}


def _player(n: int, points: str, *rounds: str, rating: str = "2000") -> str:
    text = (
        f"001 {n:>4} m    {f'Player {n}':<33} {rating:>4} SUI {n:>11} 2000/01/01 {points:>4} {n:>4}"
    )
    return text + "".join(f"  {r}" for r in rounds)


def _file(*records: str) -> str:
    players = (_player(1, "1.0", "0002 w 1"), _player(2, "0.0", "0001 b 0", rating=""))
    return "\n".join(("012 Modifiers", *records, *players)) + "\n"


def _event(tiebreaks: tuple[str, ...]) -> Tournament:
    players = (Player("a", "A", rating=1800), Player("b", "B"))
    rnd = Round(1, (Match(1, "a", "b", Result.win(Side.A)),))
    ruleset = dataclasses.replace(FIDE, tiebreaks=tiebreaks, base="fide")
    return Tournament("Modifiers", players, (Stage(ruleset=ruleset, rounds=(rnd,)),))


def test_record_202_reads_and_writes_fides_codes() -> None:
    text = _file("202 " + ",".join(CODES))
    event = read_trf(text).tournament
    assert event.stages[0].ruleset.tiebreaks == tuple(CODES.values())
    assert "202 " + ",".join(CODES) in write_trf(event).splitlines()


def test_record_212_after_pts_and_other_spellings() -> None:
    """``212`` lists the standings (``PTS`` first); a value modifier may stand before another
    (TieBreakServer reads ``ARO/U1000/C1`` as ``ARO/C1/U1000``), in any case; a move with a
    dot is in points (``+1.5`` = 3 half-points, ``-.5`` = 1); ``/L+0`` is Koya itself."""
    text = _file("212 PTS,ks/l55,ARO/U1000/C1,KS/L+1.5,KS/L-.5,KS/L+0,RTNG/U01000")
    names = read_trf(text).tournament.stages[0].ruleset.tiebreaks
    assert names == (
        "koya_limit_55",
        "aro_cut1_unrated_1000",
        "koya_limit_plus_3",
        "koya_limit_minus_1",
        "koya",
        "rating_unrated_1000",
    )


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("KS/L120", "from 0 to 100, not 120"),
        ("KS/L+1001", "from 1 to 1,000"),
        ("KS/L+0.25", "a whole number of half-points"),
        ("KS/Lx", "a percentage (/L60) or a move in half-points"),
        ("BH/L60", "/L (a limit) is for KS"),
        ("BH/U1000", "/U<rating> is for RTNG, ARO"),
        ("ARO/U", "/U takes a rating"),
        ("ARO/U100001", "from 0 to 100,000"),
        ("ARO/U1000/U900", "one /L or /U modifier per tie-break"),
        ("XYZ/U1000", "unknown tie-break"),
    ],
)
def test_a_bad_modifier_in_record_202_is_refused_with_the_place_and_reason(
    code: str, reason: str
) -> None:
    with pytest.raises(TrfUnknownTiebreak) as caught:
        read_trf(_file(f"202 BH,{code}"), "club.trf")
    problem = caught.value.problems[0]
    assert problem.where == "club.trf:2:8"
    assert reason in problem.reason
    assert code in problem.reason


def test_the_json_document_keeps_the_names(seed_001_data: dict[str, Any]) -> None:
    names = ["koya_limit_60", "koya_limit_minus_1", "aro_cut1_unrated_1000", "rating_unrated_0"]
    seed_001_data["stages"][0]["ruleset"] = {"base": "fide", "tiebreaks": names}
    event = parse_document(seed_001_data)
    assert event.stage().ruleset.tiebreaks == tuple(names)
    again = parse_document(json.loads(dump_document(event)))
    assert again.stage().ruleset.tiebreaks == tuple(names)
    assert compute_standings(again).tiebreaks[0].short == "KS/L60"


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("koya_limit_101", "from 0 to 100, not 101"),
        ("koya_limit_plus_0", "from 1 to 1,000, not 0"),
        ("sonneborn_berger_unrated_1000", "only the rating tie-breaks"),
        ("aro_unrated_100001", "from 0 to 100,000"),
    ],
)
def test_a_bad_number_in_a_document_is_refused_with_the_field_and_reason(
    seed_001_data: dict[str, Any], name: str, reason: str
) -> None:
    seed_001_data["stages"][0]["ruleset"] = {"base": "fide", "tiebreaks": ["buchholz", name]}
    with pytest.raises(FairpairError) as caught:
        parse_document(seed_001_data)
    error = caught.value
    assert isinstance(error, UnknownTiebreak)
    assert error.where == "stages[0].ruleset.tiebreaks[1]"
    assert reason in error.reason and name in error.reason


def test_a_written_and_read_trf_keeps_every_parametrised_tiebreak() -> None:
    event = _event(tuple(CODES.values()))
    again = read_trf(write_trf(event)).tournament
    assert again.stages[0].ruleset.tiebreaks == tuple(CODES.values())


def test_the_standings_command_shows_the_short_names(tmp_path: Path) -> None:
    """``fairpair standings`` on the golden file with two unrated players, its ``202`` listing
    a Koya limit and ratings for the unrated: the columns read as FIDE writes them, and player
    3 (unrated) has RTNG/U1000 1000."""
    text = (GOLDEN / "event-01-unrated.trf").read_text(encoding="utf-8")
    text = text.replace("XXR 8\n", "XXR 8\n202 KS/L60,RTNG/U1000,ARO/C1/U1000\n")
    path = tmp_path / "unrated.trf"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["standings", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [c["short"] for c in data["tiebreaks"]] == ["KS/L60", "RTNG/U1000", "ARO-C1/U1000"]
    wide = CliRunner(env={"COLUMNS": "200"}).invoke(app, ["standings", str(path)])
    assert wide.exit_code == 0, wide.output
    for short in ("KS/L60", "RTNG/U1000", "ARO-C1/U1000"):
        assert short in wide.output
