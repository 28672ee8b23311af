"""The shape of a tiebreak: a name, how it reads, which way is better, and how it computes.

A tiebreak's definition is a tuple of paragraphs, each a ``Said`` marked for the catalogue
(``defined(N_("…"), N_("…"))``, one message a paragraph: ````name```` marks code,
``*Example:*`` a lead-in), so ``/help/tiebreaks`` says it in the reader's language
(``fairpair.i18n.say``); ``definition`` is the English text (docs/languages.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.errors import Said
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


class ValueKind(StrEnum):
    """How a tiebreak's value is shown: points, a percentage, a count, a rating, ..."""

    POINTS = "points"
    PERCENT = "percent"
    COUNT = "count"
    RATING = "rating"
    SEED = "seed"
    RANDOM = "random"


Compute = Callable[[TiebreakContext], Mapping[PlayerId, Value]]
ComputeAmong = Callable[[TiebreakContext, Sequence[PlayerId]], Mapping[PlayerId, Value] | None]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    """One tiebreak of the catalogue.

    Exactly one of ``compute`` (a value per player, independent of who else is tied) and
    ``compute_among`` (values among exactly the tied players, or ``None`` when it does not
    apply to them) is set. ``None`` values rank after every real value.

    ``paragraphs``: the definition, one sentence of the catalogue a paragraph.
    ``said_label``: the label as a sentence, for a tiebreak whose label is not the
    catalogue's own (a parametrised one: "Koya, limit 60%"); ``None``: the catalogue's.
    """

    name: str
    label: str
    short: str
    kind: ValueKind
    higher_is_better: bool
    paragraphs: tuple[Said, ...]
    compute: Compute | None = None
    compute_among: ComputeAmong | None = None
    said_label: Said | None = None

    @property
    def definition(self) -> str:
        """The definition in English, its paragraphs separated by a blank line."""
        return "\n\n".join(str(p) for p in self.paragraphs)


def defined(*paragraphs: str) -> tuple[Said, ...]:
    """A definition's paragraphs (each marked with ``N_``) as the sentences it says."""
    return tuple(Said(p) for p in paragraphs)
