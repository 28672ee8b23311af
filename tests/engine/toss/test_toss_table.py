"""The Toss table: T / - / B per round with a manual marker; wins, matches, rate, balance
(ok / warn / alert), manual count."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from toss_builders import play, tournament, with_round

from fairpair.engine.stage_config import Elimination, SwissEliminationConfig
from fairpair.engine.toss import BalanceClass, TossTag, balance_class, choose_first, toss_table


def test_classes() -> None:
    assert [balance_class(b) for b in (0, 1, -1, 2, -2, 5)] == [
        BalanceClass.OK,
        BalanceClass.WARN,
        BalanceClass.WARN,
        BalanceClass.ALERT,
        BalanceClass.ALERT,
        BalanceClass.ALERT,
    ]


def test_rows_tags_and_counts() -> None:
    t = tournament(["a", "b", "c", "late"])
    t, (x,) = play(t, [("a", "b")], byes=["c"])
    t, (y,) = play(t, [("a", "c")], byes=["b"])
    # make "a" play first twice by hand, so a reaches +2 (alert)
    t = with_round(t, choose_first(t.stage(), 1, 1, "a"))
    t = with_round(t, choose_first(t.stage(), 2, 1, "a"))
    table = toss_table(t)
    assert table.enabled and table.rounds == (1, 2)
    rows = {r.player.id: r for r in table.rows}
    assert list(rows) == ["a", "b", "c", "late"]
    a = rows["a"]
    assert [(c.tag, c.manual) for c in a.cells if c] == [(TossTag.FIRST, True)] * 2
    assert (a.wins, a.matches, a.rate, a.balance, a.manual) == (2, 2, Fraction(1), 2, 2)
    assert a.balance_class is BalanceClass.ALERT and table.max_abs_balance == 2
    b = rows["b"]
    assert [c.tag for c in b.cells if c] == [TossTag.SECOND, TossTag.BYE]
    assert (b.rate, b.balance, b.balance_class, b.manual) == (Fraction(0), -1, BalanceClass.WARN, 1)
    assert rows["late"].cells == (None, None) and rows["late"].rate is None
    assert rows["late"].balance_class is BalanceClass.OK
    assert x.first in ("a", "b") and y.first in ("a", "c")


def test_table_of_a_stage_with_the_toss_off_shows_untossed_matches() -> None:
    t = tournament(["a", "b"], enabled=False)
    from fairpair.engine.results import Result, Side
    from fairpair.engine.rounds import Match, Round

    t = with_round(t, Round(1, (Match(1, "a", "b", Result.win(Side.A)),)))
    table = toss_table(t)
    assert not table.enabled
    assert [r.cells[0].tag for r in table.rows if r.cells[0]] == [TossTag.UNTOSSED] * 2
    assert all(r.matches == 0 and r.balance == 0 for r in table.rows)


def test_swiss_elimination_stages_use_the_toss() -> None:
    t = tournament(["a", "b"])
    swiss = t.stage()
    stage = replace(
        swiss, config=SwissEliminationConfig(thresholds=Elimination(3, 2), toss=swiss.toss)
    )
    t = replace(t, stages=(stage,))
    t, (toss,) = play(t, [("a", "b")])
    assert toss_table(t).enabled and toss.first in ("a", "b")
