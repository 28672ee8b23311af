"""API fuzzing: schemathesis generates requests from the OpenAPI document — valid ones and
ones that break it — for every operation, over the ASGI app, as the owner of a demo event
(a bearer token; the event's slug in the path, everything else generated). No answer may
be a server error, and every answer must match its declared schema (the success models and
the ``ErrorBody`` of every error).

Bounded for CI: a few examples per operation and generation mode; hypothesis's ``ci``
profile (tests/conftest.py) makes it derandomized there."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import response_schema_conformance

from databases import BACKENDS
from fairpair.service.accounts.api_tokens import create_token
from fairpair.service.event.demo import create_demo
from fairpair.service.kernel.connection import Database
from fairpair.web.app import create_app

from .conftest import settings_for
from .helpers import account

EXAMPLES = int(os.environ.get("FAIRPAIR_FUZZ_EXAMPLES", "10"))
CHECKS = [not_a_server_error, response_schema_conformance]
METHODS = ("get", "put", "post", "delete", "patch")


def _operations() -> list[tuple[str, str]]:
    """The API's operations, from the route table (cheaper than the OpenAPI document)."""
    from fastapi.routing import APIRoute, iter_route_contexts

    app = create_app(settings_for("sqlite://"))
    return sorted(
        (method, str(c.path))
        for c in iter_route_contexts(app.routes)
        if isinstance(c.original_route, APIRoute) and c.include_in_schema
        for method in c.methods or ()
        if method.lower() in METHODS
    )


@dataclass
class Fuzzed:
    schema: Any
    slug: str
    auth: dict[str, str]
    spare_token: int


@pytest.fixture(scope="module", params=BACKENDS)
def fuzzed(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Fuzzed]:
    # PostgreSQL too: it refuses what SQLite takes (a NUL in text, integers past 32 bits).
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
        name, url = server.create("apifuzz")
        request.addfinalizer(lambda: server.drop(name))
    else:
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('fuzz')) / 'fuzz.db'}"
    db = Database.open(url)
    owner = account(db, "fuzzer")
    slug = create_demo(db, slug="fuzz-demo", owner=owner.id)
    _, secret = create_token(db, owner, "schemathesis")
    spare, _ = create_token(db, owner, "the one DELETE /tokens/{token_id} may revoke")
    db.close()
    app = create_app(settings_for(url))
    schema = schemathesis.openapi.from_dict(app.openapi())
    schema.app = app
    yield Fuzzed(schema, slug, {"authorization": f"Bearer {secret}"}, spare.id)


@pytest.mark.parametrize(("method", "path"), _operations(), ids=lambda v: str(v))
def test_no_server_error_and_every_answer_matches_its_schema(
    fuzzed: Fuzzed, method: str, path: str
) -> None:
    operation = fuzzed.schema[path][method]
    pinned: dict[str, Any] | None = None
    if "{slug}" in path:
        pinned = {"slug": fuzzed.slug}
    elif "{token_id}" in path:  # never the token the fuzzer calls with
        pinned = {"token_id": fuzzed.spare_token}
    examples = fuzzed.schema.get_strategies_from_examples(operation, path_parameters=pinned)
    cases = st.one_of(
        *examples,
        operation.as_strategy(GenerationMode.POSITIVE, path_parameters=pinned),
        operation.as_strategy(GenerationMode.NEGATIVE, path_parameters=pinned),
    )

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases)
    def fuzz(case: Any) -> None:
        answer = case.call(headers=fuzzed.auth)
        case.validate_response(answer, checks=CHECKS, headers=fuzzed.auth)

    fuzz()
