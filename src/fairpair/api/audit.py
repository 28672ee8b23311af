"""``/api/v1/events/{slug}/log``: the event's audit log (who did what, when; staff only)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from fairpair.api.params import Slug
from fairpair.responses.audit import AuditLog
from fairpair.service.kernel.audit import audit_log
from fairpair.web.access import DbDep, Viewer

ROUTER = APIRouter(tags=["audit log"])


@ROUTER.get("/events/{slug}/log", response_model=AuditLog)
def show_audit_log(
    slug: Slug,
    access: Viewer,
    db: DbDep,
    limit: Annotated[int | None, Query(ge=1, le=10_000, description="The newest N.")] = None,
) -> AuditLog:
    return audit_log(db, slug, limit=limit)
