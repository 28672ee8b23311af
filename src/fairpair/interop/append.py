"""Adding a round to a user's document text without touching anything else they wrote.

The text is walked (``json_spans``) to find the stage's ``rounds``; the new round goes after
the last round, written in the layout of the round before it (``layout``), with its keys in
the same order, and with the keys the user writes even when they hold a default (a bye's
``"kind": "pairing"``, an empty ``"byes": []``). Every other byte of the file stays as it
was. docs/tournament-document.md ("Saving a round") describes it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple

from fairpair.engine.rounds import Bye, Match, Round, Toss
from fairpair.engine.validation import Problem
from fairpair.interop.document.binding import written
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.errors import DocumentError
from fairpair.interop.json_spans import NotJson, Span, items, line_indent, members, skip
from fairpair.interop.layout import file_layout, learn


def _changed(why: str) -> DocumentError:
    return DocumentError([Problem("(document)", f"changed while pairing ({why}); pair again")])


def _order(new: Any, example: Any) -> Any:
    """``new`` with its keys in ``example``'s order (nested alike); other keys after."""
    if isinstance(new, dict) and isinstance(example, dict):
        keys = [k for k in example if k in new] + [k for k in new if k not in example]
        return {k: _order(new[k], example.get(k)) for k in keys}
    if isinstance(new, list) and isinstance(example, list) and example:
        return [_order(item, example[0]) for item in new]
    return new


def _habits(example: dict[str, Any]) -> dict[type[Any], tuple[str, ...]]:
    """The keys the user writes even at their default, read off their previous round."""
    matches = example.get("matches") or [{}]
    byes = example.get("byes") or [{}]
    tossed: dict[str, Any] = next(
        (m["toss"] for m in matches if isinstance(m, dict) and isinstance(m.get("toss"), dict)),
        {},
    )
    return {
        Round: tuple(example),
        Match: tuple(k for k in matches[0] if k not in ("result", "toss")),
        Bye: tuple(byes[0]),
        Toss: tuple(tossed),
    }


def _data(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_data(v) for v in value]
    return written(value)


@dataclass
class _Stage:
    """Where a stage is in the text: its members, its closing brace, its rounds' spans."""

    members: dict[str, Span]
    close: int
    rounds: list[Span]
    rounds_close: int


def _stage(text: str, stage_id: str) -> tuple[_Stage, bool]:
    """Where stage ``stage_id`` is (the document itself, and ``False``, when it has no
    ``stages``). The text is scanned once."""
    stages: list[_Stage] = []
    rounds: list[tuple[list[Span], int]] = []

    def all_rounds(text: str, i: int) -> int:
        spans, close = items(text, i)
        rounds.append((spans, close))
        return close + 1

    def stage(text: str, i: int) -> int:
        rounds.clear()
        found, close = members(text, i, {"rounds": all_rounds})
        spans, rounds_close = rounds[0] if rounds else ([], -1)
        stages.append(_Stage(found, close, spans, rounds_close))
        return close + 1

    def all_stages(text: str, i: int) -> int:
        _, close = items(text, i, into=stage)
        return close + 1

    top, top_close = members(text, skip(text, 0), {"stages": all_stages})
    if "stages" not in top:
        if stage_id != "swiss":
            raise _changed(f"no stage {stage_id!r}")
        return _Stage(top, top_close, [], -1), False
    for found in stages:
        sid = json.loads(text[slice(*found.members["id"])]) if "id" in found.members else "swiss"
        if sid == stage_id:
            return found, True
    raise _changed(f"no stage {stage_id!r}")


class Insertion(NamedTuple):
    """What adding a round changes in a text: ``text[start:end]`` (whitespace, or nothing)
    becomes ``inserted``; everything before ``start`` and from ``end`` on stays."""

    start: int
    end: int
    inserted: str

    def applied(self, text: str) -> str:
        return text[: self.start] + self.inserted + text[self.end :]


def add_round_text(text: str, stage_id: str, new_round: Round) -> str:
    """``text`` (a valid document) with ``new_round`` added to the stage ``stage_id``."""
    return round_insertion(text, stage_id, new_round).applied(text)


def round_insertion(text: str, stage_id: str, new_round: Round) -> Insertion:
    """Where and what ``add_round_text`` inserts (a save writes the file's own bytes around
    it instead of making the new text: a 143 MB document is not copied)."""
    document_validator()  # the bindings the writer reads come with it
    try:
        return _add(text, stage_id, new_round)
    except NotJson as error:
        raise _changed(str(error)) from None


def _add(text: str, stage_id: str, new_round: Round) -> Insertion:
    where, is_stage = _stage(text, stage_id)
    found, close, rounds, bracket = where.members, where.close, where.rounds, where.rounds_close
    if not is_stage:  # no "stages": the default stage is written out with its round
        return _add_member(text, found, close, "stages", [{"rounds": [new_round]}])
    if "rounds" not in found:
        return _add_member(text, found, close, "rounds", [new_round])
    start, _ = found["rounds"]
    if not rounds:
        outer = line_indent(text, start)
        rendered = file_layout(text).render(_data([new_round]), outer)
        return Insertion(start, bracket + 1, rendered)
    last_start, last_end = rounds[-1]
    sample = text[last_start:last_end]
    example = json.loads(sample)
    if not isinstance(example, dict) or example.get("number") != new_round.number - 1:
        raise _changed(f"the last round is not round {new_round.number - 1}")
    indent = line_indent(text, last_start)
    layout = learn(text, sample, indent, example)
    data = _order(written(new_round, _habits(example)), example)
    # The whitespace between the last round and the comma or bracket before it.
    after = max(text.rfind(",", 0, last_start), text.rfind("[", 0, last_start)) + 1
    gap = text[after:last_start]
    return Insertion(last_end, last_end, "," + gap + layout.render(data, indent))


def _add_member(text: str, found: dict[str, Span], close: int, key: str, value: Any) -> Insertion:
    """``"key": value`` added as the last member of the object that closes at ``close``."""
    layout = file_layout(text)
    head = json.dumps(key)
    if found:
        last_end = max(end for _, end in found.values())
        first_start = min(start for start, _ in found.values())
        indent = line_indent(text, first_start)
        body = layout.render(_data(value), indent)
        if layout.everything_on_one_line or "\n" not in text[first_start:close]:
            return Insertion(last_end, last_end, f", {head}: {body}")
        return Insertion(last_end, last_end, f",\n{indent}{head}: {body}")
    outer = line_indent(text, close)
    if layout.everything_on_one_line or text[close - 1] == "{":
        body = layout.render(_data(value), outer)
        return Insertion(close, close, f"{head}: {body}")
    indent = outer + layout.unit
    body = layout.render(_data(value), indent)
    start = close  # the whitespace before the closing brace goes (``str.rstrip``'s)
    while start and text[start - 1].isspace():
        start -= 1
    return Insertion(start, close, f"\n{indent}{head}: {body}\n{outer}")
