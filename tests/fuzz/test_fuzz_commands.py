"""Property-based fuzzing of the document reader and every command (issue 7, point 9).

Each property feeds hostile files to ``validate``, ``standings``, ``pair`` and ``toss`` (with and
without ``--json``) in-process and checks the rules in ``harness.py``: never exit 1, never a
traceback, never more than a few seconds, and ``validate`` agreeing with the other commands.
Failures of a class still open on main (``known.KNOWN_OPEN``) are tolerated, nothing else.

CI runs ``FAIRPAIR_FUZZ_EXAMPLES`` examples per property (default 40); the long local run is
``benchmarks/fuzz_long.py`` (docs/fuzzing.md).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.cli.command_line import Command, Group
from fairpair.cli.params import Exit

from . import harness
from .known import KNOWN_OPEN, OPEN, REGRESSIONS, SPECIAL_FILES_OPEN, Regression
from .strategies import EXAMPLES, documents, hostile_text, mutated_examples, raw_bytes

EXAMPLES_PER_TEST = int(os.environ.get("FAIRPAIR_FUZZ_EXAMPLES", "40"))

fuzz = settings(
    max_examples=EXAMPLES_PER_TEST,
    deadline=None,  # timed by the harness instead (harness.TIME_LIMIT)
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        HealthCheck.filter_too_much,
    ],
)
#: Mostly UTF-8; sometimes a standard output that cannot encode everything.
charsets = st.sampled_from(["utf-8"] * 6 + ["ascii", "latin-1"])


def assert_no_new_failure(data: bytes, charset: str) -> None:
    checked = harness.check_input(data, charset)
    event(f"validate exit {checked.validate_code}")
    for f in checked.failures:
        known = harness.known_class(f, data, KNOWN_OPEN)
        event(f"known open: {known}" if known else f"NEW: {f.rule}")
    new = harness.unknown_failures(checked, KNOWN_OPEN)
    assert not new, harness.describe(checked, new) + f"\ninput: {data[:2000]!r}"


@fuzz
@given(data=documents(), charset=charsets)
def test_generated_documents(data: bytes, charset: str) -> None:
    assert_no_new_failure(data, charset)


@fuzz
@given(data=mutated_examples(), charset=charsets)
def test_mutated_examples(data: bytes, charset: str) -> None:
    assert_no_new_failure(data, charset)


@fuzz
@given(data=raw_bytes(), charset=charsets)
def test_raw_bytes(data: bytes, charset: str) -> None:
    assert_no_new_failure(data, charset)


# ------------------------------------------------------------------ the command line's options
option_values = st.one_of(
    hostile_text,
    st.integers().map(str),
    st.sampled_from(["", "-1", "0", "1", "4", "10" * 9, "9" * 5000, "1e5000", "swiss", "mtg"]),
)
OPTIONS = {
    "standings": ("--ruleset", "--stage", "--after-round"),
    "pair": ("--method", "--stage"),
    "toss": ("--stage",),
}
#: Exit codes for a valid document and wrong options (docs/cli.md): 2 a wrong command line,
#: 7 an unknown ruleset or stage, 8 a pairing refusal.
OPTION_CODES = {"standings": {0, 2, 7}, "pair": {0, 2, 7, 8}, "toss": {0, 2, 7}}


@fuzz
@given(
    example=st.sampled_from(EXAMPLES),
    command=st.sampled_from(sorted(OPTIONS)),
    data=st.data(),
    as_json=st.booleans(),
)
def test_options(example: Path, command: str, data: st.DataObject, as_json: bool) -> None:
    chosen = data.draw(st.lists(st.sampled_from(OPTIONS[command]), unique=True, max_size=3))
    args: list[str] = []
    for option in chosen:
        args += [option, data.draw(option_values)]
    if as_json:
        args.append("--json")
    outcome = harness.run(command, example, args)
    failures = harness.failures_of(outcome, example)
    new = [
        f
        for f in failures
        if f.rule != "undocumented-code" and harness.known_class(f, b"", KNOWN_OPEN) is None
    ]
    assert not new, harness.describe(harness.Checked((outcome,), tuple(new)), new)
    assert outcome.exit_code in OPTION_CODES[command], (args, outcome.stderr)


# ----------------------------------------------------------------------------- regressions
@pytest.mark.parametrize(
    "case",
    [
        pytest.param(
            r,
            id=f"{r.name}-{i}",
            marks=[pytest.mark.xfail(strict=False, reason=f"open on main: {r.what}")]
            if r.name in OPEN
            else [],
        )
        for i, r in enumerate(REGRESSIONS)
    ],
)
def test_regressions(case: Regression, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each failure class the fuzzing found, one minimal input: no failure of any kind."""
    monkeypatch.setattr(harness, "HANG_LIMIT", harness.TIME_LIMIT + 1)  # some are the slow ones
    checked = harness.check_input(case.data, case.charset, case.commands)
    assert not checked.failures, harness.describe(checked, checked.failures)


def test_every_known_class_has_a_regression_example() -> None:
    assert {r.name for r in REGRESSIONS} >= OPEN


def _planted_app() -> Callable[[Sequence[str]], int]:
    """A stand-in for ``fairpair`` whose commands break in each way the harness must see."""

    def validate(file: str) -> None:
        print("valid")

    def standings(file: str, json: bool = False) -> None:
        raise ZeroDivisionError("planted")  # escapes: a traceback

    def pair(file: str, json: bool = False) -> None:
        print("error: internal error (KeyError: 'x'). This is a bug", file=sys.stderr)
        raise Exit(1)

    def toss(file: str, json: bool = False) -> None:
        if not json:
            time.sleep(60)
        print("\x1b]0;title\x07")

    planted = Group("fairpair", "The planted commands.")
    for function in (validate, standings, pair, toss):
        planted.commands[function.__name__] = Command(function.__name__, function)

    def run(words: Sequence[str]) -> int:
        try:
            planted.run("fairpair", list(words))
        except Exit as stop:
            return stop.code
        return 0

    return run


@pytest.mark.slow
def test_the_harness_sees_every_kind_of_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks are not vacuous: a crash, an exit 1, a hang and a control character are all
    reported, and a hang is interrupted rather than waited for."""
    monkeypatch.setattr(harness, "app", _planted_app())
    monkeypatch.setattr(harness, "HANG_LIMIT", 3.0)
    commands = (("standings", ()), ("pair", ("--json",)), ("toss", ("--json",)), ("toss", ()))
    start = time.monotonic()
    checked = harness.check_input(b"{}", commands=commands)
    assert time.monotonic() - start < 30
    rules = {(f.rule, f.command) for f in checked.failures}
    assert ("traceback", "standings") in rules
    assert ("internal-error", "standings") in rules  # an escaped exception exits 1 too
    assert ("internal-error", "pair --json") in rules
    assert ("hang", "toss") in rules
    toss_json = next(o for o in checked.outcomes if o.label == "toss --json")
    assert toss_json.exit_code == 0  # --json output is JSON's business: no control check


# ------------------------------------------------------------------- real processes, real stdout
SUBPROCESS_COMMANDS = (("standings", ()), ("pair", ("--json",)), ("toss", ()))


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX locale variables")
@pytest.mark.parametrize("encoding", sorted(harness.ENCODINGS))
def test_subprocess_sample(encoding: str) -> None:
    """A real ``python -m fairpair`` under each stdout encoding, on the richest example."""
    data = max(EXAMPLES, key=lambda p: p.stat().st_size).read_bytes()
    checked = harness.check_subprocess(data, encoding, SUBPROCESS_COMMANDS)
    new = harness.unknown_failures(checked, KNOWN_OPEN)
    assert not new, harness.describe(checked, new)


def test_runner_has_separate_streams() -> None:
    """The harness reads stdout and stderr apart (the test runner keeps them separate)."""
    result = CliRunner().invoke(app, ["validate", "/nonexistent/event.json"])
    assert result.exit_code == 3
    assert "no such file" in result.stderr


# ------------------------------------------------------------------------------- special files
def _capped_memory() -> None:  # runs in the child before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.xfail("unbounded-file" in SPECIAL_FILES_OPEN, strict=False, reason="open on main")
def test_a_file_without_end_is_refused() -> None:
    """/dev/zero never ends: refused as unreadable (3), not read into memory (capped: 1 GB)."""
    import subprocess

    proc = subprocess.run(
        [sys.executable, "-m", "fairpair", "validate", "/dev/zero"],
        capture_output=True,
        timeout=60,
        preexec_fn=_capped_memory,
        check=False,
    )
    assert proc.returncode == 3, proc.stderr.decode(errors="replace")[-500:]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
@pytest.mark.xfail("fifo" in SPECIAL_FILES_OPEN, strict=False, reason="open on main")
def test_a_named_pipe_is_refused(tmp_path: Path) -> None:
    """A FIFO is not a document: refused as unreadable (3) instead of waiting for a writer."""
    import subprocess

    fifo = tmp_path / "event.json"
    os.mkfifo(fifo)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "fairpair", "validate", str(fifo)],
            capture_output=True,
            timeout=5,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("fairpair validate FIFO still waiting after 5 s")
    assert proc.returncode == 3, proc.stderr.decode(errors="replace")[-500:]
