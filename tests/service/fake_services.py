"""A tiny local HTTP server (a thread on 127.0.0.1) that plays Discord's REST API (under
``/discord``) and a browser's push service (under ``/push``), recording every request.

- ``POST /discord/users/@me/channels`` → ``{"id": "900"}``; ``POST
  /discord/channels/900/messages`` → ``{"id": "1"}``; a message posted in another channel
  (the bot's display, multipart) → ``{"id": "m1"}``, ``"m2"``…; ``PATCH
  /discord/channels/C/messages/M`` (an edit) → 200, or 404 when ``M`` is in ``deleted``;
  ``PUT /discord/applications/…/commands`` → the commands sent back; ``PATCH
  /discord/webhooks/APP/TOKEN/messages/@original`` (a deferred interaction's follow-up,
  multipart, no bot token) → the message, its id ``"original"``.
- ``POST /push/NAME`` → 201; ``/push/gone…`` → 410.
- ``answers``: queued (status, JSON body) given before the normal answer (a 429 first, …).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
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

    def parts(self) -> tuple[dict[str, Any], dict[str, bytes]]:
        """A multipart body's ``payload_json`` and its files, by part name."""
        return multipart_parts(self.headers["content-type"], self.body)


@dataclass
class FakeServices:
    base: str
    seen: list[Seen] = field(default_factory=list)
    answers: list[tuple[int, Any]] = field(default_factory=list)
    deleted: set[str] = field(default_factory=set)
    posted: int = 0

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

        def _seen(self, method: str) -> tuple[bytes, Any]:
            size = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(size)
            fake = box[0]
            with lock:
                fake.seen.append(
                    Seen(method, self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                queued = fake.answers.pop(0) if fake.answers else None
            return body, queued

        def do_PATCH(self) -> None:
            _, queued = self._seen("PATCH")
            message = self.path.rsplit("/", 1)[-1]
            if queued is not None:
                self._answer(*queued)
            elif self.path.startswith("/discord/webhooks/") and message == "@original":
                self._answer(200, {"id": "original", "type": 0})
            elif message in box[0].deleted:
                self._answer(404, {"message": "Unknown Message", "code": 10008})
            else:
                self._answer(200, {"id": message})

        def do_PUT(self) -> None:
            body, queued = self._seen("PUT")
            if queued is not None:
                self._answer(*queued)
            elif self.path.startswith("/discord/applications/"):
                self._answer(200, json.loads(body))
            else:
                self._answer(404, {"message": "unknown"})

        def do_POST(self) -> None:
            _, queued = self._seen("POST")
            fake = box[0]
            if queued is not None:
                self._answer(*queued)
            elif self.path == "/discord/users/@me/channels":
                self._answer(200, {"id": "900", "type": 1})
            elif self.path == "/discord/channels/900/messages":
                self._answer(200, {"id": "1"})
            elif self.path.startswith("/discord/channels/") and self.path.endswith("/messages"):
                with lock:
                    fake.posted += 1
                    made = f"m{fake.posted}"
                self._answer(200, {"id": made})
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
    # shutdown() waits for the loop's next look at its flag: every 20 ms, not the default 500.
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
    )
    thread.start()
    try:
        yield box[0]
    finally:
        server.shutdown()
        server.server_close()


def multipart_parts(content_type: str, body: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    """A Discord multipart body's ``payload_json`` and its files, by part name."""
    message = BytesParser(policy=HTTP).parsebytes(
        f"Content-Type: {content_type}\r\n\r\n".encode() + body
    )
    payload: dict[str, Any] = {}
    files: dict[str, bytes] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        if name == "payload_json":
            payload = json.loads(data)
        else:
            files[str(name)] = data
    return payload, files
