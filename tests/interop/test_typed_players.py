"""A document's players read by msgspec into typed records
(``interop.document.typed_players``): it takes only players the schema takes, makes the same
players from them, and takes every valid list of players written with id, name, seed, rating
and team (a big event's)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.players import Player
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.document.limits import MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_RATING, MAX_SEED
from fairpair.interop.document.typed_players import typed_players
from fairpair.interop.document.validator_core import ValidationError

#: Texts an id, a name or a team may be: printable ASCII at and past the limits, other
#: letters, control characters (refused in an id, kept in a name), blanks, NUL, other types.
TEXTS = [
    "a",
    "Zoë Ünal",
    "李",
    "😀",
    " padded ",
    "",
    " ",
    "\t",
    "a\x00",
    "a\x1b[31m",
    "a\nb",
    "\u200b",
    "\ud800",
    7,
    None,
    True,
]
LONG = {
    "id": ["x" * MAX_ID_LENGTH, "x" * (MAX_ID_LENGTH + 1), "é" * MAX_ID_LENGTH],
    "name": ["x" * MAX_NAME_LENGTH, "x" * (MAX_NAME_LENGTH + 1), "é" * (MAX_NAME_LENGTH + 1)],
}
NUMBERS = [0, -1, 1, 1.0, "1", True, None, 2**70]
ODD_VALUES: dict[str, list[Any]] = {
    "id": TEXTS + LONG["id"],
    "name": TEXTS + LONG["name"],
    "team": TEXTS + LONG["name"],
    "seed": [*NUMBERS, MAX_SEED, MAX_SEED + 1],
    "rating": [*NUMBERS, MAX_RATING, MAX_RATING + 1],
}
#: Keys a player may have that ``typed_players`` leaves to the schema, and one none has.
OTHER_KEYS = [
    ("sex", "w"),
    ("title", "GM"),
    ("federation", "GER"),
    ("fide_id", "12345"),
    ("birth_date", "1975/03/18"),
    ("colour", "white"),
]


@st.composite
def valid_players(draw: st.DrawFn) -> list[dict[str, Any]]:
    out = []
    for number in range(draw(st.integers(0, 5))):
        player: dict[str, Any] = {"id": f"p{number}", "name": draw(st.sampled_from(["Ann", "Zoë"]))}
        for key, values in (
            ("seed", [1, 2, MAX_SEED, None]),
            ("rating", [0, 1500, MAX_RATING, None]),
            ("team", ["Blue", "Équipe", None]),
        ):
            if draw(st.booleans()):
                player[key] = draw(st.sampled_from(values))
        out.append(player)
    return out


def schema_players(data: bytes) -> Any:
    """The players as the document's validator reads them, or ``None`` when it refuses them."""
    document = b'{"name": "event", "players": ' + data + b"}"
    try:
        return document_validator().validate_json(document).players
    except ValidationError:
        return None


def written(players: Any) -> bytes:
    return json.dumps(players).encode()


@settings(max_examples=200, deadline=None)
@given(valid_players())
def test_every_valid_list_of_players_is_read_the_fast_way(players: list[dict[str, Any]]) -> None:
    data = written(players)
    got = typed_players(data)
    assert got is not None
    assert (got, repr(got)) == (schema_players(data), repr(schema_players(data)))


BASE = [
    {"id": "p0", "name": "Ann", "seed": 1, "rating": 1500, "team": "Blue"},
    {"id": "p1", "name": "Bo"},
]
CHANGES = [(key, value) for key, values in ODD_VALUES.items() for value in values]
CHANGES += [(key, value) for key, value in OTHER_KEYS]
CHANGES += [(key, "(left out)") for key in ("id", "name", "seed", "rating", "team")]


@pytest.mark.parametrize(("key", "value"), CHANGES, ids=repr)
def test_each_single_change_is_read_as_the_schema_reads_it(key: str, value: Any) -> None:
    players = json.loads(json.dumps(BASE))
    if value == "(left out)":
        del players[0][key]
    else:
        players[0][key] = value
    data = written(players)
    got = typed_players(data)
    expected = schema_players(data)
    if got is not None:
        assert (got, repr(got)) == (expected, repr(expected))
    if expected is not None and key in ODD_VALUES:
        assert got is not None  # a valid value of a key it reads: read the fast way


@pytest.mark.parametrize("data", [b"[]", b"{}", b"null", b"[1]", b'[{"id": "a"}]', b"[", b"x"])
def test_what_is_no_list_of_players_is_left_to_the_schema(data: bytes) -> None:
    got = typed_players(data)
    if got is not None:
        assert got == schema_players(data)


def test_the_players_made_by_their_setters_have_no_check_to_skip() -> None:
    """``typed_players`` makes players with ``object.__new__`` and their slots' setters: right
    only while ``Player`` has no check of its own at construction (its fields are checked by
    the schema's types); one added to ``Player`` must be run there too."""
    assert not hasattr(Player, "__post_init__")
