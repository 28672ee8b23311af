"""Who sent an interaction, and where: the Discord user (``member.user`` in a server,
``user`` in a DM), the channel, the server (guild) and the member's permissions there —
as Discord signed them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Permission bits (Discord's): administrators and those who manage channels may link one.
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4


@dataclass(frozen=True, slots=True)
class Caller:
    user_id: str
    username: str
    channel_id: str
    guild_id: str | None
    permissions: int

    @property
    def manages_channels(self) -> bool:
        return bool(self.permissions & (ADMINISTRATOR | MANAGE_CHANNELS))


def _text(value: Any) -> str:
    return str(value) if isinstance(value, str | int) else ""


def caller_of(interaction: dict[str, Any]) -> Caller | None:
    """The caller of ``interaction`` (``None``: no user or channel in it)."""
    member = interaction.get("member")
    user = member.get("user") if isinstance(member, dict) else interaction.get("user")
    if not isinstance(user, dict):
        return None
    channel = interaction.get("channel_id") or (interaction.get("channel") or {}).get("id")
    user_id, channel_id = _text(user.get("id")), _text(channel)
    if not user_id or not channel_id:
        return None
    permissions = member.get("permissions") if isinstance(member, dict) else None
    bits = int(permissions) if isinstance(permissions, str) and permissions.isdigit() else 0
    guild = _text(interaction.get("guild_id")) or None
    name = _text(user.get("global_name")) or _text(user.get("username")) or user_id
    return Caller(user_id, name, channel_id, guild, bits)


def options_of(interaction: dict[str, Any]) -> dict[str, str]:
    """A slash command's options, by name (their values as text)."""
    data = interaction.get("data")
    found = data.get("options") if isinstance(data, dict) else None
    out: dict[str, str] = {}
    for option in found if isinstance(found, list) else ():
        if isinstance(option, dict) and isinstance(option.get("name"), str):
            out[option["name"]] = _text(option.get("value"))
    return out
