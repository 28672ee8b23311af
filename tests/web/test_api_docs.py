"""The OpenAPI document is exact (only the API, every answer and error declared) and the
docs page at /docs loads the vendored ReDoc with no inline script."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

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
