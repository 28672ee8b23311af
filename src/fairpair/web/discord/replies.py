"""What the interactions endpoint answers, and how it goes on the wire.

Response types (Discord's interactions API): 1 PONG (a PING), 4 a message
(``CHANNEL_MESSAGE_WITH_SOURCE``), 5 a message that comes later
(``DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE``: Discord shows "thinking…" until the follow-up,
``fairpair.web.discord.follow_up``, replaces it), 7 the button's own message changed
(``UPDATE_MESSAGE``).
Flag 64 makes a message ephemeral (only the caller sees it). A reply with images is
``multipart/form-data``: ``payload_json`` and ``files[n]``; else JSON. Mentions ping only
the users named in ``mentions`` (``allowed_mentions``), never @everyone.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import JSONResponse, Response

from fairpair.service.outbound.discord_rest import Image

PONG, MESSAGE, DEFERRED, UPDATE = 1, 4, 5, 7
EPHEMERAL = 64
#: Button styles.
PRIMARY, SECONDARY, SUCCESS, DANGER = 1, 2, 3, 4


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    custom_id: str
    style: int = PRIMARY

    def data(self) -> dict[str, Any]:
        return {
            "type": 2,
            "style": self.style,
            "label": self.label[:80],
            "custom_id": self.custom_id,
        }


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer to an interaction."""

    content: str
    type: int = MESSAGE
    ephemeral: bool = True
    buttons: tuple[Button, ...] = ()
    images: tuple[Image, ...] = ()
    mentions: tuple[str, ...] = field(default=())
    #: A deferred reply's follow-up: makes the real answer, after the response is sent.
    later: Callable[[], Reply] | None = None

    def data(self) -> dict[str, Any]:
        if self.type == DEFERRED:
            return {"flags": EPHEMERAL} if self.ephemeral else {}
        out: dict[str, Any] = {
            "content": self.content[:2000],
            "allowed_mentions": {"parse": [], "users": list(self.mentions)},
            # up to 5 buttons a row, 5 rows; an UPDATE with none takes the old ones away
            "components": [
                {"type": 1, "components": [b.data() for b in self.buttons[i : i + 5]]}
                for i in range(0, min(len(self.buttons), 25), 5)
            ],
        }
        if self.ephemeral and self.type == MESSAGE:
            out["flags"] = EPHEMERAL
        if self.images:
            out["attachments"] = [
                {"id": i, "filename": name} for i, (name, _) in enumerate(self.images)
            ]
        return out


def said(text: str, *, public: bool = False, buttons: Sequence[Button] = ()) -> Reply:
    return Reply(text, ephemeral=not public, buttons=tuple(buttons))


def deferred(later: Callable[[], Reply]) -> Reply:
    """Answer "thinking…" (to the caller only) at once; ``later`` makes the real answer,
    sent as the follow-up once the response is out (it may take longer than Discord's 3
    seconds)."""
    return Reply("", type=DEFERRED, later=later)


def refused(reason: str) -> Reply:
    """A refusal, to the caller only, naming the reason."""
    return Reply(f"⚠️ {reason[:1900]}")


def updated(text: str, buttons: Sequence[Button] = ()) -> Reply:
    """The button's own message, rewritten (its buttons replaced by ``buttons``)."""
    return Reply(text, type=UPDATE, ephemeral=False, buttons=tuple(buttons))


def response(reply: Reply) -> Response:
    body = {"type": reply.type, "data": reply.data()}
    if not reply.images:
        return JSONResponse(body)
    boundary = secrets.token_hex(16)
    parts = [
        _part(boundary, 'name="payload_json"', "application/json", json.dumps(body).encode()),
        *(
            _part(boundary, f'name="files[{i}]"; filename="{name}"', "image/png", data)
            for i, (name, data) in enumerate(reply.images)
        ),
    ]
    content = b"".join(parts) + f"--{boundary}--\r\n".encode()
    return Response(content, media_type=f"multipart/form-data; boundary={boundary}")


def _part(boundary: str, disposition: str, kind: str, data: bytes) -> bytes:
    head = (
        f"--{boundary}\r\nContent-Disposition: form-data; {disposition}\r\n"
        f"Content-Type: {kind}\r\n\r\n"
    )
    return head.encode() + data + b"\r\n"
