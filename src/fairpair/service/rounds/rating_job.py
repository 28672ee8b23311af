"""A completed round reaches its community's ratings (``service.ratings``, a folder above
this one) by a scheduled job, planned in the transaction that completed the round — or
that corrected a result of a completed round: ``plan_ratings``. The job (kind ``KIND``) is
keyed by the event and its version after the change (``ratings:EVENT:VERSION``), so one
change plans one job however many rounds it completed, and a change that is rolled back
plans none. Its handler (``ratings.updates.run_ratings_job``, named in ``wiring``) rates
the event again from its facts and every later event of the community's game after it:
doing it twice gives the same rows. An event of no community plans nothing.

The same job, with the event to replay from, is what a change of the community's own plans
when it moves ratings (``plan_replay``, in the change's transaction): a merge or a deletion
on request in the directory (from the person's first event), an event attached (from it)
or taken out (from the next one), an event restored into the community."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, select

from fairpair.service.jobs.schedule import schedule, schedule_in
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


def plan_replay(
    conn: Connection, community: int, from_event: int, key: str, at: datetime, why: str
) -> bool:
    """Plan the ratings job of community ``community`` replaying from event ``from_event``
    on (the job filed under that event), in the open transaction ``conn``; ``key``: unique
    to the change (``ratings:merge:COMMUNITY:VERSION``). ``False`` when planned already."""
    return schedule_in(
        conn,
        from_event,
        KIND,
        key,
        at,
        {"event": from_event, "community": community, "why": why},
    )
