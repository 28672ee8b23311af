"""A form post whose fields are read by name (some are made by the page, e.g. one per seat):
the form is read on the event loop, then the work — blocking database calls through the
service — runs in the thread pool, as a plain ``def`` route's would, so the server keeps
answering (live streams included) meanwhile.

A route says only what it does: a plain ``def`` under ``@form_post`` whose last parameter,
``values``, is the form as text; its other parameters (the request, the permission
dependency, the path's) are the route's, as FastAPI reads them::

    @ROUTER.post("/console/{slug}/queue")
    @form_post
    def settle_item(
        request: Request, access: Judge, db: DbDep, slug: str, values: FormValues
    ) -> Response: ...
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from fairpair.web.forms import form_values

#: The posted form as text: the last value of a repeated field, files left out.
FormValues = dict[str, str]


def form_post(handle: Callable[..., Response]) -> Callable[..., Awaitable[Response]]:
    """``handle`` as the async route FastAPI serves: the route takes ``handle``'s parameters
    but ``values``, reads the form, then runs ``handle`` in the thread pool with them."""
    signature = inspect.signature(handle, eval_str=True)
    names = list(signature.parameters)
    assert names[0] == "request" and names[-1] == "values", handle  # the shape above
    route_signature = signature.replace(parameters=list(signature.parameters.values())[:-1])

    async def route(**given: Any) -> Response:
        request: Request = given["request"]
        values = await form_values(request)
        return await run_in_threadpool(handle, **given, values=values)

    # Not functools.wraps: FastAPI unwraps ``__wrapped__`` to decide whether to await a route,
    # and ``handle`` is a plain def; the route is the coroutine.
    for name in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(route, name, getattr(handle, name))
    route.__dict__["__signature__"] = route_signature  # what FastAPI reads
    return route
