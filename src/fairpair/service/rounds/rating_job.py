"""A completed round reaches its community's ratings (``service.ratings``, a folder above
this one) by a scheduled job, planned in the transaction that completed the round — or
that corrected a result of a completed round: ``plan_ratings``. The job (kind ``KIND``) is
keyed by the event and its version after the change (``ratings:EVENT:VERSION``), so one
change plans one job however many rounds it completed, and a change that is rolled back
plans none. Its handler (``ratings.updates.run_ratings_job``, named in ``wiring``) rates
the event again from its facts and every later event of the community's game after it:
doing it twice gives the same rows. An event of no community plans nothing."""

from __future__ import annotations

from sqlalchemy import select

from fairpair.service.jobs.schedule import schedule
from fairpair.service.kernel.change import Change
from fairpair.store.models import CommunityEventRow

KIND = "ratings"


def plan_ratings(change: Change, why: str) -> bool:
    """Plan the ratings job of ``change``'s event (``why``: what made it due, for the log);
    ``False`` when the event has no community (or the job is planned already)."""
    community = change.conn.execute(
        select(CommunityEventRow.community_id).where(CommunityEventRow.event_id == change.event.id)
    ).scalar_one_or_none()
    if community is None:
        return False
    return schedule(
        change,
        KIND,
        f"ratings:{change.event.id}:{change.event.version}",
        change.at,
        {"event": change.event.id, "community": int(community), "why": why},
    )
