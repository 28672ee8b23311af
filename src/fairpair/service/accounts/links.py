"""Accounts made and mended in the browser, with no e-mail server: one-time links that the
person who makes them copies and sends.

- **First-run setup**: while the installation has no account at all, anyone who reaches it
  may create the first one — an organizer and the administrator. Two submissions at once
  make exactly one (SQLite's ``BEGIN IMMEDIATE``; an advisory lock on PostgreSQL).
- **Invitations**: the administrator invites an organizer (who may then create events); an
  event's owner invites someone to the event's staff with a role. The invitee opens the
  link, chooses a username and a password, and has the account (and the role) at once.
- **Password resets**: the administrator issues a reset link for an account; opening it,
  its holder chooses a new password, and every browser logged in to the account is logged
  out. Anyone logged in changes their own password on the account page.

A link's secret is random (``secrets.token_urlsafe``) and only its SHA-256 is stored, so a
copy of the database opens nothing. Each link expires (invitations after 7 days, resets
after 24 hours) and works once: using it is an ``UPDATE … WHERE used_at IS NULL`` in the
same transaction as the account it makes or mends, so two uses at once cannot both win.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Connection, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from fairpair.i18n import gettext
from fairpair.password_cost import password_hasher
from fairpair.service.accounts.logins import (
    ACCOUNT_COLUMNS,
    Account,
    account_of,
    hashed_password,
    insert_account,
)
from fairpair.service.accounts.sessions import token_hash
from fairpair.service.accounts.staff import Role, role_in, write_role
from fairpair.service.kernel.change import now
from fairpair.service.kernel.errors import NotAllowed, Refused
from fairpair.service.kernel.text_rules import checked_line
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import AccountLinkRow, AccountRow, EventRow, SessionRow, StaffRow

INVITE_LIFETIME = timedelta(days=7)
RESET_LIFETIME = timedelta(hours=24)
#: The advisory lock that makes first-run setup one at a time on PostgreSQL.
SETUP_LOCK = 0x66705F7365747570  # "fp_setup"
_HASHER = password_hasher()


@dataclass(frozen=True, slots=True)
class AccountLink:
    """An invitation or a password reset, as the pages show it (never its secret)."""

    id: int
    kind: str
    organizer: bool
    slug: str | None
    event_name: str | None
    role: str | None
    username: str | None
    """Reset: the account it resets."""
    note: str
    made_by: str | None
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None
    revoked_at: datetime | None

    @property
    def state(self) -> str:
        """'used', 'revoked', 'expired' or 'open'."""
        if self.used_at is not None:
            return "used"
        if self.revoked_at is not None:
            return "revoked"
        return "expired" if self.expires_at <= now() else "open"

    @property
    def what(self) -> str:
        """What the link gives, in a few words."""
        if self.kind == "reset":
            return f"a new password for {self.username}"
        if self.slug is not None:
            return f"{self.role} of {self.event_name}"
        return "an organizer account" if self.organizer else "an account"


_MAKER = aliased(AccountRow)
_TARGET = aliased(AccountRow)
_LINKS = (
    select(
        *AccountLinkRow.__table__.c,
        EventRow.slug,
        EventRow.name.label("event_name"),
        _MAKER.username.label("maker"),
        _TARGET.username.label("target"),
    )
    .outerjoin(EventRow, EventRow.id == AccountLinkRow.event_id)
    .outerjoin(_MAKER, _MAKER.id == AccountLinkRow.made_by)
    .outerjoin(_TARGET, _TARGET.id == AccountLinkRow.account_id)
)


def _link_of(row: Any) -> AccountLink:
    link = row
    return AccountLink(
        link.id,
        link.kind,
        link.organizer,
        row.slug,
        row.event_name,
        link.role,
        row.target,
        link.note,
        row.maker,
        link.created_at,
        link.expires_at,
        link.used_at,
        link.revoked_at,
    )


def _new_link(conn: Connection, **values: object) -> tuple[AccountLink, str]:
    secret = secrets.token_urlsafe(32)
    key = conn.execute(
        insert(AccountLinkRow)
        .values(token_hash=token_hash(secret), **values)
        .returning(AccountLinkRow.id)
    ).scalar_one()
    row = conn.execute(_LINKS.where(AccountLinkRow.id == key)).one()
    return _link_of(row), secret


# --- first-run setup ------------------------------------------------------------------------


def needs_setup(db: Database) -> bool:
    """Whether the installation has no account yet (first-run setup is open)."""
    with db.glance() as conn:
        return conn.execute(select(AccountRow.id).limit(1)).first() is None


def first_account(db: Database, username: str, password: str, *, name: str = "") -> Account:
    """The installation's first account — an organizer and its administrator — or
    ``Refused`` once any account exists (two at once: exactly one is made)."""
    with db.writing() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SETUP_LOCK})
        if conn.execute(select(AccountRow.id).limit(1)).first() is not None:
            raise NotAllowed(
                "setup",
                gettext("this installation is set up already: log in, or ask its administrator"),
            )
        return insert_account(conn, username, password, name=name, organizer=True, admin=True)


# --- invitations --------------------------------------------------------------------------


def invite(
    db: Database,
    by: Account,
    *,
    slug: str | None = None,
    role: str = "judge",
    organizer: bool = False,
    note: str = "",
) -> tuple[AccountLink, str]:
    """A one-time invitation made by ``by``: to the staff of event ``slug`` with ``role``
    (``by`` must own it; ``organizer``: the new account may create events too, which only an
    organizer may grant), or, without ``slug``, to an organizer account (administrator only).
    Returns the invitation and its secret (shown once)."""
    said = checked_line(note, "note", gettext("a note")) if note.strip() else ""
    at = now()
    if slug is None:
        if not by.admin:
            raise NotAllowed("account", gettext("only the administrator invites organizers"))
        with db.writing() as conn:
            return _new_link(
                conn,
                kind="invite",
                organizer=True,
                note=said,
                made_by=by.id,
                created_at=at,
                expires_at=at + INVITE_LIFETIME,
            )
    wanted = Role.named(role)
    if organizer and not by.organizer:
        raise NotAllowed("organizer", gettext("only an organizer invites another organizer"))
    with changing(db, slug, by.username) as change:
        if role_in(change.conn, change.event.id, by) != Role.OWNER:
            raise NotAllowed("role", gettext("only the event's owners invite staff"))
        made = _new_link(
            change.conn,
            kind="invite",
            organizer=organizer,
            event_id=change.event.id,
            role=wanted.label,
            note=said,
            made_by=by.id,
            created_at=change.at,
            expires_at=change.at + INVITE_LIFETIME,
        )
        change.audit(
            "staff.invite",
            f"invitation {made[0].id}",
            after={"role": wanted.label, "organizer": organizer, "note": said},
        )
        return made


def _open_link(conn: Connection, secret: str, kind: str) -> AccountLink:
    """The open link ``secret`` of ``kind``, or ``Refused`` saying why it does not work."""
    row = conn.execute(
        _LINKS.where(
            AccountLinkRow.token_hash == token_hash(secret[:200]), AccountLinkRow.kind == kind
        )
    ).first()
    invite = kind == "invite"
    if row is None:
        raise Refused(
            "link",
            gettext("this invitation is unknown: check that the whole link was copied")
            if invite
            else gettext(
                "this password reset link is unknown: check that the whole link was copied"
            ),
        )
    link = _link_of(row)
    if link.state != "open":
        raise Refused("link", _closed_link(invite, link.state))
    return link


def _closed_link(invite: bool, state: str) -> str:
    """Why a link no longer works (used, revoked or expired), and whom to ask for a new one."""
    if invite:
        if state == "used":
            return gettext("this invitation was used: ask the person who sent it for a new one")
        if state == "revoked":
            return gettext("this invitation was revoked: ask the person who sent it for a new one")
        return gettext("this invitation was expired: ask the person who sent it for a new one")
    if state == "used":
        return gettext("this password reset link was used: ask the administrator for a new one")
    if state == "revoked":
        return gettext("this password reset link was revoked: ask the administrator for a new one")
    return gettext("this password reset link was expired: ask the administrator for a new one")


def invitation(db: Database, secret: str) -> AccountLink:
    """The open invitation ``secret`` (``Refused``: unknown, used, revoked or expired)."""
    with db.reading() as conn:
        return _open_link(conn, secret, "invite")


def _use(conn: Connection, link: AccountLink, at: datetime) -> None:
    """Mark ``link`` used, or ``Refused`` if another request used it first."""
    done = conn.execute(
        update(AccountLinkRow)
        .where(
            AccountLinkRow.id == link.id,
            AccountLinkRow.used_at.is_(None),
            AccountLinkRow.revoked_at.is_(None),
            AccountLinkRow.expires_at > at,
        )
        .values(used_at=at)
    ).rowcount
    if done != 1:
        raise Refused("link", gettext("this link was used a moment ago: it works once"))


def accept_invitation(
    db: Database, secret: str, username: str, password: str, *, name: str = ""
) -> Account:
    """The account the invitation ``secret`` makes, with its role (one transaction)."""
    with db.reading() as conn:
        link = _open_link(conn, secret, "invite")
    try:
        if link.slug is None:
            with db.writing() as conn:
                _use(conn, _open_link(conn, secret, "invite"), now())
                return insert_account(conn, username, password, name=name, organizer=True)
        with changing(db, link.slug, username.strip().lower()) as change:
            fresh = _open_link(change.conn, secret, "invite")
            _use(change.conn, fresh, change.at)
            made = insert_account(
                change.conn, username, password, name=name, organizer=fresh.organizer
            )
            write_role(change, made.id, fresh.role or "viewer")
            change.audit(
                "staff.grant",
                f"staff {made.username}",
                before={"role": None},
                after={"role": fresh.role, "invitation": fresh.id},
            )
            return made
    except IntegrityError:
        raise Refused(
            "username",
            gettext("the username %(username_strip_lower)r is taken")
            % {"username_strip_lower": username.strip().lower()},
        ) from None


def revoke_link(db: Database, by: Account, link_id: int, *, slug: str | None = None) -> None:
    """Stop an unused link from working: the administrator's (no ``slug``) or, for ``slug``,
    one of that event's invitations (its owners)."""
    if slug is None:
        if not by.admin:
            raise NotAllowed("account", gettext("only the administrator revokes these links"))
        with db.writing() as conn:
            _revoke(conn, link_id, None, now())
        return
    with changing(db, slug, by.username) as change:
        if role_in(change.conn, change.event.id, by) != Role.OWNER:
            raise NotAllowed("role", gettext("only the event's owners revoke its invitations"))
        _revoke(change.conn, link_id, change.event.id, change.at)
        change.audit("staff.invite_revoke", f"invitation {link_id}")


def _revoke(conn: Connection, link_id: int, event_id: int | None, at: datetime) -> None:
    done = conn.execute(
        update(AccountLinkRow)
        .where(
            AccountLinkRow.id == link_id,
            AccountLinkRow.event_id.is_(None)
            if event_id is None
            else AccountLinkRow.event_id == event_id,
            AccountLinkRow.used_at.is_(None),
            AccountLinkRow.revoked_at.is_(None),
        )
        .values(revoked_at=at)
    ).rowcount
    if not done:
        raise Refused("link", gettext("no unused link %(link_id)s here") % {"link_id": link_id})


def event_invitations(db: Database, slug: str) -> list[AccountLink]:
    """The invitations to event ``slug``'s staff, newest first."""
    with db.reading() as conn:
        rows = conn.execute(
            _LINKS.where(EventRow.slug == slug).order_by(AccountLinkRow.id.desc())
        ).all()
    return [_link_of(r) for r in rows]


def installation_links(db: Database) -> list[AccountLink]:
    """The administrator's links (organizer invitations and password resets), newest first."""
    with db.reading() as conn:
        rows = conn.execute(
            _LINKS.where(AccountLinkRow.event_id.is_(None)).order_by(AccountLinkRow.id.desc())
        ).all()
    return [_link_of(r) for r in rows]


def all_accounts(db: Database) -> list[tuple[Account, int]]:
    """Every account with the number of events it is staff of, by username."""
    with db.reading() as conn:
        rows = conn.execute(select(*ACCOUNT_COLUMNS).order_by(AccountRow.username)).all()
        counts = _staff_counts(conn)
    return [(account_of(r), counts.get(r.id, 0)) for r in rows]


def _staff_counts(conn: Connection) -> dict[int, int]:
    rows = conn.execute(
        select(StaffRow.account_id, func.count()).group_by(StaffRow.account_id)
    ).all()
    return {int(r[0]): int(r[1]) for r in rows}


# --- passwords ----------------------------------------------------------------------------


def reset_link(db: Database, by: Account, username: str) -> tuple[AccountLink, str]:
    """A one-time link that sets a new password for ``username`` (administrator only); an
    earlier unused reset link of that account stops working."""
    if not by.admin:
        raise NotAllowed("account", gettext("only the administrator issues password reset links"))
    at = now()
    with db.writing() as conn:
        target = conn.execute(
            select(AccountRow.id).where(AccountRow.username == username.strip().lower())
        ).scalar_one_or_none()
        if target is None:
            raise Refused("username", gettext("no account %(username)r") % {"username": username})
        conn.execute(
            update(AccountLinkRow)
            .where(
                AccountLinkRow.account_id == target,
                AccountLinkRow.kind == "reset",
                AccountLinkRow.used_at.is_(None),
                AccountLinkRow.revoked_at.is_(None),
            )
            .values(revoked_at=at)
        )
        return _new_link(
            conn,
            kind="reset",
            account_id=target,
            organizer=False,
            note="",
            made_by=by.id,
            created_at=at,
            expires_at=at + RESET_LIFETIME,
        )


def reset_target(db: Database, secret: str) -> AccountLink:
    """The open reset link ``secret`` (``Refused``: unknown, used, revoked or expired)."""
    with db.reading() as conn:
        return _open_link(conn, secret, "reset")


def reset_password(db: Database, secret: str, password: str) -> str:
    """Set the password of the reset link's account, log out every browser of it; its
    username."""
    hashed = hashed_password(password)
    with db.writing() as conn:
        link = _open_link(conn, secret, "reset")
        at = now()
        _use(conn, link, at)
        key = conn.execute(
            select(AccountLinkRow.account_id).where(AccountLinkRow.id == link.id)
        ).scalar_one()
        conn.execute(update(AccountRow).where(AccountRow.id == key).values(password_hash=hashed))
        conn.execute(delete(SessionRow).where(SessionRow.account_id == key))
    return link.username or ""


def change_password(
    db: Database, account: Account, current: str, new: str, *, keep_session: str = ""
) -> None:
    """``account``'s own new password, given its current one; every other browser logged in
    to it is logged out (the one with session token ``keep_session`` stays)."""
    hashed = hashed_password(new)
    with db.writing() as conn:
        stored = conn.execute(
            select(AccountRow.password_hash).where(AccountRow.id == account.id)
        ).scalar_one()
        try:
            _HASHER.verify(stored, current)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise Refused("current", gettext("that is not your current password")) from None
        conn.execute(
            update(AccountRow).where(AccountRow.id == account.id).values(password_hash=hashed)
        )
        conn.execute(
            delete(SessionRow).where(
                SessionRow.account_id == account.id,
                SessionRow.token_hash != token_hash(keep_session),
            )
        )
