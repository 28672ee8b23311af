"""The columns of a players CSV file: which header names which field.

A header is read in any case, with ``_``, ``-``, ``#`` and ``.`` taken as spaces, so that
``Player``, ``Seed #``, ``DCI`` and ``earned_byes`` all find their field. The caller may pass
an explicit mapping (header → field, or ``ignore`` to skip a column); it wins over the
spellings below. A column nobody knows is refused, naming it and the accepted fields: a
column silently left out could be data the organizer meant to import.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fairpair.i18n import gettext

#: The fields a row can fill.
FIELDS: tuple[str, ...] = ("name", "id", "seed", "rating", "team", "contact", "earned_byes")
FIELDS += ("title", "federation", "fide_id", "sex", "birth_date")
#: An explicit mapping's word for "skip this column".
IGNORE = "ignore"

#: Common spellings of each field, already normalized (``_spelling``).
SPELLINGS: dict[str, str] = {
    **dict.fromkeys(
        ("name", "player", "player name", "players", "full name", "participant", "nom"), "name"
    ),
    **dict.fromkeys(
        (
            "id",
            "player id",
            "key",
            "dci",
            "dci number",
            "dci no",
            "member id",
            "membership",
            "pop id",
            "konami id",
            "bandai id",
        ),
        "id",
    ),
    **dict.fromkeys(("seed", "seeding", "seed number", "seed no", "initial seed"), "seed"),
    **dict.fromkeys(("rating", "elo", "fide rating", "ranking points"), "rating"),
    **dict.fromkeys(("team", "club", "store", "team name"), "team"),
    **dict.fromkeys(("contact", "discord", "email", "e mail", "phone", "handle"), "contact"),
    **dict.fromkeys(("title", "fide title", "tit"), "title"),
    **dict.fromkeys(("federation", "fed", "fide federation", "nation"), "federation"),
    **dict.fromkeys(("fide id", "fide", "fideid", "fide number", "fide no", "id fide"), "fide_id"),
    **dict.fromkeys(("sex", "gender"), "sex"),
    **dict.fromkeys(
        ("birth date", "birthdate", "born", "date of birth", "dob", "birthday", "birth"),
        "birth_date",
    ),
    **dict.fromkeys(
        ("earned byes", "byes", "earned bye", "byes earned", "first round byes", "free byes"),
        "earned_byes",
    ),
}


def _spelling(header: str) -> str:
    """``"Seed #"`` → ``"seed"``; ``"Earned_Byes"`` → ``"earned byes"``."""
    return " ".join(re.sub(r"[_\-#.:]+", " ", header.strip().lower()).split())


@dataclass(frozen=True, slots=True)
class HeaderProblem:
    """A header cell that cannot be read: its column (1-based) and why."""

    column: int
    header: str
    reason: str


@dataclass(frozen=True, slots=True)
class Columns:
    """Each cell position's field (``None``: ignored), or the header's problems."""

    fields: tuple[str | None, ...]
    problems: tuple[HeaderProblem, ...]


def checked_mapping(mapping: Mapping[str, str]) -> dict[str, str]:
    """``mapping`` with its headers normalized; ``ValueError`` naming a field that is not one."""
    out: dict[str, str] = {}
    for header, field in mapping.items():
        wanted = field.strip().lower().replace(" ", "_").replace("-", "_")
        if wanted not in (*FIELDS, IGNORE):
            raise ValueError(
                gettext(
                    "%(field)r (for column %(header)r) is not a field: the fields are "
                    "%(fields)s, or %(ignore)s"
                )
                % {"field": field, "header": header, "fields": ", ".join(FIELDS), "ignore": IGNORE}
            )
        out[_spelling(header)] = wanted
    return out


def columns_of(header: Sequence[str], mapping: Mapping[str, str] | None = None) -> Columns:
    """Which field each cell of a row fills, read from the ``header`` row."""
    given = checked_mapping(mapping or {})
    fields: list[str | None] = []
    problems: list[HeaderProblem] = []
    seen: dict[str, int] = {}
    for number, cell in enumerate(header, start=1):
        spelled = _spelling(cell)
        if not spelled:
            if cell.strip() or number < len(header):
                problems.append(HeaderProblem(number, cell, gettext("a column without a name")))
            fields.append(None)
            continue
        field = given.get(spelled) or SPELLINGS.get(spelled)
        if field is None:
            problems.append(
                HeaderProblem(
                    number,
                    cell,
                    gettext(
                        "unknown column %(cell_strip)r: the columns are "
                        "%(join_fields)s (or pass a mapping, e.g. --column 'Nom=name' "
                        "or 'Notes=ignore')"
                    )
                    % {"cell_strip": cell.strip(), "join_fields": ", ".join(FIELDS)},
                )
            )
            fields.append(None)
            continue
        if field == IGNORE:
            fields.append(None)
            continue
        if field in seen:
            problems.append(
                HeaderProblem(
                    number,
                    cell,
                    gettext(
                        "column %(field)r appears twice (columns %(seen_field)s and %(number)s)"
                    )
                    % {"field": field, "seen_field": seen[field], "number": number},
                )
            )
        seen.setdefault(field, number)
        fields.append(field)
    if "name" not in seen:
        problems.append(
            HeaderProblem(
                1,
                header[0] if header else "",
                gettext("the header has no 'name' column (required)"),
            )
        )
    return Columns(tuple(fields), tuple(problems))
