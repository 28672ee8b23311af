"""A playoff bracket as a picture: each section (winners, third place, losers, grand final,
reset) a band of columns, one column a round, one box a match — both sides with their seed,
the winner highlighted, the loser greyed, a side not known yet named by where it comes from
("Winner of M3"). Lines join a match to the one its winner plays next when the rounds halve.

One picture for the whole bracket (a top 8 is about 1,200 × 700; a top 64 is tall: its first
round holds 32 matches)."""

from __future__ import annotations

from fairpair import i18n
from fairpair.i18n import gettext as _
from fairpair.i18n import ngettext
from fairpair.interop.images import theme
from fairpair.interop.images.errors import TooLarge
from fairpair.interop.images.fonts import fitted
from fairpair.interop.images.frame import band, footer
from fairpair.interop.images.scene import Box, Item, Label, Line, Picture
from fairpair.responses.brackets import BracketMatch, BracketSection, BracketSide, BracketView

SIDE = 40
"""The height of one side of a match box."""
SLOT = 2 * SIDE + 28
"""The height a match takes in the round with the most matches."""
GAP = 36
"""Between two columns (where the joining lines run)."""
NAME = 23
SEED_ROOM = 46
SECTION_HEAD = 44
ROUND_HEAD = 38


def _side(side: BracketSide, match: BracketMatch, x: int, top: int, room: int) -> list[Item]:
    baseline = top + SIDE // 2 + 8
    if side.player is None:
        text = fitted(i18n.bracket_source(side.source), room - 24, theme.SMALL)
        return [Label(x + 12, baseline, text, theme.SMALL, theme.MUTED)]
    won = match.winner == side.player.id
    lost = match.winner is not None and not won
    items: list[Item] = []
    if won:
        items.append(Box(x + 3, top + 3, room - 6, SIDE - 6, theme.WIN_FILL, radius=6))
    color = theme.WIN_INK if won else theme.GONE_INK if lost else theme.INK
    items.append(
        Label(
            x + SEED_ROOM - 8,
            baseline,
            str(side.player.seed),
            theme.SMALL,
            theme.MUTED,
            anchor="end",
        )
    )
    name = fitted(side.player.name, room - SEED_ROOM - 10, NAME, won)
    items.append(Label(x + SEED_ROOM, baseline, name, NAME, color, won))
    return items


def _match(match: BracketMatch, x: int, middle: int, room: int) -> list[Item]:
    top = middle - SIDE
    items: list[Item] = [
        Box(x, top, room, 2 * SIDE, theme.BOX_FILL, radius=8, outline=theme.RULE),
        Line(x + 1, middle, x + room - 2, middle, theme.RULE, 1),
    ]
    items += _side(match.a, match, x, top, room)
    items += _side(match.b, match, x, middle, room)
    return items


def _section(
    section: BracketSection, top: int, columns: int, labelled: bool
) -> tuple[list[Item], int]:
    """The section's items, from ``top`` down; and where it ends."""
    room = (theme.WIDTH - 2 * theme.MARGIN - (columns - 1) * GAP) // columns
    items: list[Item] = []
    if labelled:
        label = _(section.label)  # Winners, Losers, Third place: the page's words
        items.append(Label(theme.MARGIN, top + 30, label, theme.SUBTITLE, theme.INK, True))
        top += SECTION_HEAD
    tallest = max(len(r.matches) for r in section.rounds)
    body = top + ROUND_HEAD
    height = tallest * SLOT
    middles: list[list[int]] = []
    for index, rnd in enumerate(section.rounds):
        x = theme.MARGIN + index * (room + GAP)
        head = fitted(i18n.round_name(rnd.name), room, theme.HEAD, True)
        items.append(Label(x, top + 26, head, theme.HEAD, theme.MUTED, True))
        count = len(rnd.matches)
        centres = [body + (2 * i + 1) * height // (2 * count) for i in range(count)]
        middles.append(centres)
        for match, middle in zip(rnd.matches, centres, strict=True):
            items += _match(match, x, middle, room)
        if index:
            items += _joins(middles[index - 1], centres, x - GAP, x)
    return items, body + height + 16


def _joins(before: list[int], after: list[int], left: int, right: int) -> list[Item]:
    """Lines from the matches of one round to those of the next (pairs into one, or one
    into one); none when the rounds do not line up that way."""
    elbow = (left + right) // 2
    lines: list[Item] = []
    if len(before) == 2 * len(after):
        for j, middle in enumerate(after):
            upper, lower = before[2 * j], before[2 * j + 1]
            lines += [
                Line(left, upper, elbow, upper, theme.RULE),
                Line(left, lower, elbow, lower, theme.RULE),
                Line(elbow, upper, elbow, lower, theme.RULE),
                Line(elbow, middle, right, middle, theme.RULE),
            ]
    elif len(before) == len(after):
        for a, b in zip(before, after, strict=True):
            lines += [
                Line(left, a, elbow, a, theme.RULE),
                Line(elbow, a, elbow, b, theme.RULE),
                Line(elbow, b, right, b, theme.RULE),
            ]
    return lines


def bracket_picture(view: BracketView, *, event: str) -> Picture:
    """The bracket ``view`` of event ``event`` (its name: the band's title). A bracket not
    drawn yet is a picture that says so; one taller than ``theme.MAX_HEIGHT`` (its first
    round past about 140 matches) is ``TooLarge``."""
    if view.champion is not None:
        subtitle = _("Bracket · %(stage)s · Champion: %(name)s") % {
            "stage": view.stage_name,
            "name": view.champion.name,
        }
    else:
        subtitle = _("Bracket · %(stage)s") % {"stage": view.stage_name}
    items: list[Item] = band(event, subtitle)
    top = theme.BAND + 16
    sections = [s for s in view.sections if s.rounds]
    columns = max((len(s.rounds) for s in sections), default=1)
    for section in sections:
        drawn, top = _section(section, top, columns, labelled=len(sections) > 1)
        items += drawn
    if not sections:
        message = ngettext(
            "Not drawn yet · %(num)d player", "Not drawn yet · %(num)d players", view.entrants
        ) % {"num": view.entrants}
        items.append(Label(theme.MARGIN, top + 40, message, theme.BODY, theme.MUTED))
        top += 72
    if view.kind == "single":
        caption = ngettext(
            "%(num)d player · single elimination",
            "%(num)d players · single elimination",
            view.entrants,
        ) % {"num": view.entrants}
    else:
        caption = ngettext(
            "%(num)d player · double elimination",
            "%(num)d players · double elimination",
            view.entrants,
        ) % {"num": view.entrants}
    items += footer(top, caption)
    if top + theme.FOOTER > theme.MAX_HEIGHT:
        raise TooLarge(
            "bracket",
            _("a bracket of %(num)s players is too tall for one picture") % {"num": view.entrants},
        )
    alt = _("%(event)s: bracket of %(stage)s") % {"event": event, "stage": view.stage_name}
    return Picture(theme.WIDTH, top + theme.FOOTER, tuple(items), alt, theme.BACKGROUND)
