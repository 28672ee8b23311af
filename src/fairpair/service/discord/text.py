"""The text Discord shows with (or instead of) the images: the current round's tables and
the top of the standings, short enough for one message (Discord's 2,000 characters), so
that a reader whose client shows no image still reads the essentials."""

from __future__ import annotations

from fairpair.engine.points_text import points_text
from fairpair.engine.record_text import record_formatter
from fairpair.engine.repeats import REPEAT_LABEL, repeat_pairings
from fairpair.engine.result_text import result_text
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.i18n import N_, ngettext, repeat_note, result_words
from fairpair.i18n import gettext as _
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database

#: A round's state as the channel says it.
STATES = {
    "scheduled": N_("upcoming"),
    "open": N_("in progress"),
    "completed": N_("completed"),
    "draft": N_("draft"),
    "released": N_("released"),
}
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
            more = len(lines) - n
            out.append(
                ngettext(
                    "… and %(num)d more line (see the image or the event's page)",
                    "… and %(num)d more lines (see the image or the event's page)",
                    more,
                )
                % {"num": more}
            )
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
        return _("**%(event)s**: no round has been released yet.") % {"event": tournament.name}
    rnd = stage.rounds[-1]
    names = {p.id: p.name for p in tournament.players}
    shown = rnd.state.value if rnd.state is not None else rnd.status.value
    state = _(STATES.get(shown, shown))
    repeats = repeat_pairings(stage, rnd.number)
    label = f" · **{_(REPEAT_LABEL)}**" if repeats else ""
    said = _("round %(number)s (%(state)s)") % {"number": rnd.number, "state": state}
    lines = [f"**{tournament.name}** — {said}{label}"]
    for r in repeats:
        a, b = (names.get(p, p) for p in r.players)
        lines.append(repeat_note(r.table, a, b, r.met_in))
    for m in rnd.matches:
        a, b = names.get(m.a, m.a), names.get(m.b, m.b)
        said = f" — {result_words(result_text(m.result, a, b), a, b)}" if m.result else ""
        lines.append(
            _("Table %(number)s: %(a)s vs %(b)s") % {"number": m.table, "a": a, "b": b} + said
        )
    for pod in rnd.pods:
        seated = ", ".join(names.get(p, p) for p in pod.seats)
        lines.append(_("Table %(number)s: %(players)s") % {"number": pod.table, "players": seated})
    lines.extend(_("Bye: %(player)s") % {"player": names.get(b.player, b.player)} for b in rnd.byes)
    return _cut(lines)


def standings_text(db: Database, slug: str, top: int = TOP) -> str:
    """The top ``top`` of the standings: "1. Ash — 9 points (3-0-0)", the record as the game
    writes it (W-L-D; a chess score, "1. Ash — 3 points (3/4)": ``engine.record_text``)."""
    tournament = _tournament(db, slug)
    stage = tournament.stage()
    table = compute_standings(tournament, stage)
    record = record_formatter(stage.ruleset)
    after = _("standings after round %(number)s") % {"number": table.after_round}
    lines = [f"**{tournament.name}** — {after}"]
    for row in table.rows[:top]:
        rank = f"{row.rank}." if row.rank is not None else "–"
        left = _(" (withdrew)") if row.dropped_after is not None else ""
        points = _("%(points)s points") % {"points": points_text(row.points)}
        lines.append(f"{rank} {row.player.name} — {points} ({record(row)}){left}")
    if len(table.rows) > top:
        more = len(table.rows) - top
        lines.append(_("… %(num)s more (see the image or the event's page)") % {"num": more})
    return _cut(lines)
