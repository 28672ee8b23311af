"""Swiss pods by score: seat a ranked field at pod tables, avoiding repeat pod-mates
(issue 9, point 5; docs/architecture.md "Playoffs and other stages": "no repeat pod-mates when
avoidable"; docs/pods.md).

Input: the field ranked best first (the caller's standings decide ties, so this module stays
independent of them), who has met whom (``engine.history.met_before``: pod-mates and match
opponents), and the ``PodPlan`` of table sizes (``partition.plan_pods``).

The rule:

1. **Byes** (``byes`` mode): the ``plan.byes`` lowest-ranked players who have had no bye yet
   sit out, as a Swiss bye goes to the lowest; when too few have had none, the lowest-ranked
   of the others complete the count.
2. **Score order**: the rest fill the tables top-down — ranks 1..s₁ at table 1, the next s₂ at
   table 2, … That is each player's *nominal table*.
3. **Cost** of an arrangement, compared in this order (lower is better):

   a. *repeats* — the number of pairs at one table who met before. Zero whenever any
      arrangement of the whole field within the plan has none: a repeat pod-mate is avoided
      as strongly as a Swiss rematch;
   b. *seat shortfall* (when the caller passes the first-seat counts): let L be the seated
      players with the fewest first seats so far and T the number of tables; the tables should
      hold min(|L|, T) different members of L — every table one of them when |L| ≥ T, each
      of them at a different table when |L| < T — so that seat 1 (which ``seats.seat_order``
      gives to whoever has had it least) always goes to a member of L. The shortfall is
      min(|L|, T) minus the tables holding a member of L. Zero keeps every first-seat count
      within one of every other's round after round (docs/pods.md "Seat rotation"); it is
      zero whenever a repeat-free arrangement allows it. Once repeats are forced (no
      repeat-free arrangement exists, or none was found within the search budget), b comes
      before a: the tables stay fair, then have the fewest repeats;
   c. *displacement* — Σ over players of |table − nominal table|: how far the tables are
      from score order;
   d. then table by table from the top, the table's ranks in ascending order compared as
      sequences (the higher-ranked player keeps the higher table), so the optimum is unique.

The search is exact branch and bound (no library fits: splitting a field into groups of 3+
without conflicts is a set-partition problem, NP-hard, unlike two-player pairing, which is
a matching that rustworkx's blossom solves): tables are filled from the top, each table's
candidates tried in order of their own displacement then rank, a branch is cut when its cost
so far plus a lower bound (players left behind their nominal table must move down at least
to the next table) cannot beat the best found, or when a player cannot find enough unmet
players among those left. A search that would visit more than ``node_limit`` nodes stops
with the best arrangement found (``PodPairing.proven`` is then False); the limit is a count,
not a clock, so the result is deterministic. Nothing is random.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from fairpair.engine.errors import InvalidTournament
from fairpair.engine.players import PlayerId
from fairpair.engine.pods.partition import PodPlan

#: The default search budget (nodes); 40 players × 10 rounds stay far below it (docs/pods.md).
NODE_LIMIT = 20_000
#: Fields up to this many seated players are searched exactly (branch and bound, depth-first:
#: its depth grows with the field); larger ones start from the score order and are improved
#: by swaps (``_improve``), which keeps a round of 800 players under a few seconds.
EXACT_LIMIT = 256

Cost = tuple[int, int, int, tuple[tuple[int, ...], ...]]


@dataclass(frozen=True, slots=True)
class PodPairing:
    """The tables (each in rank order, table 1 first), the byes, and the cost reached."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    repeats: int
    """Pairs at one table who met before (0 unless no arrangement avoids them)."""
    seat_shortfall: int
    """Rule 3b: tables short of a player with the fewest first seats (0 when fair)."""
    displacement: int
    """Σ |table − nominal table| over the seated players."""
    proven: bool
    """True when the search finished: the arrangement is the optimum of the rule."""


def choose_byes(
    ranked: Sequence[PlayerId], count: int, had_bye: Collection[PlayerId] = ()
) -> tuple[PlayerId, ...]:
    """The ``count`` players who sit out: the lowest-ranked without an earlier bye, then the
    lowest-ranked of the others (rule 1). Returned lowest first."""
    if count <= 0:
        return ()
    fresh = [p for p in reversed(ranked) if p not in had_bye]
    again = [p for p in reversed(ranked) if p in had_bye]
    return tuple((fresh + again)[:count])


class _Search:
    def __init__(
        self,
        n: int,
        sizes: tuple[int, ...],
        conflict: list[int],
        node_limit: int,
        low: int = 0,
    ) -> None:
        self.n = n
        self.low = low
        self.spread_low = low.bit_count() < len(sizes)
        self.sizes = sizes
        self.conflict = conflict
        self.node_limit = node_limit
        self.nodes = 0
        self.cut_by_limit = False
        nominal: list[int] = []
        for t, s in enumerate(sizes):
            nominal.extend([t] * s)
        self.nominal = nominal
        self.best: Cost | None = None
        self.best_tables: list[tuple[int, ...]] = []
        self.allow_repeats = False

    def key(self, repeats: int, short: int) -> tuple[int, int]:
        """Rule 3's order of a and b: repeats first while a repeat-free arrangement is sought;
        the seat shortfall first once repeats are forced."""
        return (short, repeats) if self.allow_repeats else (repeats, short)

    def lower_bound(self, table: int, remaining: int) -> int:
        """Players left whose nominal table is above ``table`` move down at least to it."""
        bound = 0
        nominal = self.nominal
        for p in range(self.n):
            if remaining >> p & 1 and nominal[p] < table:
                bound += table - nominal[p]
        return bound

    def run(self, allow_repeats: bool) -> None:
        self.allow_repeats = allow_repeats
        self._table(0, (1 << self.n) - 1, 0, 0, 0, [])

    def _better(self, cost: Cost) -> bool:
        return self.best is None or cost < self.best

    def _table(
        self,
        t: int,
        remaining: int,
        repeats: int,
        short: int,
        disp: int,
        chosen: list[tuple[int, ...]],
    ) -> None:
        if t == len(self.sizes):
            cost: Cost = (*self.key(repeats, short), disp, tuple(chosen))
            if self._better(cost):
                self.best = cost
                self.best_tables = list(chosen)
            return
        if self.nodes >= self.node_limit:
            self.cut_by_limit = True
            return
        self.nodes += 1
        if self.best is not None:
            bound = (*self.key(repeats, short), disp + self.lower_bound(t, remaining))
            if bound > self.best[:3]:
                return
        size = self.sizes[t]
        if not self.allow_repeats:
            # Every player left needs size - 1 unmet players left beside them (the smallest
            # later table's size when this is not the last).
            need = min(self.sizes[t:]) - 1
            for p in range(self.n):
                if remaining >> p & 1:
                    free = remaining & ~self.conflict[p] & ~(1 << p)
                    if free.bit_count() < need:
                        return
        nominal = self.nominal
        candidates = sorted(
            (p for p in range(self.n) if remaining >> p & 1),
            key=lambda p: (abs(t - nominal[p]), p),
        )
        self._members(t, size, candidates, 0, [], remaining, repeats, short, disp, chosen)

    def _members(
        self,
        t: int,
        size: int,
        candidates: list[int],
        start: int,
        members: list[int],
        remaining: int,
        repeats: int,
        short: int,
        disp: int,
        chosen: list[tuple[int, ...]],
    ) -> None:
        if len(members) == size:
            group = tuple(sorted(members))
            mask = 0
            for p in group:
                mask |= 1 << p
            if self.low and not self.spread_low and not mask & self.low:
                short += 1
            chosen.append(group)
            self._table(t + 1, remaining & ~mask, repeats, short, disp, chosen)
            chosen.pop()
            return
        left = size - len(members)
        for i in range(start, len(candidates) - left + 1):
            if self.cut_by_limit:
                return
            self.nodes += 1
            if self.nodes >= self.node_limit:
                self.cut_by_limit = True
                return
            p = candidates[i]
            clash = 0
            for q in members:
                if self.conflict[p] >> q & 1:
                    clash += 1
            if clash and not self.allow_repeats:
                continue
            extra = abs(t - self.nominal[p])
            doubled = 0
            if self.spread_low and self.low >> p & 1:
                for q in members:
                    if self.low >> q & 1:
                        doubled = 1
                        break
            if (
                self.best is not None
                and (*self.key(repeats + clash, short + doubled), disp + extra) > self.best[:3]
            ):
                continue
            members.append(p)
            self._members(
                t,
                size,
                candidates,
                i + 1,
                members,
                remaining,
                repeats + clash,
                short + doubled,
                disp + extra,
                chosen,
            )
            members.pop()


def _seed(
    n: int, sizes: tuple[int, ...], conflict: list[int], nominal: list[int], node_limit: int
) -> tuple[list[int] | None, bool]:
    """A repeat-free arrangement (player → table) by most-constrained-first search, or None;
    the flag is True when the search was exhaustive (None is then a proof)."""
    table_of = [-1] * n
    members = [0] * len(sizes)
    free = list(sizes)
    nodes = 0
    limited = False

    def options(p: int) -> list[int]:
        return [t for t in range(len(sizes)) if free[t] and not (members[t] & conflict[p])]

    def step(left: int) -> bool:
        nonlocal nodes, limited
        if left == 0:
            return True
        nodes += 1
        if nodes > node_limit:
            limited = True
            return False
        best_p = -1
        best_opts: list[int] = []
        for p in range(n):
            if table_of[p] < 0:
                opts = options(p)
                if best_p < 0 or len(opts) < len(best_opts):
                    best_p, best_opts = p, opts
                    if not opts:
                        return False
        for t in sorted(best_opts, key=lambda t: (abs(t - nominal[best_p]), t)):
            table_of[best_p] = t
            members[t] |= 1 << best_p
            free[t] -= 1
            if step(left - 1):
                return True
            table_of[best_p] = -1
            members[t] &= ~(1 << best_p)
            free[t] += 1
            if limited:
                return False
        return False

    found = step(n)
    return (table_of if found else None), not limited


def _shortfall(groups: Sequence[Sequence[int]], low: int) -> int:
    """Rule 3b: min(|L|, T) minus the tables holding a member of L."""
    if not low:
        return 0
    covered = sum(1 for g in groups if any(low >> p & 1 for p in g))
    return min(low.bit_count(), len(groups)) - covered


def _cost(
    table_of: list[int], conflict: list[int], nominal: list[int], count: int, low: int = 0
) -> Cost:
    groups: list[list[int]] = [[] for _ in range(count)]
    for p, t in enumerate(table_of):
        groups[t].append(p)
    repeats = 0
    for group in groups:
        for i, p in enumerate(group):
            for q in group[i + 1 :]:
                repeats += conflict[p] >> q & 1
    disp = sum(abs(t - nominal[p]) for p, t in enumerate(table_of))
    return repeats, _shortfall(groups, low), disp, tuple(tuple(g) for g in groups)


def _ordered(cost: Cost, forced: bool) -> Cost:
    """``cost`` in rule 3's order: the seat shortfall before repeats when repeats are forced."""
    if forced:
        return (cost[1], cost[0], cost[2], cost[3])
    return cost


def _improve(
    table_of: list[int],
    conflict: list[int],
    nominal: list[int],
    count: int,
    low: int,
    forced: bool,
) -> list[int]:
    """Swap two players of different tables while that lowers the cost (first improvement
    in rank order, repeated until none does).

    Each swap is judged by how it changes the cost — only the two tables it touches change —
    so a pass costs O(n²), not O(n³): the same swaps, in the same order, as recomputing the
    whole cost (``_cost``) each time, down to its last key (the groups in table order: with
    the rest equal, a swap is better when it moves the lower-ranked of the two players to the
    higher table)."""
    members = [0] * count
    for p, t in enumerate(table_of):
        members[t] |= 1 << p
    improved = True
    while improved:
        improved = False
        for i in range(len(table_of)):
            for j in range(i + 1, len(table_of)):
                a, b = table_of[i], table_of[j]
                if a == b:
                    continue
                bit_i, bit_j = 1 << i, 1 << j
                rest_a, rest_b = members[a] ^ bit_i, members[b] ^ bit_j
                repeats = (
                    (conflict[j] & rest_a).bit_count()
                    - (conflict[i] & rest_a).bit_count()
                    + (conflict[i] & rest_b).bit_count()
                    - (conflict[j] & rest_b).bit_count()
                )
                covered = 0
                if low:
                    covered = (
                        bool((rest_a | bit_j) & low)
                        - bool(members[a] & low)
                        + bool((rest_b | bit_i) & low)
                        - bool(members[b] & low)
                    )
                shortfall = -covered
                disp = (
                    abs(a - nominal[j])
                    + abs(b - nominal[i])
                    - abs(a - nominal[i])
                    - abs(b - nominal[j])
                )
                change = (shortfall, repeats, disp) if forced else (repeats, shortfall, disp)
                if change < (0, 0, 0) or (change == (0, 0, 0) and a > b):
                    table_of[i], table_of[j] = b, a
                    members[a] = rest_a | bit_j
                    members[b] = rest_b | bit_i
                    improved = True
    return table_of


def _by_swaps(
    seated: list[PlayerId],
    byes: tuple[PlayerId, ...],
    plan: PodPlan,
    conflict: list[int],
    low: int,
) -> PodPairing:
    """A field beyond ``EXACT_LIMIT``: the tables in score order, then improving swaps (fewest
    repeat pod-mates, then the seat rule, then the least displacement). Not a proof: the
    pairing says ``proven=False``."""
    nominal: list[int] = []
    for t, size in enumerate(plan.sizes):
        nominal.extend([t] * size)
    count = len(plan.sizes)
    table_of = _improve(list(nominal), conflict, nominal, count, low, False)
    repeats, short, disp, groups = _cost(table_of, conflict, nominal, count, low)
    tables = tuple(tuple(seated[i] for i in group) for group in groups)
    return PodPairing(tables, byes, repeats, short, disp, False)


def pair_pods(
    ranked: Sequence[PlayerId],
    met: Mapping[PlayerId, Collection[PlayerId]],
    plan: PodPlan,
    *,
    had_bye: Collection[PlayerId] = (),
    first_seats: Mapping[PlayerId, int] | None = None,
    node_limit: int = NODE_LIMIT,
) -> PodPairing:
    """Seat ``ranked`` (best first) at the tables of ``plan`` by the module's rule;
    ``first_seats`` (each player's first seats so far) switches on rule 3b."""
    if len(set(ranked)) != len(ranked):
        raise InvalidTournament("", "a player is ranked twice")
    if len(ranked) != plan.players:
        raise InvalidTournament(
            "", f"the plan seats {plan.players} players, the field has {len(ranked)}"
        )
    byes = choose_byes(ranked, plan.byes, had_bye)
    out = set(byes)
    seated = [p for p in ranked if p not in out]
    index = {p: i for i, p in enumerate(seated)}
    conflict = [0] * len(seated)
    for p, i in index.items():
        for q in met.get(p, ()):
            j = index.get(q)
            if j is not None and j != i:
                conflict[i] |= 1 << j
                conflict[j] |= 1 << i
    n = len(seated)
    low = 0
    if first_seats is not None and seated:
        fewest = min(first_seats.get(p, 0) for p in seated)
        for p, i in index.items():
            if first_seats.get(p, 0) == fewest:
                low |= 1 << i
        if low.bit_count() == n:
            low = 0  # everyone is in L: any arrangement is fair
    count = len(plan.sizes)
    if n > EXACT_LIMIT:
        return _by_swaps(seated, byes, plan, conflict, low)
    search = _Search(n, plan.sizes, conflict, node_limit, low)
    seed, exhaustive = _seed(n, plan.sizes, conflict, search.nominal, node_limit)
    if seed is None and exhaustive:
        # No repeat-free arrangement exists: fewest repeats, then displacement.
        search.run(allow_repeats=True)
        table_of = [0] * n
        for t, group in enumerate(search.best_tables):
            for member in group:
                table_of[member] = t
        proven = not search.cut_by_limit
    else:
        if seed is not None:
            search.best = _cost(seed, conflict, search.nominal, count, low)
            search.best_tables = list(search.best[3])
        search.run(allow_repeats=False)
        if search.best is None:
            search.nodes = 0
            search.cut_by_limit = False
            search.run(allow_repeats=True)
        proven = not search.cut_by_limit and (seed is not None or exhaustive)
        table_of = [0] * n
        for t, group in enumerate(search.best_tables):
            for member in group:
                table_of[member] = t
    if not proven:
        forced = search.allow_repeats
        table_of = _improve(table_of, conflict, search.nominal, count, low, forced)
    repeats, short, disp, groups = _cost(table_of, conflict, search.nominal, count, low)
    tables = tuple(tuple(seated[i] for i in group) for group in groups)
    return PodPairing(tables, byes, repeats, short, disp, proven)
