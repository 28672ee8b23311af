"""What the command line prints: safe text, true hints, the error table, help and schemas."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_runner import CliRunner
from fairpair import __version__
from fairpair.cli import standings as standings_command
from fairpair.cli.app import COMMANDS, app
from fairpair.cli.exit_codes import ExitCode
from fairpair.cli.options import RULESETS
from fairpair.cli.output import spliced
from fairpair.cli.pair import Method
from fairpair.cli.screen import Screen
from fairpair.cli.table import Column, TextTable, draw, row
from fairpair.cli.text import clean, plural
from fairpair.engine.errors import FairpairError, PairingRefused, UnknownRound
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import PairingMethod
from fairpair.engine.validation import Problem
from fairpair.error_table import ERROR_TABLE, code_of, kind_of
from fairpair.interop.errors import DocumentError, UnreadableFile
from fairpair.responses.schemas import SCHEMAS, schema_text

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


# -- text that cannot attack the terminal, in any encoding -------------------------------------


def test_control_characters_and_escape_sequences_are_shown_escaped() -> None:
    name = "Eve\x1b]0;owned\x07\x1b[2J\u202eevil\r"
    assert clean(name, "utf-8") == "Eve\\x1b]0;owned\\x07\\x1b[2J\\u202eevil\\x0d"


def test_what_an_encoding_cannot_hold_degrades_readably() -> None:
    assert clean("A — B", "ascii") == "A - B"
    assert clean("2½ and ½", "ascii") == "2.5 and 1/2"
    assert clean("Chloé Yılmaz", "ascii") == "Chloe Yilmaz"
    assert clean("Chloé", "cp1252") == "Chloé"  # cp1252 has it
    assert clean("李", "cp1252") == "\\u674e"
    assert clean("a \ud800 b", "utf-8") == "a \\ud800 b"  # a lone surrogate never crashes


def test_plurals() -> None:
    assert plural(1, "round") == "1 round"
    assert plural(2, "stage") == "2 stages"
    assert plural(3, "match", "matches") == "3 matches"


def test_a_narrow_terminal_drops_columns_and_says_so_instead_of_cutting() -> None:
    table = TextTable(
        "T",
        (Column("Player"), Column("Long column", drop=1), Column("Pts", "right")),
        (row("Maximiliana Wolfeschlegelsteinhausen", "x" * 20, "10"),),
    )
    narrow = draw(table, Screen(terminal=False, width=45, encoding="utf-8"))
    assert "Maximiliana Wolfeschlegelsteinhausen" in narrow and "10" in narrow
    assert "Long column" not in narrow.splitlines()[1]
    assert "not shown, to fit 45 columns: Long column" in narrow
    wide = draw(table, Screen(terminal=False, width=None, encoding="utf-8"))
    assert "Long column" in wide and "not shown" not in wide


# -- hints that are true --------------------------------------------------------------------


def test_after_saving_round_one_standings_do_not_say_pair_round_one(
    seed_001_data: dict[str, Any], write_json: Any
) -> None:
    seed_001_data["stages"][0]["rounds"] = []
    path = write_json(seed_001_data)
    assert run("standings", str(path)).output.count("Pair round 1") == 1
    assert run("pair", str(path), "--save").exit_code == 0
    out = run("standings", str(path)).output
    assert "Pair round 1" not in out
    assert "round 1 in progress: 0 of 4 results in" in out


def test_a_saved_unplayed_round_is_not_called_played(seed_001_path: Path, write_json: Any) -> None:
    path = write_json(json.loads(seed_001_path.read_text("utf-8")))
    assert run("pair", str(path), "--save").exit_code == 0
    out = run("standings", str(path)).output
    assert "after round 4; round 5 in progress: 0 of 4 results in" in out
    assert "after round 5" not in out
    payload = json.loads(run("standings", str(path), "--json").output)
    assert payload["complete_through"] == 4
    assert payload["rounds_in_progress"] == [{"round": 5, "results_in": 0, "tables": 4}]
    valid = run("validate", str(path))
    assert valid.exit_code == 0
    assert "5 rounds" in valid.output and "round 5: 4 of 4 results missing" in valid.output


def test_validate_says_one_stage_not_stages(seed_001_path: Path) -> None:
    out = run("validate", str(seed_001_path)).output
    assert "1 stage," in out and "stage(s)" not in out and "round(s)" not in out


def test_after_round_past_the_last_round_is_an_error_naming_it(seed_001_path: Path) -> None:
    result = run("standings", str(seed_001_path), "--after-round", "9")
    assert result.exit_code == ExitCode.UNKNOWN_NAME
    assert "no round 9" in result.output and "last round is round 4" in result.output


def test_error_places_speak_the_organizers_language(
    seed_001_data: dict[str, Any], write_json: Any
) -> None:
    seed_001_data["stages"][0]["rounds"][3]["matches"][0]["result"] = {"kind": "played"}
    result = run("validate", str(write_json(seed_001_data)))
    assert result.exit_code == ExitCode.INVALID
    assert "stages[0].rounds[3].matches[0].result" in result.output
    assert "round 4, table 1, result" in result.output
    assert "Model" not in result.output


def test_errors_in_json_carry_their_stable_code(tmp_path: Path) -> None:
    result = run("standings", str(tmp_path / "none.json"), "--json")
    assert result.exit_code == ExitCode.UNREADABLE
    error = json.loads(result.output)["error"]
    assert error["code"] == "unreadable_file" and error["exit_code"] == 3


# -- the error table ------------------------------------------------------------------------


def test_every_error_kind_has_one_row() -> None:
    assert kind_of(UnreadableFile("f", "no such file")).exit is ExitCode.UNREADABLE
    assert kind_of(DocumentError([Problem("players", "is required")])).exit is ExitCode.INVALID
    assert kind_of(UnknownRound("--after-round", "x")).exit is ExitCode.UNKNOWN_NAME
    assert kind_of(FairpairError("", "x")).exit is ExitCode.INTERNAL
    assert kind_of(RuntimeError("x")).code == "internal_error"

    class NewRefusal(PairingRefused):
        code = "brand_new"

    assert kind_of(NewRefusal("", "x")).exit is ExitCode.REFUSED  # its base's row
    assert kind_of(NewRefusal("", "x")).code == "brand_new"
    for cls in _subclasses(FairpairError) - {NewRefusal}:
        assert code_of(cls.__new__(cls)) in ERROR_TABLE, cls


def _subclasses(cls: type[FairpairError]) -> set[type[FairpairError]]:
    import fairpair.engine.pairing.refusals
    import fairpair.engine.toss.errors
    import fairpair.engine.validation  # noqa: F401

    out: set[type[FairpairError]] = set()
    for sub in cls.__subclasses__():
        out |= {sub, *_subclasses(sub)}
    return out


def test_docs_show_the_error_table() -> None:
    doc = (ROOT / "docs" / "cli.md").read_text("utf-8")
    for kind in ERROR_TABLE.values():
        assert f"| `{kind.code}` | {int(kind.exit)} | {kind.http} |" in doc, kind.code


# -- help, version, usage -------------------------------------------------------------------


def test_version_and_short_help() -> None:
    assert run("--version").output.strip() == f"fairpair {__version__}"
    assert run("-h").exit_code == 0
    for command in COMMANDS:
        result = run(command, "-h")
        assert result.exit_code == 0, command
        assert "<bool>" not in result.output and "{" not in result.output, command
        assert "<path>" not in result.output
        assert result.output.isascii(), command  # help reads the same on any terminal


def test_an_option_group_lists_its_options_where_it_stands() -> None:
    out = run("round", "dates", "-h").output  # EVENT N --start --end, then run: StageChange
    order = [out.index(f"  {name} ") for name in ("--start", "--end", "--stage", "--db", "--as")]
    assert order == sorted(order) and "--json" in out[order[-1] :]
    release = run("round", "release", "-h").output  # a group before an option of its own
    assert release.index("  --json ") < release.index("  --all ")


def test_an_option_group_keeps_json_errors(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    result = run("round", "open", "nowhere", "1", "--db", url, "--json")
    assert result.exit_code == ExitCode.UNKNOWN_NAME, result.output
    assert json.loads(result.stderr)["error"]["code"] == "unknown_event"


def test_help_names_the_metavariables_and_the_presets() -> None:
    out = run("standings", "-h").output
    assert "FILE" in out and "--ruleset NAME" in out and "--after-round N" in out
    assert ", ".join(RULESETS) in out.replace("\n", " ").replace("  ", " ") or all(
        name in out for name in RULESETS
    )


def test_the_cli_lists_match_the_engine() -> None:
    assert set(RULESETS) == set(PRESETS)
    assert [m.value for m in Method] == [m.value for m in PairingMethod]


@pytest.mark.parametrize("players", ["1", "10000001", "1" + "0" * 400, "10**400", "x"])
def test_rounds_out_of_range_is_a_usage_error(players: str) -> None:
    result = run("rounds", players)
    assert result.exit_code == ExitCode.USAGE
    assert "Traceback" not in result.output


def test_a_folder_or_missing_file_exits_3(tmp_path: Path) -> None:
    for command in ("standings", "pair", "toss", "validate"):
        assert run(command, str(tmp_path)).exit_code == ExitCode.UNREADABLE, command
        assert run(command, str(tmp_path / "no.json")).exit_code == ExitCode.UNREADABLE


# -- big events: one page by default ---------------------------------------------------------


def big_event(players: int) -> dict[str, Any]:
    ids = [f"p{i}" for i in range(players)]
    matches = [
        {"table": t + 1, "a": ids[2 * t], "b": ids[2 * t + 1], "result": {"winner": "a"}}
        for t in range(players // 2)
    ]
    return {
        "name": "Big",
        "players": [{"id": p, "name": f"Player {p}"} for p in ids],
        "stages": [{"id": "swiss", "rounds": [{"number": 1, "matches": matches}]}],
    }


def test_big_tables_show_one_page_unless_asked(write_json: Any) -> None:
    path = str(write_json(big_event(120)))
    for command in ("standings", "toss"):
        first = run(command, path).output
        assert "showing 1–50 of 120; --all or --page 2" in first, command
        assert sum("Player p" in line for line in first.splitlines()) == 50
        last = run(command, path, "--page", "3").output
        assert "showing 101–120 of 120" in last
        every = run(command, path, "--all").output
        assert sum("Player p" in line for line in every.splitlines()) == 120
        assert "showing" not in every
        assert run(command, path, "--page", "4").exit_code == ExitCode.USAGE
        json_rows = json.loads(run(command, path, "--json").output)
        assert len(json_rows.get("rows", json_rows.get("players", []))) == 120


# -- response schemas -----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_published_schemas_are_current(name: str) -> None:
    published = (ROOT / "docs" / "schemas" / name).read_text("utf-8")
    assert published == schema_text(SCHEMAS[name]), (
        "run `uv run python -m fairpair.responses.schemas`"
    )


def test_json_output_validates_against_its_model(seed_001_path: Path) -> None:
    from fairpair.responses.standings import StandingsResponse
    from fairpair.responses.toss import TossTableResponse

    StandingsResponse.model_validate_json(run("standings", str(seed_001_path), "--json").output)
    TossTableResponse.model_validate_json(run("toss", str(seed_001_path), "--json").output)


def _process(args: list[str], **env: str) -> Any:
    import os
    import subprocess
    import sys

    clean_env = {
        k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS")
    }
    return subprocess.run(
        [sys.executable, "-m", "fairpair", *args],
        capture_output=True,
        text=True,
        env={**clean_env, **env},
        check=False,
        timeout=60,
    )


def test_columns_zero_prints_the_table(seed_001_path: Path) -> None:
    done = _process(["standings", str(seed_001_path)], COLUMNS="0", FORCE_COLOR="1")
    assert done.returncode == 0, done.stderr
    assert "Bea" in done.stdout and "Ivo" in done.stdout


def test_piped_messages_are_never_wrapped(seed_001_data: dict[str, Any], write_json: Any) -> None:
    path = write_json(seed_001_data)
    done = _process(["pair", str(path), "--save"], COLUMNS="40")
    assert done.returncode == 0, done.stderr
    saved = next(line for line in done.stdout.splitlines() if line.startswith("saved:"))
    assert saved.endswith("then pair the next round.")
    notes = [line for line in done.stdout.splitlines() if line.startswith("• ")]
    assert notes and all(line.endswith(".") for line in notes)


def test_a_save_that_fails_prints_no_success(
    seed_001_data: dict[str, Any], write_json: Any, monkeypatch: Any
) -> None:
    path = write_json(seed_001_data)
    before = path.read_bytes()

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise UnreadableFile(str(path), "cannot be written: read-only file system")

    monkeypatch.setattr("fairpair.interop.save.save_with_new_round", refuse)
    result = run("pair", str(path), "--save")
    assert result.exit_code == ExitCode.UNREADABLE
    assert "saved:" not in result.output and "Why these pairings" not in result.output
    assert "cannot be written" in result.output
    assert path.read_bytes() == before


# -- start-up: nothing imported that the command does not need -----------------------------

_PROBE = """
import atexit, json, sys
def dump():
    names = [m for m in sys.modules if m.startswith(("fairpair", "rich", "pydantic", "_hashlib"))]
    sys.stderr.write("\\nMODULES " + json.dumps(names))
atexit.register(dump)
sys.argv = ["fairpair", *sys.argv[1:]]
from fairpair.cli.app import main
main()
"""


def _modules(*args: str, **env: str) -> set[str]:
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        check=False,
        timeout=60,
    )
    return set(json.loads(done.stderr.rsplit("MODULES ", 1)[1]))


def test_the_app_imports_no_engine_and_a_command_only_what_it_draws(seed_001_path: Path) -> None:
    version = _modules("--version")
    assert not {m for m in version if m.startswith(("fairpair.engine", "fairpair.interop"))}
    assert not {m for m in version if m.startswith(("rich", "fairpair.responses"))}
    piped = _modules("standings", str(seed_001_path), TTY_COMPATIBLE="0")
    assert "fairpair.engine.standings" in piped
    assert not {m for m in piped if m.startswith("rich")}  # plain text needs no Rich
    assert "fairpair.responses.standings" not in piped  # no response models without --json
    # pydantic-core's compiled validator, not its package's typed schema definitions (16 ms),
    # and SHA-256 without OpenSSL (3 ms): interop/document/validator_core.py, engine/sha256.py
    assert "pydantic_core._pydantic_core" in piped
    assert not {"pydantic_core", "pydantic_core.core_schema", "_hashlib"} & piped
    assert not {m for m in piped if m.startswith(("fairpair.cli.pair", "fairpair.cli.toss"))}
    as_json = _modules("standings", str(seed_001_path), "--json")
    assert "fairpair.responses.standings_data" in as_json
    assert not {m for m in as_json if m.startswith("rich")}
    # --json writes plain data: no pydantic and no response models (docs/performance.md)
    assert not {m for m in as_json if m.split(".")[0] == "pydantic"}  # pydantic-core reads it
    assert "fairpair.responses.standings" not in as_json
    draft = _modules("pair", str(seed_001_path), "--json")
    assert "fairpair.responses.draft_data" in draft
    assert not {m for m in draft if m.split(".")[0] == "pydantic"}
    assert not {m for m in draft if m.startswith(("fairpair.responses.draft", "rich"))} - {
        "fairpair.responses.draft_data"
    }
    assert "fairpair.interop.save" not in draft  # only with --save
    # a file's path as typed, read with os: pathlib (and urllib.parse, ipaddress) is 4 ms of a
    # start; the shipped validator through the C unpickler, not pickle's module (1.5 ms)
    for modules in (version, piped, as_json, draft):
        assert not {"pathlib", "urllib.parse", "ipaddress"} & modules
    assert not {"pickle", "fairpair.interop.document.core_schema"} & (as_json | draft)


def test_json_bytes_to_a_utf8_pipe_are_the_text_path_s_bytes(seed_001_path: Path) -> None:
    """To a UTF-8 pipe the JSON goes out as orjson's bytes (cli/output.json_bytes); to any
    other encoding as text, escaped where it cannot hold a character (the em dash of a value
    not defined). The same data either way, and the bytes are what the standard library's
    indenting encoder writes in UTF-8."""
    import os
    import subprocess
    import sys

    def run(command: str, encoding: str) -> bytes:
        done = subprocess.run(
            [sys.executable, "-m", "fairpair", command, str(seed_001_path), "--json"],
            capture_output=True,
            env={**os.environ, "PYTHONIOENCODING": encoding},
            check=True,
            timeout=60,
        )
        return done.stdout

    for command in ("standings", "pair"):
        as_bytes, as_text = run(command, "utf-8"), run(command, "latin-1")
        data = json.loads(as_bytes)
        assert data == json.loads(as_text)
        assert as_bytes == (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)  # orjson's range
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=12,
)


@given(
    head=st.dictionaries(st.text(), json_values, max_size=4),
    parts=st.lists(st.lists(json_values, max_size=4), max_size=4),
)
def test_a_list_written_in_parts_is_the_whole_list_s_text(
    head: dict[str, Any], parts: list[list[Any]]
) -> None:
    payload = {**head, "rows": []}
    options = orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE
    whole = orjson.dumps(
        {**payload, "rows": [item for part in parts for item in part]}, option=options
    )
    assert b"".join(spliced(orjson.dumps(payload, option=options), "rows", parts)) == whole


def test_a_part_orjson_cannot_write_is_written_by_the_standard_library() -> None:
    payload = {"rows": [], "after": 1}
    parts = [[{"a": 1}], [{"b": 10**30}]]  # past orjson's 64 bits
    text = b"".join(spliced(orjson.dumps(payload, option=orjson.OPT_INDENT_2), "rows", parts))
    assert json.loads(text) == {"rows": [{"a": 1}, {"b": 10**30}], "after": 1}
    assert text.decode() == json.dumps(json.loads(text), indent=2)


@pytest.mark.parametrize("charset", ["utf-8", "latin-1"])
def test_a_big_standings_table_is_written_in_parts_as_it_is_written_whole(
    seed_001_path: Path, charset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``standings --json`` writes a table of more than ``ROWS_AT_ONCE`` rows a part at a time
    (``print_json_parts``): the same text, to a UTF-8 pipe and to any other."""
    words = ["standings", str(seed_001_path), "--json"]
    piped = CliRunner(charset=charset)
    whole = piped.invoke(app, words)
    monkeypatch.setattr(standings_command, "ROWS_AT_ONCE", 2)
    in_parts = piped.invoke(app, words)
    assert in_parts.exit_code == whole.exit_code == 0
    assert in_parts.stdout == whole.stdout
    assert len(json.loads(whole.stdout)["rows"]) > 2
