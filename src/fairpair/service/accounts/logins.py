"""Accounts: who may log in. Passwords are hashed with argon2 (argon2-cffi); the hash is all
that is stored. Each function is one transaction."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from fairpair.i18n import gettext
from fairpair.password_cost import password_hasher
from fairpair.service.kernel.change import now
from fairpair.service.kernel.errors import BadCredentials, Refused
from fairpair.service.kernel.text_rules import checked_name
from fairpair.store.database import Database
from fairpair.store.models import AccountRow

_HASHER = password_hasher()  # argon2's default cost; tests: fairpair.password_cost


@cache
def _dummy_hash() -> str:
    """A hash of a password nobody has, verified when the username is unknown, so that a wrong
    username takes as long as a wrong password (no account enumeration by timing). Made by
    the process's first login attempt, whoever it names (so that even that attempt takes as
    long for a wrong username as for a wrong password), not when the module is imported:
    argon2's cost (0.17 s of CPU and 64 MiB) would otherwise be paid by every server
    worker and every command that imports the accounts, logging in or not."""
    return _HASHER.hash("fairpair: no such account")


USERNAME = re.compile(r"^[a-z0-9][a-z0-9._-]{1,39}$")
MIN_PASSWORD = 8


@dataclass(frozen=True, slots=True)
class Account:
    id: int
    username: str
    name: str
    organizer: bool
    #: The installation's administrator (invites organizers, issues password resets).
    admin: bool = False


def account_of(row: object) -> Account:
    return Account(row.id, row.username, row.name, row.organizer, row.admin)  # type: ignore[attr-defined]


ACCOUNT_COLUMNS = (
    AccountRow.id,
    AccountRow.username,
    AccountRow.name,
    AccountRow.organizer,
    AccountRow.admin,
)


def checked_username(username: str) -> str:
    """``username`` lower-cased, or ``Refused`` naming the rule it breaks."""
    value = username.strip().lower()
    if not USERNAME.match(value):
        raise Refused(
            "username",
            gettext(
                "%(username)r is not a username: 2-40 letters, digits, '.', "
                "'_' or '-', starting with a letter or digit"
            )
            % {"username": username},
        )
    return value


def checked_password(password: str) -> str:
    if len(password) < MIN_PASSWORD:
        raise Refused(
            "password",
            gettext("a password needs at least %(MIN_PASSWORD)s characters")
            % {"MIN_PASSWORD": MIN_PASSWORD},
        )
    if len(password) > 1024:
        raise Refused("password", gettext("a password has at most 1,024 characters"))
    return password


def add_account(
    db: Database,
    username: str,
    password: str,
    *,
    name: str | None = None,
    organizer: bool = True,
    admin: bool = False,
) -> Account:
    """Create an account; ``Refused`` when the username is taken or the password too short."""
    try:
        with db.writing() as conn:
            return insert_account(
                conn, username, password, name=name, organizer=organizer, admin=admin
            )
    except IntegrityError:
        raise Refused(
            "username",
            gettext("the username %(username_strip_lower)r is taken")
            % {"username_strip_lower": username.strip().lower()},
        ) from None


def insert_account(
    conn: Connection,
    username: str,
    password: str,
    *,
    name: str | None,
    organizer: bool,
    admin: bool = False,
) -> Account:
    """Write a new account in ``conn``'s transaction (the checks of ``add_account``; a taken
    username raises ``IntegrityError`` for the caller to turn into a refusal)."""
    user = checked_username(username)
    hashed = _HASHER.hash(checked_password(password))
    display = checked_name(name, "name", gettext("a name")) if name and name.strip() else user
    taken = conn.execute(select(AccountRow.id).where(AccountRow.username == user)).first()
    if taken is not None:
        raise Refused("username", gettext("the username %(user)r is taken") % {"user": user})
    key = conn.execute(
        insert(AccountRow)
        .values(
            username=user,
            name=display,
            password_hash=hashed,
            organizer=organizer,
            admin=admin,
            created_at=now(),
        )
        .returning(AccountRow.id)
    ).scalar_one()
    return Account(key, user, display, organizer, admin)


def hashed_password(password: str) -> str:
    """The argon2 hash of ``password`` (checked: ``Refused`` when too short or long)."""
    return _HASHER.hash(checked_password(password))


def set_password(db: Database, username: str, password: str) -> None:
    hashed = hashed_password(password)
    with db.writing() as conn:
        done = conn.execute(
            update(AccountRow)
            .where(AccountRow.username == username.strip().lower())
            .values(password_hash=hashed)
        ).rowcount
    if not done:
        raise Refused("username", gettext("no account %(username)r") % {"username": username})


def set_admin(db: Database, username: str, admin: bool = True) -> Account:
    """Make account ``username`` the installation's administrator (or no longer); the account
    as it is now. ``Refused`` when there is no such account."""
    with db.writing() as conn:
        done = conn.execute(
            update(AccountRow)
            .where(AccountRow.username == username.strip().lower())
            .values(admin=admin)
        ).rowcount
    if not done:
        raise Refused("username", gettext("no account %(username)r") % {"username": username})
    return find_account(db, username)


def authenticate(db: Database, username: str, password: str) -> Account:
    """The account whose username and password these are, or ``BadCredentials`` (which never
    says which of the two was wrong). A hash made with older parameters is upgraded."""
    user = username.strip().lower()
    dummy = _dummy_hash()
    with db.reading() as conn:
        row = conn.execute(
            select(*ACCOUNT_COLUMNS, AccountRow.password_hash).where(AccountRow.username == user)
        ).first()
    try:
        _HASHER.verify(row.password_hash if row is not None else dummy, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        raise BadCredentials("password", gettext("wrong username or password")) from None
    if row is None:
        raise BadCredentials("password", gettext("wrong username or password"))
    if _HASHER.check_needs_rehash(row.password_hash):
        with db.writing() as conn:
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == row.id)
                .values(password_hash=_HASHER.hash(password))
            )
    return account_of(row)


def account_by_id(conn: Connection, key: int) -> Account | None:
    row = conn.execute(select(*ACCOUNT_COLUMNS).where(AccountRow.id == key)).first()
    return account_of(row) if row is not None else None


def find_account(db: Database, username: str) -> Account:
    with db.reading() as conn:
        row = conn.execute(
            select(*ACCOUNT_COLUMNS).where(AccountRow.username == username.strip().lower())
        ).first()
    if row is None:
        raise Refused("username", gettext("no account %(username)r") % {"username": username})
    return account_of(row)


def account_named(db: Database, username: str) -> Account | None:
    """The account called ``username``, or ``None`` (the command line's ``--as``: an event
    made there belongs to that account when it exists)."""
    user = username.strip().lower()
    if not USERNAME.match(user):
        return None
    with db.reading() as conn:
        row = conn.execute(select(*ACCOUNT_COLUMNS).where(AccountRow.username == user)).first()
    return account_of(row) if row is not None else None


def owned_by(account: Account | None, username: str, slug: str) -> str:
    """What the command line says about who owns a new event."""
    if account is not None:
        return f"owned by account {account.username}: it is in their console"
    return (
        f"no account {username!r}, so nobody owns it in the web console yet "
        f"(fairpair staff add {slug} USERNAME --role owner)"
    )
