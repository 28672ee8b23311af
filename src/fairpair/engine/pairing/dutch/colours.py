"""Colour allocation (C.04.3 E / 5.2): who has White on each board.

In order, the first rule that decides:

- **E.1** grant both colour preferences (they differ, or only one player has one);
- **E.2** grant the stronger preference (absolute over strong over mild; of two absolute
  preferences, the wider colour difference);
- **E.3** alternate the colours to the most recent round in which the two players had
  different colours;
- **E.4** grant the colour preference of the higher-ranked player;
- **E.5** the rank rule: the higher-ranked player has the initial colour when their pairing
  number (in the initial ranking list) is odd, the other colour when it is even.
"""

from __future__ import annotations

from fairpair.engine.pairing.dutch.model import Colour, ColourDecision
from fairpair.engine.pairing.dutch.players import Player


def _first_difference(a: Player, b: Player) -> tuple[Colour | None, Colour | None]:
    ia, ib = len(a.colours) - 1, len(b.colours) - 1
    while ia >= 0 and ib >= 0 and a.colours[ia] is b.colours[ib]:
        ia -= 1
        ib -= 1
    return (a.colours[ia] if ia >= 0 else None, b.colours[ib] if ib >= 0 else None)


def _neutral(p: Player, o: Player) -> tuple[Colour | None, str]:
    """The colour of ``p`` by E.1–E.3, or ``None`` when they do not decide."""
    if p.preference is None or o.preference is None or p.preference != o.preference:
        if p.preference is not None:
            return p.preference, "both"
        if o.preference is not None:
            return o.preference.other, "both"
        return None, ""
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.preference, "stronger"
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return o.preference.other, "stronger"
    if p.strong and not o.strong:
        return p.preference, "stronger"
    if o.strong and not p.strong:
        return o.preference.other, "stronger"
    mine, theirs = _first_difference(p, o)
    if mine is not None and theirs is not None:
        return theirs, "alternation"
    return None, ""


def allocate(higher: Player, lower: Player, initial: Colour) -> ColourDecision:
    """The colours of a board; ``higher`` ranks above ``lower`` (score, then number)."""
    colour, rule = _neutral(higher, lower)
    if colour is None:
        if higher.preference is None:
            colour = initial if higher.rank % 2 == 0 else initial.other
            rule = "rank"
        else:
            colour = higher.preference
            rule = "higher-ranked"
    white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
    granted: list[str] = []
    denied: list[str] = []
    for player, got in ((white, Colour.WHITE), (black, Colour.BLACK)):
        if player.preference is None:
            continue
        (granted if player.preference is got else denied).append(player.key)
    return ColourDecision(
        white.key,
        black.key,
        rule,
        tuple(granted),
        tuple(denied),
        higher=higher.key,
        higher_number=higher.number,
        white_wants=white.preference,
        white_strength=white.strength,
        black_wants=black.preference,
        black_strength=black.strength,
    )
