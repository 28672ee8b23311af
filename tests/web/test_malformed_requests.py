"""Hostile request shapes (issue 33, points 2 and 3), generated from the route table: every
mutating page route receives the malformed forms that gave a server error from the CSRF
check — a multipart form without a space before ``boundary=``, without a boundary, with an
empty or forbidden one, with a body that is not multipart, with a ``csrftoken`` that is not
UTF-8, a urlencoded form that is not UTF-8 or says another charset — and every mutating
route, pages and API, an oversized anonymous body. Each is a 400 (or 413) that says what is
wrong, never a 500, and nothing is logged above ``INFO``. The body limit answers before the
body is read; a chunked body is cut at the limit; a signed-in account may upload a backup
larger than the limit, the public may not."""

from __future__ import annotations

import contextlib
import logging
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send

from fairpair.service.accounts.sessions import open_session
from fairpair.service.event.demo import create_demo
from fairpair.service.kernel.connection import Database
from fairpair.web.access import SESSION_COOKIE
from fairpair.web.app import CSRF_COOKIE, create_app
from fairpair.web.discord.interactions import PATH as DISCORD_PATH
from fairpair.web.request_guard import BODY_LIMIT, RequestGuard

from .conftest import free_port, settings_for
from .helpers import account
from .test_permissions import MUTATING, ROUTES, _path, calls

ALL_POSTS = calls(ROUTES, MUTATING)
PAGE_POSTS = [(m, r) for m, r in ALL_POSTS if not (r.path or "").startswith("/api/")]


def multipart(boundary: bytes, fields: dict[str, bytes]) -> bytes:
    parts = [
        b"--" + boundary + b"\r\nContent-Disposition: form-data; name=\"" + name.encode()
        + b"\"\r\n\r\n" + value + b"\r\n"
        for name, value in fields.items()
    ]  # fmt: skip
    return b"".join(parts) + b"--" + boundary + b"--\r\n"


def shapes(token: str) -> dict[str, tuple[str, bytes, set[int]]]:
    """Each malformed shape: its content type, its body, the answers it may get."""
    csrf = token.encode()
    good = multipart(b"xyz", {"csrftoken": csrf, "name": b"x"})
    return {
        # RFC 7231 allows it: the request is read (the route answers as it does)
        "multipart, no space before boundary=": (
            "multipart/form-data;boundary=xyz",
            good,
            set(range(200, 500)) - {400},
        ),
        "multipart, quoted boundary": (
            'multipart/form-data; boundary="xyz"',
            good,
            set(range(200, 500)) - {400},
        ),
        "multipart, no boundary": ("multipart/form-data", good, {400}),
        "multipart, empty boundary": ("multipart/form-data; boundary=", good, {400}),
        "multipart, forbidden boundary": ('multipart/form-data; boundary="a;b"', good, {400}),
        "multipart, not multipart inside": (
            "multipart/form-data; boundary=xyz",
            b"this is no multipart body",
            {400},
        ),
        "multipart, token not UTF-8": (
            "multipart/form-data; boundary=xyz",
            multipart(b"xyz", {"csrftoken": b"\xff\xfe"}),
            {400},
        ),
        "urlencoded, not UTF-8": (
            "application/x-www-form-urlencoded",
            b"csrftoken=" + csrf + b"&name=\xff\xfe&username=\xe9",
            {400},
        ),
        "urlencoded, latin-1": (
            "application/x-www-form-urlencoded; charset=latin-1",
            b"csrftoken=" + csrf + b"&name=x",
            {400},
        ),
    }


@pytest.fixture(scope="module")
def owner(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('malformed')) / 'malformed.db'}"
    db = Database.open(url)
    owner = account(db, "malformed-owner")
    slug = create_demo(db, slug="malformed-event", owner=owner.id)
    app = create_app(settings_for(url))
    with TestClient(app, base_url="https://testserver", raise_server_exceptions=False) as client:
        client.get("/login")
        client.cookies.set(SESSION_COOKIE, open_session(db, owner))
        values = {"slug": slug, "number": 4, "round": 4, "table": 1, "player": "x"}
        values |= {"stage": "swiss", "token_id": 1, "csrf": client.cookies[CSRF_COOKIE]}
        yield client, values
    db.close()


@pytest.mark.parametrize("shape", list(shapes("t")))
def test_a_malformed_form_is_a_400_on_every_page_route(
    owner: tuple[TestClient, dict[str, Any]], shape: str, caplog: pytest.LogCaptureFixture
) -> None:
    client, values = owner
    content_type, body, allowed = shapes(values["csrf"])[shape]
    caplog.set_level(logging.INFO)
    seen: dict[int, int] = {}
    for method, route in PAGE_POSTS:
        if route.path in ("/logout",):
            continue
        url = _path(route, values)
        answer = client.request(
            method,
            url,
            content=body,
            headers={"content-type": content_type},
            follow_redirects=False,
        )
        # Discord's endpoint reads no form: it refuses what Discord did not sign
        expected = allowed | {401} if route.path == DISCORD_PATH else allowed
        assert answer.status_code in expected, (shape, url, answer.status_code, answer.text[-500:])
        assert "Traceback" not in answer.text
        if answer.status_code == 400:
            assert "That did not work" in answer.text
        seen[answer.status_code] = seen.get(answer.status_code, 0) + 1
    alarming = [r for r in caplog.records if r.levelno > logging.INFO]
    assert alarming == [], [r.getMessage() for r in alarming]
    assert sum(seen.values()) >= 50  # the route table was really walked


def test_an_oversized_anonymous_body_is_413_on_every_mutating_route(web_client: TestClient) -> None:
    body = b"{" + b" " * BODY_LIMIT + b"}"
    for method, route in ALL_POSTS:
        url = _path(route, {"slug": "any", "number": 1, "round": 1, "table": 1})
        answer = web_client.request(
            method, url, content=body, headers={"content-type": "application/json"}
        )
        assert answer.status_code == 413, (url, answer.status_code)
        if url.startswith("/api/"):
            assert answer.json()["error"]["code"] == "too_large"
            assert "larger than 4 MiB" in answer.json()["error"]["message"]


def _call(
    guard: RequestGuard, headers: list[tuple[bytes, bytes]], chunks: list[bytes]
) -> tuple[int, int]:
    """Call ``guard`` with a POST of ``chunks``; (its status, the bytes it took)."""
    taken = 0
    answers: list[Message] = []

    async def receive() -> Message:
        nonlocal taken
        if not chunks:
            return {"type": "http.disconnect"}
        chunk = chunks.pop(0)
        taken += len(chunk)
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    async def send(message: Message) -> None:
        answers.append(message)

    scope: Scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/v1/events/x/results",
        "headers": headers,
        "app": None,
    }
    # a thread of its own: a browser test earlier in this worker leaves an event loop
    # running in the main thread (Playwright's sync API)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(anyio.run, guard, scope, receive, send).result()
    return answers[0]["status"], taken


async def _reads_everything(scope: Scope, receive: Receive, send: Send) -> None:
    more = True
    while more:
        more = (await receive()).get("more_body", False)
    await send({"type": "http.response.start", "status": 201, "headers": []})
    await send({"type": "http.response.body", "body": b""})


def test_the_limit_answers_before_the_body_is_read_and_cuts_a_chunked_body() -> None:
    guard = RequestGuard(_reads_everything)
    mib = b"x" * (1024 * 1024)
    declared = [(b"content-length", str(150 * len(mib)).encode())]
    status, taken = _call(guard, declared, [mib] * 150)
    assert (status, taken) == (413, 0)  # not one byte of the 150 MiB was read
    status, taken = _call(guard, [], [mib] * 150)  # chunked: no Content-Length
    assert status == 413 and taken <= BODY_LIMIT + len(mib)
    status, taken = _call(guard, [(b"content-length", b"5")], [b"hello"])
    assert (status, taken) == (201, 5)
    assert _call(guard, [(b"content-length", b"lots")], [b"x"])[0] == 400


def test_a_backup_larger_than_the_limit_is_for_signed_in_accounts(
    sqlite_db: Database, web_client: TestClient
) -> None:
    web_client.get("/login")
    token = web_client.cookies[CSRF_COOKIE].encode()
    big = multipart(b"xyz", {"csrftoken": token})[: -len(b"--xyz--\r\n")] + (
        b'--xyz\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\n'
        b"Content-Type: application/json\r\n\r\n{" + b" " * BODY_LIMIT + b"\r\n--xyz--\r\n"
    )
    headers = {"content-type": "multipart/form-data; boundary=xyz"}
    anonymous = web_client.post("/console/events/restore", content=big, headers=headers)
    assert anonymous.status_code == 413
    organizer = account(sqlite_db, "uploader")
    web_client.cookies.set(SESSION_COOKIE, open_session(sqlite_db, organizer))
    signed = web_client.post(
        "/console/events/restore", content=big, headers=headers, follow_redirects=False
    )
    # read, and refused by the route itself: the file is no backup
    assert signed.status_code == 422 and "big.json" in signed.text, signed.text[-400:]


def _rss(pid: int) -> int:
    """The resident memory of process ``pid`` in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def _post_raw(port: int, head: bytes, chunks: int, chunk: bytes) -> bytes:
    """Send ``head`` and up to ``chunks`` chunks of a body; what the server answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        with contextlib.suppress(OSError):
            for _ in range(chunks):
                sock.sendall(chunk)
        answer = b""
        with contextlib.suppress(OSError):
            while not _whole_answer(answer) and (part := sock.recv(65536)):
                answer += part
        return answer


def _whole_answer(answer: bytes) -> bool:
    """Whether ``answer`` holds a whole HTTP answer: its head and the body its length says
    (the server may keep the connection open after it: no need to wait for it to close)."""
    head, found, body = answer.partition(b"\r\n\r\n")
    if not found:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value.strip())
    return False


@pytest.mark.multiprocess
def test_a_real_server_answers_150_mb_with_413_and_its_memory_stays_flat(tmp_path: Path) -> None:
    port = free_port()
    url = f"sqlite:///{tmp_path / 'big.db'}"
    server = subprocess.Popen(
        [sys.executable, "-m", "fairpair", "serve", "--db", url, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                    break
            assert time.monotonic() < deadline and server.poll() is None, "no server"
            time.sleep(0.2)
        before = _rss(server.pid)
        mib = b" " * (1024 * 1024)
        path = b"POST /api/v1/events/any/results HTTP/1.1\r\nHost: x\r\n"
        declared = path + b"Content-Type: application/json\r\nContent-Length: 157286400\r\n\r\n"
        answer = _post_raw(port, declared, 150, mib)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        chunked = path + b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        frame = b"%x\r\n" % len(mib) + mib + b"\r\n"
        answer = _post_raw(port, chunked, 150, frame)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        after = _rss(server.pid)
        print(f"server memory: {before / 2**20:.0f} MiB before, {after / 2**20:.0f} MiB after")
        assert after - before < 24 * 2**20, (before, after)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
