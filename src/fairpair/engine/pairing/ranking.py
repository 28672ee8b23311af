"""Ranking the field: round 1 by seed, later rounds by the current standings."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from fairpair.engine.players import Player, PlayerId
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings


def unseeded_lot(stage: Stage, player: PlayerId) -> bytes:
    """The draw that orders unseeded players: SHA-256 of the stage seed, stage id and player."""
    return hashlib.sha256(f"unseeded\x1f{stage.seed}\x1f{stage.id}\x1f{player}".encode()).digest()


def seed_order(stage: Stage, players: Sequence[Player]) -> list[PlayerId]:
    """Round 1's order: the stage's seeds if it sets any, else the tournament's; unseeded
    players after the seeded ones, in an order drawn from the stage seed."""
    seeds = stage.seeds

    def seed_of(player: Player) -> int | None:
        return seeds.get(player.id) if seeds else player.seed

    seeded = sorted(
        (p for p in players if seed_of(p) is not None),
        key=lambda p: (seed_of(p), p.id),
    )
    unseeded = sorted(
        (p for p in players if seed_of(p) is None), key=lambda p: unseeded_lot(stage, p.id)
    )
    return [p.id for p in seeded + unseeded]


def standings_order(standings: Standings) -> list[PlayerId]:
    """Later rounds: the standings' order (points, then the stage's tiebreaks)."""
    return [row.player.id for row in standings.rows]
