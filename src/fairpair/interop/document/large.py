"""Reading a large document one round at a time: the memory a 100,000-player event needs.

pydantic-core parses a whole document into its own tree before it validates it; for a 143 MB
file (100,000 players, 15 rounds) that tree is ~400 MB beside the objects made from it, the
largest part of reading's peak. Here msgspec scans the document once, without building its
values, and hands out each round's bytes as they are (``msgspec.Raw``, which points into the
file's bytes); the document without its rounds is validated by the document's own validator,
and then each round on its own. The parse tree is one round's at a time, and the file's bytes
are released before the tournament's own checks (``engine.validation``) run.

Each round is read by msgspec into typed records and made into the engine's round
(``typed_rounds``: about twice as fast as the schema's validator, and it makes the same
objects); a round it does not read (pods, or anything it would have to refuse) is validated
by the validator of one round made from the same schema (``compiled.round_validator``). The
players are read the same way (``typed_players``) unless they carry chess registration
facts or anything to refuse; then the document's validator reads them with the rest.

Each round read by msgspec is also checked as it is made (``typed_rounds.read_round``: its
seats, table numbers, tosses, game scores and ids); when every round passed and every seat is
a player's, the tournament's checks are told so (``rounds_checked``) and do not read the
rounds' tables again. A round that did not pass leaves the tournament to be checked whole, as
before; a refusal is the whole reader's either way.

Nothing is read differently. Each part is validated by the schema ``schema.py`` gives it in a
whole document (or, for a round, by ``typed_rounds`` under the same bounds), and the rounds
are put into the stages as the stage's reader would (``dataclasses.replace`` runs the same
construction). A document that anything here refuses — the scan, a part's validation, the
tournament's checks — is read again whole by ``load_document``, which refuses it exactly as
it refuses any document: the same message and the same place. (Duplicate keys: every parser
here keeps the last, as JSON readers do.)

Every match's players are then the players' own id objects, and every equal table number one
``int``: a parsed document has its own copy of each (pydantic-core's string cache holds 16,384
strings, and a 100,000-player event has 1.4 million references to 100,000 ids): 77 MiB at
100,000 players, and 21 MiB of table numbers; and a look-up by id compares text. The values
are equal, so nothing anyone reads changes; they are written through the slots' setters into
objects that the validator has just made and nothing else holds yet, as ``tables.round_of``
writes a match's default id.

The command line reads a document this way from ``read.LARGE_DOCUMENT_BYTES`` (2 MiB) on
(``cli.tournament_files``); below it, reading the whole document at once is as fast and
msgspec's import (~0.01 s beside the command's own) is not paid. docs/performance.md
"Document" has the figures.
"""

from __future__ import annotations

import dataclasses
import os
from collections import deque
from functools import cache
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from fairpair.engine.errors import FairpairError
from fairpair.engine.rounds import SIDE_A, SIDE_B, TABLE_NUMBER, Match, Round
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import InvalidTournamentProblems, validate
from fairpair.interop.document.compiled import (
    document_keys,
    document_validator,
    round_validator,
)
from fairpair.interop.document.read import load_document, read_bytes
from fairpair.interop.document.typed_players import typed_players
from fairpair.interop.document.typed_rounds import read_round

_EMPTY = msgspec.Raw(b"[]")

_SET_A = Match.__dict__["a"].__set__
_SET_B = Match.__dict__["b"].__set__
_SET_TABLE = Match.__dict__["table"].__set__


def load_large_document(path: str | os.PathLike[str]) -> Tournament:
    """``load_document``'s tournament, read a round at a time (a file it refuses: refused by
    ``load_document``, with its message)."""
    read = _read_by_rounds(path)
    if read is not None:
        tournament, rounds_checked = read
        del read
        try:
            return validate(tournament, players_checked=True, rounds_checked=rounds_checked)
        except InvalidTournamentProblems:
            del tournament  # not held while the file is read again
    return load_document(path)


def _read_by_rounds(path: str | os.PathLike[str]) -> tuple[Tournament, bool] | None:
    """The tournament before its checks, and whether its rounds were checked as they were read
    (``_assembled``); ``None`` when a part is refused. The file's bytes are released on
    return."""
    raw = read_bytes(path)
    try:
        return _assembled(raw)
    except (msgspec.MsgspecError, ValueError, RecursionError, FairpairError):
        return None  # (pydantic-core's ValidationError is a ValueError)


@cache
def _scanned() -> type[msgspec.Struct]:
    """The document as msgspec scans it: each key's value as its bytes (``msgspec.Raw``), but a
    stage's rounds as a list of each round's bytes. A key the schema does not have is an error
    (refused by the whole reader: "is not a field here")."""
    document, stage = document_keys()

    def shape(name: str, keys: tuple[str, ...], kinds: dict[str, Any]) -> type[msgspec.Struct]:
        fields = [(key, kinds.get(key, msgspec.Raw) | UnsetType, UNSET) for key in keys]
        return msgspec.defstruct(name, fields, forbid_unknown_fields=True)

    rounds = shape("Stage", stage, {"rounds": list[msgspec.Raw]})
    return shape("Document", document, {"stages": list[rounds]})  # type: ignore[valid-type]


def _present(scanned: msgspec.Struct) -> dict[str, Any]:
    """The keys the document gave, with their values."""
    return {k: v for k, v in msgspec.structs.asdict(scanned).items() if v is not UNSET}


def _assembled(raw: bytes) -> tuple[Tournament, bool]:
    """The tournament in ``raw``, before its checks; and whether every round was read by
    ``typed_rounds.read_round`` and passed its quick check there, with every seat a player's
    (then the tournament's checks need not read the rounds' tables again:
    ``engine.validation.problems``, ``rounds_checked``)."""
    top = _present(msgspec.json.decode(raw, type=_scanned()))
    stages: list[dict[str, Any]] = [_present(s) for s in top.get("stages", ())]
    rounds_of = [stage.get("rounds") for stage in stages]
    for stage in stages:
        if "rounds" in stage:
            stage["rounds"] = _EMPTY
    if stages:
        top["stages"] = stages
    players = typed_players(top["players"]) if "players" in top else None
    if players is not None:
        top["players"] = _EMPTY
    skeleton: Tournament = document_validator().validate_json(msgspec.json.encode(top))
    del top, stages
    if players is not None:
        skeleton = dataclasses.replace(skeleton, players=players)
    if not rounds_of:
        return skeleton, False
    ids: dict[str, str] = {p.id: p.id for p in skeleton.players}
    tables: dict[int, int] = {}
    validator = round_validator()
    checked = True
    built_stages = []
    for stage_built, rounds_raw in zip(skeleton.stages, rounds_of, strict=True):
        if rounds_raw is None:
            built_stages.append(stage_built)
            continue
        fmt = stage_built.ruleset.scoring.match_format
        built: list[Round] = []
        for r in rounds_raw:
            read = read_round(r, ids, tables, fmt)
            if read is None:
                built.append(_shared(validator.validate_json(bytes(r)), ids, tables))
                checked = False
            else:
                built.append(read.round)
                checked = checked and read.checked
        built_stages.append(dataclasses.replace(stage_built, rounds=tuple(built)))
    # Every seat a player's: ``ids`` holds the players' ids and gains any other id read.
    checked = checked and len(ids) == len(skeleton.players)
    return dataclasses.replace(skeleton, stages=tuple(built_stages)), checked


def _shared(rnd: Round, ids: dict[str, str], tables: dict[int, int]) -> Round:
    """``rnd`` with its matches' players as the players' own id objects (an id not among the
    players: its first copy read) and equal table numbers as one ``int``."""
    matches = rnd.matches
    if matches:
        a_ids = list(map(SIDE_A, matches))
        b_ids = list(map(SIDE_B, matches))
        numbers = list(map(TABLE_NUMBER, matches))
        deque(map(_SET_A, matches, map(ids.setdefault, a_ids, a_ids)), maxlen=0)
        deque(map(_SET_B, matches, map(ids.setdefault, b_ids, b_ids)), maxlen=0)
        deque(map(_SET_TABLE, matches, map(tables.setdefault, numbers, numbers)), maxlen=0)
    return rnd
