"""Weekly events of a community for the league tests: one round each, results by name."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.results import Result, Side
from fairpair.service.communities import communities
from fairpair.service.event import events
from fairpair.service.players import roster
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording
from fairpair.service.rounds import flow, lifecycle
from fairpair.service.rounds.repeats import round_view
from fairpair.store.database import Database

ACTOR = "td"


def week(
    db: Database,
    community: str,
    name: str,
    players: list[NewPlayer],
    winners: Mapping[frozenset[str], str | None],
) -> str:
    """An event of ``community`` with ``players``, one round played and completed:
    ``winners`` maps each pair of names to the winner's name (``None``: a draw)."""
    slug = events.create_event(db, name, actor=ACTOR)
    communities.attach_event(db, community, slug, actor=ACTOR)
    roster.add_players(db, slug, players, actor=ACTOR)
    flow.next_round(db, slug, actor=ACTOR)
    for table in round_view(db, slug, 1).tables:
        winner = winners[frozenset((table.a.name, table.b.name))]
        result = (
            Result.draw()
            if winner is None
            else Result.win(Side.A if winner == table.a.name else Side.B)
        )
        recording.report(db, slug, 1, result, table=table.table, actor=ACTOR)
    lifecycle.complete_round(db, slug, 1, actor=ACTOR)
    return slug
