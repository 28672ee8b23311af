"""Look-alike names on the web, in the API and on the command line (issue 33, point 5): the
Players tab warns staff of two names that look alike, the API's players carry
``looks_like``, ``fairpair player add`` says it; a name with a hidden character is refused
on the console's form with the field named, and the public join form too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from cli_runner import CliRunner
from fairpair.cli.app import app as cli_app
from fairpair.service.accounts import staff
from fairpair.service.event.events import create_event, show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

from .api_helpers import bearer
from .conftest import LiveServer
from .helpers import PASSWORD, account, log_in, post

ACTOR = "td"


def test_the_players_tab_and_the_api_tell_of_look_alike_names(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    slug = create_event(sqlite_db, "Alike Web", actor=ACTOR, owner=owner.id)
    add_players(sqlite_db, slug, [NewPlayer("Ann Lee"), NewPlayer("Bo")], actor=ACTOR)
    log_in(web_client, "olga")
    assert 'id="lookalike-warning"' not in web_client.get(f"/console/{slug}/players").text
    added = post(web_client, f"/console/{slug}/players/add", {"name": "Аnn Lee", "id": "impostor"})
    assert added.status_code == 303  # added: two people may look alike, staff are warned
    page = web_client.get(f"/console/{slug}/players").text
    assert 'id="lookalike-warning"' in page
    assert "“Ann Lee” (ann-lee) and “Аnn Lee” (impostor) look alike" in page
    assert "U+0410 CYRILLIC CAPITAL LETTER A" in page

    refused = post(web_client, f"/console/{slug}/players/add", {"name": "Bo\u202eyrneH"})
    assert refused.status_code == 422
    assert "invisible character (U+202E RIGHT-TO-LEFT OVERRIDE)" in refused.text
    assert len(show_event(sqlite_db, slug).players) == 3
    # a French organizer reads the warning and the refusal in French
    web_client.cookies.set("fairpair_lang", "fr")
    page = web_client.get(f"/console/{slug}/players").text
    assert "« Ann Lee » (ann-lee) et « Аnn Lee » (impostor) se ressemblent" in page
    assert "U+0410 CYRILLIC CAPITAL LETTER A" in page  # Unicode's own name of the character
    refused = post(web_client, f"/console/{slug}/players/add", {"name": "Bo\u202eyrneH"})
    assert refused.status_code == 422 and "U+202E RIGHT-TO-LEFT OVERRIDE" in refused.text
    assert "invisible character" not in refused.text
    web_client.cookies.delete("fairpair_lang")

    headers = bearer(sqlite_db, "viewer-api")
    staff.grant(sqlite_db, slug, "viewer-api", "viewer", actor=ACTOR)
    answer = web_client.get(f"/api/v1/events/{slug}/players", headers=headers)
    assert answer.status_code == 200, answer.text
    listed = {p["id"]: p.get("looks_like") for p in answer.json()}
    assert listed == {"ann-lee": ["impostor"], "bo": None, "impostor": ["ann-lee"]}


def test_the_command_line_warns_of_a_look_alike(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    runner = CliRunner()

    def run(*args: str) -> Any:
        done = runner.invoke(cli_app, [*args, "--db", url])
        assert done.exit_code == 0, done.output
        return done

    slug = json.loads(run("event", "new", "Alike Cli", "--json").stdout)["event"]
    run("player", "add", slug, "Ann Lee")
    said = run("player", "add", slug, "Аnn Lee", "--id", "impostor")
    assert "warning: “Аnn Lee” (impostor) looks like “Ann Lee” (ann-lee)" in said.output
    data = json.loads(run("player", "add", slug, "Ann Lее", "--json").stdout)
    assert [o["id"] for o in data["lookalikes"][0]["looks_like"]] == ["ann-lee", "impostor"]
    refused = runner.invoke(cli_app, ["player", "add", slug, "Ann\u200bLee", "--db", url])
    assert refused.exit_code != 0 and "U+200B ZERO WIDTH SPACE" in refused.output


@pytest.mark.browser
def test_staff_see_look_alike_names_on_the_players_tab(
    browser: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    owner = account(db, "lookalike-owner")
    slug = create_event(
        db, "Look Alike Night", actor=ACTOR, owner=owner.id, slug="look-alike-night"
    )
    add_players(db, slug, [NewPlayer("Ann Lee"), NewPlayer("Bo")], actor=ACTOR)
    context = browser.new_context(base_url=live_server.url)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(f"/console/{slug}/players")
        page.fill("#f-username", "lookalike-owner")
        page.fill("#f-password", PASSWORD)
        page.click("form[action='/login'] button[type=submit]")
        page.wait_for_url(f"**/console/{slug}/players")
        expect(page.locator("#lookalike-warning")).to_have_count(0)
        page.fill("#f-name", "Аnn Lee")  # with a Cyrillic А, typed by the organizer
        page.locator("#f-name").press("Enter")  # sent in the background (htmx)
        warning = page.locator("#lookalike-warning")
        expect(warning).to_be_visible()
        expect(warning).to_contain_text("1 pair of names look alike")
        expect(warning).to_contain_text("“Ann Lee” (ann-lee) and “Аnn Lee”")
        expect(warning).to_contain_text("U+0410 CYRILLIC CAPITAL LETTER A")
    finally:
        context.close()
