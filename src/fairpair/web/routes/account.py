"""The account page: who you are, and your API tokens (create one — its secret is shown once
— and revoke)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.service.accounts.api_tokens import create_token, revoke_token, tokens_of
from fairpair.service.accounts.links import change_password
from fairpair.web.access import SESSION_COOKIE, DbDep, Signed
from fairpair.web.forms import refusal
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/account")
def account_page(request: Request, access: Signed, db: DbDep) -> Response:
    assert access.account is not None
    return render(request, "account.html", tokens=tokens_of(db, access.account))


@ROUTER.post("/account/tokens")
def new_token(
    request: Request,
    access: Signed,
    db: DbDep,
    name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    assert access.account is not None
    try:
        made, secret = create_token(db, access.account, name)
    except FairpairError as error:
        return render(
            request,
            "account.html",
            status=422,
            tokens=tokens_of(db, access.account),
            values={"name": name},
            errors=refusal(error, ("name",)),
        )
    return render(
        request,
        "account.html",
        tokens=tokens_of(db, access.account),
        new_secret=secret,
        new_token=made,
    )


@ROUTER.post("/account/password")
def new_password(
    request: Request,
    access: Signed,
    db: DbDep,
    current: Annotated[str, Form(max_length=1024)] = "",
    password: Annotated[str, Form(max_length=1024)] = "",
    confirm: Annotated[str, Form(max_length=1024)] = "",
) -> Response:
    assert access.account is not None
    errors: dict[str, str] = {}
    if password != confirm:
        errors = {"confirm": "the two new passwords differ"}
    else:
        try:
            change_password(
                db,
                access.account,
                current,
                password,
                keep_session=request.cookies.get(SESSION_COOKIE, ""),
            )
        except FairpairError as error:
            errors = refusal(error, ("current", "password"))
    if errors:
        return render(
            request,
            "account.html",
            status=422,
            tokens=tokens_of(db, access.account),
            errors=errors,
        )
    return render(
        request, "account.html", tokens=tokens_of(db, access.account), password_changed=True
    )


@ROUTER.post("/account/tokens/{token_id}/revoke")
def revoke(request: Request, access: Signed, db: DbDep, token_id: int) -> Response:
    assert access.account is not None
    revoke_token(db, access.account, token_id)
    return RedirectResponse("/account", status_code=303)
