"""The failure classes the fuzz run found, each with a minimal input (docs/fuzzing.md).

``REGRESSIONS`` keeps one small input per class, for good: ``test_regressions`` runs every
command on it and expects no failure at all. ``KNOWN_OPEN`` names the classes still open on
main, with a matcher that recognises their failures: the fuzz properties tolerate those (and
only those), and their regression examples run as ``xfail(strict=False)``.

When a fix lands: delete its entry from ``KNOWN_OPEN``. The regression example then has to
pass, and the fuzz properties fail on any input of that class again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .harness import COMMANDS, Failure, Known


@dataclass(frozen=True)
class Regression:
    name: str
    data: bytes
    charset: str = "utf-8"
    what: str = ""
    commands: tuple[tuple[str, tuple[str, ...]], ...] = COMMANDS


def _doc(**extra: object) -> bytes:
    doc = {"name": "x", "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], **extra}
    return json.dumps(doc).encode()


_WON = {"number": 1, "matches": [{"table": 1, "a": "a", "b": "b", "result": {"winner": "a"}}]}

REGRESSIONS: tuple[Regression, ...] = (
    Regression(
        "deep-nesting",
        b"[" * 100_000 + b"]" * 100_000,
        what="100,000 nested arrays: RecursionError in json.loads, exit 1",
    ),
    Regression(
        "deep-nesting",
        b'{"name": "x", "players": [], "stages": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
        what="deep nesting inside a field",
    ),
    Regression(
        "huge-int-literal",
        b'{"name": "x", "players": [{"id": "a", "name": "A", "seed": ' + b"9" * 5000 + b"}]}",
        what="an integer literal of 5000 digits: ValueError (int max str digits) in json.loads",
    ),
    Regression(
        "huge-exact-string",
        _doc(stages=[{"ruleset": {"base": "mtg", "scoring": {"win": "1e5000"}}, "rounds": [_WON]}]),
        what='"1e5000" as a point value: validate accepts it; standings and pair exit 1 '
        "(ValueError printing a 5001-digit integer)",
    ),
    Regression(
        "sparse-round-numbers",
        _doc(stages=[{"ruleset": "fide", "rounds": [{**_WON, "number": 10**7}]}]),
        what="one round numbered 10,000,000 under a virtual-opponent ruleset: standings and pair "
        "build an entry for every round 1..10**7 per player (> 40 s; 10**9 exhausts memory)",
        commands=(("standings", ()),),
    ),
    Regression(
        "surrogate-stage-seed",
        _doc(stages=[{"seed": "\udcff"}]),
        what="a lone surrogate in the stage seed: validate accepts it; pair exits 1 "
        "(UnicodeEncodeError hashing the seed in ranking.py:unseeded_lot)",
    ),
    Regression(
        "surrogate-stage-name",
        json.dumps(
            {"name": "x", "players": [{"id": "a", "name": "A"}], "stages": [{"name": "\udcff"}]}
        ).encode(),
        what="a lone surrogate in the stage name: validate accepts it; toss --json exits 1 "
        "(PydanticSerializationError in output.py:json_text)",
    ),
    Regression(
        "output-encoding",
        _doc(),
        charset="ascii",
        what="stdout that cannot encode '—' (PYTHONIOENCODING=ascii, LC_ALL=C): "
        "UnicodeEncodeError, exit 1",
    ),
    Regression(
        "output-encoding",
        json.dumps(
            {"name": "Chloé", "players": [{"id": "a", "name": "Chloé"}]}, ensure_ascii=False
        ).encode(),
        charset="latin-1",
        what="a name latin-1 can encode, in a table whose frame it cannot",
    ),
    Regression(
        "terminal-control",
        json.dumps({"name": "\x1b]0;title\x07", "players": [{"id": "a", "name": "A"}]}).encode(),
        what="ESC ] 0 ; title BEL in a name reaches the terminal raw (retitles the window)",
    ),
    Regression(
        "terminal-control",
        _doc(
            players=[{"id": "a", "name": "\x9b2J"}, {"id": "b", "name": "B"}],
            stages=[{"rounds": [_WON]}],
        ),
        what="a C1 control (CSI, 0x9b) in a player name in the standings table",
    ),
)


def _huge_int(f: Failure) -> bool:
    return (
        f.rule in ("internal-error", "traceback")
        and f.exception == "ValueError"
        and "integer string conversion" in f.detail
    )


def _huge_literal(f: Failure) -> bool:
    return _huge_int(f) and "value has" in f.detail  # the decoder's wording


def _huge_printed(f: Failure) -> bool:
    return _huge_int(f) and "value has" not in f.detail  # str(int) on output


#: Empty since main at 3cdb984: the reader fix closed every document class the fuzzing found.
#: The matchers that tolerated them are in the git history (commit 6fc642f) if one reopens.
KNOWN_OPEN: list[Known] = []

OPEN = frozenset(k.name for k in KNOWN_OPEN)

#: Special files (not generated: they are paths, not contents), open on main.
#: ``unbounded-file``: /dev/zero is read to the end of memory (MemoryError, exit 1; without a
#: memory cap the whole machine's). ``fifo``: a named pipe blocks the command forever.
SPECIAL_FILES_OPEN: frozenset[str] = frozenset()
