"""Helpers for the notification pages' tests: an event with a released round, and a
browser holding a player's pass (the signed ``fairpair_player`` cookie the join sets)."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient
from itsdangerous import Signer

from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.server_keys import server_key
from fairpair.service.kernel.unit import changing
from fairpair.service.players import roster as players
from fairpair.service.players.passes import new_player_token
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

ACTOR = "td"


def released_event(db: Database, name: str, count: int = 4) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"{name} P{i}") for i in range(count)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    return slug


def player_pass(db: Database, slug: str, key: str) -> tuple[int, str]:
    """(player id, a new pass's secret) for player ``key``."""
    from fairpair.service.kernel.lookup import find_player

    with changing(db, slug, ACTOR) as change:
        who = find_player(change.conn, change.event, key)
        secret = new_player_token(change, player_id=who.id, made_by=ACTOR)
        change.audit("player.link", who.key)
    return who.id, secret


def signed_cookie(db: Database, secret: str) -> str:
    key = server_key(db, "player-cookie", lambda: secrets.token_urlsafe(32))
    return Signer(key, salt="fairpair.player").sign(secret).decode("ascii")


def as_player(client: TestClient, db: Database, slug: str, key: str) -> int:
    """``client`` holds the pass of player ``key``; their id."""
    player_id, secret = player_pass(db, slug, key)
    client.cookies.set(
        "fairpair_player", signed_cookie(db, secret), domain="testserver.local", path=f"/e/{slug}"
    )
    return player_id
