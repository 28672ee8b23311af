"""Pairing one round bracket by bracket (C.04.3 sections 2–4 / B, C, D).

The players are ranked by score, then pairing number (A.2). Brackets are paired from the top:
a bracket is the moved-down players (MDPs) left over from the bracket above plus the players
of one scoregroup (the residents). Pairing it means choosing, in this order:

1. the **best value of the quality criteria** (``criteria``), over every pairing of the whole
   round that keeps the absolute criteria and can still be completed (C.1–C.4): one maximum
   weight matching of all players not yet paired, whose edge values rank the current
   bracket's criteria first, then the next bracket's, and only ask the players below to be
   pairable;
2. among the pairings with that value, the **first in the order of section D**:
   which MDPs are paired (the highest scores, then the lowest pairing numbers: D.3), with
   which residents (the MDP-pairing's transposition, D.1), which residents are exchanged
   between S1 and S2 of the remainder (the fewest, then the smallest difference of the sums of
   their bracket sequence numbers, then moving the lowest from S1 and the highest from S2:
   D.2), and finally each S1 player's opponent as high in S2 as can be (the transposition,
   D.1). Each of these is a question "can the best value still be reached if …?", answered by
   one more matching with a small preference added below every criterion.

The players left unpaired move down to the next bracket; the one left after the last bracket
receives the pairing-allocated bye.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from fairpair.engine.pairing.dutch.criteria import (
    RoundFacts,
    colour_criteria,
    down,
    may_meet,
    up,
)
from fairpair.engine.pairing.dutch.lexmatch import Layout, max_weight_matching
from fairpair.engine.pairing.dutch.players import Player

Edge = tuple[int, int]


class NoDutchPairing(Exception):
    """No pairing of the round keeps the absolute criteria (C.1–C.3)."""


@dataclass(slots=True)
class BracketOutcome:
    score: int
    moved_down: list[int]
    residents: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    floaters: list[int] = field(default_factory=list)


@dataclass(slots=True)
class RoundOutcome:
    order: list[Player]
    pairs: list[tuple[int, int]]
    bye: int | None
    brackets: list[BracketOutcome]
    truncated: bool


def pair_brackets(
    order: Sequence[Player],
    facts: RoundFacts,
    forbidden: Callable[[Player, Player], bool],
) -> RoundOutcome:
    """Pair ``order`` (ranked: score, then pairing number) by the Dutch rules."""
    return _Round(list(order), facts, forbidden).run()


class _Round:
    def __init__(
        self,
        order: list[Player],
        facts: RoundFacts,
        forbidden: Callable[[Player, Player], bool],
    ) -> None:
        self.order = order
        self.facts = facts
        n = self.n = len(order)
        self.adj: list[set[int]] = [set() for _ in range(n)]
        for i in range(n):
            a = order[i]
            for j in range(i + 1, n):
                b = order[j]
                if not forbidden(a, b) and may_meet(a, b, facts):
                    self.adj[i].add(j)
                    self.adj[j].add(i)
        self.weights: dict[Edge, int] = {}
        self.final: dict[int, int] = {}
        self.mate: list[int | None] = [None] * n
        self.truncated = False
        self.bye_score = 0
        self.unplayed_rank: dict[int, int] = {}
        self.single_downfloater_bye = False
        self.initial_single = False

    # -- matching ------------------------------------------------------------------------
    def edges(self) -> list[Edge]:
        return [(i, j) for i in range(self.n) for j in self.adj[i] if i < j]

    def solve(self, low: dict[Edge, int] | None = None) -> None:
        if low:
            items = dict(self.weights)
            for key, extra in low.items():
                if key in items:
                    items[key] += extra
        else:
            items = self.weights
        mate = max_weight_matching(self.n, [(u, v, w) for (u, v), w in items.items()])
        for u, v in self.final.items():
            mate[u] = v
        self.mate = mate

    def remove_edge(self, u: int, v: int) -> None:
        if v in self.adj[u]:
            self.adj[u].discard(v)
            self.adj[v].discard(u)
            self.weights.pop((u, v) if u < v else (v, u), None)

    def finalize(self, u: int, v: int) -> None:
        for w in list(self.adj[u]):
            self.remove_edge(u, w)
        for w in list(self.adj[v]):
            self.remove_edge(v, w)
        self.final[u] = v
        self.final[v] = u

    # -- the bye --------------------------------------------------------------------------
    def candidate(self, p: Player) -> bool:
        return p.bye_eligible and p.score <= self.bye_score

    def completion(self, i: int, j: int) -> int:
        return 1 + (not self.candidate(self.order[i])) + (not self.candidate(self.order[j]))

    def bye_rank(self, i: int, j: int, single: bool) -> int:
        if not single:
            return 0
        total = 0
        for k in (i, j):
            p = self.order[k]
            if p.score == self.bye_score:
                total += self.unplayed_rank[p.played_games]
        return total

    def check_complete(self) -> None:
        unmatched = [i for i in range(self.n) if self.mate[i] is None]
        if len(unmatched) > 1 or (unmatched and not self.order[unmatched[0]].bye_eligible):
            raise NoDutchPairing

    def choose_bye_score(self) -> None:
        """The 2025 text: the pairing-allocated bye goes to a player of the lowest score that
        still lets every other player be paired; among them, C.9 prefers the fewest unplayed
        games."""
        order = self.order
        top = order[0].score if order else 0
        if self.n % 2 == 0:
            self.bye_score = 0
            for i, j in self.edges():
                self.weights[(i, j)] = self.completion(i, j)
            self.solve()
            self.check_complete()
            return
        levels = sorted({p.score for p in order})
        level = {s: k for k, s in enumerate(levels)}
        width = (2 * len(levels)).bit_length() + 1
        for i, j in self.edges():
            a, b = order[i], order[j]
            first = 1 + (not a.bye_eligible) + (not b.bye_eligible)
            self.weights[(i, j)] = (first << width) | (level[a.score] + level[b.score])
        self.solve()
        self.check_complete()
        bye = next(i for i in range(self.n) if self.mate[i] is None)
        self.bye_score = order[bye].score
        single = False
        if self.bye_score >= top:
            single = True
            for i, p in enumerate(order):
                if p.score < top:
                    break
                m = self.mate[i]
                if m is not None and order[m].score < top:
                    single = False
                    break
        counts = sorted({p.played_games for p in order if p.score == self.bye_score}, reverse=True)
        self.unplayed_rank = {g: k for k, g in enumerate(counts)}
        self.single_downfloater_bye = single
        self.initial_single = single

    # -- the round ------------------------------------------------------------------------
    def run(self) -> RoundOutcome:
        order = self.order
        if self.n == 0:
            return RoundOutcome(order, [], None, [], False)
        self.choose_bye_score()
        groups: list[list[int]] = []
        for i, p in enumerate(order):
            if groups and order[groups[-1][0]].score == p.score:
                groups[-1].append(i)
            else:
                groups.append([i])
        carried: list[int] = []
        brackets: list[BracketOutcome] = []
        pairs: list[tuple[int, int]] = []
        for g, residents in enumerate(groups):
            nxt = groups[g + 1] if g + 1 < len(groups) else []
            outcome = self.bracket(carried, residents, nxt)
            brackets.append(outcome)
            pairs.extend(outcome.pairs)
            carried = outcome.floaters
            odd = self.n % 2 == 1
            if odd and nxt and self.bye_score >= order[nxt[0]].score:
                single = True
                for v in [*carried, *nxt]:
                    m = self.mate[v]
                    if m is not None and order[m].score < order[nxt[0]].score:
                        single = False
                        break
            else:
                single = False
            self.single_downfloater_bye = single
        if len(carried) > 1:
            raise NoDutchPairing
        bye = carried[0] if carried else None
        return RoundOutcome(order, pairs, bye, brackets, self.truncated)

    def bracket(self, mdps: list[int], residents: list[int], nxt: list[int]) -> BracketOutcome:
        order = self.order
        outcome = BracketOutcome(order[residents[0]].score, list(mdps), list(residents))
        bracket = [*mdps, *residents]
        region = [*bracket, *nxt]
        res_set = set(residents)
        in_bracket = set(bracket)
        nxt_set = set(nxt)
        first_resident = residents[0]
        levels = sorted({order[i].score for i in region}, reverse=True)
        vectors = self.vectors(region, first_resident, in_bracket, nxt_set, levels)
        size = 12 + 6 * len(levels)
        outside: dict[int, int] = {}
        bye_comp = 3 + 2 * len(levels)
        all_vectors: dict[Edge, dict[int, int]] = {}
        for i, j in self.edges():
            vec = vectors.get((i, j))
            if vec is None:
                outside = {0: self.completion(i, j)}
                rank = self.bye_rank(i, j, self.initial_single)
                if rank:
                    outside[bye_comp] = rank
                vec = outside
            all_vectors[(i, j)] = vec
        nb = len(bracket)
        b_a = nb.bit_length() + 1
        b_b = (nb * nb).bit_length() + 1
        b_c = (2 * len(region) + 2).bit_length() + 1
        low_bits = b_a + b_b + b_c
        layout = Layout(size, all_vectors, low_bits)
        if layout.truncated:
            self.truncated = True
        self.weights = {key: layout.pack(vec) for key, vec in all_vectors.items()}
        self.solve()

        def partner_in(v: int, where: set[int]) -> bool:
            m = self.mate[v]
            return m is not None and m in where

        # D.3: which MDPs are paired (highest scores first, then lowest numbers).
        matched_mdps: list[int] = []
        k = 0
        while k < len(mdps):
            score = order[mdps[k]].score
            same = [v for v in mdps[k:] if order[v].score == score]
            remaining = len(same)
            can = sum(1 for v in same if partner_in(v, res_set))
            for v in same:
                if can == 0:
                    break
                if remaining <= can:
                    matched_mdps.append(v)
                    self.keep_in(v, res_set)
                    continue
                remaining -= 1
                if not partner_in(v, res_set):
                    self.solve({_key(v, r): 1 for r in residents if r in self.adj[v]})
                if partner_in(v, res_set):
                    matched_mdps.append(v)
                    self.keep_in(v, res_set)
                    can -= 1
                else:
                    for r in residents:
                        self.remove_edge(v, r)
            k += len(same)

        # D.1 on the MDP-pairing: each paired MDP meets the highest resident it can.
        for v in sorted(matched_mdps):
            free = [r for r in residents if r not in self.final]
            self.prefer_highest(v, free, b_c)
            m = self.mate[v]
            assert m is not None
            outcome.pairs.append((v, m))
            self.finalize(v, m)

        # The remainder: residents not paired with an MDP.
        remainder = [r for r in residents if r not in self.final]
        rem_set = set(remainder)
        position = {v: k for k, v in enumerate(remainder)}

        def higher(v: int) -> bool:
            m = self.mate[v]
            return m is not None and m > v and m in rem_set

        count = sum(1 for v in remainder if higher(v))
        if count:
            size_r = len(remainder)
            shift_a = b_b + b_c

            def exchange_low(extra: Callable[[int, int], int]) -> dict[Edge, int]:
                low: dict[Edge, int] = {}
                for x in remainder:
                    for y in self.adj[x]:
                        if y > x and y in rem_set:
                            px = position[x]
                            value = ((px < count) << shift_a) | ((size_r - px) << b_c)
                            low[(x, y)] = value + extra(x, y)
                return low

            self.solve(exchange_low(lambda x, y: 0))
            s1 = remainder[:count]
            exchanges = sum(1 for v in s1 if not higher(v))
            remaining = exchanges
            # D.2: move out of S1 the lowest players that can be moved.
            for v in reversed(s1):
                if not remaining:
                    break
                if higher(v):
                    self.solve(exchange_low(_not_higher(v)))
                if not higher(v):
                    remaining -= 1
                    for y in remainder:
                        if y > v:
                            self.remove_edge(v, y)
            # D.2: move into S1 the highest players of S2 that can be moved.
            remaining = exchanges
            for v in remainder[count:]:
                if remaining <= 1:
                    break
                already = higher(v)
                if not already:
                    self.solve(exchange_low(_higher(v)))
                if higher(v):
                    remaining -= 1
                    for y in remainder:
                        if y < v:
                            self.remove_edge(v, y)
                    for y in nxt:
                        self.remove_edge(v, y)
            for x in remainder:
                for y in remainder:
                    if y > x and (not higher(x) or higher(y)):
                        self.remove_edge(x, y)
            # D.1: each S1 player meets the highest S2 player they can.
            for v in remainder:
                if higher(v):
                    free = [y for y in remainder if y > v and y not in self.final]
                    self.prefer_highest(v, free, b_c)
                    m = self.mate[v]
                    assert m is not None
                    outcome.pairs.append((v, m))
                    self.finalize(v, m)
        outcome.floaters = [v for v in bracket if v not in self.final]
        return outcome

    def keep_in(self, v: int, where: set[int]) -> None:
        """``v`` is paired inside the bracket: drop its other edges (the best value is
        reachable with it, so nothing better is lost)."""
        for w in list(self.adj[v]):
            if w not in where:
                self.remove_edge(v, w)

    def prefer_highest(self, v: int, candidates: list[int], bits: int) -> None:
        """Re-solve so that ``v`` meets the highest of ``candidates`` the best value allows."""
        live = [c for c in candidates if c in self.adj[v]]
        if live and self.mate[v] == live[0]:
            return
        low = {_key(v, c): len(live) - k for k, c in enumerate(live)}
        self.solve(low)

    def vectors(
        self,
        region: list[int],
        first_resident: int,
        in_bracket: set[int],
        nxt_set: set[int],
        levels: list[int],
    ) -> dict[Edge, dict[int, int]]:
        order = self.order
        facts = self.facts
        level = {s: k for k, s in enumerate(levels)}
        nl = len(levels)
        cur_scores = 2
        pairs_next = 2 + nl
        next_scores = 3 + nl
        bye_comp = 3 + 2 * nl
        colours = 4 + 2 * nl
        floats = 8 + 2 * nl
        ds1 = 12 + 2 * nl
        us1 = ds1 + nl
        ds2 = us1 + nl
        us2 = ds2 + nl
        played = facts.played_rounds
        resident_score = order[first_resident].score
        lowest = levels[-1]
        result: dict[Edge, dict[int, int]] = {}
        members = sorted(region)
        for jj, j in enumerate(members):
            if j < first_resident:
                continue
            lower = order[j]
            for i in members[:jj]:
                if j not in self.adj[i]:
                    continue
                hp = order[i]
                vec: dict[int, int] = {0: self.completion(i, j)}
                current = j in in_bracket
                nextb = j in nxt_set
                # The pairs of each score: the lowest score of the bracket (its residents') and
                # of the next one is left out, as the pairs counted above fix it.
                if current:
                    vec[1] = 1
                    if hp.score != resident_score:
                        vec[cur_scores + level[hp.score]] = 1
                if nextb:
                    vec[pairs_next] = 1
                    if hp.score != lowest:
                        vec[next_scores + level[hp.score]] = 1
                rank = self.bye_rank(i, j, self.single_downfloater_bye)
                if rank:
                    vec[bye_comp] = rank
                if current:
                    # Colour and upfloat criteria as penalties: few pairs incur them.
                    for k, ok in enumerate(colour_criteria(lower, hp)):
                        if not ok:
                            vec[colours + k] = -1
                    hs, ls = hp.score, lower.score
                    for back, base, dsc, usc in ((1, floats, ds1, us1), (2, floats + 2, ds2, us2)):
                        if played < back:
                            continue
                        d = int(down(lower, back)) + int(hs <= ls and down(hp, back))
                        if d:
                            vec[base] = d
                        repeat_up = hs > ls and up(lower, back)
                        if repeat_up:
                            vec[base + 1] = -1
                        if down(lower, back):
                            vec[dsc + level[ls]] = vec.get(dsc + level[ls], 0) + 1
                        if down(hp, back):
                            vec[dsc + level[hs]] = vec.get(dsc + level[hs], 0) + 1
                        if repeat_up:
                            vec[usc + level[hs]] = -1
                result[(i, j)] = vec
        return result


def _not_higher(v: int) -> Callable[[int, int], int]:
    """Prefer pairings where ``v`` is not the higher player of a pair (moved out of S1)."""

    def extra(x: int, y: int) -> int:
        return int(x != v)

    return extra


def _higher(v: int) -> Callable[[int, int], int]:
    """Prefer pairings where ``v`` is the higher player of a pair (moved into S1)."""

    def extra(x: int, y: int) -> int:
        return int(x == v)

    return extra


def _key(u: int, v: int) -> Edge:
    return (u, v) if u < v else (v, u)
