"""The header records of a TRF file (TRF-16 "Tournament Section", FIDE Handbook C.04 Annex 2;
kept in TRF-2026): what an event's details (``EventDetails``) become, and read back.

| record | what | written from |
|---|---|---|
| ``022`` | city | ``city`` |
| ``032`` | federation | ``federation`` |
| ``042`` / ``052`` | date of start / end (``YYYY/MM/DD``) | ``start_date`` / ``end_date`` |
| ``062`` | number of players | the stage's players |
| ``072`` | number of rated players | players with a rating |
| ``082`` | number of teams | ``0`` (fairpair's chess events are individual) |
| ``092`` | type of tournament | ``tournament_type`` |
| ``102`` | chief arbiter | ``chief_arbiter`` |
| ``112`` | deputy chief arbiter, one line each | ``deputy_arbiters`` |
| ``122`` | allotted times per moves/game | ``time_control`` |
| ``132`` | round dates, ``YY/MM/DD`` under each round's columns (from 92) | ``round_dates`` |
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from fairpair.engine.players import Player
from fairpair.interop.trf.columns import STATIC_WIDTH
from fairpair.responses.event_details import EventDetails

CITY, FEDERATION, START, END = "022", "032", "042", "052"
PLAYERS, RATED, TEAMS, TYPE = "062", "072", "082", "092"
CHIEF, DEPUTY, TIME_CONTROL, ROUND_DATES = "102", "112", "122", "132"
#: Every record this module writes, in the order TRF lists them.
TAGS: tuple[str, ...] = (CITY, FEDERATION, START, END, PLAYERS, RATED, TEAMS, TYPE)
TAGS += (CHIEF, DEPUTY, TIME_CONTROL, ROUND_DATES)
#: The records counted from the facts (not typed by the organizer).
COUNTED = (PLAYERS, RATED, TEAMS, ROUND_DATES)

_DATE = re.compile(r"^(\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})$")
_SHORT_DATE = re.compile(r"^(\d{2})[/.\-](\d{1,2})[/.\-](\d{1,2})$")
#: A round's columns in ``132`` as in a player line: the first from column 92, ten each.
FIRST_ROUND = STATIC_WIDTH + 2
ROUND_WIDTH = 10


def _date(text: str) -> date | None:
    text = text.strip()
    found = _DATE.match(text)
    year = int(found.group(1)) if found else 0
    if found is None:
        found = _SHORT_DATE.match(text)
        year = 2000 + int(found.group(1)) if found else 0
    if found is None:
        return None
    try:
        return date(year, int(found.group(2)), int(found.group(3)))
    except ValueError:
        return None


def _value(line: str) -> str:
    return line[4:].strip()


def round_dates_line(dates: Sequence[date | None]) -> str:
    """``132`` with each round's date (``YY/MM/DD``) under that round's columns."""
    cells = [d.strftime("%y/%m/%d") if d is not None else " " * 8 for d in dates]
    return (ROUND_DATES.ljust(FIRST_ROUND) + "  ".join(cells)).rstrip()


def _round_dates(line: str) -> tuple[date | None, ...]:
    out: list[date | None] = []
    start = FIRST_ROUND
    while start < len(line):
        out.append(_date(line[start : start + 8]))
        start += ROUND_WIDTH
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


def header_lines(details: EventDetails, players: Sequence[Player]) -> dict[str, list[str]]:
    """Each record's lines for ``details`` and the stage's ``players`` (a record without a
    value has none)."""

    def one(tag: str, value: str | None) -> list[str]:
        return [f"{tag} {value}"] if value else []

    def day(value: date | None) -> str | None:
        return value.strftime("%Y/%m/%d") if value is not None else None

    rated = sum(1 for p in players if p.rating)
    dates = details.round_dates
    return {
        CITY: one(CITY, details.city),
        FEDERATION: one(FEDERATION, details.federation),
        START: one(START, day(details.start_date)),
        END: one(END, day(details.end_date)),
        PLAYERS: [f"{PLAYERS} {len(players)}"],
        RATED: [f"{RATED} {rated}"],
        TEAMS: [f"{TEAMS} 0"],
        TYPE: one(TYPE, details.tournament_type),
        CHIEF: one(CHIEF, details.chief_arbiter),
        DEPUTY: [f"{DEPUTY} {name}" for name in details.deputy_arbiters],
        TIME_CONTROL: one(TIME_CONTROL, details.time_control),
        ROUND_DATES: [round_dates_line(dates)] if any(d is not None for d in dates) else [],
    }


def same_value(tag: str, written: Sequence[str], wanted: Sequence[str]) -> bool:
    """Whether the file's lines of record ``tag`` say what fairpair's lines say (so that the
    file's spelling is kept)."""
    if tag == ROUND_DATES:
        return [_round_dates(x) for x in written] == [_round_dates(x) for x in wanted]
    if tag in (START, END):
        return [_date(_value(x)) or _value(x) for x in written] == [
            _date(_value(x)) or _value(x) for x in wanted
        ]
    if tag == FEDERATION:
        return [_value(x).upper() for x in written] == [_value(x) for x in wanted]
    return [_value(x) for x in written] == [_value(x) for x in wanted]


def read_header(lines: Sequence[str]) -> EventDetails:
    """The details the header records of a file say (a date that cannot be read is none)."""
    values: dict[str, str] = {}
    deputies: list[str] = []
    dates: tuple[date | None, ...] = ()
    for line in lines:
        tag = line[:3]
        if tag == DEPUTY:
            if _value(line):
                deputies.append(_value(line))
        elif tag == ROUND_DATES:
            dates = _round_dates(line)
        elif tag in TAGS:
            values.setdefault(tag, _value(line))
    federation = values.get(FEDERATION, "").upper()
    return EventDetails(
        city=values.get(CITY) or None,
        federation=federation if re.fullmatch(r"[A-Z]{3}", federation) else None,
        start_date=_date(values.get(START, "")),
        end_date=_date(values.get(END, "")),
        chief_arbiter=values.get(CHIEF) or None,
        deputy_arbiters=tuple(deputies),
        time_control=values.get(TIME_CONTROL) or None,
        tournament_type=values.get(TYPE) or None,
        round_dates=dates,
    )
