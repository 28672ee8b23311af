"""The bot's slash commands as Discord registers them (``PUT
/applications/{id}/commands``, ``fairpair discord register-commands``): names, help lines
and options. ``/link`` and ``/unlink`` are shown only to members who may manage channels
(``default_member_permissions``; the endpoint checks it again), and none works in a DM."""

from __future__ import annotations

from typing import Any

STRING = 3
CHAT_INPUT = 1
#: Discord's MANAGE_CHANNELS permission bit, as the decimal string the API takes.
MANAGE_CHANNELS = str(1 << 4)


def _code(help: str) -> list[dict[str, Any]]:
    return [
        {"type": STRING, "name": "code", "description": help, "required": True, "max_length": 20}
    ]


def _command(name: str, description: str, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "type": CHAT_INPUT,
        "description": description,
        "contexts": [0],  # in servers only (guild)
        **extra,
    }


COMMANDS: list[dict[str, Any]] = [
    _command(
        "link",
        "Show an event in this channel (its live pairings and standings).",
        options=_code("The one-time code from the event's console"),
        default_member_permissions=MANAGE_CHANNELS,
    ),
    _command(
        "unlink",
        "Stop showing the event in this channel.",
        default_member_permissions=MANAGE_CHANNELS,
    ),
    _command(
        "join",
        "Tell fairpair which player you are (your code from your player page).",
        options=_code("The one-time Discord code from your player page"),
    ),
    _command("pairings", "The current round's pairings."),
    _command("standings", "The standings."),
    _command(
        "leaderboard",
        "The league's leaderboard (the season this channel's events count in).",
        options=[
            {
                "type": STRING,
                "name": "league",
                "description": "Another league of the community (its key)",
                "required": False,
                "max_length": 80,
            }
        ],
    ),
    _command("checkin", "Check yourself in."),
    _command("drop", "Drop out of the event (asks to confirm)."),
    _command("report", "Report your match's result, or confirm your opponent's report."),
]
