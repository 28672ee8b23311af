"""The generator in Chromium (issue 31): fairpair's engine running in the page (Pyodide),
served from fairpair's own files, with every request that is not to this machine aborted.

One test walks the whole flow: the first visit loads the engine (the progress bar), the
network goes off, the page opens again from its service worker and the engine from its
memory snapshot, and a 16-player event is played in it — four Swiss rounds with the toss, a
drop (so byes), then a top 8 to the champion; midway the snapshot is replaced by another
Pyodide build's, so the rest is paired by an engine started fresh (offline). Its exported
document is then paired by the server's engine round by round and must give the same
pairings, byes, toss and standings, field by field. A second test serves ``fairpair
generator build DIR`` with a plain static server and pairs a round there.
"""

from __future__ import annotations

import copy
import functools
import http.server
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from fairpair.cli.app import main
from fairpair.engine.changes.cut import draw_cut
from fairpair.engine.changes.rounds import release_round
from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.pairing import matcher
from fairpair.engine.points_text import points_text
from fairpair.engine.standings import compute_standings
from fairpair.interop.document import parse_document, to_document
from fairpair.service.event.events import export_event

from .conftest import LiveServer, free_port
from .helpers import PASSWORD, account

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOOPBACK = {"127.0.0.1", "localhost"}
LOAD_MS = 120_000  # a cold load on a busy 2-core machine; it takes about 8 s alone


def guarded_context(browser: Any, base_url: str, blocked: list[str]) -> Any:
    """A browser context in which every request off this machine is aborted (and noted)."""
    context = browser.new_context(base_url=base_url, accept_downloads=True)
    context.set_default_timeout(15_000)

    def guard(route: Any) -> None:
        if urlparse(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return context


#: The generator's service worker once it has finished activating (``ready`` resolves as soon
#: as a worker is active, which it is while still ``activating``), or what it became instead.
ACTIVATED = """Promise.race([
  navigator.serviceWorker.ready.then(r => r.active.state === 'activated' ? 'activated'
    : new Promise(done => r.active.addEventListener('statechange', e => {
        if (e.target.state !== 'activating') done(e.target.state);
      }))),
  new Promise(done => setTimeout(() => done('no service worker'), 30000))])"""


def wait_ready(page: Any) -> None:
    page.wait_for_selector("#generator[data-state=ready]", state="attached", timeout=LOAD_MS)


def started_from(page: Any) -> str:
    """How the engine started: ``"snapshot"`` (restored from this browser) or ``"fresh"``."""
    return str(page.evaluate("() => window.fairpairGenerator.timings.start"))


def wait_stored(page: Any) -> None:
    """A fresh start keeps the compiled modules and the engine's snapshot in the browser."""
    page.wait_for_selector("#generator[data-stored=snapshot]", state="attached", timeout=LOAD_MS)


#: The stored snapshot made "old": another Pyodide build's (its build id changed), with a
#: matching check, so that only restoring it fails; or "damaged": one byte changed on disk.
SPOIL_SNAPSHOT = """async (how) => {
  const version = document.getElementById("generator").dataset.version;
  const cache = await caches.open("fairpair-generator-" + version);
  const key = "engine-snapshot-" + version;
  const stored = await cache.match(key);
  const bytes = new Uint8Array(await stored.arrayBuffer());
  const headers = new Headers(stored.headers);
  if (how === "old") {
    bytes[16] ^= 0xff;  // the build id, after the magic number and two lengths
    const words = new Int32Array(bytes.buffer);
    let h = -2128831035;
    for (let i = 0; i < words.length; i++) { h = Math.imul(h ^ words[i], 16777619); }
    headers.set("x-check", String(h >>> 0) + "-" + bytes.byteLength);
  } else {
    bytes[bytes.length >> 1] ^= 0xff;
  }
  await cache.put(key, new Response(bytes, { headers }));
}"""


def start(page: Any, players: int, **form: str) -> None:
    page.fill("#gen-new input[name=name]", "Kitchen table open")
    page.fill("#gen-players", "\n".join(f"Player {k}" for k in range(1, players + 1)))
    for name, value in form.items():
        page.fill(f"#gen-new input[name={name}]", value)
    page.click("#gen-new button[type=submit]")
    page.wait_for_selector("#gen-event:not([hidden])")


def results_of(page: Any, outcome: Any) -> None:
    """Enter a result at every table of the newest round (``outcome(table) -> menu value``)."""
    newest = page.locator("article.gen-round").first
    menus = newest.locator("select[data-action=report]")
    for k in range(menus.count()):
        menu = menus.nth(k)
        table = int(menu.get_attribute("data-table"))
        menu.select_option(outcome(table))
        page.wait_for_selector(
            f"article.gen-round >> nth=0 >> select[data-table='{table}'] >> "
            f"option[value='{outcome(table)}'][selected]",
            state="attached",
        )


def pair(page: Any, anchor: str, name: str) -> None:
    """Pair the next round; it shows first, as ``#anchor``, named ``name``."""
    page.click("[data-action=pair_next]")
    page.wait_for_selector(f"#{anchor}")
    title = page.locator("article.gen-round h3").first.text_content() or ""
    assert title.startswith(name + " "), title


def swiss_outcome(round_number: int) -> Any:
    def outcome(table: int) -> str:
        if (table + round_number) % 5 == 0:
            return "1-1"  # a draw now and then
        return ("2-0", "2-1", "1-2", "0-2")[(table * 3 + round_number) % 4]

    return outcome


def truncated(document: dict[str, Any], stage: int, rounds: int) -> dict[str, Any]:
    """The document as it was before round ``rounds + 1`` of stage ``stage`` was paired."""
    before = copy.deepcopy(document)
    before["stages"] = before["stages"][: stage + 1]
    before["stages"][stage]["rounds"] = before["stages"][stage]["rounds"][:rounds]
    if stage == 0:  # the drops are after Swiss rounds
        before["drops"] = [d for d in before.get("drops", []) if d["after_round"] <= rounds]
    return before


def check_with_the_server(document: dict[str, Any]) -> None:
    """Every round of every stage, paired again by the server's engine (rustworkx) from the
    document as it stood before it: the same tables, players, byes and tosses; the same
    standings after every round; the same top cut."""
    assert matcher.SOLVER == "rustworkx"
    ids = [s.id for s in parse_document(document).stages]  # the writer leaves "swiss" out
    for index, stage in enumerate(document["stages"]):
        stage = {**stage, "id": ids[index]}
        if index == 1:
            undrawn = truncated(document, 1, 0)
            cut = undrawn["stages"][1]
            drawn_here = (cut.pop("participants"), cut.pop("seeds", None))
            drawn, _ = draw_cut(parse_document(undrawn), stage["id"], early=True)
            assert drawn.stage(stage["id"]).participants == tuple(drawn_here[0])
        for k, played in enumerate(stage["rounds"]):
            before = parse_document(truncated(document, index, k))
            draft = pair_next_round(before, stage["id"])
            released = release_round(before, draft).stage(stage["id"]).round(k + 1)
            assert released is not None
            server = [
                {"table": m.table, "a": m.a, "b": m.b, "toss": m.toss.first if m.toss else None}
                for m in released.matches
            ]
            page = [
                {
                    "table": m["table"],
                    "a": m["a"],
                    "b": m["b"],
                    "toss": m.get("toss", {}).get("first"),
                }
                for m in played["matches"]
            ]
            assert server == page, (stage["id"], k + 1)
            assert [(b.player, b.kind.value) for b in released.byes] == [
                (b["player"], b.get("kind", "pairing")) for b in played.get("byes", [])
            ]
            # The server's round with the page's results: the same standings as the page's.
            replayed = to_document(release_round(before, draft))
            results = {m["table"]: m.get("result") for m in played["matches"]}
            mine = replayed["stages"][index]["rounds"][k]
            for match in mine["matches"]:
                match["result"] = results[match["table"]]
            mine["state"] = played.get("state", "completed")
            after = truncated(document, index, k + 1)
            replayed["drops"] = after.get("drops", [])  # a drop made after this round
            ours = parse_document(replayed)
            theirs = parse_document(after)
            assert rows(ours, stage["id"]) == rows(theirs, stage["id"]), (stage["id"], k + 1)


def rows(tournament: Any, stage: str) -> list[tuple[Any, ...]]:
    table = compute_standings(tournament, tournament.stage(stage))
    return [
        (r.rank, r.player.id, r.points, r.tiebreaks, r.wins, r.draws, r.losses, r.place)
        for r in table.rows
    ]


def test_a_whole_event_offline_in_the_page(browser: Any, live_server: LiveServer) -> None:
    blocked: list[str] = []
    context = guarded_context(browser, live_server.url, blocked)
    page = context.new_page()
    try:
        page.goto("/generator")
        assert page.url.endswith("/generator/")
        assert page.locator("#gen-progress").count() == 1  # the honest progress bar
        wait_ready(page)
        assert page.evaluate(ACTIVATED) == "activated"
        assert "Ready" in page.text_content("#gen-status")
        assert started_from(page) == "fresh"
        wait_stored(page)

        # The network goes off: the page opens from its service worker's cache, and the
        # engine from its snapshot (rounds 1 and 2 are paired by the restored engine).
        context.set_offline(True)
        page.reload()
        wait_ready(page)
        assert started_from(page) == "snapshot"

        start(page, 16, max_rounds="4")
        for number in (1, 2, 3, 4):
            pair(page, f"swiss-round-{number}", f"Round {number}")
            newest = page.locator("article.gen-round").first
            assert newest.locator("tbody tr").count() == (8 if number <= 2 else 7)
            assert newest.locator(".gen-first").count() == newest.locator("tbody tr").count()
            if number >= 3:
                assert newest.locator(".gen-byes li").count() == 1  # 15 players: a bye
            results_of(page, swiss_outcome(number))
            if number == 2:
                page.once("dialog", lambda dialog: dialog.accept())
                page.click("#players summary")
                page.click("button[data-action=drop][data-player=p16]")
                page.wait_for_selector("#players tr[data-player=p16] .badge")
                # A snapshot of another Pyodide build: the page starts fresh (offline) and
                # pairs rounds 3 and 4 and the top cut with that engine.
                page.evaluate(SPOIL_SNAPSHOT, "old")
                page.reload()
                wait_ready(page)
                assert started_from(page) == "fresh"
                failed = page.evaluate("() => window.fairpairGenerator.timings.snapshotFailed")
                assert "build id mismatch" in failed
                page.wait_for_selector("#players tr[data-player=p16] .badge", state="attached")
                wait_stored(page)  # a new snapshot replaces it
        standings = page.locator(".gen-standings tbody tr")
        assert standings.count() == 16
        page.select_option("form.gen-cut select[name=top]", "8")
        page.click("form.gen-cut button[type=submit]")
        page.wait_for_selector("#top8-bracket")
        for number, name in enumerate(("Quarterfinals", "Semifinals", "Final"), start=1):
            pair(page, f"top8-round-{number}", name)
            results_of(page, lambda table: "2-1" if table % 2 else "0-2")
        champion = page.text_content(".gen-next .champion")
        assert champion is not None and "is the champion" in champion
        assert page.locator("#top8-bracket .champion").count() == 1

        with page.expect_download() as download:
            page.click("#gen-export")
        document = json.loads(Path(download.value.path()).read_text("utf-8"))
        # The page's standings of the Swiss are the server's.
        shown = [
            (row.get_attribute("data-player"), row.locator("td").nth(2).text_content())
            for row in page.locator("#swiss-standings tbody tr").all()
        ]
        server = compute_standings(
            parse_document(document), parse_document(document).stage("swiss")
        )
        assert shown == [(r.player.id, points_text(r.points)) for r in server.rows]

        # The event survives a reload (the browser's storage), from the new snapshot; a
        # damaged snapshot is refused by its check and the page starts fresh.
        page.reload()
        wait_ready(page)
        assert started_from(page) == "snapshot"
        page.wait_for_selector(".gen-next .champion")
        page.evaluate(SPOIL_SNAPSHOT, "damaged")
        page.reload()
        wait_ready(page)
        assert started_from(page) == "fresh"
        page.wait_for_selector(".gen-next .champion")

        # Back online: the page in Japanese (the reader's choice) shows the same event in
        # Japanese, its engine speaking the catalogue the page carries; then English again.
        context.set_offline(False)
        context.add_cookies([{"name": "fairpair_lang", "value": "ja", "url": live_server.url}])
        page.reload()
        wait_ready(page)
        assert page.get_attribute("#generator", "data-speaks") == "ja"
        page.wait_for_selector(".gen-next .champion")
        assert "優勝は" in (page.text_content(".gen-next .champion") or "")
        heads = page.locator("#top8-bracket .bracket-round h3").all_text_contents()
        assert heads == ["準々決勝", "準決勝", "決勝"]
        assert page.locator("#swiss-standings h2").text_content() == "スイス式 の順位表"
        menu = page.locator("article.gen-round select[data-action=report]").first
        assert "の勝ち" in (menu.locator("option").nth(1).text_content() or "")
        context.clear_cookies()
        page.reload()
        wait_ready(page)
        assert page.get_attribute("#generator", "data-speaks") == "en"

        # Continue on this server asks for a login, then saves the event.
        page.click("#gen-continue")
        page.wait_for_selector("#gen-continue-note a[href^='/login']")
        account(live_server.db, "generator-organizer")
        page.click("#gen-continue-note a")
        page.fill("#f-username", "generator-organizer")
        page.fill("#f-password", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url("**/generator/")
        wait_ready(page)
        page.click("#gen-continue")
        page.wait_for_url("**/console/kitchen-table-open*")
        slug = page.url.split("/console/")[1].split("/")[0].split("?")[0]
        saved = to_document(export_event(live_server.db, slug))
        assert saved["stages"] == document["stages"] and saved["players"] == document["players"]
    finally:
        context.close()
    assert blocked == []
    assert len(document["stages"][0]["rounds"]) == 4 and len(document["stages"][1]["rounds"]) == 3
    check_with_the_server(document)


@pytest.fixture
def static_site(tmp_path: Path) -> Iterator[str]:
    """``fairpair generator build DIR`` served by Python's plain static file server."""
    folder = tmp_path / "site"
    with pytest.raises(SystemExit) as done:
        argv = sys.argv
        sys.argv = ["fairpair", "generator", "build", str(folder)]
        try:
            main()
        finally:
            sys.argv = argv
    assert done.value.code in (0, None)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


def test_the_static_build_works_from_a_plain_static_server(browser: Any, static_site: str) -> None:
    blocked: list[str] = []
    context = guarded_context(browser, static_site, blocked)
    page = context.new_page()
    try:
        page.goto("/")
        page.wait_for_url("**/generator/")
        wait_ready(page)
        start(page, 5)
        pair(page, "swiss-round-1", "Round 1")
        assert page.locator("article.gen-round tbody tr").count() == 2
        assert page.locator("article.gen-round .gen-byes li").count() == 1
        assert page.locator("#gen-continue").text_content() == "Continue on a server"
    finally:
        context.close()
    assert blocked == []
