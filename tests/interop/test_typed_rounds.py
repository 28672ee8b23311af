"""A round read by msgspec into typed records (``interop.document.typed_rounds``): it takes
only rounds the schema's round validator takes, makes the same objects from them, and takes
every valid round of two-player tables (the point of it: a big event's rounds are read the
fast way)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.players import Player
from fairpair.engine.results import MatchFormat
from fairpair.engine.rounds import Match, Round, TossReason
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import problems
from fairpair.interop.document.compiled import round_validator
from fairpair.interop.document.large import _shared
from fairpair.interop.document.limits import MAX_GAMES, MAX_ID_LENGTH, MAX_ROUND, MAX_TABLE
from fairpair.interop.document.typed_rounds import read_round
from fairpair.interop.document.validator_core import ValidationError

PLAYERS = [f"p{i}" for i in range(6)]

#: Values a number of the round may be written as: in bounds, at them, past them, and of
#: other JSON types (a float, a text, a boolean, null, too big for 64 bits).
ODD_NUMBERS = [0, -1, 1.0, 2.5, "1", True, False, None, 2**70, [], {}]
ODD_IDS = [
    "",
    "x" * MAX_ID_LENGTH,
    "x" * (MAX_ID_LENGTH + 1),
    "é" * MAX_ID_LENGTH,
    "a\x00",
    "\t",
    7,
]
#: A match's own id: checked as every id is (no control character, not blank).
ODD_MATCH_IDS = ["", " ", "a\x00", "\t", "x" * (MAX_ID_LENGTH + 1), 5, None]
player = st.sampled_from(PLAYERS)

RESULTS: list[Any] = [
    {"winner": "a"},
    {"winner": "b"},
    {"winner": "draw"},
    None,
    {"winner": "a", "games": [2, 0]},
    {"winner": "b", "games": None},
    {"games": [2, 1]},
    {"games": [1, 1, 1]},
    {"winner": "draw", "games": [1, 1, 1]},
    {"kind": "played", "winner": "a"},
    {"kind": "forfeit", "winner": "b"},
    {"kind": "forfeit", "winner": "a", "games": [2, 0]},
    {"kind": "double_forfeit"},
    {"kind": "intentional_draw"},
    {"kind": "intentional_draw", "winner": "draw"},
    {"kind": "skipped"},
]
ODD_RESULTS: list[Any] = [
    {},
    {"winner": None},
    {"winner": "A"},
    {"winner": "c"},
    {"winner": "b", "games": [2, 0]},
    {"kind": "forfeit"},
    {"kind": "double_forfeit", "games": [0, 2]},
    {"kind": "skipped", "winner": "a"},
    {"kind": "intentional_draw", "winner": "a"},
    {"kind": "bogus"},
    {"games": [2]},
    {"games": [1, 2, 3, 4]},
    {"games": [-1, 2]},
    {"games": [MAX_GAMES + 1, 0]},
    {"games": [MAX_GAMES, 0]},
    {"games": [True, 0]},
    {"games": [1.0, 0]},
    {"winner": "a", "note": "x"},
    "a",
    1,
    [],
]
REASONS = [reason.value for reason in TossReason]
ODD_TOSSES: list[Any] = [
    {"first": ""},
    {"reason": "neutral"},
    {"first": "p0", "reason": "bogus"},
    {"first": "p0", "manual": 1},
    {"first": "p0", "manual": None},
    {"first": "p0", "side": "a"},
    "p0",
    [],
]
BYE_KINDS = ["pairing", "full", "half", "zero"]
STATES = ["draft", "scheduled", "open", "completed", None]


@st.composite
def tosses(draw: st.DrawFn) -> dict[str, Any]:
    toss: dict[str, Any] = {"first": draw(player)}
    if draw(st.booleans()):
        toss["reason"] = draw(st.sampled_from(REASONS))
    if draw(st.booleans()):
        toss["manual"] = draw(st.booleans())
    return toss


@st.composite
def valid_rounds(draw: st.DrawFn) -> dict[str, Any]:
    """A round of two-player tables within every bound, each key present or not."""
    rnd: dict[str, Any] = {"number": draw(st.integers(1, 20))}
    matches = []
    for table in draw(st.lists(st.integers(1, 9), max_size=4)):
        match: dict[str, Any] = {"table": table, "a": draw(player), "b": draw(player)}
        result = draw(st.sampled_from(RESULTS))
        if result is not None or draw(st.booleans()):
            match["result"] = result
        if draw(st.booleans()):
            match["toss"] = draw(st.one_of(st.none(), tosses()))
        if draw(st.booleans()):
            match["id"] = draw(st.sampled_from(["t1", "3.1", "é", f"{rnd['number']}.{table}"]))
        matches.append(match)
    written_empty = draw(st.booleans())
    if matches or written_empty:
        rnd["matches"] = matches
    if draw(st.booleans()):
        rnd["byes"] = [
            {"player": who, **({"kind": kind} if kind else {})}
            for who, kind in draw(
                st.lists(st.tuples(player, st.sampled_from([None, *BYE_KINDS])), max_size=2)
            )
        ]
    if draw(st.booleans()):
        rnd["state"] = draw(st.sampled_from(STATES))
    return rnd


#: One change to a valid round: a value out of bounds or of another type (or valid but
#: rarely drawn) in the round, a match or a bye.
ODD_VALUES: dict[str, list[Any]] = {
    "number": [MAX_ROUND, MAX_ROUND + 1, *ODD_NUMBERS],
    "table": [MAX_TABLE, MAX_TABLE + 1, *ODD_NUMBERS],
    "a": ODD_IDS,
    "b": ODD_IDS,
    "player": ODD_IDS,
    "result": ODD_RESULTS,
    "toss": ODD_TOSSES,
    "id": ODD_MATCH_IDS,
    "kind": ["Full", "bye", 1, None],
    "matches": ["x", {}, None, [1]],
    "byes": ["x", {}, None, [1]],
    "state": ["finished", "Open", 1],
}
#: A key added: one the schema has but ``typed_round`` leaves to it (pods), or none has.
EXTRA_KEYS: dict[str, list[tuple[str, Any]]] = {
    "round": [("pods", []), ("pods", [{"table": 9, "seats": ["p0", "p1", "p2"]}]), ("notes", "x")],
    "match": [("colour", "white"), ("seats", ["p0"]), ("id", "t1"), ("toss", "toss")],
    "bye": [("result", {"winner": "a"}), ("table", 1)],
}


@st.composite
def odd_rounds(draw: st.DrawFn) -> dict[str, Any]:
    """A valid round with one thing changed: a value out of bounds or of another type, a key
    ``typed_round`` does not read (which the schema may take or refuse), a key left out."""
    rnd = draw(valid_rounds())
    places: list[tuple[str, dict[str, Any]]] = [("round", rnd)]
    places += [("match", m) for m in rnd.get("matches", ())]
    places += [("bye", b) for b in rnd.get("byes", ())]
    where, part = draw(st.sampled_from(places))
    how = draw(st.sampled_from(["value", "extra key", "key left out"]))
    keys = sorted(k for k in part if k in ODD_VALUES)
    if how == "value" and keys:
        key = draw(st.sampled_from(keys))
        part[key] = draw(st.sampled_from(ODD_VALUES[key]))
    elif how == "key left out" and part:
        del part[draw(st.sampled_from(sorted(part)))]
    else:
        key, value = draw(st.sampled_from(EXTRA_KEYS[where]))
        part[key] = {"first": part["a"], "reason": "neutral"} if value == "toss" else value
    return rnd


def typed_round(data: bytes, ids: dict[str, str], tables: dict[int, int]) -> Round | None:
    """The round ``read_round`` reads (in a best-of-three stage), or ``None``."""
    read = read_round(data, ids, tables, MatchFormat.BO3)
    return read.round if read is not None else None


def schema_round(data: bytes, ids: dict[str, str]) -> Any:
    """The round as the schema's validator reads it (``large.py``'s other way), or ``None``."""
    try:
        return _shared(round_validator().validate_json(data), ids, {})
    except ValidationError:
        return None


def written(value: Any, spaced: bool) -> bytes:
    return json.dumps(value, indent=2 if spaced else None).encode()


def both_ways(rnd: dict[str, Any], spaced: bool) -> tuple[Any, Any, dict[str, str]]:
    """The round read by ``typed_round`` and by the schema, and the players' ids."""
    data = written(rnd, spaced)
    ids = {p: p for p in PLAYERS}
    return typed_round(data, ids, {}), schema_round(data, ids), ids


@settings(max_examples=600, deadline=None)
@given(st.one_of(odd_rounds(), valid_rounds()), st.booleans())
def test_a_round_taken_is_taken_by_the_schema_as_the_same_objects(
    rnd: dict[str, Any], spaced: bool
) -> None:
    got, expected, ids = both_ways(rnd, spaced)
    if got is None:
        return
    assert expected is not None, rnd
    assert got == expected
    assert repr(got) == repr(expected)  # the same types too (an enum, not its text)
    for match in got.matches:
        assert match.a is ids.get(match.a, match.a) and match.b is ids.get(match.b, match.b)


@settings(max_examples=300, deadline=None)
@given(valid_rounds(), st.booleans())
def test_every_valid_round_of_matches_is_read_the_fast_way(
    rnd: dict[str, Any], spaced: bool
) -> None:
    got, expected, ids = both_ways(rnd, spaced)
    assert got is not None
    assert got == expected
    assert all(m.a is ids[m.a] and m.b is ids[m.b] for m in got.matches)
    assert all(m.toss.first is ids[m.toss.first] for m in got.matches if m.toss)


def test_a_repeated_key_counts_its_last_value_both_ways() -> None:
    ids = {p: p for p in PLAYERS}
    for data in (
        b'{"number": 2, "number": 3, "matches": []}',
        b'{"number": 1, "matches": [{"table": 1, "a": "p0", "b": "p1", "table": 4}]}',
        b'{"number": 1, "matches": [{"table": 1, "a": "p0", "b": "p1",'
        b' "result": {"winner": "a", "winner": "draw"}}]}',
        b'{"number": 1, "matches": [], "matches": [{"table": 2, "a": "p0", "b": "p1"}]}',
    ):
        got = typed_round(data, ids, {})
        assert got is not None
        assert got == schema_round(data, ids)


def test_equal_table_numbers_are_one_object_across_rounds() -> None:
    ids = {p: p for p in PLAYERS}
    tables: dict[int, int] = {}
    one = typed_round(
        b'{"number": 1, "matches": [{"table": 1000, "a": "p0", "b": "p1"}]}', ids, tables
    )
    two = typed_round(
        b'{"number": 2, "matches": [{"table": 1000, "a": "p1", "b": "p0"}]}', ids, tables
    )
    assert one is not None and two is not None
    assert one.matches[0].table is two.matches[0].table
    assert [m.id for m in (*one.matches, *two.matches)] == ["1.1000", "2.1000"]


BASE = {
    "number": 3,
    "matches": [
        {
            "table": 1,
            "a": "p0",
            "b": "p1",
            "result": {"winner": "draw"},
            "toss": {"first": "p1", "reason": "neutral"},
            "id": "m1",
        },
        {"table": 2, "a": "p2", "b": "p3"},
    ],
    "byes": [{"player": "p4", "kind": "half"}],
    "state": "open",
}
#: Every single change ``odd_rounds`` draws from, each applied to one valid round (and every
#: valid result, toss reason and state once).
CHANGES = [
    (where, key, value)
    for where, keys in (
        ("round", ("number", "matches", "byes", "state")),
        ("match", ("table", "a", "b", "result", "toss", "id")),
        ("bye", ("player", "kind")),
    )
    for key in keys
    for value in ODD_VALUES[key]
] + [(where, key, value) for where, extras in EXTRA_KEYS.items() for key, value in extras]
VALID = [
    *(("match", "result", result) for result in RESULTS),
    *(("match", "toss", {"first": "p0", "reason": reason}) for reason in REASONS),
    *(("match", "toss", None) for _ in (1,)),
    *(("round", "state", state) for state in STATES),
]
CHANGES += VALID


@pytest.mark.parametrize(("where", "key", "value"), CHANGES, ids=repr)
def test_each_single_change_is_read_as_the_schema_reads_it(
    where: str, key: str, value: Any
) -> None:
    rnd = json.loads(json.dumps(BASE))
    part = {"round": rnd, "match": rnd["matches"][0], "bye": rnd["byes"][0]}[where]
    part[key] = {"first": "p0", "reason": "neutral"} if value == "toss" else value
    data = written(rnd, spaced=False)
    ids = {p: p for p in PLAYERS}
    got = typed_round(data, ids, {})
    expected = schema_round(data, ids)
    if (where, key, value) in VALID:
        assert got is not None
    if got is not None:
        assert (got, repr(got)) == (expected, repr(expected))


def test_the_objects_made_by_their_setters_have_no_check_to_skip() -> None:
    """``typed_round`` makes matches with ``object.__new__`` and their slots' setters (as
    ``tables.round_of`` and ``large._shared`` write theirs): right only while ``Match`` has no
    check of its own at construction. One added to ``Match`` must be run there too."""
    assert not hasattr(Match, "__post_init__")


#: Players of the round's tournament: all of ``PLAYERS`` but the last, so that some drawn
#: rounds seat a player the tournament does not have.
ENTERED = PLAYERS[:-1]


@st.composite
def seated_rounds(draw: st.DrawFn) -> dict[str, Any]:
    """A round where each player sits once (mostly): the players in a drawn order, two to a
    table at distinct table numbers, one on a bye when odd — each result, toss and id drawn,
    and at times one flaw: a seat or a table number taken twice, a player the tournament
    does not have."""
    seated = draw(st.permutations(PLAYERS))[: draw(st.integers(0, len(PLAYERS)))]
    numbers = draw(st.permutations(range(1, 10)))
    matches: list[dict[str, Any]] = []
    for k in range(len(seated) // 2):
        match: dict[str, Any] = {"table": numbers[k], "a": seated[2 * k], "b": seated[2 * k + 1]}
        match["result"] = draw(st.sampled_from(RESULTS))
        if draw(st.booleans()):
            match["toss"] = draw(tosses())
        if draw(st.integers(0, 9)) == 0:
            match["id"] = draw(st.sampled_from(["t1", f"1.{numbers[k]}"]))
        matches.append(match)
    rnd: dict[str, Any] = {"number": 1, "matches": matches}
    if len(seated) % 2:
        rnd["byes"] = [{"player": seated[-1]}]
    flaw = draw(st.sampled_from(["none", "none", "seat", "table"]))
    if flaw == "seat" and len(matches) > 1:
        matches[1]["a"] = matches[0]["b"]
    elif flaw == "table" and len(matches) > 1:
        matches[1]["table"] = matches[0]["table"]
    return rnd


@settings(max_examples=600, deadline=None)
@given(
    st.one_of(seated_rounds(), valid_rounds(), odd_rounds()),
    st.sampled_from(list(MatchFormat)),
    st.booleans(),
)
def test_a_round_checked_as_read_has_no_problem_its_tables_would_show(
    rnd: dict[str, Any], fmt: MatchFormat, spaced: bool
) -> None:
    """``read_round`` says a round is checked only where the tournament's checks, told so
    (``rounds_checked``), find every problem they find reading its tables: the same list.
    (Whether its players are the tournament's is the caller's to say: here, whether ``ids``
    gained any.)"""
    ids = {p: p for p in ENTERED}
    read = read_round(written(rnd, spaced), ids, {}, fmt)
    if read is None:
        return
    rnd_read = read.round
    checked = read.checked and len(ids) == len(ENTERED)
    stage = Stage(
        ruleset=Ruleset(scoring=Scoring(match_format=fmt)),
        rounds=(rnd_read,),
    )
    tournament = Tournament("t", tuple(Player(p, p) for p in ENTERED), (stage,))
    assert problems(tournament, rounds_checked=checked) == problems(tournament)


def test_a_clean_round_is_checked_as_read_and_each_flaw_is_not() -> None:
    """What the tournament's checks would read again is left to them: a seat taken twice, a
    table number twice, a toss for someone not at the table, a game score the format cannot
    have, a match's own id."""
    clean = {
        "number": 1,
        "matches": [
            {"table": 1, "a": "p0", "b": "p1", "result": {"winner": "a", "games": [2, 1]}},
            {"table": 2, "a": "p2", "b": "p3", "toss": {"first": "p3"}},
        ],
        "byes": [{"player": "p4"}],
    }

    def checked(change: dict[str, Any], fmt: MatchFormat = MatchFormat.BO3) -> bool:
        rnd = json.loads(json.dumps(clean))
        for key, value in change.items():
            where, _, field = key.partition(".")
            part = rnd if not field else rnd["matches"][int(where)]
            part[field or where] = value
        read = read_round(written(rnd, False), {p: p for p in PLAYERS}, {}, fmt)
        assert read is not None
        return read.checked

    assert checked({})
    assert not checked({"byes": [{"player": "p0"}]})
    assert not checked({"1.a": "p1"})
    assert not checked({"1.table": 1})
    assert not checked({"1.toss": {"first": "p0"}})
    assert not checked({}, MatchFormat.BO1)  # 2-1 in one game
    assert not checked({"0.id": "final"})


def test_rounds_checked_as_read_lose_no_problem_of_the_stage_either() -> None:
    """Two rounds numbered alike give their tables the same default ids: told the rounds were
    checked, the stage's checks still list that, as they do reading every table."""
    ids = {p: p for p in ENTERED}
    data = b'{"number": 1, "matches": [{"table": 1, "a": "p0", "b": "p1"}]}'
    reads = [read_round(data, ids, {}, MatchFormat.BO3) for _ in range(2)]
    assert all(read is not None and read.checked for read in reads)
    stage = Stage(rounds=tuple(read.round for read in reads if read is not None))
    tournament = Tournament("t", tuple(Player(p, p) for p in ENTERED), (stage,))
    found = problems(tournament, rounds_checked=True)
    assert found == problems(tournament)
    assert any("already used" in p.reason for p in found)
