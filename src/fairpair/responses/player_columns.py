"""The registration facts a standings table shows beside a player's name — title, rating,
federation, FIDE id — as the console, the public page, print and the CSV export show them: a
column appears when any player of the table has that fact (a chess event's ratings, titles,
federations and FIDE ids; a Magic event without them gets no empty columns)."""

from __future__ import annotations

from fairpair.engine.players import Player
from fairpair.engine.standings import Standings
from fairpair.i18n import N_

#: Each fact's field and its column header, in the order the columns stand (the header
#: marked for the catalogue, translated where it is shown).
COLUMNS = (
    ("title", N_("Title")),
    ("rating", N_("Rtg")),
    ("federation", N_("Fed")),
    ("fide_id", N_("FIDE id")),
)
HEADERS = dict(COLUMNS)


def player_columns(standings: Standings) -> tuple[str, ...]:
    """The facts (``COLUMNS`` fields) any player of ``standings`` has, in column order."""
    players = [row.player for row in standings.rows]
    return tuple(f for f, _ in COLUMNS if any(getattr(p, f) for p in players))


def fact_text(player: Player, field: str) -> str:
    """``player``'s ``field`` as a cell shows it (empty when they have none)."""
    value = getattr(player, field)
    return "" if value is None or value == 0 else str(value)
