"""In Chromium, issue 28 points 4 and 5 (first half) as organizers see them.

A Magic event: the console and the public standings write records wins-losses-draws with three
numbers before any draw ("1-0-0"); a best-of-three draw typed as ``½-½`` is asked about (its
games, or none, knowing GW% counts none) and, recorded without games, reads "0-0-1".

A ``fide`` event with ratings and no seeds: round 1 is paired by rating, the top half against
the bottom half, with White and Black on the review screen, the console's round and results
pages and the public pairings; ``=`` typed in the results entry records a draw; the
standings show points (no W-L-D column) and write each column in one notation."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import FIDE, MTG
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .conftest import LiveServer
from .helpers import PASSWORD, account

RATINGS = {
    "Ann": 2400,
    "Bob": 2310,
    "Cid": 2250,
    "Dan": 2200,
    "Eve": 2105,
    "Fay": 2050,
    "Gus": 1990,
    "Hal": 1900,
}


def _log_in(page: Any, user: str, where: str) -> None:
    page.goto(where)
    page.fill("#f-username", user)
    page.fill("#f-password", PASSWORD)
    page.click("form[action='/login'] button[type=submit]")
    page.wait_for_url(f"**{where}")


def _type(page: Any, table: int, result: str) -> None:
    page.wait_for_selector("#entry-form[data-ready]")
    page.fill("#f-table", str(table))
    page.fill("#f-result", result)
    page.press("#f-result", "Enter")


def test_a_magic_event_writes_w_l_d_and_asks_about_a_draw_without_games(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "mara")
    slug = events.create_event(db, "Friday Modern", actor="setup", owner=who.id, ruleset=MTG)
    players.add_players(
        db, slug, [NewPlayer(n, id=n.lower()) for n in ("Ash", "Bea", "Cole", "Dee")], actor="setup"
    )
    drafts.generate(db, slug, actor="setup")
    rounds.release(db, slug, actor="setup")
    rounds.open_round(db, slug, 1, actor="setup")
    first, second = rounds.round_view(db, slug, 1).tables

    _log_in(page, "mara", f"/console/{slug}/results")
    _type(page, first.table, "2-0")
    page.wait_for_selector(f"#recorded:text('Table {first.table}:')")

    # before any draw: three numbers, W-L-D, in the console and on the public page
    page.goto(f"/console/{slug}/standings")
    expect(page.locator("#standings thead th.record")).to_have_text("W-L-D")
    winner = page.locator(f'#standings tr[data-player="{first.a.id}"] td.record')
    expect(winner).to_have_text("1-0-0")
    expect(page.locator(f'#standings tr[data-player="{first.b.id}"] td.record')).to_have_text(
        "0-1-0"
    )

    # a best-of-three draw typed without games is asked about, and nothing is recorded yet
    page.goto(f"/console/{slug}/results")
    _type(page, second.table, "½-½")
    expect(page.locator("#e-result")).to_contain_text("a draw in a best-of-three match")
    expect(page.locator("#e-result")).to_contain_text("1-1, 1-1-1, 0-0-3")
    assert rounds.round_view(db, slug, 1).tables[1].result is None
    page.click("#draw-without-games")
    expect(page.locator("#recorded")).to_contain_text(f"Table {second.table}: draw")
    expect(page.locator("#recorded-note")).to_contain_text("GW% and OGW% count no games")

    public = page.context.new_page()
    public.goto(f"/e/{slug}/standings")
    expect(public.locator("#standings thead th.record")).to_have_text("W-L-D")
    for pid, record in ((first.a.id, "1-0-0"), (second.a.id, "0-0-1"), (second.b.id, "0-0-1")):
        cell = public.locator(f'#standings tr[data-player="{pid}"] td.record')
        expect(cell).to_have_text(record)
    public.close()


def test_a_fide_event_pairs_by_rating_in_white_and_black_and_shows_points(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "rating-arbiter")
    slug = events.create_event(db, "Club Swiss", actor="setup", owner=who.id, ruleset=FIDE)
    # registered in an order that is not the rating order, nobody seeded
    entries = [NewPlayer(n, id=n.lower(), rating=RATINGS[n]) for n in sorted(RATINGS)[::-1]]
    players.add_players(db, slug, entries, actor="setup")

    _log_in(page, "rating-arbiter", f"/console/{slug}/rounds")
    page.click("#generate")
    page.wait_for_url(f"**/console/{slug}/rounds/draft*")
    rows = page.locator("#draft-pairings tbody tr")
    expect(rows).to_have_count(4)
    # top half against bottom half by rating: 2400 v 2105, 2310 v 2050, ...
    expected = [("ann", "eve"), ("bob", "fay"), ("cid", "gus"), ("dan", "hal")]
    for k, (a, b) in enumerate(expected):
        seated = {s.get_attribute("data-player") for s in rows.nth(k).locator(".seat").all()}
        assert seated == {a, b}, (k, seated)
        colours = rows.nth(k).locator(".plays-first")
        expect(colours).to_contain_text("White")
        expect(colours).to_contain_text("Black")
    expect(page.locator("#why")).to_contain_text("Round 1: one group by rating")

    page.click("#release")
    page.wait_for_url(f"**/console/{slug}/rounds/1*")
    expect(page.locator("#round-tables")).to_contain_text("White")
    page.click("#open")
    page.wait_for_selector("#round-state:text('In Progress')")

    page.goto(f"/console/{slug}/results")
    expect(page.locator("#result-tables .tag-t", has_text="White")).to_have_count(4)
    tables = rounds.round_view(db, slug, 1).tables
    _type(page, tables[0].table, "=")  # the chess draw: recorded at once, no games asked
    expect(page.locator("#recorded")).to_contain_text(f"Table {tables[0].table}: draw")
    assert rounds.round_view(db, slug, 1).tables[0].result == "draw"
    for t in tables[1:]:
        results.report(db, slug, 1, Result.win(Side.A), table=t.table, actor="setup")

    public = page.context.new_page()
    public.goto(f"/e/{slug}/pairings")
    expect(public.locator(".pairings .tag-t", has_text="White")).to_have_count(4)
    expect(public.locator(".pairings .tag-t", has_text="Black")).to_have_count(4)

    public.goto(f"/e/{slug}/standings")
    head = public.locator("#standings thead")
    expect(head).to_contain_text("Pts")
    assert public.locator("#standings thead th.record").count() == 0  # the points: the score
    points = public.locator("#standings td.points").all_inner_texts()
    assert sorted(points) == ["0", "0", "0", "1", "1", "1", "½", "½"]
    # every number column in one notation: halves as ½, or every value in decimals
    columns = public.locator("#standings thead th.tiebreak").count()
    for k in range(columns):
        name = public.locator("#standings thead th.tiebreak").nth(k).get_attribute("data-tiebreak")
        cells = public.locator(f'#standings td[data-tiebreak="{name}"]').all_inner_texts()
        decimal = [c for c in cells if re.fullmatch(r"-?\d+\.\d+", c)]
        halves = [c for c in cells if "½" in c]
        assert not (decimal and halves), (name, cells)
        if decimal:
            assert all(re.fullmatch(r"-?\d+\.\d\d|—|\d+(\.\d)?%", c) for c in cells), cells
    public.close()
