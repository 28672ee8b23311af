"""API bearer tokens, per organizer: created (the secret is shown once), listed (by name and
prefix), revoked. Only the SHA-256 of a token is stored."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import insert, select, update

from fairpair.i18n import gettext
from fairpair.service.accounts.logins import ACCOUNT_COLUMNS, Account, account_of
from fairpair.service.accounts.sessions import token_hash
from fairpair.service.kernel.change import now
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.text_rules import checked_line
from fairpair.store.database import Database
from fairpair.store.models import AccountRow, TokenRow

PREFIX = "fp_"


@dataclass(frozen=True, slots=True)
class TokenInfo:
    id: int
    name: str
    prefix: str
    created_at: datetime
    revoked_at: datetime | None


def create_token(db: Database, account: Account, name: str) -> tuple[TokenInfo, str]:
    """A new token for ``account`` named ``name``: its description and its secret (shown
    once; fairpair keeps only a hash)."""
    label = checked_line(name, "name", gettext("a token's name"))
    secret = PREFIX + secrets.token_urlsafe(32)
    at = now()
    with db.writing() as conn:
        key = conn.execute(
            insert(TokenRow)
            .values(
                account_id=account.id,
                name=label,
                token_hash=token_hash(secret),
                prefix=secret[:10],
                created_at=at,
            )
            .returning(TokenRow.id)
        ).scalar_one()
    return TokenInfo(key, label, secret[:10], at, None), secret


def tokens_of(db: Database, account: Account) -> list[TokenInfo]:
    with db.reading() as conn:
        rows = conn.execute(
            select(*TokenRow.__table__.c)
            .where(TokenRow.account_id == account.id)
            .order_by(TokenRow.id)
        ).all()
        return [TokenInfo(r.id, r.name, r.prefix, r.created_at, r.revoked_at) for r in rows]


def revoke_token(db: Database, account: Account, key: int) -> None:
    """Revoke ``account``'s token ``key``; ``Refused`` when it has no such token."""
    with db.writing() as conn:
        done = conn.execute(
            update(TokenRow)
            .where(
                TokenRow.id == key,
                TokenRow.account_id == account.id,
                TokenRow.revoked_at.is_(None),
            )
            .values(revoked_at=now())
        ).rowcount
    if not done:
        raise Refused(
            "token",
            gettext("no active token %(key)s of %(username)r")
            % {"key": key, "username": account.username},
        )


def token_account(db: Database, secret: str) -> Account | None:
    """The account a bearer token belongs to, or ``None`` (unknown or revoked)."""
    if not secret.startswith(PREFIX) or len(secret) > 200:
        return None
    with db.reading() as conn:
        row = conn.execute(
            select(*ACCOUNT_COLUMNS)
            .join(TokenRow, TokenRow.account_id == AccountRow.id)
            .where(TokenRow.token_hash == token_hash(secret), TokenRow.revoked_at.is_(None))
        ).first()
    return account_of(row) if row is not None else None
