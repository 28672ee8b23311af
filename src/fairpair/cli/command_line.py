"""The words of a command line, read with argparse: a ``Command`` is a typed function whose
parameters declare themselves (``fairpair.cli.params``); a ``Group`` holds commands by name
(``fairpair round release``).

argparse only splits the words (options anywhere, ``--opt=value``, ``--``, positionals in
order); this module checks and converts them, so every mistake reads the same way and exits 2::

    Usage: fairpair standings [OPTIONS] EVENT|FILE
    Try 'fairpair standings -h' for help.

    Error: Invalid value for '--page': 0 is not in the range x>=1.

``-h`` (anywhere before ``--``) prints the command's help: the usage line, the function's
docstring, its arguments and its options, each with its default, range and whether it is
required, wrapped to the terminal (at most 80 columns).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import os
import sys
import typing
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from fairpair.cli.params import Argument, Exit, Option, UsageError
from fairpair.cli.terminal import terminal_width

HELP = ("-h", "--help")
HELP_ROW = ("-h, --help", "Show this message and exit.")
#: The name each type has in the help when the declaration gives no metavariable.
#: (A path type, ``os.PathLike``, is ``PATH``: this module never imports ``pathlib``, 4 ms of every
#: start, for the commands that take none.)
KIND_NAMES: dict[type, str] = {str: "TEXT", int: "INTEGER", float: "FLOAT"}
_MISSING: Any = object()


# -- reading the declarations -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Param:
    """One argument or option of a command, as declared."""

    name: str  # the function's parameter (or the option group's field)
    kind: type  # str, int, float, bool, a path (pathlib.Path) or an enum
    many: bool  # a list: the option repeated, or the argument's remaining words
    default: Any  # _MISSING: required
    declared: Argument
    names: tuple[str, ...] = ()  # an option's names: ("-o", "--output")
    off: tuple[str, ...] = ()  # a flag's off switch: ("--no-seed",)
    group: str | None = None  # the option group's parameter this field belongs to

    @property
    def is_argument(self) -> bool:
        return not isinstance(self.declared, Option)

    @property
    def required(self) -> bool:
        return self.default is _MISSING

    @property
    def metavar(self) -> str:
        if self.declared.metavar is not None:
            return self.declared.metavar
        if issubclass(self.kind, enum.Enum):
            return "|".join(str(m.value) for m in self.kind)
        if self.is_argument:
            return self.name.upper()
        return "PATH" if issubclass(self.kind, os.PathLike) else KIND_NAMES.get(self.kind, "TEXT")

    @property
    def hint(self) -> str:
        """How an error names it: ``'--page'``, ``'-o' / '--output'``, ``'N'``."""
        if self.is_argument:
            return f"'{self.metavar}'"
        return " / ".join(f"'{n}'" for n in self.names)


def _split(hint: Any) -> tuple[Any, Argument | None]:
    """``Annotated[T, Option(...)]`` → ``(T, Option(...))``."""
    if typing.get_origin(hint) is typing.Annotated:
        base, *extras = typing.get_args(hint)
        declared = next((e for e in extras if isinstance(e, Argument)), None)
        return base, declared
    return hint, None


def _kind(hint: Any) -> tuple[type, bool]:
    """The value's type without ``| None``, and whether it is a list."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    origin = typing.get_origin(hint)
    if origin is list:
        return _kind(args[0])[0], True
    if origin is not None and len(args) == 1:  # T | None
        return _kind(args[0])
    if not isinstance(hint, type):
        raise TypeError(f"a command's parameter cannot be {hint!r}")
    return hint, False


def _param(name: str, hint: Any, default: Any, group: str | None = None) -> Param:
    base, declared = _split(hint)
    kind, many = _kind(base)
    if declared is None:  # undeclared: an argument when required, else an option
        declared = Argument() if default is _MISSING else Option()
    if not isinstance(declared, Option):
        return Param(name, kind, many, default, declared, group=group)
    names = declared.names or ("--" + name.replace("_", "-"),)
    off: tuple[str, ...] = ()
    if kind is bool and not declared.names:
        off = ("--no-" + name.replace("_", "-"),)
    on: list[str] = []
    for written in names:
        first, _, second = written.partition("/")
        on.append(first.strip())
        off += (second.strip(),) if second else ()
    return Param(name, kind, many, default, declared, tuple(on), off, group)


def _function_params(function: Callable[..., Any]) -> list[Param]:
    """Every parameter of ``function`` in order; an option group's fields where it stands."""
    body = function
    while hasattr(body, "__wrapped__"):
        body = body.__wrapped__
    code = body.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    positional = names[: code.co_argcount]
    given = body.__defaults__ or ()
    with_default = positional[len(positional) - len(given) :]
    defaults: dict[str, Any] = dict(zip(with_default, given, strict=True))
    defaults.update(body.__kwdefaults__ or {})
    hints = typing.get_type_hints(body, include_extras=True)
    params: list[Param] = []
    for name in names:
        hint = hints[name]
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):  # an option group
            fields = typing.get_type_hints(hint, include_extras=True)
            params += [
                _param(f.name, fields[f.name], f.default, group=name)
                for f in dataclasses.fields(hint)
            ]
        else:
            params.append(_param(name, hint, defaults.get(name, _MISSING)))
    return params


# -- the help ---------------------------------------------------------------------------------


def width() -> int:
    """The help's width: the terminal's (``$COLUMNS`` first), at most 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        found = terminal_width()
        columns = 80 if found is None else found
    return max(min(columns, 80), 50)


def _paragraphs(text: str, indent: str, size: int) -> str:
    """Each paragraph of ``text`` wrapped to ``size`` columns after ``indent``."""
    import textwrap  # only the help wraps text: imported here, not at every start (0.7 ms)

    lines = textwrap.dedent(text).strip("\n").split("\n\n")
    return "\n\n".join(
        textwrap.fill(" ".join(p.split()), size, initial_indent=indent, subsequent_indent=indent)
        for p in lines
    )


def docstring(function: Callable[..., Any]) -> str:
    """The function's docstring, its first line and the rest dedented alike."""
    import textwrap

    text = function.__doc__ or ""
    first, _, rest = text.partition("\n")
    return (first.strip() + "\n" + textwrap.dedent(rest)).strip()


def short_help(text: str, limit: int = 200) -> str:
    """The first sentence of the first paragraph, cut at ``limit`` characters with ``...``."""
    import textwrap

    words = text.partition("\n\n")[0].split()
    for i, word in enumerate(words):
        if word.endswith(".") and (i == len(words) - 1 or not words[i + 1][0].islower()):
            words = words[: i + 1]
            break
    joined = " ".join(words)
    if len(joined) <= limit:
        return joined
    return textwrap.shorten(joined, limit, placeholder="...", break_on_hyphens=False)


def rows_text(rows: Sequence[tuple[str, str]], size: int) -> str:
    """A section's rows: the names in a column (at most 30 wide), the help wrapped beside."""
    import textwrap

    first = min(max((len(a) for a, _ in rows), default=0), 30) + 2
    out = []
    for term, text in rows:
        line = f"  {term}"
        if not text:
            out.append(line)
            continue
        wrapped = textwrap.wrap(text, max(size - first - 2, 10)) or [""]
        pad = " " * (first + 2)
        if len(term) <= first - 2:
            out.append(line + " " * (first - len(term)) + wrapped[0])
        else:
            out += [line, pad + wrapped[0]]
        out += [pad + w for w in wrapped[1:]]
    return "\n".join(out)


def _shown(value: Any) -> str:
    return str(value.value if isinstance(value, enum.Enum) else value)


def _range(declared: Argument) -> str | None:
    low, high = declared.min, declared.max
    if low is not None and high is not None:
        return f"{_shown(low)}<=x<={_shown(high)}"
    if low is not None:
        return f"x>={_shown(low)}"
    if high is not None:
        return f"x<={_shown(high)}"
    return None


def _row(param: Param) -> tuple[str, str]:
    if param.is_argument:
        term = param.metavar
    else:
        on = ", ".join(sorted(param.names, key=lambda n: len(n) - len(n.lstrip("-"))))
        term = on if param.kind is bool else f"{on} {param.metavar}"
        if param.off:
            term += " / " + ", ".join(param.off)
    extra = []
    default = param.default
    if param.declared.show_default and param.kind is not bool and default is not _MISSING:
        shows = default is not None and default not in ("", [], ())
    else:
        shows = False
    if shows:
        extra.append(f"default: {_shown(default)}")
    span = _range(param.declared)
    if span:
        extra.append(span)
    if param.required:
        extra.append("required")
    text = param.declared.help + (f"  [{'; '.join(extra)}]" if extra else "")
    return term, text.strip()


def _usage_piece(param: Param) -> str:
    piece = param.metavar
    if param.many and not piece.endswith("..."):
        piece += "..."
    if not param.required and not piece.startswith("["):
        piece = f"[{piece}]"
    return piece


# -- commands ---------------------------------------------------------------------------------


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter at a fixed width: argparse makes one at every ``add_argument`` (to
    check its metavar), and its own width lookup imports ``shutil`` (with ``bz2`` and
    ``lzma``: 3 ms of every command's start). fairpair's help is written by
    ``Command.help_text``, not by it."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=80)


class _Parser(argparse.ArgumentParser):
    """argparse's word splitting; its complaints become a ``UsageError`` worded as ours."""

    def error(self, message: str) -> NoReturn:
        name = message.split(":", 1)[0].removeprefix("argument ").split("/")[-1]
        if "expected one argument" in message:
            raise UsageError(f"Option '{name}' requires an argument.")
        if "ignored explicit argument" in message:
            raise UsageError(f"Option '{name}' does not take a value.")
        raise UsageError(message[:1].upper() + message[1:] + ".")


def _convert(param: Param, text: str) -> Any:
    kind = param.kind
    value: Any
    if issubclass(kind, enum.Enum):
        sensitive = not isinstance(param.declared, Option) or param.declared.case_sensitive
        for member in kind:
            wanted = str(member.value)
            if text == wanted or (not sensitive and text.casefold() == wanted.casefold()):
                return member
        values = ", ".join(f"'{m.value}'" for m in kind)
        raise UsageError(f"Invalid value for {param.hint}: {text!r} is not one of {values}.")
    if kind is int or kind is float:
        try:
            value = kind(text)
        except ValueError:
            name = "integer" if kind is int else "float"
            raise UsageError(
                f"Invalid value for {param.hint}: {text!r} is not a valid {name}."
            ) from None
        low, high = param.declared.min, param.declared.max
        if (low is not None and value < low) or (high is not None and value > high):
            raise UsageError(
                f"Invalid value for {param.hint}: {value} is not in the range "
                f"{_range(param.declared)}."
            )
        return value
    made: Callable[[str], Any] = kind  # str or a path
    return made(text)


class Command:
    """One command: its function, and the parameters read from its signature on first use."""

    def __init__(self, name: str, function: Callable[..., Any]) -> None:
        self.name = name
        self.function = function
        self._params: list[Param] | None = None

    @property
    def params(self) -> list[Param]:
        if self._params is None:
            self._params = _function_params(self.function)
        return self._params

    @property
    def help(self) -> str:
        return docstring(self.function)

    def usage(self, prog: str) -> str:
        pieces = [_usage_piece(p) for p in self.params if p.is_argument and not p.declared.hidden]
        return f"Usage: {prog} [OPTIONS] {' '.join(pieces)}".rstrip()

    def help_text(self, prog: str) -> str:
        import textwrap

        size = width()
        usage = textwrap.fill(self.usage(prog), size, subsequent_indent=" " * 7)
        parts = [usage, _paragraphs(self.help, "  ", size)]
        shown = [p for p in self.params if not p.declared.hidden]
        arguments = [_row(p) for p in shown if p.is_argument]
        if arguments:
            parts.append("Arguments:\n" + rows_text(arguments, size))
        options = [_row(p) for p in shown if not p.is_argument]
        parts.append("Options:\n" + rows_text([*options, HELP_ROW], size))
        return "\n\n".join(parts) + "\n"

    def run(self, prog: str, words: list[str]) -> Any:
        try:
            if any(w in HELP for w in words[: words.index("--") if "--" in words else None]):
                sys.stdout.write(self.help_text(prog))
                return None
            return self.function(**self.parse(words))
        except UsageError as error:
            if error.usage is None:
                error.usage, error.command = self.usage(prog), prog
            raise

    def parse(self, words: list[str]) -> dict[str, Any]:
        """The function's keyword arguments from the words typed (a ``UsageError`` if wrong)."""
        parser = _Parser(add_help=False, allow_abbrev=False, formatter_class=_Formatter)
        for p in self.params:
            if p.is_argument:
                parser.add_argument(p.name, nargs="*" if p.many else "?", default=None)
            elif p.kind is bool:
                parser.add_argument(*p.names, dest=p.name, action="store_const", const=True)
                if p.off:
                    parser.add_argument(*p.off, dest=p.name, action="store_const", const=False)
            elif p.many:
                parser.add_argument(*p.names, dest=p.name, action="append")
            else:
                parser.add_argument(*p.names, dest=p.name)
        # Intermixed parsing (arguments between options) matters only for a command with two
        # or more arguments; it formats the usage on every call (0.8 ms of every start).
        if sum(p.is_argument for p in self.params) > 1:
            given, extra = parser.parse_known_intermixed_args(words)
        else:
            given, extra = parser.parse_known_args(words)
        if extra:
            self._refuse_extra(extra)
        values: dict[str, Any] = {}
        groups: dict[str, dict[str, Any]] = {}
        for p in self.params:
            raw = getattr(given, p.name)
            if raw in (None, []):
                if p.required:
                    what = "argument" if p.is_argument else "option"
                    raise UsageError(f"Missing {what} {p.hint}.")
                value = p.default
            elif p.kind is bool:
                value = raw
            elif p.many:
                value = [_convert(p, text) for text in raw]
            else:
                value = _convert(p, raw)
            (groups.setdefault(p.group, {}) if p.group else values)[p.name] = value
        hints = typing.get_type_hints(self._body(), include_extras=False)
        for name, fields in groups.items():
            option_group: Callable[..., Any] = hints[name]
            values[name] = option_group(**fields)
        return values

    def _body(self) -> Callable[..., Any]:
        body = self.function
        while hasattr(body, "__wrapped__"):
            body = body.__wrapped__
        return body

    def _refuse_extra(self, extra: list[str]) -> NoReturn:
        unknown = next((w for w in extra if w.startswith("-") and len(w) > 1), None)
        if unknown is None:
            raise UsageError(f"Got unexpected extra argument(s) ({' '.join(extra)})")
        import difflib

        names = [n for p in self.params if not p.is_argument for n in (*p.names, *p.off)]
        close = difflib.get_close_matches(unknown.split("=")[0], [*names, "--help"])
        hint = f" (Possible options: {', '.join(sorted(close))})" if close else ""
        raise UsageError(f"No such option: {unknown}{hint}")


class Group:
    """Commands under one word (``fairpair round``), in the order they were written; with
    ``default`` set, a first word that is none of them (a file, a slug, an option) runs that
    command with every word (``fairpair toss FILE`` runs ``fairpair toss table FILE``)."""

    def __init__(self, name: str, help: str, default: str | None = None) -> None:
        self.name = name
        self.help = help
        self.default = default
        self.commands: dict[str, Command] = {}

    def rows(self) -> list[tuple[str, str]]:
        return [(name, short_help(c.help)) for name, c in self.commands.items()]

    def run(self, prog: str, words: list[str]) -> Any:
        return dispatch(self, prog, words)


def dispatch(group: Group | Any, prog: str, words: list[str]) -> Any:
    """Run the command the first word names in ``group`` (a ``Group``, or the program).

    ``group`` gives ``commands`` (or ``command(name)``), ``rows()``, ``help`` and ``default``.
    """
    usage = f"Usage: {prog} [OPTIONS] COMMAND [ARGS]..."

    def refuse(message: str) -> NoReturn:
        error = UsageError(message)
        error.usage, error.command = usage, prog
        raise error

    if not words:  # no command: the help, as a mistake
        sys.stderr.write(group_help(group, usage))
        raise Exit(2)
    first = words[0]
    if first in HELP:
        sys.stdout.write(group_help(group, usage))
        return None
    found = group.command(first) if hasattr(group, "command") else group.commands.get(first)
    if found is not None:
        return found.run(f"{prog} {first}", words[1:])
    if group.default is not None:
        return group.commands[group.default].run(f"{prog} {group.default}", words)
    if first.startswith("-"):
        refuse(f"No such option: {first}")
    refuse(f"No such command {first!r}.")


def group_help(group: Any, usage: str) -> str:
    size = width()
    options = getattr(group, "options", [])
    parts = [
        usage,
        _paragraphs(group.help, "  ", size),
        "Options:\n" + rows_text([*options, HELP_ROW], size),
        "Commands:\n" + rows_text(group.rows(), size),
    ]
    return "\n\n".join(parts) + "\n"
