"""A league on Discord (issue 30): ``/leaderboard`` in a channel linked to an event of a
league answers later with the leaderboard's image and text (another league by its key; a
server that is no community's and an unlinked channel are told why), and the live display
message of a finished event of the league shows the leaderboard too."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from fairpair.service.communities import communities
from fairpair.service.discord.codes import new_code
from fairpair.service.discord.display import ENV_BOT_TOKEN, nudge
from fairpair.service.discord.links import link_channel
from fairpair.service.event.events import event_version
from fairpair.service.jobs.runner import run_due
from fairpair.service.kernel.change import now
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues import leagues
from fairpair.service.outbound.discord_dm import ENV_API
from fairpair.service.players.registration import NewPlayer
from fairpair.service.wiring import handlers
from service.fake_services import FakeServices, fake_services
from service.league_weeks import week

from .discord_helpers import CHANNEL, GUILD, Discord, answer, command, discord_client


@pytest.fixture
def discord() -> Discord:
    return Discord()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    with fake_services() as services:
        monkeypatch.setenv(ENV_API, services.discord_api)
        monkeypatch.setenv(ENV_BOT_TOKEN, "bot-token")
        yield services


def _season(db: Database) -> tuple[str, str, str]:
    store = communities.create_community(db, "Disco Store", actor="td")
    one = week(db, store, "Disco 1", [NewPlayer("Ann", seed=1), NewPlayer("Bob", seed=2)],
               {frozenset(("Ann", "Bob")): "Ann"})  # fmt: skip
    key = leagues.create_league(db, store, "Disco Season", actor="td", events=[one])
    return store, key, one


def test_leaderboard_command_and_the_display(
    sqlite_db: Database, discord: Discord, fake: FakeServices
) -> None:
    db = sqlite_db
    store, key, one = _season(db)
    with discord_client(db, discord) as client:
        payload, _ = answer(discord.send(client, command("leaderboard")))
        assert payload["data"]["flags"] == 64 and "no community" in payload["data"]["content"]
        link_channel(db, new_code(db, one, "channel", actor="td"), guild_id=GUILD,
                     channel_id=CHANNEL, actor="Discord user td (1)")  # fmt: skip
        payload, _ = answer(discord.send(client, command("leaderboard")))
        assert payload["type"] == 5
        body, files = fake.of("/discord/webhooks/")[-1].parts()
        assert body["content"].startswith("**Disco Season** — leaderboard (1 event)")
        assert "1. Ann — 3 points (1 events)" in body["content"]
        assert body["attachments"] == [{"id": 0, "filename": "leaderboard.png"}]
        assert files["files[0]"].startswith(b"\x89PNG")
        answer(discord.send(client, command("leaderboard", league=key)))
        assert f"/c/{store}" not in fake.of("/discord/webhooks/")[-1].parts()[0]["content"]
        assert "Disco Season" in fake.of("/discord/webhooks/")[-1].parts()[0]["content"]
        payload, _ = answer(discord.send(client, command("leaderboard", league="nope")))
        assert "no league 'nope'" in payload["data"]["content"]

    # the display of the linked event: its round is completed, so the leaderboard shows
    nudge(db, one, event_version(db, one))
    run_due(db, handlers(db), worker="w", at=now() + timedelta(seconds=10))
    posted = fake.of(f"/discord/channels/{CHANNEL}/messages")[-1]
    body, files = posted.parts()
    assert "**Disco Season** — leaderboard" in body["content"]
    assert "leaderboard.png" in [a["filename"] for a in body["attachments"]]
