"""Seed 001 (Team Up blog, "Tiebreaks, worked through on one event"): nine players, four
rounds, every result a win; Ivo, Hana, Fay and Eli have the byes of rounds 1-4."""

from __future__ import annotations

from fairpair.engine.ruleset import Ruleset
from fairpair.engine.tournament import Tournament

from .builders import build

PLAYERS = ["ash", "bea", "cole", "dev", "eli", "fay", "gus", "hana", "ivo"]
ROUNDS = [
    [("ash", "eli", "a"), ("bea", "fay", "a"), ("cole", "gus", "a"), ("dev", "hana", "a"),
     ("ivo", "bye")],
    [("ash", "dev", "a"), ("bea", "ivo", "a"), ("cole", "eli", "a"), ("gus", "fay", "a"),
     ("hana", "bye")],
    [("cole", "ash", "a"), ("bea", "dev", "a"), ("hana", "gus", "a"), ("ivo", "eli", "a"),
     ("fay", "bye")],
    [("bea", "cole", "a"), ("hana", "ash", "a"), ("ivo", "gus", "a"), ("dev", "fay", "a"),
     ("eli", "bye")],
]  # fmt: skip


def seed_001(ruleset: str | Ruleset = "teamup") -> Tournament:
    return build(ROUNDS, ruleset=ruleset, players=PLAYERS, seed="seed-001")
