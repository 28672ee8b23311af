"""The published JSON Schemas of the responses (docs/schemas/). Regenerate them with
``uv run python -m fairpair.responses.schemas``; a test keeps them current."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from fairpair.responses.audit import AuditLog
from fairpair.responses.drafts import SavedDraft
from fairpair.responses.events import EventDetail, EventList, RoundView
from fairpair.responses.pairing_check import PairingCheckResponse
from fairpair.responses.round_robin import RoundRobinSchedule
from fairpair.responses.standings import StandingsResponse
from fairpair.responses.topcut import TopCutResponse
from fairpair.responses.toss import TossTableResponse
from fairpair.responses.validation import ValidationResponse

#: File name in docs/schemas/ → response model.
SCHEMAS: dict[str, type[BaseModel]] = {
    "standings.schema.json": StandingsResponse,
    "toss-table.schema.json": TossTableResponse,
    "validation.schema.json": ValidationResponse,
    "event-list.schema.json": EventList,
    "event.schema.json": EventDetail,
    "round.schema.json": RoundView,
    "saved-draft.schema.json": SavedDraft,
    "audit-log.schema.json": AuditLog,
    "top-cut.schema.json": TopCutResponse,
    "round-robin-schedule.schema.json": RoundRobinSchedule,
    "pairing-check.schema.json": PairingCheckResponse,
}


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def schema_text(model: type[BaseModel]) -> str:
    return json.dumps(schema_of(model), indent=2, ensure_ascii=False) + "\n"


def write(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, model in SCHEMAS.items():
        (folder / name).write_text(schema_text(model), encoding="utf-8")


if __name__ == "__main__":
    write(Path(__file__).resolve().parents[3] / "docs" / "schemas")
