"""The generator page rendered without a request: the static build's ``index.html`` (no
login link, no server to continue on), from the same template the server renders."""

from __future__ import annotations

from fairpair.engine.rulesets import PRESETS
from fairpair.web import generator_site as site
from fairpair.web.templating import make_templates


def static_page() -> str:
    template = make_templates().env.get_template("generator/page.html")
    return template.render(
        rulesets=sorted(PRESETS),
        static_build=True,
        continue_url="",
        csrf="",
        access=None,
        **site.page_context(),
    )
