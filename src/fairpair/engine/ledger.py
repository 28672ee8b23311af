"""The ledger: every player's rounds in one stage, read once and shared by all tiebreaks.

Points are whole numbers in the scoring *unit* (``Scoring.unit``): with chess scoring
(1, ½, 0) the unit is 2 and a draw is stored as 1. Nothing here is a float.

How each kind of round enters a player's record is decided by the one table of
``engine.unplayed`` (docs/unplayed-rounds.md): played or not, which points, whether the round has
an opponent for strength of schedule. A pod table (multi-seat) scores by finishing place and
counts as a played round without a strength-of-schedule opponent.

``round_entries`` reads the same rounds again, one entry per player per round (FIDE C.07
article 16 needs to know *which* round was unplayed and why); it is only called by the
``fide_2026`` convention, so the common path above does not pay for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from fractions import Fraction
from typing import NamedTuple

from fairpair.engine.players import Player, PlayerId
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import ByeKind, Round
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.engine.unplayed import (
    COUNTING,
    PLAYED_BYES,
    PLAYED_RESULTS,
    RoundOutcome,
)


class Outcome(int, Enum):
    """A round's outcome for one player, as game score ×2: win 2, draw 1, loss 0."""

    LOSS = 0
    DRAW = 1
    WIN = 2


class Unplayed(StrEnum):
    """Why a counted round had no real opponent."""

    BYE = "bye"
    HALF_BYE = "half_bye"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"


class RoundKind(StrEnum):
    """What one round was for one player, in the terms of FIDE C.07 article 16.

    ``pairing_bye`` is the pairing-allocated bye (PAB), ``full_bye`` a full-point bye the
    organizer assigned (FPB), ``half_bye``/``zero_bye`` the byes a player asks for, ``absent``
    a round the player was not in at all (before joining, after withdrawing, or a skipped
    match) and ``pending`` a paired match whose result is not reported yet.
    """

    PLAYED = "played"
    PAIRING_BYE = "pairing_bye"
    FULL_BYE = "full_bye"
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    ABSENT = "absent"
    PENDING = "pending"
    POD = "pod"


#: Each FIDE round kind's row in the one table of ``engine.unplayed`` (absent: as skipped).
_OUTCOME_OF_KIND = {
    RoundKind.PLAYED: RoundOutcome.PLAYED,
    RoundKind.PAIRING_BYE: RoundOutcome.PAIRING_BYE,
    RoundKind.FULL_BYE: RoundOutcome.FULL_BYE,
    RoundKind.HALF_BYE: RoundOutcome.HALF_BYE,
    RoundKind.ZERO_BYE: RoundOutcome.ZERO_BYE,
    RoundKind.FORFEIT_WIN: RoundOutcome.FORFEIT_WIN,
    RoundKind.FORFEIT_LOSS: RoundOutcome.FORFEIT_LOSS,
    RoundKind.DOUBLE_FORFEIT: RoundOutcome.DOUBLE_FORFEIT,
    RoundKind.ABSENT: RoundOutcome.SKIPPED,
    RoundKind.PENDING: RoundOutcome.PENDING,
    RoundKind.POD: RoundOutcome.POD,
}

#: Voluntary unplayed rounds (C.07 art. 16.1.2, "VUR"): the byes a player asks for, forfeit
#: losses (a double forfeit is one for both) and absences — the table's "voluntary" column.
#: A pairing-allocated bye, a full-point bye and a forfeit win are unplayed but not voluntary.
VOLUNTARY = frozenset(kind for kind, o in _OUTCOME_OF_KIND.items() if COUNTING[o].voluntary)


class RoundEntry(NamedTuple):
    """One player's round: its kind, the (scheduled) opponent if any, the outcome and the
    points (scaled) it scored. A forfeit names the opponent who was scheduled. (A named
    tuple: one is built per player per round, and tuples are the cheapest to build.)"""

    number: int
    kind: RoundKind
    opponent: PlayerId | None
    outcome: Outcome
    points: int

    @property
    def voluntary(self) -> bool:
        return self.kind in VOLUNTARY


@dataclass(slots=True)
class PlayerRecord:
    """One player's facts in one stage. Built by ``build_ledger``; read-only afterwards."""

    player: Player
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    played: int = 0
    byes: int = 0
    forfeits: int = 0
    pods: int = 0
    won_over_board: int = 0
    # Forfeit wins listed among ``opponents`` (forfeits_have_opponent): wins, not over the board.
    listed_forfeit_wins: int = 0
    # Rounds against a real opponent, in round order.
    opponents: list[PlayerId] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    scored: list[int] = field(default_factory=list)
    # Rounds counted but without an opponent (byes, forfeits), in round order.
    unplayed: list[tuple[Unplayed, Outcome, int]] = field(default_factory=list)
    # The scheduled opponent of each ``unplayed`` round (a forfeit's), ``None`` for a bye.
    unplayed_opponents: list[PlayerId | None] = field(default_factory=list)
    # Game points (in game-point units) and games, for GW% and game difference.
    game_points: int = 0
    games: int = 0
    games_won: int = 0
    games_lost: int = 0
    # The part of the record the player's own win rate uses (byes may be left out).
    rate_points: int = 0
    rate_results: int = 0
    rate_rounds: int = 0
    dropped_after: int | None = None
    completed: bool = False

    @property
    def id(self) -> PlayerId:
        return self.player.id

    @property
    def dropped(self) -> bool:
        return self.dropped_after is not None


@dataclass(frozen=True, slots=True)
class Ledger:
    """All players' records for one stage up to ``last_round``."""

    stage: Stage
    ruleset: Ruleset
    unit: int
    game_unit: int
    last_round: int
    records: dict[PlayerId, PlayerRecord]
    lists_every_match: bool = False
    """Every match of the stage (all its rounds: none after ``last_round``, no pod table) is
    in both its players' ``opponents``: every one had a result that counts, played or (with
    ``forfeits_have_opponent``) forfeited, between two of the players. Who has met whom can
    then be read off the records (``meetings``)."""

    def record(self, player: PlayerId) -> PlayerRecord:
        return self.records[player]

    def meetings(self) -> dict[PlayerId, tuple[PlayerId, ...]] | None:
        """Each player's opponents in every match of the stage, or ``None`` unless the ledger
        ``lists_every_match``: who has met whom, for a caller that lets the ledger go
        (``history.met_numbers``). Copies, not the records' lists: a ledger let go whole
        gives its memory back at once (100,000 players: the pairing's peak is 351 MiB with
        copies, 376–382 MiB with the records' own lists kept alive)."""
        if not self.lists_every_match:
            return None
        return {pid: tuple(rec.opponents) for pid, rec in self.records.items()}


_PLAYED = frozenset((ResultKind.PLAYED, ResultKind.INTENTIONAL_DRAW))
#: What a result means for its two sides in ``_read``: outcomes and points of a and b.
Plan = tuple[Outcome, Outcome, int, int]
#: The plans of a result not played over the board, told apart by identity: it counts for
#: nobody, or it is a forfeit (read by the branches of the hot loop).
_SKIP: Plan = (Outcome.LOSS, Outcome.LOSS, -1, -1)
_OTHER: Plan = (Outcome.LOSS, Outcome.LOSS, -2, -2)


def _scaled(value: Fraction, unit: int) -> int:
    scaled = value * unit
    if scaled.denominator != 1:  # the unit is the lcm of the denominators: cannot happen
        raise ValueError(f"{value} is not a whole number of 1/{unit}")
    return int(scaled)


class ScaledPoints(NamedTuple):
    """The scoring's point values in the ledger's unit (whole numbers)."""

    win: int
    draw: int
    loss: int
    forfeit_win: int
    forfeit_loss: int
    bye: dict[ByeKind, int]


def _scaled_points(scoring: Scoring, unit: int) -> ScaledPoints:
    bye = _scaled(scoring.bye, unit)
    return ScaledPoints(
        _scaled(scoring.win, unit),
        _scaled(scoring.draw, unit),
        _scaled(scoring.loss, unit),
        _scaled(scoring.forfeit_win, unit),
        _scaled(scoring.forfeit_loss, unit),
        {
            ByeKind.PAIRING: bye,
            ByeKind.FULL: bye,
            ByeKind.HALF: _scaled(scoring.half_bye, unit),
            ByeKind.ZERO: 0,
        },
    )


def build_ledger(
    tournament: Tournament, stage: Stage | None = None, after_round: int | None = None
) -> Ledger:
    """Read the stage's rounds (up to ``after_round``) into one record per player."""
    stage = stage if stage is not None else tournament.stage()
    return _read(stage, tournament.players_of(stage), tournament.drop_rounds(stage), after_round)


def rebuild_ledger(ledger: Ledger, stage: Stage) -> Ledger:
    """The ledger of the same players (and drops) over ``stage``'s rounds up to the same
    round: how a tiebreak reads the stage with some results changed (Fore Buchholz, C.07
    art. 8.3, counts the last round as drawn)."""
    records = ledger.records.values()
    drops = {rec.id: rec.dropped_after for rec in records if rec.dropped_after is not None}
    return _read(stage, tuple(rec.player for rec in records), drops, ledger.last_round)


def _read(
    stage: Stage,
    players: tuple[Player, ...],
    drop_rounds: dict[PlayerId, int],
    after_round: int | None,
) -> Ledger:
    ruleset = stage.ruleset
    scoring = ruleset.scoring
    unit = scoring.unit
    game_unit = max(scoring.game_win.denominator, scoring.game_draw.denominator)
    win, draw, loss, fwin, floss, bye_points = _scaled_points(scoring, unit)
    bye_pts, half_pts = bye_points[ByeKind.FULL], bye_points[ByeKind.HALF]
    gwin = _scaled(scoring.game_win, game_unit)
    gdraw = _scaled(scoring.game_draw, game_unit)
    byes_in_rate = ruleset.byes_in_own_record
    forfeit_opponent = ruleset.forfeits_have_opponent

    records: dict[PlayerId, PlayerRecord] = {p.id: PlayerRecord(p) for p in players}
    for pid, after in drop_rounds.items():
        if pid in records:
            records[pid].dropped_after = after

    rounds = [r for r in stage.rounds if after_round is None or r.number <= after_round]
    last = max((r.number for r in rounds), default=0)

    def add_games(rec: PlayerRecord, won: int, lost: int, drawn: int) -> None:
        rec.games += won + lost + drawn
        rec.games_won += won
        rec.games_lost += lost
        rec.game_points += won * gwin + drawn * gdraw

    WIN, DRAW = Outcome.WIN, Outcome.DRAW

    def count(rec: PlayerRecord, outcome: Outcome, points: int, in_rate: bool) -> None:
        rec.points += points
        rec.played += 1
        rec.completed = True
        if outcome is Outcome.WIN:
            rec.wins += 1
        elif outcome is Outcome.DRAW:
            rec.draws += 1
        else:
            rec.losses += 1
        if in_rate:
            rec.rate_points += points
            rec.rate_results += int(outcome)
            rec.rate_rounds += 1

    # What a result means for its two sides, worked out once per distinct result object (a
    # read document shares one object per distinct result: a handful in 70,000 matches), so
    # the hot path reads no enum (an enum's hash is a Python call) and takes no branch: a
    # played result's outcomes and points, ``_SKIP`` for a result that counts for nobody,
    # ``_OTHER`` for a forfeit (the branches below).
    plans: dict[int, Plan] = {}

    def plan_of(result: Result) -> Plan:
        if result.kind not in PLAYED_RESULTS:
            return _SKIP
        if result.kind not in _PLAYED:
            return _OTHER
        if result.winner is None:
            return (Outcome.DRAW, Outcome.DRAW, draw, draw)
        if result.winner is Side.A:
            return (Outcome.WIN, Outcome.LOSS, win, loss)
        return (Outcome.LOSS, Outcome.WIN, loss, win)

    get = records.get
    for rnd in sorted(rounds, key=lambda r: r.number):
        for match in rnd.matches:
            result = match.result
            if result is None:
                continue
            plan = plans.get(id(result))  # the result is alive: its id is its own
            if plan is None:
                plan = plans[id(result)] = plan_of(result)
            if plan is _SKIP:
                continue
            ra = get(match.a)
            rb = get(match.b)
            if ra is None or rb is None:
                continue
            games = result.games
            if plan is not _OTHER:
                oa, ob, pa, pb = plan
                # The hot path (once per match): three appends per side; the points and
                # counts (record, played, win rate) are read off these lists at the end.
                ra.opponents.append(match.b)
                ra.outcomes.append(oa)
                ra.scored.append(pa)
                rb.opponents.append(match.a)
                rb.outcomes.append(ob)
                rb.scored.append(pb)
                if games is not None:
                    ga, gb, gd = games.a, games.b, games.draws
                    played_games = ga + gb + gd
                    ra.games += played_games
                    ra.games_won += ga
                    ra.games_lost += gb
                    ra.game_points += ga * gwin + gd * gdraw
                    rb.games += played_games
                    rb.games_won += gb
                    rb.games_lost += ga
                    rb.game_points += gb * gwin + gd * gdraw
            elif result.kind is ResultKind.FORFEIT:
                winner, loser = (ra, rb) if result.winner is Side.A else (rb, ra)
                loser.forfeits += 1
                if forfeit_opponent:
                    # Listed like a played match (counted at the end), but not won over the
                    # board.
                    for rec, opp, out, pts in (
                        (winner, loser, Outcome.WIN, fwin),
                        (loser, winner, Outcome.LOSS, floss),
                    ):
                        rec.opponents.append(opp.id)
                        rec.outcomes.append(out)
                        rec.scored.append(pts)
                    winner.listed_forfeit_wins += 1
                else:
                    count(winner, Outcome.WIN, fwin, True)
                    count(loser, Outcome.LOSS, floss, True)
                    winner.unplayed.append((Unplayed.FORFEIT_WIN, Outcome.WIN, fwin))
                    loser.unplayed.append((Unplayed.FORFEIT_LOSS, Outcome.LOSS, floss))
                    winner.unplayed_opponents.append(loser.id)
                    loser.unplayed_opponents.append(winner.id)
                fg = games if games is not None else scoring.forfeit_games
                if fg is not None:
                    if result.winner is Side.B and games is not None:
                        fg = games.flipped()
                    add_games(winner, fg.a, fg.b, fg.draws)
                    add_games(loser, fg.b, fg.a, fg.draws)
            else:  # double forfeit
                for rec in (ra, rb):
                    count(rec, Outcome.LOSS, floss, True)
                    rec.forfeits += 1
                    rec.unplayed.append((Unplayed.DOUBLE_FORFEIT, Outcome.LOSS, floss))
                    rec.unplayed_opponents.append((rb if rec is ra else ra).id)
        for bye in rnd.byes:
            bye_rec = records.get(bye.player)
            if bye_rec is None or bye.kind not in PLAYED_BYES:
                continue
            rec = bye_rec
            rec.byes += 1
            if bye.kind is ByeKind.HALF:
                count(rec, Outcome.DRAW, half_pts, byes_in_rate)
                rec.unplayed.append((Unplayed.HALF_BYE, Outcome.DRAW, half_pts))
                rec.unplayed_opponents.append(None)
            else:
                count(rec, Outcome.WIN, bye_pts, byes_in_rate)
                rec.unplayed.append((Unplayed.BYE, Outcome.WIN, bye_pts))
                rec.unplayed_opponents.append(None)
                if scoring.bye_games is not None:
                    bg = scoring.bye_games
                    add_games(rec, bg.a, bg.b, bg.draws)
        for pod in rnd.pods:
            places = pod.places
            if places is None:
                continue
            shared = Counter(places)
            for seat, place in zip(pod.seats, places, strict=True):
                seat_rec = records.get(seat)
                if seat_rec is None:
                    continue
                if place == 1:
                    outcome = Outcome.WIN if shared[1] == 1 else Outcome.DRAW
                else:
                    outcome = Outcome.LOSS
                count(
                    seat_rec, outcome, _scaled(scoring.pod_points(place, shared[place]), unit), True
                )
                seat_rec.pods += 1

    entries = 0  # in the records' ``opponents``: two for each match listed there
    for rec in records.values():
        listed = len(rec.outcomes)
        if not listed:
            continue
        entries += listed
        wins = rec.outcomes.count(WIN)
        draws = rec.outcomes.count(DRAW)
        scored = sum(rec.scored)
        rec.points += scored
        rec.wins += wins
        rec.draws += draws
        rec.losses += listed - wins - draws
        rec.played += listed
        rec.completed = True
        rec.won_over_board = wins - rec.listed_forfeit_wins
        rec.rate_points += scored
        rec.rate_results += 2 * wins + draws
        rec.rate_rounds += listed

    # Every match listed (``Ledger.lists_every_match``): two entries each, no pod table, no
    # round left out.
    every = (
        len(rounds) == len(stage.rounds)
        and not any(r.pods for r in rounds)
        and entries == 2 * sum(len(r.matches) for r in rounds)
    )
    return Ledger(stage, ruleset, unit, game_unit, last, records, every)


_BYE_KINDS = {
    ByeKind.PAIRING: (RoundKind.PAIRING_BYE, Outcome.WIN),
    ByeKind.FULL: (RoundKind.FULL_BYE, Outcome.WIN),
    ByeKind.HALF: (RoundKind.HALF_BYE, Outcome.DRAW),
    ByeKind.ZERO: (RoundKind.ZERO_BYE, Outcome.LOSS),
}


def round_entries(
    ledger: Ledger, players: Collection[PlayerId] | None = None
) -> dict[PlayerId, list[RoundEntry]]:
    """Each player's rounds 1..``ledger.last_round`` (all players, or only ``players``), one
    entry per round, in round order.

    A round the player has no match or bye in is ``absent`` (0 points); so is a skipped
    match. Forfeits are ``played`` against the opponent when the ruleset sets
    ``forfeits_have_opponent``. Points are scaled as in the ledger.
    """
    ruleset = ledger.ruleset
    scoring = ruleset.scoring
    unit = ledger.unit
    win, draw, loss, fwin, floss, bye_points = _scaled_points(scoring, unit)
    forfeit_kind = RoundKind.PLAYED if ruleset.forfeits_have_opponent else None
    records = ledger.records
    wanted = records.keys() if players is None else set(players) & records.keys()
    out: dict[PlayerId, list[RoundEntry]] = {pid: [] for pid in wanted}
    get = out.get
    last = ledger.last_round
    for rnd in sorted((r for r in ledger.stage.rounds if r.number <= last), key=_number):
        number = rnd.number
        for match in rnd.matches:
            a, b = match.a, match.b
            into_a, into_b = get(a), get(b)
            if (into_a is None and into_b is None) or a not in records or b not in records:
                continue
            result = match.result
            if result is None:
                ka = kb = RoundKind.PENDING
                oa = ob = Outcome.LOSS
                pa = pb = 0
            elif result.kind is ResultKind.SKIPPED:
                continue  # absent, below
            elif result.kind in _PLAYED or result.kind is ResultKind.FORFEIT:
                forfeit = result.kind is ResultKind.FORFEIT
                if result.winner is None:
                    oa = ob = Outcome.DRAW
                    pa = pb = draw
                elif result.winner is Side.A:
                    oa, ob = Outcome.WIN, Outcome.LOSS
                    pa, pb = (fwin, floss) if forfeit else (win, loss)
                else:
                    oa, ob = Outcome.LOSS, Outcome.WIN
                    pa, pb = (floss, fwin) if forfeit else (loss, win)
                if forfeit and forfeit_kind is None:
                    ka = RoundKind.FORFEIT_WIN if oa is Outcome.WIN else RoundKind.FORFEIT_LOSS
                    kb = RoundKind.FORFEIT_WIN if ob is Outcome.WIN else RoundKind.FORFEIT_LOSS
                else:
                    ka = kb = RoundKind.PLAYED
            else:  # double forfeit
                ka = kb = RoundKind.DOUBLE_FORFEIT
                oa = ob = Outcome.LOSS
                pa = pb = floss
            if into_a is not None:
                into_a.append(RoundEntry(number, ka, b, oa, pa))
            if into_b is not None:
                into_b.append(RoundEntry(number, kb, a, ob, pb))
        for bye in rnd.byes:
            into = get(bye.player)
            if into is not None:
                kind, outcome = _BYE_KINDS[bye.kind]
                into.append(RoundEntry(number, kind, None, outcome, bye_points[bye.kind]))
        for pod in rnd.pods:
            places = pod.places
            shared = Counter(places or ())
            for k, seat in enumerate(pod.seats):
                into = get(seat)
                if into is None:
                    continue
                if places is None:
                    into.append(RoundEntry(number, RoundKind.PENDING, None, Outcome.LOSS, 0))
                    continue
                place = places[k]
                if place == 1:
                    outcome = Outcome.WIN if shared[1] == 1 else Outcome.DRAW
                else:
                    outcome = Outcome.LOSS
                points = _scaled(scoring.pod_points(place, shared[place]), unit)
                into.append(RoundEntry(number, RoundKind.POD, None, outcome, points))
    for pid, entries in out.items():
        if len(entries) != last:  # rounds the player was not in: absent
            by_number = {e.number: e for e in entries}
            out[pid] = [
                by_number.get(n) or RoundEntry(n, RoundKind.ABSENT, None, Outcome.LOSS, 0)
                for n in range(1, last + 1)
            ]
    return out


def progressive_points(ledger: Ledger, cut: int = 0) -> dict[PlayerId, int]:
    """Each player's progressive score (scaled): the sum of their running score after each
    round of the ledger — each round's points counted once for every round from it to the
    last. One light pass over the rounds, only when the progressive tiebreak is asked for.

    ``cut`` leaves out the running scores after the first ``cut`` rounds (C.07 art. 14.1 for
    the progressive score: Cut-1 removes the score after round 1)."""
    scoring = ledger.ruleset.scoring
    unit = ledger.unit
    win, draw, loss, fwin, floss, bye_points = _scaled_points(scoring, unit)
    total = dict.fromkeys(ledger.records, 0)
    last = ledger.last_round
    rounds = sorted((r for r in ledger.stage.rounds if r.number <= last), key=_number)
    A, FORFEIT, DOUBLE = Side.A, ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT
    for index, rnd in enumerate(rounds):
        weight = len(rounds) - max(index, cut)
        for match in rnd.matches:
            result = match.result
            a, b = match.a, match.b
            if result is None or result.kind not in PLAYED_RESULTS:
                continue
            if a not in total or b not in total:
                continue
            kind, winner = result.kind, result.winner
            if kind is DOUBLE:
                pa = pb = floss
            elif kind is FORFEIT:
                pa, pb = (fwin, floss) if winner is A else (floss, fwin)
            elif winner is None:
                pa = pb = draw
            else:
                pa, pb = (win, loss) if winner is A else (loss, win)
            total[a] += pa * weight
            total[b] += pb * weight
        for bye in rnd.byes:
            if bye.player in total and bye.kind in PLAYED_BYES:
                total[bye.player] += bye_points[bye.kind] * weight
        for pod in rnd.pods:
            if pod.places is None:
                continue
            shared = Counter(pod.places)
            for seat, place in zip(pod.seats, pod.places, strict=True):
                if seat in total:
                    points = _scaled(scoring.pod_points(place, shared[place]), unit)
                    total[seat] += points * weight
    return total


def _number(rnd: Round) -> int:
    return rnd.number
