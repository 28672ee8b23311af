"""Benchmark: what a command's start-up is made of — the modules it loads, the ones it uses,
and the time its dataclasses take to be made (issue 35: `pair --json` on 1,000 players).

    uv run python benchmarks/import_anatomy.py                    # pair, 1,000 players
    uv run python benchmarks/import_anatomy.py --players 4000
    uv run python benchmarks/import_anatomy.py --command standings
    uv run python benchmarks/import_anatomy.py --document DOC.json

One process runs the command once, in process (`fairpair.cli.app.main`, its output thrown
away), on a late-round document of ``--players`` (the pairing benchmark's generator, `mtg`,
14 rounds played) or on ``--document``. It prints:

- the time to import the command's modules (before it runs) and to run it;
- the part of the imports spent making dataclasses (``dataclasses._process_class``: their
  methods' code is kept between runs, ``fairpair.dataclass_code``; the rest of the making
  is not);
- per package of fairpair (its own modules, not its subpackages'), the modules loaded and
  those of them with no function called while the command ran (classes and constants may
  still be read from them): what loading on demand could leave out.

Run it twice: the first run of a checkout writes bytecode and the kept dataclass code.
Timings are of one run; compare within a run, or take the least of several.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--command", choices=("pair", "standings"), default="pair")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--document", type=Path, help="a document to read instead")
    return parser.parse_args()


def write_document(players: int, folder: Path) -> Path:
    """A late-round document of ``players`` (made in a child process: the generator imports
    the engine, which must not be loaded before the measured imports)."""
    import subprocess

    path = folder / f"event-{players}.json"
    program = (
        "import sys\n"
        "from dataclasses import replace\n"
        "from pathlib import Path\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from pairing import build_event\n"
        "from fairpair import dump_document, get_ruleset\n"
        f"event = build_event({players}, 15)\n"
        "stage = replace(event.stage(), ruleset=get_ruleset('mtg'))\n"
        f"Path({str(path)!r}).write_text(dump_document(replace(event, stages=(stage,))))\n"
    )
    subprocess.run([sys.executable, "-c", program], check=True)
    return path


def main() -> None:
    args = parse()
    with tempfile.TemporaryDirectory(prefix="fairpair-anatomy-") as folder:
        document = args.document or write_document(args.players, Path(folder))
        measure(args.command, document)


def measure(command: str, document: Path) -> None:
    making = [0.0, 0]
    process_class: Any = dataclasses._process_class  # type: ignore[attr-defined]

    def timed(*given: Any, **named: Any) -> Any:
        start = time.perf_counter()
        made = process_class(*given, **named)
        making[0] += time.perf_counter() - start
        making[1] += 1
        return made

    dataclasses._process_class = timed  # type: ignore[attr-defined]
    start = time.perf_counter()
    from fairpair.cli.app import main as run_command

    # What the command imports late, before it runs (as its own run would).
    module = {"pair": "fairpair.cli.pair", "standings": "fairpair.cli.standings"}[command]
    __import__(module)
    __import__("fairpair.cli.output")
    __import__("fairpair.interop.document.read")
    imported = time.perf_counter() - start
    dataclasses._process_class = process_class  # type: ignore[attr-defined]

    called: set[str] = set()

    def watch(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call":
            called.add(frame.f_code.co_filename)

    start = time.perf_counter()
    sys.setprofile(watch)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            run_command([command, str(document), "--json"])
    except SystemExit:
        pass
    finally:
        sys.setprofile(None)
    ran = time.perf_counter() - start

    loaded: Counter[str] = Counter()
    unused: Counter[str] = Counter()
    for name, mod in list(sys.modules.items()):
        if name != "fairpair" and not name.startswith("fairpair."):
            continue
        package = name if hasattr(mod, "__path__") else name.rpartition(".")[0]
        loaded[package] += 1
        if getattr(mod, "__file__", None) not in called:
            unused[package] += 1
    print(f"# fairpair {command} {document.name} --json, in one process")
    print(
        f"# imports before the run {imported * 1000:.1f} ms, of which making "
        f"{making[1]} dataclasses {making[0] * 1000:.1f} ms; the run (profiled) "
        f"{ran * 1000:.1f} ms"
    )
    print("| package | modules loaded | with no function called |")
    print("|---|--:|--:|")
    for package, count in sorted(loaded.items(), key=lambda item: -item[1]):
        print(f"| {package} | {count} | {unused[package]} |")
    print(f"| all | {sum(loaded.values())} | {sum(unused.values())} |")


if __name__ == "__main__":
    main()
