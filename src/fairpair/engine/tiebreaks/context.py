"""What every tiebreak reads: the ledger plus shared values computed once (win rates, ...)."""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from math import lcm

from fairpair.engine.ledger import Ledger, PlayerRecord
from fairpair.engine.players import PlayerId
from fairpair.engine.ruleset import UnplayedRounds, WinRateBasis

Value = Fraction | int | None


class TiebreakContext:
    """Shared, lazily computed facts for one standings computation."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self.records = ledger.records
        self.ruleset = ledger.ruleset
        self.stage = ledger.stage
        self.unit = ledger.unit
        self.virtual = ledger.ruleset.unplayed is UnplayedRounds.VIRTUAL_OPPONENT
        self.win_points = int(ledger.ruleset.scoring.win * ledger.unit)

    def points(self, value: int) -> Fraction | int:
        """A scaled point value back in the scoring's own numbers."""
        if self.unit == 1:
            return value
        frac = Fraction(value, self.unit)
        return int(frac) if frac.denominator == 1 else frac

    # ---------------------------------------------------------------- strength of schedule
    def schedule_points(self, rec: PlayerRecord) -> list[int]:
        """Opponents' final points (scaled), one per counted opponent.

        Under the virtual-opponent rule each unplayed round adds the player's own points.
        """
        values = list(map(self.final_points.__getitem__, rec.opponents))
        if self.virtual:
            values.extend(rec.points for _ in rec.unplayed)
        return values

    @cached_property
    def final_points(self) -> dict[PlayerId, int]:
        """Every player's points (scaled) at the end of the ledger."""
        return {pid: rec.points for pid, rec in self.records.items()}

    @cached_property
    def sorted_schedules(self) -> dict[PlayerId, list[int]]:
        """``schedule_points`` of every player, sorted low to high (shared by the Buchholz
        family)."""
        return {pid: sorted(self.schedule_points(rec)) for pid, rec in self.records.items()}

    # ---------------------------------------------------------------- percentages
    @cached_property
    def own_win_rate(self) -> dict[PlayerId, Fraction | None]:
        """Each player's own match-win rate (no floor), or None with no counted round."""
        rates: dict[PlayerId, Fraction | None] = {}
        results = self.ruleset.win_rate is WinRateBasis.RESULTS
        for pid, rec in self.records.items():
            if rec.rate_rounds == 0:
                rates[pid] = None
            elif results:
                rates[pid] = Fraction(rec.rate_results, 2 * rec.rate_rounds)
            else:
                rates[pid] = Fraction(rec.rate_points, self.win_points * rec.rate_rounds)
        return rates

    @cached_property
    def opponent_win_rate(self) -> dict[PlayerId, Fraction]:
        """A player's win rate as their opponents count it: floored, capped if dropped."""
        floor = self.ruleset.percentage_floor
        cap = self.ruleset.dropped_cap
        out: dict[PlayerId, Fraction] = {}
        for pid, rate in self.own_win_rate.items():
            value = floor if rate is None else max(rate, floor)
            if cap is not None and self.records[pid].dropped and value > cap:
                value = cap
            out[pid] = value
        return out

    @cached_property
    def own_game_rate(self) -> dict[PlayerId, Fraction | None]:
        game_win = self.ruleset.scoring.game_win * self.ledger.game_unit
        rates: dict[PlayerId, Fraction | None] = {}
        for pid, rec in self.records.items():
            rates[pid] = Fraction(rec.game_points, int(game_win) * rec.games) if rec.games else None
        return rates

    @cached_property
    def opponent_game_rate(self) -> dict[PlayerId, Fraction]:
        floor = self.ruleset.percentage_floor
        return {
            pid: floor if rate is None else max(rate, floor)
            for pid, rate in self.own_game_rate.items()
        }

    def mean_over_opponents(
        self, values: dict[PlayerId, Fraction], virtual_values: dict[PlayerId, Fraction] | None
    ) -> dict[PlayerId, Fraction | None]:
        """For each player, the mean of ``values`` over their counted opponents.

        Under the virtual-opponent rule each unplayed round counts one more opponent whose
        value is the player's own (``virtual_values``). Summed over one common denominator
        so that 10,000s of players stay fast and exact.
        """
        denominators = {v.denominator for v in values.values()}
        if virtual_values:
            denominators.update(v.denominator for v in virtual_values.values())
        denominator = lcm(*denominators) if denominators else 1
        scaled = {pid: v.numerator * (denominator // v.denominator) for pid, v in values.items()}
        take = scaled.__getitem__
        virtual = self.virtual and virtual_values is not None
        out: dict[PlayerId, Fraction | None] = {}
        for pid, rec in self.records.items():
            count = len(rec.opponents)
            total = sum(map(take, rec.opponents))
            if virtual and rec.unplayed:
                assert virtual_values is not None
                own = virtual_values[pid]
                total += own.numerator * (denominator // own.denominator) * len(rec.unplayed)
                count += len(rec.unplayed)
            out[pid] = Fraction(total, denominator * count) if count else None
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
