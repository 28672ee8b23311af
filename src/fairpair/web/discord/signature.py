"""Discord's request signature: ``X-Signature-Ed25519`` (hex) is the application's Ed25519
signature of ``X-Signature-Timestamp`` + the raw body, checked with the application's
public key (``cryptography``). A request is refused when a header is missing, the signature
does not verify, or the timestamp is older than ``MAX_AGE`` or ahead of the server's clock
by more than ``MAX_AHEAD`` (a replay of an old request; Discord answers within seconds)."""

from __future__ import annotations

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from fairpair.service.discord.replay import WINDOW

MAX_AGE = WINDOW.total_seconds()
MAX_AHEAD = 30.0


def public_key(hex_key: str) -> Ed25519PublicKey:
    """The application's public key from its hex (as the Developer Portal shows it);
    ``ValueError`` naming the setting when it is not 32 bytes of hex."""
    try:
        raw = bytes.fromhex(hex_key.strip())
        if len(raw) != 32:
            raise ValueError
        return Ed25519PublicKey.from_public_bytes(raw)
    except ValueError:
        raise ValueError(
            "FAIRPAIR_DISCORD_PUBLIC_KEY must be the application's public key: 64 hex digits"
        ) from None


def refusal(
    key: Ed25519PublicKey | None,
    signature: str | None,
    timestamp: str | None,
    body: bytes,
    at: float,
) -> str | None:
    """Why the request must be refused, or ``None`` when it is Discord's, and fresh."""
    if key is None:
        return "the Discord bot is not set up on this server (FAIRPAIR_DISCORD_PUBLIC_KEY)"
    if not signature or not timestamp:
        return "missing X-Signature-Ed25519 or X-Signature-Timestamp"
    if not timestamp.isdigit() or len(timestamp) > 12:
        return "X-Signature-Timestamp is not a Unix time"
    age = at - int(timestamp)
    if age > MAX_AGE:
        return "stale request: its timestamp is more than 5 minutes old"
    if age < -MAX_AHEAD:
        return "request from the future: its timestamp is ahead of the server's clock"
    try:
        raw = bytes.fromhex(signature)
        if len(raw) != 64:
            raise ValueError
        key.verify(raw, timestamp.encode() + body)
    except (ValueError, InvalidSignature):
        return "invalid request signature"
    return None
