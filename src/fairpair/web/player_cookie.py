"""The player's pass in the browser: the cookie ``fairpair_player``, one per event (its path
is the event's ``/e/{slug}``), holding the pass's secret signed with the installation's key
(``server_keys``: the same in every worker and after a restart). A forged or altered cookie
is ignored before the database is asked; a revoked one is refused by it."""

from __future__ import annotations

import secrets

from fastapi import Request, Response
from itsdangerous import BadSignature, Signer

from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.server_keys import server_key
from fairpair.service.players.passes import PREFIX, PlayerPass, pass_of

PLAYER_COOKIE = "fairpair_player"
#: A pass lasts as long as a league season (the organizer can revoke it any time).
MAX_AGE = 180 * 24 * 3600


def _signer(db: Database) -> Signer:
    key = server_key(db, "player-cookie", lambda: secrets.token_urlsafe(32))
    return Signer(key, salt="fairpair.player")


def set_player_cookie(request: Request, response: Response, slug: str, secret: str) -> None:
    db: Database = request.app.state.db
    response.set_cookie(
        PLAYER_COOKIE,
        _signer(db).sign(secret).decode("ascii"),
        max_age=MAX_AGE,
        path=f"/e/{slug}",
        secure=request.app.state.settings.secure_cookies,
        httponly=True,
        samesite="lax",
    )


def clear_player_cookie(request: Request, response: Response, slug: str) -> None:
    response.delete_cookie(
        PLAYER_COOKIE,
        path=f"/e/{slug}",
        secure=request.app.state.settings.secure_cookies,
        httponly=True,
        samesite="lax",
    )


def player_secret(request: Request) -> str | None:
    """The pass's secret this request carries: a bearer ``fpp_`` token, else the cookie."""
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, value = header.partition(" ")
        value = value.strip()
        return value if scheme.lower() == "bearer" and value.startswith(PREFIX) else None
    cookie = request.cookies.get(PLAYER_COOKIE)
    if not cookie or len(cookie) > 300:
        return None
    try:
        return _signer(request.app.state.db).unsign(cookie).decode("ascii")
    except (BadSignature, UnicodeDecodeError):
        return None


def player_of_request(request: Request, slug: str) -> PlayerPass | None:
    """The player pass of this request in event ``slug`` (cached on the request)."""
    if "player_pass" in vars(request.state)["_state"]:
        cached: PlayerPass | None = request.state.player_pass
        return cached
    secret = player_secret(request)
    found = pass_of(request.app.state.db, slug, secret) if secret else None
    request.state.player_pass = found
    return found
