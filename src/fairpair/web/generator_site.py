"""The generator's site (docs/generator.md): the page, its service worker and manifest, the
engine bundle (fairpair's own engine and document reader as a zip for Pyodide) and the
vendored Pyodide core and wheels. ``routes/generator.py`` serves it under ``/generator/``;
``build`` writes the same files as a static folder (``fairpair generator build DIR``).

Every URL the page uses is relative to ``/generator/`` (``../static/…`` for the app's own css
and scripts), so the folder works at a site's root or under any path of a static host.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import shutil
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from fairpair import i18n

STATIC = Path(__file__).resolve().parent / "static"
PACKAGE = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.7"
PYODIDE = STATIC / "vendor" / f"pyodide-{PYODIDE_VERSION}"
#: The Pyodide core files the loader fetches (the rest of the npm package is left out).
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
WHEELS_DIR = STATIC / "vendor" / "wheels"
#: The wheels the engine needs in the browser, in load order: the document reader's
#: pydantic-core (WebAssembly, the version uv.lock pins: the shipped validator is compiled
#: for it) and typing-extensions; networkx for matching (rustworkx has no build there).
WHEELS = (
    "typing_extensions-4.16.0-py3-none-any.whl",
    "pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
    "networkx-3.6.1-py3-none-any.whl",
)
#: The app's own files the page uses (under /static/).
PAGE_STATIC = (
    "vendor/pico-2.1.1.min.css",
    "css/fairpair.css",
    "css/bracket.css",
    "css/generator.css",
    "favicon.svg",
    "js/words.js",
    "js/offline.js",
    "js/generator.js",
)
#: fairpair's modules in the engine bundle: the engine, the document reader, the page glue.
BUNDLED = (
    "__init__.py",
    "engine",
    "interop/__init__.py",
    "interop/errors.py",
    "interop/document",
    "generator",
    "language",
)
#: The page's address inside the site (the service worker's scope).
SCOPE = "generator/"


@dataclass(frozen=True, slots=True)
class Asset:
    """A file of the site: its URL relative to ``/generator/`` and where its bytes are."""

    url: str
    path: Path | None
    size: int


def _bundled_files() -> list[Path]:
    files: list[Path] = []
    for name in BUNDLED:
        where = PACKAGE / name
        if where.is_file():
            files.append(where)
            continue
        files.extend(
            p
            for p in sorted(where.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".pickle")
        )
    return files


@cache
def engine_bundle() -> bytes:
    """The zip Pyodide unpacks into its site-packages: ``fairpair/…`` as in the package,
    with fixed timestamps, so the same sources give the same bytes (and name)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in _bundled_files():
            name = "fairpair/" + path.relative_to(PACKAGE).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return out.getvalue()


@cache
def words(lang: str) -> str:
    """What the generator says in ``lang``, for the page to carry (``data-words``): the
    messages of the language's catalogue used by the bundled modules (their catalogue
    locations are in ``BUNDLED``: the engine's sentences, the document reader's, the event
    view's, round and tiebreak names), compiled as a gettext catalogue and base64-encoded —
    ``fairpair.generator.browser.learn`` reads it with the standard library. ``""`` for
    English, whose words are the messages themselves."""
    if lang == i18n.SOURCE or lang not in i18n.LANGUAGES:
        return ""
    with i18n.catalogue_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang, domain=i18n.DOMAIN)
    places = tuple(f"src/fairpair/{name}" for name in BUNDLED)
    for message in list(catalog):
        used = any(path.startswith(places) for path, _line in message.locations)
        if message.id and not used:
            catalog.delete(message.id, context=message.context)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    return base64.b64encode(compiled.getvalue()).decode("ascii")


@cache
def bundle_name() -> str:
    return f"engine-{hashlib.sha256(engine_bundle()).hexdigest()[:12]}.zip"


def assets() -> list[Asset]:
    """Everything the page loads, with sizes (the progress bar's total)."""
    found = [
        Asset(f"pyodide/{n}", PYODIDE / n, (PYODIDE / n).stat().st_size) for n in PYODIDE_FILES
    ]
    found += [Asset(f"wheels/{n}", WHEELS_DIR / n, (WHEELS_DIR / n).stat().st_size) for n in WHEELS]
    found.append(Asset(bundle_name(), None, len(engine_bundle())))
    found += [Asset(f"../static/{n}", STATIC / n, (STATIC / n).stat().st_size) for n in PAGE_STATIC]
    return found


#: How hard the heavy files are compressed, once per process (``gzipped``).
GZIP_LEVEL = 6


@cache
def gzipped(url: str) -> bytes:
    """The file at ``url`` (a Pyodide file, a wheel or the engine bundle) compressed once
    per process: sent as it is to every browser that accepts gzip, so a first visit costs
    the server no compression (the middleware would compress 17.5 MB per visit)."""
    found = next(a for a in assets() if a.url == url)
    data = found.path.read_bytes() if found.path is not None else engine_bundle()
    return gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)


@cache
def version() -> str:
    """Changes whenever any file of the site does: the service worker's cache name."""
    digest = hashlib.sha256()
    for asset in assets():
        digest.update(asset.url.encode())
        digest.update(asset.path.read_bytes() if asset.path is not None else engine_bundle())
    return digest.hexdigest()[:12]


def page_context() -> dict[str, object]:
    """What the page template needs: the files to fetch (with sizes) and the version."""
    listed = assets()
    heavy = [a for a in listed if not a.url.startswith("../static/")]
    return {
        "version": version(),
        "pyodide_url": "pyodide/",
        "wheels": [f"wheels/{n}" for n in WHEELS],
        "engine": bundle_name(),
        "downloads": json.dumps([[a.url, a.size] for a in heavy]),
        "total_mb": f"{sum(a.size for a in heavy) / 1_000_000:.1f}",
        "downloads_total": sum(a.size for a in heavy),
    }


def page_words(lang: str) -> dict[str, str]:
    """What the page carries for the engine to speak ``lang`` (``words``)."""
    return {"words_language": lang, "words": words(lang)}


def service_worker() -> str:
    """The generator's service worker (scope ``/generator/``): it keeps every file of the
    site in a cache named after ``version()``, so the page opens with the network off."""
    files = ["./", "manifest.webmanifest", *(a.url for a in assets())]
    template = (STATIC / "js" / "generator-sw.js").read_text(encoding="utf-8")
    return template.replace("__VERSION__", version()).replace(
        "__FILES__", json.dumps(files, indent=2)
    )


def manifest() -> str:
    """The web app manifest: installable, opening at the generator."""
    return json.dumps(
        {
            "name": "fairpair generator",
            "short_name": "fairpair",
            "description": "Run a Swiss event and its top cut in the browser, offline.",
            "start_url": "./",
            "scope": "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#1565c0",
            "icons": [{"src": "../static/favicon.svg", "sizes": "any", "type": "image/svg+xml"}],
        },
        indent=2,
    )


def build(target: Path, page: str) -> list[Path]:
    """Write the static site into ``target`` (made if missing): ``index.html`` (to the
    generator), ``generator/`` (the page, its worker, manifest, engine, Pyodide, wheels) and
    ``static/`` (the app's css and scripts the page uses). ``page``: the rendered page."""
    written: list[Path] = []

    def put(relative: str, data: bytes) -> None:
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)

    put("index.html", REDIRECT.encode())
    put(SCOPE + "index.html", page.encode())
    put(SCOPE + "sw.js", service_worker().encode())
    put(SCOPE + "manifest.webmanifest", manifest().encode())
    for asset in assets():
        relative = (
            asset.url.removeprefix("../") if asset.url.startswith("../") else SCOPE + asset.url
        )
        if asset.path is None:
            put(relative, engine_bundle())
        else:
            path = target / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(asset.path, path)
            written.append(path)
    for license_file in sorted(PYODIDE.glob("LICENSE*")) + sorted(WHEELS_DIR.glob("*.LICENSE")):
        relative = license_file.relative_to(STATIC).as_posix()
        put("static/" + relative, license_file.read_bytes())
    return written


REDIRECT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=generator/">
<title>fairpair generator</title></head>
<body><p><a href="generator/">Open the fairpair generator</a></p></body></html>
"""
