"""``fairpair discord``: register-commands PUTs the command definitions to the local fake
Discord (the application's, or one server's), with the bot token; link-code and player-code
print one-time codes that ``/link`` and ``/join`` take."""

from __future__ import annotations

import json

import pytest

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.service.discord.codes import code_for
from fairpair.service.discord.commands import COMMANDS
from fairpair.service.discord.display import ENV_BOT_TOKEN
from fairpair.service.kernel.connection import opened
from fairpair.service.outbound.discord_dm import ENV_API
from fairpair.web.discord.commands import COMMANDS as ANSWERED
from service.fake_services import fake_services

runner = CliRunner()


def test_register_commands_puts_every_answered_command(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sorted(c["name"] for c in COMMANDS) == sorted(ANSWERED)
    with fake_services() as fake:
        monkeypatch.setenv(ENV_API, fake.discord_api)
        monkeypatch.setenv(ENV_BOT_TOKEN, "bot-token")
        result = runner.invoke(app, ["discord", "register-commands", "--application", "42"])
        assert result.exit_code == 0, result.output
        assert "registered 9 commands globally" in result.output
        result = runner.invoke(
            app, ["discord", "register-commands", "--application", "42", "--guild", "7"]
        )
        assert result.exit_code == 0, result.output
    first, second = fake.of("/discord/applications/")
    assert (first.method, first.path) == ("PUT", "/discord/applications/42/commands")
    assert second.path == "/discord/applications/42/guilds/7/commands"
    assert first.headers["authorization"] == "Bot bot-token"
    assert first.json() == COMMANDS


def test_register_commands_needs_the_application_and_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_BOT_TOKEN, raising=False)
    result = runner.invoke(app, ["discord", "register-commands", "--application", "42"])
    assert result.exit_code != 0 and ENV_BOT_TOKEN in result.output
    monkeypatch.setenv(ENV_BOT_TOKEN, "t")
    monkeypatch.delenv("FAIRPAIR_DISCORD_APPLICATION_ID", raising=False)
    result = runner.invoke(app, ["discord", "register-commands"])
    assert result.exit_code != 0 and "application" in result.output


def test_codes_for_link_and_join(own_database: str) -> None:
    assert runner.invoke(app, ["event", "new", "Club Night"]).exit_code == 0
    assert runner.invoke(app, ["player", "add", "club-night", "Ann"]).exit_code == 0
    result = runner.invoke(app, ["discord", "link-code", "club-night", "--json"])
    assert result.exit_code == 0, result.output
    channel = json.loads(result.output)["code"]
    result = runner.invoke(app, ["discord", "player-code", "club-night", "Ann"])
    assert result.exit_code == 0 and "/join code:" in result.output
    player = result.output.split("/join code:")[1].split()[0]
    with opened(own_database) as db:
        assert code_for(db, channel).purpose == "channel"
        assert code_for(db, player).slug == "club-night"
    result = runner.invoke(app, ["discord", "player-code", "club-night", "Nobody"])
    assert result.exit_code != 0
