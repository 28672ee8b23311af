"""``--save`` respects the file (issue 14.7): only the new round is added, in the user's own
layout; a read-only file is refused; a link is written through; a killed save leaves nothing
the next save does not remove."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from fairpair.engine.pairing import pair_next_round
from fairpair.interop.append import add_round_text
from fairpair.interop.document import load_document
from fairpair.interop.errors import UnreadableFile, UnwritableFile
from fairpair.interop.save import save_document, save_with_new_round, temp_path

HAND_WRITTEN = """{
    "name": "Thursday league",
    "players": [
        {"id": "ash", "name": "Ash"},
        {"id": "bea", "name": "Bea"},
        {"id": "cole", "name": "Cole"},
        {"id": "dev", "name": "Dev"},
        {"id": "eli", "name": "Eli"}
    ],
    "stages": [
        {
            "id": "swiss",
            "name": "Swiss",
            "ruleset": "mtg",
            "groups": [],
            "rounds": [
                {
                    "number": 1,
                    "matches": [
                        {"a": "ash", "b": "bea", "table": 1, "result": {"winner": "a"}},
                        {"a": "cole", "b": "dev", "table": 2, "result": {"games": [2, 1]}}
                    ],
                    "byes": [{"player": "eli", "kind": "pairing"}]
                }
            ],
            "drops": []
        }
    ]
}
"""


def save_next(path: Path) -> str:
    """Pair the next round of ``path`` and save it; the file's new text."""
    tournament = load_document(path)
    stage = tournament.stage()
    save_with_new_round(path, stage.id, pair_next_round(tournament).to_round())
    return path.read_text(encoding="utf-8")


def insertion(old: str, new: str) -> str:
    """What ``new`` adds to ``old``, asserting it is one insertion and nothing else."""
    start = 0
    while start < len(old) and old[start] == new[start]:
        start += 1
    end = 0
    while end < len(old) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    assert new[:start] + new[len(new) - end :] == old
    return new[start : len(new) - end]


def test_a_hand_written_document_gains_only_the_new_round(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    new = save_next(path)
    added = insertion(HAND_WRITTEN, new)
    # The round is written as the user writes rounds: one match a line in their key order,
    # the bye kind they always write, at the same indentation.
    lines = added.split("\n")
    assert lines[0] == ","
    assert lines[1] == " " * 16 + "{"
    assert lines[2] == " " * 20 + '"number": 2,'
    assert lines[3] == " " * 20 + '"matches": ['
    assert re.fullmatch(r' {24}\{"a": "\w+", "b": "\w+", "table": 1\},', lines[4])
    assert re.fullmatch(r' {24}\{"a": "\w+", "b": "\w+", "table": 2\}', lines[5])
    assert lines[6] == " " * 20 + "],"
    assert re.fullmatch(r' {20}"byes": \[\{"player": "\w+", "kind": "pairing"\}\]', lines[7])
    assert lines[8] == " " * 16 + "}"
    again = load_document(path)
    assert [r.number for r in again.stage().rounds] == [1, 2]
    assert json.loads(new)["stages"][0]["drops"] == []  # what the user wrote stays


@pytest.mark.parametrize(
    "text",
    [
        # one line
        '{"name": "x", "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]}',
        # no rounds yet, tabs
        '{\n\t"name": "x",\n\t"players": [\n\t\t{"id": "a", "name": "A"},\n\t\t{"id": "b", '
        '"name": "B"}\n\t],\n\t"stages": [\n\t\t{"id": "main"}\n\t]\n}\n',
        # an empty rounds list
        '{\n  "name": "x",\n  "players": [\n    {"id": "a", "name": "A"},\n    {"id": "b", '
        '"name": "B"}\n  ],\n  "stages": [{"rounds": []}]\n}\n',
        # an empty stage object
        '{\n  "name": "x",\n  "players": [\n    {"id": "a", "name": "A"},\n    {"id": "b", '
        '"name": "B"}\n  ],\n  "stages": [\n    {}\n  ]\n}\n',
        # escaped non-ASCII
        '{"name": "Caf\\u00e9", "players": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],'
        '\n "stages": [{"rounds": []}]}',
    ],
    ids=["one line", "tabs, no rounds", "empty rounds", "empty stage", "escaped text"],
)
def test_any_layout_gains_round_one_and_nothing_else(tmp_path: Path, text: str) -> None:
    path = tmp_path / "event.json"
    path.write_text(text, encoding="utf-8")
    before = load_document(path)
    new = save_next(path)
    after = load_document(path)
    assert after.stage().rounds[0].number == 1
    assert after.players == before.players
    assert after.name == before.name
    data_before, data_after = json.loads(text), json.loads(new)
    for key in data_before:
        if key != "stages":
            assert data_after[key] == data_before[key]
    if "\t" in text:
        assert "\t\t\t" in new and "  " not in new.replace(", ", "").replace(": ", "")
    if "\n" not in text:
        assert "\n" not in new.strip()


#: Documents whose text is not all ASCII (names of two, three and four UTF-8 bytes), in each of
#: the ways a round is added: after the last round, into an empty ``rounds``, as a stage's
#: first ``rounds``, as the document's first ``stages``, and into an empty stage object whose
#: closing brace is on a line of its own (the whitespace before it is replaced).
NON_ASCII = {
    "after a round": HAND_WRITTEN.replace('"Ash"', '"Zoë Ångström"').replace('"Bea"', '"王芳"'),
    "empty rounds": '{"name": "Café 🂡", "players": [{"id": "a", "name": "Ünal"}, '
    '{"id": "b", "name": "Łucja"}], "stages": [{"rounds": []}]}',
    "no rounds": '{\n  "name": "Tōkyō",\n  "players": [\n    {"id": "a", "name": "A"},\n'
    '    {"id": "b", "name": "Bø"}\n  ],\n  "stages": [\n    {"id": "main", "name": "Švýcar"}\n'
    "  ]\n}\n",
    "no stages": '{"name": "Ελλάδα", "players": [{"id": "a", "name": "A"}, '
    '{"id": "b", "name": "B"}]}',
    "empty stage over lines": '{\n  "name": "Zürich",\n  "players": [\n    {"id": "a", '
    '"name": "A"},\n    {"id": "b", "name": "B"}\n  ],\n  "stages": [\n    {\n    }\n  ]\n}\n',
}


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["no mark", "byte order mark"])
@pytest.mark.parametrize("text", NON_ASCII.values(), ids=NON_ASCII.keys())
def test_a_save_writes_the_files_own_bytes_around_the_new_round(
    tmp_path: Path, text: str, bom: bytes
) -> None:
    """The save writes the file's bytes before and after the insertion as they were (offsets
    in bytes, not characters): the same file as the new text written whole."""
    path = tmp_path / "event.json"
    path.write_bytes(bom + text.encode("utf-8"))
    tournament = load_document(path)
    new_round = pair_next_round(tournament).to_round()
    expected = bom + add_round_text(text, tournament.stage().id, new_round).encode("utf-8")
    save_with_new_round(path, tournament.stage().id, new_round)
    assert path.read_bytes() == expected
    after = load_document(path)
    assert after.players == tournament.players and after.name == tournament.name
    assert [r.number for r in after.stage().rounds] == [
        r.number for r in tournament.stage().rounds
    ] + [new_round.number]


def test_a_byte_order_mark_stays(tmp_path: Path, seed_001_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(b"\xef\xbb\xbf" + seed_001_path.read_bytes())
    save_next(path)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert len(load_document(path).stage().rounds) == 5


def test_the_seed_document_gains_only_round_five(tmp_path: Path, seed_001_path: Path) -> None:
    path = tmp_path / "event.json"
    old = seed_001_path.read_text(encoding="utf-8")
    path.write_text(old, encoding="utf-8")
    added = insertion(old, save_next(path))
    assert json.loads(added.lstrip(",").strip())["number"] == 5


def test_a_read_only_file_is_refused(tmp_path: Path, seed_001_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(seed_001_path.read_bytes())
    path.chmod(0o444)
    tournament = load_document(path)
    with pytest.raises(UnwritableFile, match="read-only") as caught:
        save_with_new_round(path, "swiss", pair_next_round(tournament).to_round())
    assert isinstance(caught.value, UnreadableFile)  # exit code 3
    assert path.read_bytes() == seed_001_path.read_bytes()
    assert stat.S_IMODE(path.stat().st_mode) == 0o444
    with pytest.raises(UnwritableFile):
        save_document(tournament, path)


def test_a_symbolic_link_is_written_through(tmp_path: Path, seed_001_path: Path) -> None:
    target = tmp_path / "real" / "event.json"
    target.parent.mkdir()
    target.write_bytes(seed_001_path.read_bytes())
    target.chmod(0o640)
    link = tmp_path / "event.json"
    link.symlink_to(target)
    save_next(link)
    assert link.is_symlink()
    assert len(load_document(target).stage().rounds) == 5
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert list(tmp_path.iterdir()) == [target.parent, link] or set(tmp_path.iterdir()) == {
        target.parent,
        link,
    }
    assert list(target.parent.iterdir()) == [target]


CRASH = """
import os, sys
from fairpair.engine.pairing import pair_next_round
from fairpair.interop.document import load_document
from fairpair.interop.save import save_with_new_round

def killed(fd):  # the process dies after writing the temporary file, before the rename
    os.kill(os.getpid(), 9)

os.fsync = killed
path = sys.argv[1]
t = load_document(path)
save_with_new_round(path, "swiss", pair_next_round(t).to_round())
"""


def test_a_killed_save_leaves_the_file_and_the_next_save_cleans_up(
    tmp_path: Path, seed_001_path: Path
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(seed_001_path.read_bytes())
    done = subprocess.run(
        [sys.executable, "-c", CRASH, str(path)], capture_output=True, timeout=60, check=False
    )
    assert done.returncode == -9, done.stderr
    assert path.read_bytes() == seed_001_path.read_bytes()  # the old file, whole
    assert temp_path(path).exists()  # what the killed save left behind
    save_next(path)
    assert not temp_path(path).exists()
    assert sorted(os.listdir(tmp_path)) == ["event.json"]
    assert len(load_document(path).stage().rounds) == 5


def test_a_save_that_fails_leaves_no_temporary_file(
    tmp_path: Path, seed_001_path: Path, monkeypatch: Any
) -> None:
    path = tmp_path / "event.json"
    path.write_bytes(seed_001_path.read_bytes())

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(UnwritableFile, match="No space left"):
        save_next(path)
    assert sorted(os.listdir(tmp_path)) == ["event.json"]
    assert path.read_bytes() == seed_001_path.read_bytes()


def test_a_file_changed_since_pairing_is_refused(seed_001_path: Path) -> None:
    text = seed_001_path.read_text(encoding="utf-8")
    tournament = load_document(seed_001_path)
    draft_round = pair_next_round(tournament).to_round()
    with pytest.raises(UnreadableFile.__mro__[1], match="changed while pairing"):
        add_round_text(text, "swiss", type(draft_round)(7, draft_round.matches))


def test_fairpair_pair_save_adds_only_the_round(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "fairpair", "pair", str(path), "--save"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    added = insertion(HAND_WRITTEN, path.read_text(encoding="utf-8"))
    assert json.loads(added.lstrip(",").strip())["number"] == 2
    assert sorted(os.listdir(tmp_path)) == ["event.json"]


def test_fairpair_pair_save_refuses_a_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(HAND_WRITTEN, encoding="utf-8")
    path.chmod(0o444)
    done = subprocess.run(
        [sys.executable, "-m", "fairpair", "pair", str(path), "--save"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 3, done.stderr
    assert "read-only" in done.stderr and "Traceback" not in done.stderr
    assert path.read_text(encoding="utf-8") == HAND_WRITTEN


def test_save_document_of_other_changes_writes_the_whole_document(
    tmp_path: Path, seed_001_path: Path
) -> None:
    from dataclasses import replace

    path = tmp_path / "event.json"
    path.write_bytes(seed_001_path.read_bytes())
    renamed = replace(load_document(path), name="Renamed")
    save_document(renamed, path)
    assert load_document(path) == renamed
