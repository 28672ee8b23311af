"""``fairpair schema``: print the tournament document's JSON Schema."""

from __future__ import annotations

import json

import typer

from fairpair.interop.document import json_schema


def schema() -> None:
    """Print the JSON Schema of the tournament document (docs/tournament.schema.json)."""
    typer.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))
