"""``pair_next_round``: the draft of a stage's next round (docs/architecture.md "Pairing a Swiss
round").

Pure and deterministic: the same tournament and stage seed always give the same draft.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.errors import Location, Said, saying, saying_n
from fairpair.engine.history import met_numbers, numbered_among
from fairpair.engine.ledger import build_ledger
from fairpair.engine.pairing.byes import assigned_byes, choose_pairing_bye, had_bye
from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.pairing.eligibility import eligible_field, excluded_notes
from fairpair.engine.pairing.elimination import pool_of
from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.pairing.feasibility import can_pair_all, largest_allowed_matching
from fairpair.engine.pairing.field import Field
from fairpair.engine.pairing.methods import ideal_partners_for
from fairpair.engine.pairing.notes import (
    AssignedByeNote,
    Blocked,
    ByeNote,
    FloatNote,
    ForcedForbiddenNote,
    ForcedRematchNote,
    GroupNote,
    GroupScore,
    GroupSkippedNote,
    MethodNote,
    Pair,
    PairingNote,
    RematchRepairedNote,
    RoundOneNote,
    ScoreGroupNote,
    SeedSource,
)
from fairpair.engine.pairing.optimiser import DEFAULT_TUNING, Tuning, optimise
from fairpair.engine.pairing.ranking import (
    pairing_numbers,
    rates_first,
    seed_order,
    standings_order,
)
from fairpair.engine.pairing.refusals import (
    NobodyToPair,
    RoundCapReached,
    RoundStillOpen,
    WholeRoundMethod,
)
from fairpair.engine.pairing.score_groups import ScoreGroup, split_groups
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.rounds import Bye
from fairpair.engine.stage import PairingMethod, Stage, StageFormat
from fairpair.engine.standings import Standings
from fairpair.engine.standings.table import standings_from_ledger
from fairpair.engine.tournament import Tournament


def next_round_number(stage: Stage) -> int:
    return max((r.number for r in stage.rounds), default=0) + 1


def check_can_pair(stage: Stage, round_number: int) -> None:
    """Refuse past the round cap, or while an earlier round has matches without a result or
    pod tables without places (every format pairs after a complete round)."""
    cap = stage.round_cap
    if cap is not None and round_number > cap:
        if stage.elimination is not None and cap == stage.elimination.max_rounds:
            why = saying(
                "round %(round)s cannot be paired: a Swiss elimination to %(wins)s wins or "
                "%(losses)s losses has at most %(cap)s rounds (wins + losses − 1)",
                round=round_number,
                wins=stage.elimination.wins_to_advance,
                losses=stage.elimination.losses_to_eliminate,
                cap=cap,
            )
        else:
            why = saying(
                "round %(round)s cannot be paired: the stage's max rounds is %(cap)s; raise it "
                "to pair round %(round)s",
                round=round_number,
                cap=cap,
            )
        raise RoundCapReached(
            Location(stage=stage.id, round=round_number),
            why,
            round_number=round_number,
            cap=cap,
        )
    for rnd in stage.rounds:
        open_matches = sum(1 for m in rnd.matches if m.result is None)
        open_pods = sum(1 for p in rnd.pods if p.places is None)
        if open_matches or open_pods:
            raise RoundStillOpen(
                Location(stage=stage.id, round=rnd.number),
                _still_open(rnd.number, open_matches, open_pods, round_number),
                open_round=rnd.number,
                outstanding=open_matches + open_pods,
            )


def _still_open(number: int, matches: int, pods: int, next_round: int) -> Said:
    """Why round ``next_round`` waits: round ``number`` has ``matches`` matches without a
    result and ``pods`` pod tables without places."""
    if not pods:
        return saying_n(
            "round %(round)s still has %(num)d match without a result; report it before "
            "pairing round %(next)s",
            "round %(round)s still has %(num)d matches without a result; report them before "
            "pairing round %(next)s",
            matches,
            round=number,
            next=next_round,
        )
    if not matches:
        return saying_n(
            "round %(round)s still has %(num)d pod table without places; report it before "
            "pairing round %(next)s",
            "round %(round)s still has %(num)d pod tables without places; report them before "
            "pairing round %(next)s",
            pods,
            round=number,
            next=next_round,
        )
    return saying(
        "round %(round)s still has %(matches)s and %(pods)s; report them before pairing round "
        "%(next)s",
        round=number,
        matches=saying_n(
            "%(num)d match without a result", "%(num)d matches without a result", matches
        ),
        pods=saying_n(
            "%(num)d pod table without places", "%(num)d pod tables without places", pods
        ),
        next=next_round,
    )


def forbidden_partners(stage: Stage) -> dict[PlayerId, set[PlayerId]]:
    out: dict[PlayerId, set[PlayerId]] = {}
    for a, b in stage.forbidden_pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


@dataclass(frozen=True)
class AssignedByes:
    """The round's assigned byes (staff's, requested or set), which are not the pairing bye."""

    byes: list[Bye]
    #: an ``AssignedByeNote`` per bye, then who was left out (dropped with a bye assigned)
    notes: list[PairingNote]
    #: the eligible players not on an assigned bye, in their order
    field: list[PlayerId]


def take_assigned_byes(
    tournament: Tournament, stage: Stage, number: int, eligible: Sequence[PlayerId]
) -> AssignedByes:
    """Give the eligible players their assigned byes of round ``number`` (a dropped player's
    assigned bye is left out, with a note); the rest are the field to pair."""
    present = set(eligible)
    byes: list[Bye] = []
    notes: list[PairingNote] = []
    left_out: list[tuple[PlayerId, Exclusion]] = []
    for assigned in assigned_byes(stage, number):
        if assigned.player in present:
            byes.append(Bye(assigned.player, assigned.kind))
            notes.append(AssignedByeNote(assigned.player, assigned.kind, assigned.requested))
        elif tournament.drop_round(stage, assigned.player) is not None:
            left_out.append((assigned.player, Exclusion.ASSIGNED_BYE_DROPPED))
    notes.extend(excluded_notes(left_out))
    on_bye = {b.player for b in byes}
    return AssignedByes(byes, notes, [p for p in eligible if p not in on_bye])


def effective_method(
    stage: Stage, round_number: int, method: PairingMethod | None
) -> tuple[PairingMethod, bool]:
    """The method to use, and whether the Swiss-elimination round-1 Slide switch chose it."""
    chosen = method if method is not None else stage.pairing_method
    elimination = stage.format is StageFormat.SWISS_ELIMINATION or stage.elimination is not None
    if (
        elimination
        and round_number == 1
        and chosen is PairingMethod.ADJACENT
        and stage.slide_first_round
    ):
        return PairingMethod.SLIDE, True
    return chosen, False


@dataclass(frozen=True, slots=True)
class _Pool:
    """One independent Swiss: the whole stage, or one of its groups."""

    name: str | None
    players: tuple[PlayerId, ...]  # eligible, ranked best first


def pair_next_round(
    tournament: Tournament,
    stage: Stage | None = None,
    *,
    method: PairingMethod | None = None,
    prefer_repeat_bye: bool | None = None,
    tuning: Tuning = DEFAULT_TUNING,
) -> PairingDraft:
    """The draft of ``stage``'s next round (default: the last stage).

    ``method`` overrides the stage's pairing method for this round. ``prefer_repeat_bye``
    (an organizer option, off by default) lets a player who already had a bye take the
    pairing bye when every player without one would force a rematch (docs/pairing.md, step 3);
    ``None`` (the default) takes it from the stage's configuration.
    The draft carries the standings it ranked by (``standings``, ``points_before``).

    Raises a ``PairingRefused`` (``refusals``): ``RoundCapReached``, ``RoundStillOpen``,
    ``NobodyToPair``, ``WeightLimitReached``.
    """
    chosen = stage if stage is not None else tournament.stage()
    if prefer_repeat_bye is None:
        prefer_repeat_bye = chosen.prefer_repeat_bye
    return _pair_next_round(tournament, chosen, method, prefer_repeat_bye, tuning)


def _pair_next_round(
    tournament: Tournament,
    stage: Stage | None,
    method: PairingMethod | None,
    prefer_repeat_bye: bool,
    tuning: Tuning,
) -> PairingDraft:
    stage = stage if stage is not None else tournament.stage()
    number = next_round_number(stage)
    check_can_pair(stage, number)
    chosen, switched = effective_method(stage, number, method)
    if chosen is PairingMethod.DUTCH:
        raise WholeRoundMethod(
            Location(stage=stage.id, round=number),
            saying(
                "the Dutch system pairs a whole Swiss round by its own rules: pair the stage "
                "through fairpair.pair_next_round (its format), not inside score groups"
            ),
        )
    players = tournament.players_of(stage)
    notes: list[PairingNote] = []

    standings: Standings | None = None
    meetings: dict[PlayerId, tuple[PlayerId, ...]] | None = None
    present: set[PlayerId] | None = None
    numbers = pairing_numbers(stage, players) if rates_first(stage) else None
    if number == 1:
        ranked = seed_order(stage, players)
        notes.append(RoundOneNote(_seed_source(stage, players)))
    else:
        ledger = build_ledger(tournament, stage, number - 1)
        standings = standings_from_ledger(tournament, ledger)
        ranked = standings_order(standings, numbers)
        in_table = set(ranked)
        if any(p.id not in in_table for p in players):
            sat_out = _sat_out(stage, number, in_table)
            if sat_out:
                # In the stage without a completed match (a late entry on zero-point byes, a
                # skipped match): ranked in the standings on their points.
                standings = standings_from_ledger(tournament, ledger, include_absent=True)
                ranked = [
                    pid
                    for pid in standings_order(standings, numbers)
                    if pid in in_table or pid in sat_out
                ]
                in_table = set(ranked)
            ranked += [pid for pid in seed_order(stage, players) if pid not in in_table]
        # Who has met whom, off the ledger's records when it lists every match; the rest of
        # the ledger is let go here (~70 MB at 100,000 players).
        meetings = ledger.meetings()
        del ledger
        present = in_table
    eligibility = eligible_field(tournament, stage, number, ranked, standings, present)
    notes.extend(eligibility.notes())
    notes.append(MethodNote(chosen, switched, by_rating=numbers is not None))

    # Assigned byes first: they are not the pairing bye.
    taken = take_assigned_byes(tournament, stage, number, eligibility.eligible)
    byes = taken.byes
    notes.extend(taken.notes)
    field_order = taken.field
    position = {p: k for k, p in enumerate(field_order)}
    # Who has met whom in the field, by position in ``field_order``: read off the rounds (or
    # the ledger's meetings) once (engine.history.met_numbers); each pool takes its players'
    # part (``_met_among``).
    met = met_numbers(stage, position, meetings)
    del meetings

    pools: list[_Pool]
    if stage.groups:
        pools = [
            _Pool(g.name, tuple(sorted((p for p in g.players if p in position), key=position.get)))  # type: ignore[arg-type]
            for g in stage.groups
        ]
    else:
        pools = [_Pool(None, tuple(field_order))]

    forbidden = forbidden_partners(stage)
    already = had_bye(stage)
    pairings: list[tuple[PlayerId, PlayerId, bool, bool]] = []
    paired_any = False
    for pool in pools:
        if pool.name is not None:
            if len(pool.players) < 2:
                notes.append(GroupSkippedNote(pool.name, pool.players))
                continue
            notes.append(GroupNote(pool.name, pool.players))
        elif len(pool.players) < 2 and not byes:
            raise NobodyToPair(
                Location(stage=stage.id, round=number),
                saying(
                    "round %(round)s cannot be paired: fewer than two eligible players",
                    round=number,
                ),
            )
        elif len(pool.players) < 2:
            continue
        paired_any = True
        pool_pairs, pool_byes, pool_notes = _pair_pool(
            stage,
            number,
            chosen,
            pool,
            standings,
            met,
            position,
            forbidden,
            already,
            prefer_repeat_bye,
            tuning,
        )
        pairings.extend(pool_pairs)
        byes.extend(pool_byes)
        notes.extend(pool_notes)
    if not paired_any and not byes:
        raise NobodyToPair(
            Location(stage=stage.id, round=number),
            saying(
                "round %(round)s cannot be paired: no group has two eligible players",
                round=number,
            ),
        )

    table_pairings = tuple(
        DraftPairing(k + 1, a, b, rematch, banned)
        for k, (a, b, rematch, banned) in enumerate(pairings)
    )
    everyone = tuple(p for pair in pairings for p in pair[:2]) + tuple(b.player for b in byes)
    chosen_ones = set(everyone)
    eligible_once = set(eligibility.eligible)
    if (
        len(chosen_ones) == len(everyone)
        and len(eligible_once) == len(eligibility.eligible)
        and chosen_ones <= eligible_once
    ):
        # Everyone once, all eligible (always, in practice): the eligible order, filtered.
        in_order = tuple(p for p in eligibility.eligible if p in chosen_ones)
    else:
        rank = {p: k for k, p in enumerate(eligibility.eligible)}
        in_order = tuple(sorted(everyone, key=lambda p: rank.get(p, len(rank))))
    return PairingDraft(
        stage_id=stage.id,
        round_number=number,
        pairings=table_pairings,
        byes=tuple(byes),
        notes=tuple(notes),
        eligible=in_order,
        standings=standings,
        points_before={} if standings is None else {r.player.id: r.points for r in standings.rows},
    )


def _seed_source(stage: Stage, players: Sequence[Player]) -> SeedSource:
    """Whose order round 1 follows: the stage's seeds, the tournament's, or — nobody seeded
    and a ruleset that pairs by rating — the ratings (FIDE C.04.2 B)."""
    if stage.seeds:
        return SeedSource.STAGE
    if rates_first(stage) and all(p.seed is None for p in players):
        return SeedSource.RATING
    return SeedSource.TOURNAMENT


def _sat_out(stage: Stage, number: int, rowed: set[PlayerId]) -> frozenset[PlayerId]:
    """Players without a standings row who were in an earlier round of the stage all the
    same: a late entry sitting out the missed rounds on zero-point byes, a player whose only
    match was skipped. They are in the stage, and are paired on their (zero) points."""
    return frozenset(
        p
        for rnd in stage.rounds
        if rnd.number < number
        for p in rnd.participants()
        if p not in rowed
    )


def _pair_pool(
    stage: Stage,
    number: int,
    method: PairingMethod,
    pool: _Pool,
    standings: Standings | None,
    field_met: list[frozenset[int]],
    position: dict[PlayerId, int],
    forbidden: dict[PlayerId, set[PlayerId]],
    already: frozenset[PlayerId],
    prefer_repeat_bye: bool,
    tuning: Tuning,
) -> tuple[list[tuple[PlayerId, PlayerId, bool, bool]], list[Bye], list[PairingNote]]:
    notes: list[PairingNote] = []
    ranked = list(pool.players)
    # Score groups (win–loss pools in a Swiss elimination); round 1 is one group.
    key: dict[PlayerId, Hashable] = {}
    label: dict[PlayerId, GroupScore] = {}
    if standings is None:
        zero = GroupScore(points=Fraction(0))
        for pid in ranked:
            key[pid], label[pid] = 0, zero
    elif stage.elimination is not None:
        by_id = {r.player.id: r for r in standings.rows}
        for pid in ranked:
            p = pool_of(by_id.get(pid))
            key[pid], label[pid] = p.order, GroupScore(pool=p)
        ranked.sort(key=lambda pid: key[pid])  # type: ignore[arg-type,return-value]
    else:
        rows = standings.by_player
        # The key is a small integer per distinct points value (compared far faster than a
        # Fraction); the standings share one Fraction object per value, so ``id`` finds it.
        scores: dict[Fraction, tuple[int, GroupScore]] = {}
        seen: dict[int, tuple[int, GroupScore]] = {}
        for pid in ranked:
            points = rows[pid].points
            found = seen.get(id(points))
            if found is None:
                found = scores.get(points)
                if found is None:
                    found = scores[points] = (len(scores), GroupScore(points=points))
                seen[id(points)] = found
            key[pid], label[pid] = found

    # Who each player has met, and may not meet, by their number in ``ranked`` (the pool's
    # numbering).
    numbers, met = _met_among(field_met, position, ranked)
    blocked = _with_forbidden(met, forbidden, numbers)

    byes: list[Bye] = []
    bye_notes: list[ByeNote] = []
    if len(ranked) % 2:
        everyone = range(len(ranked))

        def forced_without(candidate: PlayerId) -> int:
            left_out = numbers[candidate]
            rest = [k for k in everyone if k != left_out]
            if can_pair_all(rest, blocked):
                return 0
            return len(rest) // 2 - largest_allowed_matching(rest, blocked)

        choice = choose_pairing_bye(
            ranked, already, forced_without, prefer_repeat_bye=prefer_repeat_bye, group=pool.name
        )
        byes.append(choice.bye)
        bye_notes.append(choice.note)
        gone = numbers[choice.bye.player]
        ranked.pop(gone)
        same = blocked is met
        met = _without(met, gone)
        blocked = met if same else _without(blocked, gone)

    groups = split_groups(ranked, key, label)
    for group in groups:
        notes.append(ScoreGroupNote(group.score, group.players, pool.name))
    notes.extend(bye_notes)

    group_of = tuple(g for g, group in enumerate(groups) for _ in group.players)
    field = Field(
        group_of,
        tuple(blocked),
        ideal_partners_for(method),
        f"{stage.seed}\x1f{stage.id}\x1f{number}\x1f{pool.name or ''}",
    )
    plan = optimise(field, tuning)
    notes.extend(
        _plan_notes(plan.pairs, plan.textbook, ranked, groups, group_of, met, forbidden, pool.name)
    )

    empty: frozenset[PlayerId] = frozenset()
    out: list[tuple[PlayerId, PlayerId, bool, bool]] = []
    rematches: list[Pair] = []
    banned_pairs: list[Pair] = []
    for i, j in sorted(plan.pairs):
        a, b = ranked[i], ranked[j]
        rematch = j in met[i]
        banned = b in forbidden.get(a, empty)
        out.append((a, b, rematch, banned))
        if rematch:
            rematches.append((a, b))
        if banned:
            banned_pairs.append((a, b))
    if rematches:
        notes.append(ForcedRematchNote(tuple(rematches), pool.name))
    if banned_pairs:
        notes.append(ForcedForbiddenNote(tuple(banned_pairs), pool.name))
    return out, byes, notes


def _met_among(
    field_met: list[frozenset[int]], position: dict[PlayerId, int], ranked: Sequence[PlayerId]
) -> tuple[dict[PlayerId, int], list[frozenset[int]]]:
    """Each player of ``ranked`` numbered by their place in it, and whom each has met among
    ``ranked`` by those numbers, from ``field_met`` (numbered by ``position``). The field itself
    in its own order (no groups, not re-sorted: the common case) is ``position`` and
    ``field_met`` as they are."""
    at = [position[p] for p in ranked]
    if len(at) == len(field_met) and at == list(range(len(at))):
        return position, field_met
    get = {g: k for k, g in enumerate(at)}.get
    out = [numbered_among(field_met[g], get) for g in at]
    return {p: k for k, p in enumerate(ranked)}, out


def _with_forbidden(
    met: list[frozenset[int]],
    forbidden: dict[PlayerId, set[PlayerId]],
    numbers: dict[PlayerId, int],
) -> list[frozenset[int]]:
    """Whom each numbered player may not meet: whom they met, and their forbidden partners
    (players not numbered left out). ``met`` itself when nobody has a forbidden partner."""
    if not forbidden:
        return met
    blocked = list(met)
    for player, partners in forbidden.items():
        k = numbers.get(player)
        if k is not None:
            blocked[k] = met[k] | {numbers[p] for p in partners if p in numbers}
    return blocked


def _without(blocks: list[frozenset[int]], gone: int) -> list[frozenset[int]]:
    """``blocks`` with player ``gone`` taken out of the numbering: the players after it move
    up one number. (The pairing bye is usually the last player: then only the sets holding
    it change.)"""
    if gone == len(blocks) - 1:
        return [b - {gone} if gone in b else b for b in blocks[:-1]]
    return [
        frozenset(j - (j > gone) for j in b if j != gone) for k, b in enumerate(blocks) if k != gone
    ]


def _plan_notes(
    pairs: Sequence[tuple[int, int]],
    textbook: Sequence[tuple[int, int]],
    ranked: Sequence[PlayerId],
    groups: Sequence[ScoreGroup],
    group_of: Sequence[int],
    met: Sequence[frozenset[int]],
    forbidden: dict[PlayerId, set[PlayerId]],
    pool: str | None,
) -> list[PairingNote]:
    """Who floated where, and which textbook pairs were rematches or forbidden and repaired
    (one note per reason)."""
    notes: list[PairingNote] = []
    for i, j in sorted(pairs):
        if group_of[i] < group_of[j]:
            source, target = groups[group_of[i]].score, groups[group_of[j]].score
            notes.append(FloatNote(ranked[i], source, target, pool))
    chosen = set(pairs)
    repaired: dict[Blocked, list[Pair]] = {Blocked.REMATCH: [], Blocked.FORBIDDEN: []}
    for i, j in textbook:
        if (i, j) in chosen:
            continue
        a, b = ranked[i], ranked[j]
        if j in met[i]:
            repaired[Blocked.REMATCH].append((a, b))
        elif b in forbidden.get(a, set()):
            repaired[Blocked.FORBIDDEN].append((a, b))
    for reason, found in repaired.items():
        if found:
            notes.append(RematchRepairedNote(reason, tuple(found), pool))
    return notes
