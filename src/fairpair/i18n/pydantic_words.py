"""pydantic's validation messages in the reader's language.

A form or a JSON body that does not fit its model (a number below its least, a word where a
number goes, a field missing) is refused with pydantic's own English message ("Input should
be greater than or equal to 2"). pydantic has no catalogues; each error carries its ``type``
and the values of its message (``ctx``), so the common ones are said here from the
catalogue, filled with the same values. English stays pydantic's message exactly; a type
not listed here (rare: dates, URLs, our own checks, which say themselves) keeps pydantic's
English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fairpair.i18n import N_, SOURCE, gettext, language, ngettext

#: The message of each common error type, with pydantic's own named values (its ``ctx``).
MESSAGES = {
    "greater_than_equal": N_("Input should be greater than or equal to %(ge)s"),
    "greater_than": N_("Input should be greater than %(gt)s"),
    "less_than_equal": N_("Input should be less than or equal to %(le)s"),
    "less_than": N_("Input should be less than %(lt)s"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_type": N_("Input should be a valid integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "float_type": N_("Input should be a valid number"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "bool_type": N_("Input should be a valid boolean"),
    "string_type": N_("Input should be a valid string"),
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "literal_error": N_("Input should be %(expected)s"),
    "enum": N_("Input should be %(expected)s"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "json_invalid": N_("Invalid JSON: %(error)s"),
}


def pydantic_message(error: Mapping[str, Any]) -> str:
    """The message of one pydantic error (an item of ``ValidationError.errors()``) in the
    current language."""
    english = str(error.get("msg", ""))
    if language() == SOURCE:
        return english
    kind = str(error.get("type", ""))
    ctx = {str(k): str(v) for k, v in (error.get("ctx") or {}).items()}
    if kind in ("string_too_short", "string_too_long", "too_short", "too_long"):
        return _counted(kind, ctx) or english
    template = MESSAGES.get(kind)
    if template is None:
        return english
    try:
        return gettext(template) % ctx
    except (KeyError, ValueError, TypeError):
        return english


def _counted(kind: str, ctx: Mapping[str, str]) -> str | None:
    """The messages that count characters or items (pydantic writes "1 character")."""
    try:
        if kind == "string_too_short":
            n = int(ctx["min_length"])
            text = ngettext(
                "String should have at least %(num)d character",
                "String should have at least %(num)d characters",
                n,
            )
        elif kind == "string_too_long":
            n = int(ctx["max_length"])
            text = ngettext(
                "String should have at most %(num)d character",
                "String should have at most %(num)d characters",
                n,
            )
        elif kind == "too_short":
            n = int(ctx["min_length"])
            text = ngettext(
                "List should have at least %(num)d item",
                "List should have at least %(num)d items",
                n,
            )
        else:
            n = int(ctx["max_length"])
            text = ngettext(
                "List should have at most %(num)d item", "List should have at most %(num)d items", n
            )
    except (KeyError, ValueError):
        return None
    return text % {"num": n}
