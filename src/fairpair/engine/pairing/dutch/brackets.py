"""Pairing one round bracket by bracket (C.04.3 sections 2–4 / B, C, D).

The players are ranked by score, then pairing number (A.2). Brackets are paired from the top:
a bracket is the moved-down players (MDPs) left over from the bracket above plus the players
of one scoregroup (the residents). Pairing it means choosing, in this order:

1. the **best value of the quality criteria** (``criteria``), over every pairing of the whole
   round that keeps the absolute criteria and can still be completed (C.1–C.4): a maximum
   weight matching whose edge values rank the current bracket's criteria first, then the next
   bracket's, and only ask the players below to be pairable. It is searched as small as gives
   the same answer: the bracket alone, its unpaired players counted as pairs of the next
   bracket and then checked to be (``solve_bracket``); else the bracket and the next one,
   the players below checked pairable; else all players not yet paired;
2. among the pairings with that value, the **first in the order of section D**:
   which MDPs are paired (the highest scores, then the lowest pairing numbers: D.3), with
   which residents (the MDP-pairing's transposition, D.1), which residents are exchanged
   between S1 and S2 of the remainder (the fewest, then the smallest difference of the sums of
   their bracket sequence numbers, then moving the lowest from S1 and the highest from S2:
   D.2), and finally each S1 player's opponent as high in S2 as can be (the transposition,
   D.1). Each of the first three is a question "can the best value still be reached if …?",
   answered by one more matching with a small preference added below every criterion (or by
   the last matching, when it already answers it); the last is found at once from the best
   matching's potentials (``transposition``).

The players left unpaired move down to the next bracket; the one left after the last bracket
receives the pairing-allocated bye.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat

from fairpair.engine.pairing.dutch.criteria import (
    RoundFacts,
    colour_class,
    colour_criteria,
    down,
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
    forbidden: Mapping[str, Collection[str]],
) -> RoundOutcome:
    """Pair ``order`` (ranked: score, then pairing number) by the Dutch rules; ``forbidden``
    maps a player's key to the keys of the players they must not meet (met already, or a
    forbidden pair)."""
    return _Round(list(order), facts, forbidden).run()


class _Round:
    def __init__(
        self,
        order: list[Player],
        facts: RoundFacts,
        forbidden: Mapping[str, Collection[str]],
    ) -> None:
        self.order = order
        self.facts = facts
        n = self.n = len(order)
        index = {p.key: k for k, p in enumerate(order)}
        self.bad: list[set[int]] = [
            {index[k] for k in forbidden.get(p.key, ()) if k in index} for p in order
        ]
        # C.3: the colour class of a player no one with the same class may meet (an absolute
        # preference, unless a topscorer of the last round); 0 for everyone else.
        self.cls: list[int] = [colour_class(p, facts) for p in order]
        self.removed: set[Edge] = set()
        """Pairs ruled out by the section-D search (kept for the rest of the round)."""
        self.cut: dict[int, set[int]] = {}
        """The same, by player."""
        # Players by C.3 class (``cls``), to leave out of each other's rows at once.
        self.by_class: dict[int, set[int]] = {}
        for k, c in enumerate(self.cls):
            if c:
                self.by_class.setdefault(c, set()).add(k)
        self.confined: dict[int, set[int]] = {}
        """Players who must be paired inside the given set (an MDP kept in its bracket)."""
        self.adj: dict[int, set[int]] = {}
        """The compatibility graph of the players the current matchings are over."""
        self.weights: dict[Edge, int] = {}
        self.final: dict[int, int] = {}
        self.mate: list[int | None] = [None] * n
        self.truncated = False
        self.bye_score = 0
        self.unplayed_rank: dict[int, int] = {}
        self.single_downfloater_bye = False
        self.initial_single = False
        # The bracket being paired: its region (the bracket and the next one) and whether its
        # matchings are over the whole round (``full``) or the bracket / the region only.
        self.full = True
        self.region: list[int] = []
        self.below = n
        self.version = 0
        self.feasible: dict[tuple[frozenset[int], int], bool] = {}
        self.size = 0
        self.bye_comp = 0
        self.low_bits = 0
        self.local: dict[Edge, int] = {}
        """The bracket's own edges as ``solve_bracket`` values them (empty: not used)."""
        self.members: list[int] = []
        self.residents: set[int] = set()
        self.nxt: list[int] = []
        self.region_ready = False
        self.levels: list[int] = []
        self.first_resident = 0
        self.in_bracket: set[int] = set()
        self.nxt_set: set[int] = set()

    # -- the compatibility graph -----------------------------------------------------------
    def compatible(self, i: int, j: int) -> bool:
        """May ``i`` and ``j`` still meet (C.1, C.3, forbidden pairs, the search's cuts)?"""
        if j in self.bad[i]:
            return False
        c = self.cls[i]
        if c and c == self.cls[j]:
            return False
        if self.removed and _key(i, j) in self.removed:
            return False
        con = self.confined.get(i)
        if con is not None and j not in con:
            return False
        con = self.confined.get(j)
        return con is None or i in con

    def materialize(self, vertices: list[int]) -> None:
        """The compatibility graph of ``vertices`` (``compatible``, a row at a time)."""
        everyone = set(vertices)
        adj: dict[int, set[int]] = {}
        bad, cls, by_class, cut, confined = (
            self.bad,
            self.cls,
            self.by_class,
            self.cut,
            self.confined,
        )
        empty: set[int] = set()
        for i in vertices:
            row = everyone - bad[i]
            row.discard(i)
            c = cls[i]
            if c:
                row -= by_class[c]
            row -= cut.get(i, empty)
            con = confined.get(i)
            if con is not None:
                row &= con
            adj[i] = row
        for j, con in confined.items():
            if j in everyone:
                for i in everyone - con:
                    adj[i].discard(j)
        self.adj = adj

    def unpaired(self) -> list[int]:
        return [i for i in range(self.n) if i not in self.final]

    # -- matching ------------------------------------------------------------------------
    def edges(self) -> list[Edge]:
        return [(i, j) for i, row in self.adj.items() for j in row if i < j]

    def solve(self, low: Low | None = None) -> None:
        if self.full:
            mate = max_weight_matching(self.n, _weighted(self.weights, low, None))
        elif self.local and self.solve_bracket(low):
            return
        else:
            if not self.region_ready:
                self.go_region()
                self.solve(low)
                return
            # The region only: the players it leaves unpaired must be pairable with the
            # players below (checked), else the whole round is matched after all.
            region = self.region
            at = {v: k for k, v in enumerate(region)}
            local = max_weight_matching(len(region), _weighted(self.weights, low, at))
            mate = [None] * self.n
            for k, m in enumerate(local):
                if m is not None:
                    mate[region[k]] = region[m]
            final = self.final
            left = frozenset(v for v in region if mate[v] is None and v not in final)
            if not self.completes(left):
                self.go_full()
                self.solve(low)
                return
        for u, v in self.final.items():
            mate[u] = v
        self.mate = mate

    def solve_bracket(self, low: Low | None) -> bool:
        """The bracket alone: its pairs count as they do in the region, and each of its
        players left unpaired counts as paired in the next bracket (the most the next bracket
        can give). Right when the players left unpaired can all be paired there, with the
        next bracket as full as it can be and the players below pairable (``floats_down``);
        ``False`` otherwise (then the caller matches the region)."""
        final = self.final
        players = [v for v in self.members if v not in final]
        at = {v: k for k, v in enumerate(players)}
        found = max_weight_matching(len(players), _weighted(self.local, low, at))
        left = frozenset(players[k] for k, m in enumerate(found) if m is None)
        if not self.floats_down(left):
            return False
        mate: list[int | None] = [None] * self.n
        for k, m in enumerate(found):
            if m is not None:
                mate[players[k]] = players[m]
        for u, v in final.items():
            mate[u] = v
        self.mate = mate
        return True

    def floats_down(self, left: frozenset[int]) -> bool:
        """Can the players ``left`` unpaired in the bracket each meet a player of the next
        bracket, with all but at most one of the next bracket paired too, and everyone below
        (with that one) be paired?"""
        key = (left, self.version)
        known = self.feasible.get(key)
        if known is not None:
            return known
        below = list(range(self.below, self.n))
        if not self.nxt:
            known = self.pairable([*sorted(left), *below])
        else:
            group = [*sorted(left), *self.nxt]
            compatible = self.compatible

            def may(a: int, b: int) -> bool:
                return not (a in left and b in left) and compatible(a, b)

            mate, free = self.greedy(group, may)
            need = len(group) % 2
            budget = [200_000]
            known = True
            while True:
                stuck = [x for x in free if x in left]
                if not stuck and len(free) <= need:
                    break
                start = stuck[0] if stuck else free[0]
                if not self.augment(group, mate, free, start, may, budget):
                    known = False
                    break
            if known:
                known = self.pairable([*free, *below])
        self.feasible[key] = known
        return known

    def remove_edge(self, u: int, v: int) -> None:
        key = (u, v) if u < v else (v, u)
        self.removed.add(key)
        self.cut.setdefault(u, set()).add(v)
        self.cut.setdefault(v, set()).add(u)
        if u not in self.residents or v not in self.residents:
            self.version += 1
        if u in self.adj and v in self.adj[u]:
            self.adj[u].discard(v)
            self.adj[v].discard(u)
            self.weights.pop(key, None)
            self.local.pop(key, None)

    def finalize(self, u: int, v: int) -> None:
        for w in (u, v):
            for x in self.adj.pop(w, ()):
                self.adj[x].discard(w)
                self.weights.pop(_key(w, x), None)
                self.local.pop(_key(w, x), None)
            self.confined.pop(w, None)
        self.final[u] = v
        self.final[v] = u
        self.version += 1

    def finalize_bracket(self, pairs: list[tuple[int, int]]) -> None:
        """``finalize`` for the bracket's last pairs at once: its graph and values are
        not read again (the next bracket builds its own)."""
        final = self.final
        confined = self.confined
        for u, v in pairs:
            final[u] = v
            final[v] = u
            confined.pop(u, None)
            confined.pop(v, None)
        self.version += 1
        self.adj = {}
        self.weights = {}
        self.local = {}

    # -- can the rest be paired? --------------------------------------------------------------
    def completes(self, left: frozenset[int]) -> bool:
        """Can ``left`` and every player below the region all be paired (but for one bye
        candidate when they are odd)? A greedy pairing, then short augmenting paths: a
        pairing found proves it; none found sends the caller to the whole-round matching."""
        key = (left, self.version)
        known = self.feasible.get(key)
        if known is None:
            known = self.feasible[key] = self.pairable([*sorted(left), *range(self.below, self.n)])
        return known

    def greedy(
        self, players: list[int], may: Callable[[int, int], bool]
    ) -> tuple[dict[int, int], list[int]]:
        """Each player in turn meets the first one after them still free that they may
        meet; the pairs, and the players left single."""
        rest = players[::-1]
        mate: dict[int, int] = {}
        single: list[int] = []
        while rest:
            u = rest.pop()
            for k in range(len(rest) - 1, -1, -1):
                w = rest[k]
                if may(u, w):
                    del rest[k]
                    mate[u] = w
                    mate[w] = u
                    break
            else:
                single.append(u)
        return mate, single

    def pairable(self, players: list[int]) -> bool:
        """Can ``players`` all be paired, but for one bye candidate when they are odd? A
        greedy pairing, then augmenting paths: a pairing found proves it; none found sends
        the caller to a matching."""
        compatible = self.compatible
        mate, free = self.greedy(players, compatible)
        odd = len(players) % 2 == 1
        budget = [200_000]
        while True:
            if not free:
                return True
            if odd and len(free) == 1:
                if self.candidate(self.order[free[0]]):
                    return True
                if not self.expose(players, mate, free, budget):
                    return False
                continue
            start = next((x for x in free if not self.candidate(self.order[x])), free[0])
            if not self.augment(players, mate, free, start, compatible, budget):
                return False

    def augment(
        self,
        players: list[int],
        mate: dict[int, int],
        free: list[int],
        start: int,
        may: Callable[[int, int], bool],
        budget: list[int],
    ) -> bool:
        """An augmenting path from ``start`` to another free player (searched as in a
        bipartite graph: enough in practice, and a path found is a proof); flips it."""
        targets = set(free) - {start}
        parent = self.search(players, mate, start, may, budget, lambda w: w in targets)
        if parent is None:
            return False
        found, parent_of = parent
        _flip(mate, parent_of, found)
        free.remove(found)
        free.remove(start)
        return True

    def expose(
        self, players: list[int], mate: dict[int, int], free: list[int], budget: list[int]
    ) -> bool:
        """The one player left single cannot have the bye: pair them along an alternating
        path that leaves a bye candidate single instead."""
        start = free[0]
        order = self.order
        found = self.search(
            players, mate, start, self.compatible, budget, None, lambda m: self.candidate(order[m])
        )
        if found is None:
            return False
        end, parent = found
        inner = parent[end]
        del mate[end]
        mate.pop(inner, None)
        _flip(mate, parent, inner)
        free.remove(start)
        free.append(end)
        return True

    def search(
        self,
        players: list[int],
        mate: dict[int, int],
        start: int,
        may: Callable[[int, int], bool],
        budget: list[int],
        target: Callable[[int], bool] | None,
        outer_target: Callable[[int], bool] | None = None,
    ) -> tuple[int, dict[int, int]] | None:
        parent: dict[int, int] = {start: -1}
        queue = [start]
        for u in queue:
            for w in players:
                budget[0] -= 1
                if budget[0] < 0:
                    return None
                if w in parent or w == u or not may(u, w):
                    continue
                if target is not None and target(w):
                    parent[w] = u
                    return w, parent
                m = mate.get(w)
                if m is None or m in parent:
                    continue
                parent[w] = u
                parent[m] = w
                if outer_target is not None and outer_target(m):
                    return m, parent
                queue.append(m)
        return None

    def go_region(self) -> None:
        """Value the region's edges (the bracket's and the next bracket's) for its
        matchings."""
        final = self.final
        self.materialize([v for v in self.region if v not in final])
        vectors = self.vectors(self.region, self.in_bracket, self.nxt_set, with_completion=False)
        layout = Layout(self.size, vectors, self.low_bits)
        if layout.truncated:
            self.go_full()
            return
        self.weights = _pack_all(layout, vectors)
        self.region_ready = True

    def go_full(self) -> None:
        """Match the whole round for this bracket (the region's matchings could not be
        completed below it, or the bye is at stake in it): the region's edges keep their
        criteria, every other edge counts for completion (and the bye) only."""
        self.full = True
        self.materialize(self.unpaired())
        vectors = self.vectors(self.region, self.in_bracket, self.nxt_set)
        all_vectors: dict[Edge, dict[int, int]] = {}
        for i, j in self.edges():
            vec = vectors.get((i, j))
            if vec is None:
                vec = {0: self.completion(i, j)}
                rank = self.bye_rank(i, j, self.initial_single)
                if rank:
                    vec[self.bye_comp] = rank
            all_vectors[(i, j)] = vec
        layout = Layout(self.size, all_vectors, self.low_bits)
        if layout.truncated:
            self.truncated = True
        self.weights = _pack_all(layout, all_vectors)

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
        everyone = list(range(self.n))
        if self.n % 2 == 0:
            self.bye_score = 0
            if self.pairable(everyone):
                return
            self.materialize(everyone)
            for i, j in self.edges():
                self.weights[(i, j)] = self.completion(i, j)
            self.solve()
            self.check_complete()
            return
        eligible = [p.score for p in order if p.bye_eligible]
        if eligible and min(eligible) < top:
            # The lowest score a bye can go to at all: when the rest can be paired around a
            # player of it, it is the bye's score (no matching of the round needed).
            self.bye_score = min(eligible)
            if self.pairable(everyone):
                self.unplayed_rank = self.rank_unplayed()
                return
        self.materialize(everyone)
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
        self.unplayed_rank = self.rank_unplayed()
        self.single_downfloater_bye = single
        self.initial_single = single

    def rank_unplayed(self) -> dict[int, int]:
        counts = {p.played_games for p in self.order if p.score == self.bye_score}
        return {g: k for k, g in enumerate(sorted(counts, reverse=True))}

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
        odd = self.n % 2 == 1
        # The matchings are over the region (this bracket and the next) while the bye is not
        # at stake in it; the players below only have to be pairable (``completes``).
        whole = (
            self.initial_single
            or self.single_downfloater_bye
            or (odd and bool(nxt) and self.bye_score >= order[nxt[0]].score)
        )
        self.region = region
        self.below = (nxt[-1] if nxt else residents[-1]) + 1
        self.feasible = {}
        self.size = 12 + 6 * len(levels)
        self.bye_comp = 3 + 2 * len(levels)
        self.levels = levels
        self.first_resident = first_resident
        self.in_bracket = in_bracket
        self.nxt_set = nxt_set
        nb = len(bracket)
        b_a = nb.bit_length() + 1
        b_b = (nb * nb).bit_length() + 1
        b_c = (2 * len(region) + 2).bit_length() + 1
        self.low_bits = b_a + b_b + b_c
        self.members = bracket
        self.residents = res_set
        self.nxt = nxt
        self.local = {}
        self.weights = {}
        self.region_ready = False
        self.full = whole
        if not whole:
            # First the bracket alone; the region's edges are valued only if a matching of
            # the region is needed.
            self.materialize(bracket)
            self.local = self.bracket_values(bracket, in_bracket, nxt_set)
        if whole:
            self.go_full()
        # Without MDPs the remainder is the residents; if the bracket pairs them all (as it
        # most often does), S1 is their first half, and the first matching can already
        # prefer the fewest exchanges (D.2) below every criterion, as the second would.
        guess = len(residents) // 2
        if not mdps and guess:
            # Only "S1 as guessed" first (few distinct values: a fast matching); when that
            # pairs each of the first half with a lower player, the sums of D.2 are fixed, so
            # it is the best the full preference would give too.
            res_set0 = set(residents)
            self.solve(_exchange_low(residents, res_set0, guess, b_b + b_c, None, _no_extra))
            if not all(
                (m := self.mate[v]) is not None and m > v and m in res_set0
                for v in residents[:guess]
            ):
                self.solve(_exchange_low(residents, res_set0, guess, b_b + b_c, b_c, _no_extra))
        else:
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
        lows = (b_b + b_c, b_c)
        order_mdps = sorted(matched_mdps)
        guide = _guide(order_mdps, residents, self.adj)
        for v in order_mdps:
            free = [r for r in residents if r not in self.final]
            self.prefer_highest(v, free, guide, lows)
            m = self.mate[v]
            assert m is not None
            outcome.pairs.append((v, m))
            self.finalize(v, m)

        # The remainder: residents not paired with an MDP.
        remainder = [r for r in residents if r not in self.final]
        rem_set = set(remainder)

        def higher(v: int) -> bool:
            m = self.mate[v]
            return m is not None and m > v and m in rem_set

        count = sum(1 for v in remainder if higher(v))
        if count:
            shift_a = b_b + b_c

            def exchange_low(extra: Callable[[int], int], sums: bool = True) -> ByHigher:
                return _exchange_low(
                    remainder, rem_set, count, shift_a, b_c if sums else None, extra
                )

            # The matching so far already has D.2's best when it asked for it (no MDPs, S1
            # as guessed), or when its S1 is the remainder's first half (no exchange).
            asked = not mdps and count == guess
            if not asked and not all(higher(v) for v in remainder[:count]):
                # As above: the fewest exchanges first; with none, the sums are fixed.
                self.solve(exchange_low(_no_extra, sums=False))
                if not all(higher(v) for v in remainder[:count]):
                    self.solve(exchange_low(_no_extra))
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
            # From here on only pairs of a higher S1 player with a lower S2 player.
            s1 = [v for v in remainder if higher(v)]
            in_s1 = set(s1)
            s2 = [v for v in remainder if v not in in_s1]
            # D.1: each S1 player meets the highest S2 player they can.
            plan = None if self.full else self.transposition(s1, s2)
            if plan is not None:
                taken = set(plan.values())
                rest = [v for v in s2 if v not in taken]
                for a, x in enumerate(rest):
                    for y in rest[a + 1 :]:
                        self.remove_edge(x, y)
                outcome.pairs.extend((v, plan[v]) for v in s1)
                self.finalize_bracket(outcome.pairs[len(outcome.pairs) - len(s1) :])
                outcome.floaters = [v for v in bracket if v not in self.final]
                return outcome
            for x in remainder:
                for y in remainder:
                    if y > x and (x not in in_s1 or y in in_s1):
                        self.remove_edge(x, y)
            guide = _guide(s1, s2, self.adj)
            for v in remainder:
                if higher(v):
                    free = [y for y in remainder if y > v and y not in self.final]
                    left = [y for y in remainder if y not in self.final]
                    closed = 2 * sum(1 for y in left if higher(y)) == len(left)
                    self.prefer_highest(v, free, guide, lows, left if closed else None)
                    m = self.mate[v]
                    assert m is not None
                    outcome.pairs.append((v, m))
                    self.finalize(v, m)
        outcome.floaters = [v for v in bracket if v not in self.final]
        return outcome

    def bracket_values(
        self, bracket: list[int], in_bracket: set[int], nxt_set: set[int]
    ) -> dict[Edge, int]:
        """The bracket's edges for ``solve_bracket``: as in the region (``vectors``), less
        what a pair takes from the next bracket's best (each of its two players, left
        unpaired, would have been a pair of the next bracket, C.7, at their score). Of that,
        only what can tell two pairings with as many pairs apart is kept: the moved-down
        players paired, by score (the next bracket's pairs and its residents' share follow
        from the number of pairs, which ranks first).

        Valued by kind (``kinds``): one vector, one bit layout and one packed value for each
        two kinds that meet, then each edge takes its kinds' value."""
        members = sorted(bracket)
        adj = self.adj
        order = self.order
        kinds = self.kinds(members, in_bracket, nxt_set, False)
        kind = [0] * self.n
        for v, k in kinds.items():
            kind[v] = k
        kind_of = kind.__getitem__
        first = self.first_resident
        resident_score = order[first].score
        level = {s: k for k, s in enumerate(self.levels)}
        next_scores = 3 + len(self.levels)
        some: dict[int, int] = {}
        for v in members:
            some.setdefault(kind[v], v)
        known: dict[tuple[int, int], dict[int, int]] = {}
        at_player: dict[int, list[dict[int, int]]] = {}
        above_of: dict[int, list[int]] = {}
        for v in members:
            kv = kind[v]
            row = sorted(adj[v])
            cut = bisect_left(row, v)
            above = above_of[v] = row[:cut] if v >= first else []
            below = row[cut:] if v >= first else row[bisect_left(row, first) :]
            pairs = {(ka, kv) for ka in set(map(kind_of, above))}
            pairs.update((kv, kb) for kb in set(map(kind_of, below)))
            vecs = at_player[v] = []
            for pair in pairs:
                vec = known.get(pair)
                if vec is None:
                    i, j = some[pair[0]], some[pair[1]]
                    vec = self.pair_vector(i, j, in_bracket, nxt_set, False)
                    if self.nxt:
                        for k in (i, j):
                            score = order[k].score
                            if score != resident_score:
                                at = next_scores + level[score]
                                vec[at] = vec.get(at, 0) - 1
                    known[pair] = vec
                vecs.append(vec)
        layout = Layout.of_players(self.size, at_player, self.low_bits)
        if layout.truncated:
            return {}
        packed = {pair: layout.pack(vec) for pair, vec in known.items()}
        result: dict[Edge, int] = {}
        columns: dict[int, dict[int, int]] = {}
        for j in members:
            if j < first:
                continue
            kj = kind[j]
            column = columns.get(kj)
            if column is None:
                column = columns[kj] = {a: value for (a, b), value in packed.items() if b == kj}
            above = above_of[j]
            # Each edge (i, j), i < j, in that order, takes its two kinds' value.
            values = map(column.__getitem__, map(kind_of, above))
            result.update(zip(zip(above, repeat(j)), values, strict=True))
        return result

    def transposition(self, s1: list[int], s2: list[int]) -> dict[int, int] | None:
        """D.1 for the remainder at once: the first transposition (each S1 player in turn
        against the highest S2 player they can meet) among the pairings of S1 with S2 of the
        best value, or ``None`` when this way does not apply (then one player at a time).

        The S2 players left over are met by stand-ins (the floaters) at no value. The
        current pairing is a best one; shortest paths over its alternating cycles give
        each player a potential such that a pair can be in a best pairing exactly when its
        value equals the difference of the potentials (LP duality for the assignment
        problem). The first transposition is then found among those pairs alone, by
        alternating paths. The floaters it leaves must be able to go down
        (``floats_down``), as in ``solve_bracket``."""
        mate = self.mate
        in_s2 = set(s2)
        if any(mate[x] not in in_s2 for x in s1):
            return None
        values = self.values()
        adj = self.adj
        spare = len(s2) - len(s1)
        stand_ins = list(range(self.n, self.n + spare))
        tops = [*s1, *stand_ins]
        weight: dict[int, dict[int, int]] = {}
        try:
            for x in s1:
                weight[x] = {y: values[(x, y)] for y in adj[x] if y > x and y in in_s2}
        except KeyError:
            return None
        for d in stand_ins:
            weight[d] = dict.fromkeys(s2, 0)
        owner: dict[int, int] = {mate[x]: x for x in s1}  # type: ignore[misc]
        free_s2 = [y for y in s2 if y not in owner]
        for d, y in zip(stand_ins, free_s2, strict=True):
            owner[y] = d
        partner = {x: y for y, x in owner.items()}
        # Bellman-Ford from a source next to every top player: dist(y) ≤ dist(x) − w(x, y)
        # on every edge, dist(x) ≤ dist(y) + w(x, y) on the current pairs.
        # Each round relaxes the rows of the top players whose distance fell in the last.
        dist_top = dict.fromkeys(tops, 0)
        dist_s2: dict[int, int] = {}
        moved = tops
        for _ in range(len(tops) + 2):
            for x in moved:
                dx = dist_top[x]
                for y, w in weight[x].items():
                    cand = dx - w
                    old = dist_s2.get(y)
                    if old is None or cand < old:
                        dist_s2[y] = cand
            moved = []
            for y, x in owner.items():
                cand = dist_s2[y] + weight[x][y]
                if cand < dist_top[x]:
                    dist_top[x] = cand
                    moved.append(x)
            if not moved:
                break
        else:
            return None  # the current pairing is not a best one of S1 with S2
        tight = {
            x: {y for y, w in weight[x].items() if dist_top[x] - dist_s2[y] == w} for x in tops
        }
        if any(partner[x] not in tight[x] for x in tops):
            return None
        fixed: set[int] = set()
        for x in s1:
            for y in s2:
                if y in fixed or y not in tight[x]:
                    continue
                if partner[x] == y or self.reroute(x, y, tight, partner, owner, fixed):
                    fixed.add(y)
                    break
            else:
                return None
        final = self.final
        left = frozenset(
            v for v in self.members if v not in final and v not in fixed and v not in s1
        )
        if not self.floats_down(left):
            return None
        return {x: partner[x] for x in s1}

    @staticmethod
    def reroute(
        x: int,
        y: int,
        tight: dict[int, set[int]],
        partner: dict[int, int],
        owner: dict[int, int],
        fixed: set[int],
    ) -> bool:
        """Give ``y`` to ``x`` in the best pairing kept in ``partner``/``owner``: an
        alternating path over the pairs of the best value from ``y``'s owner to ``x``'s
        partner, avoiding the pairs already fixed."""
        goal = partner[x]
        start = owner[y]
        parent: dict[int, tuple[int, int]] = {}
        # The S2 players a path may still reach (each once): a row at a time, as sets.
        open_ = owner.keys() - fixed
        open_.discard(y)
        seen = {start, x}
        queue = [start]
        found: int | None = None
        for top in queue:
            row = tight[top] & open_
            if goal in row:
                parent[goal] = (top, 0)
                found = goal
                break
            open_ -= row
            for z in row:
                parent[z] = (top, 0)
                nxt = owner[z]
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        if found is None:
            return False
        z = found
        while True:
            top = parent[z][0]
            previous = partner[top]
            partner[top] = z
            owner[z] = top
            if top == start:
                break
            z = previous
        partner[x] = y
        owner[y] = x
        return True

    def keep_in(self, v: int, where: set[int]) -> None:
        """``v`` is paired inside the bracket: drop its other edges (the best value is
        reachable with it, so nothing better is lost)."""
        for w in list(self.adj[v]):
            if w not in where:
                self.remove_edge(v, w)
        self.confined[v] = where
        self.version += 1

    def prefer_highest(
        self,
        v: int,
        candidates: list[int],
        guide: dict[int, list[tuple[Edge, int]]],
        shifts: tuple[int, int],
        within: list[int] | None = None,
    ) -> None:
        """Make ``v`` meet the highest of ``candidates`` the best value allows: the current
        best pairing already does, or does after ``v`` swaps opponents with that player's,
        or else one matching that prefers it for ``v`` (and, below that, the ``guide``: the
        opponents the later players of the order would meet in the first transposition, so
        that they seldom need a matching of their own)."""
        live = [c for c in candidates if c in self.adj[v]]
        if live and self.mate[v] == live[0]:
            return
        if live and self.swap(v, live[0]):
            return
        top, below = shifts
        final = self.final
        low = {
            key: value << below for x, row in guide.items() if x not in final for key, value in row
        }
        for k, c in enumerate(live):
            key = _key(v, c)
            low[key] = low.get(key, 0) + ((len(live) - k) << top)
        if within is None or not self.solve_within(within, low):
            self.solve(low)

    def values(self) -> dict[Edge, int]:
        """The bracket's edge values of the last matchings (any of them ranks pairings of
        the same players alike: they differ by a value per player)."""
        return self.local or self.weights

    def solve_within(self, players: list[int], low: dict[Edge, int]) -> bool:
        """Re-match only ``players`` (the rest of the best pairing stays): right when they
        are the S1 and S2 players of the remainder still to pair and there are as many of
        each, since every best pairing then pairs them with each other. ``False`` when the
        matching of them is not perfect (then the caller matches the region)."""
        at = {v: k for k, v in enumerate(players)}
        weights = self.values()
        edges = []
        for x in players:
            for y in self.adj[x]:
                if y > x and y in at:
                    key = (x, y)
                    edges.append((at[x], at[y], weights[key] + low.get(key, 0)))
        local = max_weight_matching(len(players), edges)
        if any(m is None for m in local):
            return False
        mate = self.mate
        for k, m in enumerate(local):
            assert m is not None
            mate[players[k]] = players[m]
        return True

    def swap(self, v: int, best: int) -> bool:
        """Does exchanging partners with ``best``'s opponent keep the best value? Then ``v``
        meets ``best`` in a best pairing, and no matching is needed to know it."""
        mate = self.mate
        c = mate[v]
        m = mate[best]
        if c is None or m is None or m == v or m in self.final:
            return False
        weights = self.values()
        new_a = weights.get(_key(v, best))
        new_b = weights.get(_key(m, c))
        old_a = weights.get(_key(v, c))
        old_b = weights.get(_key(m, best))
        if new_a is None or new_b is None or old_a is None or old_b is None:
            return False
        if new_a + new_b != old_a + old_b:
            return False
        mate[v], mate[best], mate[m], mate[c] = best, v, c, m
        return True

    def kinds(
        self, members: list[int], in_bracket: set[int], nxt_set: set[int], with_completion: bool
    ) -> dict[int, int]:
        """An edge's criteria depend on a few facts of its two players only: each member's
        kind (players with the same facts share one), numbered from 0."""
        order = self.order
        single = self.single_downfloater_bye
        kinds: dict[tuple[object, ...], int] = {}
        kind: dict[int, int] = {}
        for k in members:
            p = order[k]
            facts_of: tuple[object, ...] = (
                p.score,
                p.preference,
                p.strength,
                p.imbalance,
                p.repeated,
                p.floats,
                k in in_bracket,
                k in nxt_set,
                with_completion and self.candidate(p),
                single and p.score == self.bye_score and p.played_games,
            )
            kind[k] = kinds.setdefault(facts_of, len(kinds))
        return kind

    def vectors(
        self,
        members: list[int],
        in_bracket: set[int],
        nxt_set: set[int],
        *,
        with_completion: bool = True,
    ) -> dict[Edge, dict[int, int]]:
        """The criteria of each edge among ``members`` (a part of the region) with a player
        of the bracket's scoregroup or the next one: ``pair_criteria`` in the module
        docstring, with the completion component first (``with_completion``)."""
        first_resident = self.first_resident
        result: dict[Edge, dict[int, int]] = {}
        members = sorted(members)
        adj = self.adj
        kind = self.kinds(members, in_bracket, nxt_set, with_completion)
        known: dict[tuple[int, int], dict[int, int]] = {}
        for jj, j in enumerate(members):
            if j < first_resident:
                continue
            kind_j = kind[j]
            for i in members[:jj]:
                if j not in adj.get(i, ()):
                    continue
                pair_kind = (kind[i], kind_j)
                shared = known.get(pair_kind)
                if shared is None:
                    shared = known[pair_kind] = self.pair_vector(
                        i, j, in_bracket, nxt_set, with_completion
                    )
                result[(i, j)] = shared
        return result

    def pair_vector(
        self, i: int, j: int, in_bracket: set[int], nxt_set: set[int], with_completion: bool
    ) -> dict[int, int]:
        """The criteria of the pair ``i`` < ``j`` (``vectors``)."""
        order = self.order
        levels = self.levels
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
        played = self.facts.played_rounds
        resident_score = order[self.first_resident].score
        lowest = levels[-1]
        lower = order[j]
        hp = order[i]
        vec: dict[int, int] = {0: self.completion(i, j)} if with_completion else {}
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
        return vec


def _pack_all(layout: Layout, vectors: dict[Edge, dict[int, int]]) -> dict[Edge, int]:
    """Each edge's packed value; edges sharing one vector are packed once."""
    packed: dict[int, int] = {}
    result: dict[Edge, int] = {}
    for key, vec in vectors.items():
        value = packed.get(id(vec))
        if value is None:
            value = packed[id(vec)] = layout.pack(vec)
        result[key] = value
    return result


def _flip(mate: dict[int, int], parent: dict[int, int], node: int) -> None:
    """Pair ``node`` back along the alternating path ``parent`` leads to its start."""
    while node != -1:
        prev = parent[node]
        back = parent[prev]
        mate[node] = prev
        mate[prev] = node
        node = back


def _guide(
    s1: list[int], s2: list[int], adj: Mapping[int, set[int]]
) -> dict[int, list[tuple[Edge, int]]]:
    """A small bonus on each pair ``(s1[i], s2[j])`` that shrinks as ``j`` moves away from
    ``i``: the matchings that answer "the highest opponent this player can meet" then pair
    the later players as the first transposition does, wherever the criteria allow."""
    width = len(s2) + 1
    at = {y: j for j, y in enumerate(s2)}
    guide: dict[int, list[tuple[Edge, int]]] = {}
    for i, x in enumerate(s1):
        row = guide[x] = []
        for y in adj.get(x, ()):
            j = at.get(y)
            if j is not None:
                row.append((_key(x, y), width - abs(j - i)))
    return guide


@dataclass(frozen=True, slots=True)
class ByHigher:
    """A preference below every criterion on the pairs of ``among``: ``bonus[x]`` on each
    pair (x, y) of it with x the higher player (x < y)."""

    among: set[int]
    bonus: dict[int, int]


Low = dict[Edge, int] | ByHigher
"""A preference added to some edges' values for one matching."""


def _weighted(
    weights: dict[Edge, int], low: Low | None, at: Mapping[int, int] | None
) -> list[tuple[int, int, int]]:
    """The edges for ``max_weight_matching``: ``weights`` plus ``low`` (on edges of
    ``weights`` only), the players renumbered by ``at`` (``None``: as they are)."""
    if at is None:
        if low is None:
            return [(u, v, w) for (u, v), w in weights.items()]
        if isinstance(low, ByHigher):
            among, bonus = low.among, low.bonus
            return [
                (u, v, w + bonus[u] if u in among and v in among else w)
                for (u, v), w in weights.items()
            ]
        get = low.get
        return [(u, v, w + get((u, v), 0)) for (u, v), w in weights.items()]
    if low is None:
        return [(at[u], at[v], w) for (u, v), w in weights.items()]
    if isinstance(low, ByHigher):
        among, bonus = low.among, low.bonus
        return [
            (at[u], at[v], w + bonus[u] if u in among and v in among else w)
            for (u, v), w in weights.items()
        ]
    get = low.get
    return [(at[u], at[v], w + get((u, v), 0)) for (u, v), w in weights.items()]


def _exchange_low(
    remainder: list[int],
    rem_set: set[int],
    count: int,
    shift_a: int,
    shift_b: int | None,
    extra: Callable[[int], int],
) -> ByHigher:
    """D.2's preferences below every criterion, on the pairs of the remainder: higher
    players in S1 (its first ``count``), then as high as can be (the smallest difference of
    the sums of the exchanged numbers; left out when ``shift_b`` is ``None``), then
    ``extra`` (of the pair's higher player)."""
    size_r = len(remainder)
    bonus: dict[int, int] = {}
    for px, x in enumerate(remainder):
        value = (px < count) << shift_a
        if shift_b is not None:
            value |= (size_r - px) << shift_b
        bonus[x] = value + extra(x)
    return ByHigher(rem_set, bonus)


def _no_extra(x: int) -> int:
    return 0


def _not_higher(v: int) -> Callable[[int], int]:
    """Prefer pairings where ``v`` is not the higher player of a pair (moved out of S1)."""

    def extra(x: int) -> int:
        return int(x != v)

    return extra


def _higher(v: int) -> Callable[[int], int]:
    """Prefer pairings where ``v`` is the higher player of a pair (moved into S1)."""

    def extra(x: int) -> int:
        return int(x == v)

    return extra


def _key(u: int, v: int) -> Edge:
    return (u, v) if u < v else (v, u)
