"""A chess event's data (issue 28, point 5): the players' FIDE facts (edit, CSV in and out,
standings CSV), the event's details (set, refused, audited) and the TRF header records they
become — written, read back on import, kept as the file spelled them — and requested byes
written ``H``/``Z`` in their round."""

from __future__ import annotations

from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path

import pytest

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import ByeKind
from fairpair.engine.rulesets import FIDE
from fairpair.interop.csv import CsvTable
from fairpair.interop.trf import read_trf
from fairpair.interop.trf.header import TAGS as HEADER_TAGS
from fairpair.service.event import events
from fairpair.service.event.csv_exports import event_csv
from fairpair.service.event.details import event_details, set_event_details
from fairpair.service.event.trf import export_trf, import_trf
from fairpair.service.kernel import audit
from fairpair.service.players import bye_requests as byes
from fairpair.service.players import roster as players
from fairpair.service.players.csv_import import import_players_csv
from fairpair.service.players.edits import edit_player
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "arbiter"
DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
CSV = """Name,FIDE ID,Fed,Title,Rating,Sex,Born
"Alder, Ann",12345678,ita,IM,2412,w,1990-03-18
"Birch, Bea",23456789,FRA,,2250,f,1995
"Cedar, Cy",,,,1800,,
"""


def _event(db: Database) -> str:
    slug = events.create_event(db, "Club Championship", actor=ACTOR, ruleset=FIDE)
    import_players_csv(db, slug, CSV, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer("Dogwood, Dot", id="dot")], actor=ACTOR)
    return slug


def test_the_csv_import_reads_the_fide_facts_and_the_exports_carry_them(db: Database) -> None:
    slug = _event(db)
    shown = {p.name: p for p in events.show_event(db, slug).players}
    ann = shown["Alder, Ann"]
    assert (ann.title, ann.federation, ann.fide_id, ann.rating) == ("IM", "ITA", "12345678", 2412)
    assert (ann.sex, ann.birth_date) == ("w", "1990/03/18")
    assert (shown["Birch, Bea"].sex, shown["Birch, Bea"].birth_date) == ("w", "1995")
    lines = event_csv(db, slug, CsvTable.PLAYERS).splitlines()
    assert lines[0] == "name,id,seed,rating,team,title,federation,fide_id,sex,birth_date"
    assert lines[1] == '"Alder, Ann",alder-ann,,2412,,IM,ITA,12345678,w,1990/03/18'
    # The export is what the import reads back.
    again = events.create_event(db, "Again", actor=ACTOR, ruleset=FIDE)
    import_players_csv(db, again, event_csv(db, slug, CsvTable.PLAYERS), actor=ACTOR)
    assert [p.model_dump(exclude={"checked_in"}) for p in events.show_event(db, again).players] == [
        p.model_dump(exclude={"checked_in"}) for p in events.show_event(db, slug).players
    ]
    refused(
        db,
        "invalid_csv",
        "not a federation",
        call=lambda: import_players_csv(db, slug, "name,fed\nEve,Italia\n", actor=ACTOR),
    )


def test_edit_player_changes_the_facts_audited_and_refuses_bad_ones(db: Database) -> None:
    slug = _event(db)
    held = edit_player(
        db, slug, "dot", {"title": "wgm", "federation": "usa", "rating": 2100}, actor=ACTOR
    )
    assert (held["title"], held["federation"], held["rating"]) == ("wgm", "USA", 2100)
    last = audit.audit_log(db, slug, limit=1).entries[-1]
    assert (last.action, last.subject) == ("player.edit", "player dot")
    assert last.before == {"title": None, "federation": None, "rating": None}
    assert last.after == {"title": "wgm", "federation": "USA", "rating": 2100}
    wrong: tuple[tuple[dict[str, object], str], ...] = (
        ({"fide_id": "12-34"}, "not a FIDE id"),
        ({"title": "Grandmaster"}, "not a title"),
        ({"sex": "x"}, "sex is m or w"),
        ({"birth_date": "March 1990"}, "not a birth date"),
        ({"name": ""}, "a name has 1-200 characters"),
        ({"seed": 3}, "not a field"),
    )
    for changes, part in wrong:
        refused(
            db, "refused", part, call=partial(edit_player, db, slug, "dot", changes, actor=ACTOR)
        )


def test_standings_csv_has_the_fide_columns_only_when_players_have_them(db: Database) -> None:
    slug = _event(db)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, 1, actor=ACTOR)
    for table in (1, 2):
        results.report(db, slug, 1, Result.draw(), actor=ACTOR, table=table)
    header = event_csv(db, slug, CsvTable.STANDINGS).splitlines()[0]
    assert header.startswith("rank,player,id,title,rating,federation,fide_id,points,")
    magic = events.create_event(db, "Magic", actor=ACTOR)
    players.add_players(db, magic, [NewPlayer("Ann"), NewPlayer("Bo")], actor=ACTOR)
    drafts.generate(db, magic, actor=ACTOR)
    rounds.release(db, magic, actor=ACTOR)
    rounds.open_round(db, magic, 1, actor=ACTOR)
    results.report(db, magic, 1, Result.win(Side.A), actor=ACTOR, table=1)
    assert (
        event_csv(db, magic, CsvTable.STANDINGS)
        .splitlines()[0]
        .startswith("rank,player,id,points,")
    )


def test_event_details_are_set_audited_and_refused_when_wrong(db: Database) -> None:
    slug = _event(db)
    stored = set_event_details(
        db,
        slug,
        {
            "city": " Torino ",
            "federation": "ita",
            "start_date": date(2026, 3, 1),
            "end_date": date(2026, 3, 3),
            "deputy_arbiters": ("Verdi, Giulia", " "),
            "round_dates": (date(2026, 3, 1), None, None),
        },
        actor=ACTOR,
    )
    assert (stored.city, stored.federation, stored.deputy_arbiters) == (
        "Torino",
        "ITA",
        ("Verdi, Giulia",),
    )
    assert stored.round_dates == (date(2026, 3, 1),)
    last = audit.audit_log(db, slug, limit=1).entries[-1]
    assert (last.action, last.after["city"]) == ("event.details", "Torino")
    # Only the fields named change; a None clears one.
    after = set_event_details(db, slug, {"city": None, "name": "Club Ch."}, actor=ACTOR)
    assert (after.city, after.federation) == (None, "ITA")
    assert events.show_event(db, slug).name == "Club Ch."
    wrong: tuple[tuple[dict[str, object], str], ...] = (
        ({"federation": "Italy"}, "not a federation"),
        ({"end_date": date(2026, 2, 1)}, "ends (2026-02-01) before it starts"),
        ({"city": "x" * 101}, "up to 100 characters"),
        ({"venue": "Hall"}, "not an event detail"),
        ({"start_date": "yesterday"}, "date"),
    )
    for changes, part in wrong:
        refused(
            db,
            "refused",
            part,
            call=partial(set_event_details, db, slug, changes, actor=ACTOR),
        )
    assert event_details(db, slug) == after


def test_the_trf_export_writes_the_header_and_requested_byes(db: Database) -> None:
    slug = _event(db)
    set_event_details(
        db,
        slug,
        {
            "city": "Torino",
            "federation": "ITA",
            "chief_arbiter": "Rossi, Mario",
            "deputy_arbiters": ("Verdi, Giulia", "Bianchi, Luca"),
            "time_control": "90'+30\"",
            "round_dates": (None, date(2026, 3, 2)),
        },
        actor=ACTOR,
    )
    byes.request_bye(db, slug, "birch-bea", ByeKind.HALF, actor=ACTOR)
    byes.request_bye(db, slug, "cedar-cy", ByeKind.ZERO, actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, 1, actor=ACTOR)
    opened = datetime.now(UTC).date()
    text = export_trf(db, slug).decode("utf-8")
    lines = text.splitlines()
    assert lines[:12] == [
        "012 Club Championship",
        "022 Torino",
        "032 ITA",
        f"042 {min(opened, date(2026, 3, 2)):%Y/%m/%d}",
        f"052 {max(opened, date(2026, 3, 2)):%Y/%m/%d}",
        "062 4",
        "072 3",
        "082 0",
        "092 Individual: Swiss-System",
        "102 Rossi, Mario",
        "112 Verdi, Giulia",
        "112 Bianchi, Luca",
    ]
    assert lines[12] == "122 90'+30\""
    assert lines[13] == "132".ljust(91) + f"{opened:%y/%m/%d}  26/03/02"
    bea = next(line for line in lines if "Birch, Bea" in line)
    cy = next(line for line in lines if "Cedar, Cy" in line)
    assert (bea[91:99], cy[91:99]) == ("0000 - H", "0000 - Z")
    # Read back: the details and the byes.
    read = read_trf(text)
    assert read.details.city == "Torino"
    assert read.details.deputy_arbiters == ("Verdi, Giulia", "Bianchi, Luca")
    assert read.details.round_dates == (opened, date(2026, 3, 2))
    kinds = {b.player: b.kind for b in read.tournament.stages[0].rounds[0].byes}
    assert (kinds["2"], kinds["3"]) == (ByeKind.HALF, ByeKind.ZERO)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_an_imported_header_round_trips_and_a_changed_detail_is_rewritten(
    db: Database, newline: str
) -> None:
    tec = (DATA / "tec-example.trf").read_text(encoding="utf-8").splitlines()
    dates = next(line for line in tec if line.startswith("132"))
    lines = ["012 Open", "022 Milano", "042 2026-01-10", "092 Swiss", "122 60'+30\"", dates]
    lines += [line for line in tec if line[:3] not in ("012", *HEADER_TAGS)]
    text = newline.join(lines) + newline
    event = read_trf(text)
    assert (event.details.city, event.details.start_date) == ("Milano", date(2026, 1, 10))
    assert (event.details.tournament_type, event.details.round_dates) == (
        "Swiss",
        (date(2026, 1, 10), date(2026, 1, 11), date(2026, 1, 12)),
    )
    slug = import_trf(db, event, actor=ACTOR)
    assert event_details(db, slug).time_control == "60'+30\""
    assert export_trf(db, slug) == text.encode()
    set_event_details(db, slug, {"city": "Torino", "chief_arbiter": "Rossi, Mario"}, actor=ACTOR)
    again = export_trf(db, slug).decode().split(newline)
    assert again[:7] == [
        "012 Open",
        "022 Torino",
        "042 2026-01-10",
        "092 Swiss",
        "102 Rossi, Mario",
        "122 60'+30\"",
        dates,
    ]
