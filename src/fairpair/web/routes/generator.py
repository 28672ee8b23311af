"""The generator (docs/generator.md): the Swiss and bracket generator that runs fairpair's
engine in the browser (Pyodide), served from fairpair's own files.

- ``GET /generator`` → ``/generator/`` (the service worker's scope is the folder).
- ``GET /generator/`` (Public): the page (``templates/generator/page.html``).
- ``GET /generator/sw.js``, ``/generator/manifest.webmanifest``: offline and installable.
- ``GET /generator/pyodide/{name}``, ``/generator/wheels/{name}``, ``/generator/{bundle}``:
  the Pyodide core, the wheels and the engine bundle, cached for a year (their names change
  with their contents).
- ``POST /generator/continue`` (Organizer): "Continue on this server" — the page's
  tournament document saved as a new event the caller owns (the import ``fairpair import``
  does); answers ``201 {"slug", "url"}`` or ``422 {"where", "reason"}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from mimetypes import guess_type
from typing import Annotated, Any

from fastapi import APIRouter, File, Request, UploadFile
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse, Response

from fairpair import i18n
from fairpair.engine.errors import FairpairError
from fairpair.engine.rulesets import PRESETS
from fairpair.interop.document import parse_document
from fairpair.service.event.events import import_event
from fairpair.web import generator_site as site
from fairpair.web.access import DbDep, Organizer, Public
from fairpair.web.headers import CSP
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)

#: Pyodide compiles WebAssembly: the page's policy allows that, and nothing else more.
GENERATOR_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")
#: Files whose names change with their contents.
IMMUTABLE = {"cache-control": "public, max-age=31536000, immutable"}
#: The largest document "Continue on this server" takes.
MAX_DOCUMENT_BYTES = 20_000_000


@ROUTER.get("/generator")
def generator_folder() -> RedirectResponse:
    return RedirectResponse("/generator/", status_code=308)


@ROUTER.get("/generator/")
def generator_page(request: Request, access: Public) -> Response:
    context: dict[str, Any] = {
        **site.page_context(),
        "rulesets": sorted(PRESETS),
        "static_build": False,
        "continue_url": "/generator/continue",
        **site.page_words(i18n.language()),
    }
    headers = {"content-security-policy": GENERATOR_CSP, "cache-control": "no-cache"}
    return render(request, "generator/page.html", headers=headers, **context)


@ROUTER.get("/generator/sw.js")
def generator_worker(access: Public) -> Response:
    return Response(
        site.service_worker(),
        media_type="text/javascript",
        headers={"cache-control": "no-cache"},
    )


@ROUTER.get("/generator/manifest.webmanifest")
def generator_manifest(access: Public) -> Response:
    return Response(site.manifest(), media_type="application/manifest+json")


def heavy(request: Request, url: str, media: str | None, plain: Callable[[], Response]) -> Response:
    """A heavy immutable file: compressed once per process (``site.gzipped``) for a browser
    that accepts gzip, else ``plain()``."""
    if "gzip" not in request.headers.get("accept-encoding", ""):
        return plain()
    headers = {**IMMUTABLE, "content-encoding": "gzip", "vary": "Accept-Encoding"}
    return Response(site.gzipped(url), media_type=media, headers=headers)


@ROUTER.get("/generator/pyodide/{name}")
def generator_pyodide(request: Request, name: str, access: Public) -> Response:
    if name not in site.PYODIDE_FILES:
        return Response("no such file", status_code=404, media_type="text/plain")
    media = "application/wasm" if name.endswith(".wasm") else guess_type(name)[0]
    path = site.PYODIDE / name
    return heavy(
        request,
        f"pyodide/{name}",
        media,
        lambda: FileResponse(path, media_type=media, headers=IMMUTABLE),
    )


@ROUTER.get("/generator/wheels/{name}")
def generator_wheel(request: Request, name: str, access: Public) -> Response:
    if name not in site.WHEELS:
        return Response("no such file", status_code=404, media_type="text/plain")
    path = site.WHEELS_DIR / name
    return heavy(
        request,
        f"wheels/{name}",
        "application/zip",
        lambda: FileResponse(path, media_type="application/zip", headers=IMMUTABLE),
    )


@ROUTER.get("/generator/{bundle}")
def generator_bundle(request: Request, bundle: str, access: Public) -> Response:
    if bundle != site.bundle_name():
        return Response("no such file", status_code=404, media_type="text/plain")
    return heavy(
        request,
        bundle,
        "application/zip",
        lambda: Response(site.engine_bundle(), media_type="application/zip", headers=IMMUTABLE),
    )


@ROUTER.post("/generator/continue")
async def continue_on_server(
    access: Organizer, db: DbDep, document: Annotated[UploadFile, File()]
) -> JSONResponse:
    assert access.account is not None
    raw = await document.read(MAX_DOCUMENT_BYTES + 1)
    try:
        if len(raw) > MAX_DOCUMENT_BYTES:
            raise FairpairError("document", f"larger than {MAX_DOCUMENT_BYTES // 1_000_000} MB")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise FairpairError("document", "not a tournament document (not valid JSON)") from None
        tournament = parse_document(data)
        slug = import_event(db, tournament, actor=access.actor, owner=access.account.id)
    except FairpairError as error:
        return JSONResponse({"where": error.where, "reason": error.reason}, status_code=422)
    return JSONResponse({"slug": slug, "url": f"/console/{slug}"}, status_code=201)
