"""Every result of a tournament as CSV: each match (and bye) of every round of every stage,
in stage, round and table order.

Columns: ``stage, round, table, match, player_a, id_a, player_b, id_b, kind, winner, games,
result``. ``kind`` is the result's kind (``played``, ``intentional_draw``, ``forfeit``,
``double_forfeit``, ``skipped``; ``bye`` for a bye; empty while a match is not reported);
``games`` counts side a's games first (``2-1``, ``1-1-1`` with a drawn game); ``result`` says
it as people do ("Ann wins 2-1"). A pod table lists its seats in ``player_a`` / ``id_a`` and
its finishing places in ``result``.
"""

from __future__ import annotations

from fairpair.engine.tournament import Tournament
from fairpair.interop.csv.cells import games_cell, pod_result_cell, result_cell, winner_cell
from fairpair.interop.csv.tables import csv_text

HEADER = (
    "stage",
    "round",
    "table",
    "match",
    "player_a",
    "id_a",
    "player_b",
    "id_b",
    "kind",
    "winner",
    "games",
    "result",
)


def results_csv(tournament: Tournament) -> str:
    """Every match and bye of every round, as CSV."""
    names = {p.id: p.name for p in tournament.players}
    rows: list[tuple[object, ...]] = []
    for stage in tournament.stages:
        for rnd in stage.rounds:
            for m in sorted(rnd.matches, key=lambda m: m.table):
                kind = m.result.kind.value if m.result else ""
                rows.append(
                    (
                        stage.id,
                        rnd.number,
                        m.table,
                        m.id,
                        names[m.a],
                        m.a,
                        names[m.b],
                        m.b,
                        kind,
                        winner_cell(m, names),
                        games_cell(m),
                        result_cell(m, names),
                    )
                )
            for pod in sorted(rnd.pods, key=lambda p: p.table):
                rows.append(
                    (
                        stage.id,
                        rnd.number,
                        pod.table,
                        pod.id,
                        "; ".join(names[s] for s in pod.seats),
                        "; ".join(pod.seats),
                        "",
                        "",
                        "places" if pod.places is not None else "",
                        names[pod.seats[pod.places.index(1)]]
                        if pod.places is not None and 1 in pod.places
                        else "",
                        "",
                        pod_result_cell(pod, names),
                    )
                )
            for bye in rnd.byes:
                rows.append(
                    (
                        stage.id,
                        rnd.number,
                        "",
                        "",
                        names[bye.player],
                        bye.player,
                        "BYE",
                        "",
                        "bye",
                        "",
                        "",
                        f"bye ({bye.kind.value})",
                    )
                )
    return csv_text(HEADER, rows)
