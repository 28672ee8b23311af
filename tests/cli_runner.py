"""Run the ``fairpair`` command line in this process, as a test reads it.

``CliRunner().invoke(app, ["standings", FILE])`` calls the program (``fairpair.cli.app.app``,
or any callable that takes the words and returns an exit code) with standard input empty and
standard output and error captured apart (``stdout``, ``stderr``) and together in the order
written (``output``), encoded in ``charset`` as a pipe would be (no terminal). ``env`` sets
environment variables for the run. An exception that escapes the program is kept in
``exception`` (exit code 1), as the process would end with a traceback.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    exit_code: int
    stdout: str
    stderr: str
    output: str  # stdout and stderr, interleaved as written
    exception: BaseException | None  # a SystemExit when the program exited non-zero


class _Copying(io.BytesIO):
    """A stream's bytes, also copied to the output both streams share."""

    def __init__(self, shared: io.BytesIO) -> None:
        super().__init__()
        self.shared = shared

    def write(self, data: bytes) -> int:  # type: ignore[override]
        self.shared.write(data)
        return super().write(data)


@contextmanager
def _environment(env: Mapping[str, str | None]) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in env}
    try:
        for name, value in env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class CliRunner:
    def __init__(self, charset: str = "utf-8", env: Mapping[str, str | None] | None = None):
        self.charset = charset
        self.env = dict(env or {})

    def invoke(self, app: Callable[[Sequence[str]], int], args: Sequence[str]) -> Result:
        shared = io.BytesIO()
        out, err = _Copying(shared), _Copying(shared)
        stdout = io.TextIOWrapper(out, encoding=self.charset, line_buffering=True)
        stderr = io.TextIOWrapper(err, encoding=self.charset, line_buffering=True)
        stdin = io.TextIOWrapper(io.BytesIO(), encoding=self.charset)
        saved = sys.stdin, sys.stdout, sys.stderr
        exception: BaseException | None = None
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
        try:
            with _environment(self.env):
                try:
                    code = app(list(args))
                except SystemExit as stop:
                    code = (
                        stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
                    )
                except Exception as error:
                    code, exception = 1, error
            if code and exception is None:
                exception = SystemExit(code)
        finally:
            stdout.flush()
            stderr.flush()
            sys.stdin, sys.stdout, sys.stderr = saved

        def text(data: bytes) -> str:
            return data.decode(self.charset, "replace").replace("\r\n", "\n")

        return Result(
            code, text(out.getvalue()), text(err.getvalue()), text(shared.getvalue()), exception
        )
