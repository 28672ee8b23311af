"""A league's points rule as the league pages say it, in the reader's language: "3 a win, 1 a
draw, 1 for taking part; by place: 1st 4, 2nd 2 — every event counts" (the engine's
``PointsRule.text`` keeps the English for the audit log, the API and the command line)."""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.leagues import PointsRule
from fairpair.engine.leagues.rule import ordinal
from fairpair.engine.points_text import points_text
from fairpair.i18n import N_, gettext, ngettext, pgettext

#: Each part of a rule that gives points per match or for coming, as the rule says it.
_PARTS = (
    ("win", N_("%(points)s a win")),
    ("draw", N_("%(points)s a draw")),
    ("loss", N_("%(points)s a loss")),
    ("attend", N_("%(points)s for taking part")),
)


def place_words(place: int) -> str:
    """A final place as the language writes it: 1st, 2nd, 23rd; 1.º; 1er, 2e; 1.; 1位."""
    if place == 1:
        return pgettext("place", "1st")
    suffix = ordinal(place)[-2:]
    if suffix == "nd":
        said = pgettext("place", "%(number)snd")
    elif suffix == "rd":
        said = pgettext("place", "%(number)srd")
    elif suffix == "st":
        said = pgettext("place", "%(number)sst")
    else:
        said = pgettext("place", "%(number)sth")
    return said % {"number": place}


def rule_words(rule: PointsRule) -> str:
    """``rule`` in words, in the current language (``fairpair.i18n``)."""
    separator = pgettext("list", ", ")
    values: dict[str, Fraction] = {
        "win": rule.win,
        "draw": rule.draw,
        "loss": rule.loss,
        "attend": rule.attend,
    }
    parts = [
        gettext(message) % {"points": points_text(values[name])}
        for name, message in _PARTS
        if values[name]
    ]
    said = separator.join(parts)
    if rule.places:
        table = separator.join(
            pgettext("place", "%(place)s %(points)s")
            % {"place": place_words(i + 1), "points": points_text(v)}
            for i, v in enumerate(rule.places)
        )
        said = (
            gettext("%(points)s; by place: %(places)s") % {"points": said, "places": table}
            if said
            else gettext("by place: %(places)s") % {"places": table}
        )
    said = said or gettext("no points")
    counted = (
        ngettext("best %(num)d event counts", "best %(num)d events count", rule.best)
        % {"num": rule.best}
        if rule.best
        else gettext("every event counts")
    )
    return gettext("%(points)s — %(counted)s") % {"points": said, "counted": counted}
