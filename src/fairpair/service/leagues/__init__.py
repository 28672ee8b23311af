"""Leagues (seasons) of a community: a named series of events with dates, league points per
event by a configurable rule, best N of M, the leaderboard (docs/leagues.md)."""
