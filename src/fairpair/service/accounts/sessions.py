"""Browser sessions: a random token in the cookie, its SHA-256 in the database, so a copy of
the database lets nobody log in. Logging out deletes the row; sessions expire."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from sqlalchemy import delete, insert, select

from fairpair.service.accounts.logins import ACCOUNT_COLUMNS, Account, account_of
from fairpair.service.kernel.change import now
from fairpair.store.database import Database
from fairpair.store.models import AccountRow, SessionRow

#: How long a login lasts (a long event day plus its evening).
LIFETIME = timedelta(days=14)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def open_session(db: Database, account: Account) -> str:
    """A new session for ``account``: the token to put in the cookie."""
    token = secrets.token_urlsafe(32)
    at = now()
    with db.writing() as conn:
        conn.execute(delete(SessionRow).where(SessionRow.expires_at < at))
        conn.execute(
            insert(SessionRow).values(
                token_hash=token_hash(token),
                account_id=account.id,
                created_at=at,
                expires_at=at + LIFETIME,
            )
        )
    return token


def session_account(db: Database, token: str) -> Account | None:
    """The account logged in with ``token``, or ``None`` (unknown, expired or logged out)."""
    if not token or len(token) > 200:
        return None
    with db.reading() as conn:
        row = conn.execute(
            select(*ACCOUNT_COLUMNS)
            .join(SessionRow, SessionRow.account_id == AccountRow.id)
            .where(SessionRow.token_hash == token_hash(token), SessionRow.expires_at > now())
        ).first()
    return account_of(row) if row is not None else None


def close_session(db: Database, token: str) -> None:
    with db.writing() as conn:
        conn.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash(token)))
