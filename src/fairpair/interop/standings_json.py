"""The documented JSON form of standings (``fairpair standings --json``; the API later).

Shape (docs/cli.md):

    {"tournament": str, "stage": str, "ruleset": str, "after_round": int,
     "tiebreaks": [{"name", "label", "short", "kind", "higher_is_better"}],
     "rows": [{"rank": int | null, "player": {"id", "name"}, "points": Number,
               "record": {"wins", "draws", "losses"}, "played", "byes", "forfeits",
               "dropped_after": int | null,
               "status": "withdrawn" | "advanced" | "eliminated" | null,
               "tiebreaks": {NAME: {"value": float | null, "exact": str | null,
                                    "display": str}}}]}

``points`` and ``value`` are decimals with enough digits (10 places); ``exact`` is the
exact fraction ("27/50", "8"). Percent tiebreaks are fractions of 1 (0.54 is 54%).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fairpair.engine.pairing.elimination import threshold_reached
from fairpair.engine.points_text import points_text, rounded
from fairpair.engine.standings import Standings, StandingsRow
from fairpair.engine.tiebreaks import Tiebreak, Value, ValueKind


def exact_text(value: Fraction | int) -> str:
    value = Fraction(value)
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def decimal(value: Fraction | int) -> float | int:
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    return round(float(value), 10)


def display(value: Value, tb: Tiebreak) -> str:
    """How a person reads the value: 54.0%, 8, 4½, 1510.3, —."""
    if value is None:
        return "—"
    if tb.kind is ValueKind.PERCENT:
        return f"{rounded(Fraction(value) * 100, 1)}%"
    if tb.kind is ValueKind.RANDOM:
        return f"{int(value) % 10_000:04d}"
    return points_text(Fraction(value))


def status_of(standings: Standings, row: StandingsRow) -> str | None:
    """``withdrawn``, ``advanced`` or ``eliminated`` (Swiss elimination), or ``None``."""
    if row.dropped:
        return "withdrawn"
    rules = standings.stage.elimination
    if rules is None:
        return None
    reached = threshold_reached(rules, row)
    return reached.value if reached is not None else None


def standings_json(standings: Standings, tournament_name: str) -> dict[str, Any]:
    tiebreaks = standings.tiebreaks
    return {
        "tournament": tournament_name,
        "stage": standings.stage.id,
        "ruleset": standings.stage.ruleset.name,
        "after_round": standings.after_round,
        "tiebreaks": [
            {
                "name": tb.name,
                "label": tb.label,
                "short": tb.short,
                "kind": tb.kind.value,
                "higher_is_better": tb.higher_is_better,
            }
            for tb in tiebreaks
        ],
        "rows": [
            {
                "rank": row.rank,
                "player": {"id": row.player.id, "name": row.player.name},
                "points": decimal(row.points),
                "points_exact": exact_text(row.points),
                "record": {"wins": row.wins, "draws": row.draws, "losses": row.losses},
                "played": row.played,
                "byes": row.byes,
                "forfeits": row.forfeits,
                "dropped_after": row.dropped_after,
                "status": status_of(standings, row),
                "tiebreaks": {
                    tb.name: {
                        "value": None if v is None else decimal(v),
                        "exact": None if v is None else exact_text(v),
                        "display": display(v, tb),
                    }
                    for tb, v in zip(tiebreaks, row.tiebreaks, strict=True)
                },
            }
            for row in standings.rows
        ],
    }
