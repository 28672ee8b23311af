"""A tiny local HTTP server (a thread on 127.0.0.1) that plays Discord's REST API (under
``/discord``) and a browser's push service (under ``/push``), recording every request.

- ``POST /discord/users/@me/channels`` → ``{"id": "900"}``; ``POST
  /discord/channels/900/messages`` → ``{"id": "1"}``.
- ``POST /push/NAME`` → 201; ``/push/gone…`` → 410.
- ``answers``: queued (status, JSON body) given before the normal answer (a 429 first, …).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Seen:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class FakeServices:
    base: str
    seen: list[Seen] = field(default_factory=list)
    answers: list[tuple[int, Any]] = field(default_factory=list)

    @property
    def discord_api(self) -> str:
        return f"{self.base}/discord"

    def push_endpoint(self, name: str) -> str:
        return f"{self.base}/push/{name}"

    def of(self, prefix: str) -> list[Seen]:
        return [s for s in self.seen if s.path.startswith(prefix)]


@contextmanager
def fake_services() -> Iterator[FakeServices]:
    lock = threading.Lock()
    box: list[FakeServices] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            size = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(size)
            fake = box[0]
            with lock:
                fake.seen.append(
                    Seen("POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                queued = fake.answers.pop(0) if fake.answers else None
            if queued is not None:
                self._answer(*queued)
            elif self.path == "/discord/users/@me/channels":
                self._answer(200, {"id": "900", "type": 1})
            elif self.path == "/discord/channels/900/messages":
                self._answer(200, {"id": "1"})
            elif self.path.startswith("/push/gone"):
                self._answer(410, None)
            elif self.path.startswith("/push/"):
                self._answer(201, None)
            else:
                self._answer(404, {"message": "unknown"})

        def _answer(self, status: int, body: Any) -> None:
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.append(FakeServices(f"http://127.0.0.1:{server.server_address[1]}"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield box[0]
    finally:
        server.shutdown()
        server.server_close()
