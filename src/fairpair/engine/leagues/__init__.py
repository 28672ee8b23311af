"""Leagues (seasons): league points per event from a rule, best N of M, the leaderboard and
its tiebreakers, and what an event's standings say of each player (docs/leagues.md)."""

from fairpair.engine.leagues.board import (
    BoardRow,
    EventEntry,
    EventScore,
    Leaderboard,
    LeagueEvent,
    counted_events,
    leaderboard,
)
from fairpair.engine.leagues.event_entries import event_entries
from fairpair.engine.leagues.rule import InvalidLeagueRule, PointsRule, rule_of

__all__ = [
    "BoardRow",
    "EventEntry",
    "EventScore",
    "InvalidLeagueRule",
    "Leaderboard",
    "LeagueEvent",
    "PointsRule",
    "counted_events",
    "event_entries",
    "leaderboard",
    "rule_of",
]
