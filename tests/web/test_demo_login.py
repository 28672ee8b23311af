"""The demo's organizer login (``fairpair serve --demo``, the README's first command) reaches
every page an organizer can: its event's console and, as the installation's administrator
(the first account of a fresh installation is one), the Accounts page."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.event.demo import demo_login
from fairpair.service.kernel.connection import Database

from .helpers import log_in


def test_the_demo_organizer_sees_the_accounts_page(
    sqlite_db: Database, web_client: TestClient
) -> None:
    demo_login(sqlite_db, "demo", "printed at each start", slug="demo")
    log_in(web_client, "demo", "printed at each start")
    account = web_client.get("/account")
    assert 'id="accounts-link"' in account.text  # "you are the administrator"
    page = web_client.get("/accounts")
    assert page.status_code == 200 and "<h1>Accounts</h1>" in page.text
    assert web_client.get("/console/demo").status_code == 200
