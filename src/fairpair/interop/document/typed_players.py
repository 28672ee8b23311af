"""A document's players read by msgspec into typed records, then into the engine's players.

The players of a big event are most of what the document has besides its rounds (10,000 ids
and names at 10,000 players); pydantic-core reads them, calling Python twice per player to
check the id's and the name's text. ``typed_players`` reads players written with ``id``,
``name`` and any of ``seed``, ``rating`` and ``team`` under the schema's own bounds and strict
types (``schema.PlayerDoc``: ``values.Id``, ``Name``, ``SeedNumber``, ``RatingNumber``), checks
every id's and name's text at once (what ``checks.TextCheck`` accepts first: printable ASCII,
not blank, within the limit) and each one that is not by ``TextCheck`` itself. Players with
any other key (the chess registration facts a TRF file carries: their patterns stay with the
schema), or anything the schema refuses, are ``None``: the caller then reads them with the
schema's validator, which reads them or refuses them with its message and place.

What it takes is a part of what the schema takes, and it makes the same players (a test reads
generated players both ways, each single change to valid ones among them:
tests/interop/test_typed_players.py).
"""

from __future__ import annotations

from collections import deque
from functools import cache
from itertools import repeat
from operator import attrgetter
from typing import Annotated

import msgspec

from fairpair.engine.players import Player
from fairpair.interop.document.checks import TextCheck
from fairpair.interop.document.limits import (
    MAX_ID_LENGTH,
    MAX_NAME_LENGTH,
    MAX_RATING,
    MAX_SEED,
)

_Id = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID_LENGTH)]
_Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_LENGTH)]
_Seed = Annotated[int, msgspec.Meta(ge=1, le=MAX_SEED)]
_Rating = Annotated[int, msgspec.Meta(ge=0, le=MAX_RATING)]

_ID_CHECK = TextCheck("an id", MAX_ID_LENGTH)
_NAME_CHECK = TextCheck("a name", MAX_NAME_LENGTH)


class _Player(msgspec.Struct, forbid_unknown_fields=True):
    id: _Id
    name: _Name
    seed: _Seed | None = None
    rating: _Rating | None = None
    team: _Name | None = None


@cache
def _decoder() -> msgspec.json.Decoder[list[_Player]]:
    return msgspec.json.Decoder(list[_Player])


#: The fields read, then the rest of ``Player``'s (``None`` here), by their slots' setters:
#: the players are made as ``Player(...)`` makes them, without a Python call each.
_READ = ("id", "name", "seed", "rating", "team")
_REST = tuple(name for name in Player.__slots__ if name not in _READ)
_GETTERS = tuple(map(attrgetter, _READ))
_SETTERS = tuple(Player.__dict__[name].__set__ for name in _READ)
_REST_SETTERS = tuple(Player.__dict__[name].__set__ for name in _REST)


def typed_players(data: bytes | msgspec.Raw) -> tuple[Player, ...] | None:
    """The players in ``data`` (a JSON list) when they are read here, otherwise ``None``."""
    try:
        read = _decoder().decode(data)
        columns = [list(map(get, read)) for get in _GETTERS]
        _ID_CHECK.check_all(columns[0])
        _NAME_CHECK.check_all(columns[1])
        teams = [team for team in columns[4] if team is not None]
        if teams:
            _NAME_CHECK.check_all(teams)
    except (msgspec.MsgspecError, ValueError):
        # (pydantic-core's PydanticCustomError, which ``TextCheck`` raises, is a ValueError.)
        return None
    made = list(map(object.__new__, repeat(Player, len(read))))
    for setter, column in zip(_SETTERS, columns, strict=True):
        deque(map(setter, made, column), maxlen=0)
    for setter in _REST_SETTERS:
        deque(map(setter, made, repeat(None)), maxlen=0)
    return tuple(made)
