"""Repeat pairing through the service (seed 001: "If no rematch-free draw exists, it pairs anyway
and labels the round Repeat pairing instead of stalling"): the draft says it will be, the
released round carries the label and its notes in every read model — the round, the event's
rounds, a player's card, the chat image, the Discord text — and a swap that seats two players
together again makes one too."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.service.discord.text import pairings_text
from fairpair.service.event import events
from fairpair.service.event.images import picture_of
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.portal.player_view import my_match
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.repeats import round_view
from fairpair.store.database import Database

ACTOR = "td"
NAMES = ["Ann Lee", "Bob Ray", "Cy Dunn", "Di Moss", "Ed Vos", "Flo Kim"]


def _event(db: Database, size: int, name: str) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(
        db,
        slug,
        [NewPlayer(NAMES[i], id=f"p{i + 1}", seed=i + 1) for i in range(size)],
        actor=ACTOR,
    )
    return slug


def _play(db: Database, slug: str, number: int) -> None:
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, number, actor=ACTOR)
    rnd = events.export_event(db, slug).stage().round(number)
    assert rnd is not None
    for m in rnd.matches:
        results.report(db, slug, number, Result.win(Side.A), table=m.table, actor=ACTOR)
    rounds.complete_round(db, slug, number, actor=ACTOR)


def test_four_players_in_round_four_are_a_repeat_pairing_everywhere(db: Database) -> None:
    slug = _event(db, 4, "Repeat Night")
    for number in (1, 2, 3):
        _play(db, slug, number)
        assert not round_view(db, slug, number).repeat_pairing
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert saved.repeat_pairing
    assert any("rematch" in w for w in saved.warnings)  # the draft's warnings stay
    rounds.release(db, slug, actor=ACTOR)

    view = round_view(db, slug, 4)
    assert view.repeat_pairing
    assert len(view.repeats) == 2
    paired = {t.table: {t.a.id, t.b.id} for t in view.tables}
    for repeat in view.repeats:
        assert {p.id for p in repeat.players} == paired[repeat.table]
        assert len(repeat.met_in) == 1 and 1 <= repeat.met_in[0] <= 3
        a, b = (p.name for p in repeat.players)
        assert repeat.note == f"Table {repeat.table}: {a} and {b} met in round {repeat.met_in[0]}"
    as_json = view.model_dump(mode="json")
    assert as_json["repeat_pairing"] is True
    assert set(as_json["repeats"][0]) == {"table", "players", "met_in"}

    listed = events.show_event(db, slug).stages[0].rounds
    assert [r.repeat_pairing for r in listed] == [False, False, False, True]
    assert listed[-1].repeats == view.repeats

    card = my_match(db, slug, "p1").round
    assert card is not None and card.repeat_pairing and card.table is not None
    assert {p.id for p in card.repeats[0].players} == paired[card.table]

    text = pairings_text(db, slug)
    assert "Repeat pairing" in text.splitlines()[0]
    assert view.repeats[0].note in text

    picture = picture_of(db, slug, "pairings")
    assert any("Repeat pairing" in t for t in picture.texts())
    assert picture.texts().count("repeat") == 2


def test_a_swap_that_seats_two_players_together_again_is_labelled(db: Database) -> None:
    slug = _event(db, 6, "Swap Night")
    _play(db, slug, 1)
    first = events.export_event(db, slug).stage().round(1)
    assert first is not None
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    assert not round_view(db, slug, 2).repeat_pairing
    old = first.matches[0]
    second = events.export_event(db, slug).stage().round(2)
    assert second is not None
    mate = next(m for m in second.matches if old.a in m.players).opponent_of(old.a)
    rounds.swap(db, slug, 2, mate, old.b, actor=ACTOR)

    view = round_view(db, slug, 2)
    assert view.repeat_pairing
    pair = {old.a, old.b}
    assert any({p.id for p in r.players} == pair and r.met_in == [1] for r in view.repeats)
    card = my_match(db, slug, old.a).round
    assert card is not None and card.repeats and card.repeats[0].met_in == [1]
    # Everyone else's pairing is new: their card says the round repeats, not their match.
    others = {p for m in second.matches for p in m.players} - {old.a, old.b}
    repeated = {p.id for r in view.repeats for p in r.players}
    for player in others - repeated:
        mine = my_match(db, slug, player).round
        assert mine is not None and mine.repeat_pairing and mine.repeats == []
