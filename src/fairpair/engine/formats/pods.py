"""The pods format: free-for-all tables of 3–10 players, by score, without repeat pod-mates
when avoidable, seats rotated (issue 9, point 5; docs/pods.md).

Each round:

1. **Field**: the stage's players (a cut stage's once the cut is drawn; refused before),
   without those who dropped. Round 1 in seed order, later rounds in standings order
   (points, then the stage's tiebreaks), as a Swiss ranks its field.
2. **Tables**: ``engine.pods.plan_pods`` for the field, the stage's ``pod_size`` and
   ``remainder`` (13 players at 4: ``smaller`` 4+3+3+3, ``larger`` 4+4+5, ``byes`` 4+4+4
   and a bye). Fewer than 3 players: refused.
3. **Byes** (``byes`` mode): the lowest-ranked players without a bye in this stage.
4. **Who sits where**: ``engine.pods.pair_pods`` — never a repeat pod-mate when a
   repeat-free arrangement exists (forced repeats are flagged in a note), every table
   holding a player with the fewest first seats when the field allows it, then as close to
   score order as possible.
5. **Seat order**: ``engine.pods.seat_order`` — seat 1 to whoever has had it least.

There is no toss in pods (``PodsConfig.uses_toss`` is False). The stage is finished when its
``max_rounds`` are played and every table has its places (a stage without a cap is finished
when the organizer says so, as a Swiss).
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.errors import Location, PairingRefused, saying, saying_n
from fairpair.engine.formats.swiss import capped_and_complete
from fairpair.engine.history import met_before
from fairpair.engine.pairing.byes import had_bye
from fairpair.engine.pairing.draft import DraftPod, PairingDraft
from fairpair.engine.pairing.eligibility import eligible_field
from fairpair.engine.pairing.next_round import check_can_pair, next_round_number
from fairpair.engine.pairing.notes import (
    Pair,
    PairingNote,
    PodByesNote,
    PodForcedRepeatsNote,
    PodRepeatsAvoidedNote,
    PodSeatsNote,
    PodTablesNote,
    RoundOneNote,
    SeedSource,
)
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.pairing.ranking import seed_order, standings_order
from fairpair.engine.players import PlayerId
from fairpair.engine.pods import pair_pods, plan_pods, pod_tables, seat_history
from fairpair.engine.pods.partition import MIN_SEATS
from fairpair.engine.rounds import Bye
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import PodsConfig, StageFormat
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament


class CutNotDrawn(PairingRefused):
    """A cut stage is paired only once its cut is drawn (``engine.changes.draw_cut``)."""


class TooFewForPods(PairingRefused):
    """Fewer than 3 eligible players: no pod table can be seated."""


@dataclass(frozen=True, slots=True)
class PodsRules:
    kind: StageFormat = StageFormat.PODS

    def pair_next_round(
        self,
        tournament: Tournament,
        stage: Stage,
        *,
        method: PairingMethod | None = None,
        tuning: Tuning | None = None,
    ) -> PairingDraft:
        return pair_pod_round(tournament, stage)

    def finished(self, tournament: Tournament, stage: Stage) -> bool:
        """The round cap is reached and every table of every round has its places."""
        return capped_and_complete(stage)


def _pairs(
    tables: tuple[tuple[PlayerId, ...], ...], met: dict[PlayerId, set[PlayerId]]
) -> list[Pair]:
    out: list[Pair] = []
    for table in tables:
        for i, a in enumerate(table):
            out.extend((a, b) for b in table[i + 1 :] if b in met.get(a, ()))
    return out


def pair_pod_round(tournament: Tournament, stage: Stage) -> PairingDraft:
    """The draft of ``stage``'s next pod round by the module's rule."""
    config = stage.config
    assert isinstance(config, PodsConfig)
    number = next_round_number(stage)
    where = Location(stage=stage.id, round=number)
    if stage.cut is not None and stage.participants is None:
        raise CutNotDrawn(
            where,
            saying(
                "stage %(stage)s is the top cut of %(source)s: draw the cut before pairing its "
                "first round",
                stage=repr(stage.id),
                source=repr(stage.cut.from_stage),
            ),
        )
    check_can_pair(stage, number)
    players = tournament.players_of(stage)
    notes: list[PairingNote] = []
    standings: Standings | None = None
    if number == 1:
        ranked = seed_order(stage, players)
        notes.append(RoundOneNote(SeedSource.STAGE if stage.seeds else SeedSource.TOURNAMENT))
    else:
        standings = compute_standings(tournament, stage, number - 1, include_absent=True)
        ranked = standings_order(standings)
        known = set(ranked)
        ranked += [p for p in seed_order(stage, players) if p not in known]
        wanted = {p.id for p in players}
        ranked = [p for p in ranked if p in wanted]
    eligibility = eligible_field(tournament, stage, number, ranked, None)
    notes.extend(eligibility.notes())
    field = list(eligibility.eligible)
    if len(field) < MIN_SEATS:
        raise TooFewForPods(
            where,
            saying_n(
                "round %(round)s cannot be paired: %(num)d eligible player, and a pod table "
                "seats at least %(seats)s",
                "round %(round)s cannot be paired: %(num)d eligible players, and a pod table "
                "seats at least %(seats)s",
                len(field),
                round=number,
                seats=MIN_SEATS,
            ),
        )
    plan = plan_pods(len(field), config.pod_size, config.remainder)
    notes.append(
        PodTablesNote(len(field), plan.sizes, plan.size, plan.mode.value, plan.byes, plan.exact)
    )
    met = met_before(stage)
    already = had_bye(stage)
    history = seat_history(stage.rounds)
    active = set(field)
    firsts = {p: sum(1 for s in history.get(p, ()) if s == 1) for p in field}
    pairing = pair_pods(field, met, plan, had_bye=already, first_seats=firsts)
    if pairing.byes:
        notes.append(PodByesNote(pairing.byes, tuple(p for p in pairing.byes if p in already)))
    # Score order's tables, to say which repeats the arrangement avoided.
    seated = [p for p in field if p not in set(pairing.byes)]
    nominal: list[tuple[PlayerId, ...]] = []
    at = 0
    for size in plan.sizes:
        nominal.append(tuple(seated[at : at + size]))
        at += size
    forced = _pairs(pairing.tables, met)
    if forced:
        notes.append(PodForcedRepeatsNote(tuple(forced), pairing.proven))
    else:
        avoided = _pairs(tuple(nominal), met)
        if avoided:
            notes.append(PodRepeatsAvoidedNote(tuple(avoided)))
    pods = pod_tables(pairing.tables, history)
    after = {p: firsts[p] for p in field}
    for pod in pods:
        after[pod.seats[0]] += 1
    counts = [after[p] for p in field if p in active]
    notes.append(PodSeatsNote(tuple(p.seats[0] for p in pods), max(counts) - min(counts)))
    rank = {p: k for k, p in enumerate(field)}
    return PairingDraft(
        stage_id=stage.id,
        round_number=number,
        pairings=(),
        byes=tuple(Bye(p) for p in pairing.byes),
        notes=tuple(notes),
        eligible=tuple(sorted(field, key=rank.__getitem__)),
        standings=standings,
        points_before={} if standings is None else {r.player.id: r.points for r in standings.rows},
        pods=tuple(DraftPod(p.table, p.seats) for p in pods),
    )
