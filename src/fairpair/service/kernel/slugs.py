"""Event slugs: the short name an event is called by on the command line and in URLs."""

from __future__ import annotations

import re
import unicodedata

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused

SLUG = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$")


def slug_of(name: str) -> str:
    """A slug made from an event's name: "Friday Night Magic #12" → ``friday-night-magic-12``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60].strip("-")
    return slug or "event"


def checked_slug(slug: str) -> str:
    """``slug`` if it is a valid slug, else a refusal that says what one looks like."""
    if not SLUG.match(slug):
        raise Refused(
            Location(("slug",)),
            gettext(
                "%(slug)r is not a slug: use 1-80 lowercase letters, digits "
                "and hyphens (not at either end), e.g. friday-night-12"
            )
            % {"slug": slug},
        )
    return slug
