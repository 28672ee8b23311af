"""Regenerate docs/screenshots/*.png: every main page of the web app, in Chromium.

    uv run python scripts/screenshots.py            # writes docs/screenshots/

It builds two events in a throwaway SQLite database through the service (the demo: round 4
in progress; and a finished Swiss with its top 8 under way), starts the server on 127.0.0.1,
logs in as their organizer and photographs each page (desktop 1280 wide; the public pairings
also on a phone, 390×844). The demo's round 4 is then lived by its players (a report waiting
for the opponent, a dispute in the Resolution Queue, the round's dates set and its opening
notice sent), and their pages are photographed on a phone through their personal links.
Needs /usr/bin/chromium (Playwright for Python drives it).
"""

from __future__ import annotations

import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
USER, PASSWORD = "organizer", "screenshots-password"


def build(url: str) -> tuple[str, str, str]:
    from fairpair.engine.results import Result, Side
    from fairpair.engine.rulesets import PRESETS
    from fairpair.engine.stage import Stage
    from fairpair.engine.stage_config import SwissConfig, TossSettings
    from fairpair.service.accounts.logins import add_account
    from fairpair.service.event import events
    from fairpair.service.event.demo import create_demo
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.players import roster as players
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.results import recording as results
    from fairpair.service.rounds import drafts
    from fairpair.service.rounds import lifecycle as rounds
    from fairpair.service.rounds.stages import add_stage

    db = open_database(url)
    owner = add_account(db, USER, PASSWORD, name="Olga Organizer")
    demo = create_demo(db, slug="demo", owner=owner.id)
    # A second event: the demo again, played to the end of its Swiss, with a top 8.
    playoff = create_demo(db, slug="top8-demo", owner=owner.id)
    add_stage(
        db,
        playoff,
        {"id": "top8", "format": "single_elimination", "cut": {"from_stage": "swiss", "top": 8}},
        actor="organizer",
    )
    rng = random.Random(8)
    view = rounds.round_view(db, playoff, 4)
    for table in view.tables:
        if table.result is None:
            results.report(
                db,
                playoff,
                4,
                Result.from_games(2, rng.choice((0, 1))),
                table=table.table,
                actor="organizer",
            )
    rounds.complete_round(db, playoff, 4, actor="organizer")
    for number in (5, 6):
        draft = drafts.generate(db, playoff, actor="organizer")
        rounds.release(db, playoff, actor="organizer")
        rounds.open_round(db, playoff, number, actor="organizer")
        for pairing in draft.pairings:
            side = Side.A if rng.random() < 0.5 else Side.B
            results.report(
                db, playoff, number, Result.win(side), table=pairing["table"], actor="organizer"
            )
        rounds.complete_round(db, playoff, number, actor="organizer")
    drafts.generate(db, playoff, actor="organizer")
    rounds.release(db, playoff, actor="organizer")
    rounds.open_round(db, playoff, 1, actor="organizer", stage="top8")
    # A third: a Friday night whose round 2 waits in review (a private draft).
    stage = Stage(ruleset=PRESETS["mtg"], config=SwissConfig(toss=TossSettings(enabled=True)))
    fnm = events.create_event(
        db, "Friday Night Magic", actor="organizer", owner=owner.id, stage=stage
    )
    names = [
        "Ann",
        "Bo",
        "Cy",
        "Dee",
        "Ed",
        "Flo",
        "Gil",
        "Hana",
        "Ike",
        "Jun",
        "Kim",
        "Lou",
        "Max",
        "Nia",
        "Oz",
        "Pam",
    ]
    players.add_players(
        db,
        fnm,
        [NewPlayer(f"{n} Example", seed=i + 1) for i, n in enumerate(names)],
        actor="organizer",
    )
    first = drafts.generate(db, fnm, actor="organizer")
    rounds.release(db, fnm, actor="organizer")
    rounds.open_round(db, fnm, 1, actor="organizer")
    for pairing in first.pairings:
        results.report(
            db,
            fnm,
            1,
            Result.from_games(2, rng.choice((0, 1))),
            table=pairing["table"],
            actor="organizer",
        )
    rounds.complete_round(db, fnm, 1, actor="organizer")
    drafts.generate(db, fnm, actor="organizer")
    results.report(
        db, playoff, 1, Result.from_games(2, 1), table=1, actor="organizer", stage="top8"
    )
    db.close()
    return demo, playoff, fnm


def players_side(url: str, demo: str) -> dict[str, str]:
    """Round 4 of the demo as its players live it: one match reported and waiting for the
    opponent, one disputed (the Resolution Queue), the round's dates set (its notices go
    out); the personal links of the players photographed."""
    from datetime import timedelta

    from fairpair.service.jobs.runner import run_due
    from fairpair.service.kernel.change import now
    from fairpair.service.kernel.connection import open_database
    from fairpair.service.players.passes import personal_link
    from fairpair.service.players.portal_settings import set_portal
    from fairpair.service.results import self_reports
    from fairpair.service.rounds import lifecycle as rounds
    from fairpair.service.wiring import handlers

    db = open_database(url)
    set_portal(db, demo, actor="organizer", registration_cap=48)
    waiting = [t for t in rounds.round_view(db, demo, 4).tables if t.result is None]
    pending, disputed, quiet = waiting[0], waiting[1], waiting[2]
    at = now()
    rounds.set_dates(
        db, demo, 4, actor="organizer", starts_at=at - timedelta(hours=1),
        ends_at=at + timedelta(hours=20),
    )  # fmt: skip
    run_due(db, handlers(db), worker="screenshots")
    self_reports.report_own(db, demo, pending.a.id, 2, 1, 0, actor="player")
    self_reports.report_own(db, demo, disputed.a.id, 2, 0, 0, actor="player")
    self_reports.dispute_report(db, demo, disputed.b.id, 2, 1, 0, actor="player")
    links = {
        "reporter": personal_link(db, demo, pending.a.id, actor="organizer"),
        "asked": personal_link(db, demo, pending.b.id, actor="organizer"),
        "quiet": personal_link(db, demo, quiet.a.id, actor="organizer"),
    }
    db.close()
    return links


def main() -> None:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from fairpair.web.app import create_app
    from fairpair.web.settings import WebSettings

    folder = Path(tempfile.mkdtemp(prefix="fairpair-shots-"))
    url = f"sqlite:///{folder / 'shots.sqlite3'}"
    demo, playoff, fnm = build(url)
    links = players_side(url, demo)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(WebSettings(database_url=url)),
            host="127.0.0.1",
            port=port,
            log_level="warning",
        )
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    OUT.mkdir(parents=True, exist_ok=True)
    shots = {
        "console-events": "/console",
        "console-overview": f"/console/{demo}",
        "console-players": f"/console/{demo}/players",
        "console-stages": f"/console/{demo}/stages",
        "console-rounds": f"/console/{demo}/rounds",
        "console-results": f"/console/{demo}/results",
        "console-pairings": f"/console/{demo}/pairings",
        "console-toss": f"/console/{demo}/toss",
        "console-standings": f"/console/{demo}/standings",
        "console-cut": f"/console/{playoff}/cut?stage=top8",
        "console-log": f"/console/{demo}/log",
        "console-staff": f"/console/{demo}/staff",
        "console-portal": f"/console/{demo}/portal",
        "console-queue": f"/console/{demo}/queue",
        "console-reporting": f"/console/{demo}/reporting?round=4",
        "console-review": f"/console/{fnm}/rounds/draft",
        "public-event": f"/e/{demo}",
        "public-pairings-by-name": f"/e/{demo}/pairings?round=4&by=name",
        "public-standings": f"/e/{demo}/standings",
        "public-bracket": f"/e/{playoff}/bracket?stage=top8",
        "display": f"/e/{demo}/display",
        "print-slips": f"/e/{demo}/print/slips?round=4",
        "api-docs": "/docs",
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 860})
        page = context.new_page()
        page.goto("/login")
        page.fill("#f-username", USER)
        page.fill("#f-password", PASSWORD)
        page.click("form[action='/login'] button[type=submit]")
        page.wait_for_url("**/console")
        for name, path in shots.items():
            answer = page.goto(path)
            status = answer.status if answer else 0
            page.wait_for_timeout(400 if name != "api-docs" else 2500)
            page.screenshot(path=str(OUT / f"{name}.png"), full_page=False)
            print(f"{status}  {name:26} {path}")
        phone = browser.new_context(
            base_url=base,
            viewport={"width": 390, "height": 844},
            is_mobile=True,
            device_scale_factor=2,
        )
        tab = phone.new_page()
        tab.goto(f"/e/{demo}")
        tab.wait_for_timeout(400)
        tab.screenshot(path=str(OUT / "phone-public-event.png"))
        print("200  phone-public-event")
        phone_shots = {
            "phone-join": (None, "/join"),
            "phone-portal-confirm": ("asked", f"/e/{demo}/me"),
            "phone-portal-waiting": ("reporter", f"/e/{demo}/me"),
            "phone-notifications": ("quiet", f"/e/{demo}/me/notifications"),
            "phone-preferences": ("quiet", f"/e/{demo}/me/preferences"),
        }
        for name, (who, path) in phone_shots.items():
            player = browser.new_context(
                base_url=base,
                viewport={"width": 390, "height": 844},
                is_mobile=True,
                device_scale_factor=2,
            )
            tab = player.new_page()
            if who is not None:
                tab.goto(f"/e/{demo}/p/{links[who]}")
            answer = tab.goto(path)
            tab.wait_for_timeout(400)
            tab.screenshot(path=str(OUT / f"{name}.png"))
            print(f"{answer.status if answer else 0}  {name:26} {path}")
            player.close()
        browser.close()
    server.should_exit = True
    sys.exit(0)


if __name__ == "__main__":
    main()
