"""The league leaderboard (issue 30): three weekly events with overlapping players, computed
by hand under each points rule — per match, attendance, a place table and a mix with best
N — best N dropping the right events, and the tiebreakers in their documented order."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.engine.leagues import (
    EventEntry,
    InvalidLeagueRule,
    LeagueEvent,
    PointsRule,
    leaderboard,
    rule_of,
)

F = Fraction
NAMES = {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan", "eve": "Eve"}


def _e(person: str, wins: int, draws: int, losses: int, place: int | None) -> EventEntry:
    return EventEntry(person, wins, draws, losses, True, place)


#: Three Friday nights, two rounds each. Week 1: Ann, Bob, Cat, Dan; week 2: Ann, Bob, Cat,
#: Eve (Cat and Eve drew); week 3: Ann, Bob, Dan, Eve.
WEEKS = (
    LeagueEvent(
        "week-1",
        (
            _e("ann", 2, 0, 0, 1),
            _e("bob", 1, 0, 1, 2),
            _e("cat", 1, 0, 1, 3),
            _e("dan", 0, 0, 2, 4),
        ),
    ),
    LeagueEvent(
        "week-2",
        (
            _e("bob", 2, 0, 0, 1),
            _e("ann", 1, 0, 1, 2),
            _e("cat", 0, 1, 1, 3),
            _e("eve", 0, 1, 1, 4),
        ),
    ),
    LeagueEvent(
        "week-3",
        (
            _e("dan", 2, 0, 0, 1),
            _e("bob", 1, 0, 1, 2),
            _e("eve", 1, 0, 1, 3),
            _e("ann", 0, 0, 2, 4),
        ),
    ),
)


def _whole(points: Fraction) -> int:
    assert points.denominator == 1
    return int(points)


def _table(rule: PointsRule) -> list[tuple[int, str, int]]:
    return [(r.rank, r.name, _whole(r.points)) for r in leaderboard(rule, WEEKS, NAMES).rows]


def test_per_match_points() -> None:
    # Ann 6+3+0, Bob 3+6+3, Cat 3+1, Dan 0+6, Eve 1+3. Cat and Eve: 4 points, 2 events,
    # 1 win, event totals 3 and 1 each — equal on everything: a shared 4th, by name.
    assert _table(PointsRule(win=F(3), draw=F(1))) == [
        (1, "Bob", 12), (2, "Ann", 9), (3, "Dan", 6), (4, "Cat", 4), (4, "Eve", 4),
    ]  # fmt: skip


def test_attendance_points() -> None:
    # One point a night. Ann and Bob 3 (3 events): Bob won 4 matches, Ann 3. Cat, Dan, Eve
    # 2 (2 events): Dan won 2 matches, Cat and Eve 1 each, then equal.
    rule = PointsRule(win=F(0), draw=F(0), attend=F(1))
    assert _table(rule) == [
        (1, "Bob", 3),
        (2, "Ann", 3),
        (3, "Dan", 2),
        (4, "Cat", 2),
        (4, "Eve", 2),
    ]


def test_place_table() -> None:
    # 1st 10, 2nd 8, 3rd 6, 4th beyond the table: 0.
    # Ann 10+8+0, Bob 8+10+8, Cat 6+6, Dan 0+10, Eve 0+6.
    rule = rule_of({"win": 0, "draw": 0, "places": "10,8,6"})
    assert _table(rule) == [
        (1, "Bob", 26),
        (2, "Ann", 18),
        (3, "Cat", 12),
        (4, "Dan", 10),
        (5, "Eve", 6),
    ]


def test_a_mix_with_best_two() -> None:
    # 3 a win, 1 a draw, 2 for coming, 1st 4, 2nd 2; the best 2 nights count.
    # Ann 12, 7, 2 → 19 (week 3 dropped); Bob 7, 12, 7 → 19 (of two 7s the earlier counts:
    # week 3 dropped); Dan 2, 12 → 14; Cat 5, 3 → 8; Eve 3, 5 → 8.
    rule = PointsRule(win=F(3), draw=F(1), attend=F(2), places=(F(4), F(2)), best=2)
    board = leaderboard(rule, WEEKS, NAMES)
    assert [(r.rank, r.name, _whole(r.points)) for r in board.rows] == [
        (1, "Bob", 19), (2, "Ann", 19), (3, "Dan", 14), (4, "Cat", 8), (4, "Eve", 8),
    ]  # fmt: skip
    bob = board.row("bob")
    assert bob is not None
    assert [(s.event, _whole(s.points), s.counted) for s in bob.scores] == [
        ("week-1", 7, True), ("week-2", 12, True), ("week-3", 7, False),
    ]  # fmt: skip
    ann = board.row("ann")
    assert ann is not None and [s.counted for s in ann.scores] == [True, True, False]
    assert (ann.played, ann.counted, ann.wins, ann.draws, ann.losses) == (3, 2, 3, 0, 3)


def test_best_n_drops_the_lowest_nights() -> None:
    weeks = [
        LeagueEvent(f"w{i}", (_e("ann", w, 0, 3 - w, None),)) for i, w in enumerate([1, 3, 0, 2])
    ]
    board = leaderboard(PointsRule(best=2), weeks)
    row = board.rows[0]
    assert row.points == 15  # 9 + 6: weeks w1 and w3
    assert [s.counted for s in row.scores] == [False, True, False, True]
    assert row.played == 4 and row.counted == 2 and row.wins == 6  # wins of every night


def test_tiebreakers_in_order() -> None:
    """Everyone has 4 points (1 a win, 1 a draw, 1 a night): b played 3 nights (first); a,
    c and e 2 nights — a and c won 2 matches, e none (a, c before e); a's best night (3)
    beats c's (2 and 2): countback; d played 1 night (last, though 3 wins). The names run
    backwards: they decide nothing here."""
    rule = PointsRule(win=F(1), draw=F(1), loss=F(0), attend=F(1))
    weeks = [
        LeagueEvent("1", (_e("a", 2, 0, 0, None), _e("b", 0, 0, 2, None), _e("c", 1, 0, 1, None),
                          _e("e", 0, 1, 1, None))),
        LeagueEvent("2", (_e("a", 0, 0, 2, None), _e("b", 1, 0, 1, None), _e("c", 1, 0, 1, None),
                          _e("e", 0, 1, 1, None))),
        LeagueEvent("3", (_e("b", 0, 0, 2, None), _e("d", 3, 0, 0, None))),
    ]  # fmt: skip
    names = {"a": "Zed", "b": "Yan", "c": "Xia", "d": "Wu", "e": "Vic"}
    board = leaderboard(rule, weeks, names)
    assert {r.points for r in board.rows} == {4}
    assert [(r.rank, r.person) for r in board.rows] == [
        (1, "b"),
        (2, "a"),
        (3, "c"),
        (4, "e"),
        (5, "d"),
    ]


def test_a_player_who_did_not_take_part_is_not_listed() -> None:
    weeks = [LeagueEvent("1", (_e("a", 1, 0, 0, 1), EventEntry("b", attended=False)))]
    assert [r.person for r in leaderboard(PointsRule(), weeks).rows] == ["a"]


@pytest.mark.parametrize(
    ("values", "field", "said"),
    [
        ({"win": -1}, "win", "0 or more"),
        ({"draw": "x"}, "draw", "a number"),
        ({"attend": "0.3"}, "attend", "halves"),
        ({"places": "4,6,8"}, "places", "from 1st down"),
        ({"places": "10,8,-1"}, "places[2]", "0 or more"),
        ({"best": "two"}, "best", "whole number"),
        ({"best": -2}, "best", "1 to"),
        ({"loss": 5000}, "loss", "at most"),
        ({"bonus": 1}, "bonus", "no 'bonus'"),
    ],
)
def test_a_bad_rule_names_the_field(values: dict[str, object], field: str, said: str) -> None:
    with pytest.raises(InvalidLeagueRule) as refused:
        rule_of(values)
    assert refused.value.where == field
    assert said in refused.value.reason


def test_rule_values_from_text() -> None:
    rule = rule_of({"win": "1", "draw": "½", "loss": "", "places": "10; 8 6,4", "best": "all"})
    assert (rule.win, rule.draw, rule.loss, rule.places, rule.best) == (
        F(1), F(1, 2), F(0), (F(10), F(8), F(6), F(4)), None,
    )  # fmt: skip
    assert rule_of(rule.as_json()) == rule
    assert rule_of({"draw": "2½", "best": "3"}).draw == F(5, 2)
    assert (
        rule.text == "1 a win, ½ a draw; by place: 1st 10, 2nd 8, 3rd 6, 4th 4 — every event counts"
    )
