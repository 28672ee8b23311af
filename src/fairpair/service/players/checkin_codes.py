"""Check-in by a player's code (issue 32): each player of an event has a check-in code — eight
letters and digits, shown as ``K7QD-4MXA`` on their page under a QR code of
``fairpair:checkin:SLUG:CODE`` — that staff scan with the console's camera or type in.

The code is derived, not stored: an HMAC of the event and the player with a key of the
installation (``server_keys``), so it cannot be guessed from a name or a seed, stays the same
on every device and after a restart, and changes nothing in the database until it is used.
Checking in by code is ``roster``'s check-in (``player.checkin``), refused naming the reason
(a code of another event, no player with that code, a player who dropped); a player
checked in already is said so, and nothing changes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from sqlalchemy import or_, select

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import PlayerRef
from fairpair.service.kernel.server_keys import server_key
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.players.roster import mark_checked_in
from fairpair.store.database import Database
from fairpair.store.models import DropRow, PlayerRow

KEY_NAME = "checkin-codes"
#: What the QR code holds: this prefix, the event's slug, the code.
QR_PREFIX = "fairpair:checkin:"
_TYPED = re.compile(r"[^A-Z0-9]")


def _secret(db: Database) -> bytes:
    return server_key(db, KEY_NAME, lambda: secrets.token_hex(32)).encode("ascii")


def _code(secret: bytes, event_id: int, player_id: int) -> str:
    digest = hmac.new(secret, f"{event_id}:{player_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest)[:8].decode("ascii")


def shown(code: str) -> str:
    """``K7QD4MXA`` → ``K7QD-4MXA`` (as a person reads it out)."""
    return f"{code[:4]}-{code[4:]}"


@dataclass(frozen=True, slots=True)
class CheckinCode:
    code: str
    """As shown (``K7QD-4MXA``)."""
    qr: str
    """What the QR code holds."""


def checkin_code(db: Database, slug: str, player_id: int) -> CheckinCode:
    """Player ``player_id``'s code in event ``slug``."""
    secret = _secret(db)
    with reading(db, slug) as (_, event):
        code = _code(secret, event.id, player_id)
    return CheckinCode(shown(code), f"{QR_PREFIX}{slug}:{code}")


@dataclass(frozen=True, slots=True)
class CheckedIn:
    player: str
    """The player's id."""
    name: str
    already: bool
    """Checked in before: nothing changed."""


def _typed_code(slug: str, text: str) -> str:
    """The code in what was scanned or typed (the QR's text, or the code with or without its
    dash, any case); ``Refused`` naming ``code``."""
    value = text.strip()
    where = Location(("code",))
    if value.lower().startswith(QR_PREFIX):
        rest = value[len(QR_PREFIX) :]
        other, _, value = rest.rpartition(":")
        if other != slug:
            raise Refused(
                where,
                gettext("this is a check-in code of another event (%(event)s)")
                % {"event": other or gettext("unnamed")},
            )
    code = _TYPED.sub("", value.upper())
    if not code:
        raise Refused(where, gettext("type the player's check-in code (8 letters and digits)"))
    if len(code) != 8:
        raise Refused(
            where,
            gettext("a check-in code has 8 letters and digits (%(len_code)s typed): K7QD-4MXA")
            % {"len_code": len(code)},
        )
    return code


def check_in_by_code(db: Database, slug: str, text: str, *, actor: str) -> CheckedIn:
    """Check in the player whose code ``text`` is (scanned or typed)."""
    code = _typed_code(slug, text)
    secret = _secret(db)
    with changing(db, slug, actor) as change:
        conn = change.conn
        rows = conn.execute(
            select(PlayerRow.id, PlayerRow.key, PlayerRow.name, PlayerRow.checked_in_at).where(
                PlayerRow.event_id == change.event.id
            )
        ).all()
        found = next(
            (r for r in rows if hmac.compare_digest(_code(secret, change.event.id, r.id), code)),
            None,
        )
        if found is None:
            raise Refused(
                Location(("code",)),
                gettext("no player of this event has the code %(shown_code)s")
                % {"shown_code": shown(code)},
            )
        dropped = conn.execute(
            select(DropRow.id).where(
                DropRow.event_id == change.event.id,
                DropRow.player_id == found.id,
                or_(DropRow.whole_event, DropRow.stage_id.is_(None)),
            )
        ).first()
        if dropped is not None:
            raise Refused(
                Location(("code",), player=found.key),
                gettext("%(name)s has dropped: reinstate them on the Players tab first")
                % {"name": found.name},
            )
        if found.checked_in_at is not None:
            return CheckedIn(found.key, found.name, already=True)
        mark_checked_in(change, [PlayerRef(found.id, found.key, found.name)])
        return CheckedIn(found.key, found.name, already=False)
