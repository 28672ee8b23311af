"""Accounts made and mended in the browser (``service/accounts/links.py``): first-run setup
(``/setup``, only while there is no account), accepting an invitation (``/invite/…``), a
password reset (``/reset/…``), and the administrator's Accounts page (every account, invite
an organizer, issue a reset link, revoke an unused link). The three public forms are the
only way in for someone without an account; each checks its one-time secret (or, for setup,
that no account exists) in the same transaction as what it makes."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.service.accounts.links import (
    AccountLink,
    accept_invitation,
    all_accounts,
    first_account,
    installation_links,
    invitation,
    invite,
    needs_setup,
    reset_link,
    reset_password,
    reset_target,
    revoke_link,
)
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access, Admin, DbDep, Public
from fairpair.web.forms import refusal
from fairpair.web.routes.auth import logged_in
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)
ACCOUNT_FIELDS = ("username", "name", "password", "confirm")
Text = Annotated[str, Form(max_length=200)]
Secret = Annotated[str, Form(max_length=1024)]


def _checked_pair(password: str, confirm: str) -> dict[str, str]:
    return {"confirm": "the two passwords differ"} if password != confirm else {}


@ROUTER.get("/setup")
def setup_page(request: Request, access: Public, db: DbDep) -> Response:
    if not needs_setup(db):
        return RedirectResponse("/login", status_code=303)
    return render(request, "accounts/setup.html")


@ROUTER.post("/setup")
def setup(
    request: Request,
    access: Public,
    db: DbDep,
    username: Text = "",
    name: Text = "",
    password: Secret = "",
    confirm: Secret = "",
) -> Response:
    values = {"username": username, "name": name}
    errors = _checked_pair(password, confirm)
    if not errors:
        try:
            made = first_account(db, username, password, name=name)
        except FairpairError as error:
            errors = refusal(error, ACCOUNT_FIELDS)
        else:
            return logged_in(request, db, made, "/console?welcome=1")
    return render(request, "accounts/setup.html", status=422, values=values, errors=errors)


def _link_page(
    request: Request,
    db: Database,
    secret: str,
    kind: str,
    *,
    status: int = 200,
    values: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
) -> Response:
    """The page of a one-time link of ``kind`` ("invite", "reset": ``accounts/KIND.html``), or
    that page saying why the link does not work (410)."""
    template = f"accounts/{kind}.html"
    try:
        link = invitation(db, secret) if kind == "invite" else reset_target(db, secret)
    except FairpairError as error:
        return render(request, template, status=410, broken=error.reason, link=None)
    return render(
        request, template, status=status, link=link, values=values or {}, errors=errors or {}
    )


@ROUTER.get("/invite/{secret}")
def invitation_page(request: Request, secret: str, access: Public, db: DbDep) -> Response:
    return _link_page(request, db, secret, "invite")


@ROUTER.post("/invite/{secret}")
def accept(
    request: Request,
    secret: str,
    access: Public,
    db: DbDep,
    username: Text = "",
    name: Text = "",
    password: Secret = "",
    confirm: Secret = "",
) -> Response:
    values = {"username": username, "name": name}
    errors = _checked_pair(password, confirm)
    if not errors:
        try:
            made = accept_invitation(db, secret, username, password, name=name)
        except FairpairError as error:
            errors = refusal(error, ACCOUNT_FIELDS)
            if "link" in str(error.location):
                return render(request, "accounts/invite.html", status=410, broken=error.reason)
        else:
            return logged_in(request, db, made, "/console?welcome=1")
    return _link_page(
        request,
        db,
        secret,
        "invite",
        status=422,
        values=values,
        errors=errors,
    )


@ROUTER.get("/reset/{secret}")
def reset_page(request: Request, secret: str, access: Public, db: DbDep) -> Response:
    return _link_page(request, db, secret, "reset")


@ROUTER.post("/reset/{secret}")
def reset(
    request: Request,
    secret: str,
    access: Public,
    db: DbDep,
    password: Secret = "",
    confirm: Secret = "",
) -> Response:
    errors = _checked_pair(password, confirm)
    if not errors:
        try:
            username = reset_password(db, secret, password)
        except FairpairError as error:
            if "link" in str(error.location):
                return render(request, "accounts/reset.html", status=410, broken=error.reason)
            errors = refusal(error, ACCOUNT_FIELDS)
        else:
            return RedirectResponse(f"/login?reset={username}", status_code=303)
    return _link_page(request, db, secret, "reset", status=422, errors=errors)


def accounts_page(
    request: Request,
    access: Access,
    db: Database,
    *,
    status: int = 200,
    made: tuple[AccountLink, str] | None = None,
    values: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
) -> Response:
    base = str(request.base_url).rstrip("/")
    shown = None
    if made is not None:
        link, secret = made
        path = "invite" if link.kind == "invite" else "reset"
        shown = (link, f"{base}/{path}/{secret}")
    return render(
        request,
        "accounts/accounts.html",
        status=status,
        accounts=all_accounts(db),
        links=installation_links(db),
        shown=shown,
        values=values or {},
        errors=errors or {},
    )


@ROUTER.get("/accounts")
def accounts(request: Request, access: Admin, db: DbDep) -> Response:
    return accounts_page(request, access, db)


@ROUTER.post("/accounts/invitations")
def invite_organizer(request: Request, access: Admin, db: DbDep, note: Text = "") -> Response:
    assert access.account is not None
    try:
        made = invite(db, access.account, note=note)
    except FairpairError as error:
        errors = refusal(error, ("note",))
        return accounts_page(request, access, db, status=422, values={"note": note}, errors=errors)
    return accounts_page(request, access, db, made=made)


@ROUTER.post("/accounts/{username}/reset")
def issue_reset(request: Request, username: str, access: Admin, db: DbDep) -> Response:
    assert access.account is not None
    try:
        made = reset_link(db, access.account, username)
    except FairpairError as error:
        errors = {f"account:{username}": error.reason}
        return accounts_page(request, access, db, status=422, errors=errors)
    return accounts_page(request, access, db, made=made)


@ROUTER.post("/accounts/links/{link_id}/revoke")
def revoke(request: Request, link_id: int, access: Admin, db: DbDep) -> Response:
    assert access.account is not None
    try:
        revoke_link(db, access.account, link_id)
    except FairpairError as error:
        return accounts_page(request, access, db, status=422, errors={"_form": error.reason})
    return RedirectResponse("/accounts#links", status_code=303)
