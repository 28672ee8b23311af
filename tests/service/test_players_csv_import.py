"""Registration from messy CSV files (issue 12, point 4): header spellings and an explicit
mapping, a byte order mark, semicolons, earned byes, duplicate names (imported, warned),
missing seeds (unseeded), and every problem named by line and column with nothing imported."""

from __future__ import annotations

import pytest

from fairpair.service.event import events
from fairpair.service.players.csv_import import import_players_csv
from fairpair.service.players.csv_rows import InvalidCsv, read_players_text
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "registrar"

MESSY = (
    "\ufeffPlayer;DCI;Seed #;Rating;Club;Earned Byes\r\n"
    "Ann Lee;1001;1;1800;Red;2\r\n"
    '"Bo; the Great";1002;;;;\r\n'
    "Ann Lee;1003;3;;Blue;\r\n"
    "\r\n"
    "Cy;;;;;0\r\n"
)


def test_messy_input_imports_with_a_clear_report(db: Database) -> None:
    slug = events.create_event(db, "Messy", actor=ACTOR)
    made = import_players_csv(db, slug, MESSY, actor=ACTOR, source="players.csv")
    assert made.players == ["1001", "1002", "1003", "cy"]
    assert [(w.line, w.column) for w in made.warnings] == [(4, "Player")]
    assert "line 2" in made.warnings[0].reason and "both are imported" in made.warnings[0].reason
    shown = events.show_event(db, slug)
    by_id = {p.id: p for p in shown.players}
    assert by_id["1002"].name == "Bo; the Great" and by_id["1002"].seed is None
    assert by_id["1001"].team == "Red" and by_id["1001"].rating == 1800
    stage = events.export_event(db, slug).stages[0]
    assert [(b.player, b.round) for b in stage.assigned_byes] == [("1001", 1), ("1001", 2)]


def test_every_problem_is_listed_and_nothing_is_imported(db: Database) -> None:
    slug = events.create_event(db, "Bad", actor=ACTOR)
    text = "name,id,seed,rating\nAnn,ann,1,x\nBo,ann,-2,\n,cy,,\nDi,d i,,\n"
    error = refused(db, "invalid_csv", call=lambda: import_players_csv(db, slug, text, actor=ACTOR))
    assert isinstance(error, InvalidCsv)
    found = [(p.line, p.column) for p in error.problems]
    assert found == [(2, "rating"), (3, "seed"), (3, "id"), (4, "name"), (5, "id")]
    assert "'x' is not a whole number" in error.problems[0].reason
    assert "also on line 2" in error.problems[2].reason
    assert "(and 4 more)" in error.reason


def test_an_id_registered_already_refuses_the_file_and_a_name_warns(db: Database) -> None:
    slug = events.create_event(db, "Twice", actor=ACTOR)
    import_players_csv(db, slug, "name,id\nAnn,ann\n", actor=ACTOR)
    refused(
        db,
        "invalid_csv",
        "'ann' is registered already",
        call=lambda: import_players_csv(db, slug, "name,id\nZed,zed\nAnna,ann\n", actor=ACTOR),
    )
    made = import_players_csv(db, slug, "name\nann\n", actor=ACTOR)
    assert made.players == ["ann-2"]
    assert "registered player 'ann'" in made.warnings[0].reason


def test_an_explicit_mapping_wins_and_can_skip_a_column() -> None:
    text = "Joueur,Notes,Seed\nAnn,likes tea,2\n"
    with pytest.raises(InvalidCsv) as caught:
        read_players_text(text)
    found = [(p.line, p.column) for p in caught.value.problems]
    assert found == [(1, "Joueur"), (1, "Notes"), (1, "Joueur")]
    assert "no 'name' column" in caught.value.problems[2].reason
    mapped = read_players_text(text, mapping={"joueur": "name", "NOTES": "ignore"})
    assert [(p.name, p.seed) for p in mapped.players] == [("Ann", 2)]
    with pytest.raises(InvalidCsv, match=r"'nme' .* is not a field"):
        read_players_text(text, mapping={"Joueur": "nme"})


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("name\n", "no players"),
        ("name,Seed #,seeding\nAnn,1,1\n", "appears twice"),
        ("name\nAnn\x00\n", "no control codes"),
        ('name\n"Ann\n', "not CSV"),
        ("name,byes\nAnn,21\n", "at most 20"),
    ],
)
def test_bad_files_are_refused_naming_the_reason(text: str, words: str) -> None:
    with pytest.raises(InvalidCsv, match=words):
        read_players_text(text)


def test_earned_byes_need_a_swiss_first_stage_not_yet_started(db: Database) -> None:
    from fairpair.engine.stage import StageFormat, stage_from_settings

    slug = events.create_event(
        db, "Robin", actor=ACTOR, stage=stage_from_settings(format=StageFormat.ROUND_ROBIN)
    )
    refused(
        db,
        "refused",
        "earned byes are for a Swiss",
        call=lambda: import_players_csv(db, slug, "name,byes\nAnn,\nBo,1\n", actor=ACTOR),
    )
    try:
        import_players_csv(db, slug, "name,byes\nAnn,\nBo,1\n", actor=ACTOR, source="p.csv")
    except Exception as error:  # the line and column of the row that asked for it
        assert "p.csv line 3, column byes" in str(error)
