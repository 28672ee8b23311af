"""Whole numbers typed into a form or a query: ASCII digits only (``"²".isdigit()`` is true,
and ``int("²")`` fails), at most nine of them (``int`` refuses 4,300 digits and a database
column holds far fewer). Anything else is not a number, and the caller says so."""

from __future__ import annotations


def is_whole(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 9
