"""The error body every API answer other than a success has, declared in the OpenAPI
document so clients (and schemathesis) know it: ``{"error": {"code", "message", "field"}}``.
``fairpair.web.errors`` writes it; the codes are ``fairpair.error_table``'s."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Problem(BaseModel):
    """One problem of a request that does not match the route (a 422)."""

    field: str
    message: str


class ErrorDetail(BaseModel):
    code: str = Field(description="A stable code (fairpair.error_table), e.g. `refused`.")
    message: str = Field(description="What went wrong, for people.")
    field: str | None = Field(description="What caused it: a field, a player, a table.")
    problems: list[Problem] | None = Field(
        default=None, description="Every problem of a request that cannot be read (422 only)."
    )


class ErrorBody(BaseModel):
    error: ErrorDetail


def _answer(text: str) -> dict[str, Any]:
    return {"model": ErrorBody, "description": text}


#: The error answers every API route may give.
ERRORS: dict[int | str, dict[str, Any]] = {
    400: _answer("A value cannot be read (a result, a date)."),
    401: _answer("No account: log in, or send `Authorization: Bearer fp_...`."),
    403: _answer("The account has no role that allows this in the event."),
    404: _answer("No such event, stage, round, table or player."),
    409: _answer("The change breaks a rule of the event, or someone changed it first."),
    422: _answer("The request does not match the route, or a value breaks a rule."),
    500: _answer("A bug inside fairpair (nothing was changed)."),
}
