"""In Chromium: a community's ratings after three weekly events — the rating list
(``/c/{community}/ratings``, best first, a provisional "?"), an event's rating changes
(before, after, change) reached from it, and the profile page's rating partial (the
communities' profile includes ``community/_profile_ratings.html``: rendered here into a page
with the app's stylesheet, its chart an inline SVG). The events are played through the
service, the ratings moved by the job a round's completion plans, run as the server's job
thread runs it. Screenshots: docs/screenshots/ratings-*.png."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fairpair.engine.results import Result, Side
from fairpair.service.communities import communities
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.ratings.views import rating_history
from fairpair.service.results import recording as results
from fairpair.service.rounds import flow, lifecycle
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.web.templating import make_templates

from .conftest import LiveServer

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FIELD = ["Ann Alder", "Bea Birch", "Cy Cedar", "Dot Dogwood", "Eli Elm", "Flo Fir"]
#: Who beats whom: the earlier name.
STRENGTH = [*FIELD, "Gil Gum"]


def _weekly_night(db: Database, club: str, name: str, field: list[str], rounds: int) -> str:
    slug = events.create_event(db, name, actor="setup")
    communities.attach_event(db, club, slug, actor="setup")
    players.add_players(
        db,
        slug,
        [NewPlayer(n, person=n.lower().replace(" ", "-") if n in FIELD else None) for n in field],
        actor="setup",
    )
    for number in range(1, rounds + 1):
        flow.next_round(db, slug, actor="setup")
        view = lifecycle.round_view(db, slug, number)
        for t in view.tables:  # the earlier name in FIELD wins: a clear order of strength
            won = Side.A if STRENGTH.index(t.a.name) < STRENGTH.index(t.b.name) else Side.B
            if t.table == 3 and number == 2:  # one forfeit: never rated
                results.report(db, slug, number, Result.forfeit(won), table=t.table, actor="td")
            else:
                results.report(db, slug, number, Result.win(won), table=t.table, actor="td")
        lifecycle.complete_round(db, slug, number, actor="td")
        _settle(db)
    return slug


def _settle(db: Database) -> None:
    """Run the due rating jobs until none is left. The live server's own job thread runs them
    too: a job that lost a race to it (both re-rating one event) fails and is due again after
    its backoff, so later moments are asked for as well."""
    later = datetime.now(UTC) + timedelta(hours=1)
    for _ in range(10):
        if run_due(db, handlers(db), worker="browser-test", at=later) == (0, 0):
            return
    raise AssertionError("rating jobs still due after 10 runs")


def test_the_rating_list_an_events_changes_and_the_profile_chart(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    club = communities.create_community(db, "Rating Club", actor="setup", kind="club")
    # person keys as the names make them: a first event registers them
    first = events.create_event(db, "Rating Night 1", actor="setup")
    communities.attach_event(db, club, first, actor="setup")
    players.add_players(db, first, [NewPlayer(n) for n in FIELD], actor="setup")
    for number in (1, 2, 3):
        flow.next_round(db, first, actor="setup")
        for t in lifecycle.round_view(db, first, number).tables:
            won = Side.A if STRENGTH.index(t.a.name) < STRENGTH.index(t.b.name) else Side.B
            results.report(db, first, number, Result.win(won), table=t.table, actor="td")
        lifecycle.complete_round(db, first, number, actor="td")
    _settle(db)
    _weekly_night(db, club, "Rating Night 2", FIELD, 3)
    third = _weekly_night(db, club, "Rating Night 3", [*FIELD[:4], "Gil Gum"], 2)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)

    page.goto(f"/c/{club}/ratings")
    assert page.inner_text("h1") == "Ratings"
    assert "Glicko-2" in page.inner_text("#ratings-system")
    rows = page.locator("#rating-list tbody tr")
    assert rows.count() == 7
    names = [rows.nth(k).locator("td").nth(1).inner_text() for k in range(7)]
    assert names[0] == "Ann Alder"  # won every game
    newcomer = rows.nth(names.index("Gil Gum")).locator("td").nth(2).inner_text()
    assert newcomer.endswith("?")  # two games: provisional
    assert page.locator("#rated-events li").count() == 3
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ratings-list.png"), full_page=True)

    page.get_by_role("link", name="Rating Night 3").click()
    page.wait_for_url(f"**/c/{club}/ratings/events/{third}")
    changes = page.locator("#rating-changes tbody tr")
    assert changes.count() == 5
    assert "+" in changes.nth(0).locator("td").nth(4).inner_text()  # biggest gain first
    page.screenshot(path=str(SHOTS / "ratings-event.png"), full_page=True)

    # the profile page's partial, as the communities' profile includes it
    partial = make_templates().env.get_template("community/_profile_ratings.html")
    html = partial.render(ratings=rating_history(db, club, "ann-alder"))
    css = '<meta charset="utf-8"><link rel="stylesheet" href="/static/vendor/pico-2.1.1.min.css">'
    css += "".join(
        f'<link rel="stylesheet" href="/static/css/{name}.css">'
        for name in ("fairpair", "public", "ratings")
    )
    preview = f"{live_server.url}/preview/profile-ratings"  # served by the test, same origin
    page.route(
        preview,
        lambda route: route.fulfill(
            content_type="text/html",
            body=f'<!doctype html><html lang="en"><head><title>Profile</title>{css}</head>'
            f'<body class="public"><main id="main" class="container">{html}</main></body></html>',
        ),
    )
    page.goto(preview)
    chart = page.locator("#profile-ratings svg.rating-chart")
    assert chart.count() == 1
    assert page.locator("#profile-ratings circle").count() == 4  # before the first, 3 events
    assert "to" in (chart.get_attribute("aria-label") or "")
    history = page.locator("#profile-ratings table.rating-history tbody tr")
    assert history.count() == 3
    assert history.nth(0).locator("td").nth(0).inner_text() == "Rating Night 3"
    page.locator("#profile-ratings").screenshot(path=str(SHOTS / "ratings-profile.png"))
    assert problems == []
