"""The event as the generator page shows it: HTML rendered here, in Python, so the page's
JavaScript only loads the engine, keeps the document and forwards clicks (``browser``).

Every value is escaped. Controls carry ``data-action`` and the fields the action needs; the
page's script sends them to ``browser.call``. Sections: the next step, the rounds (result
menus, byes, who plays first), the standings with the ruleset's tiebreaks, the Toss table,
the players (drop), the top cut and its bracket, and each section's print view.

Every word is in the page's language (``fairpair.language``: ``browser.call`` renders inside
``speaking_with`` the catalogue the page carries), with the server's own messages where the
server says the same thing; names, ids and numbers as they are.
"""

from __future__ import annotations

import re
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
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.toss.table import toss_table
from fairpair.engine.tournament import Tournament
from fairpair.generator.actions import CUT_SIZES
from fairpair.language import N_, ngettext, pgettext, result_words, round_name, say
from fairpair.language import gettext as _
from fairpair.language.rulesets import ruleset_name
from fairpair.language.tiebreaks import tiebreak_label, tiebreak_short

BRACKETS = (StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION)
FORMAT_NAMES = {
    StageFormat.SWISS: N_("Swiss"),
    StageFormat.SWISS_ELIMINATION: N_("Swiss elimination"),
    StageFormat.SINGLE_ELIMINATION: N_("Single elimination"),
    StageFormat.DOUBLE_ELIMINATION: N_("Double elimination"),
    StageFormat.ROUND_ROBIN: N_("Round robin"),
    StageFormat.PODS: N_("Pods"),
}
#: The result menu of a two-player table, by match format: (value, who wins: "a", "b" or
#: "" for a draw, the games or "" when none are counted).
RESULT_MENUS: dict[MatchFormat, tuple[tuple[str, str, str], ...]] = {
    MatchFormat.BO1: (("a", "a", ""), ("b", "b", ""), ("draw", "", "")),
    MatchFormat.TWO_GAME: (("2-0", "a", "2-0"), ("0-2", "b", "2-0"), ("1-1", "", "1-1")),
    MatchFormat.BO3: (
        ("2-0", "a", "2-0"),
        ("2-1", "a", "2-1"),
        ("1-2", "b", "2-1"),
        ("0-2", "b", "2-0"),
        ("1-1", "", "1-1"),
        ("id", "", "id"),
    ),
    MatchFormat.BO5: (
        ("3-0", "a", "3-0"),
        ("3-1", "a", "3-1"),
        ("3-2", "a", "3-2"),
        ("2-3", "b", "3-2"),
        ("1-3", "b", "3-1"),
        ("0-3", "b", "3-0"),
    ),
}
FORFEITS = (("a-forfeits", "a"), ("b-forfeits", "b"))
#: The name ``actions.top_cut`` gives the top cut's stage ("Top 8").
TOP_CUT_NAME = re.compile(r"Top (\d+)")
#: The record column's heading (``engine.record_text.record_heading``), for the catalogue.
RECORD_HEADINGS = (N_("W-L-D"),)


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
        title = _("Standings of %(stage)s") % {"stage": _stage_name(earlier)}
        parts.append(_standings(tournament, earlier, title))
    if stage.format not in BRACKETS:
        parts.append(_standings(tournament, stage, _("Standings")))
    if stage.toss.enabled:
        parts.append(_toss(tournament, stage, names))
    parts.append(_players(tournament, stage))
    if stage.format is StageFormat.SWISS and len(tournament.stages) == 1:
        parts.append(_cut_form(tournament, stage))
    for earlier in tournament.stages[:-1]:
        parts.append(_rounds(tournament, earlier, names, folded=True))
    return "\n".join(parts)


def _stage_name(stage: Stage) -> str:
    """The stage's name; the format's, in the page's language, when it has no other."""
    known = FORMAT_NAMES.get(stage.format)
    cut = TOP_CUT_NAME.fullmatch(stage.name or "")
    if cut is not None:  # the name ``actions.top_cut`` gives
        return _("Top %(num)s") % {"num": cut.group(1)}
    if stage.name and stage.name != known:
        return stage.name
    return _(known) if known is not None else stage.format.value


def _menu_label(a: str, b: str, winner: str, games: str) -> str:
    """A result menu's entry: "Ash wins 2-1", "Ash wins", "Draw 1-1", "Intentional draw"."""
    if winner:
        player = a if winner == "a" else b
        if not games:
            return _("%(player)s wins") % {"player": player}
        return _("%(player)s wins%(score)s") % {"player": player, "score": " " + games}
    if games == "id":
        return _("Intentional draw")
    return _("Draw") + (" " + games if games else "")


def _summary(tournament: Tournament, stage: Stage) -> str:
    count = len(tournament.players)
    ruleset = stage.ruleset.base or stage.ruleset.name
    facts = [
        ngettext("%(num)d player", "%(num)d players", count) % {"num": count},
        _stage_name(stage),
        ruleset_name(ruleset),
    ]
    if stage.format is StageFormat.SWISS:
        cap = stage.max_rounds
        if cap:
            facts.append(ngettext("%(num)d round", "%(num)d rounds", cap) % {"num": cap})
        else:
            planned = log2_rounds(count)
            facts.append(
                ngettext("%(num)d round recommended", "%(num)d rounds recommended", planned)
                % {"num": planned}
            )
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
    upcoming = round_name(names.get(stage.last_round + 1, f"Round {stage.last_round + 1}"))
    champion = _champion(tournament, stage)
    step = e(_("Next step"))
    if champion is not None:
        text = _("The event is decided: %(name)s is the champion.") % {"name": champion}
        return (
            f'<section class="gen-next" aria-label="{step}">'
            f'<p class="champion" role="status">{e(text)}</p></section>'
        )
    finished = live is None and stage.rounds and stage_finished(tournament, stage)
    if live is not None and _missing(live):
        left = _missing(live)
        note = ngettext(
            "%(num)d result to enter in %(round)s", "%(num)d results to enter in %(round)s", left
        ) % {"num": left, "round": round_name(names.get(live.number, ""))}
    elif finished:
        note = _("Every round is played.")
    else:
        note = ""
    disabled = " disabled" if (live is not None and _missing(live)) or finished else ""
    pair = _("Pair %(round)s") % {"round": upcoming}
    button = (
        f'<button type="button" data-action="pair_next"{disabled}>{e(pair)}</button>'
        if not finished
        else ""
    )
    return (
        f'<section class="gen-next no-print" aria-label="{step}">'
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
    a, b = names[match.a], names[match.b]
    return result_words(result_text(match.result, a, b), a, b)


def _toss_mark(match: Match, player: str) -> str:
    if match.toss is not None and match.toss.first == player:
        title, first = e(_("plays first")), e(pgettext("toss", "first"))
        return f' <span class="gen-first" title="{title}">▶ {first}</span>'
    return ""


def _result_menu(stage: Stage, rnd: Round, match: Match, names: dict[str, str]) -> str:
    a, b = names[match.a], names[match.b]
    fmt = stage.ruleset.scoring.match_format
    entries = RESULT_MENUS.get(fmt, RESULT_MENUS[MatchFormat.BO3])
    menu = [(value, _menu_label(a, b, winner, games)) for value, winner, games in entries]
    if stage.format in BRACKETS:
        menu = [(v, label) for v, label in menu if v not in ("draw", "1-1", "id")]
    menu += [
        (value, _("%(player)s forfeits") % {"player": a if side == "a" else b})
        for value, side in FORFEITS
    ]
    chosen = _code_of(match)
    options = ['<option value="">—</option>']
    for value, label in menu:
        selected = " selected" if value == chosen else ""
        options.append(f'<option value="{e(value)}"{selected}>{e(label)}</option>')
    if chosen and chosen not in {v for v, _label in menu} and match.result is not None:
        options.append(f'<option value="{e(chosen)}" selected>{e(_said(match, names))}</option>')
    label = _("Result of table %(number)s: %(a)s against %(b)s") % {
        "number": match.table,
        "a": a,
        "b": b,
    }
    disabled = (
        " disabled" if rnd.state is RoundState.COMPLETED and stage.rounds[-1] is not rnd else ""
    )
    return (
        f'<select data-action="report" data-stage="{e(stage.id)}" data-round="{rnd.number}" '
        f'data-table="{match.table}" aria-label="{e(label)}"{disabled}>{"".join(options)}</select>'
    )


def _places_form(stage: Stage, rnd: Round, pod: PodTable, names: dict[str, str]) -> str:
    save = _("Save places")
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
        f'<button type="submit" class="secondary small">{e(save)}</button></form>'
    )


def _rounds(
    tournament: Tournament, stage: Stage, names: dict[str, str], *, folded: bool = False
) -> str:
    titles = round_names(tournament, stage)
    print_label = _("Print pairings")
    head = _heads(_("Table"), _("Player"), _("Opponent"), _("Result"))
    blocks = []
    for rnd in reversed(stage.rounds):
        title = round_name(titles.get(rnd.number, f"Round {rnd.number}"))
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
        bye = e(_("bye"))
        byes = "".join(
            f'<li data-bye="{e(b.player)}">{e(names[b.player])} — {bye}</li>' for b in rnd.byes
        )
        states = {
            "open": _("in progress"),
            "scheduled": pgettext("round", "scheduled"),
            "completed": _("completed"),
        }
        state = states.get(rnd.state.value if rnd.state else "", "")
        anchor = f"{stage.id}-round-{rnd.number}"
        blocks.append(
            f'<article class="gen-round" data-round="{rnd.number}" id="{e(anchor)}">'
            f"<header><h3>{e(title)} <small>{e(state)}</small></h3>"
            f"{_print_button(anchor, print_label)}"
            "</header>"
            f'<table class="striped gen-pairings"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
            + (f'<ul class="gen-byes">{byes}</ul>' if byes else "")
            + "</article>"
        )
    heading = (
        _("Rounds") if not folded else _("Rounds of %(stage)s") % {"stage": _stage_name(stage)}
    )
    empty = _("No round yet: pair round 1 when everyone is here.")
    body = "".join(blocks) or f"<p>{e(empty)}</p>"
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
    english_heading = record_heading(stage.ruleset)
    heading = _(english_heading) if english_heading else None
    columns = table.tiebreaks
    decimals = [in_decimals(r.tiebreaks[k] for r in table.rows) for k in range(len(columns))]
    head = "".join(
        f'<th scope="col" title="{e(_tiebreak_name(t))}">{e(tiebreak_short(t.name, t.short))}</th>'
        for t in columns
    )
    withdrew = e(_("Withdrew"))
    rows = []
    for row in table.rows:
        rank = row.place.text if row.place else (row.rank if row.rank is not None else "")
        badge = f' <span class="badge">{withdrew}</span>' if row.dropped_after is not None else ""
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
    print_label = _("Print standings")
    first_heads = _heads(_("Rank"), _("Player"), _("Pts"))
    record_head = f'<th scope="col">{e(heading)}</th>' if heading else ""
    return (
        f'<section class="gen-section" id="{e(ident)}" aria-label="{e(title)}"><h2>{e(title)}</h2>'
        f"{_print_button(ident, print_label)}"
        '<div class="overflow-auto"><table class="striped gen-standings"><thead><tr>'
        f"{first_heads}{record_head}{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _tiebreak_name(tiebreak: Tiebreak) -> str:
    """A tiebreak column's name (a parametrised one, "Koya, limit 60%", as its sentence)."""
    if tiebreak.said_label is not None:
        return say(tiebreak.said_label)
    return tiebreak_label(tiebreak.name, tiebreak.label)


def _toss(tournament: Tournament, stage: Stage, names: dict[str, str]) -> str:
    if not stage.rounds:
        return ""
    table = toss_table(tournament, stage)
    rounds = [r.number for r in stage.rounds]
    head = _heads(*(_("R%(number)s") % {"number": n} for n in rounds))
    tags = {"T": _("T"), "-": "–", "B": _("B")}
    rows = []
    for row in table.rows:
        cells = "".join(
            f"<td>{e(tags.get(c.tag.value, c.tag.value) if c else '')}</td>" for c in row.cells
        )
        rows.append(
            f'<tr data-player="{e(row.player.id)}"><td>{e(row.player.name)}</td>{cells}'
            f"<td>{row.wins}</td><td>{row.matches}</td>"
            f'<td class="balance-{e(row.balance_class)}">{row.balance:+d}</td></tr>'
        )
    toss = e(_("Toss"))
    player_head = _heads(_("Player"))
    counts_head = _heads(_("Toss wins"), _("Matches"), _("Balance"))
    legend = _(
        "Who played first each round: %(t)s played first, – the opponent did, %(b)s a bye. "
        "Balance = 2 × toss wins − matches; the lower balance plays first."
    ) % {"t": tags["T"], "b": tags["B"]}
    return (
        f'<section class="gen-section" id="{e(stage.id)}-toss" aria-label="{toss}">'
        f"<h2>{toss}</h2><p>{e(legend)}</p>"
        '<div class="overflow-auto"><table class="striped gen-toss">'
        f"<thead><tr>{player_head}{head}{counts_head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _players(tournament: Tournament, stage: Stage) -> str:
    dropped = {d.player for d in (*tournament.drops, *stage.drops)}
    withdrew, drop = e(_("Withdrew")), e(_("Drop"))
    rows = []
    for player in tournament.players:
        if stage.participants is not None and player.id not in stage.participants:
            continue
        if player.id in dropped:
            action = f'<span class="badge">{withdrew}</span>'
        else:
            label = e(_("Drop %(name)s") % {"name": player.name})
            action = (
                f'<button type="button" class="secondary outline small" data-action="drop" '
                f'data-player="{e(player.id)}" aria-label="{label}">{drop}</button>'
            )
        seed = player.seed if player.seed is not None else ""
        rows.append(
            f'<tr data-player="{e(player.id)}"><td>{e(seed)}</td><td>{e(player.name)}</td>'
            f'<td class="no-print">{action}</td></tr>'
        )
    players, heads = e(_("Players")), _heads(_("Seed"), _("Player"))
    return (
        f'<details class="gen-section" id="players"><summary>{players}</summary>'
        f'<table class="striped"><thead><tr>{heads}'
        f'<th scope="col" class="no-print">{drop}</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></details>"
    )


def _cut_form(tournament: Tournament, stage: Stage) -> str:
    players = len(tournament.players)
    sizes = [n for n in CUT_SIZES if n <= players]
    if not sizes:
        return ""
    default = 8 if 8 in sizes else sizes[-1]
    labels = {n: _("Top %(num)s") % {"num": n} for n in sizes}
    options = "".join(
        f'<option value="{n}"{" selected" if n == default else ""}>{e(labels[n])}</option>'
        for n in sizes
    )
    done = bool(stage.rounds) and _live(stage) is None and stage_finished(tournament, stage)
    hint = (
        _("The Swiss is finished: draw the top cut from the standings.")
        if done
        else _("Draw it when the last Swiss round is complete (the cut reads the final standings).")
    )
    single, double = _(FORMAT_NAMES[BRACKETS[0]]), _(FORMAT_NAMES[BRACKETS[1]])
    words = {
        "top_cut": _("Top cut"),
        "size": _("Size"),
        "bracket": _("Bracket"),
        "draw": _("Draw the top cut"),
    }
    top_cut, size, bracket, draw = (e(w) for w in words.values())
    return (
        '<section class="gen-section no-print" aria-labelledby="cut-heading">'
        f'<h2 id="cut-heading">{top_cut}</h2>'
        f"<p>{e(hint)}</p>"
        '<form data-action="cut" class="gen-cut">'
        f'<label>{size} <select name="top">{options}</select></label>'
        f'<label>{bracket} <select name="bracket">'
        f'<option value="single">{e(single)}</option>'
        f'<option value="double">{e(double)}</option></select></label>'
        f'<button type="submit">{draw}</button></form></section>'
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
            f'<div class="bracket-round"><h3>{e(round_name(titles.get(rnd.number, "")))}</h3>'
            f'<ol class="bracket-matches">{"".join(matches)}</ol></div>'
        )
    champion = _champion(tournament, stage)
    crown = (
        '<p class="champion" role="status">'
        + _strong_name(_("Champion: %(name)s"), champion)
        + "</p>"
        if champion
        else ""
    )
    first = _("Pair the first round of the bracket.")
    bracket, print_label = _("Bracket"), _("Print bracket")
    body = "".join(columns) or f"<p>{e(first)}</p>"
    return (
        f'<section class="gen-section" id="{e(stage.id)}-bracket" aria-label="{e(bracket)}">'
        f"<h2>{e(_stage_name(stage))}</h2>"
        f"{_print_button(stage.id + '-bracket', print_label)}"
        f'{crown}<div class="bracket-rounds">{body}</div></section>'
    )


def _heads(*words: str) -> str:
    """Column heads: ``<th scope="col">`` each."""
    return "".join(f'<th scope="col">{e(word)}</th>' for word in words)


def _strong_name(message: str, name: str) -> str:
    """``message`` (with ``%(name)s``) as HTML, the name in bold."""
    mark = "\x00"
    return e(message % {"name": mark}).replace(mark, f"<strong>{e(name)}</strong>")


def options(values: Iterable[tuple[str, str]], chosen: str) -> str:
    return "".join(
        f'<option value="{e(v)}"{" selected" if v == chosen else ""}>{e(label)}</option>'
        for v, label in values
    )
