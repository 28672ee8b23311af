"""A Discord direct message through the event's bot (``event_portal.discord_bot_token``),
with **httpx**, on Discord's REST API (base URL ``$FAIRPAIR_DISCORD_API``, default
``https://discord.com/api/v10``, so tests run against a local fake):

1. ``POST /users/@me/channels {"recipient_id": USER}`` opens (or finds) the DM channel;
2. ``POST /channels/{id}/messages {"content": TEXT, "nonce": N, "enforce_nonce": true}``
   sends the message (``N`` names the delivery: a repeat within Discord's few minutes is
   answered with the first message, not a second one);

both with ``Authorization: Bot TOKEN``. A 429 (rate limit) or a 5xx is ``DiscordBusy``
(its ``retry_after`` said): the job fails and is retried after its backoff. Another 4xx
(a bad token, a user who does not accept DMs from the bot) is a ``failed`` delivery with the
answer kept; so is a missing token or user id (said so, never an exception loop).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import httpx

ENV_API = "FAIRPAIR_DISCORD_API"
DEFAULT_API = "https://discord.com/api/v10"
TIMEOUT_SECONDS = 10.0
#: Discord refuses a message longer than this.
MAX_CONTENT = 2000
#: ...and a nonce longer than this.
MAX_NONCE = 25


class DiscordBusy(Exception):
    """Discord asked to wait (429, with ``retry_after`` seconds) or failed (5xx): retry."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class DmOutcome:
    state: str  # sent / failed
    detail: str | None = None


def api_base() -> str:
    return (os.environ.get(ENV_API) or DEFAULT_API).rstrip("/")


def _retry_after(response: httpx.Response) -> float | None:
    try:
        body: Any = response.json()
        value = body.get("retry_after") if isinstance(body, dict) else None
        return float(value) if value is not None else None
    except (ValueError, TypeError):
        header = response.headers.get("retry-after")
        try:
            return float(header) if header else None
        except ValueError:
            return None


def _checked(response: httpx.Response, step: str) -> DmOutcome | None:
    if response.status_code == 429 or response.status_code >= 500:
        wait = _retry_after(response)
        said = f" (retry after {wait:g} s)" if wait is not None else ""
        raise DiscordBusy(f"Discord answered {response.status_code} to {step}{said}", wait)
    if response.status_code >= 400:
        return DmOutcome(
            "failed", f"Discord refused {step}: {response.status_code} {response.text[:300]}"
        )
    return None


def send_dm(
    token: str | None, user_id: str | None, content: str, *, nonce: str | None = None
) -> DmOutcome:
    """Send ``content`` to Discord user ``user_id`` with the bot ``token``. ``nonce`` (at
    most 25 characters: the delivery's own) is sent with ``enforce_nonce``: Discord then
    makes no second message for the same nonce from the same bot within a few minutes — a
    delivery sent again after a crash in the middle of Discord's answer is not shown twice."""
    if not token:
        return DmOutcome("failed", "the event has no Discord bot token (Players' side settings)")
    if not user_id:
        return DmOutcome("failed", "the player has not given a Discord user id")
    headers = {"Authorization": f"Bot {token}", "User-Agent": "DiscordBot (fairpair, 1)"}
    try:
        with httpx.Client(base_url=api_base(), headers=headers, timeout=TIMEOUT_SECONDS) as http:
            opened = http.post("/users/@me/channels", json={"recipient_id": user_id})
            refused = _checked(opened, "opening the DM channel")
            if refused is not None:
                return refused
            channel = opened.json().get("id")
            if not isinstance(channel, str | int):
                return DmOutcome("failed", "Discord gave no DM channel id")
            message: dict[str, Any] = {"content": content[:MAX_CONTENT]}
            if nonce:
                message |= {"nonce": nonce[:MAX_NONCE], "enforce_nonce": True}
            sent = http.post(f"/channels/{channel}/messages", json=message)
            refused = _checked(sent, "the message")
            if refused is not None:
                return refused
    except httpx.HTTPError as error:
        raise DiscordBusy(f"Discord unreachable: {type(error).__name__}: {error}") from None
    except ValueError:
        return DmOutcome("failed", "Discord's answer was not JSON")
    return DmOutcome("sent")
