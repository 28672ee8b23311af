"""The pairings of one round as CSV: one row a table in table order, then one row a bye.

Columns: ``round, table, player_a, id_a, player_b, id_b, plays_first, result``. A pod table
lists its seats in ``player_a`` / ``id_a`` (separated by ``; ``, in seat order) and its
finishing places in ``result``; a bye has no table, ``BYE`` as ``player_b`` and its kind in
``result`` (``bye (full)``).
"""

from __future__ import annotations

from fairpair.engine.errors import UnknownRound
from fairpair.engine.tournament import Tournament
from fairpair.interop.csv.cells import first_cell, pod_result_cell, result_cell
from fairpair.interop.csv.tables import csv_text

HEADER = ("round", "table", "player_a", "id_a", "player_b", "id_b", "plays_first", "result")


def pairings_csv(
    tournament: Tournament, stage: str | None = None, number: int | None = None
) -> str:
    """Round ``number`` (default: the latest) of ``stage`` (default: the last) as CSV."""
    found = tournament.stage(stage)
    if not found.rounds:
        raise UnknownRound("round", f"stage {found.id!r} has no round yet")
    by_number = {r.number: r for r in found.rounds}
    rnd = by_number.get(number if number is not None else found.rounds[-1].number)
    if rnd is None:
        rounds = ", ".join(str(n) for n in by_number)
        raise UnknownRound("round", f"stage {found.id!r} has no round {number} (rounds: {rounds})")
    names = {p.id: p.name for p in tournament.players}
    rows: list[tuple[object, ...]] = []
    for match in sorted(rnd.matches, key=lambda m: m.table):
        rows.append(
            (
                rnd.number,
                match.table,
                names[match.a],
                match.a,
                names[match.b],
                match.b,
                first_cell(match, names),
                result_cell(match, names),
            )
        )
    for pod in sorted(rnd.pods, key=lambda p: p.table):
        seats = "; ".join(names[s] for s in pod.seats)
        ids = "; ".join(pod.seats)
        rows.append((rnd.number, pod.table, seats, ids, "", "", "", pod_result_cell(pod, names)))
    for bye in rnd.byes:
        kind = f"bye ({bye.kind.value})"
        rows.append((rnd.number, "", names[bye.player], bye.player, "BYE", "", "", kind))
    return csv_text(HEADER, rows)
