"""The live display message (issue 12.7) against the local fake Discord: linking a channel
posts it (pairings and standings as images, the round's tables as text); a result edits it
(PATCH), many results one edit; a failing Discord fails the job, never the result; a
deleted message is posted again; an unlinked channel is left alone."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from fairpair.engine.results import Result
from fairpair.service.discord.codes import new_code
from fairpair.service.discord.display import ENV_BOT_TOKEN, KIND, nudge
from fairpair.service.discord.links import link_channel, unlink_channel
from fairpair.service.event.events import event_version
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import pending
from fairpair.service.kernel.change import now
from fairpair.service.outbound.discord_dm import ENV_API
from fairpair.service.results import recording as results
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, DiscordChannelRow, JobRow
from self_report_events import ACTOR, pairs, reporting_event

from .fake_services import FakeServices, Seen, fake_services


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    with fake_services() as services:
        monkeypatch.setenv(ENV_API, services.discord_api)
        monkeypatch.setenv(ENV_BOT_TOKEN, "bot-token")
        yield services


def _run(db: Database) -> tuple[int, int]:
    """Do the jobs due (the redraw waits a moment for more changes: run them as if later)."""
    done = failed = 0
    while True:
        d, f = run_due(db, handlers(db), worker="w", at=now() + timedelta(seconds=10))
        done, failed = done + d, failed + f
        if not (d or f) or f:
            return done, failed


def _linked(db: Database, name: str = "Display") -> str:
    slug = reporting_event(db, name, 4)
    code = new_code(db, slug, "channel", actor=ACTOR)
    link_channel(db, code, guild_id="111", channel_id="700", actor="Discord user td (1)")
    return slug


def _parts(seen: Seen) -> tuple[dict[str, Any], dict[str, bytes]]:
    return seen.parts()


def _messages(fake: FakeServices) -> list[Seen]:
    return [s for s in fake.of("/discord/channels/700/messages")]


def _record(db: Database, slug: str, table: int) -> None:
    results.report(db, slug, 1, Result.from_games(2, 1, 0), actor=ACTOR, table=table)
    nudge(db, slug, event_version(db, slug))  # what the server's live seam does


def test_linking_posts_the_display_then_a_result_edits_it(db: Database, fake: FakeServices) -> None:
    slug = _linked(db)
    assert _run(db) == (1, 0)
    (posted,) = _messages(fake)
    assert posted.method == "POST" and posted.headers["authorization"] == "Bot bot-token"
    payload, files = _parts(posted)
    # no result yet: the pairings, and no standings to draw
    assert set(files) == {"files[0]"} and files["files[0]"].startswith(b"\x89PNG")
    assert [a["filename"] for a in payload["attachments"]] == ["pairings.png"]
    assert "round 1" in payload["content"] and "Table 1: P" in payload["content"]
    assert payload["allowed_mentions"] == {"parse": []}

    _record(db, slug, pairs(db, slug)[0].table)
    assert _run(db) == (1, 0)
    edit = _messages(fake)[-1]
    assert (edit.method, edit.path) == ("PATCH", "/discord/channels/700/messages/m1")
    payload, files = _parts(edit)
    assert "wins 2-1" in payload["content"] and len(files) == 2
    assert [a["filename"] for a in payload["attachments"]] == ["pairings.png", "standings.png"]
    assert all(f.startswith(b"\x89PNG") for f in files.values())
    with db.reading() as conn:
        row = conn.execute(
            select(DiscordChannelRow.message_id, DiscordChannelRow.shown_version)
        ).one()
    assert row.message_id == "m1" and row.shown_version == event_version(db, slug)


def test_many_results_are_one_edit(db: Database, fake: FakeServices) -> None:
    slug = _linked(db)
    _run(db)
    for pair in pairs(db, slug):
        _record(db, slug, pair.table)
    assert len([j for j in pending(db) if j.kind == KIND]) == 1
    assert _run(db) == (1, 0)
    assert [s.method for s in _messages(fake)] == ["POST", "PATCH"]
    assert _run(db) == (0, 0)  # nothing new: nothing drawn


def test_a_failing_discord_never_blocks_a_result_and_is_retried(
    db: Database, fake: FakeServices
) -> None:
    slug = _linked(db)
    _run(db)
    fake.answers.append((500, {"message": "down"}))
    table = pairs(db, slug)[0].table
    _record(db, slug, table)  # recorded whatever Discord does
    assert _run(db) == (0, 1)
    with db.reading() as conn:
        (error,) = conn.execute(
            select(JobRow.last_error).where(JobRow.kind == KIND, JobRow.done_at.is_(None))
        ).scalars()
    assert "500" in (error or "")
    # due again after the backoff: then drawn
    done, _ = run_due(db, handlers(db), worker="w", at=now() + timedelta(minutes=5))
    assert done == 1 and _messages(fake)[-1].method == "PATCH"


def test_a_deleted_display_is_posted_again(db: Database, fake: FakeServices) -> None:
    slug = _linked(db)
    _run(db)
    fake.deleted.add("m1")
    _record(db, slug, pairs(db, slug)[0].table)
    assert _run(db) == (1, 0)
    assert [s.method for s in _messages(fake)] == ["POST", "PATCH", "POST"]
    with db.reading() as conn:
        assert conn.execute(select(DiscordChannelRow.message_id)).scalar_one() == "m2"


def test_an_unlinked_channel_is_left_alone_and_links_are_audited(
    db: Database, fake: FakeServices
) -> None:
    slug = _linked(db)
    unlink_channel(db, "700", actor="Discord user td (1)")
    assert _run(db) == (1, 0)  # the job finds no channel: done, nothing sent
    assert _messages(fake) == []
    assert nudge(db, slug, event_version(db, slug) + 1) == 0
    with db.reading() as conn:
        actions = conn.execute(select(AuditRow.action).order_by(AuditRow.id)).scalars().all()
    assert actions[-3:] == ["discord.code", "discord.link", "discord.unlink"]
