"""``Server-Timing: app;dur=MS`` on every answer: the time the server spent on it, from the
request's arrival to the start of the answer (what benchmarks/web.py reads, and what a
browser's developer tools show). For a stream (SSE) it is the time to the first byte."""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTiming:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                headers = [
                    *message.get("headers", []),
                    (b"server-timing", f"app;dur={ms:.1f}".encode()),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed)
