"""Seed, as the last word. Source: seed 004 (default order ends with Seed); seed 001."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``seed``, one message a paragraph (/help/tiebreaks).
SEED_TEXT = defined(
    N_(
        "Seed: the better (lower) seed ranks first — the stage's seeds if it sets them, else "
        "the tournament's. Unseeded players rank after seeded ones."
    ),
)


def seed(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Seed (its definition: ``SEED_TEXT``)."""
    stage_seeds = ctx.stage.seeds
    return {
        pid: stage_seeds.get(pid, rec.player.seed) if stage_seeds else rec.player.seed
        for pid, rec in ctx.records.items()
    }


TIEBREAKS = (Tiebreak("seed", "Seed", "Seed", ValueKind.SEED, False, SEED_TEXT, seed),)
