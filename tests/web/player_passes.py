"""Players' passes for the web tests: a personal link's secret (``fpp_…``), as the bearer
token the API takes or the signed ``fairpair_player`` cookie a browser holds."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import personal_link
from fairpair.web.player_cookie import PLAYER_COOKIE

ACTOR = "td"


def pass_of(db: Database, slug: str, player: str) -> str:
    """A new pass of ``player`` (a personal link's secret)."""
    return personal_link(db, slug, player, actor=ACTOR)


def bearer(secret: str) -> dict[str, str]:
    return {"authorization": f"Bearer {secret}"}


def signed(db: Database, secret: str) -> str:
    """The cookie value of pass ``secret`` (signed with the installation's key)."""
    from fairpair.web.player_cookie import _signer

    return _signer(db).sign(secret).decode("ascii")


def be_player(client: TestClient, db: Database, slug: str, secret: str) -> None:
    """``client``'s browser now holds pass ``secret`` for event ``slug`` (as a join sets)."""
    client.cookies.set(
        PLAYER_COOKIE, signed(db, secret), domain="testserver.local", path=f"/e/{slug}"
    )
