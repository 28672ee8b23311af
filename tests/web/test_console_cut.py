"""The console's Top cut tab through HTTP: who makes it and why the line is there, "Draw
the cut" refused with the reason while the Swiss is unfinished (the early option keeps what
was ticked), drawn early or when finished, then the bracket; who may draw."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair import i18n
from fairpair.language.tiebreaks import tiebreak_label
from fairpair.service.accounts import staff
from fairpair.service.kernel.connection import Database
from fairpair.web.routes.console_cut import _labels

from .helpers import account, log_in, post
from .swiss_events import ACTOR, add_cut, play_round, swiss_event

NAMES = [f"Player {k:02}" for k in range(1, 9)]


def _event(db: Database, name: str, rounds: int, cap: int = 3) -> str:
    owner = account(db, "olga")
    slug = swiss_event(db, name, NAMES, owner=owner, max_rounds=cap, ruleset="mtg")
    add_cut(db, slug, 4)
    for _ in range(rounds):
        play_round(db, slug)
    return slug


def test_the_cut_is_explained_and_refused_while_the_swiss_is_unfinished(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Cut Early Night", rounds=2)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/cut")
    assert page.status_code == 200
    assert 'data-state="not drawn"' in page.text and "Top 4:" in page.text
    assert 'id="cut-line"' in page.text and "Decided by" in page.text
    assert 'name="early"' in page.text and "Draw the cut" in page.text
    refused = post(web_client, f"/console/{slug}/cut/draw", {"stage": "top"})
    assert refused.status_code == 409
    assert 'id="e-draw"' in refused.text and "is not finished" in refused.text
    assert 'name="early" value="1" >' in refused.text or 'value="1" >' in refused.text
    early = post(web_client, f"/console/{slug}/cut/draw", {"stage": "top", "early": "1"})
    assert early.status_code == 303
    drawn = web_client.get(early.headers["location"])
    assert 'id="cut-drawn"' in drawn.text and 'data-state="drawn"' in drawn.text
    assert 'id="bracket"' in drawn.text and 'id="match-M1"' in drawn.text


def test_a_finished_swiss_shows_the_drawn_cut_and_its_bracket(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Cut Done Night", rounds=3)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/cut")
    assert 'data-state="drawn"' in page.text  # drawn automatically with the last result
    assert 'name="early"' not in page.text
    assert page.text.count('<li class="bracket-match') == 3  # two semifinals and the final
    assert ">Semifinals<" in page.text and ">Final<" in page.text
    assert "Winner of M1" in page.text


def test_an_event_without_a_cut_says_so(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    slug = swiss_event(sqlite_db, "No Cut Night", NAMES[:4], owner=owner)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/cut")
    assert page.status_code == 200 and 'id="no-cut"' in page.text and "no top cut" in page.text


def test_a_viewer_sees_the_cut_but_cannot_draw_it(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Cut Viewer Night", rounds=2)
    account(sqlite_db, "vic")
    staff.grant(sqlite_db, slug, "vic", "viewer", actor=ACTOR)
    log_in(web_client, "vic")
    page = web_client.get(f"/console/{slug}/cut")
    assert page.status_code == 200 and 'id="draw-cut"' not in page.text
    answer = post(web_client, f"/console/{slug}/cut/draw", {"stage": "top", "early": "1"})
    assert answer.status_code == 403


def test_the_tiebreak_deciding_the_line_is_named_in_the_readers_words() -> None:
    """The Top cut tab names the tiebreak that decides the line as the standings do."""
    with i18n.speaking("de"):
        labels = _labels(None)
        assert labels["head_to_head"] == tiebreak_label("head_to_head", "?")
        assert labels["head_to_head"] != "Head-to-head"
