"""Ratings of a community's players: Glicko-2 for one-on-one matches, OpenSkill for pods,
FIDE's Elo for chess clubs, updated as rounds complete (docs/ratings.md)."""
