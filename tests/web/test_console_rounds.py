"""The Rounds tab through HTTP (seed 004 "Running a round"): generate → the private review
screen (notes, warnings) → rearrange → release → open → complete; revert, delete, swap, set
dates, regenerate, discard; every refusal shows its message and changes nothing; a viewer
sees but cannot act; a post without the CSRF token is refused."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig, TossSettings
from fairpair.service.accounts import staff
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .helpers import account, log_in, post

ACTOR = "td"


def event_with_players(
    db: Database, name: str, size: int, *, owner: str = "olga", toss: bool = False
) -> str:
    """An event owned by ``owner`` (an account made here) with ``size`` seeded players."""
    who = account(db, owner)
    stage = Stage(config=SwissConfig(toss=TossSettings(enabled=True))) if toss else None
    slug = events.create_event(db, name, actor=ACTOR, owner=who.id, stage=stage)
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Player {i}", id=f"p{i}", seed=i) for i in range(1, size + 1)],
        actor=ACTOR,
    )
    return slug


def finish(db: Database, slug: str, number: int, *, leave: int = 0) -> None:
    """Report a win for side a at every table of round ``number`` but the last ``leave``."""
    view = rounds.round_view(db, slug, number)
    for t in view.tables[: len(view.tables) - leave]:
        if t.result is None:
            results.report(db, slug, number, Result.win(Side.A), table=t.table, actor=ACTOR)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_judge_runs_a_round_from_generate_to_complete(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Lifecycle", 8)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/rounds")
    assert page.status_code == 200
    assert "Start round 1" in page.text and "Generate round 1 to review first" in page.text

    made = post(web_client, f"/console/{slug}/rounds/generate", {})
    assert made.status_code == 303
    assert made.headers["location"].startswith(f"/console/{slug}/rounds/draft")
    review = web_client.get(made.headers["location"])
    words = text_of(review.text)
    assert "Nothing is public yet" in words and "players see nothing" in words
    assert "Why these pairings" in words
    saved = drafts.show_draft(sqlite_db, slug)
    for note in saved.notes:
        assert str(note["text"]) in review.text.replace("&#39;", "'")
    assert rounds.round_view.__name__  # no round exists yet:
    assert events.show_event(sqlite_db, slug).stages[0].rounds == []

    a = saved.pairings[0]["a"]["id"]
    b = saved.pairings[1]["a"]["id"]
    moved = post(
        web_client,
        f"/console/{slug}/rounds/draft/rearrange",
        {"player": a, "other": b, "version": str(saved.version)},
    )
    assert moved.status_code == 303
    after = drafts.show_draft(sqlite_db, slug)
    assert after.pairings[0]["a"]["id"] == b and after.pairings[1]["a"]["id"] == a
    assert after.moves

    released = post(web_client, f"/console/{slug}/rounds/draft/release", {})
    assert released.status_code == 303
    assert released.headers["location"].startswith(f"/console/{slug}/rounds/1")
    twice = post(web_client, f"/console/{slug}/rounds/draft/release", {})  # a second click
    assert twice.status_code == 409 and 'id="error-release"' in twice.text
    assert "round 1 is already released" in twice.text
    assert len(events.show_event(sqlite_db, slug).stages[0].rounds) == 1
    card = web_client.get(f"/console/{slug}/rounds").text
    assert "Upcoming" in card

    assert post(web_client, f"/console/{slug}/rounds/1/open", {}).status_code == 303
    assert "In Progress" in web_client.get(f"/console/{slug}/rounds").text
    finish(sqlite_db, slug, 1)
    assert post(web_client, f"/console/{slug}/rounds/1/complete", {}).status_code == 303
    page = web_client.get(f"/console/{slug}/rounds").text
    assert "Completed" in page and "Start round 2" in page and "Generate round 2" in page


def test_complete_is_refused_with_the_outstanding_count_and_nothing_changes(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Outstanding", 8)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    finish(sqlite_db, slug, 1, leave=3)
    log_in(web_client, "olga")
    answer = post(web_client, f"/console/{slug}/rounds/1/complete", {})
    assert answer.status_code == 409
    words = text_of(answer.text)
    assert "3 matches have no result yet" in words
    assert f"/console/{slug}/results?stage=" in answer.text and "round=1" in answer.text
    assert rounds.round_view(sqlite_db, slug, 1).state == "open"
    # from the round's own page, the same refusal shows there
    answer = post(web_client, f"/console/{slug}/rounds/1/complete", {"from": "round"})
    assert answer.status_code == 409 and "3 matches have no result yet" in text_of(answer.text)


def test_revert_delete_and_the_guard_against_two_live_rounds(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Undo", 6)
    log_in(web_client, "olga")
    post(web_client, f"/console/{slug}/rounds/generate", {})
    post(web_client, f"/console/{slug}/rounds/draft/release", {})
    post(web_client, f"/console/{slug}/rounds/1/open", {})
    asked = post(web_client, f"/console/{slug}/rounds/1/revert", {})
    assert asked.status_code == 200 and "Revert round 1 to Upcoming?" in asked.text
    assert "its 3 tables stay as paired" in asked.text
    assert rounds.round_view(sqlite_db, slug, 1).state == "open"  # nothing done yet
    reverted = post(web_client, f"/console/{slug}/rounds/1/revert", {"confirmed": "yes"})
    assert reverted.status_code == 303
    assert "Round 1 is Upcoming again." in web_client.get(reverted.headers["location"]).text
    assert rounds.round_view(sqlite_db, slug, 1).state == "scheduled"
    # another round cannot be generated while round 1 is Scheduled
    answer = post(web_client, f"/console/{slug}/rounds/generate", {})
    assert answer.status_code == 409
    assert 'id="error-generate"' in answer.text
    assert events.show_event(sqlite_db, slug).stages[0].draft_round is None
    # revert needs an Open round
    answer = post(web_client, f"/console/{slug}/rounds/1/revert", {})
    assert answer.status_code == 409 and 'id="error-revert-1"' in answer.text
    asked = post(web_client, f"/console/{slug}/rounds/1/delete", {})
    assert asked.status_code == 200 and "Delete round 1?" in asked.text
    assert "Its 3 tables are removed" in asked.text
    assert len(events.show_event(sqlite_db, slug).stages[0].rounds) == 1
    deleted = post(web_client, f"/console/{slug}/rounds/1/delete", {"confirmed": "yes"})
    assert deleted.status_code == 303
    assert "Round 1 deleted (3 tables)." in web_client.get(deleted.headers["location"]).text
    assert events.show_event(sqlite_db, slug).stages[0].rounds == []


def test_revert_is_refused_once_a_match_is_complete(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds No Revert", 4)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    finish(sqlite_db, slug, 1, leave=1)
    log_in(web_client, "olga")
    answer = post(web_client, f"/console/{slug}/rounds/1/revert", {"from": "round"})
    assert answer.status_code == 409 and 'id="error-revert"' in answer.text
    assert rounds.round_view(sqlite_db, slug, 1).state == "open"


def test_release_refused_when_a_player_withdrew_since_the_draft_names_them(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Withdrawal", 8)
    log_in(web_client, "olga")
    post(web_client, f"/console/{slug}/rounds/generate", {})
    players.drop_player(sqlite_db, slug, "p3", actor=ACTOR)
    review = web_client.get(f"/console/{slug}/rounds/draft")
    assert "withdrew since the draft was made: Player 3 (p3)" in text_of(review.text)
    answer = post(web_client, f"/console/{slug}/rounds/draft/release", {})
    assert answer.status_code == 409
    assert 'id="error-release"' in answer.text and "Player 3" in answer.text
    assert events.show_event(sqlite_db, slug).stages[0].rounds == []
    # regenerate pairs the field as it stands; then release works
    assert post(web_client, f"/console/{slug}/rounds/draft/regenerate", {}).status_code == 303
    assert "withdrew since" not in text_of(web_client.get(f"/console/{slug}/rounds/draft").text)
    assert post(web_client, f"/console/{slug}/rounds/draft/release", {}).status_code == 303


def test_discard_and_a_rearrange_refusal(web_client: TestClient, sqlite_db: Database) -> None:
    slug = event_with_players(sqlite_db, "Rounds Discard", 4)
    log_in(web_client, "olga")
    post(web_client, f"/console/{slug}/rounds/generate", {})
    saved = drafts.show_draft(sqlite_db, slug)
    answer = post(
        web_client,
        f"/console/{slug}/rounds/draft/rearrange",
        {"player": "p1", "other": "nobody", "version": str(saved.version)},
    )
    assert answer.status_code in (404, 409, 422)
    assert 'id="error-rearrange"' in answer.text and "nobody" in answer.text
    assert drafts.show_draft(sqlite_db, slug).version == saved.version
    stale = post(
        web_client,
        f"/console/{slug}/rounds/draft/rearrange",
        {"player": "p1", "other": "p2", "version": "99"},
    )
    assert stale.status_code == 409 and "changed since you read it" in stale.text
    asked = post(web_client, f"/console/{slug}/rounds/draft/discard", {})
    assert asked.status_code == 200 and "Discard the draft of round 1?" in asked.text
    assert "Its 2 tables are thrown away" in asked.text
    assert events.show_event(sqlite_db, slug).stages[0].draft_round == 1
    gone = post(web_client, f"/console/{slug}/rounds/draft/discard", {"confirmed": "yes"})
    assert gone.status_code == 303
    said = web_client.get(gone.headers["location"]).text
    assert "The draft of round 1 is discarded (2 tables)." in said
    assert events.show_event(sqlite_db, slug).stages[0].draft_round is None
    # with no draft, the review screen sends you back to the rounds
    back = web_client.get(f"/console/{slug}/rounds/draft", follow_redirects=False)
    assert back.status_code == 303


def test_max_rounds_refuses_generate(web_client: TestClient, sqlite_db: Database) -> None:
    who = account(sqlite_db, "olga")
    stage = Stage(config=SwissConfig(max_rounds=1))
    slug = events.create_event(sqlite_db, "Rounds Cap", actor=ACTOR, owner=who.id, stage=stage)
    players.add_players(sqlite_db, slug, [NewPlayer(f"P{i}") for i in range(4)], actor=ACTOR)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    finish(sqlite_db, slug, 1)
    rounds.complete_round(sqlite_db, slug, 1, actor=ACTOR)
    log_in(web_client, "olga")
    answer = post(web_client, f"/console/{slug}/rounds/generate", {})
    assert answer.status_code == 409 and 'id="error-generate"' in answer.text
    assert "max" in answer.text.lower() or "cap" in answer.text.lower()


def test_swap_mode_and_set_dates(web_client: TestClient, sqlite_db: Database) -> None:
    slug = event_with_players(sqlite_db, "Rounds Swap", 8, toss=True)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    log_in(web_client, "olga")
    review = web_client.get(f"/console/{slug}/rounds/draft")
    assert review.text.count('<span class="tag tag-t">T</span>') == 4  # who plays first
    rounds.release(sqlite_db, slug, actor=ACTOR)
    page = web_client.get(f"/console/{slug}/rounds/1?swap=1")
    assert 'id="swap"' in page.text and "Plays first" in page.text
    view = rounds.round_view(sqlite_db, slug, 1)
    one, two = view.tables[0].a.id, view.tables[1].b.id
    answer = post(web_client, f"/console/{slug}/rounds/1/swap", {"player": one, "other": two})
    assert answer.status_code == 303
    now = rounds.round_view(sqlite_db, slug, 1)
    assert two in (now.tables[0].a.id, now.tables[0].b.id)
    same = post(
        web_client,
        f"/console/{slug}/rounds/1/swap",
        {"player": now.tables[0].a.id, "other": "nobody"},
    )
    assert same.status_code == 404 and 'id="error-swap"' in same.text and "nobody" in same.text
    assert rounds.round_view(sqlite_db, slug, 1) == now

    bad = post(
        web_client,
        f"/console/{slug}/rounds/1/dates",
        {"starts_at": "2026-12-05T12:00", "ends_at": "2026-12-05T10:00"},
    )
    assert bad.status_code in (409, 422) and "must end after it starts" in bad.text
    assert 'value="2026-12-05T12:00"' in bad.text
    unreadable = post(
        web_client, f"/console/{slug}/rounds/1/dates", {"starts_at": "tomorrow", "ends_at": ""}
    )
    assert unreadable.status_code == 400 and "is not a date and time" in unreadable.text
    good = post(
        web_client,
        f"/console/{slug}/rounds/1/dates",
        {"starts_at": "2026-12-05T10:00", "ends_at": "2026-12-05T12:00"},
    )
    assert good.status_code == 303
    view = rounds.round_view(sqlite_db, slug, 1)
    assert view.starts_at is not None and view.starts_at.hour == 10
    assert "Sat 05 Dec 10:00" in web_client.get(f"/console/{slug}/rounds").text


def test_a_viewer_sees_the_rounds_but_cannot_act(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Viewer", 4)
    account(sqlite_db, "vera")
    staff.grant(sqlite_db, slug, "vera", "viewer", actor=ACTOR)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    log_in(web_client, "vera")
    page = web_client.get(f"/console/{slug}/rounds")
    assert page.status_code == 200 and "Review round 1" in page.text
    review = web_client.get(f"/console/{slug}/rounds/draft")
    assert review.status_code == 200 and 'id="release"' not in review.text
    for url in ("/rounds/draft/release", "/rounds/draft/discard", "/rounds/generate"):
        assert post(web_client, f"/console/{slug}{url}", {}).status_code == 403
    assert events.show_event(sqlite_db, slug).stages[0].rounds == []
    assert events.show_event(sqlite_db, slug).stages[0].draft_round == 1


def test_a_post_without_the_csrf_token_is_refused(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Csrf", 4)
    log_in(web_client, "olga")
    answer = web_client.post(f"/console/{slug}/rounds/generate", data={}, follow_redirects=False)
    assert answer.status_code == 403
    assert events.show_event(sqlite_db, slug).stages[0].draft_round is None


def test_anonymous_is_sent_to_log_in(web_client: TestClient, sqlite_db: Database) -> None:
    slug = event_with_players(sqlite_db, "Rounds Anonymous", 4)
    answer = web_client.get(f"/console/{slug}/rounds", follow_redirects=False)
    assert answer.status_code == 303 and "/login" in answer.headers["location"]


def test_a_forced_rematch_is_a_highlighted_warning(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Rematch", 2)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    finish(sqlite_db, slug, 1)
    rounds.complete_round(sqlite_db, slug, 1, actor=ACTOR)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    log_in(web_client, "olga")
    review = web_client.get(f"/console/{slug}/rounds/draft")
    warnings = review.text.split('id="warnings"', 1)[1].split("</section>", 1)[0]
    assert "have met before (a rematch)" in warnings
    assert 'class="flagged"' in review.text and "forced rematch" in review.text


def test_release_is_refused_past_max_rounds(web_client: TestClient, sqlite_db: Database) -> None:
    from fairpair.service.rounds import stages

    slug = event_with_players(sqlite_db, "Rounds Cap Release", 4)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    finish(sqlite_db, slug, 1)
    rounds.complete_round(sqlite_db, slug, 1, actor=ACTOR)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    stages.edit_stage(sqlite_db, slug, {"max_rounds": 1}, actor=ACTOR)
    log_in(web_client, "olga")
    answer = post(web_client, f"/console/{slug}/rounds/draft/release", {})
    assert answer.status_code == 409 and 'id="error-release"' in answer.text
    assert len(events.show_event(sqlite_db, slug).stages[0].rounds) == 1


def test_the_pages_have_no_inline_script_or_style(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = event_with_players(sqlite_db, "Rounds Csp", 5, toss=True)
    log_in(web_client, "olga")
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    pages = [f"/console/{slug}/rounds", f"/console/{slug}/rounds/draft"]
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    pages += [f"/console/{slug}/rounds/1?swap=1", f"/console/{slug}/results?correct=1"]
    for url in pages:
        html = web_client.get(url).text
        assert "style=" not in html, url
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == [], url
