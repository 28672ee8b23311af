"""``/docs``: the API's documentation, ReDoc (vendored under /static/vendor) reading
``/openapi.json``. The page runs no inline script: ReDoc finds its ``<redoc>`` element.
ReDoc's sidebar links its logo from cdn.redoc.ly; the CSP blocks it (no request leaves for
another site) and ReDoc then hides it."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from fairpair.web.access import Public

ROUTER = APIRouter(include_in_schema=False)
REDOC = "/static/vendor/redoc-2.5.2.standalone.js"
PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>fairpair API</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<redoc spec-url="/openapi.json"></redoc>
<script src="{REDOC}"></script>
</body>
</html>
"""


@ROUTER.get("/docs")
def docs(access: Public) -> HTMLResponse:
    return HTMLResponse(PAGE)
