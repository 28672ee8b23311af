"""What one event's standings say of each player, for league points: the match record over
every stage, whether they took part, and their final place (docs/leagues.md).

- **Record**: matches won, drawn and lost in every stage of the event (a top cut's matches
  too), as the standings count them — a bye is a win (a half-point bye a draw), a forfeit
  won or lost is a win or a loss, a pod table's sole first place a win
  (docs/unplayed-rounds.md).
- **Took part**: has a row in some stage's standings (completed a match or had a bye). A
  player registered who never played takes no part.
- **Final place**: read stage by stage from the last one the player is in: a playoff's
  place where they reached it (the first place of a shared range: both losing semi-
  finalists of a top 8 are 3rd), else their rank in that stage (the Swiss rank of a player
  who did not make the cut). A player who withdrew has no final place (the standings give
  a withdrawn player no rank), unless the ruleset ranks withdrawn players (the ``fide``
  presets), when their rank is their place. While the event runs, the place is the one
  the standings give so far."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.leagues.board import EventEntry
from fairpair.engine.players import PlayerId
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament


def event_entries(
    tournament: Tournament, known: Mapping[str, Standings] | None = None
) -> dict[PlayerId, EventEntry]:
    """Each player's entry of ``tournament`` (keyed by the player's id; the entry's
    ``person`` is the player id too: the service puts the person's key in its place).
    ``known``: standings already computed, by stage id (the service's last stage)."""
    tables: list[Standings] = []
    for stage in tournament.stages:
        if not stage.rounds:
            continue
        found = (known or {}).get(stage.id)
        tables.append(found if found is not None else compute_standings(tournament, stage))
    record: dict[PlayerId, list[int]] = {}
    for table in tables:
        for row in table.rows:
            counts = record.setdefault(row.player.id, [0, 0, 0])
            counts[0] += row.wins
            counts[1] += row.draws
            counts[2] += row.losses
    place: dict[PlayerId, int | None] = {}
    for table in reversed(tables):
        for row in table.rows:
            pid = row.player.id
            if pid in place:
                continue
            if row.place is not None:
                place[pid] = row.place.first
            elif row.rank is not None:
                place[pid] = row.rank
            elif row.dropped_after is not None:
                place[pid] = None
            else:
                continue  # still in a playoff: placed by an earlier stage for now
    return {
        pid: EventEntry(pid, c[0], c[1], c[2], True, place.get(pid)) for pid, c in record.items()
    }
