"""What every tiebreak reads: the ledger plus shared values computed once (win rates, ...)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cached_property
from math import lcm

from fairpair.engine.ledger import (
    Ledger,
    Outcome,
    PlayerRecord,
    RoundEntry,
    RoundKind,
    Unplayed,
    round_entries,
)
from fairpair.engine.players import PlayerId
from fairpair.engine.ruleset import UnplayedRounds, WinRateBasis
from fairpair.engine.stage_config import StageFormat

Value = Fraction | int | None

#: An exact non-negative ratio as (numerator, denominator > 0), not reduced.
Ratio = tuple[int, int]


def _ratio(value: Fraction) -> Ratio:
    return (value.numerator, value.denominator)


#: The ledger's unplayed rounds that are voluntary (C.07 art. 16.1.2): forfeit losses.
_VOLUNTARY_UNPLAYED = frozenset((Unplayed.FORFEIT_LOSS, Unplayed.DOUBLE_FORFEIT, Unplayed.HALF_BYE))

#: The ledger's unplayed rounds that had a scheduled opponent: a forfeit won or lost, a double
#: forfeit. Where forfeits count as played (a round robin; the ``/P`` tie-breaks) each is a
#: game against that opponent.
FORFEITS = frozenset((Unplayed.FORFEIT_WIN, Unplayed.FORFEIT_LOSS, Unplayed.DOUBLE_FORFEIT))

#: The round kinds of ``round_entries`` that are forfeits (won, lost, double).
_FORFEIT_KINDS = frozenset(
    (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT)
)


def fraction_maker() -> Callable[[int, int], Fraction]:
    """``Fraction(n, d)``, each distinct value made once: many players share a tiebreak value
    (a mean, a rate), and making a ``Fraction`` (its gcd, in Python) costs twenty times the
    dict lookup that finds it again."""
    made: dict[tuple[int, int], Fraction] = {}

    def fraction(numerator: int, denominator: int) -> Fraction:
        found = made.get((numerator, denominator))
        if found is None:
            found = made[(numerator, denominator)] = Fraction(numerator, denominator)
        return found

    return fraction


class TiebreakContext:
    """Shared, lazily computed facts for one standings computation."""

    def __init__(self, ledger: Ledger, forfeits_played: bool | None = None) -> None:
        self.ledger = ledger
        self.records = ledger.records
        self.ruleset = ledger.ruleset
        self.stage = ledger.stage
        self.unit = ledger.unit
        #: A round-robin stage: every game is scheduled in advance, so a forfeit counts as a
        #: game played against the scheduled opponent for every tie-break, and the Swiss rules
        #: for unplayed rounds (C.07 art. 16's dummy opponent, the virtual opponent) do not
        #: apply: a round without an opponent (an odd field's sit-out) adds nothing — C.07 as
        #: TieBreakServer applies it to tournaments with pre-determined pairings.
        self.round_robin = ledger.stage.format is StageFormat.ROUND_ROBIN
        #: Forfeits (won, lost, double) count as games against the scheduled opponent in the
        #: strength-of-schedule tie-breaks: in a round robin, and for the ``/P`` tie-breaks.
        self.forfeits_played = self.round_robin if forfeits_played is None else forfeits_played
        unplayed = ledger.ruleset.unplayed
        if self.round_robin:
            unplayed = UnplayedRounds.NO_OPPONENT
        self.virtual = unplayed is UnplayedRounds.VIRTUAL_OPPONENT
        #: C.07 article 16, either edition (2024 or 2026).
        self.fide = unplayed.fide
        #: The 2026 amendment's cap on the dummy opponent (16.4.1, 16.4.2); 2024 has none.
        self.dummy_capped = unplayed is UnplayedRounds.FIDE_2026
        self.win_points = int(ledger.ruleset.scoring.win * ledger.unit)
        self.draw_points = int(ledger.ruleset.scoring.draw * ledger.unit)

    def points(self, value: int) -> Fraction | int:
        """A scaled point value back in the scoring's own numbers."""
        if self.unit == 1:
            return value
        frac = Fraction(value, self.unit)
        return int(frac) if frac.denominator == 1 else frac

    @staticmethod
    def exact(value: Fraction) -> Fraction | int:
        """A whole number as an ``int``, anything else as the ``Fraction``."""
        return value.numerator if value.denominator == 1 else value

    # ---------------------------------------------------------------- strength of schedule
    def schedule_points(self, rec: PlayerRecord) -> list[int]:
        """Opponents' final points (scaled), one per counted opponent.

        Under the virtual-opponent rule each unplayed round adds the player's own points.
        Under C.07 article 16 (``fide_2024``, ``fide_2026``) one value per round:
        ``fide_contributions``.
        """
        if self.fide:
            contributions = self.fide_contributions.get(rec.id)
            if contributions is None:
                return list(map(self.adjusted_points.__getitem__, rec.opponents))
            return [value for value, _, _ in contributions]
        values = list(map(self.final_points.__getitem__, rec.opponents))
        for opponent, _, _ in self.forfeit_games(rec):
            values.append(self.final_points[opponent])
        if self.virtual:
            values.extend(rec.points for _ in self.still_unplayed(rec))
        return values

    def forfeit_games(self, rec: PlayerRecord) -> list[tuple[PlayerId, Outcome, int]]:
        """The player's forfeits (won, lost, double) as games against the scheduled opponent —
        (opponent, outcome, scaled points) — where forfeits count as played; else none."""
        if not self.forfeits_played or not rec.unplayed:
            return []
        return [
            (opponent, outcome, pts)
            for (why, outcome, pts), opponent in zip(
                rec.unplayed, rec.unplayed_opponents, strict=True
            )
            if opponent is not None and why in FORFEITS
        ]

    def still_unplayed(self, rec: PlayerRecord) -> list[tuple[Unplayed, Outcome, int]]:
        """The player's unplayed rounds that have no opponent here: all of them, less the
        forfeits where forfeits count as played."""
        if not self.forfeits_played:
            return rec.unplayed
        return [
            entry
            for entry, opponent in zip(rec.unplayed, rec.unplayed_opponents, strict=True)
            if opponent is None or entry[0] not in FORFEITS
        ]

    @cached_property
    def final_points(self) -> dict[PlayerId, int]:
        """Every player's points (scaled) at the end of the ledger."""
        return {pid: rec.points for pid, rec in self.records.items()}

    # ---------------------------------------------------------------- FIDE C.07 art. 16
    @cached_property
    def round_entries(self) -> dict[PlayerId, list[RoundEntry]]:
        """The rounds, one entry each, of every player whose score others may see adjusted
        (read only by the C.07 article 16 conventions): a player who missed a round (absent,
        zero-point bye, skipped or unreported match) or had a half-point bye. Everyone else
        has a game, a bye or a forfeit in every round, which the ledger already lists."""
        last = self.ledger.last_round
        half = Unplayed.HALF_BYE
        needed = {
            pid
            for pid, rec in self.records.items()
            if len(rec.opponents) + len(rec.unplayed) != last
            or any(kind is half for kind, _, _ in rec.unplayed)
        }
        return round_entries(self.ledger, needed)

    @cached_property
    def adjusted_points(self) -> dict[PlayerId, int]:
        """Each player's points (scaled) as their *opponents'* tiebreaks use them.

        C.07 art. 16.3 (2024 and 2026): a round counts what it scored (16.3.1), except that
        a requested bye (half- or zero-point) or an absence that is followed only by voluntarily
        unplayed rounds — the player's rounds after they stopped coming, withdrawal included —
        counts as a draw (2026: 16.2.5, 16.3.2). Scanned from the last round back to the last
        one that was not voluntarily unplayed (played, PAB or FPB, forfeit win).
        A forfeit loss there keeps its 0: it had a scheduled opponent.
        """
        draw = self.draw_points
        out = dict(self.final_points)
        for pid, entries in self.round_entries.items():
            total = out[pid]
            for entry in reversed(entries):
                if not entry.voluntary:
                    break
                if entry.opponent is None:
                    total += draw - entry.points
            out[pid] = total
        return out

    @cached_property
    def fide_contributions(self) -> dict[PlayerId, list[tuple[int, Outcome, bool]]]:
        """C.07 art. 16.4: per round, (the score that round contributes, the outcome the
        player had, whether it was voluntarily unplayed), scaled — for the players with an
        unplayed round; a player who played every round just has their opponents'
        ``adjusted_points``.

        A played round contributes the opponent's adjusted score (16.3). Every unplayed round
        is a game against a dummy opponent on the player's own final points. The 2026
        amendment caps it by the scheduled opponent's adjusted score when there was one — a
        forfeit (16.4.1) — and otherwise by a draw in every round so far (16.4.2: byes and
        absences); the 2024 edition does not cap it (16.4). A round whose result is not
        reported yet contributes nothing.
        """
        adjusted = self.adjusted_points
        if self.dummy_capped:
            cap = self.draw_points * self.ledger.last_round
            capped = adjusted
        else:  # 2024: the dummy is on the player's own points, whatever they are
            cap = max(self.final_points.values(), default=0)
            capped = dict.fromkeys(adjusted, cap)
        played, pending = RoundKind.PLAYED, RoundKind.PENDING
        forfeits_played = self.forfeits_played
        entries_of = self.round_entries
        out: dict[PlayerId, list[tuple[int, Outcome, bool]]] = {}
        records = self.records
        for pid, rec in records.items():
            if not rec.unplayed or pid in entries_of:
                continue
            # A game, a bye or a forfeit in every round: the ledger's lists suffice.
            own = rec.points
            listed = [
                (adjusted[o], outcome, False)
                for o, outcome in zip(rec.opponents, rec.outcomes, strict=True)
            ]
            for (why, outcome, _), opponent in zip(
                rec.unplayed, rec.unplayed_opponents, strict=True
            ):
                if forfeits_played and opponent is not None and why in FORFEITS:
                    listed.append((adjusted[opponent], outcome, False))  # /P: a game
                    continue
                dummy = min(own, cap if opponent is None else capped[opponent])
                listed.append((dummy, outcome, why in _VOLUNTARY_UNPLAYED))
            out[pid] = listed
        for pid, entries in entries_of.items():
            own = records[pid].points
            no_opponent = min(own, cap)
            values: list[tuple[int, Outcome, bool]] = []
            for entry in entries:
                kind, opponent = entry.kind, entry.opponent
                if kind is played or (
                    forfeits_played and opponent is not None and kind in _FORFEIT_KINDS
                ):
                    assert opponent is not None
                    values.append((adjusted[opponent], entry.outcome, False))
                elif kind is pending:
                    continue
                elif opponent is not None:
                    values.append((min(own, capped[opponent]), entry.outcome, entry.voluntary))
                else:
                    values.append((no_opponent, entry.outcome, entry.voluntary))
            out[pid] = values
        return out

    @cached_property
    def fide_cut_orders(self) -> dict[PlayerId, list[int]]:
        """``fide_contributions`` values in the order a low Cut removes them: the voluntarily
        unplayed rounds first, lowest first, then the others, lowest first (C.07 art. 16.5,
        as TieBreakServer applies it to Buchholz)."""
        out = dict(self.sorted_schedules)
        for pid, values in self.fide_contributions.items():
            if any(vur for _, _, vur in values):
                voluntary = sorted(v for v, _, vur in values if vur)
                others = sorted(v for v, _, vur in values if not vur)
                out[pid] = voluntary + others
        return out

    @cached_property
    def sorted_schedules(self) -> dict[PlayerId, list[int]]:
        """``schedule_points`` of every player, sorted low to high (shared by the Buchholz
        family)."""
        return {pid: sorted(self.schedule_points(rec)) for pid, rec in self.records.items()}

    # ---------------------------------------------------------------- percentages
    # Percentages are kept as (numerator, denominator) pairs of ints until the final mean:
    # comparing with the floor and the cap is integer arithmetic, and a Fraction is built once
    # per player and column (10,000s of players stay fast; nothing is rounded).
    @cached_property
    def opponent_win_rate(self) -> dict[PlayerId, Ratio]:
        """A player's match-win rate as their opponents count it: floored, capped if dropped.
        A player with no counted round counts at the floor."""
        floor_n, floor_d = _ratio(self.ruleset.percentage_floor)
        cap = self.ruleset.dropped_cap
        cap_n, cap_d = _ratio(cap) if cap is not None else (0, 1)
        results = self.ruleset.win_rate is WinRateBasis.RESULTS
        win = self.win_points
        out: dict[PlayerId, Ratio] = {}
        for pid, rec in self.records.items():
            if rec.rate_rounds == 0:
                n, d = floor_n, floor_d
            else:
                if results:
                    n, d = rec.rate_results, 2 * rec.rate_rounds
                else:
                    n, d = rec.rate_points, win * rec.rate_rounds
                if n * floor_d < floor_n * d:
                    n, d = floor_n, floor_d
            if cap is not None and rec.dropped and n * cap_d > cap_n * d:
                n, d = cap_n, cap_d
            out[pid] = (n, d)
        return out

    @cached_property
    def game_rate(self) -> dict[PlayerId, Ratio | None]:
        """Each player's game-win rate, floored (MTR appendix C), or None with no games."""
        floor_n, floor_d = _ratio(self.ruleset.percentage_floor)
        game_win = int(self.ruleset.scoring.game_win * self.ledger.game_unit)
        out: dict[PlayerId, Ratio | None] = {}
        for pid, rec in self.records.items():
            if not rec.games:
                out[pid] = None
                continue
            n, d = rec.game_points, game_win * rec.games
            out[pid] = (floor_n, floor_d) if n * floor_d < floor_n * d else (n, d)
        return out

    @cached_property
    def opponent_game_rate(self) -> dict[PlayerId, Ratio]:
        """A player's game-win rate as their opponents count it (the floor when no games)."""
        floor = _ratio(self.ruleset.percentage_floor)
        return {pid: floor if r is None else r for pid, r in self.game_rate.items()}

    def mean_over_opponents(
        self, values: dict[PlayerId, Ratio], virtual_values: dict[PlayerId, Ratio] | None
    ) -> dict[PlayerId, Fraction | None]:
        """For each player, the mean of ``values`` over their counted opponents.

        Under the virtual-opponent rule each unplayed round counts one more opponent whose
        value is the player's own (``virtual_values``). Summed as integers over one common
        denominator so that 10,000s of players stay fast and exact.
        """
        denominators = {d for _, d in values.values()}
        if virtual_values:
            denominators.update(d for _, d in virtual_values.values())
        denominator = lcm(*denominators) if denominators else 1
        scaled = {pid: n * (denominator // d) for pid, (n, d) in values.items()}
        take = scaled.__getitem__
        virtual = self.virtual and virtual_values is not None
        out: dict[PlayerId, Fraction | None] = {}
        mean_of = fraction_maker()
        for pid, rec in self.records.items():
            count = len(rec.opponents)
            total = sum(map(take, rec.opponents))
            if virtual and rec.unplayed:
                assert virtual_values is not None
                own_n, own_d = virtual_values[pid]
                total += own_n * (denominator // own_d) * len(rec.unplayed)
                count += len(rec.unplayed)
            out[pid] = mean_of(total, denominator * count) if count else None
        return out

    @cached_property
    def opponents_win_rate(self) -> dict[PlayerId, Fraction | None]:
        """OMW% / OWP for every player."""
        return self.mean_over_opponents(self.opponent_win_rate, self.opponent_win_rate)

    @cached_property
    def opponents_game_rate(self) -> dict[PlayerId, Fraction | None]:
        """OGW% for every player."""
        return self.mean_over_opponents(self.opponent_game_rate, self.opponent_game_rate)

    @cached_property
    def head_to_head_index(self) -> dict[tuple[PlayerId, PlayerId], int]:
        """Scaled points ``a`` scored against ``b``, summed over all their meetings."""
        index: dict[tuple[PlayerId, PlayerId], int] = {}
        for pid, rec in self.records.items():
            for opp, pts in zip(rec.opponents, rec.scored, strict=True):
                index[(pid, opp)] = index.get((pid, opp), 0) + pts
        return index
