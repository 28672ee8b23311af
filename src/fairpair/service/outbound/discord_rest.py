"""The bot's calls to Discord's REST API (base URL ``$FAIRPAIR_DISCORD_API``, as the DMs':
``fairpair.service.outbound.discord_dm.api_base``), with **httpx** and ``Authorization: Bot TOKEN``:

- ``post_message``: ``POST /channels/{channel}/messages``, multipart — ``payload_json``
  (the content and the ``attachments`` list) and ``files[n]`` (the images);
- ``edit_message``: ``PATCH /channels/{channel}/messages/{message}``, the same body: the
  attachments listed replace the message's old ones;
- ``put_commands``: ``PUT /applications/{application}/commands`` (or a guild's), the
  command definitions (bulk overwrite: the list becomes the application's commands);
- ``edit_original``: ``PATCH /webhooks/{application}/{token}/messages/@original``, the
  answer of a deferred interaction (the same multipart body). The interaction's token is
  the credential (valid 15 minutes): no bot token is sent.

A 429 or a 5xx (or no answer) is ``DiscordBusy`` (retry after its backoff, the jobs' way);
any other refusal is ``DiscordRefused``, with Discord's status and message.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import httpx

from fairpair.service.outbound.discord_dm import (
    TIMEOUT_SECONDS,
    DiscordBusy,
    _retry_after,
    api_base,
)

USER_AGENT = "DiscordBot (fairpair, 1)"
Image = tuple[str, bytes]  # (file name, PNG)


class DiscordRefused(Exception):
    """Discord refused the call (a 4xx other than 429): said with its status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def _client(token: str | None) -> httpx.Client:
    headers = {"User-Agent": USER_AGENT}
    if token is not None:
        headers["Authorization"] = f"Bot {token}"
    return httpx.Client(base_url=api_base(), headers=headers, timeout=TIMEOUT_SECONDS)


def _checked(response: httpx.Response, step: str) -> Any:
    status = response.status_code
    if status == 429 or status >= 500:
        wait = _retry_after(response)
        said = f" (retry after {wait:g} s)" if wait is not None else ""
        raise DiscordBusy(f"Discord answered {status} to {step}{said}", wait)
    if status >= 400:
        raise DiscordRefused(f"Discord refused {step}: {status} {response.text[:300]}", status)
    try:
        return response.json() if response.content else None
    except ValueError:
        return None


def message_parts(content: str, images: Sequence[Image]) -> dict[str, Any]:
    """The multipart body of a message with ``images`` attached (httpx's ``files``)."""
    payload = {
        "content": content[:2000],
        "attachments": [{"id": i, "filename": name} for i, (name, _) in enumerate(images)],
        "allowed_mentions": {"parse": []},
    }
    parts: dict[str, Any] = {"payload_json": (None, json.dumps(payload), "application/json")}
    for i, (name, data) in enumerate(images):
        parts[f"files[{i}]"] = (name, data, "image/png")
    return parts


def _call(step: str, do: Any) -> Any:
    try:
        return _checked(do(), step)
    except httpx.HTTPError as error:
        raise DiscordBusy(f"Discord unreachable ({step}): {type(error).__name__}") from None


def post_message(token: str, channel_id: str, content: str, images: Sequence[Image]) -> str:
    """Post a message with ``images`` in ``channel_id``; its id."""
    with _client(token) as http:
        made = _call(
            "posting the display message",
            lambda: http.post(
                f"/channels/{channel_id}/messages", files=message_parts(content, images)
            ),
        )
    if not isinstance(made, dict) or not isinstance(made.get("id"), str | int):
        raise DiscordRefused("Discord gave no message id", 200)
    return str(made["id"])


def edit_message(
    token: str, channel_id: str, message_id: str, content: str, images: Sequence[Image]
) -> None:
    """Replace message ``message_id``'s content and images (``DiscordRefused`` 404: it is
    gone)."""
    with _client(token) as http:
        _call(
            "editing the display message",
            lambda: http.patch(
                f"/channels/{channel_id}/messages/{message_id}",
                files=message_parts(content, images),
            ),
        )


def edit_original(
    application_id: str, interaction_token: str, content: str, images: Sequence[Image]
) -> None:
    """Replace the deferred answer ("fairpair is thinking…") of interaction
    ``interaction_token`` with ``content`` and ``images``."""
    path = f"/webhooks/{application_id}/{interaction_token}/messages/@original"
    with _client(None) as http:
        _call(
            "answering the command",
            lambda: http.patch(path, files=message_parts(content, images)),
        )


def put_commands(
    token: str, application_id: str, commands: list[dict[str, Any]], guild_id: str | None = None
) -> list[Any]:
    """Make ``commands`` the application's (a guild's only, when ``guild_id``: at once)."""
    path = f"/applications/{application_id}/commands"
    if guild_id:
        path = f"/applications/{application_id}/guilds/{guild_id}/commands"
    with _client(token) as http:
        done = _call("registering the commands", lambda: http.put(path, json=commands))
    return list(done) if isinstance(done, list) else []
