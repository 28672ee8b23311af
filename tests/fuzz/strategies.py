"""Hypothesis strategies for hostile tournament documents, as the bytes of a file.

Three families (docs/fuzzing.md):

- ``documents()``: valid-ish documents built over the schema (docs/tournament-document.md) —
  players with odd ids and names, stages with presets or custom rulesets, both formats, groups,
  byes, forbidden pairs, toss settings, rounds paired from the players with every kind of result,
  drops — then written with one of several encodings of the JSON text;
- ``mutated_examples()``: the documents in ``examples/`` (or a generated one) with a few
  mutations: a key deleted, a value of the wrong type, an id duplicated or swapped for an unknown
  one, huge numbers written as JSON text, deep nesting, hostile names, then byte-level damage
  (a BOM, invalid UTF-8, truncation);
- ``raw_bytes()``: arbitrary bytes and JSON-looking text.

The vocabulary (presets, tiebreaks, enum values) is the document's, written here rather than
imported from the engine, so the strategies keep working while the engine is reshaped.
"""

from __future__ import annotations

import copy
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = tuple(sorted((ROOT / "examples").glob("*.json")))

PRESETS = ("default", "mtg", "pokemon", "riftbound", "teamup", "fide", "round_robin", "pods")
TIEBREAKS = (
    "buchholz",
    "buchholz_cut1",
    "buchholz_cut2",
    "median1",
    "median2",
    "sonneborn_berger",
    "koya",
    "progressive",
    "wins",
    "matches_won",
    "head_to_head",
    "head_to_head_forfeits",
    "pod_buchholz",
    "game_difference",
    "omw",
    "gw",
    "ogw",
    "oomw",
    "aro",
    "seed",
    "random",
)
RESULT_KINDS = ("played", "intentional_draw", "forfeit", "double_forfeit", "skipped")
MATCH_FORMATS = ("bo1", "bo3", "bo5", "two_game")
BYE_KINDS = ("pairing", "full", "half", "zero")
TOSS_REASONS = (
    "balance",
    "history",
    "neutral",
    "catch-up",
    "manual",
    "higher-seed",
    "schedule",
)
UNPLAYED = ("no_opponent", "virtual_opponent")
WIN_RATE = ("match_points", "results")
METHODS = ("adjacent", "slide", "fold", "random")
FORMATS = (
    "swiss",
    "swiss_elimination",
    "single_elimination",
    "double_elimination",
    "round_robin",
    "pods",
)
SWISS_FORMATS = ("swiss", "swiss_elimination")
REMAINDERS = ("smaller", "larger", "byes")
TOSS_POLICIES = ("neutral", "catch-up")

TITLE_ESCAPE = "\x1b]0;title\x07"


@dataclass(frozen=True)
class Raw:
    """A fragment of JSON text written as is (numbers Python cannot print, deep nesting)."""

    text: str


def dump(value: Any, ensure_ascii: bool = True) -> str:
    """JSON text of ``value``; ``Raw`` fragments are pasted verbatim."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, dict):
        items = (f"{dump(str(k), ensure_ascii)}:{dump(v, ensure_ascii)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(dump(v, ensure_ascii) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ensure_ascii)


def encode(text: str) -> bytes:
    """UTF-8, keeping lone surrogates as the (invalid) bytes they would be."""
    return text.encode("utf-8", "surrogatepass")


# ------------------------------------------------------------------------ hostile atoms
def deep(depth: int, open_: str = "[", close: str = "]") -> Raw:
    return Raw(open_ * depth + close * depth)


def deep_object(depth: int) -> Raw:
    return Raw('{"a":' * depth + "1" + "}" * depth)


HUGE_NUMBERS = (
    Raw("9" * 5000),  # an integer with 5000 digits (past Python's 4300-digit str limit)
    Raw("-" + "9" * 5000),
    Raw("1" + "0" * 4299),  # 4300 digits: just inside the limit
    Raw("1e5000"),  # JSON reads it as inf
    Raw("-1e5000"),
    Raw("0." + "1" * 5000),
    Raw("1" + "0" * 5000 + ".5"),
    Raw("1E400"),
    "1e5000",  # a string: Fraction("1e5000") is an integer with 5001 digits
    "-1e5000",
    "1e-5000",
    "9" * 5000,
    "1/" + "9" * 5000,
    "1/0",
    "nan",
    "inf",
    10**9,
    2**63,
    -(2**63),
    10**300,
)

odd_characters = st.one_of(
    st.characters(codec="utf-8"),
    st.characters(min_codepoint=0, max_codepoint=0x1F),  # C0 controls
    st.characters(min_codepoint=0x7F, max_codepoint=0x9F),  # DEL and C1 (CSI 0x9b)
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),  # lone surrogates
    st.sampled_from("\u200b\u200e\u202e\u2028\u2029\ufeff\ufffd\U0001f600\u0301[]/\\\"'"),
)
hostile_text = st.one_of(
    st.text(odd_characters, max_size=12),
    st.sampled_from(
        [
            TITLE_ESCAPE,
            "\x1b[2J\x1b[31mred",
            "[bold]rich markup[/bold]",
            "[link=file:///etc/passwd]x[/link]",
            "\ud800",
            "a\udcffb",
            "—",
            "Chloé",
            "日本語",
            "\u202eevil",
            "x" * 5000,
            "",
            " ",
        ]
    ),
)

numbers = st.one_of(
    st.integers(-3, 30),
    st.integers(),
    st.sampled_from(HUGE_NUMBERS),
    st.floats(allow_nan=False, allow_infinity=False),
)
exact_values = st.one_of(
    st.integers(-5, 10),
    st.sampled_from([0.5, 0.33, "1/2", "1/3", " 2 / 3 ", "0.25", "-0", "3", "abc", True]),
    st.sampled_from(HUGE_NUMBERS),
    st.fractions(max_denominator=1000).map(str),
)
# A value of the wrong type, for any field.
wrong_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 2),
    st.sampled_from(HUGE_NUMBERS),
    st.floats(),
    hostile_text,
    st.just([]),
    st.just({}),
    st.sampled_from([deep(10), deep(1000), deep(100_000), deep_object(10_000)]),
)


# ------------------------------------------------------------------- documents (family a)
def _maybe(draw: st.DrawFn, p_true: float = 0.5) -> bool:
    return draw(st.integers(0, 999)) < p_true * 1000


def _odd(draw: st.DrawFn, hostile: bool, p_true: float) -> bool:
    """A hostile choice: only in a hostile document (a clean one should mostly be valid)."""
    return hostile and _maybe(draw, p_true)


CLEAN_GAMES = ([2, 0], [2, 1], [1, 2], [0, 2], [1, 0], [0, 1], [1, 1], [1, 1, 1], [0, 0, 1])
clean_exact = st.sampled_from([0, 1, 2, 3, "1/2", 0.5, "3/2", 0.25, 0.33])


@st.composite
def player_ids(draw: st.DrawFn, n: int, hostile: bool) -> list[str]:
    plain = [f"p{i}" for i in range(n)]
    if not _odd(draw, hostile, 0.3):
        return plain
    odd = draw(st.lists(hostile_text.filter(bool), min_size=n, max_size=n, unique=True))
    return odd


@st.composite
def player_entries(draw: st.DrawFn, ids: list[str], hostile: bool) -> list[dict[str, Any]]:
    out = []
    for i, pid in enumerate(ids):
        entry: dict[str, Any] = {"id": pid, "name": pid.upper() or "?"}
        if _odd(draw, hostile, 0.2):
            entry["name"] = draw(hostile_text)
        if _maybe(draw, 0.6):
            entry["seed"] = draw(numbers) if _odd(draw, hostile, 0.2) else i + 1
        if _maybe(draw, 0.3):
            entry["rating"] = draw(numbers) if _odd(draw, hostile, 0.2) else i * 10
        if _maybe(draw, 0.1):
            entry["team"] = draw(hostile_text) if hostile else "Team"
        out.append(entry)
    return out


@st.composite
def results(draw: st.DrawFn, hostile: bool) -> dict[str, Any]:
    choice = draw(st.integers(0, 9))
    if choice <= 3:
        if _odd(draw, hostile, 0.3):
            games = draw(st.lists(st.integers(0, 3) | numbers, max_size=4))
        else:
            games = list(draw(st.sampled_from(CLEAN_GAMES)))
        result: dict[str, Any] = {"games": games}
        if _odd(draw, hostile, 0.3):
            result["winner"] = draw(st.sampled_from(["a", "b", "draw"]))
        return result
    if choice <= 5:
        return {"winner": draw(st.sampled_from(["a", "b", "draw"]))}
    kind = draw(st.sampled_from(RESULT_KINDS))
    result = {"kind": kind}
    if kind == "forfeit":
        result["winner"] = draw(st.sampled_from(["a", "b"]))
    if kind == "played":
        result["winner"] = draw(st.sampled_from(["a", "b", "draw"]))
    if _odd(draw, hostile, 0.2):
        result["winner"] = draw(st.sampled_from(["a", "b", "draw"]))
    if _odd(draw, hostile, 0.3):
        result["games"] = draw(st.lists(st.integers(0, 3), min_size=2, max_size=3))
    return result


@st.composite
def rounds(draw: st.DrawFn, ids: list[str], count: int, hostile: bool) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    unknown = draw(st.sampled_from(["zed", "", "\ud800", TITLE_ESCAPE]))
    for number in range(1, count + 1):
        order = draw(st.permutations(ids)) if ids else []
        sitting = draw(st.integers(0, min(2, len(order))))
        playing, byes = order[sitting:], order[:sitting]
        matches = []
        for t in range(len(playing) // 2):
            a, b = playing[2 * t], playing[2 * t + 1]
            if _odd(draw, hostile, 0.05):
                b = unknown  # an unknown player
            if _odd(draw, hostile, 0.03):
                b = a  # a player against themself
            match: dict[str, Any] = {"table": t + 1, "a": a, "b": b}
            last = number == count
            if not last or _maybe(draw, 0.5):
                match["result"] = draw(results(hostile))
            if _maybe(draw, 0.25):
                match["toss"] = {
                    "first": unknown if _odd(draw, hostile, 0.1) else draw(st.sampled_from([a, b])),
                    "reason": draw(st.sampled_from(TOSS_REASONS)),
                    "manual": draw(st.booleans()),
                }
            matches.append(match)
        if len(playing) % 2:
            byes.append(playing[-1])
        round_: dict[str, Any] = {
            "number": number,
            "matches": matches,
            "byes": [
                {"player": p, "kind": draw(st.sampled_from(BYE_KINDS))}
                if _maybe(draw, 0.5)
                else {"player": p}
                for p in byes
            ],
        }
        if _odd(draw, hostile, 0.1):
            round_["number"] = draw(
                st.sampled_from([0, -1, 10**5, 10**7, 10**9, 10**18, number - 1, 2**31])
            )
        out.append(round_)
    return out


@st.composite
def pod_rounds(draw: st.DrawFn, ids: list[str], count: int, hostile: bool) -> list[dict[str, Any]]:
    """Rounds of pod tables (3–5 seats) with finishing places, sometimes impossible ones."""
    out: list[dict[str, Any]] = []
    for number in range(1, count + 1):
        order = list(draw(st.permutations(ids))) if ids else []
        pods: list[dict[str, Any]] = []
        while len(order) >= 3:
            size = min(len(order), draw(st.integers(3, 5)))
            seats, order = order[:size], order[size:]
            pod: dict[str, Any] = {"table": len(pods) + 1, "seats": seats}
            if number < count or _maybe(draw, 0.5):
                places = sorted(draw(st.lists(st.integers(1, size), min_size=size, max_size=size)))
                if not _odd(draw, hostile, 0.3):
                    places = list(range(1, size + 1))
                    if _maybe(draw, 0.3):
                        places[1] = 1  # a shared first place
                pod["places"] = draw(st.permutations(places))
            pods.append(pod)
        round_: dict[str, Any] = {"number": number, "pods": pods}
        if order:
            round_["byes"] = [{"player": p} for p in order]
        out.append(round_)
    return out


@st.composite
def rulesets(draw: st.DrawFn, hostile: bool) -> Any:
    exact = exact_values if hostile else clean_exact
    if _maybe(draw, 0.5):
        return draw(hostile_text) if _odd(draw, hostile, 0.1) else draw(st.sampled_from(PRESETS))
    spec: dict[str, Any] = {"base": draw(st.sampled_from(PRESETS))}
    if _maybe(draw, 0.6):
        scoring: dict[str, Any] = {}
        for key in (
            "win",
            "draw",
            "loss",
            "bye",
            "half_bye",
            "forfeit_win",
            "forfeit_loss",
            "game_win",
            "game_draw",
        ):
            if _maybe(draw, 0.3):
                scoring[key] = draw(exact)
        for key in ("bye_games", "forfeit_games"):
            if _maybe(draw, 0.1):
                size = (1, 4) if hostile else (2, 3)
                scoring[key] = draw(
                    st.lists(st.integers(-hostile, 2), min_size=size[0], max_size=size[1])
                )
        if _maybe(draw, 0.4):
            scoring["match_format"] = draw(st.sampled_from(MATCH_FORMATS))
        spec["scoring"] = scoring
    if _maybe(draw, 0.5):
        names = hostile_text if _odd(draw, hostile, 0.1) else st.sampled_from(TIEBREAKS)
        spec["tiebreaks"] = draw(st.lists(names, max_size=6))
    if _maybe(draw, 0.3):
        spec["percentage_floor"] = (
            draw(exact) if hostile else draw(st.sampled_from([0, 0.25, "1/3"]))
        )
    if _maybe(draw, 0.2):
        spec["dropped_cap"] = draw(exact) if hostile else draw(st.sampled_from([1, 0.75]))
    if _maybe(draw, 0.2):
        spec["unplayed"] = draw(st.sampled_from(UNPLAYED))
    if _maybe(draw, 0.2):
        spec["byes_in_own_record"] = draw(st.booleans())
    if _maybe(draw, 0.2):
        spec["win_rate"] = draw(st.sampled_from(WIN_RATE))
    if _maybe(draw, 0.2):
        spec["forfeits_have_opponent"] = draw(st.booleans())
    return spec


@st.composite
def format_settings(
    draw: st.DrawFn, fmt: str, ids: list[str], index: int, hostile: bool
) -> dict[str, Any]:
    """The settings of the playoff, round-robin and pod formats (sometimes on the wrong
    format), and a top cut of an earlier (or, hostile, a later or unknown) stage."""
    out: dict[str, Any] = {}
    if (fmt == "single_elimination" or _maybe(draw, 0.03)) and _maybe(draw, 0.5):
        out["third_place"] = draw(st.booleans())
    if (fmt == "round_robin" or _maybe(draw, 0.03)) and _maybe(draw, 0.6):
        out["cycles"] = draw(numbers) if _odd(draw, hostile, 0.2) else draw(st.integers(1, 2))
    if fmt == "pods" or _maybe(draw, 0.03):
        if _maybe(draw, 0.6):
            out["pod_size"] = (
                draw(numbers) if _odd(draw, hostile, 0.2) else draw(st.integers(3, 10))
            )
        if _maybe(draw, 0.6):
            out["remainder"] = draw(st.sampled_from(REMAINDERS))
        if _maybe(draw, 0.4):
            out["max_rounds"] = draw(st.integers(1, 5))
    if (index and _maybe(draw, 0.5)) or _odd(draw, hostile, 0.05):
        cut: dict[str, Any] = {
            "from_stage": draw(st.sampled_from(["swiss", "stage0", "later", ""]))
            if _odd(draw, hostile, 0.3)
            else ("swiss" if index == 1 else f"stage{index - 1}")
        }
        if _maybe(draw, 0.5):
            cut["top"] = draw(numbers) if _odd(draw, hostile, 0.2) else draw(st.integers(2, 8))
        else:
            cut["percent"] = (
                draw(exact_values) if _odd(draw, hostile, 0.2) else draw(st.integers(1, 100))
            )
        if _maybe(draw, 0.3):
            cut["sizes"] = draw(st.lists(st.integers(0, 16), max_size=4))
        if _maybe(draw, 0.3):
            cut["replace_dropped"] = draw(st.booleans())
        if _maybe(draw, 0.3):
            cut["automatic"] = draw(st.booleans())
        out["cut"] = cut
        if ids and _maybe(draw, 0.5):  # the cut drawn: its field and seeds
            field = draw(st.lists(st.sampled_from(ids), unique=True, min_size=1))
            out["participants"] = field
            out["seeds"] = {p: k + 1 for k, p in enumerate(field)}
    return out


@st.composite
def stages(draw: st.DrawFn, ids: list[str], index: int, hostile: bool) -> dict[str, Any]:
    stage: dict[str, Any] = {}
    if index or _maybe(draw, 0.3):
        stage["id"] = draw(hostile_text) if _odd(draw, hostile, 0.2) else f"stage{index}"
    if _maybe(draw, 0.3):
        stage["name"] = draw(hostile_text) if hostile else f"Stage {index}"
    fmt = draw(st.sampled_from(FORMATS))
    stage["format"] = fmt
    if (fmt == "swiss_elimination" and _maybe(draw, 0.8)) or _maybe(draw, 0.05):
        stage["elimination"] = {
            "wins_to_advance": draw(numbers)
            if _odd(draw, hostile, 0.1)
            else draw(st.integers(1, 4)),
            "losses_to_eliminate": 0 if _odd(draw, hostile, 0.1) else draw(st.integers(1, 3)),
        }
    stage["ruleset"] = draw(rulesets(hostile))
    swiss = fmt in SWISS_FORMATS or _maybe(draw, 0.05)  # else Swiss keys are refused
    stage.update(draw(format_settings(fmt, ids, index, hostile)))
    if swiss and _maybe(draw, 0.3):
        stage["pairing_method"] = draw(st.sampled_from(METHODS))
    if swiss and _maybe(draw, 0.1):
        stage["slide_first_round"] = draw(st.booleans())
    if _maybe(draw, 0.3):
        stage["max_rounds"] = draw(numbers) if _odd(draw, hostile, 0.2) else draw(st.integers(1, 6))
    if _maybe(draw, 0.5):
        stage["seed"] = draw(hostile_text) if hostile else draw(st.text(max_size=10))
    if ids and _maybe(draw, 0.1):
        values = numbers if hostile else st.integers(1, 20)
        stage["seeds"] = {pid: draw(values) for pid in draw(st.lists(st.sampled_from(ids)))}
    if ids and _maybe(draw, 0.15):
        stage["participants"] = draw(st.lists(st.sampled_from(ids), unique=True))
    if swiss and ids and _maybe(draw, 0.15):
        cut = draw(st.integers(0, len(ids)))
        stage["groups"] = [
            {"name": "A", "players": ids[:cut]},
            {"name": "B", "players": ids[cut:]},
        ]
    if swiss and ids and _maybe(draw, 0.15):
        stage["assigned_byes"] = [
            {
                "player": draw(st.sampled_from(ids)),
                "round": draw(numbers) if _odd(draw, hostile, 0.2) else draw(st.integers(1, 4)),
                "kind": draw(st.sampled_from(BYE_KINDS)),
            }
            for _ in range(draw(st.integers(1, 3)))
        ]
    if swiss and len(ids) >= 2 and _maybe(draw, 0.15):
        stage["forbidden_pairs"] = [
            draw(st.lists(st.sampled_from(ids), min_size=2, max_size=2, unique=True))
            for _ in range(draw(st.integers(1, 3)))
        ]
    if swiss and _maybe(draw, 0.4):
        stage["toss"] = {
            "enabled": draw(st.booleans()),
            "policy": draw(st.sampled_from(TOSS_POLICIES)),
        }
    count = draw(st.integers(0, 5))
    stage["rounds"] = draw(rounds(ids, count, hostile))
    if fmt == "pods" and _maybe(draw, 0.7):
        stage["rounds"] = draw(pod_rounds(ids, count, hostile))
    elif fmt in ("single_elimination", "double_elimination") and _maybe(draw, 0.6):
        for rnd in stage["rounds"]:  # bracket match ids, right or wrong
            for k, match in enumerate(rnd["matches"]):
                match["id"] = (
                    f"M{k + 1}"
                    if not _odd(draw, hostile, 0.3)
                    else draw(st.sampled_from(["M99", "M1", "1.1", "W1.1"]))
                )
    if ids and _maybe(draw, 0.2):
        stage["drops"] = [
            {
                "player": draw(st.sampled_from(ids)),
                "after_round": draw(st.integers(0 if hostile else count, count + 1)),
            }
        ]
    return stage


@st.composite
def document_values(draw: st.DrawFn, hostile: bool | None = None) -> dict[str, Any]:
    """A document as a JSON-able value (``Raw`` fragments allowed); a clean one (no hostile
    atoms: most are valid, to reach the engine) or a hostile one."""
    if hostile is None:
        hostile = _maybe(draw, 0.4)
    n = draw(st.integers(0, 12))
    ids = draw(player_ids(n, hostile))
    doc: dict[str, Any] = {}
    if _maybe(draw, 0.5):
        doc["format"] = "fairpair-tournament"
        doc["version"] = 1
    doc["name"] = draw(hostile_text) if _odd(draw, hostile, 0.3) else "Fuzz open"
    doc["players"] = draw(player_entries(ids, hostile))
    if _maybe(draw, 0.85):
        doc["stages"] = [draw(stages(ids, i, hostile)) for i in range(draw(st.integers(1, 2)))]
    if ids and _maybe(draw, 0.15):
        after = draw(st.integers(0, 6)) if hostile else 6
        doc["drops"] = [{"player": draw(st.sampled_from(ids)), "after_round": after}]
    return doc


@st.composite
def written(draw: st.DrawFn, value: Any, hostile: bool = True) -> bytes:
    """The file's bytes: ASCII-escaped or raw UTF-8 JSON, sometimes indented or with a BOM."""
    styles = ["ascii", "utf8", "indent", "bom"] if hostile else ["ascii", "utf8", "indent"]
    style = draw(st.sampled_from(styles))
    if style == "indent" and not _contains_raw(value):
        text = json.dumps(value, indent=2, ensure_ascii=False)
    else:
        text = dump(value, ensure_ascii=style == "ascii")
    data = encode(text)
    return b"\xef\xbb\xbf" + data if style == "bom" else data


def _contains_raw(value: Any) -> bool:
    if isinstance(value, Raw):
        return True
    if isinstance(value, dict):
        return any(_contains_raw(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_contains_raw(v) for v in value)
    return False


@st.composite
def documents(draw: st.DrawFn) -> bytes:
    hostile = _maybe(draw, 0.4)
    return draw(written(draw(document_values(hostile)), hostile))


# -------------------------------------------------------------- mutations (family b)
def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``value`` (the root included) as a tuple of keys and indexes."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(value, path[:-1])[path[-1]] = new
    return value


def _replace_strings(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        return {k: _replace_strings(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_strings(v, old, new) for v in value]
    return value


def _player_ids_in(value: Any) -> list[str]:
    players = value.get("players") if isinstance(value, dict) else None
    if not isinstance(players, list):
        return []
    return [p["id"] for p in players if isinstance(p, dict) and isinstance(p.get("id"), str)]


MUTATIONS = (
    "delete",
    "wrong_type",
    "duplicate",
    "unknown_id",
    "swap_ids",
    "round_number",
    "hostile_name",
    "deep",
    "huge_number",
)


@st.composite
def mutated_value(draw: st.DrawFn, value: Any) -> Any:
    """``value`` (a parsed document) with one to three structural mutations."""
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(value)
        kind = draw(st.sampled_from(MUTATIONS))
        path = draw(st.sampled_from(paths))
        target = _get(value, path)
        if kind == "delete" and path:
            parent = _get(value, path[:-1])
            del parent[path[-1]]
        elif kind == "duplicate" and isinstance(target, list) and target:
            i = draw(st.integers(0, len(target) - 1))
            target.insert(i, copy.deepcopy(target[i]))
        elif kind == "unknown_id":
            strings = [p for p in paths if isinstance(_get(value, p), str) and p]
            ids = set(_player_ids_in(value))
            refs = [p for p in strings if _get(value, p) in ids] or strings
            if refs:
                ref = draw(st.sampled_from(refs))
                _set(value, ref, draw(st.sampled_from(["zed", "", "\ud800", "ASH", "ash "])))
        elif kind == "swap_ids":
            players = _player_ids_in(value)
            if len(players) >= 2:
                old, new = draw(st.lists(st.sampled_from(players), min_size=2, max_size=2))
                value = _replace_strings(value, old, new)
        elif kind == "round_number":
            numbered = [p for p in paths if p and p[-1] in ("number", "after_round", "round")]
            if numbered:
                big = draw(st.sampled_from([10**9, 10**12, 0, -1, Raw("9" * 5000), "1"]))
                _set(value, draw(st.sampled_from(numbered)), big)
        elif kind == "hostile_name":
            named = [p for p in paths if p and p[-1] in ("name", "id", "seed", "team")]
            if named:
                _set(value, draw(st.sampled_from(named)), draw(hostile_text))
        elif kind == "deep":
            depth = draw(st.sampled_from([50, 1000, 100_000]))
            nest = draw(st.sampled_from([deep(depth), deep_object(depth)]))
            value = _set(value, path, nest)
        elif kind == "huge_number":
            value = _set(value, path, draw(st.sampled_from(HUGE_NUMBERS)))
        else:  # wrong_type
            value = _set(value, path, draw(wrong_values))
        if isinstance(value, Raw):
            break
    return value


@st.composite
def damaged(draw: st.DrawFn, data: bytes) -> bytes:
    """Byte-level damage, sometimes: a BOM, invalid UTF-8, truncation, a flipped byte."""
    kind = draw(st.sampled_from(["none", "none", "bom", "invalid", "truncate", "flip", "nul"]))
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    if not data:
        return data
    at = draw(st.integers(0, len(data) - 1))
    if kind == "invalid":
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", b"\x80"]))
        return data[:at] + bad + data[at:]
    if kind == "truncate":
        return data[:at]
    if kind == "flip":
        return data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]
    if kind == "nul":
        return data[:at] + b"\x00" + data[at:]
    return data


@functools.cache
def _example_texts() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in EXAMPLES)


@st.composite
def mutated_examples(draw: st.DrawFn) -> bytes:
    if _maybe(draw, 0.75):
        base = json.loads(draw(st.sampled_from(_example_texts())))
    else:
        base = draw(document_values())
    value = draw(mutated_value(base))
    data = draw(written(value))
    return draw(damaged(data))


# --------------------------------------------------------------- raw bytes (family c)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), hostile_text),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["name", "players", "stages", "id", "rounds", "number", "x"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=20,
)


def raw_bytes() -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.binary(max_size=2000),
        st.text(odd_characters, max_size=200).map(encode),
        JSONISH.map(lambda v: encode(dump(v, ensure_ascii=False))),
        st.sampled_from(
            [
                b"",
                b"\xef\xbb\xbf",
                b"\xef\xbb\xbf{}",
                b"null",
                b"[]",
                b'"x"',
                b"{}",
                b"NaN",
                b"Infinity",
                b"-Infinity",
                b'{"name": NaN, "players": []}',
                b'{"name": "x", "players": [], "players": []}',
                b"\x00",
                b"\xff\xfe{\x00}\x00",
            ]
        ),
    )
