"""A form post whose fields are read by name (some are made by the page, e.g. one per seat):
the form is read on the event loop, then the work — blocking database calls through the
service — runs in the thread pool, as a plain ``def`` route's would, so the server keeps
answering (live streams included) meanwhile."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from fairpair.web.forms import form_values


async def posted(request: Request, handle: Callable[[dict[str, str]], Response]) -> Response:
    values = await form_values(request)
    return await run_in_threadpool(handle, values)
