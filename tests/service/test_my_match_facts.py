"""The portal's shared facts (``service.my_match_facts.event_facts``): a read gets facts at
least as new as its own version, every change shows, and reads that arrive together share
one build — one build of an event at a time."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from fairpair.engine.results import Result, Side
from fairpair.service import drafts, events, players, results, rounds
from fairpair.service import my_match_facts as facts_module
from fairpair.service.my_match import my_match
from fairpair.service.my_match_facts import event_facts
from fairpair.service.players import NewPlayer
from fairpair.service.unit import reading
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
