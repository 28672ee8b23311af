"""A league's points rule: how many league points one event gives a player (docs/leagues.md).

An event scores, for each player who took part in it:

- ``win`` / ``draw`` / ``loss`` points for each match won, drawn or lost there (the match
  record as the event keeps it: a bye is in it as the event counts it — a win, or a draw for
  a half-point bye — and a forfeit as won or lost);
- ``attend`` points for taking part at all (a completed match or a bye);
- a place table: ``places[0]`` for 1st, ``places[1]`` for 2nd …; a place beyond the table
  scores 0, and a player without a final place (withdrew) scores none.

Every part may be 0, and any mix is a rule (the defaults: 3 a win, 1 a draw, nothing else —
the points the events themselves use). ``best``: only a player's ``best`` highest event
totals of the season count (best N of M); ``None`` counts them all.

Values are exact (``Fraction``): whole numbers or halves for a chess club's 1 / ½ / 0."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from fairpair.engine.errors import FairpairError, Location, saying
from fairpair.engine.points_text import points_text

#: The most points one part of a rule may give (a typo such as 30000 is refused).
MOST = Fraction(1000)
#: The most places a place table may list.
MOST_PLACES = 64
#: The most events a best-N count may name.
MOST_BEST = 1000


class InvalidLeagueRule(FairpairError):
    """A league's points rule that cannot be used (a negative value, a place table that
    rises, best 0 …): the field and the reason."""

    code: ClassVar[str] = "invalid_league_rule"


@dataclass(frozen=True, slots=True)
class PointsRule:
    """League points per event (module docstring)."""

    win: Fraction = Fraction(3)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    attend: Fraction = Fraction(0)
    places: tuple[Fraction, ...] = ()
    best: int | None = None

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss", "attend"):
            _check_value(name, getattr(self, name))
        if len(self.places) > MOST_PLACES:
            raise InvalidLeagueRule(
                Location(("places",)),
                saying("a place table lists at most %(most)s places", most=MOST_PLACES),
            )
        for i, value in enumerate(self.places):
            _check_value(f"places[{i}]", value)
            if i and value > self.places[i - 1]:
                raise InvalidLeagueRule(
                    Location(("places",)),
                    saying(
                        "place %(place)s scores %(points)s, more than place %(above)s "
                        "(%(above_points)s): list the points from 1st down, such as 10,8,6,4",
                        place=i + 1,
                        points=points_text(value),
                        above=i,
                        above_points=points_text(self.places[i - 1]),
                    ),
                )
        if self.best is not None and not 1 <= self.best <= MOST_BEST:
            raise InvalidLeagueRule(
                Location(("best",)),
                saying(
                    "best N counts 1 to %(most)s events (empty: every event), not %(best)s",
                    most=MOST_BEST,
                    best=self.best,
                ),
            )

    def place_points(self, place: int | None) -> Fraction:
        """The place table's points for final place ``place`` (0 beyond the table or none)."""
        if place is None or not 1 <= place <= len(self.places):
            return Fraction(0)
        return self.places[place - 1]

    def event_points(
        self, wins: int, draws: int, losses: int, attended: bool, place: int | None
    ) -> Fraction:
        """One event's league points for a player with this record, presence and place."""
        if not attended:
            return Fraction(0)
        return (
            self.win * wins
            + self.draw * draws
            + self.loss * losses
            + self.attend
            + self.place_points(place)
        )

    @property
    def text(self) -> str:
        """The rule in words: "3 a win, 1 a draw, 1 for coming; places 10, 8, 6; best 8"."""
        parts = [
            f"{points_text(v)} {what}"
            for v, what in (
                (self.win, "a win"),
                (self.draw, "a draw"),
                (self.loss, "a loss"),
                (self.attend, "for taking part"),
            )
            if v
        ]
        said = ", ".join(parts)
        if self.places:
            table = ", ".join(
                f"{ordinal(i + 1)} {points_text(v)}" for i, v in enumerate(self.places)
            )
            said = f"{said}; by place: {table}" if said else f"by place: {table}"
        said = said or "no points"
        counted = f"best {self.best} events count" if self.best else "every event counts"
        return f"{said} — {counted}"

    def as_json(self) -> dict[str, Any]:
        """The rule as stored (strings for exact values: "1/2")."""
        return {
            "win": str(self.win),
            "draw": str(self.draw),
            "loss": str(self.loss),
            "attend": str(self.attend),
            "places": [str(v) for v in self.places],
            "best": self.best,
        }


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _check_value(name: str, value: Fraction) -> None:
    if value < 0:
        raise InvalidLeagueRule(
            Location((name,)),
            saying("league points are 0 or more, not %(points)s", points=points_text(value)),
        )
    if value > MOST:
        raise InvalidLeagueRule(
            Location((name,)),
            saying(
                "league points are at most %(most)s, not %(points)s",
                most=str(MOST),
                points=points_text(value),
            ),
        )
    if (value * 2).denominator != 1:
        raise InvalidLeagueRule(
            Location((name,)),
            saying(
                "league points are whole numbers or halves, not %(points)s",
                points=points_text(value),
            ),
        )


def points_value(name: str, value: object) -> Fraction:
    """``value`` (a number, or text such as "3", "0.5", "1/2", "½") as exact points; refused,
    naming ``name``, when it is not a number."""
    if isinstance(value, bool):
        raise InvalidLeagueRule(Location((name,)), saying("league points are a number"))
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(str(value))
    if isinstance(value, str):
        text = value.strip().replace(",", ".")
        half = text.endswith("½")
        text = text.removesuffix("½") or "0"
        try:
            return Fraction(text) + (Fraction(1, 2) if half else 0)
        except (ValueError, ZeroDivisionError):
            pass
    raise InvalidLeagueRule(
        Location((name,)),
        saying("league points are a number such as 3 or 0.5, not %(value)s", value=repr(value)),
    )


def places_value(value: object) -> tuple[Fraction, ...]:
    """A place table from text ("10,8,6,4"; spaces and ";" also part values) or a list."""
    if value is None:
        return ()
    if isinstance(value, str):
        bits = [b for b in value.replace(";", " ").replace(",", " ").split() if b]
    elif isinstance(value, Sequence):
        bits = list(value)
    else:
        raise InvalidLeagueRule(
            Location(("places",)),
            saying("a place table is a list of points, such as 10,8,6,4"),
        )
    return tuple(points_value(f"places[{i}]", b) for i, b in enumerate(bits))


def best_value(value: object) -> int | None:
    """Best N from a number or text (empty, 0 or "all": every event counts)."""
    if (
        value is None
        or value == ""
        or (isinstance(value, str) and value.strip().lower() in ("", "all", "0"))
    ):
        return None
    if isinstance(value, bool):
        raise InvalidLeagueRule(Location(("best",)), saying("best N is a whole number of events"))
    if isinstance(value, int):
        return value or None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip()) or None
    raise InvalidLeagueRule(
        Location(("best",)),
        saying("best N is a whole number of events, not %(value)s", value=repr(value)),
    )


def rule_of(values: Mapping[str, object]) -> PointsRule:
    """A rule from loose values (a form, a JSON body, the stored JSON): the fields left out
    keep their defaults; an unknown field is refused, named."""
    known = {"win", "draw", "loss", "attend", "places", "best"}
    for name in values:
        if name not in known:
            raise InvalidLeagueRule(
                Location((name,)),
                saying(
                    "a league rule has no %(name)s (it has %(known)s)",
                    name=repr(name),
                    known=", ".join(sorted(known)),
                ),
            )
    base = PointsRule()
    return PointsRule(
        win=points_value("win", values["win"]) if "win" in values else base.win,
        draw=points_value("draw", values["draw"]) if "draw" in values else base.draw,
        loss=points_value("loss", values["loss"]) if "loss" in values else base.loss,
        attend=points_value("attend", values["attend"]) if "attend" in values else base.attend,
        places=places_value(values.get("places")),
        best=best_value(values.get("best")),
    )
