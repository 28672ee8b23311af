"""The review screen's toss preview: what release will decide, without writing anything."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig, TossSettings
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.draft_toss import draft_tosses
from fairpair.store.database import Database

from .helpers import snapshot

ACTOR = "td"


def _event(db: Database, toss: bool) -> str:
    stage = Stage(config=SwissConfig(toss=TossSettings(enabled=toss)))
    slug = events.create_event(db, f"Toss Preview {toss}", actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, 9)], actor=ACTOR
    )
    return slug


def test_the_preview_is_what_release_decides_and_writes_nothing(db: Database) -> None:
    slug = _event(db, toss=True)
    for number in (1, 2):
        drafts.generate(db, slug, actor=ACTOR)
        before = snapshot(db)
        preview = draft_tosses(db, slug)
        assert snapshot(db) == before
        rounds.release(db, slug, actor=ACTOR)
        view = rounds.round_view(db, slug, number)
        assert preview == {t.table: t.first for t in view.tables}
        assert len(preview) == 4
        rounds.open_round(db, slug, number, actor=ACTOR)
        for t in view.tables:
            results.report(db, slug, number, Result.win(Side.A), table=t.table, actor=ACTOR)
        rounds.complete_round(db, slug, number, actor=ACTOR)


def test_no_preview_without_a_toss_or_a_draft(db: Database) -> None:
    slug = _event(db, toss=False)
    assert draft_tosses(db, slug) == {}
    drafts.generate(db, slug, actor=ACTOR)
    assert draft_tosses(db, slug) == {}
