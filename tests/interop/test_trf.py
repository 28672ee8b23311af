"""FIDE TRF files: every fixture reads and writes back byte for byte; what each result code,
colour and bye becomes; a bad file is refused naming its line, column and reason; any valid
event written as TRF reads back to the same facts."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.drops import Drop
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, PodTable, Round, Toss, TossReason
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import PieceColour, RoundRobinConfig, StageFormat, SwissConfig
from fairpair.engine.tournament import Tournament
from fairpair.interop.trf import (
    NotExportable,
    TrfContradiction,
    TrfError,
    TrfLayout,
    TrfUnknownTiebreak,
    encode_trf,
    load_trf,
    read_trf,
    write_trf,
)
from fairpair.interop.trf.tags import TIEBREAK_CODES

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"
FILES = sorted(DATA.glob("*.trf"))
ALL_CODES = (DATA / "all-codes.trf").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_file_writes_back_byte_for_byte(path: Path) -> None:
    event = load_trf(path)
    assert encode_trf(write_trf(event.tournament, event.layout), event.layout) == path.read_bytes()


def test_the_layout_survives_json() -> None:
    event = read_trf(ALL_CODES)
    again = TrfLayout.from_json(event.layout.to_json())
    assert again == event.layout
    assert write_trf(event.tournament, again) == ALL_CODES


def test_line_endings_are_kept() -> None:
    for name, newline in (("all-codes-crlf.trf", "\r\n"), ("all-codes-cr.trf", "\r")):
        event = load_trf(DATA / name)
        assert event.layout.newline == newline
        assert event.tournament == read_trf(ALL_CODES).tournament


def _match(event: Tournament, number: int, player: str) -> Match:
    rnd = event.stages[0].rounds[number - 1]
    return next(m for m in rnd.matches if player in m.players)


def test_players_keep_their_chess_facts() -> None:
    t = read_trf(ALL_CODES).tournament
    aronian = t.players[0]
    assert aronian == Player(
        "1",
        "Aronian, Levon",
        seed=1,
        rating=2731,
        sex="m",
        title="g",
        federation="ARM",
        fide_id="13300474",
        birth_date="1982/10/06",
    )
    assert t.players[1].title == "wg"
    assert t.players[2].birth_date == "1961"
    newcomer = t.players[6]
    assert (newcomer.rating, newcomer.sex, newcomer.fide_id) == (None, None, None)
    assert t.name == "Fairpair TRF Test Open"
    assert t.stages[0].max_rounds == 5
    assert t.stages[0].ruleset is FIDE


def test_white_is_side_a_and_plays_first_as_recorded() -> None:
    t = read_trf(ALL_CODES).tournament
    m = _match(t, 1, "1")
    assert (m.a, m.b) == ("1", "4")
    assert m.toss == Toss("1", TossReason.RECORDED, manual=True)
    assert m.result == Result.win(Side.A)
    black_won = _match(t, 1, "6")  # 3 (White) lost to 6
    assert (black_won.a, black_won.b, black_won.result) == ("3", "6", Result.win(Side.B))


def test_every_result_code() -> None:
    t = read_trf(ALL_CODES).tournament
    assert _match(t, 1, "2").result == Result.draw()  # '='
    assert _match(t, 2, "2").result == Result.forfeit(Side.A)  # '+' / '-'
    assert _match(t, 2, "4").result == Result.win(Side.A)  # unrated 'W' / 'L'
    assert _match(t, 3, "4").result == Result.draw()  # unrated 'D' / 'D'
    assert _match(t, 3, "7").result == Result(ResultKind.DOUBLE_FORFEIT)  # '-' / '-'
    byes = {(r.number, b.player): b.kind for r in t.stages[0].rounds for b in r.byes}
    assert byes == {
        (1, "7"): ByeKind.PAIRING,  # U
        (2, "3"): ByeKind.HALF,  # H
        (3, "5"): ByeKind.FULL,  # f (letters are case-insensitive)
        (4, "3"): ByeKind.ZERO,  # Z
        (4, "4"): ByeKind.PAIRING,  # U
    }


def test_a_line_blank_to_the_end_is_a_withdrawal() -> None:
    t = read_trf(ALL_CODES).tournament
    assert t.drops == (Drop("7", 3),)
    assert all("7" not in r.participants() for r in t.stages[0].rounds[3:])


def test_unrated_codes_and_spelling_are_written_back_until_the_game_changes() -> None:
    event = read_trf(ALL_CODES)
    t = event.tournament
    stage = t.stages[0]
    rnd = stage.rounds[1]
    changed = tuple(
        dataclasses.replace(m, result=Result.win(Side.B)) if "4" in m.players else m
        for m in rnd.matches
    )
    rounds = (*stage.rounds[:1], dataclasses.replace(rnd, matches=changed), *stage.rounds[2:])
    edited = dataclasses.replace(t, stages=(dataclasses.replace(stage, rounds=rounds),))
    text = write_trf(edited, event.layout)
    line_4 = next(line for line in text.splitlines() if line.startswith("001    4"))
    assert "0005 w 0" in line_4  # changed: fairpair's code, rated
    assert "0006 w D" in line_4  # unchanged: the file's unrated draw


def test_a_renamed_event_rewrites_only_its_name_line() -> None:
    event = read_trf(ALL_CODES)
    renamed = dataclasses.replace(event.tournament, name="Basel Open")
    text = write_trf(renamed, event.layout)
    assert text.splitlines()[0] == "012 Basel Open"
    assert text.splitlines()[1:] == ALL_CODES.splitlines()[1:]


def test_the_2026_records_give_the_ruleset() -> None:
    t = load_trf(DATA / "tec-example.trf").tournament
    ruleset = t.stages[0].ruleset
    assert ruleset.tiebreaks == ("buchholz_cut1", "buchholz", "sonneborn_berger", "head_to_head")
    assert ruleset.scoring == FIDE.scoring
    assert t.stages[0].max_rounds == 3


def _file(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def _player(n: int, points: str, *rounds: str, name: str = "") -> str:
    name = name or f"Player {n}"
    text = f"001 {n:>4} m    {name:<33} 2000 SUI {n:>11} 2000/01/01 {points:>4} {n:>4}"
    return text + "".join(f"  {r}" for r in rounds)


def test_scoring_from_record_162() -> None:
    text = _file(
        "012 Football scoring",
        "162  W 3.0    D 1.0    L 0.0",
        _player(1, "3.0", "0002 w 1"),
        _player(2, "0.0", "0001 b 0"),
    )
    event = read_trf(text)
    scoring = event.tournament.stages[0].ruleset.scoring
    assert (scoring.win, scoring.draw, scoring.bye) == (Fraction(3), Fraction(1), Fraction(3))
    assert write_trf(event.tournament, event.layout) == text


def test_an_unreported_game_has_no_result_yet() -> None:
    text = _file(_player(1, "0.0", "0002 b  "), _player(2, "0.0", "0001 w  "))
    m = _match(read_trf(text).tournament, 1, "1")
    assert (m.a, m.result) == ("2", None)


def _refused(text: str, kind: type[TrfError] = TrfError) -> TrfError:
    with pytest.raises(kind) as caught:
        read_trf(text, "club.trf")
    return caught.value


def test_wrong_column_widths() -> None:
    line = _player(1, "1.0", "0002 w 1").replace("m    Player", "m   Player ")
    error = _refused(_file(line, _player(2, "0.0", "0001 b 0")))
    assert error.problems[0].where == "club.trf:1:14"
    assert "column 14 must be blank" in error.problems[0].reason


def test_a_round_out_of_its_columns() -> None:
    line = _player(1, "1.0") + "   0002 w 1"
    error = _refused(_file(line, _player(2, "0.0", "0001 b 0")))
    assert error.problems[0].where.startswith("club.trf:1:")
    assert "wrong column widths" in error.problems[0].reason


def test_unknown_result_code() -> None:
    error = _refused(_file(_player(1, "1.0", "0002 w 1"), _player(2, "0.0", "0001 b x")))
    assert error.problems[0].where == "club.trf:2:99"
    assert "unknown result code 'x'" in error.problems[0].reason
    assert error.problems[0].place == "player 2, round 1"


def test_opponent_out_of_range() -> None:
    error = _refused(_file(_player(1, "1.0", "0009 w 1"), _player(2, "0.0", "0000 - Z")))
    assert error.problems[0].where == "club.trf:1:92"
    assert "opponent 9 is out of range" in error.problems[0].reason


def test_a_played_b_but_b_says_c() -> None:
    error = _refused(
        _file(
            _player(1, "1.0", "0002 w 1"),
            _player(2, "0.0", "0003 b 0"),
            _player(3, "1.0", "0002 w 1"),
        ),
        TrfContradiction,
    )
    assert error.code == "inconsistent"
    assert error.problems[0].where == "club.trf:1:92"
    assert "1 played 2 in round 1, but 2's line (line 2) says 3" in error.problems[0].reason


def test_colour_mismatch() -> None:
    error = _refused(
        _file(_player(1, "1.0", "0002 w 1"), _player(2, "0.0", "0001 w 0")), TrfContradiction
    )
    assert error.problems[0].where == "club.trf:1:97"
    assert "colour mismatch" in error.problems[0].reason


def test_result_mismatch() -> None:
    error = _refused(
        _file(_player(1, "1.0", "0002 w 1"), _player(2, "1.0", "0001 b 1")), TrfContradiction
    )
    assert error.problems[0].where == "club.trf:1:99"
    assert "result mismatch" in error.problems[0].reason


def test_points_mismatch() -> None:
    error = _refused(
        _file(_player(1, "0.5", "0002 w 1"), _player(2, "0.0", "0001 b 0")), TrfContradiction
    )
    assert error.problems[0].where == "club.trf:1:81"
    assert error.problems[0].place == "player 1, points"
    assert (
        "player 1 has 0.5 points in the file but the results add up to 1"
        in error.problems[0].reason
    )


def test_unknown_tiebreak_code() -> None:
    error = _refused(
        _file("202 BH,XYZ", _player(1, "1.0", "0002 w 1"), _player(2, "0.0", "0001 b 0")),
        TrfUnknownTiebreak,
    )
    assert error.code == "unknown_tiebreak"
    assert error.problems[0].where == "club.trf:1:8"


def test_every_problem_is_listed() -> None:
    error = _refused(_file(_player(1, "x", "0002 q 1"), _player(2, "0.0", "0001 b ?")))
    assert [p.where for p in error.problems] == ["club.trf:1:81", "club.trf:1:97", "club.trf:2:99"]


def test_not_a_trf_file() -> None:
    error = _refused("hello\n")
    assert "no player line" in error.problems[0].reason


# -- writing any event ----------------------------------------------------------------------


def test_pods_and_skipped_matches_cannot_be_written() -> None:
    players = tuple(Player(p, p) for p in "abcd")
    pods = Stage(rounds=(Round(1, pods=(PodTable(1, ("a", "b", "c", "d"), (1, 2, 3, 4)),)),))
    with pytest.raises(NotExportable):
        write_trf(Tournament("Pods", players, (pods,)))
    skipped = Stage(
        rounds=(Round(1, (Match(1, "a", "b", Result(ResultKind.SKIPPED)), Match(2, "c", "d"))),)
    )
    with pytest.raises(NotExportable, match="skipped"):
        write_trf(Tournament("Skip", players, (skipped,)))


OUTCOMES = (
    Result.win(Side.A),
    Result.win(Side.B),
    Result.draw(),
    Result.forfeit(Side.A),
    Result.forfeit(Side.B),
    Result(ResultKind.DOUBLE_FORFEIT),
    None,
)


@st.composite
def chess_events(draw: st.DrawFn) -> Tournament:
    """A Swiss event of 2-9 players and 0-5 rounds: random pairings (White recorded or not),
    any result, a bye of any kind for the odd one out."""
    count = draw(st.integers(2, 9))
    players = tuple(
        Player(f"p{i}", f"Player {i}", seed=i, rating=draw(st.none() | st.integers(0, 3000)))
        for i in range(1, count + 1)
    )
    rounds = []
    for number in range(1, draw(st.integers(0, 5)) + 1):
        order = draw(st.permutations([p.id for p in players]))
        matches = []
        for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
            a, b = order[i], order[i + 1]
            result = draw(st.sampled_from(OUTCOMES))
            coloured = draw(st.booleans())
            toss = Toss(a, TossReason.RECORDED, manual=True) if coloured else None
            matches.append(Match(table, a, b, result, toss))
        byes: tuple[Bye, ...] = ()
        if len(order) % 2:
            byes = (Bye(order[-1], draw(st.sampled_from(list(ByeKind)))),)
        rounds.append(Round(number, tuple(matches), byes))
    stage = Stage(config=SwissConfig(max_rounds=9), ruleset=FIDE, rounds=tuple(rounds))
    return Tournament("Random chess event", players, (stage,))


def _facts(t: Tournament) -> list[object]:
    """Each round's games (White, Black, result from White) and byes, by start number."""
    number = {p.id: str(i) for i, p in enumerate(t.players, start=1)}
    out: list[object] = []
    for rnd in t.stages[0].rounds:
        games = set()
        for m in rnd.matches:
            a, b, result = number[m.a], number[m.b], m.result
            if m.toss is None and int(a) > int(b):  # no colours: the lower number is side a
                a, b = b, a
                if result is not None and result.winner is not None:
                    result = dataclasses.replace(result, winner=result.winner.other)
            games.add((a, b, result, m.toss is not None))
        out.append((games, {(number[b.player], b.kind) for b in rnd.byes}))
    return out


@settings(max_examples=60, deadline=None)
@given(chess_events())
def test_any_chess_event_writes_and_reads_back(event: Tournament) -> None:
    text = write_trf(event)
    again = read_trf(text)
    assert _facts(again.tournament) == _facts(event)
    assert [p.rating for p in again.tournament.players] == [p.rating for p in event.players]
    assert write_trf(again.tournament, again.layout) == text
    assert write_trf(again.tournament) == text


def test_points_are_written_in_tenths() -> None:
    players = (Player("a", "A"), Player("b", "B"))
    stage = Stage(ruleset=FIDE, rounds=(Round(1, (Match(1, "a", "b", Result.draw()),)),))
    text = write_trf(Tournament("Draw", players, (stage,)))
    assert " 0.5 " in text.splitlines()[1]
    assert read_trf(text).tournament.stages[0].rounds[0].matches[0].result == Result.draw()
    assert Fraction(1, 2) == Fraction("0.5")


def test_an_events_own_scoring_and_tiebreaks_are_written_as_2026_records() -> None:
    ruleset = dataclasses.replace(
        FIDE,
        scoring=dataclasses.replace(
            FIDE.scoring,
            win=Fraction(3),
            draw=Fraction(1),
            bye=Fraction(3),
            forfeit_win=Fraction(3),
            half_bye=Fraction(1),
        ),
        tiebreaks=("sonneborn_berger", "buchholz", "matches_won"),
        base="fide",
    )
    players = (Player("a", "A"), Player("b", "B"), Player("c", "C"))
    rnd = Round(1, (Match(1, "a", "b", Result.win(Side.A)),), (Bye("c"),))
    event = Tournament("Three points", players, (Stage(ruleset=ruleset, rounds=(rnd,)),))
    text = write_trf(event)
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0" in text.splitlines()
    assert "202 SB,BH,WON" in text.splitlines()
    again = read_trf(text).tournament.stages[0].ruleset
    assert (again.scoring, again.tiebreaks) == (ruleset.scoring, ruleset.tiebreaks)


@pytest.mark.parametrize("name", [*(f"event-0{k}.trf" for k in range(1, 6)), "round-robin-01.trf"])
def test_the_fide_tec_golden_files_come_back_byte_for_byte(name: str) -> None:
    """The five TRF-16 files of the FIDE tie-break golden data (tests/data/fide_tiebreaks:
    every bye code, forfeits, late entries, withdrawals) read and written back unchanged."""
    from fairpair.interop.trf import encode_trf, load_trf, write_trf

    path = Path(__file__).parents[1] / "data" / "fide_tiebreaks" / name
    read = load_trf(path)
    assert encode_trf(write_trf(read.tournament, read.layout), read.layout) == path.read_bytes()


@pytest.mark.parametrize(
    ("record", "cycles"),
    [
        ("192 FIDE_ROUNDROBIN", 1),
        ("192 BERGER_DOUBLEROUNDROBIN", 2),
        ("092 Individual: Round-Robin", 1),
        ("092 Double round robin", 2),
        ("092 Individual: Swiss-System", None),
        ("192 FIDE_DUTCH_2025", None),
    ],
)
def test_a_round_robin_is_read_from_records_092_and_192(record: str, cycles: int | None) -> None:
    """TRF-2026 ``192`` (encoded type: ``FIDE_ROUNDROBIN``, ``…_DOUBLEROUNDROBIN``) or a
    ``092`` type naming a round robin makes the stage a round robin (so its tie-breaks
    follow the round-robin rules); anything else stays a Swiss."""
    text = _file(
        "012 Club championship",
        record,
        _player(1, "1.0", "0002 w 1"),
        _player(2, "0.0", "0001 b 0"),
    )
    stage = read_trf(text).tournament.stages[0]
    if cycles is None:
        assert stage.format is StageFormat.SWISS
    else:
        assert stage.config == RoundRobinConfig(cycles=cycles)
        assert stage.name == "Round robin"


def test_a_round_robin_is_written_with_record_192_and_read_back() -> None:
    players = (Player("a", "A"), Player("b", "B"))
    rnd = Round(1, (Match(1, "a", "b", Result.forfeit(Side.A)),))
    for cycles, code in ((1, "192 FIDE_ROUNDROBIN"), (2, "192 FIDE_DOUBLEROUNDROBIN")):
        stage = Stage(config=RoundRobinConfig(cycles=cycles), ruleset=FIDE, rounds=(rnd,))
        text = write_trf(Tournament("Round robin", players, (stage,)))
        assert code in text.splitlines()
        assert read_trf(text).tournament.stages[0].config == RoundRobinConfig(cycles=cycles)


@pytest.mark.parametrize(
    ("record", "baku"),
    [("192 FIDE_DUTCH_2025", False), ("192 FIDE_DUTCH_2025_BAKU", True), ("192 FIDE_DUTCH", False)],
)
def test_record_192_naming_the_dutch_system_makes_a_dutch_stage(record: str, baku: bool) -> None:
    """bbpPairings' ``192 FIDE_DUTCH_2025`` (``…_BAKU``): the stage is paired by the Dutch
    system (with Baku acceleration); a ``092`` type or no record leaves fairpair's default."""
    lines = (_player(1, "1.0", "0002 w 1"), _player(2, "0.0", "0001 b 0"))
    swiss = read_trf(_file("012 Club Swiss", record, *lines)).tournament.stages[0].swiss
    assert swiss is not None
    assert (swiss.pairing_method, swiss.baku) == (PairingMethod.DUTCH, baku)
    plain = read_trf(_file("012 Club Swiss", "092 Individual: Swiss-System", *lines))
    assert plain.tournament.stages[0].config == SwissConfig()


def test_a_dutch_stage_is_written_with_its_type_initial_colour_and_forbidden_pairs() -> None:
    """An event that never was a TRF file, paired by the Dutch system, is written with
    ``192 FIDE_DUTCH_2025``, ``XXC`` (its initial colour: set, or the one drawn from the stage
    seed) and ``XXP`` (its forbidden pairs, by start number), and reads back the same."""
    players = tuple(Player(p, p.upper()) for p in "abcd")
    config = SwissConfig(
        pairing_method=PairingMethod.DUTCH,
        max_rounds=5,
        initial_colour=PieceColour.BLACK,
        forbidden_pairs=(("a", "c"),),
        baku=True,
    )
    stage = Stage(config=config, ruleset=FIDE)
    lines = write_trf(Tournament("Dutch open", players, (stage,))).splitlines()
    assert lines[1:5] == ["XXR 5", "192 FIDE_DUTCH_2025_BAKU", "XXC black1", "XXP 1 3"]
    again = read_trf("\n".join(lines) + "\n").tournament.stages[0]
    assert again.config == replace(config, forbidden_pairs=(("1", "3"),))  # ids: start numbers
    drawn = {
        write_trf(
            Tournament(
                "Dutch open",
                players,
                (replace(stage, seed=str(seed), config=replace(config, initial_colour=None)),),
            )
        ).splitlines()[3]
        for seed in range(8)
    }
    assert drawn == {"XXC white1", "XXC black1"}  # drawn by lot from the stage seed
    swiss = Stage(config=SwissConfig(max_rounds=5), ruleset=FIDE)
    assert not any(
        line[:3] in ("192", "XXC", "XXP")
        for line in write_trf(Tournament("Open", players, (swiss,))).splitlines()
    )


def test_every_c07_code_of_record_202_is_read_and_written_back_in_fides_spelling() -> None:
    """``202`` with FIDE's own spellings (C.07; TieBreakServer's codes, modifiers after a
    slash) reads as fairpair's tiebreaks, and is written back the same way (``GE``, the 2024
    name, comes back as ``REP``; older fairpair short names such as ``MPW`` still read)."""
    codes = [c for c in TIEBREAK_CODES if c != "GE"]
    text = _file(
        "012 Every tie-break",
        "202 " + ",".join(codes),
        _player(1, "1.0", "0002 w 1"),
        _player(2, "0.0", "0001 b 0"),
    )
    event = read_trf(text).tournament
    ruleset = event.stages[0].ruleset
    assert ruleset.tiebreaks == tuple(TIEBREAK_CODES[c] for c in codes)
    assert "202 " + ",".join(codes) in write_trf(event).splitlines()
    old = read_trf(text.replace("202 " + ",".join(codes), "202 GE,MPW,PS-C1")).tournament
    assert old.stages[0].ruleset.tiebreaks == ("rounds_elected", "matches_won", "progressive_cut1")
