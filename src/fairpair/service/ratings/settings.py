"""A community's rating choices, kept in its settings (``communities.settings["ratings"]``):

- ``matches``: the system one-on-one matches are rated with — ``glicko2`` (the default),
  ``elo`` (FIDE's, for chess clubs), ``openskill``, or ``off``;
- ``pods``: pod tables rated by finishing place with OpenSkill (on by default);
- ``per_game``: one rating per game when the community runs several (on by default) — an
  event's game is its first stage's ruleset preset (``mtg``, ``pokemon``, ``riftbound``,
  ``fide``…, the preset a changed ruleset started from); off, one rating across all;
- ``seed_round_one``: a new event's round 1 is seeded by rating (off by default).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from sqlalchemy import Connection, select, update

from fairpair.engine.errors import Location
from fairpair.engine.ratings.values import System
from fairpair.i18n import gettext
from fairpair.service.kernel.errors import Refused
from fairpair.store.models import CommunityRow

MATCH_SYSTEMS = ("glicko2", "elo", "openskill", "off")
#: The game of every event when a community keeps one rating across its games.
ALL_GAMES = "all"


@dataclass(frozen=True, slots=True)
class RatingSettings:
    matches: str = "glicko2"
    pods: bool = True
    per_game: bool = True
    seed_round_one: bool = False

    @property
    def match_system(self) -> System | None:
        return None if self.matches == "off" else System(self.matches)

    @property
    def systems(self) -> tuple[System, ...]:
        """The systems the community rates with, matches' first."""
        out: list[System] = []
        if self.match_system is not None:
            out.append(self.match_system)
        if self.pods and System.OPENSKILL not in out:
            out.append(System.OPENSKILL)
        return tuple(out)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def settings_of(stored: dict[str, object] | None) -> RatingSettings:
    """The rating settings in a community's settings (the defaults for what is missing)."""
    mine = (stored or {}).get("ratings")
    if not isinstance(mine, dict):
        return RatingSettings()
    return checked(RatingSettings(), mine)


def checked(base: RatingSettings, changes: dict[str, Any]) -> RatingSettings:
    """``base`` with ``changes``, each checked (a refusal names the field and why)."""
    out = base
    for name, value in changes.items():
        if value is None:
            continue
        if name == "matches":
            if value not in MATCH_SYSTEMS:
                raise Refused(
                    Location(("matches",)),
                    gettext("matches are rated with %(join_match_systems)s, not %(value)r")
                    % {"join_match_systems": ", ".join(MATCH_SYSTEMS), "value": value},
                )
            out = replace(out, matches=str(value))
        elif name in ("pods", "per_game", "seed_round_one"):
            if not isinstance(value, bool):
                raise Refused(
                    Location((name,)),
                    gettext("%(name)s is true or false, not %(value)r")
                    % {"name": name, "value": value},
                )
            if name == "pods":
                out = replace(out, pods=value)
            elif name == "per_game":
                out = replace(out, per_game=value)
            else:
                out = replace(out, seed_round_one=value)
        else:
            raise Refused(Location((name,)), gettext("no rating setting %(name)r") % {"name": name})
    return out


def read_settings(conn: Connection, community_id: int) -> RatingSettings:
    stored = conn.execute(
        select(CommunityRow.settings).where(CommunityRow.id == community_id)
    ).scalar_one()
    return settings_of(stored)


def write_settings(conn: Connection, community_id: int, settings: RatingSettings) -> None:
    stored = dict(
        conn.execute(
            select(CommunityRow.settings).where(CommunityRow.id == community_id)
        ).scalar_one()
        or {}
    )
    stored["ratings"] = settings.as_dict()
    conn.execute(
        update(CommunityRow).where(CommunityRow.id == community_id).values(settings=stored)
    )
