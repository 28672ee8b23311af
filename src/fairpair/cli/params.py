"""What a command declares about its parameters, and the two ways it may stop early.

A command is a typed function; each parameter is annotated with its type and, in
``Annotated[...]``, an ``Argument`` (a word in order: ``EVENT``, ``N``) or an ``Option``
(``--stage ID``, ``--json``). ``fairpair.cli.command_line`` reads the declarations, parses the
words with argparse, checks and converts each value (``int``, ``float``, ``Path``, an enum's
values, ``min``/``max``), prints ``-h`` and calls the function. A parameter typed with an option
group (``options.StageChange``, a dataclass) stands for the group's options, listed where it
stands. An ``Option`` with no names is ``--`` and the parameter's name with dashes; a ``bool``
option is a flag (``"--seed/--no-seed"`` names both ways of it).

This module imports nothing, so a command module pays only for what it runs.
"""

from __future__ import annotations


class Argument:
    """A positional word: ``metavar`` names it in the usage line and the help."""

    __slots__ = ("help", "hidden", "max", "metavar", "min", "show_default")

    def __init__(
        self,
        *,
        metavar: str | None = None,
        help: str = "",
        show_default: bool = True,
        min: float | None = None,
        max: float | None = None,
        hidden: bool = False,
    ) -> None:
        self.metavar = metavar
        self.help = help
        self.show_default = show_default
        self.min = min
        self.max = max
        self.hidden = hidden


class Option(Argument):
    """An option: its names (``"--output", "-o"``; ``"--seed/--no-seed"`` for a flag with an
    off switch), else ``--`` and the parameter's name. ``case_sensitive=False`` lets an enum's
    value be typed in any case."""

    __slots__ = ("case_sensitive", "names")

    def __init__(
        self,
        *names: str,
        metavar: str | None = None,
        help: str = "",
        show_default: bool = True,
        min: float | None = None,
        max: float | None = None,
        hidden: bool = False,
        case_sensitive: bool = True,
    ) -> None:
        super().__init__(
            metavar=metavar, help=help, show_default=show_default, min=min, max=max, hidden=hidden
        )
        self.names = names
        self.case_sensitive = case_sensitive


class Exit(Exception):
    """End the command with this exit code (what it had to say is already printed)."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


class UsageError(Exception):
    """The words typed do not make a valid command: printed after the usage line as
    ``Error: ...``, exit code 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        #: The command's usage line and its name, set by the command it reached.
        self.usage: str | None = None
        self.command: str | None = None


class BadParameter(UsageError):
    """A value the command refused before doing anything (``Invalid value for --x: ...``)."""

    def __init__(self, message: str, param_hint: str | None = None) -> None:
        where = f" for {param_hint}" if param_hint else ""
        super().__init__(f"Invalid value{where}: {message}")
