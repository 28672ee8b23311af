"""The caller's own API tokens through the API; a bad or revoked token is a 401 JSON."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.kernel.connection import Database

from .api_helpers import bearer, call, error_of


def test_list_create_revoke_own_tokens(web_client: TestClient, sqlite_db: Database) -> None:
    me = bearer(sqlite_db, "jonna")
    other = bearer(sqlite_db, "kalle")
    made = call(web_client, "POST", "/tokens", me, {"name": "scoreboard"})
    assert made.status_code == 201, made.text
    secret, token = made.json()["secret"], made.json()["token"]
    assert secret.startswith("fp_") and token["prefix"] == secret[:10]
    listed = call(web_client, "GET", "/tokens", me).json()
    assert [t["name"] for t in listed] == ["tests", "scoreboard"]
    assert "secret" not in listed[1]
    theirs = call(web_client, "DELETE", f"/tokens/{token['id']}", other)
    assert theirs.status_code == 409 and error_of(theirs)["field"] == "token"
    fresh = {"authorization": f"Bearer {secret}"}
    assert call(web_client, "GET", "/tokens", fresh).status_code == 200
    assert call(web_client, "DELETE", f"/tokens/{token['id']}", me).status_code == 204
    revoked = call(web_client, "GET", "/tokens", fresh)
    assert revoked.status_code == 401 and error_of(revoked)["field"] == "authorization"
    assert revoked.headers["www-authenticate"] == "Bearer"


def test_a_bad_token_is_401_json(web_client: TestClient, sqlite_db: Database) -> None:
    for header in ("Bearer fp_nope", "Bearer ", "Basic dXNlcjpwdw==", "Bearer " + "x" * 5000):
        answer = call(web_client, "GET", "/events", {"authorization": header})
        assert answer.status_code == 401, header
        assert error_of(answer)["code"] == "not_logged_in"
    public = call(web_client, "GET", "/events/none/standings", {"authorization": "Bearer fp_x"})
    assert public.status_code == 401  # a bad token is refused even where none is needed


def test_a_browser_session_needs_the_csrf_header(
    web_client: TestClient, sqlite_db: Database
) -> None:
    from .helpers import account, csrf, log_in

    account(sqlite_db, "mira")
    log_in(web_client, "mira")
    assert web_client.get("/api/v1/tokens").status_code == 200  # reading needs no token
    forged = web_client.post("/api/v1/tokens", json={"name": "forged"})
    assert forged.status_code == 403
    made = web_client.post(
        "/api/v1/tokens", json={"name": "mine"}, headers={"x-csrftoken": csrf(web_client)}
    )
    assert made.status_code == 201, made.text
    assert [t["name"] for t in web_client.get("/api/v1/tokens").json()] == ["mine"]
