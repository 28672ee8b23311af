"""Forms: a refusal re-renders the form with the message next to the field that caused it
and everything the user typed still in place.

``refusal(error)`` maps a service error to ``{field: message}``: the error's location names
the field when it is a form field the page shows (``fields``), else the message goes to
the top of the form (``"_form"``).
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapi import Request

from fairpair import i18n
from fairpair.engine.errors import FairpairError


def where_said(error: FairpairError) -> str:
    """The organizer's coordinates of a refusal (stage, round, table, player) in the
    reader's language, as its reason is (empty when it has none)."""
    at = error.location
    return i18n.place(at.stage, at.round, at.table, at.player)


def refusal(error: FairpairError, fields: Iterable[str] = ()) -> dict[str, str]:
    known = set(fields)
    where = str(error.location)
    head = where.split(".", 1)[0].split("[", 1)[0]
    said = i18n.reason(error)
    if head in known:
        return {head: said}
    place = where_said(error)
    return {"_form": f"{place}: {said}" if place else said}


async def form_values(request: Request) -> dict[str, str]:
    """The posted form as text (the last value of a repeated field; files left out)."""
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str) and k != "csrftoken"}
