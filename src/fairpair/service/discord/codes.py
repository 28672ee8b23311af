"""One-time codes typed in Discord, made by fairpair: the proof that whoever types them may
do what they do there.

- ``channel`` codes, made by the event's owner (console, ``fairpair discord link-code``):
  ``/link code:…`` in a channel links it to the event;
- ``player`` codes, made for one player (their player page, or staff for them):
  ``/join code:…`` ties the Discord account that types it to that player.

A code is 8 letters from the join code's alphabet (no look-alikes), so ~2.8·10¹¹ of them;
only its SHA-256 is stored, it works once and for ``LIFETIME``. Using it (``use_code``)
marks it used in the caller's change, in one ``UPDATE … WHERE used_at IS NULL AND
expires_at > now``: two people typing it at once, one wins.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from sqlalchemy import insert, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.accounts.sessions import token_hash
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import find_player
from fairpair.service.kernel.unit import changing
from fairpair.service.players.portal_settings import CODE_LETTERS, normal_code
from fairpair.store.database import Database
from fairpair.store.models import DiscordCodeRow, EventRow

Purpose = Literal["channel", "player"]
CODE_LENGTH = 8
LIFETIME = timedelta(minutes=30)


@dataclass(frozen=True, slots=True)
class CodeFor:
    """What an unused code is for (read before the change that uses it)."""

    slug: str
    purpose: str


def new_code(
    db: Database, slug: str, purpose: Purpose, *, actor: str, player: str | None = None
) -> str:
    """A new one-time code of event ``slug`` (``player``: whose, for a ``player`` code);
    audited without the code."""
    if (purpose == "player") != (player is not None):
        raise Refused(
            Location(("player",)), gettext("a player code names its player; a channel code none")
        )
    with changing(db, slug, actor) as change:
        player_id = None
        subject = "Discord channel link"
        if player is not None:
            who = find_player(change.conn, change.event, player)
            player_id, subject = who.id, f"player {who.key}"
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        change.conn.execute(
            insert(DiscordCodeRow).values(
                event_id=change.event.id,
                code_hash=token_hash(code),
                purpose=purpose,
                player_id=player_id,
                made_by=actor,
                created_at=change.at,
                expires_at=change.at + LIFETIME,
            )
        )
        change.audit(
            "discord.code",
            subject,
            after={"purpose": purpose, "expires_at": (change.at + LIFETIME).isoformat()},
        )
        return code


def _unknown() -> Refused:
    return Refused(
        Location(("code",)),
        gettext(
            "that code is unknown, used or expired: ask for a new one "
            "(they work once, for 30 minutes)"
        ),
    )


def code_for(db: Database, typed: str) -> CodeFor:
    """The event and purpose of code ``typed`` (as typed: spaces, dashes, lower case), or the
    refusal: unknown, used or expired (one message for the three: a guess learns nothing)."""
    code = normal_code(typed)
    if len(code) != CODE_LENGTH:
        raise _unknown()
    with db.reading() as conn:
        row = conn.execute(
            select(EventRow.slug, DiscordCodeRow.purpose)
            .join(EventRow, EventRow.id == DiscordCodeRow.event_id)
            .where(DiscordCodeRow.code_hash == token_hash(code), DiscordCodeRow.used_at.is_(None))
        ).first()
    if row is None:
        raise _unknown()
    return CodeFor(str(row.slug), str(row.purpose))


def use_code(change: Change, typed: str, purpose: Purpose) -> int | None:
    """Mark code ``typed`` used, in ``change`` (its event's); the player id of a ``player``
    code (``None`` for a channel code), or the refusal."""
    used = change.conn.execute(
        update(DiscordCodeRow)
        .where(
            DiscordCodeRow.code_hash == token_hash(normal_code(typed)),
            DiscordCodeRow.event_id == change.event.id,
            DiscordCodeRow.purpose == purpose,
            DiscordCodeRow.used_at.is_(None),
            DiscordCodeRow.expires_at > change.at,
        )
        .values(used_at=change.at)
        .returning(DiscordCodeRow.player_id)
    ).first()
    if used is None:
        raise _unknown()
    return None if used.player_id is None else int(used.player_id)
