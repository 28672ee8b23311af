"""``/report`` on Discord (issue 12.7) is the player page's self-report, to the letter: the
result buttons report (``self_reports.report_own``), the opponent confirms with a button
and the result is recorded once; a dispute goes to the Resolution Queue; nobody else may
answer; everything audited under the players' names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from fairpair.service.discord.codes import new_code
from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.service.rounds import lifecycle as rounds
from self_report_events import ACTOR, Pair, pairs, reporting_event

from .discord_helpers import MANAGER, Discord, answer, button, command, custom_ids, discord_client


@pytest.fixture
def discord() -> Discord:
    return Discord()


@pytest.fixture
def client(sqlite_db: Database, discord: Discord) -> Iterator[TestClient]:
    with discord_client(sqlite_db, discord) as made:
        yield made


def _event(db: Database, client: TestClient, discord: Discord) -> tuple[str, Pair]:
    """A linked event whose table 1 players joined as Discord users 701 (a) and 702 (b)."""
    slug = reporting_event(db, "Reported", 4)
    code = new_code(db, slug, "channel", actor=ACTOR)
    answer(discord.send(client, command("link", permissions=MANAGER, code=code)))
    table = pairs(db, slug)[0]
    for key, user in ((table.a, "701"), (table.b, "702")):
        player_code = new_code(db, slug, "player", actor=ACTOR, player=key)
        answer(discord.send(client, command("join", user, code=player_code)))
    return slug, table


def _result(db: Database, slug: str, table: int) -> str | None:
    view = rounds.round_view(db, slug, 1)
    (found,) = [t for t in view.tables if t.table == table]
    return None if found.result is None else str(found.result)


def test_report_then_the_opponent_confirms(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    slug, table = _event(sqlite_db, client, discord)
    t = table.table
    payload, _ = answer(discord.send(client, command("report", "701")))
    assert payload["data"]["flags"] == 64
    assert custom_ids(payload) == [
        f"report:1:{t}:2-0-0",
        f"report:1:{t}:2-1-0",
        f"report:1:{t}:1-2-0",
        f"report:1:{t}:0-2-0",
        f"report:1:{t}:1-1-1",
    ]
    payload, _ = answer(discord.send(client, button(f"report:1:{t}:2-1-0", "701")))
    data = payload["data"]
    assert payload["type"] == 4 and "flags" not in data  # the channel sees it
    assert data["content"].startswith("<@702> ") and "**2-1**" in data["content"]
    assert data["allowed_mentions"] == {"parse": [], "users": ["702"]}
    assert custom_ids(payload) == [f"confirm:1:{t}:1", f"dispute:1:{t}:1"]
    assert _result(sqlite_db, slug, t) is None  # waiting for the opponent

    # the reporter may not confirm their own report; a stranger may not either
    own, _ = answer(discord.send(client, button(f"confirm:1:{t}:1", "701")))
    assert "your own report" in own["data"]["content"] and own["data"]["flags"] == 64
    stranger, _ = answer(discord.send(client, button(f"confirm:1:{t}:1", "999")))
    assert "/join" in stranger["data"]["content"]

    # the opponent's /report shows the report to confirm
    payload, _ = answer(discord.send(client, command("report", "702")))
    assert "**1-2** (told from your side)" in payload["data"]["content"]
    assert custom_ids(payload) == [f"confirm:1:{t}:1", f"dispute:1:{t}:1"]

    payload, _ = answer(discord.send(client, button(f"confirm:1:{t}:1", "702")))
    assert payload["type"] == 7 and payload["data"]["components"] == []
    assert "Result recorded" in payload["data"]["content"]
    assert _result(sqlite_db, slug, t) is not None

    # exactly once: a second click is refused, naming the result
    again, _ = answer(discord.send(client, button(f"confirm:1:{t}:1", "702")))
    assert "already has its result" in again["data"]["content"]
    actions = [(e.action, e.actor) for e in audit_log(sqlite_db, slug).entries]
    assert (
        "self_report.report",
        f"player {table.a} ({table.a.upper()}) via Discord 701",
    ) in actions
    assert (
        "self_report.confirm",
        f"player {table.b} ({table.b.upper()}) via Discord 702",
    ) in actions
    assert [a for a, _ in actions].count("result.report") == 1


def test_the_same_report_from_both_sides_is_a_confirmation(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    slug, table = _event(sqlite_db, client, discord)
    t = table.table
    answer(discord.send(client, button(f"report:1:{t}:2-0-0", "701")))
    payload, _ = answer(discord.send(client, button(f"report:1:{t}:0-2-0", "702")))
    assert "Result recorded" in payload["data"]["content"] and "flags" not in payload["data"]
    assert _result(sqlite_db, slug, t) is not None


def test_a_dispute_goes_to_the_resolution_queue(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    slug, table = _event(sqlite_db, client, discord)
    t = table.table
    answer(discord.send(client, button(f"report:1:{t}:2-0-0", "701")))
    payload, _ = answer(discord.send(client, button(f"dispute:1:{t}:1", "702")))
    assert payload["data"]["flags"] == 64
    ids = custom_ids(payload)
    assert f"say:1:{t}:1:0-2-0" not in ids and f"say:1:{t}:1:2-0-0" in ids
    payload, _ = answer(discord.send(client, button(f"say:1:{t}:1:2-0-0", "702")))
    assert payload["type"] == 7 and "judge will settle it" in payload["data"]["content"]
    queue = resolution_queue(sqlite_db, slug)
    assert len(queue.items) == 1
    assert _result(sqlite_db, slug, t) is None
    late, _ = answer(discord.send(client, button(f"confirm:1:{t}:1", "702")))
    assert "disputed" in late["data"]["content"]


def test_a_button_of_another_table_is_refused(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    slug, table = _event(sqlite_db, client, discord)
    other = next(p.table for p in pairs(sqlite_db, slug) if p.table != table.table)
    payload, _ = answer(discord.send(client, button(f"report:1:{other}:2-0-0", "701")))
    assert payload["data"]["flags"] == 64
    assert f"table {other} is not your match" in payload["data"]["content"]
    payload, _ = answer(discord.send(client, button(f"report:2:{table.table}:2-0-0", "701")))
    assert "round 2 is not your current round" in payload["data"]["content"]
