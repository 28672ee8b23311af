"""Web push (RFC 8030, VAPID RFC 8292, payload encryption RFC 8291) through **pywebpush**.

The installation's VAPID key pair is made once and kept in ``server_keys`` (every process
and every restart signs with the same key, so subscriptions stay valid); the page gets its
public key (``vapid_public_key``) to subscribe with. ``send_push`` encrypts the notification
for one subscription and posts it to the browser's push service:

| push service answers | delivery                                              |
|----------------------|-------------------------------------------------------|
| 201 (any 2xx)        | ``sent``                                              |
| 404 / 410            | ``gone``: the subscription is deleted                 |
| 429, 5xx, no answer  | the job fails and is retried after its backoff        |
| another 4xx          | ``failed``, the answer kept                           |
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass
from typing import Any

from py_vapid import Vapid02  # type: ignore[import-untyped]

from fairpair.service.kernel.server_keys import server_key
from fairpair.service.outbound.push_subscriptions import Subscription
from fairpair.store.database import Database

VAPID_KEY = "vapid-private-pem"
#: The ``sub`` claim push services may use to contact the sender.
ENV_SUBJECT = "FAIRPAIR_VAPID_SUBJECT"
DEFAULT_SUBJECT = "mailto:fairpair@example.invalid"
#: How long a push service keeps an undelivered message (a round's notice is old after a day).
TTL_SECONDS = 24 * 3600
TIMEOUT_SECONDS = 10.0


class PushUnavailable(Exception):
    """The push service did not take the message now (429, 5xx, a network error): retry."""


@dataclass(frozen=True, slots=True)
class PushOutcome:
    state: str  # sent / gone / failed
    detail: str | None = None


def _make_private_pem() -> str:
    vapid = Vapid02()
    vapid.generate_keys()
    pem: bytes = vapid.private_pem()
    return pem.decode("ascii")


def _vapid(db: Database) -> Any:
    return Vapid02.from_pem(server_key(db, VAPID_KEY, _make_private_pem).encode("ascii"))


def vapid_public_key(db: Database) -> str:
    """The application server key a browser subscribes with (base64url, uncompressed P-256)."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    raw = _vapid(db).public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def push_body(title: str, body: str, url: str | None) -> bytes:
    """What the service worker receives (``static/sw.js`` shows it)."""
    return json.dumps({"title": title, "body": body, "url": url}, ensure_ascii=False).encode()


def send_push(db: Database, sub: Subscription, data: bytes) -> PushOutcome:
    """Post ``data`` to ``sub`` (see the module's table); ``PushUnavailable`` to retry."""
    from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

    info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
    claims = {"sub": os.environ.get(ENV_SUBJECT) or DEFAULT_SUBJECT}
    try:
        webpush(
            info,
            data=data,
            vapid_private_key=_vapid(db),
            vapid_claims=claims,
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
        )
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        text = f"push service answered {status}" if status else f"push failed: {error.message}"
        if status in (404, 410):
            return PushOutcome("gone", text)
        if status is None or status == 429 or status >= 500:
            raise PushUnavailable(text) from None
        return PushOutcome("failed", text)
    except OSError as error:  # requests' connection errors are OSErrors
        raise PushUnavailable(f"push service unreachable: {error}") from None
    return PushOutcome("sent")
