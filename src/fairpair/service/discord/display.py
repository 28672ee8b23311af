"""The live display message: in each channel linked to an event, one message showing the
current pairings and the standings as images, redrawn after every result and round change
— by a scheduled job, never inside the change (a slow or failing Discord never delays or
breaks recording a result; the job is retried with the jobs' backoff).

How a change reaches the message, coalesced:

1. after a change of event E commits, ``nudge(db, slug, version)`` (the web server's live
   seam listener) raises the channel's ``wanted_version`` and schedules the job
   ``discord-display:CHANNEL:SHOWN`` — keyed by the version the message shows, so every
   change until the next drawing schedules the same job (kept once): a burst of fifty
   results is one edit. It is due ``COALESCE`` later, so that a burst has time to land;
2. the job (``redraw``) reads E's version, renders, edits the message (``PATCH``; posts it
   the first time, or again when someone deleted it), then, in one ``UPDATE … RETURNING``
   of the channel's row, stores the version shown and reads ``wanted_version``: a change
   that came meanwhile schedules the next job (under the new key). Both steps update the
   same row, so they run one after the other on both databases: no change is missed.

When the event counts in an open league and no round of it is in play (after each round,
and once the event is over), the message also shows the league's leaderboard: its picture
and its top five (``service.discord.leaderboard``).

The job writes no audit entry and does not change the event's version (a drawing is not a
change of the event, and must not cause another drawing). The bot token is the server's
(``$FAIRPAIR_DISCORD_BOT_TOKEN``), else the event's (Players' side settings).
"""

from __future__ import annotations

import contextlib
import os
from datetime import timedelta

from sqlalchemy import bindparam, select, update

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.engine.rounds import RoundState
from fairpair.service.discord.leaderboard import leaderboard_text
from fairpair.service.discord.text import pairings_text
from fairpair.service.event import images as event_images
from fairpair.service.jobs.schedule import Job, schedule
from fairpair.service.kernel.change import Change, EventRef, now
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.service.leagues.board import league_board
from fairpair.service.leagues.images import render_leaderboard
from fairpair.service.leagues.leagues import leagues_of_event
from fairpair.service.outbound.discord_rest import DiscordRefused, edit_message, post_message
from fairpair.store.database import Database
from fairpair.store.models import DiscordChannelRow, EventRow, PortalRow

KIND = "discord_display"
ENV_BOT_TOKEN = "FAIRPAIR_DISCORD_BOT_TOKEN"
#: How long a redraw waits for more changes (Discord allows ~5 edits per 5 s per channel).
COALESCE = timedelta(seconds=2)
#: How many standings rows the display's image shows.
STANDINGS_TOP = 32
#: How many leaderboard rows the display's text lists (the image shows ten).
LEADERBOARD_TOP = 5


def _key(channel_row: int, shown: int) -> str:
    return f"discord-display:{channel_row}:{shown}"


def schedule_redraw(change: Change, channel_row: int, shown: int) -> None:
    """Schedule the redraw of display ``channel_row`` (showing version ``shown``) in
    ``change``'s transaction (kept once however many ask)."""
    schedule(change, KIND, _key(channel_row, shown), change.at + COALESCE, {"channel": channel_row})


def bot_token(db: Database, event_id: int) -> str | None:
    """The server's bot token, else the event's (Players' side)."""
    token = os.environ.get(ENV_BOT_TOKEN, "").strip()
    if token:
        return token
    with db.reading() as conn:
        own = conn.execute(
            select(PortalRow.discord_bot_token).where(PortalRow.event_id == event_id)
        ).scalar_one_or_none()
    return own or None


#: Whether a display of the event shows an older version (built once: it runs after changes).
_BEHIND = (
    select(DiscordChannelRow.id)
    .join(EventRow, EventRow.id == DiscordChannelRow.event_id)
    .where(
        EventRow.slug == bindparam("slug"), DiscordChannelRow.wanted_version < bindparam("version")
    )
    .limit(1)
)


def nudge(db: Database, slug: str, version: int) -> int:
    """Event ``slug`` is at ``version`` now: schedule the redraw of each of its displays
    that shows an older one; how many were nudged (one read, and a write only when some)."""
    with db.reading() as conn:
        if conn.execute(_BEHIND, {"slug": slug, "version": version}).first() is None:
            return 0
    with db.writing() as conn:
        event = conn.execute(select(EventRow.id).where(EventRow.slug == slug)).scalar_one_or_none()
        if event is None:
            return 0
        rows = conn.execute(
            update(DiscordChannelRow)
            .where(DiscordChannelRow.event_id == event, DiscordChannelRow.wanted_version < version)
            .values(wanted_version=version)
            .returning(DiscordChannelRow.id, DiscordChannelRow.shown_version)
        ).all()
        change = Change(conn, EventRef(event, slug, "", version), "discord display")
        for row in rows:
            schedule_redraw(change, row.id, row.shown_version)
    return len(rows)


def _images(db: Database, slug: str) -> list[tuple[str, bytes]]:
    """The display's pictures: the current pairings and the standings' top, each only when
    there is something to draw (no round released yet, no result yet: that one is left out,
    and the message's text says where the event stands)."""
    drawn = []
    with contextlib.suppress(FairpairError):  # no round released yet
        drawn.append(("pairings.png", event_images.render(db, slug, "pairings")))
    with contextlib.suppress(FairpairError):  # no standings yet
        drawn.append(
            ("standings.png", event_images.render(db, slug, "standings", top=STANDINGS_TOP))
        )
    return drawn


def _league(db: Database, slug: str) -> tuple[list[tuple[str, bytes]], str]:
    """The leaderboard of the newest open league the event counts in, when no round of the
    event is in play (after each round, and when the event is over): its picture and its
    top rows as text (none: no league, or a round is running)."""
    found = leagues_of_event(db, slug)
    if not found:
        return [], ""
    with reading(db, slug) as (conn, event):
        states = [r.state for s in loaded(conn, event).tournament.stages for r in s.rounds]
    if not states or any(state is not RoundState.COMPLETED for state in states):
        return [], ""
    community, key = found[0][0], found[0][1]
    text = leaderboard_text(league_board(db, community, key), top=LEADERBOARD_TOP)
    with contextlib.suppress(FairpairError):  # nobody has played yet: the text says so
        return [("leaderboard.png", render_leaderboard(db, community, key))], text
    return [], text


def redraw(db: Database, job: Job) -> None:
    """The job: draw the display of channel ``job.payload["channel"]`` (gone: nothing)."""
    channel_row = int(job.payload["channel"])
    with db.reading() as conn:
        row = conn.execute(
            select(
                DiscordChannelRow.channel_id,
                DiscordChannelRow.message_id,
                DiscordChannelRow.shown_version,
                EventRow.id.label("event_id"),
                EventRow.slug,
                EventRow.version,
                EventRow.language,
            )
            .join(EventRow, EventRow.id == DiscordChannelRow.event_id)
            .where(DiscordChannelRow.id == channel_row)
        ).first()
    if row is None:  # unlinked meanwhile
        return
    version = int(row.version)
    if row.message_id is not None and row.shown_version >= version:
        return  # an earlier job drew this version already
    token = bot_token(db, int(row.event_id))
    if token is None:
        raise LookupError(
            f"no Discord bot token: set ${ENV_BOT_TOKEN} (or the event's, Players' side)"
        )
    with i18n.speaking(row.language or i18n.SOURCE):  # a channel reads the event's language
        images = _images(db, row.slug)
        content = pairings_text(db, row.slug)
        league_images, league_text = _league(db, row.slug)
    if league_text:
        images += league_images
        content = f"{content}\n\n{league_text}"[:1990]
    message = row.message_id
    if message is not None:
        try:
            edit_message(token, row.channel_id, message, content, images)
        except DiscordRefused as refusal:
            if refusal.status != 404:
                raise
            message = None  # someone deleted it: post it again
    if message is None:
        message = post_message(token, row.channel_id, content, images)
    with db.writing() as conn:
        wanted = conn.execute(
            update(DiscordChannelRow)
            .where(DiscordChannelRow.id == channel_row)
            .values(shown_version=version, message_id=message)
            .returning(DiscordChannelRow.wanted_version)
        ).scalar_one_or_none()
        if wanted is not None and wanted > version:
            event = EventRef(int(row.event_id), row.slug, "", version)
            schedule_redraw(Change(conn, event, "discord display", now()), channel_row, version)
