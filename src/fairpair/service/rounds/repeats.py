"""Repeat pairing on every surface: a released round with the tables that seat players who met
earlier in the stage (``engine.repeats``; docs/pairing.md#repeat-pairing).

``round_view`` is ``lifecycle.round_view`` with ``repeat_pairing`` and ``repeats`` filled: the
one every page, the API, the CLI, the images and the Discord message read a released round
through. The repeats are derived from the facts on every read (nothing is stored), and they
describe exactly the tables the view shows: the round's own tables are the view's, the
earlier rounds (which no longer change while a later round exists) come from the same
event's facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from fairpair.engine.players import PlayerId
from fairpair.engine.repeats import RepeatMatch, repeat_pairings
from fairpair.engine.rounds import Match, PodTable, Round
from fairpair.engine.stage import Stage
from fairpair.responses.events import RepeatItem, RoundView, Side
from fairpair.service.kernel.snapshots import loaded as snapshot
from fairpair.service.kernel.unit import reading
from fairpair.service.rounds import lifecycle
from fairpair.store.database import Database


def repeat_items(
    repeats: tuple[RepeatMatch, ...], names: Mapping[PlayerId, str]
) -> list[RepeatItem]:
    """The engine's repeats as the responses carry them (the players named)."""
    return [
        RepeatItem(
            table=r.table,
            players=[Side(id=p, name=names.get(p, p)) for p in r.players],
            met_in=list(r.met_in),
        )
        for r in repeats
    ]


def with_repeats(view: RoundView, stage: Stage, names: Mapping[PlayerId, str]) -> RoundView:
    """``view`` with its repeat pairings against the earlier rounds of ``stage``."""
    own = Round(
        view.number,
        tuple(Match(t.table, t.a.id, t.b.id) for t in view.tables),
        pods=tuple(PodTable(p.table, tuple(s.id for s in p.seats)) for p in view.pods),
    )
    rounds = (*(r for r in stage.rounds if r.number < view.number), own)
    repeats = repeat_pairings(replace(stage, rounds=rounds), view.number)
    if not repeats:
        return view
    return view.model_copy(update={"repeat_pairing": True, "repeats": repeat_items(repeats, names)})


def round_view(db: Database, slug: str, number: int, *, stage: str | None = None) -> RoundView:
    """Round ``number`` as released (``lifecycle.round_view``), labelled Repeat pairing when
    some of its tables seat players who met earlier in the stage."""
    view = lifecycle.round_view(db, slug, number, stage=stage)
    with reading(db, slug) as (conn, event):
        t = snapshot(conn, event).tournament
    return with_repeats(view, t.stage(view.stage), {p.id: p.name for p in t.players})
