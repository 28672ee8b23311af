"""The OpenAPI document is exact (only the API, every answer and error declared) and the
docs page at /docs loads the vendored ReDoc with no inline script."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app

from .conftest import settings_for

STATIC = Path(__file__).parents[2] / "src" / "fairpair" / "web" / "static"


def test_only_the_api_is_in_the_schema(web_client: TestClient, sqlite_db: Database) -> None:
    schema = web_client.get("/openapi.json").json()
    assert schema["paths"] and all(p.startswith("/api/v1/") for p in schema["paths"])
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answers = operation["responses"]
            success = [code for code in answers if code.startswith("2")]
            assert success, (method, path)
            for code in success:
                if code != "204":
                    assert "content" in answers[code], (method, path, code)
                    shown = answers[code]["content"]["application/json"]["schema"]
                    assert shown != {}, (method, path, code)  # a declared model, not "any"
            for code in ("401", "403", "404", "409", "422"):
                error = answers[code]["content"]["application/json"]["schema"]
                assert error == {"$ref": "#/components/schemas/ErrorBody"}, (method, path)


def test_the_docs_page(web_client: TestClient, sqlite_db: Database) -> None:
    page = web_client.get("/docs")
    assert page.status_code == 200
    assert '<redoc spec-url="/openapi.json">' in page.text
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page.text, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert "style=" not in page.text
    src = re.search(r'<script src="([^"]+)"', page.text)
    assert src is not None
    bundle = web_client.get(src.group(1))
    assert bundle.status_code == 200 and len(bundle.content) > 100_000
    vendored = STATIC / "vendor"
    assert (vendored / "redoc-2.5.2.LICENSE").exists()
    assert "'unsafe-inline'" in page.headers["content-security-policy"]
    assert "'unsafe-inline'" not in web_client.get("/login").headers["content-security-policy"]


def test_the_players_own_api_is_matched_first_and_every_route_once() -> None:
    """The app includes the API's resources one by one (``fairpair.api.routes.ROUTERS``):
    the player's own API still comes before every page (a report from thousands of phones is
    matched first), the rest of the API after the pages, and no route twice."""
    app = create_app(settings_for("sqlite://"))
    routes = [
        (str(c.path), tuple(sorted(c.methods or ())))
        for c in iter_route_contexts(app.routes)
        if c.path not in ("/openapi.json", "/static")
    ]
    assert len(routes) == len(set(routes))
    paths = [path for path, _ in routes]
    own = [i for i, p in enumerate(paths) if p.startswith("/api/v1/events/{slug}/me")]
    pages = [i for i, p in enumerate(paths) if not p.startswith("/api/")]
    rest = [i for i, p in enumerate(paths) if p.startswith("/api/") and i not in own]
    assert own == list(range(len(own))), "the player's own API is not matched first"
    assert pages and rest and max(own) < min(pages) and min(rest) > min(pages)
    assert ("/api/v1/events/{slug}/me/report", ("POST",)) in routes
    assert ("/docs", ("GET",)) in routes
