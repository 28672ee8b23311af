"""The optimiser: the textbook pairing when it has no rematch, else the best repair.

Guarantee: no rematch (or forbidden pair) when any pairing of the field avoids them all; among
those, the order of ``costs``: fewest crossings per boundary from the top, then the lowest
floater, then the method's ideal partners.

How it stays fast (docs/pairing.md "How the engine searches"):

- **Textbook first.** When the textbook pairing has no blocked pair it is the unique optimum
  (minimal crossings, lowest floaters, ideal partners) and is returned as is.
- **Small fields** (``Tuning.exact_limit`` players) are one exact weighted matching over every
  pair, rematches included at the top cost level.
- **Large fields** go **top-down, one bracket at a time** (the floaters from above plus a score
  group). A bracket keeps the textbook pairs away from conflicts and re-matches only *local
  windows* of pairs around each conflict (widening them when they cannot be solved). It is
  *settled* when it reaches the absolute best — the floats parity needs, its group's
  lowest-ranked player floating, the rest of the field still pairable without a rematch
  (below ``2d + 2`` players, ``d`` the most opponents any player has, checked exactly; above
  it Dirac's theorem guarantees it) — and then everything above it is optimal.
- A bracket that cannot be settled is **repaired jointly**, with the full lexicographic costs,
  from the nearest **separator** above it (a group large enough against its blocks that the
  window can start with a few of its lowest players and still be exact, ``separator_room``;
  else the top) down to the first group with ``2d + 2`` players below it, or the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from fairpair.engine.pairing.costs import Scale, build_scale
from fairpair.engine.pairing.feasibility import can_pair_all, dirac_enough
from fairpair.engine.pairing.field import Field
from fairpair.engine.pairing.matcher import max_weight_matching
from fairpair.engine.pairing.textbook import (
    Bracket,
    bracket_of,
    textbook_brackets,
    textbook_pairs,
)

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Tuning:
    """Sizes where the search changes strategy. The defaults are measured (docs/performance.md);
    tests lower them to exercise the decomposition on small fields."""

    exact_limit: int = 160
    """Fields up to this many players are solved by one exact matching."""
    dense_limit: int = 220
    """A repair window of up to this many players considers every pair; above, each player's
    rank neighbours and ideal-partner neighbours (widened to every pair when that falls
    short)."""
    local_limit: int = 48
    """A bracket up to this many players is re-matched whole when it has a conflict; a larger
    one is repaired in local windows around each conflict."""
    local_radius: int = 3
    """Textbook pairs kept either side of a conflict in the first local repair."""
    sparse_reach: int = 40
    """In a sparse window, each player may meet this many neighbours either side by rank."""


DEFAULT_TUNING = Tuning()


@dataclass(frozen=True, slots=True)
class Plan:
    pairs: tuple[Pair, ...]
    """The chosen pairs ``(i, j)``, ``i < j``, sorted."""
    textbook: tuple[Pair, ...]
    """The textbook pairs, for notes about what was repaired."""


def optimise(field: Field, tuning: Tuning = DEFAULT_TUNING) -> Plan:
    """Pair every player of ``field`` (an even number)."""
    if field.size % 2:
        raise ValueError("the optimiser pairs an even field; give the bye first")
    brackets = textbook_brackets(field)
    book = textbook_pairs(brackets)
    if all(field.can_meet(u, v) for u, v in book):
        return Plan(tuple(book), tuple(book))
    search = _Search(field, brackets, tuning)
    if field.size <= tuning.exact_limit:
        pairs = search.solve(list(range(field.size)), final=True)
    else:
        pairs = search.top_down()
    return Plan(tuple(sorted(pairs)), tuple(book))


def _position_cost(bracket: Bracket, p: int, q: int) -> int:
    """How far positions ``p`` and ``q`` of ``bracket`` are from being ideal partners."""
    ideal = bracket.ideal
    even = len(ideal)
    if p < even and q < even:
        return abs(q - ideal[p]) + abs(p - ideal[q])
    return len(bracket.players) + abs(p - q)


class _Search:
    def __init__(self, field: Field, brackets: list[Bracket], tuning: Tuning) -> None:
        self.field = field
        self.tuning = tuning
        self.group_of = field.group_of
        self.members = field.members()
        self.index_in_group = [0] * field.size
        for players in self.members:
            for k, p in enumerate(players):
                self.index_in_group[p] = k
        self.brackets = brackets
        self.bracket_of = [0] * field.size
        self.position = [0] * field.size
        for b in brackets:
            for k, p in enumerate(b.players):
                if k < len(b.ideal) or b.floater is None or b.index == len(brackets) - 1:
                    self.bracket_of[p] = b.index
                    self.position[p] = k
        self.most_blocked = field.max_blocked()
        self.blocked_above = [0] * (len(self.members) + 1)
        for g, players in enumerate(self.members):
            self.blocked_above[g + 1] = max(
                [self.blocked_above[g], *(len(field.blocked[p]) for p in players)]
            )
        self.below = [0] * len(self.members)
        running = 0
        for g in range(len(self.members) - 1, -1, -1):
            self.below[g] = running
            running += len(self.members[g])
        widest = max((len(b.players) for b in brackets), default=0)
        self.max_method_cost = 2 * widest + 4
        self.max_floater_cost = field.size
        self.start = [0] * (len(self.members) + 1)
        for g, players in enumerate(self.members):
            self.start[g + 1] = self.start[g] + len(players)

    # -- costs ----------------------------------------------------------------------------
    def floater_cost(self, u: int, into: int) -> int:
        """Players ranked below ``u`` in each bracket it floats out of on its way down to
        group ``into``: its own group's players below it, then every player of each group it
        passes through (a floater sits at the top of the next bracket)."""
        here = self.group_of[u]
        own = len(self.members[here]) - 1 - self.index_in_group[u]
        return own + self.start[into] - self.start[here + 1]

    def method_cost(self, u: int, v: int) -> int:
        bu, bv = self.bracket_of[u], self.bracket_of[v]
        bracket = self.brackets[bv]
        if bu == bv:
            return _position_cost(bracket, self.position[u], self.position[v])
        if self.position[v] == 0:
            return 1 + len(bracket.players)
        return 1 + _position_cost(bracket, 0, self.position[v])

    def scale_for(self, players: Sequence[int], final: bool, fixed: Sequence[int] = ()) -> Scale:
        """Units for a window (``players`` in rank order); ``fixed``: the optimum counts of its
        top levels found by earlier stages (``costs``)."""
        top, bottom = self.group_of[players[0]], self.group_of[players[-1]]
        last = bottom if final else bottom + 1
        counts = [0] * (bottom - top + 1)
        for p in players:
            counts[self.group_of[p] - top] += 1
        boundaries = list(range(top, last))
        most: list[int] = []
        floor: list[int] = []
        above = 0
        for t in boundaries:
            if t <= bottom:
                above += counts[t - top]
            most.append(min(above, len(players) - above) if final else above)
            floor.append(above % 2)
        return build_scale(
            len(players),
            boundaries,
            most,
            floor,
            self.max_floater_cost,
            self.max_method_cost,
            fixed,
        )

    def pair_cost(self, scale: Scale, u: int, v: int) -> int:
        gu, gv = self.group_of[u], self.group_of[v]
        cost = scale.method * self.method_cost(u, v)
        if gu < gv:
            cost += scale.crossing(gu, gv) + scale.floater * self.floater_cost(u, gv)
        if not self.field.can_meet(u, v):
            cost += scale.rematch
        return cost

    def level_counts(self, players: Sequence[int], found: Sequence[Pair], final: bool) -> list[int]:
        """The count of each cost level (``Scale.ranked``'s order) of the matching ``found``
        (window indices) of ``players``; unpaired players float below a non-final window."""
        group_of = self.group_of
        top = group_of[players[0]]
        last = group_of[players[-1]] + (0 if final else 1)
        counts = [0] * (last - top + 3)
        paired: set[int] = set()
        for a, b in found:
            u, v = players[a], players[b]
            paired.update((a, b))
            gu, gv = group_of[u], group_of[v]
            if not self.field.can_meet(u, v):
                counts[0] += 1
            for t in range(gu, gv):
                counts[1 + t - top] += 1
            if gu < gv:
                counts[-2] += self.floater_cost(u, gv)
            counts[-1] += self.method_cost(u, v)
        for a, u in enumerate(players):
            if a not in paired:
                for t in range(group_of[u], last):
                    counts[1 + t - top] += 1
                counts[-2] += self.floater_cost(u, last)
                counts[-1] += self.max_method_cost
        return counts

    # -- one weighted matching over a window ----------------------------------------------------
    def candidates(self, players: Sequence[int], final: bool) -> list[Pair]:
        """Candidate pairs (as window indices): every pair when small, else rank neighbours and
        the neighbours of each player's ideal partner; blocked pairs only in a final window."""
        count = len(players)
        allowed = self.field.can_meet
        if count <= self.tuning.dense_limit:
            return [
                (a, b)
                for a in range(count)
                for b in range(a + 1, count)
                if final or allowed(players[a], players[b])
            ]
        reach = self.tuning.sparse_reach
        index = {p: k for k, p in enumerate(players)}
        found: set[Pair] = set()
        for a, u in enumerate(players):
            for b in range(a + 1, min(count, a + 1 + reach)):
                found.add((a, b))
            bracket = self.brackets[self.bracket_of[u]]
            pos = self.position[u]
            if pos < len(bracket.ideal):
                mate = bracket.ideal[pos]
                for q in range(
                    max(0, mate - reach // 2), min(len(bracket.players), mate + reach // 2)
                ):
                    other = index.get(bracket.players[q])
                    if other is not None and other != a:
                        found.add((min(a, other), max(a, other)))
            if final:
                for v in self.field.blocked[u]:
                    other = index.get(v)
                    if other is not None and other != a:
                        found.add((min(a, other), max(a, other)))
        return sorted((a, b) for a, b in found if final or allowed(players[a], players[b]))

    def solve(self, players: Sequence[int], final: bool) -> list[Pair]:
        """Best pairing of ``players`` (rank order). ``final``: everyone must be paired
        (rematches allowed at their cost); otherwise players may stay unpaired and float below
        the window, at the cost of every boundary down to it.

        One matching when every cost level fits the matcher's integers; else several, each
        fixing the optimum counts of a further block of levels (``costs``)."""
        players = sorted(players)
        candidates = self.candidates(players, final)
        # Rematches, each boundary down to the window's bottom, floater cost, method cost.
        bottom = self.group_of[players[-1]] + (0 if final else 1)
        levels = bottom - self.group_of[players[0]] + 3
        fixed: list[int] = []
        while True:
            scale = self.scale_for(players, final, fixed)
            found = self.match(players, candidates, scale, final)
            if scale.ranked == levels or (final and 2 * len(found) != len(players)):
                break
            fixed = self.level_counts(players, found, final)[: scale.ranked]
        dense = len(players) <= self.tuning.dense_limit
        if not dense and self.needs_widening(players, found, final):
            # Sparse candidates may have fallen short: solve the window again over every pair.
            wide = replace(self.tuning, dense_limit=len(players))
            return _Search(self.field, self.brackets, wide).solve(players, final)
        return [(players[a], players[b]) for a, b in found]

    def match(
        self, players: Sequence[int], candidates: Sequence[Pair], scale: Scale, final: bool
    ) -> list[Pair]:
        """One weighted matching of the window at ``scale``'s units (window indices)."""
        edges: list[tuple[int, int, int]] = []
        if final:
            for a, b in candidates:
                u, v = players[a], players[b]
                edges.append((a, b, scale.ceiling - self.pair_cost(scale, u, v)))
        else:
            bottom = self.group_of[players[-1]] + 1
            allowance = [
                scale.crossing(self.group_of[u], bottom)
                + scale.floater * self.floater_cost(u, bottom)
                + scale.method * self.max_method_cost
                for u in players
            ]
            for a, b in candidates:
                u, v = players[a], players[b]
                weight = allowance[a] + allowance[b] - self.pair_cost(scale, u, v)
                if weight > 0:
                    edges.append((a, b, weight))
        return max_weight_matching(len(players), edges, max_cardinality=final)

    def needs_widening(self, players: Sequence[int], found: Sequence[Pair], final: bool) -> bool:
        """Sparse candidates can miss the best pairing: keep their answer only when nothing
        can beat it — no rematch, everyone paired (``final``), at every boundary only the
        float parity needs, and no floater cost."""
        if final and 2 * len(found) != len(players):
            return True
        group_of = self.group_of
        top = group_of[players[0]]
        bottom = group_of[players[-1]] + (0 if final else 1)
        crossing = [0] * (bottom - top + 1)
        cost = 0
        paired: set[int] = set()
        for a, b in found:
            u, v = players[a], players[b]
            if not self.field.can_meet(u, v):
                return True
            paired.update((a, b))
            for t in range(group_of[u], group_of[v]):
                crossing[t - top] += 1
            if group_of[u] < group_of[v]:
                cost += self.floater_cost(u, group_of[v])
        for a, u in enumerate(players):
            if a not in paired:
                for t in range(group_of[u], bottom):
                    crossing[t - top] += 1
                cost += self.floater_cost(u, bottom)
        if cost:
            return True
        above = 0
        sizes = [0] * (bottom - top + 1)
        for u in players:
            sizes[group_of[u] - top] += 1
        for t in range(top, bottom):
            above += sizes[t - top]
            if crossing[t - top] > above % 2:
                return True
        return False

    # -- one bracket, locally -----------------------------------------------------------------
    def bracket(self, group: int, players: list[int]) -> tuple[list[Pair], list[int]] | None:
        """Pair one bracket floating only what parity needs, keeping textbook pairs away from
        conflicts. ``None`` when the bracket cannot be paired that way."""
        bracket = bracket_of(self.field, group, players)
        book = bracket.pairs()
        allowed = self.field.can_meet
        conflicts = [k for k, (u, v) in enumerate(book) if not allowed(u, v)]
        if not conflicts:
            floater = bracket.floater
            return book, ([floater] if floater is not None else [])
        if len(players) <= self.tuning.local_limit:
            return self.bracket_window(bracket, list(range(len(players))))
        radius = self.tuning.local_radius
        kept = list(book)
        pending = conflicts
        by_player = {p: k for k, p in enumerate(bracket.players)}
        while pending:
            if radius >= len(book):
                if len(players) > 4 * max(self.tuning.local_limit, self.tuning.dense_limit):
                    return None
                return self.bracket_window(bracket, list(range(len(players))))
            spans = _spans(pending, radius, len(book), max(4 * radius, 12))
            failed: list[int] = []
            replaced: dict[int, list[Pair]] = {}
            for lo, hi in spans:
                window = sorted(by_player[p] for pair in book[lo : hi + 1] for p in pair)
                solved = self.bracket_window(bracket, window)
                if solved is None:
                    failed.extend(k for k in pending if lo <= k <= hi)
                else:
                    replaced[lo] = solved[0]
                    for k in range(lo, hi + 1):
                        kept[k] = (-1, -1)
            for pairs in replaced.values():
                kept.extend(pairs)
            kept = [p for p in kept if p != (-1, -1)]
            book = sorted(kept, key=lambda pair: by_player[pair[0]])
            kept = list(book)
            pending = [k for k, (u, v) in enumerate(book) if not allowed(u, v)]
            if failed:
                radius *= 4
        floater = bracket.floater
        return book, ([floater] if floater is not None else [])

    def bracket_window(
        self, bracket: Bracket, positions: list[int]
    ) -> tuple[list[Pair], list[int]] | None:
        """Match ``positions`` of ``bracket`` without a blocked pair, leaving unpaired only what
        parity needs — the lowest-ranked possible, then the method's order."""
        players = bracket.players
        count = len(positions)
        need = count // 2
        size = len(players)
        method_radix = (need + 1) * (2 * size + 2) + 1
        big = method_radix * size * (need + 1)
        allowance = [big + (size - 1 - p) * method_radix for p in positions]
        # The hot loop (thousands of windows at 100,000 players): every allowed pair in the
        # order (a, b), a < b, weighed as above with ``_position_cost`` written out inline.
        ideal = bracket.ideal
        even = len(ideal)
        blocked = self.field.blocked
        members = [players[p] for p in positions]
        edges: list[tuple[int, int, int]] = []
        add = edges.append
        for a in range(count):
            p = positions[a]
            banned = blocked[members[a]]
            base = allowance[a]
            if p < even:
                mate = ideal[p]
                for b in range(a + 1, count):
                    if members[b] in banned:
                        continue
                    q = positions[b]
                    cost = abs(q - mate) + abs(p - ideal[q]) if q < even else size + abs(p - q)
                    add((a, b, base + allowance[b] - cost))
            else:
                for b in range(a + 1, count):
                    if members[b] not in banned:
                        add((a, b, base + allowance[b] - size - abs(p - positions[b])))
        found = max_weight_matching(count, edges, max_cardinality=True)
        if len(found) < need:
            return None
        paired = {x for pair in found for x in pair}
        pairs = [(players[positions[a]], players[positions[b]]) for a, b in found]
        floaters = [players[positions[a]] for a in range(count) if a not in paired]
        return pairs, floaters

    # -- the whole field, top-down ----------------------------------------------------------------
    def feasible_below(self, group: int, floaters: list[int]) -> bool:
        rest = self.below[group]
        if rest == 0:
            return not floaters
        if dirac_enough(rest, self.most_blocked):
            return True
        players = floaters + [
            p for g in range(group + 1, len(self.members)) for p in self.members[g]
        ]
        return can_pair_all(players, self.field.blocked)

    def top_down(self) -> list[Pair]:
        """Bracket by bracket from the top. A bracket that cannot be paired at the absolute
        best (the floats parity needs, its own lowest-ranked player floating, the rest still
        pairable) is re-solved in a window from the nearest *separator* above it."""
        members = self.members
        count = len(members)
        partner = [-1] * self.field.size
        settled = [False] * count
        carry: list[int] = []
        group = 0
        while group < count:
            solved = self.bracket(group, carry + members[group])
            done = group - 1
            if solved is not None:
                pairs, floaters = solved
                for u, v in pairs:
                    partner[u], partner[v] = v, u
                lowest = not floaters or floaters == [members[group][-1]]
                if lowest and self.feasible_below(group, floaters):
                    settled[group] = True
                    carry = floaters
                    group += 1
                    continue
                carry, done = floaters, group
            group, carry = self.repair(group, done, carry, partner, settled)
        return [(u, v) for u, v in enumerate(partner) if u < v]

    def repair(
        self, failed: int, done: int, carry: list[int], partner: list[int], settled: list[bool]
    ) -> tuple[int, list[int]]:
        """Re-solve from the nearest separator above group ``failed`` down to the first group
        with enough players below it to absorb any floaters (else to the end). ``partner``
        holds the pairs of groups ``0..done``, ``carry`` their players still unpaired; returns
        the next group to pair and the players floating into it.

        ``settled[g]``: the pairs of groups ``0..g`` are the best possible for them alone
        (crossings top-down, then floater cost, a floater counted as landing in group
        ``g + 1``). A group ``j`` below a settled prefix is a separator when the window can
        take from it its ``K`` lowest-ranked players, their partners and everyone floating out
        of it (``T``), keep every other pair above, and still be exact: ``separator_room``
        (docs/pairing.md, "How the engine searches"). Without one the window starts at the top.
        """
        members = self.members
        count = len(members)
        group_of = self.group_of
        need = 2 * self.most_blocked + 2
        end = failed + 1
        while end < count and self.below[end - 1] < need:
            end += 1
        final = end >= count
        lower = [p for g in range(done + 1, end) for p in members[g]]
        middle: list[int] = []  # the players of groups j+1..done
        out = list(carry)  # the players of groups 0..j paired below j or not at all
        for j in range(done, -1, -1):
            if j < done:
                middle = members[j + 1] + middle
                out = [p for p in out if group_of[p] <= j]
                out.extend(
                    partner[q]
                    for q in members[j + 1]
                    if partner[q] >= 0 and group_of[partner[q]] <= j
                )
            if j > 0 and not settled[j - 1]:
                continue
            group = members[j]
            size = min(len(group), len(out) + 2 * self.most_blocked + 3)
            while True:
                lowest = group[len(group) - size :]
                top = set(out) | set(lowest)
                top.update(
                    partner[p] for p in lowest if partner[p] >= 0 and group_of[partner[p]] <= j
                )
                room = self.separator_room(j, lowest, top)
                if room >= len(out) % 2:
                    window = sorted(top) + middle + lower
                    pairs = self.solve(window, final)
                    mate = dict(pairs) | {v: u for u, v in pairs}
                    crossing = sum(1 for p in top if p not in mate or group_of[mate[p]] > j)
                    if crossing <= room:
                        return self.apply(window, pairs, j, end, partner, settled)
                if size == len(group):
                    break
                size = min(len(group), 2 * size)
        window = [p for g in range(end) for p in members[g]]
        return self.apply(window, self.solve(window, final), 0, end, partner, settled)

    def separator_room(self, j: int, lowest: Sequence[int], top: set[int]) -> int:
        """The most floaters out of group ``j`` for which a window starting with ``top`` (the
        ``lowest`` players of group ``j``, their partners and everyone floating out of the
        group) is exact; negative when it never is.

        With ``c`` floaters out of group ``j`` in an optimal pairing: each can be swapped for
        one of ``lowest`` that may meet its partner (``c + d1`` of them may not), and one of
        ``lowest`` can take over a floater from above while its partner meets that floater
        (``d_above`` more may not) — so nobody floats through group ``j``; the rest of
        ``top``: the ``m`` players from above each meet a player of group ``j`` and the others
        pair among themselves (Dirac: ``2 * d2 + 2`` players left). ``d1``, ``d2``: the most
        blocks any player has among ``lowest``, among ``top``'s group-``j`` players."""
        blocked = self.field.blocked
        in_lowest: dict[int, int] = {}
        for q in lowest:
            for x in blocked[q]:
                in_lowest[x] = in_lowest.get(x, 0) + 1
        d1 = max(in_lowest.values(), default=0)
        own = {p for p in top if self.group_of[p] == j}
        d2 = max((len(blocked[p] & own) for p in top), default=0)
        m = len(top) - len(own)
        return min(len(lowest) - d1 - self.blocked_above[j] - 1, len(own) - m - 2 * d2 - 2)

    def apply(
        self,
        window: Sequence[int],
        pairs: Sequence[Pair],
        start: int,
        end: int,
        partner: list[int],
        settled: list[bool],
    ) -> tuple[int, list[int]]:
        """Replace the pairs of ``window`` (groups ``start..end-1`` and part of the group above)
        by ``pairs``; its unpaired players float into group ``end``."""
        for p in window:
            partner[p] = -1
        for u, v in pairs:
            partner[u], partner[v] = v, u
        for g in range(start, end - 1):
            settled[g] = False
        if end < len(settled):
            settled[end - 1] = True
        return end, sorted(p for p in window if partner[p] < 0)


def _spans(
    conflicts: Sequence[int], radius: int, length: int, longest: int
) -> list[tuple[int, int]]:
    """Windows ``[k - radius, k + radius]`` around each conflict, merged while they overlap
    and the merged window stays within ``longest`` pairs (a dense run of conflicts is cut into
    several windows; any that cannot be solved alone is widened on the next pass)."""
    spans: list[tuple[int, int]] = []
    for k in sorted(conflicts):
        lo, hi = max(0, k - radius), min(length - 1, k + radius)
        if spans and lo <= spans[-1][1] + 1 and hi - spans[-1][0] < longest:
            spans[-1] = (spans[-1][0], max(spans[-1][1], hi))
        elif spans and lo <= spans[-1][1]:
            spans.append((spans[-1][1] + 1, hi))
        else:
            spans.append((lo, hi))
    return [(lo, hi) for lo, hi in spans if lo <= hi]
