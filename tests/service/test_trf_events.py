"""FIDE TRF files as saved events (issue 12): import → export is byte-identical, the
players' chess facts and the recorded colours are stored, an edited event exports its new
facts, and the JSON document of an imported event carries the players' facts."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import TossReason
from fairpair.engine.stage_config import PieceColour
from fairpair.interop.document import dump_document, parse_document
from fairpair.interop.trf import load_trf
from fairpair.service.event import events
from fairpair.service.event.trf import export_trf, import_trf
from fairpair.service.results import recording as results
from fairpair.store.database import Database

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
FILES = sorted(DATA.glob("*.trf"))
ACTOR = "arbiter"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_import_then_export_gives_the_same_bytes(db: Database, path: Path) -> None:
    slug = import_trf(db, load_trf(path), actor=ACTOR)
    assert export_trf(db, slug) == path.read_bytes()


def test_players_and_colours_are_stored(sqlite_db: Database) -> None:
    event = load_trf(DATA / "all-codes.trf")
    slug = import_trf(sqlite_db, event, actor=ACTOR)
    stored = events.export_event(sqlite_db, slug)
    assert stored == event.tournament
    first = stored.stages[0].rounds[0].matches[0]
    assert first.toss is not None and first.toss.reason is TossReason.RECORDED
    assert first.toss.manual
    # The JSON document of the event keeps the chess facts too.
    again = parse_document(json.loads(dump_document(stored)))
    assert again.players == stored.players


def test_an_event_without_a_trf_file_exports_in_fairpairs_spelling(sqlite_db: Database) -> None:
    event = load_trf(DATA / "tec-example.trf")
    slug = events.import_event(sqlite_db, event.tournament, actor=ACTOR)
    text = export_trf(sqlite_db, slug).decode()
    assert text.splitlines()[0] == "012 Example Club Championship 2026"
    # A Dutch stage (192 FIDE_DUTCH_2025) is written with the initial colour it was paired
    # with (XXC): drawn from the stage seed here, explicit once read back.
    stage = event.tournament.stages[0]
    assert stage.swiss is not None and stage.swiss.initial_colour is None
    colour = next(line[4:] for line in text.splitlines() if line.startswith("XXC "))
    drawn = replace(stage.swiss, initial_colour=PieceColour(colour.removesuffix("1")))
    assert load_trf_text(text) == replace(event.tournament, stages=(replace(stage, config=drawn),))


def load_trf_text(text: str) -> object:
    from fairpair.interop.trf import read_trf

    return read_trf(text).tournament


def test_a_corrected_result_is_exported_afresh(sqlite_db: Database) -> None:
    path = DATA / "tec-example.trf"
    slug = import_trf(sqlite_db, load_trf(path), actor=ACTOR)
    results.correct(sqlite_db, slug, 3, 1, Result.win(Side.A), actor=ACTOR)
    lines = export_trf(sqlite_db, slug).decode().splitlines()
    original = path.read_text().splitlines()
    assert lines[:16] == original[:16]  # the header lines are kept
    player_2 = next(line for line in lines if line.startswith("001    2"))
    assert player_2.endswith("0001 b 0")  # round 3: 1 (White) now won
    assert " 1.5 " in player_2
