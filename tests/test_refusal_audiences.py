"""A refusal is said to everyone — a page, the API, the command line — so its reason names
what to do, never how on one interface (issue 28, point 6): no reason given to an error of
``engine/``, ``service/``, ``interop/`` or ``web/`` tells the user to run a command line, and
no message a console page writes does. The command that does it goes in the error's
``command``, which the CLI adds to the reason (a page offers its own action instead)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import fairpair.web.app  # noqa: F401  (every error class of the app, imported)
from fairpair.cli.errors import _problems
from fairpair.engine.errors import FairpairError
from fairpair.service.kernel.errors import AlreadyRecorded

SRC = Path(__file__).parents[1] / "src" / "fairpair"
#: A command line offered to the user: "(fairpair result correct)", "`fairpair toss flip`",
#: ": fairpair event new NAME", "run fairpair …" (not "a fairpair backup": a noun).
COMMAND = re.compile(r"(?:[(`:]\s*|\brun\s+|\buse\s+)fairpair [a-z]")


def _error_names() -> set[str]:
    names: set[str] = set()
    todo = [FairpairError]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        todo += cls.__subclasses__()
    return names


def _texts(node: ast.expr) -> list[str]:
    """The literal text of an argument (a string, an f-string's literal parts, a sum)."""
    return [
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def _reasons(path: Path, errors: set[str]) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if name in errors:
            found += [(node.lineno, t) for arg in node.args for t in _texts(arg)]
    return found


def _web_messages(path: Path) -> list[tuple[int, str]]:
    """The messages a console route writes into its page (``errors[...] = "..."``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Subscript) for t in node.targets):
            found += [(node.lineno, t) for t in _texts(node.value)]
        if isinstance(node, ast.Dict):
            found += [(node.lineno, t) for v in node.values if v is not None for t in _texts(v)]
    return found


@pytest.mark.parametrize("package", ["engine", "service", "interop", "web"])
def test_no_refusal_tells_the_user_to_run_a_command_line(package: str) -> None:
    errors = _error_names()
    wrong = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for path in sorted((SRC / package).rglob("*.py"))
        for line, text in _reasons(path, errors)
        if COMMAND.search(text)
    ]
    assert wrong == []


def test_no_console_page_message_tells_the_user_to_run_a_command_line() -> None:
    wrong = [
        f"{path.name}:{line}: {text!r}"
        for path in sorted((SRC / "web" / "routes").glob("*.py"))
        for line, text in _web_messages(path)
        if COMMAND.search(text)
    ]
    assert wrong == []


def test_the_command_line_still_names_its_command() -> None:
    error = AlreadyRecorded(
        "table", "table 1 already has a result", command="fairpair result correct"
    )
    ((_, _, said),) = _problems(error)
    assert said == "table 1 already has a result (fairpair result correct)"
    assert error.reason == "table 1 already has a result"
