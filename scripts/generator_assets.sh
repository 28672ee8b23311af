#!/usr/bin/env bash
# Refresh the generator's vendored assets (docs/generator.md "What the page loads") from the
# package registries: Pyodide's core from npm, the WebAssembly and pure wheels from PyPI.
# They are committed (as htmx is), so neither the server nor CI downloads anything; run this
# only to move to another version, then update the names in fairpair/web/generator_site.py.
set -euo pipefail
cd "$(dirname "$0")/.."
PYODIDE=314.0.7
PLATFORM=pyemscripten_2026_0_wasm32
VENDOR=src/fairpair/web/static/vendor
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "pyodide@$PYODIDE" >/dev/null && tar xzf "pyodide-$PYODIDE.tgz")
mkdir -p "$VENDOR/pyodide-$PYODIDE" "$VENDOR/wheels"
for f in pyodide.js pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json package.json README.md; do
  cp "$work/package/$f" "$VENDOR/pyodide-$PYODIDE/"
done
# The versions fairpair's uv.lock pins (pydantic-core must match: the document validator is
# compiled for it, interop/document/compiled.py).
python3 -m pip download --quiet --no-deps --only-binary=:all: --platform "$PLATFORM" \
  --python-version 3.14 -d "$VENDOR/wheels" \
  pydantic-core==2.50.5 typing-extensions==4.16.0 networkx==3.6.1
for w in "$VENDOR"/wheels/*.whl; do
  unzip -p "$w" '*/licenses/LICENSE*' > "${w%.whl}.LICENSE"
done
ls -l "$VENDOR/pyodide-$PYODIDE" "$VENDOR/wheels"
