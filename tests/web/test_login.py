"""Logging in and out, the session cookie, CSRF, the login rate limit, security headers, and
the error pages — through the app's public interface (HTTP)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database
from fairpair.web.access import SESSION_COOKIE

from .helpers import PASSWORD, account, csrf, log_in, post


def test_a_wrong_password_and_an_unknown_user_get_the_same_answer(
    sqlite_db: Database, web_client: TestClient
) -> None:
    account(sqlite_db, "olga")
    wrong = post(web_client, "/login", {"username": "olga", "password": "not it at all"})
    unknown = post(web_client, "/login", {"username": "nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert "wrong username or password" in wrong.text
    assert "wrong username or password" in unknown.text
    assert 'value="olga"' in wrong.text  # the form keeps what was typed
    assert SESSION_COOKIE not in web_client.cookies


def test_login_sets_a_secure_httponly_samesite_cookie_and_logout_ends_it(
    sqlite_db: Database, web_client: TestClient
) -> None:
    account(sqlite_db, "olga")
    answer = log_in(web_client, "olga")
    cookie = answer.headers["set-cookie"]
    assert SESSION_COOKIE in cookie
    for flag in ("HttpOnly", "Secure", "SameSite=lax"):
        assert flag.lower() in cookie.lower()
    assert web_client.get("/console").status_code == 200
    token = web_client.cookies[SESSION_COOKIE]
    assert post(web_client, "/logout").status_code == 303
    web_client.cookies.set(SESSION_COOKIE, token)  # an old cookie is worth nothing now
    assert web_client.get("/console", follow_redirects=False).status_code == 303


def test_a_form_post_without_the_csrf_token_is_refused(
    sqlite_db: Database, web_client: TestClient
) -> None:
    account(sqlite_db, "olga")
    log_in(web_client, "olga")
    answer = web_client.post("/console/events", data={"name": "No token"})
    assert answer.status_code == 403
    forged = web_client.post("/console/events", data={"name": "Forged", "csrftoken": "x.y"})
    assert forged.status_code == 403
    assert "No token" not in web_client.get("/console").text
    ok = post(web_client, "/console/events", {"name": "With token"})
    assert ok.status_code == 303 and ok.headers["location"] == "/console/with-token"


def test_the_login_is_throttled(sqlite_db: Database, web_client: TestClient) -> None:
    account(sqlite_db, "olga")
    codes = [
        post(web_client, "/login", {"username": "olga", "password": "guess-" + str(i)}).status_code
        for i in range(7)
    ]
    assert (
        codes[:5] == [401] * 5
    )  # five free failures, then a wait (tests/web/test_login_throttle.py)
    assert 429 in codes[5:]
    # Even the right password waits now.
    waits = post(web_client, "/login", {"username": "olga", "password": PASSWORD})
    assert waits.status_code == 429 and int(waits.headers["retry-after"]) >= 1


def test_every_page_has_the_security_headers(web_client: TestClient) -> None:
    answer = web_client.get("/")
    csp = answer.headers["content-security-policy"]
    script = csp.split("script-src")[1].split(";")[0]
    assert "'self'" in script and "unsafe-inline" not in script
    assert "frame-ancestors 'none'" in csp
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    assert "<script>" not in answer.text  # no inline script at all


def test_an_unknown_address_is_the_404_page_and_json_under_the_api(web_client: TestClient) -> None:
    page = web_client.get("/no/such/page")
    assert page.status_code == 404 and "Page not found" in page.text
    api = web_client.get("/api/v1/no/such/thing")
    assert api.status_code == 404
    assert api.json()["error"]["code"] == "not_found"


def test_the_console_sends_the_public_to_the_login_and_back(web_client: TestClient) -> None:
    answer = web_client.get("/console", follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/login?next=/console"


def test_a_login_never_redirects_to_another_site(
    sqlite_db: Database, web_client: TestClient
) -> None:
    account(sqlite_db, "olga")
    for target in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)"):
        answer = post(
            web_client, "/login", {"username": "olga", "password": PASSWORD, "next": target}
        )
        assert answer.headers["location"] == "/console"
    assert csrf(web_client)
