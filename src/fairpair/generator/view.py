"""The event as the generator page shows it: HTML rendered here, in Python, so the page's
JavaScript only loads the engine, keeps the document and forwards clicks (``browser``).

Every value is escaped. Controls carry ``data-action`` and the fields the action needs; the
page's script sends them to ``browser.call``. Sections: the next step, the rounds (result
menus, byes, who plays first), the standings with the ruleset's tiebreaks, the Toss table,
the players (drop), the top cut and its bracket, and each section's print view.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from html import escape

from fairpair.engine.errors import FairpairError
from fairpair.engine.formats.registry import stage_finished
from fairpair.engine.pairing.recommended import log2_rounds
from fairpair.engine.playoff import read_bracket
from fairpair.engine.points_text import column_text, in_decimals, points_text
from fairpair.engine.record_text import record_heading, record_text
from fairpair.engine.result_text import result_text
from fairpair.engine.results import MatchFormat
from fairpair.engine.round_names import round_names
from fairpair.engine.rounds import Match, PodTable, Round, RoundState
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.standings import compute_standings
from fairpair.engine.tiebreaks.base import ValueKind
from fairpair.engine.toss.table import toss_table
from fairpair.engine.tournament import Tournament
from fairpair.generator.actions import CUT_SIZES

BRACKETS = (StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION)
FORMAT_NAMES = {
    StageFormat.SWISS: "Swiss",
    StageFormat.SWISS_ELIMINATION: "Swiss elimination",
    StageFormat.SINGLE_ELIMINATION: "Single elimination",
    StageFormat.DOUBLE_ELIMINATION: "Double elimination",
    StageFormat.ROUND_ROBIN: "Round robin",
    StageFormat.PODS: "Pods",
}
#: The result menu of a two-player table, by match format: (value, label with A and B).
RESULT_MENUS: dict[MatchFormat, tuple[tuple[str, str], ...]] = {
    MatchFormat.BO1: (("a", "{a} wins"), ("b", "{b} wins"), ("draw", "Draw")),
    MatchFormat.TWO_GAME: (
        ("2-0", "{a} wins 2-0"),
        ("0-2", "{b} wins 2-0"),
        ("1-1", "Draw 1-1"),
    ),
    MatchFormat.BO3: (
        ("2-0", "{a} wins 2-0"),
        ("2-1", "{a} wins 2-1"),
        ("1-2", "{b} wins 2-1"),
        ("0-2", "{b} wins 2-0"),
        ("1-1", "Draw 1-1"),
        ("id", "Intentional draw"),
    ),
    MatchFormat.BO5: (
        ("3-0", "{a} wins 3-0"),
        ("3-1", "{a} wins 3-1"),
        ("3-2", "{a} wins 3-2"),
        ("2-3", "{b} wins 3-2"),
        ("1-3", "{b} wins 3-1"),
        ("0-3", "{b} wins 3-0"),
    ),
}
FORFEITS = (("a-forfeits", "{a} forfeits"), ("b-forfeits", "{b} forfeits"))


def e(value: object) -> str:
    return escape(str(value), quote=True)


def _code_of(match: Match) -> str:
    """The menu value of a recorded result ("" when none, or one the menu does not list)."""
    result = match.result
    if result is None:
        return ""
    kind = result.kind.value
    if kind == "forfeit":
        return "b-forfeits" if result.winner and result.winner.value == "a" else "a-forfeits"
    if kind == "intentional_draw":
        return "id"
    games = result.games
    if games is not None:
        return f"{games.a}-{games.b}"
    if result.winner is None:
        return "draw"
    return result.winner.value


def render(tournament: Tournament) -> str:
    """The whole event section of the page."""
    stage = tournament.stages[-1]
    names = {p.id: p.name for p in tournament.players}
    parts = [
        _summary(tournament, stage),
        _next_step(tournament, stage),
        _rounds(tournament, stage, names),
    ]
    if stage.format in BRACKETS:
        parts.append(_bracket(tournament, stage, names))
    for earlier in reversed(tournament.stages[:-1]):
        parts.append(_standings(tournament, earlier, "Standings of " + _stage_name(earlier)))
    if stage.format not in BRACKETS:
        parts.append(_standings(tournament, stage, "Standings"))
    if stage.toss.enabled:
        parts.append(_toss(tournament, stage, names))
    parts.append(_players(tournament, stage))
    if stage.format is StageFormat.SWISS and len(tournament.stages) == 1:
        parts.append(_cut_form(tournament, stage))
    for earlier in tournament.stages[:-1]:
        parts.append(_rounds(tournament, earlier, names, folded=True))
    return "\n".join(parts)


def _stage_name(stage: Stage) -> str:
    return stage.name or FORMAT_NAMES.get(stage.format, stage.format.value)


def _summary(tournament: Tournament, stage: Stage) -> str:
    count = len(tournament.players)
    ruleset = stage.ruleset.base or stage.ruleset.name
    facts = [f"{count} players", _stage_name(stage), f"ruleset {ruleset}"]
    if stage.format is StageFormat.SWISS:
        cap = stage.max_rounds
        facts.append(f"{cap} rounds" if cap else f"{log2_rounds(count)} rounds recommended")
    return (
        '<section class="gen-summary" aria-labelledby="event-name">'
        f'<h2 id="event-name">{e(tournament.name)}</h2>'
        f"<p>{e(' · '.join(facts))}</p></section>"
    )


def _live(stage: Stage) -> Round | None:
    live = [r for r in stage.rounds if r.state in (RoundState.OPEN, RoundState.SCHEDULED)]
    return live[-1] if live else None


def _missing(rnd: Round) -> int:
    return sum(1 for t in rnd.tables if not t.reported)


def _next_step(tournament: Tournament, stage: Stage) -> str:
    live = _live(stage)
    names = round_names(tournament, stage)
    upcoming = names.get(stage.last_round + 1, f"Round {stage.last_round + 1}")
    champion = _champion(tournament, stage)
    if champion is not None:
        text = f"The event is decided: {champion} is the champion."
        return (
            '<section class="gen-next" aria-label="Next step">'
            f'<p class="champion" role="status">{e(text)}</p></section>'
        )
    finished = live is None and stage.rounds and stage_finished(tournament, stage)
    if live is not None and _missing(live):
        left = _missing(live)
        note = f"{left} result{'s' if left != 1 else ''} to enter in {names.get(live.number, '')}"
    elif finished:
        note = "Every round is played."
    else:
        note = ""
    disabled = " disabled" if (live is not None and _missing(live)) or finished else ""
    button = (
        f'<button type="button" data-action="pair_next"{disabled}>Pair {e(upcoming)}</button>'
        if not finished
        else ""
    )
    return (
        '<section class="gen-next no-print" aria-label="Next step">'
        f'<p class="gen-actions">{button} <span class="gen-note">{e(note)}</span></p></section>'
    )


def _champion(tournament: Tournament, stage: Stage) -> str | None:
    if stage.format not in BRACKETS or not stage.rounds:
        return None
    try:
        run = read_bracket(tournament, stage)
    except FairpairError:
        return None
    if run is None or run.champion is None:
        return None
    return next((p.name for p in tournament.players if p.id == run.champion), None)


def _print_button(target: str, label: str) -> str:
    return (
        '<button type="button" class="secondary outline small no-print" '
        f'data-print="{e(target)}">{e(label)}</button>'
    )


def _said(match: Match, names: dict[str, str]) -> str:
    """The result as the printed pairings say it ("" before it is reported)."""
    if match.result is None:
        return ""
    return result_text(match.result, names[match.a], names[match.b])


def _toss_mark(match: Match, player: str) -> str:
    if match.toss is not None and match.toss.first == player:
        return ' <span class="gen-first" title="plays first">▶ first</span>'
    return ""


def _result_menu(stage: Stage, rnd: Round, match: Match, names: dict[str, str]) -> str:
    a, b = names[match.a], names[match.b]
    fmt = stage.ruleset.scoring.match_format
    menu = list(RESULT_MENUS.get(fmt, RESULT_MENUS[MatchFormat.BO3]))
    if stage.format in BRACKETS:
        menu = [(v, label) for v, label in menu if v not in ("draw", "1-1", "id")]
    menu += list(FORFEITS)
    chosen = _code_of(match)
    options = ['<option value="">—</option>']
    for value, label in menu:
        selected = " selected" if value == chosen else ""
        options.append(f'<option value="{e(value)}"{selected}>{e(label.format(a=a, b=b))}</option>')
    if chosen and chosen not in {v for v, _ in menu} and match.result is not None:
        options.append(
            f'<option value="{e(chosen)}" selected>{e(result_text(match.result, a, b))}</option>'
        )
    label = f"Result of table {match.table}: {a} against {b}"
    disabled = (
        " disabled" if rnd.state is RoundState.COMPLETED and stage.rounds[-1] is not rnd else ""
    )
    return (
        f'<select data-action="report" data-stage="{e(stage.id)}" data-round="{rnd.number}" '
        f'data-table="{match.table}" aria-label="{e(label)}"{disabled}>{"".join(options)}</select>'
    )


def _places_form(stage: Stage, rnd: Round, pod: PodTable, names: dict[str, str]) -> str:
    cells = []
    for k, seat in enumerate(pod.seats):
        place = pod.places[k] if pod.places else ""
        cells.append(
            f'<label>{e(names[seat])} <input type="number" min="1" max="{len(pod.seats)}" '
            f'name="place" value="{e(place)}" required></label>'
        )
    return (
        f'<form class="gen-places" data-action="places" data-stage="{e(stage.id)}" '
        f'data-round="{rnd.number}" data-table="{pod.table}">{"".join(cells)}'
        '<button type="submit" class="secondary small">Save places</button></form>'
    )


def _rounds(
    tournament: Tournament, stage: Stage, names: dict[str, str], *, folded: bool = False
) -> str:
    titles = round_names(tournament, stage)
    blocks = []
    for rnd in reversed(stage.rounds):
        title = titles.get(rnd.number, f"Round {rnd.number}")
        rows = []
        for table in rnd.tables:
            if isinstance(table, Match):
                rows.append(
                    f'<tr data-table="{table.table}"><td>{table.table}</td>'
                    f"<td>{e(names[table.a])}{_toss_mark(table, table.a)}</td>"
                    f"<td>{e(names[table.b])}{_toss_mark(table, table.b)}</td>"
                    f'<td class="no-print">{_result_menu(stage, rnd, table, names)}</td>'
                    f'<td class="print-only">{e(_said(table, names))}</td>'
                    "</tr>"
                )
            else:
                seats = ", ".join(names[s] for s in table.seats)
                rows.append(
                    f'<tr data-table="{table.table}"><td>{table.table}</td>'
                    f'<td colspan="2">{e(seats)}</td>'
                    f"<td>{_places_form(stage, rnd, table, names)}</td></tr>"
                )
        byes = "".join(
            f'<li data-bye="{e(b.player)}">{e(names[b.player])} — bye</li>' for b in rnd.byes
        )
        state = {"open": "in progress", "scheduled": "scheduled", "completed": "completed"}.get(
            rnd.state.value if rnd.state else "", ""
        )
        anchor = f"{stage.id}-round-{rnd.number}"
        blocks.append(
            f'<article class="gen-round" data-round="{rnd.number}" id="{e(anchor)}">'
            f"<header><h3>{e(title)} <small>{e(state)}</small></h3>"
            f"{_print_button(anchor, 'Print pairings')}"
            "</header>"
            '<table class="striped gen-pairings"><thead><tr><th scope="col">Table</th>'
            '<th scope="col">Player</th><th scope="col">Opponent</th>'
            '<th scope="col">Result</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
            + (f'<ul class="gen-byes">{byes}</ul>' if byes else "")
            + "</article>"
        )
    heading = "Rounds" if not folded else f"Rounds of {_stage_name(stage)}"
    body = "".join(blocks) or "<p>No round yet: pair round 1 when everyone is here.</p>"
    if folded:
        return f'<details class="gen-section"><summary>{e(heading)}</summary>{body}</details>'
    return (
        f'<section class="gen-section" aria-label="{e(heading)}">'
        f"<h2>{e(heading)}</h2>{body}</section>"
    )


def _value_text(value: Fraction | int | None, kind: ValueKind, decimals: bool) -> str:
    if value is None:
        return "–"
    if kind is ValueKind.PERCENT:
        return f"{float(value) * 100:.2f}"
    return column_text(value, decimals)


def _standings(tournament: Tournament, stage: Stage, title: str) -> str:
    if not stage.rounds:
        return ""
    table = compute_standings(tournament, stage)
    heading = record_heading(stage.ruleset)
    columns = table.tiebreaks
    decimals = [in_decimals(r.tiebreaks[k] for r in table.rows) for k in range(len(columns))]
    head = "".join(f'<th scope="col" title="{e(t.label)}">{e(t.short)}</th>' for t in columns)
    rows = []
    for row in table.rows:
        rank = row.place.text if row.place else (row.rank if row.rank is not None else "")
        badge = ' <span class="badge">Withdrew</span>' if row.dropped_after is not None else ""
        cells = "".join(
            f"<td>{e(_value_text(v, t.kind, decimals[k]))}</td>"
            for k, (t, v) in enumerate(zip(columns, row.tiebreaks, strict=True))
        )
        record = f"<td>{e(record_text(stage.ruleset, row))}</td>" if heading else ""
        rows.append(
            f'<tr data-player="{e(row.player.id)}">'
            f"<td>{e(rank)}</td><td>{e(row.player.name)}{badge}</td>"
            f"<td>{e(points_text(row.points))}</td>{record}{cells}</tr>"
        )
    ident = f"{stage.id}-standings"
    record_head = f'<th scope="col">{e(heading)}</th>' if heading else ""
    return (
        f'<section class="gen-section" id="{e(ident)}" aria-label="{e(title)}"><h2>{e(title)}</h2>'
        f"{_print_button(ident, 'Print standings')}"
        '<div class="overflow-auto"><table class="striped gen-standings"><thead><tr>'
        '<th scope="col">Rank</th><th scope="col">Player</th><th scope="col">Pts</th>'
        f"{record_head}{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _toss(tournament: Tournament, stage: Stage, names: dict[str, str]) -> str:
    if not stage.rounds:
        return ""
    table = toss_table(tournament, stage)
    rounds = [r.number for r in stage.rounds]
    head = "".join(f'<th scope="col">R{n}</th>' for n in rounds)
    rows = []
    for row in table.rows:
        cells = "".join(f"<td>{e(c.tag.value if c else '')}</td>" for c in row.cells)
        rows.append(
            f'<tr data-player="{e(row.player.id)}"><td>{e(row.player.name)}</td>{cells}'
            f"<td>{row.wins}</td><td>{row.matches}</td>"
            f'<td class="balance-{e(row.balance_class)}">{row.balance:+d}</td></tr>'
        )
    return (
        f'<section class="gen-section" id="{e(stage.id)}-toss" aria-label="Toss"><h2>Toss</h2>'
        "<p>Who played first each round: T played first, – the opponent did, B a bye. "
        "Balance = 2 × toss wins − matches; the lower balance plays first.</p>"
        '<div class="overflow-auto"><table class="striped gen-toss">'
        '<thead><tr><th scope="col">Player</th>'
        f'{head}<th scope="col">Wins</th><th scope="col">Matches</th>'
        '<th scope="col">Balance</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _players(tournament: Tournament, stage: Stage) -> str:
    dropped = {d.player for d in (*tournament.drops, *stage.drops)}
    rows = []
    for player in tournament.players:
        if stage.participants is not None and player.id not in stage.participants:
            continue
        if player.id in dropped:
            action = '<span class="badge">Withdrew</span>'
        else:
            action = (
                f'<button type="button" class="secondary outline small" data-action="drop" '
                f'data-player="{e(player.id)}" aria-label="Drop {e(player.name)}">Drop</button>'
            )
        seed = player.seed if player.seed is not None else ""
        rows.append(
            f'<tr data-player="{e(player.id)}"><td>{e(seed)}</td><td>{e(player.name)}</td>'
            f'<td class="no-print">{action}</td></tr>'
        )
    return (
        '<details class="gen-section" id="players"><summary>Players</summary>'
        '<table class="striped"><thead><tr><th scope="col">Seed</th><th scope="col">Player</th>'
        '<th scope="col" class="no-print">Drop</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )


def _cut_form(tournament: Tournament, stage: Stage) -> str:
    players = len(tournament.players)
    sizes = [n for n in CUT_SIZES if n <= players]
    if not sizes:
        return ""
    default = 8 if 8 in sizes else sizes[-1]
    options = "".join(
        f'<option value="{n}"{" selected" if n == default else ""}>Top {n}</option>' for n in sizes
    )
    done = bool(stage.rounds) and _live(stage) is None and stage_finished(tournament, stage)
    hint = (
        "The Swiss is finished: draw the top cut from the standings."
        if done
        else "Draw it when the last Swiss round is complete (the cut reads the final standings)."
    )
    return (
        '<section class="gen-section no-print" aria-labelledby="cut-heading">'
        '<h2 id="cut-heading">Top cut</h2>'
        f"<p>{e(hint)}</p>"
        '<form data-action="cut" class="gen-cut">'
        f'<label>Size <select name="top">{options}</select></label>'
        '<label>Bracket <select name="bracket"><option value="single">Single elimination</option>'
        '<option value="double">Double elimination</option></select></label>'
        '<button type="submit">Draw the top cut</button></form></section>'
    )


def _bracket(tournament: Tournament, stage: Stage, names: dict[str, str]) -> str:
    titles = round_names(tournament, stage)
    seeds = stage.seeds
    columns = []
    for rnd in stage.rounds:
        matches = []
        for m in rnd.matches:
            winner = m.result.winner.value if m.result and m.result.winner else None
            sides = []
            for side, player in (("a", m.a), ("b", m.b)):
                cls = " winner" if winner == side else (" loser" if winner else "")
                sides.append(
                    f'<div class="bracket-side{cls}">'
                    f'<span class="seed">{e(seeds.get(player, ""))}</span> '
                    f'<span class="name">{e(names[player])}</span></div>'
                )
            state = "decided" if winner else "released"
            matches.append(f'<li class="bracket-match state-{state}">{"".join(sides)}</li>')
        columns.append(
            f'<div class="bracket-round"><h3>{e(titles.get(rnd.number, "Round"))}</h3>'
            f'<ol class="bracket-matches">{"".join(matches)}</ol></div>'
        )
    champion = _champion(tournament, stage)
    crown = (
        f'<p class="champion" role="status">Champion: <strong>{e(champion)}</strong></p>'
        if champion
        else ""
    )
    body = "".join(columns) or "<p>Pair the first round of the bracket.</p>"
    return (
        f'<section class="gen-section" id="{e(stage.id)}-bracket" aria-label="Bracket">'
        f"<h2>{e(_stage_name(stage))}</h2>"
        f"{_print_button(stage.id + '-bracket', 'Print bracket')}"
        f'{crown}<div class="bracket-rounds">{body}</div></section>'
    )


def options(values: Iterable[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{e(v)}"{" selected" if v == chosen else ""}>{e(label)}</option>'
        for v, label in values
    )
