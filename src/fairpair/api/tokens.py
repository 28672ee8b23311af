"""``/api/v1/tokens``: the caller's own API tokens — list, create (the secret is shown
once), revoke."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from fairpair.api.answers import CreatedToken, TokenItem
from fairpair.api.bodies import NewToken
from fairpair.service.accounts.api_tokens import TokenInfo, create_token, revoke_token, tokens_of
from fairpair.web.access import DbDep, Signed

ROUTER = APIRouter(tags=["tokens"])


def _item(info: TokenInfo) -> TokenItem:
    return TokenItem(
        id=info.id,
        name=info.name,
        prefix=info.prefix,
        created_at=info.created_at,
        revoked_at=info.revoked_at,
    )


@ROUTER.get("/tokens", response_model=list[TokenItem])
def list_tokens(access: Signed, db: DbDep) -> list[TokenItem]:
    assert access.account is not None
    return [_item(t) for t in tokens_of(db, access.account)]


@ROUTER.post("/tokens", response_model=CreatedToken, status_code=201)
def create_a_token(body: NewToken, access: Signed, db: DbDep) -> CreatedToken:
    assert access.account is not None
    made, secret = create_token(db, access.account, body.name)
    return CreatedToken(token=_item(made), secret=secret)


@ROUTER.delete("/tokens/{token_id}", status_code=204, response_class=Response)
def revoke_a_token(
    token_id: Annotated[int, Path(ge=1, le=2**31 - 1)], access: Signed, db: DbDep
) -> Response:
    assert access.account is not None
    revoke_token(db, access.account, token_id)
    return Response(status_code=204)
