"""Tie-breaks that take a number: C.07's two modifiers with a value, spelt as catalogue names.

- ``koya_limit_<p>``: Koya counting opponents on at least p % (0–100) of the maximum possible
  score (TieBreakServer's ``KS/L<p>``; plain ``koya`` is 50 %).
- ``koya_limit_plus_<n>``, ``koya_limit_minus_<n>``: Koya with the 50 % limit raised or
  lowered by n half-points, 1–1,000 (C.07's ``KS/L+n``, ``KS/L-n``).
- ``<rating tie-break>_unrated_<r>``: ``aro``, ``aro_cut1``, ``aro_cut2``, ``aro_median1``,
  ``aro_median2``, ``rating``, ``tpr``, ``ptp``, ``apro`` or ``appo`` with every unrated
  player rated r, 0–100,000 (C.07's ``/U``: ``ARO/U1000``, ``ARO/C1/U1000``, ``RTNG/U1000``).

A name is read by ``modified`` into a ``Modified`` (the catalogue tie-break and its number),
which gives back the name, the suffix FIDE writes in TRF ``202`` (``/L60``, ``/L+1``,
``/U1000``) and the ``Tiebreak`` itself. Numbers are written plainly (``koya_limit_60``, not
``koya_limit_060``): one spelling per tie-break, so a list cannot name one twice unseen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from fairpair.engine.errors import Said, saying, saying_n
from fairpair.engine.tiebreaks import koya, rating
from fairpair.engine.tiebreaks.base import Tiebreak

KOYA = "koya"
#: The catalogue tie-breaks that take ``_unrated_<rating>`` (C.07 ``/U``).
TAKES_UNRATED = tuple(rating.TAKES_UNRATED)
#: The highest rating an unrated player can be given: a player's own highest rating
#: (``engine.validation.MAX_RATING``).
MAX_UNRATED = 100_000
#: The most half-points Koya's limit can move.
MAX_LIMIT_SHIFT = 1_000

#: (Patterns compiled when first used: ``re`` keeps them; ``modified`` keeps its answers.)
_KOYA_LIMIT = r"koya_limit_(?:(plus|minus)_)?(\w*)"
_UNRATED = r"(\w+?)_unrated_(\w*)"

#: The parametrised spellings, for "unknown tiebreak" messages.
SPELLINGS = (
    "koya_limit_<percent>",
    "koya_limit_plus_<half-points>",
    "koya_limit_minus_<half-points>",
    "<rating tie-break>_unrated_<rating>",
)


def shown(text: str) -> str:
    """``text`` quoted for a message, at most 60 characters of it."""
    return repr(text)[:60]


class BadParameter(ValueError):
    """A parametrised tie-break name whose number (or base) is not allowed; the reason (a
    ``Said``: ``str()`` is the English, ``said`` the sentence to say at the edge)."""

    @property
    def said(self) -> Said:
        reason = self.args[0] if self.args else ""
        return reason if isinstance(reason, Said) else Said(str(reason), marked=False)


@dataclass(frozen=True, slots=True)
class Modified:
    """A catalogue tie-break with one numeric modifier.

    ``limit_percent`` / ``limit_shift`` (half-points, signed) are Koya's limit (exactly one
    is set for Koya); ``unrated`` is the rating unrated players are given.
    """

    base: str
    limit_percent: int | None = None
    limit_shift: int | None = None
    unrated: int | None = None

    @property
    def name(self) -> str:
        """The catalogue name: ``koya_limit_60``, ``koya_limit_minus_2``, ``aro_unrated_1000``."""
        if self.unrated is not None:
            return f"{self.base}_unrated_{self.unrated}"
        if self.limit_shift is not None:
            sign = "plus" if self.limit_shift > 0 else "minus"
            return f"{self.base}_limit_{sign}_{abs(self.limit_shift)}"
        return f"{self.base}_limit_{self.limit_percent}"

    @property
    def suffix(self) -> str:
        """The modifier as FIDE writes it after the tie-break's code: ``/L60``, ``/L+1``,
        ``/L-2``, ``/U1000``."""
        if self.unrated is not None:
            return f"/U{self.unrated}"
        if self.limit_shift is not None:
            return f"/L{self.limit_shift:+d}"
        return f"/L{self.limit_percent}"

    def tiebreak(self, base: Tiebreak) -> Tiebreak:
        """The tie-break: ``base`` (the catalogue's) with this modifier."""
        short = base.short + self.suffix
        # The catalogue's label said in the reader's language (fairpair.language.tiebreaks).
        named = Said(base.label, context="tiebreak")
        label: Said
        rule: Said
        if self.unrated is not None:
            label = saying("%(tiebreak)s, unrated %(rating)s", tiebreak=named, rating=self.unrated)
            if base.name == "rating":
                rule = saying(
                    "With ``/U%(rating)s`` (C.07 art. 10): an unrated player's rating is "
                    "%(rating)s.",
                    rating=self.unrated,
                )
            else:
                rule = saying(
                    "With ``/U%(rating)s`` (C.07 art. 10): an unrated opponent counts as rated "
                    "%(rating)s (not left out).",
                    rating=self.unrated,
                )
            compute = rating.with_unrated(self.base, self.unrated)
        elif self.limit_shift is not None:
            n = abs(self.limit_shift)
            if self.limit_shift > 0:
                label = saying_n(
                    "%(tiebreak)s, limit +%(num)d half-point",
                    "%(tiebreak)s, limit +%(num)d half-points",
                    n,
                    tiebreak=named,
                )
                rule = saying_n(
                    "With ``/L+%(num)d`` (C.07 art. 9.2): the 50%% limit is raised by %(num)d "
                    "half-point.",
                    "With ``/L+%(num)d`` (C.07 art. 9.2): the 50%% limit is raised by %(num)d "
                    "half-points.",
                    n,
                )
            else:
                label = saying_n(
                    "%(tiebreak)s, limit −%(num)d half-point",
                    "%(tiebreak)s, limit −%(num)d half-points",
                    n,
                    tiebreak=named,
                )
                rule = saying_n(
                    "With ``/L-%(num)d`` (C.07 art. 9.2): the 50%% limit is lowered by %(num)d "
                    "half-point.",
                    "With ``/L-%(num)d`` (C.07 art. 9.2): the 50%% limit is lowered by %(num)d "
                    "half-points.",
                    n,
                )
            compute = koya.koya_limit(50, self.limit_shift)
        else:
            percent = self.limit_percent
            assert percent is not None
            label = saying("%(tiebreak)s, limit %(percent)s%%", tiebreak=named, percent=percent)
            rule = saying(
                "With ``/L%(percent)s`` (TieBreakServer's ``KS/L%(percent)s``): the limit is "
                "%(percent)s%% of the maximum possible score, not 50%%.",
                percent=percent,
            )
            compute = koya.koya_limit(percent, 0)
        return Tiebreak(
            self.name,
            str(label),
            short,
            base.kind,
            base.higher_is_better,
            (*base.paragraphs, rule),
            compute,
            said_label=label,
        )


def _whole(text: str, low: int, high: int, what: Said) -> int:
    """``text`` as a whole number from ``low`` to ``high`` written plainly, else BadParameter."""
    if not (text.isascii() and text.isdigit()) or (len(text) > 1 and text[0] == "0"):
        raise BadParameter(
            saying(
                "%(what)s must be a whole number written plainly, not %(text)s",
                what=what,
                text=shown(text),
            )
        )
    least, most = f"{low:,}", f"{high:,}"
    if len(text) > len(str(high)):
        raise BadParameter(
            saying("%(what)s must be from %(low)s to %(high)s", what=what, low=least, high=most)
        )
    value = int(text)
    if not low <= value <= high:
        shown_value = f"{value:,}"
        raise BadParameter(
            saying(
                "%(what)s must be from %(low)s to %(high)s, not %(value)s",
                what=what,
                low=least,
                high=most,
                value=shown_value,
            )
        )
    return value


@lru_cache(maxsize=512)
def modified(name: str) -> Modified | None:
    """The parametrised tie-break ``name`` names; ``None`` when the name is not one of the
    parametrised spellings; ``BadParameter`` (the reason) when its number is not allowed."""
    koya_limit = re.fullmatch(_KOYA_LIMIT, name)
    if koya_limit is not None:
        sign, number = koya_limit.groups()
        if sign is None:
            what = saying(
                "Koya's limit (koya_limit_<percent>: a percentage of the maximum possible score)"
            )
            return Modified(KOYA, limit_percent=_whole(number, 0, 100, what))
        what = saying(
            "the half-points Koya's limit moves by (koya_limit_%(sign)s_<half-points>)", sign=sign
        )
        shift = _whole(number, 1, MAX_LIMIT_SHIFT, what)
        return Modified(KOYA, limit_shift=shift if sign == "plus" else -shift)
    unrated = re.fullmatch(_UNRATED, name)
    if unrated is not None:
        base, number = unrated.groups()
        if base not in TAKES_UNRATED:
            raise BadParameter(
                saying(
                    "only the rating tie-breaks take _unrated_<rating> (%(these)s), not %(base)s",
                    these=", ".join(TAKES_UNRATED),
                    base=shown(base),
                )
            )
        what = saying("the rating of unrated players (_unrated_<rating>)")
        return Modified(base, unrated=_whole(number, 0, MAX_UNRATED, what))
    return None
