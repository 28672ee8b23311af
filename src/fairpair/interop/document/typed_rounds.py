"""A round read by msgspec into typed records, then into the engine's objects.

pydantic-core reads a round of 50,000 matches (a 100,000-player event) about twice as slowly
as msgspec reads it into typed records and the records are made into the engine's
``Round``: it builds its parse tree, calls Python once per result (``results.result_of``)
and names each match afterwards (``tables.round_of``). ``read_round`` reads a round of
two-player tables — ``number``, ``matches`` (``table``, ``a``, ``b``, ``result`` told by
``kind``, ``winner`` and ``games``, ``toss``, ``id``), ``byes``, ``state`` — under the
schema's own bounds (``limits``) and strict types (no text for a number, no float, no
``true``, no key the schema does not have). A round it does not take — one with ``pods``
(multi-seat tables), a value out of bounds, a result the engine refuses, a bye with a
result — is ``None``, and the caller reads that round with the schema's validator
(``compiled.round_validator``), which reads it or refuses it with its message and place.

So nothing is read differently and nothing is refused differently: what ``read_round``
takes is a part of what the schema takes, and it makes the same objects: the results are
``results.result_of``'s (one shared object per distinct result), a match without an id gets
``"<round>.<table>"`` (``tables.round_of``), a match's id is checked as every id is
(``checks.TextCheck``), a toss without a reason is a manual one (``schema.TossEntry``).
tests/interop/test_typed_rounds.py reads generated rounds — each single change to a valid
round among them — both ways and compares what comes out.

``read_round`` also says whether the round's tables passed the quick check that the
tournament's checks give a round before reading it match by match (``engine.validation``:
each player placed once, no table number twice, each toss's first player at the table, every
game score possible in the stage's match format — ``seats_clean``, ``games_fit``), and every
match has its default id: made from the lists read here, the check costs about two thirds of
reading the made round again (``TypedRound.checked``; ``large.py`` tells the tournament's checks).

Every match's players (and each toss's first player) are the players' own id objects
(``ids``: an id not among the players is its first copy read, and the tournament's checks
refuse it), and equal table numbers one ``int`` (``tables``), as ``large._shared`` makes
them for a round the schema reads.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from itertools import repeat
from operator import attrgetter
from typing import Annotated, Any, Literal, NamedTuple

import msgspec
from msgspec import UNSET, UnsetType

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import MatchFormat, Result, ResultKind
from fairpair.engine.rounds import Bye, ByeKind, Match, Round, RoundState, Toss, TossReason
from fairpair.engine.validation import games_fit, seats_clean
from fairpair.interop.document.checks import TextCheck, games
from fairpair.interop.document.limits import MAX_GAMES, MAX_ID_LENGTH, MAX_ROUND, MAX_TABLE
from fairpair.interop.document.results import result_of
from fairpair.interop.document.tables import text_of

_RoundNumber = Annotated[int, msgspec.Meta(ge=1, le=MAX_ROUND)]
_TableNumber = Annotated[int, msgspec.Meta(ge=1, le=MAX_TABLE)]
_GameCount = Annotated[int, msgspec.Meta(ge=0, le=MAX_GAMES)]
_Games = Annotated[tuple[_GameCount, ...], msgspec.Meta(min_length=2, max_length=3)]
_PlayerRef = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID_LENGTH)]
_Id = _PlayerRef  # and ``TextCheck`` ("an id"), below


class _Result(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A result as written: one per distinct result is made into the engine's."""

    kind: ResultKind | UnsetType = UNSET
    winner: Literal["a", "b", "draw"] | UnsetType | None = UNSET
    games: (
        Annotated[tuple[_GameCount, ...], msgspec.Meta(min_length=2, max_length=3)]
        | UnsetType
        | None
    ) = UNSET


class _Toss(msgspec.Struct, forbid_unknown_fields=True):
    first: _PlayerRef
    reason: TossReason = TossReason.MANUAL
    manual: bool = False


class _Match(msgspec.Struct, forbid_unknown_fields=True):
    table: _TableNumber
    a: _PlayerRef
    b: _PlayerRef
    result: _Result | None = None
    toss: _Toss | None = None
    id: _Id | UnsetType = UNSET


class _Bye(msgspec.Struct, forbid_unknown_fields=True):
    player: _PlayerRef
    kind: ByeKind = ByeKind.PAIRING


class _Round(msgspec.Struct, forbid_unknown_fields=True):
    number: _RoundNumber
    matches: list[_Match] = []
    byes: list[_Bye] = []
    state: RoundState | None = None


@cache
def _decoder() -> msgspec.json.Decoder[_Round]:
    return msgspec.json.Decoder(_Round)


_A, _B, _TABLE, _RESULT, _TOSS, _ID, _PLAYER = map(
    attrgetter, ("a", "b", "table", "result", "toss", "id", "player")
)
_SET_A, _SET_B, _SET_TABLE, _SET_RESULT, _SET_TOSS, _SET_ID = (
    Match.__dict__[name].__set__ for name in ("a", "b", "table", "result", "toss", "id")
)
_new = object.__new__
_CHECK_ID = TextCheck("an id", MAX_ID_LENGTH)

#: Each distinct result read, made into the engine's (``None``: no result yet). Bounded as
#: ``results.result_of``'s own.
_RESULTS: dict[_Result | None, Result | None] = {None: None}
_MOST_RESULTS = 10_000


class TypedRound(NamedTuple):
    """A round ``read_round`` read, and whether its tables passed the round's quick check as
    they were read (``checked``)."""

    round: Round
    checked: bool
    """Its tables passed the quick check of ``engine.validation`` from the lists read (each
    player placed once, no table number twice: ``seats_clean``; each toss's first player at
    the table; every game score possible in the stage's match format: ``games_fit``), and
    every match has its default id. Whether its players are the tournament's is left to the
    caller (``ids``: a player who is not one is added to it)."""


def read_round(
    data: bytes | msgspec.Raw, ids: dict[str, str], tables: dict[int, int], fmt: MatchFormat
) -> TypedRound | None:
    """The round in ``data`` when it is read here, otherwise ``None`` (module docstring), with
    its quick check (``TypedRound.checked``) for a stage whose matches are of format ``fmt``:
    the tournament's checks need not read its tables again (``engine.validation.problems``,
    ``rounds_checked``)."""
    try:
        read = _decoder().decode(data)
        return _made(read, ids, tables, fmt)
    except (msgspec.MsgspecError, FairpairError, ValueError):
        # pydantic-core's errors (a result the engine refuses, an id's text) are ValueErrors.
        return None


def _made(
    read: _Round, ids: dict[str, str], tables: dict[int, int], fmt: MatchFormat
) -> TypedRound:
    """The round ``read`` as the engine's, and its quick check (``TypedRound.checked``)."""
    found = read.matches
    a_ids = list(map(_A, found))
    b_ids = list(map(_B, found))
    read_numbers = list(map(_TABLE, found))
    checked = seats_clean([*a_ids, *b_ids, *map(_PLAYER, read.byes)], read_numbers)
    matches: tuple[Match, ...] = ()
    if found:
        made = list(map(_new, repeat(Match, len(found))))
        numbers = list(map(tables.setdefault, read_numbers, read_numbers))
        deque(map(_SET_A, made, map(ids.setdefault, a_ids, a_ids)), maxlen=0)
        deque(map(_SET_B, made, map(ids.setdefault, b_ids, b_ids)), maxlen=0)
        deque(map(_SET_TABLE, made, numbers), maxlen=0)
        results = list(map(_RESULT, found))
        try:
            made_results = list(map(_RESULTS.__getitem__, results))
        except KeyError:  # a result not read before
            made_results = _new_results(results)
        deque(map(_SET_RESULT, made, made_results), maxlen=0)
        if checked:
            distinct = dict(zip(map(id, made_results), made_results, strict=True))
            checked = games_fit(distinct.values(), fmt)
        tosses = list(map(_TOSS, found))
        if any(tosses):
            deque(map(_SET_TOSS, made, [_toss(t, ids) for t in tosses]), maxlen=0)
            checked = checked and all(
                t is None or t.first in (a, b) for t, a, b in zip(tosses, a_ids, b_ids, strict=True)
            )
        else:
            deque(map(_SET_TOSS, made, repeat(None)), maxlen=0)
        prefix = f"{read.number}."
        deque(map(_SET_ID, made, map(prefix.__add__, map(text_of(numbers), numbers))), maxlen=0)
        given = list(map(_ID, found))
        if given.count(UNSET) != len(given):
            checked = False  # an id of its own: the stage's ids are checked whole
            for match, match_id in zip(made, given, strict=True):
                if match_id is not UNSET:
                    _SET_ID(match, _CHECK_ID(match_id))
        matches = tuple(made)
    byes = tuple(Bye(ids.setdefault(b.player, b.player), b.kind) for b in read.byes)
    return TypedRound(Round(read.number, matches, byes, (), read.state), checked)


def _new_results(results: list[_Result | None]) -> list[Result | None]:
    """The engine's results of ``results``, each distinct one made once (and kept for the
    next rounds, up to ``_MOST_RESULTS``)."""
    known: dict[_Result | None, Result | None] = {None: None}
    for read in set(results):
        if read is not None:
            made = _RESULTS.get(read)
            known[read] = made if made is not None else _result(read)
    if len(_RESULTS) < _MOST_RESULTS:
        _RESULTS.update(known)
    return list(map(known.__getitem__, results))


def _result(read: _Result) -> Result:
    """The engine's result of a result as written (``results.result_of``'s object)."""
    values: dict[str, Any] = {
        key: value
        for key, value in (("kind", read.kind), ("winner", read.winner), ("games", read.games))
        if value is not UNSET
    }
    if values.get("games") is not None:
        values["games"] = games(list(values["games"]))
    return result_of(values)


def _toss(read: _Toss | None, ids: dict[str, str]) -> Toss | None:
    if read is None:
        return None
    return Toss(ids.setdefault(read.first, read.first), read.reason, read.manual)
