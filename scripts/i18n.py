"""The catalogues of fairpair's languages (docs/languages.md).

    uv run python scripts/i18n.py extract   # the template: src/fairpair/i18n/locales/messages.pot
    uv run python scripts/i18n.py update    # extract, then merge it into every language's .po
    uv run python scripts/i18n.py check     # what a language still lacks (the test says the same)

``extract`` reads ``babel.cfg`` (Python and the Jinja templates, with Jinja's own extractor
``jinja2.ext.babel_extract``). ``update`` keeps every translation whose message is unchanged,
marks a changed message fuzzy (with its old translation as a hint) and adds new ones empty:
translate them, remove the ``fuzzy`` flags, and run the tests (tests/i18n).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from fairpair import i18n  # noqa: E402

TEMPLATE = i18n.LOCALES / "messages.pot"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    # the engine's sentences (engine.errors: saying, saying_n, saying_p), said at the edge
    "saying": None,
    "saying_n": (1, 2),
    "saying_p": ((1, "c"), 2),
}


def extracted() -> Catalog:
    """Every message the package marks for translation, with where it is used."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="fairpair", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",)
    ):
        catalog.add(
            message,
            None,
            [(filename, lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, sort_output=True, include_previous=True)


def extract() -> Catalog:
    template = extracted()
    write(TEMPLATE, template)
    print(f"{len(template)} messages → {TEMPLATE.relative_to(ROOT)}")
    return template


def update() -> None:
    template = extract()
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        path = i18n.catalogue_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang, project="fairpair")
        catalog.update(template, no_fuzzy_matching=False)
        catalog.obsolete.clear()
        write(path, catalog)
        print(f"{lang}: {missing_count(catalog)} to translate")


def missing_count(catalog: Catalog) -> int:
    return sum(
        1
        for m in catalog
        if m.id and (m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string))
    )


def check() -> int:
    template = extracted()
    lacking = 0
    for lang in i18n.LANGUAGES:
        if lang == i18n.SOURCE:
            continue
        catalog = read(i18n.catalogue_path(lang), lang)
        for message in template:
            if not message.id:
                continue
            found = catalog.get(message.id, message.context)
            strings = found.string if found is not None else ""
            if isinstance(strings, (tuple, list)):  # every plural form of the language
                strings = "" if not all(strings) else strings
            if found is None or found.fuzzy or not strings:
                lacking += 1
                print(f"{lang}: {message.id!r}")
    return 1 if lacking else 0


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "check":
        return check()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
