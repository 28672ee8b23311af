"""The API refuses exactly as the command line does: the same stable code and the same
reason, for the same action on the same event (one service, one error table)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from cli_runner import CliRunner
from fairpair.cli.app import app as cli
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .api_helpers import bearer, call, error_of, event_of


def _cli_error(db: Database, *args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, [*args, "--db", db.url, "--json"])
    assert result.exit_code != 0, result.output
    error: dict[str, object] = json.loads(result.stderr)["error"]
    return error


@pytest.mark.parametrize(
    ("words", "method", "url", "body"),
    [
        (("round", "complete", "{slug}", "1"), "POST", "/events/{slug}/rounds/1/complete", None),
        (
            ("result", "report", "{slug}", "1", "1", "5-0"),
            "POST",
            "/events/{slug}/results",
            {"round": 1, "table": 1, "result": "5-0"},
        ),
        (("round", "open", "{slug}", "1"), "POST", "/events/{slug}/rounds/1/open", None),
        (("round", "show", "{slug}", "9"), "GET", "/events/{slug}/rounds/9", None),
        (
            ("round", "clock", "{slug}", "pause", "--round", "1"),
            "POST",
            "/events/{slug}/rounds/1/clock/pause",
            None,
        ),
    ],
    ids=[
        "complete with results missing",
        "impossible result",
        "open twice",
        "no such round",
        "pause a timer not started",
    ],
)
def test_the_same_refusal_as_the_cli(
    web_client: TestClient,
    sqlite_db: Database,
    words: tuple[str, ...],
    method: str,
    url: str,
    body: dict[str, object] | None,
) -> None:
    me = bearer(sqlite_db, "lotta")
    slug = event_of(sqlite_db, "lotta", f"API Same As CLI {words[1]} {words[-1]}")
    drafts.generate(sqlite_db, slug, actor="lotta")
    rounds.release(sqlite_db, slug, actor="lotta")
    rounds.open_round(sqlite_db, slug, 1, actor="lotta")
    by_cli = _cli_error(sqlite_db, *(w.format(slug=slug) for w in words))
    answer = call(web_client, method, url.format(slug=slug), me, body)
    by_api = error_of(answer)
    assert by_api["code"] == by_cli["code"]
    problems = by_cli["problems"]
    assert isinstance(problems, list)
    assert by_api["message"] == problems[0]["reason"]
    assert answer.status_code in (404, 409, 422)
