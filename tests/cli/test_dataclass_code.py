"""The dataclasses' compiled methods kept between runs (``fairpair.dataclass_code``): a class
made from kept code is the class ``@dataclass`` makes, a second run compiles nothing, and a
damaged, foreign or unwritable file changes nothing but the speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.dataclass_code import HEADER, OWN, _read

#: Prints what a class is — its signature, its __init__'s annotations (objects, not text),
#: its generated methods at work — for every dataclass of a few engine modules, then how many
#: texts the process compiled.
PROBE = r"""
import dataclasses, inspect, json, sys
if sys.argv[1] == "kept":
    import fairpair.cli  # keeps the compiled methods
from fairpair.dataclass_code import compiled_here
import fairpair.engine.pairing.notes as notes, fairpair.engine.rounds as rounds
import fairpair.engine.stage_config as stage_config

@dataclasses.dataclass(frozen=True)
class Local:  # not fairpair's: made as always, never stored
    x: int = 1

out = {}
for module in (notes, rounds, stage_config):
    for name, cls in sorted(vars(module).items()):
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            continue
        if cls.__module__ == module.__name__:
            out[f"{module.__name__}.{name}"] = [
                str(inspect.signature(cls)),
                {k: repr(v) for k, v in cls.__init__.__annotations__.items()},
                cls.__init__.__code__.co_filename,
                cls.__hash__ is None,
                [
                    (f.name, "-" if f.default is dataclasses.MISSING else repr(f.default))
                    for f in dataclasses.fields(cls)
                ],
            ]
match = rounds.Match(3, "ann", "bob")
try:
    match.table = 4
    frozen = "not frozen"
except dataclasses.FrozenInstanceError as error:
    frozen = str(error)
try:
    del match.a
except dataclasses.FrozenInstanceError as error:
    frozen += "; " + str(error)
same, other = rounds.Match(3, "ann", "bob"), rounds.Match(3, "ann", "cy")
out["Match"] = [repr(match), match == same, match == other, hash(match) == hash(same), frozen,
                repr(Local()), repr(Local.__init__.__annotations__)]
print(json.dumps({"classes": out, "compiled": compiled_here()}))
"""


def _probe(tmp_path: Path, mode: str, **env: str) -> dict[str, object]:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")
    }
    environment["PYTHONPYCACHEPREFIX"] = str(tmp_path / "pycache")
    environment.update(env)
    run = subprocess.run(
        [sys.executable, "-c", PROBE, mode],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    result: dict[str, object] = json.loads(run.stdout)
    return result


def _kept_file(tmp_path: Path) -> Path:
    found = list((tmp_path / "pycache").rglob("*.dataclass-code"))
    assert len(found) <= 1
    return found[0] if found else tmp_path / "none"


def test_a_class_made_from_kept_code_is_the_class_dataclass_makes(tmp_path: Path) -> None:
    plain = _probe(tmp_path, "plain")
    cold = _probe(tmp_path, "kept")
    assert cold["compiled"] > 0  # type: ignore[operator]
    kept = _kept_file(tmp_path)
    assert kept.exists()
    warm = _probe(tmp_path, "kept")
    assert warm["compiled"] == 0, "the second run compiled again"
    assert plain["classes"] == cold["classes"] == warm["classes"]
    classes = plain["classes"]
    assert isinstance(classes, dict)
    assert len(classes) > 40
    # the field's annotation as written (compiled with `from __future__ import annotations`,
    # __init__ would carry the name of the generated parameter instead)
    assert classes["fairpair.engine.rounds.Match"][1]["table"] == "'int'"
    assert classes["Match"][1:4] == [True, False, True]
    assert "cannot assign to field 'table'" in classes["Match"][4]
    # another package's class: its annotations as its module wrote them (no __future__ flag
    # taken from fairpair's module on the way)
    assert classes["Match"][6] == "{'x': <class 'int'>, 'return': None}"
    # only fairpair's classes are stored
    packed = _read(str(kept))
    assert packed
    assert all(module == OWN or module.startswith(OWN + ".") for module in packed)


@pytest.mark.parametrize(
    "damage",
    [b"", b"garbage", HEADER + b"not marshal at all"],
)
def test_a_damaged_file_counts_as_empty_and_is_written_again(tmp_path: Path, damage: bytes) -> None:
    _probe(tmp_path, "kept")
    kept = _kept_file(tmp_path)
    kept.write_bytes(damage)
    again = _probe(tmp_path, "kept")
    assert again["compiled"] > 0  # type: ignore[operator]
    assert _probe(tmp_path, "kept")["compiled"] == 0


def test_another_pythons_file_is_not_used(tmp_path: Path) -> None:
    _probe(tmp_path, "kept")
    kept = _kept_file(tmp_path)
    raw = kept.read_bytes()
    kept.write_bytes(b"\x00\x00\r\n" + raw[4:])  # another magic number: another bytecode
    assert _probe(tmp_path, "kept")["compiled"] > 0  # type: ignore[operator]


def test_nothing_is_written_where_python_writes_no_bytecode(tmp_path: Path) -> None:
    first = _probe(tmp_path, "kept", PYTHONDONTWRITEBYTECODE="1")
    assert first["compiled"] > 0  # type: ignore[operator]
    assert not _kept_file(tmp_path).exists()
    assert _probe(tmp_path, "kept", PYTHONDONTWRITEBYTECODE="1")["compiled"] > 0  # type: ignore[operator]


def test_an_unwritable_folder_changes_nothing_but_the_speed(tmp_path: Path) -> None:
    (tmp_path / "pycache").write_text("a file where the folder would be")
    result = _probe(tmp_path, "kept")
    assert result["compiled"] > 0  # type: ignore[operator]
    assert result["classes"] == _probe(tmp_path, "plain")["classes"]


def test_a_file_cut_short_counts_what_it_still_holds(tmp_path: Path) -> None:
    _probe(tmp_path, "kept")
    kept = _kept_file(tmp_path)
    raw = kept.read_bytes()
    kept.write_bytes(raw[: len(raw) // 2])  # the index names parts past the end
    assert _probe(tmp_path, "kept")["compiled"] > 0  # type: ignore[operator]
    assert _probe(tmp_path, "kept")["compiled"] == 0
