"""A league in Chromium (issue 30), as a store owner and their players see it: the owner
starts "Spring Season" on the console's Leagues page (the rule typed in its form, week 1
ticked), adds week 2; the public leaderboard links each player to their profile and moves
by itself when a result of week 2 arrives (no reload); the owner closes the season after
a confirmation, and the public page then says the leaderboard is final. axe finds nothing
serious on the leaderboard and the console's league page.

Screenshots for docs/leagues.md when ``FAIRPAIR_LEAGUES_SHOTS`` names a folder
(``docs/screenshots``)."""

from __future__ import annotations

import os
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from fairpair import i18n
from fairpair.engine.points_text import points_text
from fairpair.engine.results import Result, Side
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.event import events
from fairpair.service.leagues.board import league_board
from fairpair.service.leagues.leagues import season_dates
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import flow, lifecycle
from fairpair.service.rounds.repeats import round_view

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .test_browser_accessibility import AXE, RUN_AXE, TAGS


def _shot(page: Any, name: str) -> None:
    where = os.environ.get("FAIRPAIR_LEAGUES_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"leagues-{name}.png"), full_page=True)


def _serious(page: Any) -> list[str]:
    found = page.evaluate(RUN_AXE, TAGS)
    return [f"{v['rule']}: {v['targets']}" for v in found if v["impact"] in ("serious", "critical")]


def _points(db: Any, club: str, person: str) -> str:
    row = league_board(db, club, "spring-season").board.row(person)
    assert row is not None
    return points_text(row.points)


@pytest.mark.browser
def test_a_season_from_the_console_to_the_live_leaderboard(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    owner = account(db, "lena-league")
    club = create_community(db, "Lena's Games", actor="setup", owner=owner.id, slug="lenas")
    field = ["Ann Lee", "Bo Chen", "Cy Dunn", "Di Moss"]
    week1 = events.create_event(db, "Lena Week 1", actor="setup", owner=owner.id)
    attach_event(db, club, week1, actor="setup")
    players.add_players(
        db, week1, [NewPlayer(n, seed=i) for i, n in enumerate(field, 1)], actor="s"
    )
    flow.next_round(db, week1, actor="setup")
    for table in (1, 2):
        results.report(db, week1, 1, Result.win(Side.A), table=table, actor="setup")
    lifecycle.complete_round(db, week1, 1, actor="setup")
    week2 = events.create_event(db, "Lena Week 2", actor="setup", owner=owner.id)
    attach_event(db, club, week2, actor="setup")
    players.add_players(
        db, week2, [NewPlayer("Ann Lee", person="ann-lee", seed=1), NewPlayer("Eve Fox", seed=2)],
        actor="setup",
    )  # fmt: skip
    flow.next_round(db, week2, actor="setup")

    page.context.add_init_script(path=str(AXE))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto("/login")
    page.fill("#f-username", "lena-league")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/console")

    # start the league: the rule from the form, week 1 ticked
    page.goto(f"/communities/{club}/leagues")
    expect(page.locator("#no-league")).to_be_visible()
    page.fill("#f-name", "Spring Season")
    starts, ends = date.today() - timedelta(days=30), date.today() + timedelta(days=60)
    page.fill("#f-starts", starts.isoformat())
    page.fill("#f-ends", ends.isoformat())
    page.fill("#f-attend", "1")
    page.fill("#f-places", "4, 2")
    page.check(f"input[name='event:{week1}']")
    page.click("#start-league")
    expect(page.locator("#league-title")).to_have_text("Spring Season")
    expect(page.locator("#rule-text")).to_contain_text(
        "3 a win, 1 a draw, 1 for taking part; by place: 1st 4, 2nd 2"
    )
    expect(page.locator("#league-events tbody tr")).to_have_count(1)
    page.check(f"input[name='event:{week2}']")
    page.click("#add-events")
    expect(page.locator("#league-events tbody tr")).to_have_count(2)
    page.fill("#f-places", "2, 4")  # a table that rises: refused next to the field
    page.click("#save-league")
    expect(page.locator("#e-places")).to_contain_text("from 1st down")
    _shot(page, "console")
    assert _serious(page) == []

    # the public leaderboard: week 1's winners first, each linked to their profile
    page.goto(f"/c/{club}/leagues/spring-season")
    board = page.locator("#leaderboard")
    expect(board.locator("tbody tr")).to_have_count(4)  # Eve: paired in week 2, no result yet
    ann = board.locator("tr[data-person='ann-lee']")
    expect(ann.locator(".points")).to_have_text(_points(db, club, "ann-lee"))  # 3 + 1 + 4 or 2
    expect(ann.locator(".record")).to_have_text("1-0-0")
    expect(ann.locator("a")).to_have_attribute("href", f"/c/{club}/p/ann-lee")
    page.evaluate("window.stillTheSamePage = true")
    paired = round_view(db, week2, 1).tables[0]
    side = Side.A if paired.a.name == "Ann Lee" else Side.B
    results.report(db, week2, 1, Result.win(side), table=paired.table, actor="setup")
    expect(ann.locator(".record")).to_have_text("2-0-0")  # live: the page was not reloaded
    expect(ann.locator(".points")).to_have_text(_points(db, club, "ann-lee"))
    expect(board.locator("tbody tr")).to_have_count(5)  # Eve too now
    assert page.evaluate("window.stillTheSamePage") is True
    _shot(page, "leaderboard")
    assert _serious(page) == []

    # close the season: asked first, then final
    page.goto(f"/communities/{club}/leagues/spring-season")
    page.click("#close-league")
    expect(page.locator("#confirm-question")).to_have_text(
        "Close Spring Season? Its leaderboard becomes final."
    )
    page.click("#confirm-yes")
    expect(page.locator("#done")).to_have_text("The season is closed: its leaderboard is final.")
    page.goto(f"/c/{club}/leagues/spring-season")
    expect(page.locator("#league-final")).to_have_text("Final leaderboard")

    # the same pages in Spanish (the footer's choice, kept in the fairpair_lang cookie):
    # the public league pages and ratings, then the console's Check-in, Staff and Stages tabs
    page.context.add_cookies([{"name": "fairpair_lang", "value": "es", "url": live_server.url}])
    page.goto(f"/c/{club}/leagues/spring-season")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#league-final")).to_have_text("Clasificación final")
    expect(page.locator("#leaderboard thead")).to_contain_text("Jugador")
    # the league's own words: its points rule and its season's dates, as Spanish writes them
    expect(page.locator("#league-rule")).to_contain_text(
        "Puntos de liga: 3 por victoria, 1 por empate, 1 por participar; por puesto: 1.º 4, "
        "2.º 2 — cuentan todos los eventos."
    )
    with i18n.speaking("es"):
        spanish_dates = season_dates(starts, ends)
    assert spanish_dates != season_dates(starts, ends)  # not the English "4 Jan 2027 – …"
    expect(page.locator("main")).to_contain_text(spanish_dates)
    expect(page.get_by_role("button", name="Buscarme")).to_be_visible()
    page.goto(f"/c/{club}/leagues")
    expect(page.locator("h1")).to_have_text("Ligas")
    expect(page.locator("#leagues")).to_contain_text("2 eventos · cerrada")
    page.goto(f"/c/{club}/ratings")
    expect(page.locator("#ratings-title")).to_have_text("Ratings")
    expect(page.locator("main")).to_contain_text("Todavía nadie tiene rating")
    page.goto(f"/communities/{club}/leagues/spring-season")
    expect(page.locator("#league-closed")).to_have_text("Cerrada")
    expect(page.locator("#rule-text")).to_contain_text("por puesto: 1.º 4, 2.º 2")
    page.goto(f"/console/{week2}/checkin")
    expect(page.locator("h1")).to_have_text("Check-in")
    expect(page.locator("#checkin-count")).to_have_text("0 de 2 han hecho check-in")
    expect(page.get_by_role("button", name="Hacer check-in de Ann Lee")).to_be_visible()
    page.get_by_role("button", name="Hacer check-in de Eve Fox").click()
    expect(page.locator("#checkin-done")).to_have_text("Eve Fox ha hecho check-in.")
    page.goto(f"/console/{week2}/staff")
    expect(page.locator("h1")).to_have_text("Staff")
    expect(page.locator("#staff")).to_contain_text("propietario")
    expect(page.locator("#add-staff h2")).to_have_text("Añadir staff")
    page.goto(f"/console/{week2}/stages")
    expect(page.locator("h1")).to_have_text("Fases")
    expect(page.locator("#stages thead")).to_contain_text("Reglamento")
    expect(page.locator("#add-stage")).to_have_text("Añadir una fase")
    page.click("#add-stage")
    expect(page.locator("h1")).to_have_text("Nueva fase")
    # the selects' options in Spanish (their values stay the engine's ids)
    expect(page.locator("#f-pairing_method option[value=dutch]")).to_have_text(
        "sistema holandés (FIDE)"
    )
    expect(page.locator("#f-remainder option[value=larger]")).to_have_text("mesas más grandes")
    expect(page.locator("#cut-fields legend")).to_contain_text("los mejores de una fase anterior")
    assert _serious(page) == []
