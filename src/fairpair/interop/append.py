"""Adding a round to a user's document text without touching anything else they wrote.

The text is walked with the standard library's JSON scanner to find the stage's ``rounds``
array; the new round is inserted after the last round, written in the layout of the round
before it (``layout.py``) with its keys in the same order and the same keys the user writes
even when they hold a default (a bye's ``"kind": "pairing"``, an empty ``"byes": []``). Every
other byte of the file stays as it was. docs/tournament-document.md ("Saving") describes it.
"""

from __future__ import annotations

import json
import json.scanner
import re
from typing import Any

from fairpair.engine.rounds import Bye, Match, Round, Toss
from fairpair.engine.validation import Problem
from fairpair.interop.document.binding import written
from fairpair.interop.errors import DocumentError
from fairpair.interop.layout import Layout, indent_unit, learn, uses_ascii

_WS = re.compile(r"[ \t\n\r]*")
_scan = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]

Span = tuple[int, int]


def _skip(text: str, i: int) -> int:
    found = _WS.match(text, i)
    return found.end() if found else i


def _value(text: str, i: int) -> int:
    """The end of the JSON value starting at ``i``."""
    try:
        _, end = _scan(text, i)
    except StopIteration:
        raise _changed("not valid JSON") from None
    return int(end)


def _object(text: str, i: int) -> tuple[dict[str, Span], int]:
    """The members of the object at ``i`` (key → value span) and the index of its ``}``."""
    if text[i] != "{":
        raise _changed("expected an object")
    members: dict[str, Span] = {}
    i = _skip(text, i + 1)
    if text[i] == "}":
        return members, i
    while True:
        key, i = _scan(text, i)
        i = _skip(text, _skip(text, i) + 1)  # past ':'
        end = _value(text, i)
        members[key] = (i, end)
        i = _skip(text, end)
        if text[i] == "}":
            return members, i
        i = _skip(text, i + 1)  # past ','


def _array(text: str, i: int) -> tuple[list[Span], int]:
    """The element spans of the array at ``i`` and the index of its ``]``."""
    if text[i] != "[":
        raise _changed("expected a list")
    items: list[Span] = []
    i = _skip(text, i + 1)
    if text[i] == "]":
        return items, i
    while True:
        end = _value(text, i)
        items.append((i, end))
        i = _skip(text, end)
        if text[i] == "]":
            return items, i
        i = _skip(text, i + 1)


def _changed(why: str) -> DocumentError:
    return DocumentError([Problem("(document)", f"changed while pairing ({why}); pair again")])


def _line_indent(text: str, i: int) -> str:
    """The indentation of the line that ``i`` is on."""
    start = text.rfind("\n", 0, i) + 1
    found = _WS.match(text, start)
    line = text[start : found.end() if found else start]
    return line.replace("\n", "").replace("\r", "")


def _order(new: Any, example: Any) -> Any:
    """``new`` with its keys in ``example``'s order (nested alike); other keys after."""
    if isinstance(new, dict) and isinstance(example, dict):
        keys = [k for k in example if k in new] + [k for k in new if k not in example]
        return {k: _order(new[k], example.get(k)) for k in keys}
    if isinstance(new, list) and isinstance(example, list) and example:
        return [_order(item, example[0]) for item in new]
    return new


def _habits(example: dict[str, Any] | None) -> dict[type[Any], tuple[str, ...]]:
    """The keys the user writes even at their default, read off their previous round."""
    if not example:
        return {}
    matches = example.get("matches") or [{}]
    byes = example.get("byes") or [{}]
    tossed: dict[str, Any] = next((m["toss"] for m in matches if isinstance(m.get("toss"), dict)), {})
    return {
        Round: tuple(example),
        Match: tuple(k for k in matches[0] if k != "result"),
        Bye: tuple(byes[0]),
        Toss: tuple(tossed),
    }


def _stage_span(text: str, stage_id: str) -> tuple[dict[str, Span], Span | None, int]:
    top, top_end = _object(text, _skip(text, 0))
    if "stages" not in top:
        return top, None, top_end
    spans, _ = _array(text, top["stages"][0])
    for start, end in spans:
        members, close = _object(text, start)
        sid = json.loads(text[slice(*members["id"])]) if "id" in members else "swiss"
        if sid == stage_id:
            return members, (start, end), close
    raise _changed(f"no stage {stage_id!r}")


def add_round_text(text: str, stage_id: str, new_round: Round) -> str:
    """``text`` (a valid document) with ``new_round`` added to the stage ``stage_id``."""
    members, stage, close = _stage_span(text, stage_id)
    if stage is None:  # no "stages": the default stage is written out with its round
        return _add_member(text, members, close, "stages", [{"rounds": [new_round]}])
    if "rounds" not in members:
        return _add_member(text, members, close, "rounds", [new_round])
    start, _ = members["rounds"]
    rounds, bracket = _array(text, start)
    if rounds:
        last_start, last_end = rounds[-1]
        sample = text[last_start:last_end]
        example = json.loads(sample)
        if example.get("number") != new_round.number - 1:
            raise _changed(f"the last round is not round {new_round.number - 1}")
        indent = _line_indent(text, last_start)
        layout = learn(text, sample, indent)
        data = _order(written(new_round, _habits(example)), example)
        # The whitespace between the last round and the comma or bracket before it.
        after = max(text.rfind(",", 0, last_start), text.rfind("[", 0, last_start)) + 1
        gap = text[after:last_start]
        rendered = layout.render(data, indent)
        return text[:last_end] + "," + gap + rendered + text[last_end:]
    outer = _line_indent(text, start)
    layout = learn(text, None, outer + indent_unit(text))
    rendered = layout.render([_written(new_round)], outer)
    return text[:start] + rendered + text[bracket + 1 :]


def _written(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _written(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_written(v) for v in value]
    return written(value)


def _add_member(text: str, members: dict[str, Span], close: int, key: str, value: Any) -> str:
    """``text`` with ``"key": value`` added as the last member of the object closing at
    ``close``."""
    if "\n" not in text.strip():
        layout = Layout(indent_unit(text), 0, (", ", ": "), uses_ascii(text))
    else:
        layout = Layout(indent_unit(text), None, (", ", ": "), uses_ascii(text))
    head = json.dumps(key)
    if members:
        last_key_end = max(end for _, end in members.values())
        indent = _line_indent(text, min(start for start, _ in members.values()))
        body = layout.render(_written(value), indent)
        sep = "\n" + indent if layout.inline_from is None else " "
        return text[:last_key_end] + "," + sep + f"{head}: {body}" + text[last_key_end:]
    outer = _line_indent(text, close)
    indent = outer + layout.unit
    body = layout.render(_written(value), indent)
    if layout.inline_from is not None:
        return text[:close] + f"{head}: {body}" + text[close:]
    return text[:close].rstrip() + f"\n{indent}{head}: {body}\n{outer}" + text[close:]
