"""``show_event(with_players=False)``: the stages and rounds alone (what the public pages
read: no players, so no contact details), the same as the full view otherwise."""

from __future__ import annotations

from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

ACTOR = "td"


def test_the_rounds_without_the_players(db: Database) -> None:
    slug = events.create_event(db, "Quiet Night", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{i}") for i in range(5)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    full = events.show_event(db, slug)
    bare = events.show_event(db, slug, with_players=False)
    assert len(full.players) == 5 and bare.players == []
    assert bare.stages == full.stages and bare.version == full.version
    assert bare.stages[0].rounds[0].byes == full.stages[0].rounds[0].byes != []
