"""Who would play first at each table of the private draft (seed 000 "The Toss tab"): the
review screen shows the toss before release. The toss of a Swiss round is decided when it is
released; this releases the draft in memory only — nothing is written — so the review shows
exactly what release will decide while the field stays as it is."""

from __future__ import annotations

from fairpair.engine.changes import release_round
from fairpair.engine.errors import FairpairError
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.unit import reading
from fairpair.service.rounds.drafts import draft_of, stored_draft
from fairpair.store.database import Database


def draft_tosses(db: Database, slug: str, *, stage: str | None = None) -> dict[int, str]:
    """Table → the id of the player who would play first if the draft were released now;
    empty when the stage has no toss, there is no draft, or release would be refused (the
    refusal is for release to tell)."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage, to_pair=True)
        row = stored_draft(conn, where)
        if row is None:
            return {}
        loaded = load(conn, event)
    draft = draft_of(where.key, row.round_number, row.body)
    try:
        after = release_round(loaded.tournament, draft)
    except FairpairError:
        return {}
    released = after.stage(where.key).round(draft.round_number)
    if released is None:
        return {}
    return {m.table: m.toss.first for m in released.matches if m.toss is not None}
