"""The console's Players tab through HTTP: add (and late entry), CSV import with the bad
row's line and column, check-in, drop, reinstate, no-shows, seeds; each refusal shows its
message and changes nothing; a viewer sees the tab but cannot change it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .helpers import account, csrf, log_in, post

ACTOR = "td"


def _event(db: Database, name: str, players: int = 4) -> str:
    owner = account(db, "olga")
    slug = events.create_event(db, name, actor=ACTOR, owner=owner.id)
    if players:
        add_players(
            db,
            slug,
            [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, players + 1)],
            actor=ACTOR,
        )
    return slug


def _players(db: Database, slug: str) -> dict[str, object]:
    return {p.id: p for p in events.show_event(db, slug).players}


def _upload(client: TestClient, slug: str, text: str, name: str = "players.csv") -> object:
    return client.post(
        f"/console/{slug}/players/import",
        data={"csrftoken": csrf(client)},
        files={"file": (name, text.encode(), "text/csv")},
        follow_redirects=False,
    )


def test_the_tab_lists_players_and_adds_one(sqlite_db: Database, web_client: TestClient) -> None:
    slug = _event(sqlite_db, "Adds")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/players")
    assert page.status_code == 200 and "P3" in page.text and "Drop no-shows" in page.text
    done = post(
        web_client,
        f"/console/{slug}/players/add",
        {"name": "Zoe Park", "seed": "9", "rating": "1500", "team": "Owls", "contact": "z@x"},
    )
    assert done.status_code == 303 and done.headers["location"].startswith(
        f"/console/{slug}/players"
    )
    zoe = _players(sqlite_db, slug)["zoe-park"]
    assert (zoe.seed, zoe.rating, zoe.team, zoe.contact) == (9, 1500, "Owls", "z@x")  # type: ignore[attr-defined]


def test_a_refused_add_keeps_what_was_typed_and_adds_nobody(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Refused adds")
    log_in(web_client, "olga")
    taken = post(web_client, f"/console/{slug}/players/add", {"name": "Again", "id": "p1"})
    assert taken.status_code == 422
    assert "is registered already" in taken.text and 'value="Again"' in taken.text
    bad = post(web_client, f"/console/{slug}/players/add", {"name": "Kim", "seed": "two"})
    assert bad.status_code == 422 and "is not a whole number" in bad.text
    assert 'id="e-seed"' in bad.text
    assert len(_players(sqlite_db, slug)) == 4


def test_a_late_entry_gets_byes_for_the_missed_rounds(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Late")
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/players")
    assert "Late entry" in page.text and "Drop no-shows" not in page.text
    too_many = post(
        web_client,
        f"/console/{slug}/players/add",
        {"name": "Lou", "late_byes": "3", "late_kind": "full"},
    )
    assert too_many.status_code == 422 and "cannot give 3 byes" in too_many.text
    assert "lou" not in _players(sqlite_db, slug)
    ok = post(
        web_client,
        f"/console/{slug}/players/add",
        {"name": "Lou", "late_byes": "1", "late_kind": "full"},
    )
    assert ok.status_code == 303 and "lou" in _players(sqlite_db, slug)


def test_a_csv_import_adds_everyone_or_names_the_bad_line(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Imports", players=0)
    log_in(web_client, "olga")
    bad = _upload(web_client, slug, "name,seed\nAnn,1\nBen,x\n")
    assert bad.status_code == 422  # type: ignore[attr-defined]
    assert "players.csv line 3, column seed" in bad.text  # type: ignore[attr-defined]
    assert _players(sqlite_db, slug) == {}
    twice = _upload(web_client, slug, "name,id\nAnn,ann\nAnnie,ann\n")
    assert "players.csv line 3, column id" in twice.text  # type: ignore[attr-defined]
    assert _players(sqlite_db, slug) == {}
    ok = _upload(
        web_client, slug, "name,id,seed,rating,team,contact\nAnn,ann,1,1400,Owls,a@x\nBen,,2,,,\n"
    )
    assert ok.status_code == 303  # type: ignore[attr-defined]
    assert set(_players(sqlite_db, slug)) == {"ann", "ben"}


def test_check_in_drop_reinstate_and_no_shows(sqlite_db: Database, web_client: TestClient) -> None:
    slug = _event(sqlite_db, "Check-ins")
    log_in(web_client, "olga")
    assert post(web_client, f"/console/{slug}/players/p1/checkin").status_code == 303
    assert _players(sqlite_db, slug)["p1"].checked_in  # type: ignore[attr-defined]
    post(web_client, f"/console/{slug}/players/p1/checkin", {"undo": "1"})
    assert not _players(sqlite_db, slug)["p1"].checked_in  # type: ignore[attr-defined]
    # a bulk check-in asks first (how many, who), then says how many, with one Undo
    asked = post(web_client, f"/console/{slug}/players/checkin", {"player": ["p1", "p2", "p3"]})
    assert asked.status_code == 200 and "Check in 3 players?" in asked.text
    assert not any(p.checked_in for p in _players(sqlite_db, slug).values())  # type: ignore[attr-defined]
    done = post(
        web_client,
        f"/console/{slug}/players/checkin",
        {"player": ["p1", "p2", "p3"], "confirmed": "yes"},
    )
    assert done.status_code == 303
    page = web_client.get(done.headers["location"]).text
    assert "3 players checked in." in page and "Undo these check-ins" in page
    assert [p.checked_in for p in _players(sqlite_db, slug).values()] == [True, True, True, False]  # type: ignore[attr-defined]
    undone = post(
        web_client,
        f"/console/{slug}/players/checkin",
        {"undo": "1", "player": ["p1", "p2", "p3"]},
    )
    assert undone.status_code == 303
    assert not any(p.checked_in for p in _players(sqlite_db, slug).values())  # type: ignore[attr-defined]
    post(
        web_client,
        f"/console/{slug}/players/checkin",
        {"player": ["p1", "p2", "p3"], "confirmed": "yes"},
    )
    assert (
        post(web_client, f"/console/{slug}/players/p2/drop", {"reason": "ill"}).status_code == 303
    )
    assert _players(sqlite_db, slug)["p2"].dropped_after == 0  # type: ignore[attr-defined]
    assert "Withdrew" in web_client.get(f"/console/{slug}/players").text
    assert post(web_client, f"/console/{slug}/players/p2/reinstate").status_code == 303
    assert _players(sqlite_db, slug)["p2"].dropped_after is None  # type: ignore[attr-defined]
    again = post(web_client, f"/console/{slug}/players/p2/reinstate")
    assert again.status_code == 422 and "has not dropped" in again.text
    asked = post(web_client, f"/console/{slug}/players/no-shows")
    # asked first: who and how many; nothing dropped yet
    assert asked.status_code == 200 and "Drop 1 player who has not checked in?" in asked.text
    assert "P4." in asked.text and 'name="confirmed" value="yes"' in asked.text
    assert _players(sqlite_db, slug)["p4"].dropped_after is None  # type: ignore[attr-defined]
    done = post(web_client, f"/console/{slug}/players/no-shows", {"confirmed": "yes"})
    assert done.status_code == 303 and "done=no-shows&n=1&entry=" in done.headers["location"]
    assert _players(sqlite_db, slug)["p4"].dropped_after == 0  # type: ignore[attr-defined]
    said = web_client.get(done.headers["location"]).text
    assert "1 player dropped (they had not checked in)." in said and 'id="undo"' in said
    entry = done.headers["location"].split("entry=")[1].split("#")[0]
    undone = post(web_client, f"/console/{slug}/players/no-shows/undo", {"entry": entry})
    assert undone.status_code == 303 and "n=1" in undone.headers["location"]
    assert _players(sqlite_db, slug)["p4"].dropped_after is None  # type: ignore[attr-defined]
    assert "1 player reinstated" in web_client.get(undone.headers["location"]).text
    twice = post(web_client, f"/console/{slug}/players/no-shows/undo", {"entry": entry})
    assert twice.status_code == 422 and "undone already" in twice.text


def test_no_shows_with_nobody_checked_in_say_it_is_the_whole_field(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Nobody here")
    log_in(web_client, "olga")
    asked = post(web_client, f"/console/{slug}/players/no-shows")
    assert "Nobody has checked in yet: this would drop all 4 players." in asked.text
    assert "Drop 4 players who have not checked in?" in asked.text
    assert "P1, P2, P3 and P4." in asked.text
    assert all(p.dropped_after is None for p in _players(sqlite_db, slug).values())  # type: ignore[attr-defined]


def test_no_shows_are_refused_once_round_1_is_out(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "No-shows late")
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    log_in(web_client, "olga")
    answer = post(web_client, f"/console/{slug}/players/no-shows")
    assert answer.status_code == 422 and "before round 1" in answer.text
    answer = post(web_client, f"/console/{slug}/players/no-shows", {"confirmed": "yes"})
    assert answer.status_code == 422 and "before round 1" in answer.text
    assert all(p.dropped_after is None for p in _players(sqlite_db, slug).values())  # type: ignore[attr-defined]


def test_seeds_are_edited_and_a_taken_seed_is_refused_in_its_row(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Seeds")
    log_in(web_client, "olga")
    assert post(web_client, f"/console/{slug}/players/p1/seed", {"seed": "7"}).status_code == 303
    assert _players(sqlite_db, slug)["p1"].seed == 7  # type: ignore[attr-defined]
    taken = post(web_client, f"/console/{slug}/players/p1/seed", {"seed": "2"})
    assert taken.status_code == 422 and "seed 2 is taken by P2" in taken.text
    assert 'class="row-error"' in taken.text
    assert _players(sqlite_db, slug)["p1"].seed == 7  # type: ignore[attr-defined]


def test_a_viewer_sees_the_players_but_cannot_change_them(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Viewers")
    account(sqlite_db, "vic", organizer=False)
    staff.grant(sqlite_db, slug, "vic", "viewer", actor=ACTOR)
    log_in(web_client, "vic")
    page = web_client.get(f"/console/{slug}/players")
    assert page.status_code == 200 and "P1" in page.text and "Add a player" not in page.text
    assert post(web_client, f"/console/{slug}/players/p1/checkin").status_code == 403
    assert post(web_client, f"/console/{slug}/players/add", {"name": "X"}).status_code == 403
    assert not _players(sqlite_db, slug)["p1"].checked_in  # type: ignore[attr-defined]


def test_an_upload_needs_the_csrf_token_before_the_file(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Upload tokens", players=0)
    log_in(web_client, "olga")
    token = csrf(web_client)
    boundary = "fpboundary"
    body = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="file"; filename="p.csv"\r\n'
        "Content-Type: text/csv\r\n\r\nname\r\nAnn\r\n"
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="csrftoken"\r\n\r\n'
        f"{token}\r\n--{boundary}--\r\n"
    )
    file_first = web_client.post(
        f"/console/{slug}/players/import",
        content=body.encode(),
        headers={"content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert file_first.status_code == 403
    no_token = web_client.post(
        f"/console/{slug}/players/import", files={"file": ("p.csv", b"name\nAnn\n", "text/csv")}
    )
    assert no_token.status_code == 403
    assert _players(sqlite_db, slug) == {}


def test_a_rows_buttons_through_htmx_answer_with_the_row_alone(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Rows")
    log_in(web_client, "olga")
    htmx = {"hx-request": "true"}
    row = post(web_client, f"/console/{slug}/players/p1/checkin", headers=htmx)
    assert (
        row.status_code == 200 and row.text.lstrip().startswith("<tr") and 'id="p-p1"' in row.text
    )
    assert "Undo check-in of P1" in row.text
    refused = post(web_client, f"/console/{slug}/players/p1/seed", {"seed": "2"}, headers=htmx)
    assert refused.status_code == 422 and refused.text.lstrip().startswith("<tr")
    assert "seed 2 is taken by P2" in refused.text
    dropped = post(web_client, f"/console/{slug}/players/p3/drop", {"reason": "ill"}, headers=htmx)
    assert dropped.status_code == 200 and "Withdrew" in dropped.text
