"""``fairpair schema``: print the tournament document's JSON Schema."""

from __future__ import annotations

from fairpair.cli.errors import handles_errors


@handles_errors
def schema() -> None:
    """Print the JSON Schema of the tournament document (docs/tournament.schema.json)."""
    from fairpair.cli.output import print_json
    from fairpair.interop.document.json_schema import json_schema

    print_json(json_schema())
