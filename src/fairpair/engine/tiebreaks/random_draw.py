"""Random, reproducible from the stage seed. Source: Riftbound tournament rules and Play!
Pokémon (a random tiebreak last); FIDE C.07 (drawing of lots when the list is exhausted)."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.sha256 import sha256
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def lot(stage_seed: str, stage_id: str, player: PlayerId) -> int:
    """A 64-bit lot for ``player``: SHA-256 of the stage seed, stage id and player id."""
    digest = sha256(f"lot\x1f{stage_seed}\x1f{stage_id}\x1f{player}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


#: The definition of ``random``, one message a paragraph (/help/tiebreaks).
RANDOM_TEXT = defined(
    N_(
        "Random: a drawing of lots that is the same every time for the same stage seed — the "
        "SHA-256 of (stage seed, stage id, player id); the higher lot ranks first."
    ),
)


def random_draw(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Random (its definition: ``RANDOM_TEXT``)."""
    return {pid: lot(ctx.stage.seed, ctx.stage.id, pid) for pid in ctx.records}


TIEBREAKS = (Tiebreak("random", "Random", "Lot", ValueKind.RANDOM, True, RANDOM_TEXT, random_draw),)
