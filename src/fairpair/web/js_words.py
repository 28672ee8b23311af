"""The words the pages' JavaScript shows ("Paused", "Time", "kept on this phone …"), in the
page's language (docs/languages.md "JavaScript").

Every page carries them as JSON in ``<meta name="fp-words" content="…">`` (an attribute,
not an inline script: the pages have none)
(``partials/js_words.html``, included once by ``base.html`` and the generator's page),
read by ``static/js/words.js``: ``fairpairWords.t("Paused")`` is the page's word for it,
``fairpairWords.t("Page %(page)s of %(pages)s", {page: 2, pages: 5})`` fills the values, and
``fairpairWords.n(singular, plural, count)`` picks the counted form by the language's own
rule (the browser's ``Intl.PluralRules``: its CLDR categories, the same as Babel's). A word
the page does not carry (English pages carry none) is shown as the English text itself.

A new word: write it in the JavaScript through ``fairpairWords.t`` (or ``.n``), add the same
English text to ``WORDS`` (or ``_counted``) here, run ``scripts/i18n.py update`` and translate.
"""

from __future__ import annotations

import json
from functools import cache

from babel import Locale

from fairpair import i18n
from fairpair.i18n import N_

#: The JavaScript's words, as its English source writes them (named values ``%(name)s``).
WORDS: tuple[str, ...] = (
    # display.js, round-clock.js: the big screen's and the pages' round timer
    N_("Paused"),
    N_("Time"),
    N_("Page %(page)s of %(pages)s"),
    N_("0:00 (time)"),
    # push.js: the player's push notifications on this device
    N_("Push is on for this device."),
    N_("Push is off for this device."),
    N_("Push could not be turned on."),
    N_("Notifications are blocked for this site in your browser's settings."),
    N_("The server did not keep the subscription (%(status)s)."),
    # console-app.js: offline banner, staff alerts on this phone
    N_(
        "Offline — the connection is down. You see the last known state of this page; "
        "results you enter are kept on this phone and sent when the connection is back."
    ),
    N_("Save the alerts"),
    N_("Turn on alerts on this phone"),
    N_("Alerts are on for this phone."),
    N_("Alerts are off for this phone."),
    N_("Alerts could not be turned on."),
    N_("Choose at least one alert."),
    N_("Notifications are blocked for this site in the browser's settings."),
    # results.js, results-queue.js: the results tab, results kept on this phone offline
    N_("no table %(table)s in this round"),
    N_(" — already recorded: %(result)s"),
    N_("Table %(table)s: %(result)s — waiting to send."),
    N_(
        "Table %(table)s needs your decision: %(recorded)s is recorded; "
        "this phone's entry says %(entry)s."
    ),
    N_("Table %(table)s: %(result)s — not recorded: %(reason)s"),
    N_("Keep %(result)s"),
    N_("Table %(table)s: kept %(result)s."),
    N_("Correct it to %(result)s"),
    N_("Discard this entry"),
    N_("Table %(table)s: entry discarded."),
    N_("%(result)s · waiting to send"),
    N_("needs a decision"),
    N_("Table %(table)s: %(result)s kept on this phone — it is sent when the connection is back."),
    N_("Table %(table)s needs your decision."),
    N_("Table %(table)s was not recorded."),
    N_("log in again to send the results kept on this phone"),
    N_("the server answered %(status)s"),
    N_("Not sent: %(reason)s."),
    # checkin-scan.js: check-in by the camera
    N_("the QR decoder did not load"),
    N_("Code read: checking in…"),
    N_("Starting the camera…"),
    N_("Point the camera at the player's QR code."),
    N_("The camera could not start (%(error)s): type the code under the player's QR code instead."),
    N_("%(done)s Next player."),
    N_("Camera stopped."),
    # generator.js: the generator's page
    N_("Downloading the engine: %(loaded)s of %(total)s MB"),
    N_("the stored engine is damaged"),
    N_("the stored engine does not pair"),
    N_("Starting fairpair's engine from this device…"),
    N_("Starting fairpair's engine…"),
    N_("Ready: the engine runs in this browser (%(seconds)s s to load)."),
    N_("The engine could not load: %(error)s. Reload the page to try again."),
    N_("Drop %(player)s from the event? Their results stay."),
    N_("Close this event? Export it first to keep it: it is removed from this browser."),
    N_(
        "Export the event, then on your fairpair server open the generator and import the "
        "file there: its Continue on this server button saves it as an event."
    ),
    N_(
        "Log in as an organizer of this server first, then come back here: the event waits "
        "in this browser."
    ),
    N_(
        "This account cannot create events: ask the server's administrator for an organizer "
        "account."
    ),
    N_("The server refused the event."),
    N_("Log in"),
    N_("The server cannot be reached (offline?): export the event and import it later."),
)


def _counted(n: int) -> dict[str, str]:
    """The counted words for a count ``n``, keyed by their English singular (what the
    JavaScript passes to ``fairpairWords.n``; ``%(num)d`` is the count)."""
    return {
        "%(num)d result waits to be sent: they go as soon as the connection is back.": (
            i18n.ngettext(
                "%(num)d result waits to be sent: they go as soon as the connection is back.",
                "%(num)d results wait to be sent: they go as soon as the connection is back.",
                n,
            )
        ),
        "%(num)d result sent and recorded.": i18n.ngettext(
            "%(num)d result sent and recorded.", "%(num)d results sent and recorded.", n
        ),
    }


def _samples(lang: str) -> dict[str, int]:
    """A count of each of the language's CLDR plural categories ("one": 1, "other": 2 …)."""
    where = Locale.parse(lang)
    found: dict[str, int] = {}
    for n in (*range(0, 201), 1_000_000):
        found.setdefault(where.plural_form(n), n)
    return found


@cache
def _json(lang: str) -> str:
    if lang == i18n.SOURCE:
        return "{}"
    with i18n.speaking(lang):
        words = {w: i18n.gettext(w) for w in WORDS if i18n.gettext(w) != w}
        samples = _samples(lang)
        plurals: dict[str, dict[str, str]] = {}
        for kind, n in samples.items():
            for one, text in _counted(n).items():
                plurals.setdefault(one, {})[kind] = text
    # an attribute's value: the template escapes it (quotes, "<", "&")
    return json.dumps({"words": words, "plurals": plurals}, ensure_ascii=False)


def page_words() -> str:
    """The JSON of the JavaScript's words in the current language (``{}`` in English)."""
    return _json(i18n.language())
