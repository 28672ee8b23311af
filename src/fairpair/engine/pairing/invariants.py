"""The invariant helper: every pairing any test or benchmark produces goes through it.

It re-derives the eligible field on its own and checks that

- every eligible player appears exactly once (paired or with a bye) and nobody else appears;
- a pairing bye is given only when the (group's) field is odd, and at most one per group;
- tables are numbered 1..n and side ``a`` is the higher-ranked player;
- every rematch or forbidden pair is flagged, and every flag is true;
- the pairing bye follows the bye order (docs/pairing.md step 3): no second bye while someone
  in the field has had none (unless ``prefer_repeat_bye`` and it forces fewer rematches); the
  recipient forces the fewest rematches (and forbidden pairs) among those allowed, and every
  allowed player ranked below it (or, with the option, without a bye) forces more;
- flagged pairs are unavoidable given that bye: an exhaustive search (up to 12 players) or an
  independent maximum matching (larger fields) shows no pairing of the rest has fewer.

The ranking itself is the draft's ``eligible`` order (checked by the side-``a`` rule here and
by the tests against the standings).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence, Set

from fairpair.engine.history import met_before
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.feasibility import dirac_enough
from fairpair.engine.pairing.matcher import maximum_matching_size
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament

EXHAUSTIVE_LIMIT = 12


class PairingViolation(AssertionError):
    """A draft breaks an invariant; ``problems`` lists each broken one."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


def expected_field(tournament: Tournament, stage: Stage, round_number: int) -> set[PlayerId]:
    """Who must be in the round: present, not dropped, not past a threshold, with a standings
    row after round 1 (or, without one, a place in an earlier round: a late entry's zero-point
    bye, a skipped match), and in a group
    when the stage has groups."""
    rows = None
    if round_number > 1:
        every = compute_standings(tournament, stage, round_number - 1, include_absent=True)
        real = {r.player.id for r in compute_standings(tournament, stage, round_number - 1).rows}
        sat_out = {
            p for rnd in stage.rounds if rnd.number < round_number for p in rnd.participants()
        }
        rows = {r.player.id: r for r in every.rows if r.player.id in real | sat_out}
    grouped = {p for g in stage.groups for p in g.players} if stage.groups else None
    field: set[PlayerId] = set()
    drops = tournament.drop_rounds(stage)
    for player in tournament.players_of(stage):
        pid = player.id
        dropped = drops.get(pid)
        if dropped is not None and round_number > dropped:
            continue
        if rows is not None:
            row = rows.get(pid)
            if row is None:
                continue
            rules = stage.elimination
            if rules is not None and (
                row.wins >= rules.wins_to_advance or row.losses >= rules.losses_to_eliminate
            ):
                continue
        if grouped is not None and pid not in grouped:
            continue
        field.add(pid)
    return field


def _fewest_blocked_exhaustive(
    players: list[PlayerId], blocked: Mapping[PlayerId, Set[PlayerId]]
) -> int:
    best = len(players)

    def search(rest: list[PlayerId], count: int) -> None:
        nonlocal best
        if count >= best:
            return
        if not rest:
            best = count
            return
        first, others = rest[0], rest[1:]
        for k, other in enumerate(others):
            cost = 1 if other in blocked.get(first, set()) else 0
            search(others[:k] + others[k + 1 :], count + cost)

    search(players, 0)
    return best


def fewest_blocked(players: list[PlayerId], blocked: Mapping[PlayerId, Set[PlayerId]]) -> int:
    """The fewest blocked pairs any pairing of ``players`` (even) must contain."""
    present = set(players)
    most = max((len(blocked.get(p, set()) & present) for p in players), default=0)
    if dirac_enough(len(players), most):
        return 0  # Dirac: a Hamiltonian cycle of allowed pairs, so a perfect matching
    if len(players) <= EXHAUSTIVE_LIMIT:
        return _fewest_blocked_exhaustive(players, blocked)
    index = {p: k for k, p in enumerate(players)}
    edges = [
        (index[a], index[b])
        for k, a in enumerate(players)
        for b in players[k + 1 :]
        if b not in blocked.get(a, set())
    ]
    return len(players) // 2 - maximum_matching_size(len(players), edges)


def _bye_problems(
    field: Sequence[PlayerId],
    recipient: PlayerId,
    flagged: int,
    blocked: Mapping[PlayerId, Set[PlayerId]],
    already: Set[PlayerId],
    prefer_repeat_bye: bool,
) -> list[str]:
    """The bye order for an odd ``field`` (best first) whose pairing bye went to ``recipient``
    and whose pairs have ``flagged`` rematches or forbidden pairs."""
    fresh = [p for p in field if p not in already]
    allowed = field if prefer_repeat_bye or not fresh else fresh
    if recipient not in allowed:
        return [f"{recipient} has a second bye while {fresh[-1]} has had none"]
    counts: dict[PlayerId, int] = {}

    def forced(player: PlayerId) -> int:
        if player not in counts:
            counts[player] = fewest_blocked([q for q in field if q != player], blocked)
        return counts[player]

    problems: list[str] = []
    mine = forced(recipient) if flagged else 0
    if flagged > mine:
        problems.append(f"{flagged} forced pairs where {mine} would do")
    position = {p: k for k, p in enumerate(field)}

    def preference(player: PlayerId) -> tuple[bool, int]:
        """Without a bye first, then the lowest-ranked."""
        return (player in already, -position[player])

    for player in allowed:
        if player == recipient:
            continue
        # A player preferred by the order must force more; any other may not force fewer
        # (only worth computing when the recipient forces some).
        if preference(player) < preference(recipient):
            wrong = forced(player) <= mine
        else:
            wrong = bool(mine) and forced(player) < mine
        if wrong:
            problems.append(
                f"{player} should have the bye: {forced(player)} forced pairs without them, "
                f"{mine} without {recipient}"
            )
    return problems


def check_pairing(
    tournament: Tournament,
    draft: PairingDraft,
    stage: Stage | None = None,
    *,
    prefer_repeat_bye: bool | None = None,
) -> None:
    """Raise ``PairingViolation`` naming every invariant ``draft`` breaks (``prefer_repeat_bye``
    as given to ``pair_next_round``; ``None``: the stage's configuration)."""
    stage = stage if stage is not None else tournament.stage(draft.stage_id)
    if prefer_repeat_bye is None:
        prefer_repeat_bye = stage.prefer_repeat_bye
    problems: list[str] = []
    expected = expected_field(tournament, stage, draft.round_number)
    assigned = {b.player for b in draft.byes if b.kind is not ByeKind.PAIRING}
    pools: list[set[PlayerId]] = (
        [set(g.players) for g in stage.groups] if stage.groups else [set(expected)]
    )
    for pool in pools:
        waiting = (pool & expected) - assigned
        if len(waiting) < 2:  # a pool needs two players to be paired at all
            expected -= waiting
    seen: list[PlayerId] = [p for t in draft.pairings for p in (t.a, t.b)]
    seen += [b.player for b in draft.byes]
    counts = Counter(seen)
    for pid, count in sorted(counts.items()):
        if count > 1:
            problems.append(f"{pid} appears {count} times")
    for pid in sorted(set(seen) - expected):
        problems.append(f"{pid} is not eligible but appears")
    for pid in sorted(expected - set(seen)):
        problems.append(f"{pid} is eligible but neither paired nor given a bye")
    if [t.table for t in draft.pairings] != list(range(1, len(draft.pairings) + 1)):
        problems.append("tables are not numbered 1..n")
    order = {p: k for k, p in enumerate(draft.eligible)}
    for t in draft.pairings:
        if order.get(t.a, 0) > order.get(t.b, 0):
            problems.append(f"table {t.table}: {t.a} is ranked below {t.b} but sits as a")

    met = met_before(stage)  # the "met" column of engine.unplayed: matches and pod tables
    banned: dict[PlayerId, set[PlayerId]] = {}
    for a, b in stage.forbidden_pairs:
        banned.setdefault(a, set()).add(b)
        banned.setdefault(b, set()).add(a)
    for t in draft.pairings:
        rematch = t.b in met.get(t.a, set())
        forbidden = t.b in banned.get(t.a, set())
        if rematch != t.forced_rematch:
            problems.append(f"table {t.table}: rematch flag is {t.forced_rematch}, not {rematch}")
        if forbidden != t.forbidden:
            problems.append(f"table {t.table}: forbidden flag is {t.forbidden}, not {forbidden}")

    blocked = {p: met.get(p, set()) | banned.get(p, set()) for p in expected}
    already = {b.player for r in stage.rounds for b in r.byes if b.kind is not ByeKind.ZERO}
    rank = {p: k for k, p in enumerate(draft.eligible)}
    for pool in pools:
        field = sorted((pool & expected) - assigned, key=lambda p: (rank.get(p, len(rank)), p))
        pairing_byes = [
            b.player for b in draft.byes if b.kind is ByeKind.PAIRING and b.player in pool
        ]
        if len(field) >= 2 and len(pairing_byes) != len(field) % 2:
            problems.append(f"{len(pairing_byes)} pairing byes for a field of {len(field)}")
        flagged = sum(
            1 for t in draft.pairings if t.a in pool and (t.forced_rematch or t.forbidden)
        )
        if len(field) % 2 and len(pairing_byes) == 1:
            problems += _bye_problems(
                field, pairing_byes[0], flagged, blocked, already, prefer_repeat_bye
            )
        elif flagged:
            best = fewest_blocked(field, blocked)
            if flagged > best:
                problems.append(f"{flagged} forced pairs where {best} would do")
    if problems:
        raise PairingViolation(problems)
