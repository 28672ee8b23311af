"""Double elimination (issue 9, point 3): a winners bracket seeded as single elimination
(MTR 10.4), a losers bracket, a grand final, and a bracket reset that exists only when the
losers-bracket champion wins the first final (no moot game).

For ``2^k`` slots the losers bracket has ``2(k-1)`` rounds:

* LB round 1: the losers of WB round 1, paired in order — LB R1 #i is the loser of WB R1
  #(2i-1) against the loser of WB R1 #2i (**natural**);
* LB round ``2j`` (a drop-in round): the losers of WB round ``j+1`` (side a) against the winners
  of LB round ``2j-1`` (side b), the losers placed by the **alternating crossover**: reversed
  (``reverse``) for WB rounds 2, 4, 6, ... and half-swapped (``half_swap``: the two halves
  exchanged, each kept in order) for WB rounds 3, 5, ...;
* LB round ``2j+1``: the winners of LB round ``2j`` paired in order.

Why the crossover: a WB-round-``r`` loser has already beaten players who dropped earlier from
his own part of the winners bracket; sending him to the opposite part of the losers bracket
keeps him away from them until structure forces it. Reversal alone brings the same halves back
together at every second drop (16+ entrants), which the alternation avoids. This is the order
``docs/brackets.md`` draws for 8 and 16 and the tests check as a table for 4, 8, 16, 32.

Final standings (issue 9): 1 the champion, 2 the loser of the last final, 3 the loser of the LB
final, 4 the loser of the LB semifinal, then 5–6, 7–8, 9–12, 13–16 ... for the losers of each
earlier LB round (a shared place for those knocked out in the same LB round).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from fairpair.engine.brackets.bracket import Bracket, RawMatch, remove_byes
from fairpair.engine.brackets.matches import LoserOf, SideOf, Source, WinnerOf
from fairpair.engine.brackets.notes import DropOrder, Note, ResetRule, feeds
from fairpair.engine.brackets.seeding import bracket_size
from fairpair.engine.brackets.single import seeding_notes, winners_rounds


def _natural(m: int, i: int) -> int:
    return i


def _reverse(m: int, i: int) -> int:
    return m + 1 - i


def _half_swap(m: int, i: int) -> int:
    if m == 1:
        return 1
    half = m // 2
    return i + half if i <= half else i - half


#: The named orders: (number of losers, LB match index 1..m) → the WB match index whose loser
#: plays there.
ORDERS: Mapping[str, Callable[[int, int], int]] = {
    "natural": _natural,
    "reverse": _reverse,
    "half_swap": _half_swap,
}

#: The name of this slot map.
CROSSOVER = "alternating crossover (reverse, half_swap, reverse, ...)"


def drop_order(winners_round: int) -> str:
    """The order in which the losers of WB round ``winners_round`` (2 or later) drop in."""
    return "reverse" if winners_round % 2 == 0 else "half_swap"


def double_elimination(entrants: int) -> Bracket:
    """A double-elimination bracket for seeds ``1..entrants`` (byes to the top seeds)."""
    return _build(entrants, drop_order)


def _build(entrants: int, order_of: Callable[[int], str]) -> Bracket:
    size = bracket_size(entrants)
    wb, k = winners_rounds(entrants, "Winners", 10)
    by_round: dict[int, list[RawMatch]] = {}
    for w in wb:
        by_round.setdefault(w.round, []).append(replace(w, depth=0, loser_out=False))
    raw: list[RawMatch] = [*by_round[1]]
    notes: list[Note] = [*seeding_notes(entrants)]
    lb_rounds = 2 * (k - 1)

    def lb(t: int, i: int, a: Source, b: Source, count: int) -> RawMatch:
        label = f"Losers round {t}" + (f" #{i}" if count > 1 else "")
        return RawMatch(f"L{t}.{i}", "losers", t, i, label, a, b, 10 * t, True)

    for r in range(2, k + 1):
        raw += by_round[r]
        if r == 2:
            m1 = size // 4
            raw += [
                lb(1, i, LoserOf(f"W1.{2 * i - 1}"), LoserOf(f"W1.{2 * i}"), m1)
                for i in range(1, m1 + 1)
            ]
            notes.append(DropOrder(1, 1, "natural"))
        else:
            t = 2 * r - 3
            m_odd = size >> r
            raw += [
                lb(t, i, WinnerOf(f"L{t - 1}.{2 * i - 1}"), WinnerOf(f"L{t - 1}.{2 * i}"), m_odd)
                for i in range(1, m_odd + 1)
            ]
        t = 2 * r - 2
        m = size >> r
        name = order_of(r)
        place = ORDERS[name]
        raw += [
            lb(t, i, LoserOf(f"W{r}.{place(m, i)}"), WinnerOf(f"L{t - 1}.{i}"), m)
            for i in range(1, m + 1)
        ]
        notes.append(DropOrder(r, t, name))
    lb_champion: Source = WinnerOf(f"L{lb_rounds}.1") if k >= 2 else LoserOf(f"W{k}.1")
    depth = 10 * (lb_rounds + 1)
    raw.append(
        RawMatch("GF", "final", 1, 1, "Grand final", WinnerOf(f"W{k}.1"), lb_champion, depth, True)
    )
    raw.append(
        RawMatch(
            "GF2", "reset", 2, 1, "Bracket reset", SideOf("GF", "a"), SideOf("GF", "b"), depth, True
        )
    )
    matches, ids = remove_byes(tuple(raw))
    notes += feeds(matches)
    notes.append(ResetRule(ids["GF"], ids["GF2"]))
    return Bracket("double", entrants, size, matches, ids["GF"], ids["GF2"], tuple(notes))
