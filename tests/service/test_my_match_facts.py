"""The portal's shared facts (``service.portal.facts``): a read gets facts at least as new
as its own version, every change shows, and reads that arrive together share one build —
one build of an event at a time. The portal's card may use facts from before the players'
latest reports: it then reads the player's own table afresh, and shows what the exact
facts show (but the rank); any other change is read in full."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from fairpair.engine.results import Result, Side
from fairpair.responses.my_match import MyMatch
from fairpair.service.event import events
from fairpair.service.kernel.unit import reading
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.portal import facts as facts_module
from fairpair.service.portal.facts import event_facts, recent_facts
from fairpair.service.portal.player_view import my_match, my_match_in
from fairpair.service.results import recording as results
from fairpair.service.results import self_reports
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.store.database import Database

ACTOR = "td"


def _event(db: Database) -> tuple[str, int]:
    slug = events.create_event(db, "Shared Facts", actor=ACTOR)
    names = ["Ada", "Ben", "Cy", "Dee"]
    players.add_players(
        db, slug, [NewPlayer(n, id=n.lower(), seed=i) for i, n in enumerate(names, 1)], actor=ACTOR
    )
    drafts.generate(db, slug, actor=ACTOR)
    number = rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, number, actor=ACTOR)
    return slug, number


def test_a_read_gets_facts_at_least_as_new_as_its_version(db: Database) -> None:
    slug, number = _event(db)
    with reading(db, slug) as (conn, before):
        assert event_facts(conn, before).event.version == before.version
    results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
    with reading(db, slug) as (conn, after):
        newer = event_facts(conn, after)
    assert after.version > before.version and newer.event.version == after.version
    # a read that began before the result may get the newer facts, never older ones
    with reading(db, slug) as (conn, _):
        assert event_facts(conn, before).event.version >= before.version
    # and what the player reads shows the result
    card = my_match(db, slug, "ada")
    assert card.round is not None and card.round.result is not None


def test_reads_arriving_together_share_one_build(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    slug, number = _event(db)
    results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
    builds: list[int] = []
    real = facts_module._build

    def counted(conn, event):  # type: ignore[no-untyped-def]
        builds.append(event.version)
        return real(conn, event)

    monkeypatch.setattr(facts_module, "_build", counted)
    with ThreadPoolExecutor(8) as pool:
        cards = list(pool.map(lambda _: my_match(db, slug, "ben"), range(8)))
    assert len(builds) == 1
    assert {card.version for card in cards} == {builds[0]}


def _card(db: Database, slug: str, key: str) -> tuple[int, MyMatch]:
    """The portal card's view (the recent facts) and the version of the facts it used."""
    with reading(db, slug) as (conn, event):
        return recent_facts(conn, event).event.version, my_match_in(conn, event, key, recent=True)


def test_after_the_players_reports_the_card_reads_their_table_afresh(db: Database) -> None:
    slug, number = _event(db)
    first, _ = _card(db, slug, "ada")  # the facts of the released round, read once
    table = next(t for t in round_view(db, slug, number).tables if "ada" in (t.a.id, t.b.id))
    reporter, other = (table.a.id, table.b.id)
    self_reports.report_own(db, slug, reporter, 2, 1, 0, actor=reporter)
    self_reports.confirm_report(db, slug, other, actor=other)
    told = {(reporter, "1-0-0", "Won 2-1"): _card(db, slug, reporter)}
    told[(other, "0-1-0", "Lost 1-2")] = _card(db, slug, other)
    for (key, record, result), (used, card) in told.items():
        exact = my_match(db, slug, key)  # read in full (it makes these the newest facts)
        assert used == first < exact.version  # the facts from before the reports...
        assert card.round is not None and exact.round is not None
        assert card.round.result == exact.round.result == result  # ...and the table afresh
        assert card.record == exact.record == record
        assert card.points == exact.points
        assert card.round.opponent is not None and exact.round.opponent is not None
        assert card.round.opponent.record == exact.round.opponent.record


def test_any_other_change_is_read_in_full(db: Database) -> None:
    slug, number = _event(db)
    first, _ = _card(db, slug, "ada")
    results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
    assert _card(db, slug, "ada")[0] == first  # a result at a table: the table afresh
    players.drop_player(db, slug, "dee", actor=ACTOR, reason="left")
    used, card = _card(db, slug, "dee")
    assert used == my_match(db, slug, "dee").version > first and card.withdrew
