"""Run every ``fairpair`` command on one input and say what went wrong, if anything.

The fuzz tests (``test_fuzz_commands.py``) and the long local run (``benchmarks/fuzz_long.py``)
share this: ``check_input(data)`` writes the bytes to a file, runs ``validate``, ``standings``,
``pair`` and ``toss`` (the last three with and without ``--json``) in-process through the
tests' ``CliRunner`` (tests/cli_runner.py) and returns a list of ``Failure``. The rules checked
(docs/fuzzing.md):

- no command exits 1 (an internal error) or with a code docs/cli.md does not list for it;
- no output contains a Python traceback, and every exception is a ``SystemExit``;
- no command takes longer than ``TIME_LIMIT`` CPU seconds (measured here: hypothesis's
  ``deadline`` is off in the CI profile), and none runs past ``HANG_LIMIT`` wall seconds
  (interrupted by SIGALRM and reported as a hang);
- ``validate`` accepts exactly what the other commands can process: when it exits 0,
  ``standings`` and ``toss`` exit 0 and ``pair`` exits 0 or 8 (a pairing refusal); when it
  refuses with a code in 3..7, every other command refuses too with a code in 3..7;
- the terminal output (not ``--json``) carries no raw control character from the document.

A failure has a ``signature`` (command, code, exception type and the innermost fairpair frame)
so the long run can count distinct failure classes and keep the smallest input of each.
``KNOWN_OPEN`` lists the classes known to fail on today's main; the fuzz properties tolerate a
failure only when it matches one of them. A fixer deletes the entry when the fix lands: the
property then guards the fix, and the class's regression example stops being an xfail.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cli_runner import CliRunner
from fairpair.cli.app import app

#: Seconds one command may take on one input (the issue's "a few seconds").
TIME_LIMIT = float(os.environ.get("FAIRPAIR_FUZZ_TIME_LIMIT", "5"))
#: A command still running after this long is interrupted (SIGALRM) and reported as a hang.
#: Wall-clock (a busy machine stretches it); ``TIME_LIMIT`` is checked on CPU time.
HANG_LIMIT = float(os.environ.get("FAIRPAIR_FUZZ_HANG_LIMIT", str(TIME_LIMIT * 3)))

#: The commands run on every input: (name, extra arguments).
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("standings", ()),
    ("standings", ("--json",)),
    ("pair", ()),
    ("pair", ("--json",)),
    ("toss", ()),
    ("toss", ("--json",)),
)
#: Exit codes each command may end with on a document (docs/cli.md "Exit codes").
DOCUMENTED = {
    "validate": {0, 3, 4, 5, 6, 7},
    "standings": {0, 3, 4, 5, 6, 7},
    "toss": {0, 3, 4, 5, 6, 7},
    "pair": {0, 3, 4, 5, 6, 7, 8},
}
REFUSALS = range(3, 8)

#: C0 controls but newline and tab, DEL and C1 controls (CSI is 0x9b): none of them may reach
#: a terminal from a document (ESC ] 0 ; ... BEL retitles the window; ESC [ 2 J clears it).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
INTERNAL = re.compile(r"internal error \((\w+): ")


class Hang(BaseException):
    """Raised by SIGALRM inside a command that runs past ``HANG_LIMIT``."""


@dataclass(frozen=True)
class Outcome:
    command: str
    args: tuple[str, ...]
    exit_code: int | None
    stdout: str
    stderr: str
    seconds: float  # CPU seconds of this process (wall seconds for a subprocess)
    exception: BaseException | None

    @property
    def label(self) -> str:
        return " ".join((self.command, *self.args))


@dataclass(frozen=True)
class Failure:
    """One broken rule on one input."""

    rule: str  # internal-error, traceback, undocumented-code, slow, hang, validate-*, control
    command: str
    exit_code: int | None
    detail: str  # the first line of stderr, or what was expected
    exception: str = ""  # the exception type, for an internal error
    where: str = ""  # innermost fairpair frame "module.py:func", when known
    charset: str = "utf-8"

    @property
    def signature(self) -> tuple[str, ...]:
        """What makes two failures "the same bug" (the long run deduplicates on this)."""
        if self.rule in ("internal-error", "traceback", "hang"):
            return (self.rule, self.exception, self.where)
        if self.rule.startswith("validate-"):
            return (self.rule, self.command, str(self.exit_code))
        return (self.rule, self.command)


@dataclass(frozen=True)
class Known:
    """A failure class open on today's main; ``matches`` recognises its failures."""

    name: str
    reason: str
    matches: Callable[[Failure], bool] = field(repr=False)
    #: When set, the input must match too (for rules like "slow" that name no exception).
    input_pattern: re.Pattern[bytes] | None = None

    def explains(self, failure: Failure, data: bytes) -> bool:
        if not self.matches(failure):
            return False
        return self.input_pattern is None or self.input_pattern.search(data) is not None


def known_class(failure: Failure, data: bytes, known: Sequence[Known]) -> str | None:
    """The name of the open class that explains ``failure`` on ``data``, if any."""
    return next((k.name for k in known if k.explains(failure, data)), None)


# ----------------------------------------------------------------------------- running
_runner_cache: dict[str, CliRunner] = {}


def _runner(charset: str) -> CliRunner:
    if charset not in _runner_cache:
        # COLUMNS fixed: Rich then lays tables out the same on every machine.
        _runner_cache[charset] = CliRunner(charset=charset, env={"COLUMNS": "100"})
    return _runner_cache[charset]


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` (POSIX main thread only; elsewhere a no-op)."""
    usable = hasattr(signal, "setitimer")
    if usable:
        try:
            previous = signal.signal(signal.SIGALRM, _raise_hang)
        except ValueError:  # not the main thread
            usable = False
    if not usable:
        yield
        return
    # Repeats every second: a signal that lands in a callback Python ignores exceptions from
    # (a gc callback, a __del__) would otherwise be lost and the command run on unbounded.
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _raise_hang(signum: int, frame: Any) -> None:
    raise Hang()


def run(command: str, path: Path, args: Sequence[str] = (), charset: str = "utf-8") -> Outcome:
    """Run ``fairpair COMMAND PATH ARGS`` in-process; never raises (a hang is an outcome)."""
    argv = [command, str(path), *args]
    start = time.process_time()  # CPU time: other work on the machine does not count
    try:
        with _alarm(HANG_LIMIT):
            result = _runner(charset).invoke(app, argv)
    except Hang as hang:
        return Outcome(command, tuple(args), None, "", "", time.process_time() - start, hang)
    except MemoryError as error:  # the worker's memory cap (benchmarks/fuzz_long.py)
        return Outcome(command, tuple(args), 1, "", "internal error (MemoryError: )", 0.0, error)
    seconds = time.process_time() - start
    return Outcome(
        command,
        tuple(args),
        result.exit_code,
        result.stdout,
        result.stderr,
        seconds,
        result.exception,
    )


#: Real standard-output encodings the subprocess sample runs under (environment overrides).
ENCODINGS: dict[str, dict[str, str]] = {
    "utf-8": {"PYTHONIOENCODING": "utf-8"},
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "C locale": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
}


def run_subprocess(
    command: str, path: Path, args: Sequence[str] = (), encoding: str = "utf-8"
) -> Outcome:
    """Run ``python -m fairpair COMMAND PATH ARGS`` in a fresh process with a real stdout."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL")}
    env.update(ENCODINGS[encoding])
    env["COLUMNS"] = "100"
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "fairpair", command, str(path), *args],
            capture_output=True,
            env=env,
            timeout=HANG_LIMIT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Outcome(command, tuple(args), None, "", "", time.perf_counter() - start, Hang())
    seconds = time.perf_counter() - start
    stdout = proc.stdout.decode("utf-8", "backslashreplace")
    stderr = proc.stderr.decode("utf-8", "backslashreplace")
    return Outcome(command, tuple(args), proc.returncode, stdout, stderr, seconds, None)


def check_subprocess(
    data: bytes,
    encoding: str,
    commands: Sequence[tuple[str, tuple[str, ...]]] = COMMANDS,
    time_limit: float | None = None,
) -> Checked:
    """``check_input`` with real processes (start-up time is not held against the limit)."""
    path = _workdir / "event-subprocess.json"
    path.write_bytes(data)
    validate = run_subprocess("validate", path, (), encoding)
    outcomes = [validate]
    failures = _subprocess_failures(validate, path, encoding, time_limit)
    for command, args in commands:
        if any(o.exit_code is None for o in outcomes):
            break
        outcome = run_subprocess(command, path, args, encoding)
        outcomes.append(outcome)
        failures += _subprocess_failures(outcome, path, encoding, time_limit)
        failures += agreement(validate, outcome, encoding)
    return Checked(tuple(outcomes), tuple(failures), data)


def _subprocess_failures(
    outcome: Outcome, path: Path, encoding: str, time_limit: float | None
) -> list[Failure]:
    found = failures_of(outcome, path, encoding)
    limit = time_limit if time_limit is not None else TIME_LIMIT + 5
    kept = [f for f in found if f.rule != "slow"]
    if outcome.seconds > limit:
        detail = f"{outcome.seconds:.1f} s > {limit:.0f} s"
        kept.append(Failure("slow", outcome.label, outcome.exit_code, detail, charset=encoding))
    return kept


def _innermost_fairpair_frame(
    command: str, path: Path, args: Sequence[str], charset: str
) -> tuple[str, str]:
    """Run the command's undecorated body to see where its exception comes from.

    ``handles_errors`` turns an unexpected exception into exit 1 and a message; the body under
    it (``__wrapped__``) lets the exception through, so the long run can name the frame.
    """
    import importlib

    module = importlib.import_module(f"fairpair.cli.{command}")
    body = getattr(getattr(module, command), "__wrapped__", None)
    if body is None:
        return "", ""
    kwargs: dict[str, Any] = {"file": path}
    if "--json" in args:
        kwargs["as_json"] = True
    sink = io.TextIOWrapper(io.BytesIO(), encoding=charset)
    try:
        with (
            _alarm(HANG_LIMIT),
            contextlib.redirect_stdout(sink),
            contextlib.redirect_stderr(sink),
        ):
            body(**kwargs)
    except Hang:
        return "Hang", ""
    except Exception as error:
        return type(error).__name__, frame_of(error)
    return "", ""


def frame_of(error: BaseException) -> str:
    """``module.py:function`` of the innermost fairpair frame, then ``→`` the frame that raised
    when that is outside fairpair (the JSON decoder, Rich)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    ours = [f for f in frames if f"{os.sep}fairpair{os.sep}" in f.filename]
    last = frames[-1]
    raised = f"{Path(last.filename).name}:{last.name}"
    if not ours:
        return raised
    inner = f"{Path(ours[-1].filename).name}:{ours[-1].name}"
    return inner if ours[-1] is last else f"{inner} → {raised}"


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:300]
    return ""


def failures_of(
    outcome: Outcome, path: Path, charset: str = "utf-8", locate: bool = False
) -> list[Failure]:
    """The rules one outcome breaks on its own (not the validate agreement)."""
    out: list[Failure] = []
    code = outcome.exit_code
    cmd = outcome.label

    def fail(rule: str, detail: str, exception: str = "", where: str = "") -> None:
        out.append(Failure(rule, cmd, code, detail, exception, where, charset))

    if isinstance(outcome.exception, Hang):
        fail("hang", f"still running after {HANG_LIMIT:.0f} s", "Hang", "")
        return out
    text = outcome.stdout + outcome.stderr
    if "Traceback (most recent call last)" in text or (
        outcome.exception is not None and not isinstance(outcome.exception, SystemExit)
    ):
        exc = outcome.exception
        name = type(exc).__name__ if exc is not None else "Traceback"
        where = frame_of(exc) if exc is not None else ""
        fail("traceback", _first_line(outcome.stderr) or repr(exc)[:300], name, where)
    if code == 1:
        found = INTERNAL.search(outcome.stderr)
        name = found.group(1) if found else ""
        where = ""
        if locate:
            located, where = _innermost_fairpair_frame(outcome.command, path, outcome.args, charset)
            name = name or located
        fail("internal-error", _first_line(outcome.stderr), name, where)
    elif code is not None and code not in DOCUMENTED[outcome.command]:
        fail("undocumented-code", _first_line(outcome.stderr))
    if outcome.seconds > TIME_LIMIT:
        fail("slow", f"{outcome.seconds:.1f} CPU s > {TIME_LIMIT:.0f} s")
    if "--json" not in outcome.args and code != 1:
        found_control = CONTROL.search(outcome.stdout + outcome.stderr)
        if found_control:
            fail("control", f"raw {found_control.group()!r} in the terminal output")
    return out


def agreement(validate: Outcome, other: Outcome, charset: str = "utf-8") -> list[Failure]:
    """``validate`` accepts exactly what ``other`` can process (see the module docstring)."""
    v, c = validate.exit_code, other.exit_code
    if v is None or c is None or c == 1 or v == 1:
        return []  # reported as a hang or an internal error already
    label = other.label
    detail = _first_line(other.stderr)
    if v == 0:
        allowed = {0, 8} if other.command == "pair" else {0}
        if c not in allowed:
            return [Failure("validate-accepts", label, c, detail, charset=charset)]
    elif v in REFUSALS and c not in REFUSALS:
        return [Failure("validate-refuses", label, c, f"validate exited {v}", charset=charset)]
    return []


@dataclass(frozen=True)
class Checked:
    outcomes: tuple[Outcome, ...]
    failures: tuple[Failure, ...]
    data: bytes = b""

    @property
    def validate_code(self) -> int | None:
        return self.outcomes[0].exit_code


_workdir = Path(tempfile.mkdtemp(prefix="fairpair-fuzz-"))


def check_input(
    data: bytes,
    charset: str = "utf-8",
    commands: Sequence[tuple[str, tuple[str, ...]]] = COMMANDS,
    locate: bool = False,
) -> Checked:
    """Write ``data`` to a file and run every command on it; every rule it breaks."""
    path = _workdir / "event.json"
    path.write_bytes(data)
    validate = run("validate", path, (), charset)
    outcomes = [validate]
    failures = failures_of(validate, path, charset, locate)
    for command, args in commands:
        if any(o.exit_code is None for o in outcomes):
            break  # one hang per input is enough: each costs HANG_LIMIT seconds
        outcome = run(command, path, args, charset)
        outcomes.append(outcome)
        failures += failures_of(outcome, path, charset, locate)
        failures += agreement(validate, outcome, charset)
    return Checked(tuple(outcomes), tuple(failures), data)


def unknown_failures(checked: Checked, known: Sequence[Known]) -> list[Failure]:
    """The failures no open class explains: these make a fuzz property fail."""
    return [f for f in checked.failures if known_class(f, checked.data, known) is None]


def describe(checked: Checked, failures: Sequence[Failure]) -> str:
    lines = [f"{f.rule}: `fairpair {f.command}` exited {f.exit_code}: {f.detail}" for f in failures]
    codes = ", ".join(f"{o.label}={o.exit_code} ({o.seconds:.2f}s)" for o in checked.outcomes)
    return "\n".join([*lines, f"exit codes: {codes}"])
