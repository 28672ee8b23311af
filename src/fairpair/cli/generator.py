"""``fairpair generator build DIR``: the generator (the Swiss and bracket generator that runs
fairpair's engine in the browser) as a plain static folder any web host serves
(docs/generator.md "Host it yourself")."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group("generator", "The generator in the browser: build it as a static folder.")
Folder = Annotated[
    Path,
    Argument(
        metavar="DIR",
        help="The folder to write (made if missing; files of the same name are replaced).",
        show_default=False,
    ),
]


Language = Annotated[
    str,
    Option(
        "--language",
        metavar="LANG",
        help="The page's language, its engine's too (en, es, pt_BR, fr, de, it, ja).",
    ),
]


@command(GROUP, "build")
@handles_errors
def build(folder: Folder, language: Language = "en") -> None:
    """Write the generator as a static folder: DIR/index.html opens DIR/generator/."""
    from fairpair.cli.parsing import BadValue
    from fairpair.cli.screen import say
    from fairpair.i18n import LANGUAGES
    from fairpair.web.generator_page import static_page
    from fairpair.web.generator_site import build as write_site

    if language not in LANGUAGES:
        raise BadValue("--language", f"not a language fairpair speaks: {', '.join(LANGUAGES)}")
    if folder.exists() and not folder.is_dir():
        raise BadValue("DIR", f"{folder} is a file, not a folder")
    written = write_site(folder, static_page(language))
    size = sum(p.stat().st_size for p in written)
    say(
        f"wrote {len(written)} files ({size / 1_000_000:.1f} MB) to {folder}; "
        f"serve the folder and open generator/ (python -m http.server -d {folder})"
    )
