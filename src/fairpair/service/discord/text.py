"""The text Discord shows with (or instead of) the images: the current round's tables and
the top of the standings, short enough for one message (Discord's 2,000 characters), so
that a reader whose client shows no image still reads the essentials."""

from __future__ import annotations

from fairpair.engine.points_text import points_text
from fairpair.engine.record_text import record_formatter
from fairpair.engine.repeats import REPEAT_LABEL, repeat_pairings, repeat_text
from fairpair.engine.result_text import result_text
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database

LIMIT = 1900
TOP = 16


def _tournament(db: Database, slug: str) -> Tournament:
    with reading(db, slug) as (conn, event):
        return loaded(conn, event).tournament


def _cut(lines: list[str]) -> str:
    out: list[str] = []
    size = 0
    for n, line in enumerate(lines):
        if size + len(line) + 1 > LIMIT:
            out.append(f"… and {len(lines) - n} more lines (see the image or the event's page)")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


def pairings_text(db: Database, slug: str) -> str:
    """The current round's tables: "Round 3 (open)", then "Table 1: Ash vs Bo — Ash wins 2-1".
    A Repeat pairing round says so after the round ("· **Repeat pairing**"), with one line per
    repeat: "Table 1: Ash and Bo met in round 2"."""
    tournament = _tournament(db, slug)
    stage = tournament.stage()
    if not stage.rounds:
        return f"**{tournament.name}**: no round has been released yet."
    rnd = stage.rounds[-1]
    names = {p.id: p.name for p in tournament.players}
    state = rnd.state.value if rnd.state is not None else rnd.status.value
    repeats = repeat_pairings(stage, rnd.number)
    label = f" · **{REPEAT_LABEL}**" if repeats else ""
    lines = [f"**{tournament.name}** — round {rnd.number} ({state}){label}"]
    lines.extend(repeat_text(r, names) for r in repeats)
    for m in rnd.matches:
        a, b = names.get(m.a, m.a), names.get(m.b, m.b)
        said = f" — {result_text(m.result, a, b)}" if m.result is not None else ""
        lines.append(f"Table {m.table}: {a} vs {b}{said}")
    for pod in rnd.pods:
        seated = ", ".join(names.get(p, p) for p in pod.seats)
        lines.append(f"Table {pod.table}: {seated}")
    lines.extend(f"Bye: {names.get(bye.player, bye.player)}" for bye in rnd.byes)
    return _cut(lines)


def standings_text(db: Database, slug: str, top: int = TOP) -> str:
    """The top ``top`` of the standings: "1. Ash — 9 points (3-0-0)", the record as the game
    writes it (W-L-D; a chess score, "1. Ash — 3 points (3/4)": ``engine.record_text``)."""
    tournament = _tournament(db, slug)
    stage = tournament.stage()
    table = compute_standings(tournament, stage)
    record = record_formatter(stage.ruleset)
    lines = [f"**{tournament.name}** — standings after round {table.after_round}"]
    for row in table.rows[:top]:
        rank = f"{row.rank}." if row.rank is not None else "–"
        left = " (withdrew)" if row.dropped_after is not None else ""
        lines.append(
            f"{rank} {row.player.name} — {points_text(row.points)} points ({record(row)}){left}"
        )
    if len(table.rows) > top:
        lines.append(f"… {len(table.rows) - top} more (see the image or the event's page)")
    return _cut(lines)
