"""``fairpair image EVENT pairings|standings|bracket -o FILE``: the format from the suffix,
``--format``, ``--top``/``--page``; a clear error and its exit code otherwise."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from cli_runner import CliRunner
from fairpair.cli.app import app
from fairpair.service.event.demo import create_demo
from fairpair.service.kernel.connection import opened

runner = CliRunner()


def demo(tmp_path: Path) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    with opened(url) as db:
        slug = create_demo(db)
    return url, slug


def test_images_of_a_saved_event(tmp_path: Path) -> None:
    url, slug = demo(tmp_path)
    png = tmp_path / "pairings.png"
    done = runner.invoke(app, ["image", slug, "pairings", "-o", str(png), "--db", url])
    assert done.exit_code == 0, done.output
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert f"wrote the pairings of {slug} to {png}" in done.output
    svg = tmp_path / "top.svg"
    done = runner.invoke(
        app, ["image", slug, "standings", "-o", str(svg), "--top", "8", "--db", url]
    )
    assert done.exit_code == 0, done.output
    root = ET.fromstring(svg.read_bytes())
    assert root.tag.endswith("svg")
    forced = tmp_path / "page.img"
    done = runner.invoke(
        app,
        [
            "image",
            slug,
            "standings",
            "-o",
            str(forced),
            "--format",
            "png",
            "--page",
            "2",
            "--db",
            url,
        ],
    )
    assert done.exit_code == 0 and forced.read_bytes().startswith(b"\x89PNG")


def test_errors_are_clear(tmp_path: Path) -> None:
    url, slug = demo(tmp_path)
    out = tmp_path / "x.gif"
    done = runner.invoke(app, ["image", slug, "standings", "-o", str(out), "--db", url])
    assert done.exit_code == 2 and "end it in .png or .svg" in done.output
    png = str(tmp_path / "x.png")
    done = runner.invoke(app, ["image", slug, "bracket", "-o", png, "--db", url])
    assert done.exit_code == 8 and "no playoff stage" in done.output
    done = runner.invoke(app, ["image", slug, "standings", "-o", png, "--page", "99", "--db", url])
    assert done.exit_code == 8 and "there is no page 99" in done.output
    done = runner.invoke(app, ["image", "nope", "pairings", "-o", png, "--db", url])
    assert done.exit_code == 7 and "no event 'nope'" in done.output
    done = runner.invoke(app, ["image", slug, "toss", "-o", png, "--db", url])
    assert done.exit_code == 2
    assert not Path(png).exists()
    assert "Traceback" not in done.output
