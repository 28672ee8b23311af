"""Import and export of tournament documents through the service (issue 8): a document
imported and exported again is the same bytes as the document writer gives for it; export →
import → export is byte-identical; the standings of an imported event are the standings of
the file; an event built through the service survives export → import → export."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.engine.results import Result, Side
from fairpair.engine.standings import compute_standings
from fairpair.interop.document import dump_document, load_document
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results import standings as service_standings
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import snapshot

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [
    ROOT / "examples" / "seed-001-nine-players.json",
    ROOT / "examples" / "friday-night-magic.json",
    ROOT / "src" / "fairpair" / "data" / "demo-tournament.json",
]
ACTOR = "importer"


@pytest.mark.parametrize("path", DOCUMENTS, ids=[p.stem for p in DOCUMENTS])
def test_import_export_is_the_document_writers_bytes(db: Database, path: Path) -> None:
    given = load_document(path)
    expected = dump_document(given)
    slug = events.import_event(db, given, actor=ACTOR)
    first = dump_document(events.export_event(db, slug))
    assert first == expected

    # export → import → export: the same bytes again, under a new slug.
    again = events.import_event(db, events.export_event(db, slug), actor=ACTOR)
    assert again != slug
    assert dump_document(events.export_event(db, again)) == first

    # Exporting reads only: nothing in the database changed.
    before = snapshot(db)
    events.export_event(db, slug)
    assert snapshot(db) == before


def test_imported_seed_001_has_the_files_standings(db: Database) -> None:
    path = DOCUMENTS[0]
    on_file = load_document(path)
    slug = events.import_event(db, on_file, actor=ACTOR)
    _, saved = service_standings.standings(db, slug)
    expected = compute_standings(on_file, on_file.stage())
    assert saved.after_round == expected.after_round
    assert [t.name for t in saved.tiebreaks] == [t.name for t in expected.tiebreaks]
    # every row, every tiebreak value (exact fractions), rank, record and status
    assert saved.rows == expected.rows
    for round_number in range(1, expected.after_round + 1):
        _, part = service_standings.standings(db, slug, after_round=round_number)
        assert part.rows == compute_standings(on_file, on_file.stage(), round_number).rows


def _small_event(db: Database) -> str:
    slug = events.create_event(db, "Tuesday Chess Club", actor=ACTOR)
    ids = players.add_players(
        db,
        slug,
        [NewPlayer(f"Member {i}", seed=i, rating=1500 + i) for i in range(1, 8)],
        actor=ACTOR,
    )
    players.drop_player(db, slug, ids[6], actor=ACTOR, after_round=0)
    for number in (1, 2):
        drafts.generate(db, slug, actor=ACTOR)
        rounds.release(db, slug, actor=ACTOR)
        rounds.open_round(db, slug, number, actor=ACTOR)
        results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
        results.report(db, slug, number, Result.draw(), table=2, actor=ACTOR)
        results.report(db, slug, number, Result.forfeit(Side.B), table=3, actor=ACTOR)
        rounds.complete_round(db, slug, number, actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, 3, actor=ACTOR)
    results.report(db, slug, 3, Result.from_games(1, 0), table=1, actor=ACTOR)
    players.drop_player(db, slug, ids[0], actor=ACTOR, whole_event=False)
    return slug


def test_an_event_built_through_the_service_survives_export_and_import(
    db: Database, tmp_path: Path
) -> None:
    slug = _small_event(db)
    first = dump_document(events.export_event(db, slug))
    again = events.import_event(db, events.export_event(db, slug), actor=ACTOR)
    second = dump_document(events.export_event(db, again))
    assert second == first
    written = tmp_path / "exported.json"  # as `fairpair export -o FILE` then `fairpair import`
    written.write_text(first, encoding="utf-8")
    third = events.import_event(db, load_document(written), actor=ACTOR)
    assert dump_document(events.export_event(db, third)) == first
    # The re-imported event is the same event: same standings, same round states.
    _, one = service_standings.standings(db, slug)
    _, two = service_standings.standings(db, again)
    assert one.rows == two.rows
    assert [r.state for r in events.export_event(db, again).stage().rounds] == [
        r.state for r in events.export_event(db, slug).stage().rounds
    ]


def test_a_result_of_an_imported_completed_round_is_corrected_not_cleared(db: Database) -> None:
    """A document's rounds carry no state: a round with every result in is Completed, and its
    results change only through a correction — clearing one is refused (it reopened round 2
    behind rounds 3 and 4, and no next round could be generated)."""
    from fairpair.service.rounds import drafts

    from .helpers import refused

    slug = events.import_event(db, load_document(DOCUMENTS[0]), actor=ACTOR)
    refused(
        db,
        "refused",
        "round 2 is completed: a result can be corrected, not cleared",
        call=lambda: results.correct(db, slug, 2, 1, None, actor=ACTOR),
    )
    fixed = results.correct(db, slug, 2, 1, Result.draw(), actor=ACTOR, reason="misread slip")
    assert fixed is not None and fixed.version == 2
    assert drafts.generate(db, slug, actor=ACTOR).round == 5
