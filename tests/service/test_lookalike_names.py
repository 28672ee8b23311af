"""Look-alike names (issue 33, point 5): a name holding a bidirectional override or isolate
or a zero-width character is refused — registering, joining by code, importing a CSV,
editing a player, renaming a directory record, naming an event — with the field and the
character named, and nothing changed; two names that differ but share Unicode's confusables
skeleton are reported as look-alikes (``looks_like``), never refused."""

from __future__ import annotations

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.communities.directory import people, rename
from fairpair.service.event.events import create_event, event_version, show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.text_rules import HIDDEN, hidden_in
from fairpair.service.players.csv_import import import_players_csv
from fairpair.service.players.csv_rows import InvalidCsv
from fairpair.service.players.edits import edit_player
from fairpair.service.players.joining import join_event
from fairpair.service.players.lookalikes import lookalike_pairs, looks_like, skeleton, telling_apart
from fairpair.service.players.portal_settings import set_portal
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

ACTOR = "td"
#: Each forbidden character, in a name that reads "Ann Lee" (or its mirror) on screen.
HIDDEN_NAMES = [
    "Ann\u202eeeL",  # right-to-left override
    "Ann\u2066Lee\u2069",  # left-to-right isolate … pop
    "An\u200bn Lee",  # zero-width space
    "Ann\u200d Lee",  # zero-width joiner
    "Ann\u2060Lee",  # word joiner
    "\ufeffAnn Lee",  # byte order mark
]


def test_every_listed_character_is_hidden() -> None:
    listed = [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200B, 0x200C, 0x200D, 0x2060]
    assert set(listed) | {0xFEFF} == HIDDEN
    assert hidden_in("Ann Lee") is None and hidden_in("Zoë Ñúñez 李") is None
    assert hidden_in("Ann\u202eeeL") == "U+202E RIGHT-TO-LEFT OVERRIDE"


@pytest.mark.parametrize("name", HIDDEN_NAMES)
def test_a_hidden_character_in_a_name_is_refused_and_changes_nothing(
    db: Database, name: str
) -> None:
    slug = create_event(db, "Hidden Night", actor=ACTOR)
    add_players(db, slug, [NewPlayer("Bo")], actor=ACTOR)
    before = event_version(db, slug)
    with pytest.raises(FairpairError) as refused:
        add_players(db, slug, [NewPlayer("Cy"), NewPlayer(name)], actor=ACTOR)
    assert str(refused.value.location) == "players[1].name"
    assert "invisible character (U+" in refused.value.reason
    with pytest.raises(FairpairError) as team:
        add_players(db, slug, [NewPlayer("Cy", team=name)], actor=ACTOR)
    assert str(team.value.location) == "player.team"  # one player: "player"
    with pytest.raises(FairpairError) as edited:
        edit_player(db, slug, "bo", {"name": name}, actor=ACTOR)
    assert str(edited.value.location) == "player.name"
    with pytest.raises(InvalidCsv) as imported:
        import_players_csv(db, slug, f"name\nDee\n{name}\n", actor=ACTOR, source="f.csv")
    assert imported.value.problems[0].where == "f.csv line 3, column name"
    assert "invisible character" in imported.value.problems[0].reason
    assert event_version(db, slug) == before  # none of those refusals changed the event
    set_portal(db, slug, actor=ACTOR, self_registration=True)
    after_portal = event_version(db, slug)
    with pytest.raises(FairpairError) as joined:
        join_event(db, slug, name)
    assert str(joined.value.location).endswith("name")
    assert event_version(db, slug) == after_portal
    assert [p.name for p in show_event(db, slug).players] == ["Bo"]
    with pytest.raises(FairpairError) as event_name:
        create_event(db, name, actor=ACTOR)
    assert str(event_name.value.location) == "name"


def test_a_directory_record_cannot_be_renamed_with_a_hidden_character(db: Database) -> None:
    club = create_community(db, "Hidden Club", actor=ACTOR, slug="hidden-club")
    slug = create_event(db, "Club Night", actor=ACTOR)
    add_players(db, slug, [NewPlayer("Ann Lee")], actor=ACTOR)
    attach_event(db, club, slug, actor=ACTOR)
    key = people(db, club)[0].key
    with pytest.raises(FairpairError) as refused:
        rename(db, club, key, "Ann\u202eeeL", actor=ACTOR)
    assert str(refused.value.location) == "name" and "U+202E" in refused.value.reason
    assert people(db, club)[0].name == "Ann Lee"


def test_confusable_names_share_a_skeleton() -> None:
    assert skeleton("Аnn Lee") == skeleton("Ann Lee")  # Cyrillic А
    assert skeleton("Ann  Lee ") == skeleton("Ann Lee")
    assert skeleton("pаypal") == skeleton("paypal")
    assert skeleton("Ann Lee") != skeleton("Ann Lea")
    names = {"a": "Ann Lee", "b": "Аnn Lee", "c": "Bo", "d": "Ann Lee", "e": "Вo"}
    assert looks_like(names) == {"a": ["b"], "b": ["a", "d"], "d": ["b"], "c": ["e"], "e": ["c"]}
    assert lookalike_pairs(names) == [("a", "b"), ("b", "d"), ("c", "e")]
    assert telling_apart("Аnn Lee", "Ann Lee") == ["U+0410 CYRILLIC CAPITAL LETTER A"]


def test_staff_see_which_players_look_alike(db: Database) -> None:
    slug = create_event(db, "Alike Night", actor=ACTOR)
    add_players(db, slug, [NewPlayer("Ann Lee"), NewPlayer("Bo")], actor=ACTOR)
    assert all(p.looks_like is None for p in show_event(db, slug).players)
    add_players(db, slug, [NewPlayer("Аnn Lee", id="impostor")], actor=ACTOR)  # warned, added
    shown = {p.id: p.looks_like for p in show_event(db, slug).players}
    assert shown == {"ann-lee": ["impostor"], "bo": None, "impostor": ["ann-lee"]}
