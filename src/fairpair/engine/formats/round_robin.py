"""The round-robin format: every round fixed at the start by the FIDE Berger tables (C.05
Annex 1), single or double (docs/round-robin.md).

- **Numbers**: the stage's players get Berger numbers 1..N in seed order: by the stage's
  ``seeds`` when it has them (a drawn cut's seeds), else in the order of its
  ``participants``, else every player of the event by their seed (unseeded players after the
  seeded ones, in registration order). Withdrawn players keep their number: the schedule
  never moves.
- **Round k** of the stage is round k of the schedule (``berger_table`` for one cycle,
  ``double_round_robin`` for two); each game's first-named player is side ``a`` and plays
  first (``Toss(a, TossReason.SCHEDULE)``); tables in FIDE's board order.
- **Sit-outs**: the player the table pairs with the dummy (odd N: "the highest number counts
  as a bye") and the scheduled opponent of a withdrawn player sit the round out: a zero-point
  bye (``ByeKind.ZERO``: no game, no points, not a played round; docs/unplayed-rounds.md).
- A withdrawn player is not paired (an ``ExcludedNote``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.errors import Location, PairingRefused, saying, saying_n
from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.pairing.notes import (
    ExcludedNote,
    NumberSource,
    PairingNote,
    RoundRobinNumbersNote,
    RoundRobinSitOutNote,
    SitOutReason,
)
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.players import PlayerId
from fairpair.engine.round_robin.berger import BergerTable, berger_table, double_round_robin
from fairpair.engine.round_robin.schedule import rounds_for
from fairpair.engine.rounds import Bye, ByeKind, Toss, TossReason
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import RoundRobinConfig, StageFormat
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of the schedule: ``first`` plays first (White), on ``table``."""

    table: int
    first: PlayerId
    second: PlayerId


@dataclass(frozen=True, slots=True)
class ScheduledRound:
    """One round of the schedule: its games in table order, and who meets the dummy."""

    number: int
    cycle: int
    cycle_round: int
    """The round of the Berger table this is (the first cycle of a double round robin plays
    the table's last two rounds in reverse order)."""
    games: tuple[ScheduledGame, ...]
    sits_out: PlayerId | None


@dataclass(frozen=True, slots=True)
class RoundRobinSchedule:
    """The whole schedule of a round-robin stage, fixed at the start."""

    players: tuple[PlayerId, ...]
    """Berger number ``i`` is ``players[i - 1]``."""
    source: NumberSource
    cycles: int
    rounds: tuple[ScheduledRound, ...]

    @property
    def dummy(self) -> int | None:
        """The dummy's number (odd field), or ``None``."""
        n = len(self.players)
        return n + 1 if n % 2 else None

    def round(self, number: int) -> ScheduledRound | None:
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        return None


def round_robin_field(
    tournament: Tournament, stage: Stage
) -> tuple[tuple[PlayerId, ...], NumberSource]:
    """The stage's players in Berger-number order, and where the order comes from."""
    if stage.cut is not None and stage.participants is None:
        raise PairingRefused(
            Location(stage=stage.id),
            saying(
                "the round robin's field is the cut from stage %(stage)s, which is not drawn "
                "yet: draw the cut first",
                stage=repr(stage.cut.from_stage),
            ),
        )
    players = tournament.players_of(stage)
    ids = [p.id for p in players]
    if stage.seeds:
        registered = {pid: i for i, pid in enumerate(ids)}
        order = sorted(
            ids, key=lambda p: (stage.seeds.get(p) is None, stage.seeds.get(p, 0), registered[p])
        )
        return tuple(order), NumberSource.STAGE_SEEDS
    if stage.participants is not None:
        present = set(ids)
        return tuple(p for p in stage.participants if p in present), NumberSource.PARTICIPANTS
    ranked = sorted(enumerate(players), key=lambda ip: (ip[1].seed is None, ip[1].seed or 0, ip[0]))
    return tuple(p.id for _, p in ranked), NumberSource.EVENT_SEEDS


def round_robin_schedule(tournament: Tournament, stage: Stage) -> RoundRobinSchedule:
    """Every round of ``stage``'s round robin (``PairingRefused`` for an undrawn cut or a
    field of fewer than two)."""
    players, source = round_robin_field(tournament, stage)
    if len(players) < 2:
        raise PairingRefused(
            Location(stage=stage.id),
            saying(
                "a round robin needs at least 2 players; stage %(stage)s has %(count)s",
                stage=repr(stage.id),
                count=len(players),
            ),
        )
    config = stage.config
    cycles = config.cycles if isinstance(config, RoundRobinConfig) else 1
    table: BergerTable = (
        double_round_robin(len(players)) if cycles == 2 else berger_table(len(players))
    )
    per_cycle = len(table) // cycles
    rounds: list[ScheduledRound] = []
    for index, rnd in enumerate(rounds_for(table, players)):
        cycle, within = index // per_cycle + 1, index % per_cycle + 1
        if cycles == 2 and cycle == 1 and per_cycle >= 2 and within >= per_cycle - 1:
            within = 2 * per_cycle - 1 - within  # the first cycle's last two, reversed
        rounds.append(
            ScheduledRound(
                number=rnd.number,
                cycle=cycle,
                cycle_round=within,
                games=tuple(ScheduledGame(m.table, m.a, m.b) for m in rnd.matches),
                sits_out=rnd.byes[0].player if rnd.byes else None,
            )
        )
    return RoundRobinSchedule(players, source, cycles, tuple(rounds))


@dataclass(frozen=True, slots=True)
class RoundRobinRules:
    kind: StageFormat = StageFormat.ROUND_ROBIN

    def pair_next_round(
        self,
        tournament: Tournament,
        stage: Stage,
        *,
        method: PairingMethod | None = None,
        tuning: Tuning | None = None,
    ) -> PairingDraft:
        """Round ``last_round + 1`` of the schedule, as it stands in the Berger table."""
        schedule = round_robin_schedule(tournament, stage)
        _refuse_a_changed_field(tournament, stage, schedule)
        number = stage.last_round + 1
        scheduled = schedule.round(number)
        if scheduled is None:
            total = len(schedule.rounds)
            raise PairingRefused(
                Location(stage=stage.id, round=number),
                saying_n(
                    "the round robin has %(num)d round; all are paired",
                    "the round robin has %(num)d rounds; all are paired",
                    total,
                ),
            )
        return draft_of_round(tournament, stage, schedule, scheduled)

    def finished(self, tournament: Tournament, stage: Stage) -> bool:
        """Every round of the schedule is released and complete."""
        try:
            total = len(round_robin_schedule(tournament, stage).rounds)
        except PairingRefused:
            return False
        if len(stage.rounds) < total:
            return False
        return all(r.is_complete for r in stage.rounds)


def _refuse_a_changed_field(
    tournament: Tournament, stage: Stage, schedule: RoundRobinSchedule
) -> None:
    """The Berger table depends on the field: a player who joined after rounds were released
    (in no released round) or who is in a released round but no longer in the field would
    make the rest of the schedule another table. Refused, naming them."""
    field = set(schedule.players)
    gone = tournament.drop_rounds(stage)
    names = {p.id: p.name for p in tournament.players}
    for rnd in stage.rounds:
        seated = {p for m in rnd.matches for p in (m.a, m.b)} | {b.player for b in rnd.byes}
        missing = [
            p
            for p in schedule.players
            if p not in seated and not gone.get(p, rnd.number) < rnd.number
        ]
        extra = sorted(seated - field)
        if missing or extra:
            who = ", ".join(names.get(p, p) for p in (*missing, *extra))
            raise PairingRefused(
                Location(stage=stage.id, round=stage.last_round + 1),
                saying(
                    "the round robin's field changed after round %(round)s was released "
                    "(%(who)s): its Berger table is fixed by the field; delete the released "
                    "rounds to schedule it again",
                    round=rnd.number,
                    who=who,
                ),
            )


def draft_of_round(
    tournament: Tournament, stage: Stage, schedule: RoundRobinSchedule, scheduled: ScheduledRound
) -> PairingDraft:
    """The draft of one scheduled round: withdrawn players left out, their opponents and the
    dummy's opponent sitting out, with notes."""
    number = scheduled.number
    gone = {p for p, after in tournament.drop_rounds(stage).items() if after < number}
    notes: list[PairingNote] = [
        RoundRobinNumbersNote(
            players=schedule.players,
            source=schedule.source,
            cycle=scheduled.cycle,
            cycle_round=scheduled.cycle_round,
            cycles=schedule.cycles,
            rounds=len(schedule.rounds),
            dummy=schedule.dummy,
        )
    ]
    withdrawn = tuple(p for p in schedule.players if p in gone)
    if withdrawn:
        notes.append(ExcludedNote(Exclusion.DROPPED, withdrawn))
    pairings: list[DraftPairing] = []
    byes: list[Bye] = []
    if scheduled.sits_out is not None and scheduled.sits_out not in gone:
        byes.append(Bye(scheduled.sits_out, ByeKind.ZERO))
        notes.append(RoundRobinSitOutNote(scheduled.sits_out, SitOutReason.DUMMY))
    for game in scheduled.games:
        first_gone, second_gone = game.first in gone, game.second in gone
        if first_gone or second_gone:
            if not (first_gone and second_gone):
                stays, left = (game.second, game.first) if first_gone else (game.first, game.second)
                byes.append(Bye(stays, ByeKind.ZERO))
                notes.append(RoundRobinSitOutNote(stays, SitOutReason.OPPONENT_WITHDREW, left))
            continue
        pairings.append(
            DraftPairing(
                table=game.table,
                a=game.first,
                b=game.second,
                plays_first=Toss(game.first, TossReason.SCHEDULE),
            )
        )
    eligible = tuple(p for p in schedule.players if p not in gone)
    return PairingDraft(
        stage_id=stage.id,
        round_number=number,
        pairings=tuple(pairings),
        byes=tuple(byes),
        notes=tuple(notes),
        eligible=eligible,
    )
