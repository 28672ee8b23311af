"""The Jinja2 templates (autoescaped) and how a route renders one.

``render(request, "name.html", status=..., **context)`` gives every template: ``request``,
``access`` (who is looking, when the route resolved it), ``csrf`` (the token for forms and
htmx), ``errors`` (field → message) and ``values`` (what the user typed, to re-fill a form).
"""

from __future__ import annotations

from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from fairpair import i18n
from fairpair.i18n import later, say
from fairpair.language.rulesets import ruleset_name
from fairpair.language.tiebreaks import tiebreak_label, tiebreak_short
from fairpair.web import js_words
from fairpair.web.league_words import rule_words
from fairpair.web.note_words import note_words

TEMPLATES = Path(__file__).parent / "templates"
#: ``i18n.ngettext`` under a name the extraction does not read (``plural`` builds its message)
_counted = i18n.ngettext


def _when(value: datetime | None, fmt: str | None = None) -> str:
    """A moment for people: ``<time>`` in UTC, which fairpair.js shows in the reader's own
    time zone (without JavaScript the page says UTC). With ``fmt``: that text (attributes)."""
    if value is None:
        return ""
    if fmt is not None:
        return value.strftime(fmt)
    utc = value.astimezone(UTC)
    return Markup(
        f'<time datetime="{utc:%Y-%m-%dT%H:%M:%SZ}" data-local>{i18n.moment(utc)} UTC</time>'
    )


def _time_of_day(value: datetime | None) -> str:
    """A moment of today as a message says it ("the import of 12:04"): ``<time>`` with the
    time of day alone, in UTC, which fairpair.js shows in the reader's own time zone."""
    if value is None:
        return ""
    utc = value.astimezone(UTC)
    return Markup(
        f'<time datetime="{utc:%Y-%m-%dT%H:%M:%SZ}" data-local="time">{i18n.clock(utc)} UTC</time>'
    )


def _utc_input(value: datetime | None) -> str:
    """The UTC value a ``datetime-local`` input starts from (fairpair.js turns it local)."""
    return f"{value.astimezone(UTC):%Y-%m-%dT%H:%M}" if value is not None else ""


def plural(count: int, word: str, many: str | None = None) -> str:
    """A count and its noun, agreeing: ``{{ n | plural("table") }}`` gives "1 table", "8 tables";
    ``many`` names an irregular plural (``plural("match", "matches")``). Through the
    catalogue (``ngettext("%(num)d table", "%(num)d tables", n)``: the language's own plural
    rule); a translated page writes the ``ngettext`` call itself so that the extraction
    finds it, and this finds the same message."""
    several = many or word + "s"
    if not isinstance(count, int):  # an undefined value, as the pages have always shown it
        return f"{count} {several}"
    return _counted(f"%(num)d {word}", f"%(num)d {several}", count) % {"num": count}


def make_templates() -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(TEMPLATES))
    env = templates.env
    env.add_extension("jinja2.ext.i18n")
    # newstyle: ``_("%(name)s's table", name=...)`` formats (and escapes) its arguments
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext,
        i18n.ngettext,
        newstyle=True,
        pgettext=i18n.pgettext,
        npgettext=i18n.npgettext,
    )
    env.globals["language"] = i18n.language
    env.globals["html_lang"] = i18n.html_lang
    env.globals["languages"] = i18n.LANGUAGES
    env.globals["Markup"] = Markup
    env.globals["js_words"] = js_words.page_words  # the JavaScript's words (partials/js_words.html)
    env.filters["number"] = lambda value: i18n.number(value)
    # a value in bold inside a translated sentence: _("Linked as %(name)s", name=x | strong)
    env.filters["strong"] = lambda value: Markup("<strong>%s</strong>") % value
    env.filters["when"] = _when
    env.filters["time_of_day"] = _time_of_day
    env.filters["utc_input"] = _utc_input
    # the installed package's version, in every page's footer ("version" in a page's context
    # is never this: pages name the event's own counter ``event_version``)
    env.globals["fairpair_version"] = _package_version()
    env.filters["plural"] = plural
    env.filters["round_name"] = i18n.round_name  # "Round 3", "Semifinals" in the language
    # a message made in Python and marked there with N_ ("Page not found"), without %(name)s
    # fields; or a sentence the service made with its values (fairpair.i18n.later)
    env.filters["translated"] = later.translated
    env.filters["bracket_source"] = i18n.bracket_source  # "Winner of W1-2"
    env.filters["bracket_result"] = i18n.bracket_result  # "Ash wins 2-1", "walkover"
    # a tiebreak column's name and abbreviation in the language (keyed by its id; a
    # parametrised one, "Koya, limit 60%", as its label's sentence says it)
    env.filters["tiebreak_label"] = lambda tb: (
        say(tb.said_label)
        if getattr(tb, "said_label", None) is not None
        else tiebreak_label(tb.name, tb.label)
    )
    env.filters["ruleset_name"] = ruleset_name  # "Magic: The Gathering (MTR)" for "mtg"
    # a pairing note (its JSON data) in the reader's language; names: {id: name}
    env.filters["note_words"] = note_words
    env.filters["names_by_id"] = lambda players: {p.id: p.name for p in players}
    env.filters["tiebreak_short"] = lambda tb: tiebreak_short(tb.name, tb.short)
    env.filters["rounds_text"] = lambda numbers: i18n.rounds_words(tuple(numbers))
    # a repeat pairing's note ("Table 3: Ann and Bo met in round 2") in the language
    env.filters["repeat_note"] = lambda r: i18n.repeat_note(
        r.table, r.players[0].name, r.players[1].name, r.met_in
    )
    env.filters["day"] = i18n.day  # "4 Jan 2027", "4 ene 2027"
    env.filters["league_rule"] = rule_words  # a league's points rule in words
    env.trim_blocks = True
    env.lstrip_blocks = True
    return templates


def _package_version() -> str:
    """fairpair's version as installed (``importlib.metadata``): one string for the pages'
    footer, the API's description and ``fairpair --version``."""
    try:
        return installed_version("fairpair")
    except PackageNotFoundError:
        return "dev"


def csrf_token(request: Request) -> str:
    get = request.scope.get("csrftoken")
    return str(get()) if callable(get) else ""


def render(
    request: Request,
    name: str,
    *,
    status: int = 200,
    headers: dict[str, str] | None = None,
    **context: Any,
) -> HTMLResponse:
    templates: Jinja2Templates = request.app.state.templates
    context.setdefault("errors", {})
    context.setdefault("values", {})
    context.setdefault("access", getattr(request.state, "access", None))
    context["csrf"] = csrf_token(request)
    return templates.TemplateResponse(request, name, context, status_code=status, headers=headers)


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"
