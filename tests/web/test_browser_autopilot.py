"""In Chromium at 1366×768 (issue 29): a teamup night of 8 players with a top 4 runs itself
from the console. The organizer starts round 1; from then on only results are typed: each
round's last result opens the next (the page moves to it and says so), the last Swiss result
draws the top 4 and opens the Semifinals, the Final follows, and the autopilot is done with
the champion. On the way the organizer pauses it (the banner says "Autopilot paused" with one
button to resume; a round whose results are all in waits), and resumes it: the next round
opens at once. axe-core finds nothing serious on the banner's pages.

With ``FAIRPAIR_AUTOPILOT_SHOTS=DIR`` it saves the banner's screenshots in DIR (the docs'
``docs/screenshots/autopilot-*.png`` are made so)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fairpair.engine.rounds import RoundState
from fairpair.engine.rulesets import PRESETS
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import stages

from .conftest import LiveServer
from .helpers import PASSWORD, account
from .test_browser_accessibility import AXE, RUN_AXE, TAGS
from .test_browser_round_flow import HEIGHT, WIDTH, type_results


def _shot(page: Any, name: str) -> None:
    where = os.environ.get("FAIRPAIR_AUTOPILOT_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"autopilot-{name}.png"))


def _serious(page: Any) -> list[str]:
    found = page.evaluate(RUN_AXE, TAGS)
    return [f"{v['rule']}: {v['targets']}" for v in found if v["impact"] in ("serious", "critical")]


def _type_last(page: Any, tables: int, *, moves_on: bool = True) -> None:
    """Every table's result typed (Team Up is best of one); the last one is the round's last
    result, after which the autopilot moves the page on (``moves_on``)."""
    type_results(page, tables, wins=("1-0", "0-1"), moves_on=moves_on)


def test_a_teamup_night_runs_itself_from_round_1_to_its_champion(
    page: Any, live_server: LiveServer
) -> None:
    db = live_server.db
    who = account(db, "otto-autopilot")
    slug = events.create_event(
        db, "Otto's Team Up Night", actor="setup", owner=who.id, ruleset=PRESETS["teamup"]
    )
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Auto Player {i}", id=f"a{i}", seed=i) for i in range(1, 9)],
        actor="setup",
    )
    stages.edit_stage(db, slug, {"max_rounds": 3}, actor="setup", stage="swiss")
    cut = {"from_stage": "swiss", "top": 4}
    stages.add_stage(
        db, slug, {"id": "top", "format": "single_elimination", "cut": cut}, actor="setup"
    )
    page.context.add_init_script(path=str(AXE))  # axe-core in every page (the CSP allows it)
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    page.goto(f"/console/{slug}/rounds")
    page.fill("#f-username", "otto-autopilot")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"**/console/{slug}/rounds")

    # on by the teamup preset: the stage form says so; the overview shows the banner
    page.goto(f"/console/{slug}/stages/swiss")
    assert page.is_checked("#f-autopilot")
    page.goto(f"/console/{slug}")
    assert page.inner_text("#autopilot-headline") == "Autopilot on"
    page.goto(f"/console/{slug}/rounds")

    # round 1 by hand ("when you start you can drop the no-shows")
    assert page.inner_text("#autopilot-headline") == "Autopilot on"
    assert "Start round 1 by hand" in page.inner_text("#autopilot-why")
    assert (
        "plays 3 rounds (max rounds), then draws the top 4 (Single elimination)"
        in page.inner_text("#autopilot-plan")
    )
    page.click("#next-action")
    page.wait_for_selector("#round-started:text('Round 1 is open')")
    assert "4 of 4 tables to report" in page.inner_text("#autopilot-why")

    # round 1's last result opens round 2: the page moves to it and says why
    _type_last(page, 4)
    page.wait_for_selector("#round-started:text('the autopilot completed it and opened Round 2')")
    assert "Table 4:" in page.inner_text("#round-started")
    _shot(page, "running")

    # paused by hand: round 2 holds every result and waits; one button resumes
    page.click("#autopilot-pause")
    page.wait_for_selector("#autopilot[data-state=paused]")
    assert page.inner_text("#autopilot-headline") == "Autopilot paused"
    assert page.inner_text("#autopilot-why").startswith("Paused by hand.")
    _type_last(page, 4, moves_on=False)
    live = events.export_event(db, slug).stage("swiss")
    assert [r.status for r in live.rounds] == [RoundState.COMPLETED, RoundState.OPEN]
    _shot(page, "paused")
    assert _serious(page) == []
    page.click("#autopilot-resume")
    page.wait_for_selector("#autopilot[data-state=running]")
    assert page.inner_text("#autopilot-why").startswith("Round 3: 4 of 4 tables to report")
    assert "draws the top 4 (Single elimination) and starts it" in page.inner_text("#autopilot-why")

    # the last Swiss result draws the top 4 and opens the Semifinals; then the Final
    page.goto(f"/console/{slug}/results?stage=swiss&round=3")
    _type_last(page, 4)
    page.wait_for_selector("#round-started:text('opened Semifinals')")
    _type_last(page, 2)
    page.wait_for_selector("#round-started:text('opened Final')")
    _type_last(page, 1)
    page.wait_for_selector("#autopilot[data-state=done]")
    assert page.inner_text("#autopilot-headline") == "Autopilot done"
    t = events.export_event(db, slug)
    assert [len(s.rounds) for s in t.stages] == [3, 2]
    assert all(r.status is RoundState.COMPLETED for s in t.stages for r in s.rounds)
    assert _serious(page) == []
