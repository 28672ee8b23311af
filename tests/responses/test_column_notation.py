"""One notation a column (``engine.points_text``): halves read ``½`` while every value of the
column is whole or a half; one value that is neither (10¾) turns the whole column into
decimals with two places — never "10½" beside "10.75". The standings response, CSV and the
command line read the same rule (``responses.values.columns_of``)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.players import Player
from fairpair.engine.points_text import column_text, in_decimals
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.interop.csv.standings import standings_csv
from fairpair.responses.standings import standings_response

QUARTERS = st.builds(Fraction, st.integers(-200, 200), st.sampled_from([1, 2, 4]))


def test_halves_stay_halves_and_a_quarter_turns_the_column_to_decimals() -> None:
    halves = [Fraction(21, 2), Fraction(9), None]
    assert not in_decimals(halves)
    assert [column_text(v, False) for v in halves if v is not None] == ["10½", "9"]
    mixed = [Fraction(21, 2), Fraction(43, 4), Fraction(9)]
    assert in_decimals(mixed)
    assert [column_text(v, True) for v in mixed] == ["10.50", "10.75", "9.00"]
    assert not in_decimals([3, 4, None])  # counts are whole


@given(st.lists(QUARTERS, min_size=1, max_size=30))
def test_a_column_has_one_notation(values: list[Fraction]) -> None:
    decimals = in_decimals(values)
    texts = [column_text(v, decimals) for v in values]
    if decimals:
        assert all(t.split(".")[-1].isdigit() and len(t.split(".")[-1]) == 2 for t in texts)
        assert not any("½" in t for t in texts)
        assert all(Fraction(t) == v for t, v in zip(texts, values, strict=True))  # exact here
    else:
        assert not any("." in t for t in texts)


def chess_event() -> Tournament:
    """Four players, three rounds with draws: Sonneborn-Berger in quarters, Buchholz and
    points in halves."""
    players = tuple(Player(p, p.title()) for p in ("ann", "bob", "cid", "dan"))
    draw, a_wins = Result.draw(), Result.win(Side.A)
    rounds = (
        Round(1, (Match(1, "ann", "bob", draw), Match(2, "cid", "dan", a_wins))),
        Round(2, (Match(1, "ann", "cid", draw), Match(2, "bob", "dan", draw))),
        Round(3, (Match(1, "ann", "dan", a_wins), Match(2, "bob", "cid", draw))),
    )
    stage = Stage(ruleset=FIDE, seed="s", rounds=rounds)
    return Tournament("Club", players, (stage,))


def test_the_standings_write_each_column_in_one_notation() -> None:
    table = compute_standings(chess_event())
    view = standings_response(table, "Club")
    columns: dict[str, list[str]] = {}
    for row in view.rows:
        for name, value in row.tiebreaks.items():
            columns.setdefault(name, []).append(value.display)
    sb = columns["sonneborn_berger"]
    assert any(Fraction(v) != Fraction(v).limit_denominator(2) for v in sb)  # quarters
    assert all("." in v and "½" not in v for v in sb), sb
    assert not any("." in v for v in columns["buchholz"]), columns["buchholz"]
    lines = standings_csv(table).splitlines()
    header = lines[0].split(",")
    sb_at = header.index(next(tb.short for tb in table.tiebreaks if tb.name == "sonneborn_berger"))
    assert all("." in line.split(",")[sb_at] for line in lines[1:])
