"""Editing a registered player's seed before the pairings use it.

A seed orders round 1 (one score group, ordered by seed): once round 1 is paired — a draft
waiting for review or a released round — changing a seed would not change who met whom,
so the edit is refused rather than silently meaningless. Two players cannot share a seed.
"""

from __future__ import annotations

from sqlalchemy import select, update

from fairpair.engine.errors import Location
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import find_player
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import DraftRow, PlayerRow, RoundRow, StageRow

HIGHEST_SEED = 1_000_000


def set_seed(db: Database, slug: str, player: str, seed: int | None, *, actor: str) -> int | None:
    """Give ``player`` seed ``seed`` (``None``: no seed); the seed they had."""
    if seed is not None and not 1 <= seed <= HIGHEST_SEED:
        raise Refused(Location(("seed",)), f"a seed is 1-{HIGHEST_SEED:,}, got {seed}")
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        _refuse_once_paired(change)
        before = conn.execute(select(PlayerRow.seed).where(PlayerRow.id == who.id)).scalar_one()
        if before == seed:
            return before
        if seed is not None:
            holder = conn.execute(
                select(PlayerRow.name, PlayerRow.key).where(
                    PlayerRow.event_id == event.id,
                    PlayerRow.seed == seed,
                    PlayerRow.id != who.id,
                )
            ).first()
            if holder is not None:
                raise Refused(
                    Location(("seed",), player=who.key),
                    f"seed {seed} is taken by {holder.name} ({holder.key})",
                )
        conn.execute(update(PlayerRow).where(PlayerRow.id == who.id).values(seed=seed))
        change.audit(
            "player.seed", f"player {who.key}", before={"seed": before}, after={"seed": seed}
        )
        return before


def _refuse_once_paired(change: Change) -> None:
    conn, event = change.conn, change.event
    stages = select(StageRow.id).where(StageRow.event_id == event.id)
    paired = conn.execute(select(RoundRow.id).where(RoundRow.stage_id.in_(stages)).limit(1)).first()
    if paired is not None:
        raise Refused(
            Location(("seed",)),
            "round 1 is already paired: a seed only orders round 1, so changing it now "
            "would change nothing (seeds of a later stage are that stage's setting)",
        )
    draft = conn.execute(select(DraftRow.id).where(DraftRow.stage_id.in_(stages)).limit(1)).first()
    if draft is not None:
        raise Refused(
            Location(("seed",)),
            "round 1 has a draft waiting for review: discard it first, then change the seed",
        )
