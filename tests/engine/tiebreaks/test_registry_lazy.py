"""The registry names every tiebreak without importing its family; a family is imported when
one of its tiebreaks is first asked for."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

from fairpair.engine.tiebreaks.registry import MODULES, REGISTRY


def test_the_module_table_is_what_the_modules_declare() -> None:
    declared = [
        (tb.name, module)
        for module in dict.fromkeys(MODULES.values())
        for tb in importlib.import_module(f"fairpair.engine.tiebreaks.{module}").TIEBREAKS
    ]
    assert declared == list(MODULES.items())
    assert all(REGISTRY[name].name == name for name in MODULES)
    assert "buchholz" in REGISTRY and "no_such_tiebreak" not in REGISTRY


def test_asking_for_one_tiebreak_imports_its_family_only() -> None:
    probe = (
        "import json, sys\n"
        "from fairpair.engine.tiebreaks.registry import REGISTRY, get_tiebreak\n"
        "names = list(REGISTRY)\n"
        "get_tiebreak('buchholz_cut1')\n"
        "wanted = ('fairpair', 'hashlib')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(wanted))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = set(json.loads(done.stdout))
    families = {m.rsplit(".", 1)[1] for m in loaded if m.startswith("fairpair.engine.tiebreaks.")}
    assert "buchholz" in families
    assert not families & (set(MODULES.values()) - {"buchholz"})
    assert "hashlib" not in loaded  # only the random draw needs it
