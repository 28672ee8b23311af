"""Discord, as the interactions endpoint sees it: an application key pair made for the test,
and interactions signed with it (``X-Signature-Ed25519`` over timestamp + body)."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app
from service.fake_services import multipart_parts

from .conftest import settings_for

URL = "/discord/interactions"
GUILD, CHANNEL = "111", "222"
MANAGER = str((1 << 4) | (1 << 10))  # manage channels, view channel
MEMBER = str(1 << 10)
_IDS = itertools.count(10_000)


class Discord:
    """Signs and sends interactions to an app whose public key is this one's."""

    def __init__(self) -> None:
        self.key = Ed25519PrivateKey.generate()
        self.public_hex = self.key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()

    def headers(self, body: bytes, timestamp: int | None = None) -> dict[str, str]:
        stamp = str(int(time.time()) if timestamp is None else timestamp)
        signature = self.key.sign(stamp.encode() + body).hex()
        return {
            "x-signature-ed25519": signature,
            "x-signature-timestamp": stamp,
            "content-type": "application/json",
        }

    def send(self, client: TestClient, interaction: dict[str, Any], **kw: Any) -> httpx.Response:
        body = json.dumps(interaction).encode()
        response: httpx.Response = client.post(URL, content=body, headers=self.headers(body, **kw))
        return response


def _member(user: str, permissions: str) -> dict[str, Any]:
    return {"user": {"id": user, "username": f"user{user}"}, "permissions": permissions}


def command(
    name: str,
    user: str = "501",
    *,
    channel: str = CHANNEL,
    permissions: str = MEMBER,
    **options: str,
) -> dict[str, Any]:
    return {
        "id": str(next(_IDS)),
        "type": 2,
        "application_id": "42",
        "token": "interaction-token",
        "guild_id": GUILD,
        "channel_id": channel,
        "member": _member(user, permissions),
        "data": {
            "id": "1",
            "name": name,
            "type": 1,
            "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()],
        },
    }


def button(custom_id: str, user: str = "501", *, channel: str = CHANNEL) -> dict[str, Any]:
    return {
        "id": str(next(_IDS)),
        "type": 3,
        "application_id": "42",
        "token": "interaction-token",
        "guild_id": GUILD,
        "channel_id": channel,
        "member": _member(user, MEMBER),
        "message": {"id": "777"},
        "data": {"custom_id": custom_id, "component_type": 2},
    }


def answer(response: httpx.Response) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The interaction response's JSON and its files (a multipart answer's parts)."""
    assert response.status_code == 200, response.text
    kind = response.headers["content-type"]
    if kind.startswith("application/json"):
        return response.json(), {}
    return multipart_parts(kind, response.content)


def custom_ids(payload: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in payload["data"]["components"] for c in row["components"]]


@contextmanager
def discord_client(db: Database, discord: Discord) -> Iterator[TestClient]:
    app = create_app(settings_for(db.url, discord_public_key=discord.public_hex))
    with TestClient(app, base_url="https://testserver") as client:
        yield client
