"""``fairpair log EVENT``: the audit log — every change, who made it, when, before and after."""

from __future__ import annotations

from typing import Annotated, Any

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)


@handles_errors
def log(
    event: options.Event,
    limit: Annotated[
        int | None,
        Option("--limit", metavar="N", min=1, help="Only the last N entries."),
    ] = None,
    *,
    run: options.Read,
) -> None:
    """Print the audit log of a saved event, oldest first: who changed what, when."""
    from fairpair.service.kernel.audit import audit_log

    with run.database() as base:
        found = audit_log(base, event, limit=limit)
    if run.as_json:
        from fairpair.cli.output import print_json

        print_json(found)
        return
    from fairpair.cli.saved import utc_text
    from fairpair.cli.screen import screen, write

    out = screen()
    lines = []
    for e in found.entries:
        when = utc_text(e.at, seconds=True)
        lines.append(f"#{e.id}  {when} UTC  {e.actor}  {e.action}  {e.subject}")
        if e.before is not None:
            lines.append(f"    before: {_compact(e.before)}")
        if e.after is not None:
            lines.append(f"    after:  {_compact(e.after)}")
    if not lines:
        lines.append(f"{event}: the log is empty")
    write("".join(out.clean(line) + "\n" for line in lines))
