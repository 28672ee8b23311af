"""The SSE stream of an event, over a real server: a change made through the service is on
the stream within a second, as a ``version`` event (and each asked-for view's fragment)."""

from __future__ import annotations

import threading
import time

import httpx

from fairpair.service.event.events import create_event
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

from .conftest import LiveServer


def test_a_change_reaches_an_open_stream_within_a_second(live_server: LiveServer) -> None:
    slug = create_event(live_server.db, "Stream test", actor="t")
    lines: list[str] = []
    connected = threading.Event()
    got = threading.Event()

    def watch() -> None:
        with httpx.stream("GET", f"{live_server.url}/e/{slug}/live", timeout=10) as answer:
            assert answer.status_code == 200
            assert answer.headers["content-type"].startswith("text/event-stream")
            for line in answer.iter_lines():
                lines.append(line)
                if line.startswith(": connected"):
                    connected.set()
                if line.startswith("data: ") and lines[-2:-1] == ["event: version"]:
                    got.set()
                    return

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    assert connected.wait(5)
    time.sleep(0.2)
    start = time.monotonic()
    add_players(live_server.db, slug, [NewPlayer("Ann")], actor="t")
    assert got.wait(5)
    assert time.monotonic() - start < 1.0
    thread.join(2)
    assert "data: 2" in lines


def test_an_unknown_event_or_view_is_refused_before_streaming(live_server: LiveServer) -> None:
    assert httpx.get(f"{live_server.url}/e/no-such-event/live").status_code == 404
    slug = create_event(live_server.db, "Stream test two", actor="t")
    answer = httpx.get(f"{live_server.url}/e/{slug}/live?view=nope")
    assert answer.status_code == 409 and "no live view" in answer.text
