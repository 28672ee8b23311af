"""The bracket view: ``service.rounds.bracket_view.bracket_view`` (sections, rounds, matches M1…,
seeds,
results and winners, the champion; double elimination's winners / losers / final) and the
public bracket page with its live view."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds import stages
from fairpair.service.rounds.bracket_view import bracket_view
from fairpair.web.live_views import VIEWS

from .helpers import account, log_in
from .swiss_events import ACTOR, app_request, start_round, swiss_event


def _playoff(db: Database, name: str, size: int, fmt: str) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    stages.add_stage(db, slug, {"id": "top", "format": fmt}, actor=ACTOR)
    return slug


def _play(db: Database, slug: str) -> int:
    """One playoff round, the higher seed (side a) winning every match."""
    number = start_round(db, slug, "top")
    rnd = events.export_event(db, slug).stage("top").round(number)
    assert rnd is not None
    for m in rnd.matches:
        results.report(
            db, slug, number, Result.win(Side.A), table=m.table, actor=ACTOR, stage="top"
        )
    rounds.complete_round(db, slug, number, actor=ACTOR, stage="top")
    return number


def test_a_single_elimination_bracket_by_round(sqlite_db: Database) -> None:
    slug = _playoff(sqlite_db, "Top Eight", 8, "single_elimination")
    view = bracket_view(sqlite_db, slug)
    assert view.kind == "single" and view.drawn and view.size == 8
    assert [s.name for s in view.sections] == ["winners"]
    names = [r.name for r in view.sections[0].rounds]
    assert names == ["Quarterfinals", "Semifinals", "Final"]
    first = view.sections[0].rounds[0].matches
    assert [m.id for m in first] == ["M1", "M2", "M3", "M4"]
    seeds = {(m.a.player.seed, m.b.player.seed) for m in first if m.a.player and m.b.player}
    assert seeds == {(1, 8), (4, 5), (2, 7), (3, 6)}  # MTR 10.4
    assert all(m.state == "ready" for m in first)
    assert view.sections[0].rounds[2].matches[0].a.source.startswith("Winner of M")
    _play(sqlite_db, slug)
    after = bracket_view(sqlite_db, slug, "top")
    done = after.sections[0].rounds[0].matches
    assert all(m.state == "decided" and m.result for m in done)
    assert {m.winner for m in done} == {"p1", "p2", "p3", "p4"}
    semis = after.sections[0].rounds[1].matches
    assert all(m.a.player and m.b.player for m in semis)
    _play(sqlite_db, slug)
    _play(sqlite_db, slug)
    final = bracket_view(sqlite_db, slug)
    assert final.champion is not None and final.champion.id == "p1"
    assert final.placements[0].place == "1" and final.placements[0].player.id == "p1"
    assert final.model_dump()["format"] == "fairpair-bracket"


def test_a_double_elimination_bracket_has_its_sections(sqlite_db: Database) -> None:
    slug = _playoff(sqlite_db, "Double Six", 6, "double_elimination")
    view = bracket_view(sqlite_db, slug)
    assert view.kind == "double"
    assert [s.name for s in view.sections] == ["winners", "losers", "final", "reset"]
    ids = [m.id for s in view.sections for r in s.rounds for m in r.matches]
    assert sorted(ids, key=lambda i: int(i[1:])) == [f"M{k}" for k in range(1, len(ids) + 1)]
    assert view.sections[2].rounds[0].matches[0].label == "Grand final"
    losers = view.sections[1].rounds[0].matches[0]
    assert "Loser of M" in losers.a.source + losers.b.source


def test_a_stage_that_is_no_bracket_and_an_undrawn_cut(sqlite_db: Database) -> None:
    slug = swiss_event(sqlite_db, "Swiss Only", ["Ann", "Bob"])
    with pytest.raises(FairpairError, match="no playoff stage"):
        bracket_view(sqlite_db, slug)
    with pytest.raises(FairpairError, match="not a bracket"):
        bracket_view(sqlite_db, slug, "swiss")
    stages.add_stage(
        sqlite_db,
        slug,
        {"id": "top", "format": "single_elimination", "cut": {"from_stage": "swiss", "top": 2}},
        actor=ACTOR,
    )
    view = bracket_view(sqlite_db, slug)
    assert not view.drawn and view.sections == []


def test_the_public_bracket_page(sqlite_db: Database, web_client: TestClient) -> None:
    slug = _playoff(sqlite_db, "Public Bracket", 4, "single_elimination")
    _play(sqlite_db, slug)
    page = web_client.get(f"/e/{slug}/bracket")
    assert page.status_code == 200
    assert 'sse-swap="bracket"' in page.text
    assert f'sse-connect="/e/{slug}/live?view=bracket&amp;since=' in page.text
    assert 'class="bracket-side winner"' in page.text and "P1 wins" in page.text
    assert "fairpair 0" in page.text or "fairpair dev" in page.text  # the footer's version
    none = web_client.get(f"/e/{swiss_event(sqlite_db, 'No Bracket', ['A', 'B'])}/bracket")
    assert none.status_code == 200 and "no playoff stage" in none.text
    assert web_client.get("/e/no-such-event/bracket").status_code == 404


def test_a_playoff_round_on_the_pairings_tab_and_the_live_view(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Playoff Pairings", actor=ACTOR, owner=owner.id)
    players.add_players(
        sqlite_db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, 5)], actor=ACTOR
    )
    stages.add_stage(sqlite_db, slug, {"id": "top", "format": "single_elimination"}, actor=ACTOR)
    start_round(sqlite_db, slug, "top")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/pairings?stage=top")
    assert page.status_code == 200
    assert page.text.count("higher seed") == 2  # the higher seed plays first (MTR)
    assert "Recalculate toss" not in page.text
    fragment = VIEWS["bracket"](app_request(web_client), sqlite_db, slug, None)
    assert 'id="bracket"' in fragment and "playing" in fragment
