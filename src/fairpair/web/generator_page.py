"""The generator page rendered without a request: the static build's ``index.html`` (no
login link, no server to continue on), from the same template the server renders, in one
language (``fairpair generator build DIR --language``)."""

from __future__ import annotations

from fairpair import i18n
from fairpair.engine.rulesets import PRESETS
from fairpair.web import generator_site as site
from fairpair.web.templating import make_templates


def static_page(lang: str = i18n.SOURCE) -> str:
    """The page in ``lang`` (a shipped language), its engine speaking it too."""
    template = make_templates().env.get_template("generator/page.html")
    with i18n.speaking(lang):
        return template.render(
            rulesets=sorted(PRESETS),
            static_build=True,
            continue_url="",
            csrf="",
            access=None,
            **site.page_context(),
            **site.page_words(i18n.language()),
        )
