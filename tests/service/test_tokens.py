"""API tokens: listed by name and prefix (never the secret), revoked only by their owner."""

from __future__ import annotations

import pytest

from fairpair.service.accounts.api_tokens import (
    create_token,
    revoke_token,
    token_account,
    tokens_of,
)
from fairpair.service.accounts.logins import add_account
from fairpair.service.kernel.errors import Refused
from fairpair.store.database import Database


def test_tokens_are_listed_and_revoked(db: Database) -> None:
    ann = add_account(db, "ann", "correct horse battery", name="Ann")
    bo = add_account(db, "bo", "correct horse battery", name="Bo")
    first, secret = create_token(db, ann, "scoreboard")
    create_token(db, ann, "bot")
    listed = tokens_of(db, ann)
    assert [(t.name, t.prefix) for t in listed] == [
        ("scoreboard", secret[:10]),
        ("bot", listed[1].prefix),
    ]
    assert tokens_of(db, bo) == []
    with pytest.raises(Refused):
        revoke_token(db, bo, first.id)
    revoke_token(db, ann, first.id)
    assert tokens_of(db, ann)[0].revoked_at is not None
    assert token_account(db, secret) is None
