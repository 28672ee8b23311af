"""Accessibility (WCAG 2.2 AA) of every HTML page, in Chromium, with axe-core.

One Swiss event with a top 4 is seeded once through the service and walked through its
states: a draft under review, an open round with a pending self-report and a dispute, then
the top cut drawn and its first round open. Every page the app serves as HTML is visited
(the list is checked against the app's route table: a new GET route fails
``test_every_html_page_is_scanned`` until it is visited here or excluded with a reason) at
1366×768, and the pages players and spectators open on their phones again at 390×844.

On each page:
- axe-core (vendored in ``tests/web/vendor``, injected into the page only by this test) runs
  the WCAG 2.0/2.1/2.2 A and AA rules and the best practices: a serious or critical violation
  fails the test; moderate and minor ones are counted and printed;
- the page has exactly one ``h1`` and a ``main#main``;
- the first focusable element is the "Skip to content" link to ``#main``; pressing Tab from
  the top of the page focuses it, visibly, on screen; and the next focused elements show a
  visible focus ring too.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import iter_route_contexts

from fairpair.web.app import create_app

from .access_walk import (
    FIELD as FIELD,  # re-exported: the walked field's names
)
from .access_walk import (
    club_rated,
    draft_under_review,
    league_played,
    round_open,
    top_cut_open,
)
from .conftest import LiveServer, settings_for
from .helpers import PASSWORD

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1.min.js"
#: The rules run: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
FAILING = ("critical", "serious")
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Visit:
    """One page to scan: the route (as in the route table; None for a URL no route serves),
    the URL to open (``{slug}``, ``{code}``, ``{secret}`` filled from the event; ``{fresh}``:
    an event that has not started, open to join), the status
    it answers with, and whether players open it on a phone (then it is scanned at both
    sizes)."""

    route: str | None
    url: str
    status: int = 200
    phone: bool = False


#: Before anyone logs in.
ANONYMOUS = (
    Visit("/", "/", phone=True),
    Visit("/login", "/login"),
    Visit("/join", "/join", phone=True),
    Visit("/j/{code}", "/j/NOSUCHCODE", status=404, phone=True),
    Visit("/e/{slug}/join", "/e/{fresh}/join", phone=True),  # open: the form
    Visit("/e/{slug}/join", "/e/{slug}/join"),  # closed: round 1 is out
    Visit("/e/{slug}/p/{secret}", "/e/{slug}/p/not-a-pass", status=404, phone=True),
    Visit("/help/tiebreaks", "/help/tiebreaks", phone=True),
    Visit("/generator/", "/generator/", phone=True),  # the engine loads behind the scan
    Visit("/setup", "/setup"),  # set up already: it shows the login
    Visit("/invite/{secret}", "/invite/{invite}", phone=True),
    Visit("/invite/{secret}", "/invite/not-an-invitation", status=410),
    Visit("/reset/{secret}", "/reset/{reset}", phone=True),
    Visit("/docs", "/docs"),
    Visit(None, "/no-such-page", status=404, phone=True),
    Visit(None, "/e/no-such-event", status=404, phone=True),
)
#: The organizer, while round 3's draft is under review.
DRAFT = (
    Visit("/console", "/console", phone=True),
    Visit("/console/{slug}/rounds", "/console/{slug}/rounds", phone=True),
    Visit("/console/{slug}/rounds/draft", "/console/{slug}/rounds/draft", phone=True),
)
#: The organizer, round 3 open: one table reported by a player, one disputed.
OPEN = (
    Visit("/console/{slug}", "/console/{slug}", phone=True),
    Visit("/console/{slug}/players", "/console/{slug}/players", phone=True),
    Visit("/console/{slug}/players/{player}", "/console/{slug}/players/ada-quill", phone=True),
    Visit("/console/{slug}/details", "/console/{slug}/details", phone=True),
    Visit("/console/{slug}/stages", "/console/{slug}/stages", phone=True),
    Visit("/console/{slug}/stages/new", "/console/{slug}/stages/new", phone=True),
    Visit("/console/{slug}/stages/{stage}", "/console/{slug}/stages/swiss", phone=True),
    Visit("/console/{slug}/staff", "/console/{slug}/staff", phone=True),
    Visit("/console/{slug}/log", "/console/{slug}/log", phone=True),
    Visit("/console/{slug}/rounds", "/console/{slug}/rounds", phone=True),
    Visit("/console/{slug}/rounds/{number}", "/console/{slug}/rounds/3", phone=True),
    Visit("/console/{slug}/results", "/console/{slug}/results", phone=True),
    Visit("/console/{slug}/toss", "/console/{slug}/toss", phone=True),
    Visit("/console/{slug}/pairings", "/console/{slug}/pairings", phone=True),
    Visit("/console/{slug}/standings", "/console/{slug}/standings", phone=True),
    Visit("/console/{slug}/cut", "/console/{slug}/cut", phone=True),
    Visit("/console/{slug}/portal", "/console/{slug}/portal", phone=True),
    Visit("/console/{slug}/queue", "/console/{slug}/queue", phone=True),
    Visit("/console/{slug}/reporting", "/console/{slug}/reporting", phone=True),
    Visit("/console/{slug}/checkin", "/console/{slug}/checkin", phone=True),
    Visit("/account", "/account"),
    Visit("/accounts", "/accounts"),
    Visit("/my-events", "/my-events"),
    Visit("/e/{slug}", "/e/{slug}", phone=True),
    Visit("/e/{slug}/pairings", "/e/{slug}/pairings", phone=True),
    Visit("/e/{slug}/standings", "/e/{slug}/standings", phone=True),
    Visit("/e/{slug}/bracket", "/e/{slug}/bracket", phone=True),
    Visit("/e/{slug}/display", "/e/{slug}/display"),
    Visit("/e/{slug}/print/pairings", "/e/{slug}/print/pairings"),
    Visit("/e/{slug}/print/slips", "/e/{slug}/print/slips"),
    Visit(None, "/console/no-such-event", status=404),
)
#: A player, on the page their personal link opens (their opponent reported 2-1).
PLAYER = (
    Visit("/e/{slug}/me", "/e/{slug}/p/{secret}", phone=True),
    Visit("/e/{slug}/me/report", "/e/{slug}/me/report", phone=True),
    Visit("/e/{slug}/me/notifications", "/e/{slug}/me/notifications", phone=True),
    Visit("/e/{slug}/me/preferences", "/e/{slug}/me/preferences", phone=True),
)
#: The organizer again, the Swiss over and the top 4's semifinals open.
PLAYOFF = (
    Visit("/console/{slug}/rounds", "/console/{slug}/rounds", phone=True),
    Visit("/console/{slug}/cut", "/console/{slug}/cut", phone=True),
    Visit("/console/{slug}/standings", "/console/{slug}/standings", phone=True),
    Visit("/e/{slug}/bracket", "/e/{slug}/bracket", phone=True),
    Visit("/e/{slug}/pairings", "/e/{slug}/pairings", phone=True),
    Visit("/e/{slug}/display", "/e/{slug}/display"),
)
#: A community ("access-club", owned by the organizer; the event is one of its events): its
#: public page and a player's profile, its console's events, directory, record and staff.
COMMUNITY = (
    Visit("/c/{community}", "/c/access-club", phone=True),
    Visit("/c/{community}/p/{person}", "/c/access-club/p/ada-quill", phone=True),
    Visit("/communities/{community}", "/communities/access-club"),
    Visit("/communities/{community}/people", "/communities/access-club/people"),
    Visit("/communities/{community}/people/{person}", "/communities/access-club/people/ada-quill"),
    Visit("/communities/{community}/staff", "/communities/access-club/staff"),
)
#: The community's ratings (the event's completed rounds rated): the rating list and the
#: event's rating changes.
RATINGS = (
    Visit("/c/{community}/ratings", "/c/access-club/ratings", phone=True),
    Visit(
        "/c/{community}/ratings/events/{event}",
        "/c/access-club/ratings/events/{slug}",
        phone=True,
    ),
)
#: A community's league (the community "access-league", owned by the organizer; one event
#: played): its public list and leaderboard, its console's leagues and the league's page.
LEAGUES = (
    Visit("/c/{community}/leagues", "/c/access-league/leagues", phone=True),
    Visit("/c/{community}/leagues/{league}", "/c/access-league/leagues/season", phone=True),
    Visit("/communities/{community}/leagues", "/communities/access-league/leagues"),
    Visit("/communities/{community}/leagues/{league}", "/communities/access-league/leagues/season"),
)
VISITS = ANONYMOUS + DRAFT + OPEN + PLAYER + PLAYOFF + COMMUNITY + RATINGS + LEAGUES

#: GET routes that serve no HTML page, and why.
EXCLUDED = {
    "/openapi.json": "JSON (the API's schema)",
    "/sw.js": "JavaScript (the service worker)",
    "/generator": "a redirect to /generator/ (the service worker's folder)",
    "/generator/sw.js": "JavaScript (the generator's service worker)",
    "/generator/manifest.webmanifest": "JSON (the web app manifest)",
    "/generator/pyodide/{name}": "Pyodide's files (WebAssembly, scripts, zip)",
    "/generator/wheels/{name}": "Python wheels",
    "/generator/{bundle}": "the engine bundle (a zip)",
    "/console-sw.js": "JavaScript (the console's service worker)",
    "/console.webmanifest": "JSON (the console app's manifest)",
    "/e/{slug}/me/card": "an htmx fragment of /e/{slug}/me (refused without HX-Request)",
    "/e/{slug}/me/live": "a server-sent event stream",
    "/e/{slug}/me/unread": "a server-sent event stream",
    "/e/{slug}/live": "a server-sent event stream",
    "/e/{slug}/qr.svg": "an image",
    "/e/{slug}/image/{kind}.{fmt}": "an image",
    "/e/{slug}/standings.csv": "CSV",
    "/e/{slug}/pairings.csv": "CSV",
    "/console/{slug}/csv/{table}": "CSV",
    "/console/{slug}/backup": "a JSON download",
    "/console/{slug}/export.trf": "a TRF file download",
    "/communities/{community}/people/{person}/export": "a JSON download (a player's data)",
    "/console/{slug}/players/returning": "an htmx fragment of the Players tab (its add form)",
    "/c/{community}/leagues/{league}/live": "a server-sent event stream",
    "/c/{community}/leagues/{league}/leaderboard.csv": "CSV",
    "/c/{community}/leagues/{league}/leaderboard.png": "an image",
    "/healthz": "JSON (the liveness check, for a supervisor or a load balancer)",
    "/readyz": "JSON (the readiness check, for a supervisor or a load balancer)",
}
#: Every route under this prefix is the JSON API.
API_PREFIX = "/api/"


def get_routes() -> set[str]:
    """Every path the app answers GET on (pages, the API, streams, files)."""
    app = create_app(settings_for("sqlite://"))
    return {str(c.path) for c in iter_route_contexts(app.routes) if "GET" in (c.methods or set())}


def test_every_html_page_is_scanned() -> None:
    """Every GET route is scanned below or excluded with its reason, and nothing listed here
    is stale."""
    routes = get_routes()
    scanned = {v.route for v in VISITS if v.route is not None}
    pages = {r for r in routes if not r.startswith(API_PREFIX)} - set(EXCLUDED)
    assert sorted(pages - scanned) == [], "GET routes neither scanned nor excluded"
    assert sorted(scanned - routes) == [], "scanned routes the app no longer has"
    assert sorted(set(EXCLUDED) - routes) == [], "excluded routes the app no longer has"
    assert not scanned & set(EXCLUDED)
    for visit in VISITS:  # the URL opened is one of its route's
        if visit.route is not None and not visit.url.startswith("/e/{slug}/p/"):
            pattern = re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(visit.route))
            assert re.fullmatch(pattern, visit.url.split("?")[0]), visit


@dataclass(frozen=True)
class Finding:
    page: str
    size: str
    rule: str
    impact: str
    nodes: int
    help: str
    targets: tuple[str, ...]
    why: str


RUN_AXE = r"""async (tags) => {
  const found = await axe.run(document, {runOnly: {type: 'tag', values: tags},
    rules: {'label-content-name-mismatch': {enabled: true}}, resultTypes: ['violations']});
  return found.violations.map(v => ({rule: v.id, impact: v.impact || 'minor', help: v.help,
    nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map(n => n.target.join(' ')),
    why: (v.nodes[0].failureSummary || '').replace(/\s+/g, ' ').slice(0, 300)}));
}"""

#: The page's landmarks and headings, its first focusable element, and what has focus.
STRUCTURE = """() => {
  const focusable = [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]')]
    .filter(e => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length > 0);
  const first = focusable[0];
  return {
    h1: document.querySelectorAll('h1').length,
    main: document.querySelectorAll('main#main').length,
    first: first ? {text: first.textContent.trim(), href: first.getAttribute('href')} : null,
    autofocus: document.activeElement !== document.body && document.activeElement !== null,
  };
}"""

#: The focused element: what it is, whether it shows a focus ring (an outline of 2 px or more:
#: fairpair.css's ``:focus-visible``), whether it is on screen, and whether it is in ``main``
#: (or after it).
FOCUSED = r"""() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2
    && !/rgba\(.*, 0\)$/.test(s.outlineColor) && s.outlineColor !== 'transparent';
  const box = e.getBoundingClientRect();
  const main = document.getElementById('main');
  return {tag: e.tagName.toLowerCase(), text: (e.textContent || e.name || '').trim().slice(0, 40),
          href: e.getAttribute('href'), ring: ring, visible: box.width > 1 && box.height > 1
          && box.bottom > 0 && box.right > 0 && box.top < innerHeight,
          in_main: !!main && (main.contains(e)
            || !!(main.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING))};
}"""


@dataclass
class Scanner:
    page: Any
    slug: str
    code: str
    secret: str
    fresh: str
    findings: list[Finding]
    problems: list[str]
    scanned: int = 0
    invite: str = ""
    reset: str = ""

    def scan(self, visits: tuple[Visit, ...]) -> None:
        for visit in visits:
            self.one(visit, "1366x768", DESKTOP)
            if visit.phone:
                self.one(visit, "390x844", PHONE)

    def one(self, visit: Visit, size: str, viewport: dict[str, int]) -> None:
        page = self.page
        page.set_viewport_size(viewport)
        url = visit.url.format(
            slug=self.slug,
            code=self.code,
            secret=self.secret,
            fresh=self.fresh,
            invite=self.invite,
            reset=self.reset,
        )
        answer = page.goto(url)
        assert answer is not None
        label = visit.route or url
        if answer.status != visit.status:
            self.problems.append(f"{label} at {size}: status {answer.status}")
        self.axe(label, size)
        if visit.route == "/docs":
            return  # ReDoc's page: axe only (it has no site header, skip link or h1 of ours)
        self.keyboard(label, size)

    def axe(self, label: str, size: str) -> None:
        """Run axe-core on the page as it is now."""
        self.scanned += 1
        for v in self.page.evaluate(RUN_AXE, TAGS):
            targets = tuple(v["targets"])
            self.findings.append(
                Finding(
                    label, size, v["rule"], v["impact"], v["nodes"], v["help"], targets, v["why"]
                )
            )

    def keyboard(self, label: str, size: str) -> None:
        page = self.page
        where = f"{label} at {size}"
        shape = page.evaluate(STRUCTURE)
        if shape["h1"] != 1:
            self.problems.append(f"{where}: {shape['h1']} h1 elements")
        if shape["main"] != 1:
            self.problems.append(f"{where}: no main#main")
        first = shape["first"]
        if first is None or first["text"] != "Skip to content" or first["href"] != "#main":
            self.problems.append(f"{where}: the first focusable element is {first}")
        if not shape["autofocus"]:
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED)
            if not focused or focused["href"] != "#main" or not focused["visible"]:
                self.problems.append(f"{where}: Tab from the top focuses {focused}")
            elif not focused["ring"]:
                self.problems.append(f"{where}: no focus ring on the skip link")
            else:  # following it skips the header
                page.keyboard.press("Enter")
                page.keyboard.press("Tab")
                focused = page.evaluate(FOCUSED)
                wrapped = focused is not None and focused["href"] == "#main"  # nothing else
                if focused is not None and not focused["in_main"] and not wrapped:
                    self.problems.append(f"{where}: after the skip link, Tab focuses {focused}")
                if focused is not None and not focused["ring"]:
                    self.problems.append(f"{where}: no focus ring on {focused}")
        for _ in range(2):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED)
            if focused is not None and not focused["ring"]:
                self.problems.append(f"{where}: no focus ring on {focused}")


@pytest.fixture
def scanner(browser: Any, live_server: LiveServer) -> Iterator[Scanner]:
    context = browser.new_context(base_url=live_server.url, viewport=DESKTOP)
    context.set_default_timeout(10_000)
    # axe-core in every page the context opens, as the browser's own script (the pages' CSP,
    # which refuses inline scripts, stays on: the pages are checked as they are served)
    context.add_init_script(path=str(AXE))
    try:
        yield Scanner(context.new_page(), "", "", "", "", [], [])
    finally:
        context.close()


def _summary(findings: list[Finding], scanned: int, seconds: float) -> str:
    by_impact = Counter(f.impact for f in findings)
    nodes: Counter[str] = Counter()
    for f in findings:
        nodes[f.impact] += f.nodes
    lines = [
        f"axe-core 4.14.1: {scanned} page scans in {seconds:.1f} s; violations (rule × page) "
        + ", ".join(
            f"{k} {by_impact[k]} ({nodes[k]} elements)"
            for k in ("critical", "serious", "moderate", "minor")
        )
    ]
    lines += [
        f"  [{f.impact}] {f.page} at {f.size}: {f.rule} ({f.nodes}) {f.help} — "
        + "; ".join(f.targets)
        + (f" — {f.why}" if f.impact in FAILING else "")
        for f in sorted(findings, key=lambda f: (FAILING.count(f.impact) == 0, f.page, f.rule))
    ]
    return "\n".join(lines)


@pytest.mark.browser
def test_every_page_passes_axe_and_has_a_skip_link_and_a_focus_ring(
    scanner: Scanner, live_server: LiveServer
) -> None:
    started = time.monotonic()
    walk = draft_under_review(live_server.db)
    scanner.slug = walk.slug
    scanner.code = walk.values["code"]
    scanner.fresh = walk.values["fresh"]
    scanner.invite = walk.values["invite"]
    scanner.reset = walk.values["reset"]

    scanner.scan(ANONYMOUS)
    page = scanner.page
    page.goto("/login")
    page.fill("#f-username", "ally")
    page.fill("#f-password", "not the password")
    page.click("button[type=submit]")
    page.locator("#f-password[aria-invalid=true], .form-error").first.wait_for()
    scanner.axe("/login (refused)", "1366x768")
    scanner.keyboard("/login (refused)", "1366x768")
    page.fill("#f-username", "ally")
    page.fill("#f-password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/console")
    scanner.scan(DRAFT)

    round_open(walk)
    scanner.scan(OPEN)
    scanner.secret = walk.values["secret"]
    scanner.scan(PLAYER)
    for size, viewport in (("1366x768", DESKTOP), ("390x844", PHONE)):
        page.set_viewport_size(viewport)
        page.goto(f"/e/{walk.slug}/me")  # the drop step: a page of its own, after a button
        page.get_by_role("button", name="Drop out of the event").click()
        page.get_by_role("button", name="Yes, drop me out").wait_for()
        scanner.axe("/e/{slug}/me/drop", size)
        scanner.keyboard("/e/{slug}/me/drop", size)

    top_cut_open(walk)
    scanner.scan(PLAYOFF)
    scanner.scan(COMMUNITY)
    club_rated(walk)
    scanner.scan(RATINGS)
    league_played(walk)
    scanner.scan(LEAGUES)

    seconds = time.monotonic() - started
    report = _summary(scanner.findings, scanner.scanned, seconds)
    problems = "\n".join(f"  {p}" for p in scanner.problems)
    print(f"{report}\nkeyboard and structure: {len(scanner.problems)} problems\n{problems}")
    failing = [f for f in scanner.findings if f.impact in FAILING]
    assert failing == [] and scanner.problems == [], f"{report}\n{problems}"
