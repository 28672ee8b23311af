"""The event both page-wide checks walk through (the accessibility scan and the untranslated
pages' check), made through the service in the same states: a draft under review, an open
round with a self-report and a dispute, the top cut's first round, a rated community and a
league. Each step returns or sets what the pages' addresses need."""

from __future__ import annotations

from dataclasses import dataclass, field

from fairpair.engine.results import Result, Side
from fairpair.service.accounts import staff
from fairpair.service.accounts.links import invite, reset_link
from fairpair.service.accounts.logins import Account, add_account
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.event import events
from fairpair.service.leagues.leagues import create_league
from fairpair.service.players import roster
from fairpair.service.players.passes import personal_link
from fairpair.service.players.portal_settings import read_portal
from fairpair.service.ratings.updates import rebuild
from fairpair.service.results import recording as results
from fairpair.service.results.self_reports import dispute_report, report_own
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import PASSWORD, account
from .swiss_events import ACTOR, add_cut, play_round, start_round, swiss_event

FIELD = [
    "Ada Quill",
    "Ben Rook",
    "Cai Moss",
    "Dov Lark",
    "Eve Stone",
    "Fay Wren",
    "Gil Hart",
    "Hal Pike",
    "Ivy Lamb",
]


@dataclass
class Walk:
    """The walked event and what its pages' addresses are filled with."""

    db: Database
    owner: Account
    slug: str
    values: dict[str, str] = field(default_factory=dict)
    number: int = 0


def draft_under_review(db: Database) -> Walk:
    """The organizer "ally" (admin) and judge "jude"; a nine-player Swiss with a top 4, two
    rounds played (a bye, a drop), round 3's draft under review; an event open to join."""
    owner = add_account(db, "ally", PASSWORD, name="Ally", admin=True)
    account(db, "jude", organizer=False)
    slug = swiss_event(db, "Access Open", FIELD, owner=owner, max_rounds=3)
    staff.grant(db, slug, "jude", "judge", actor=ACTOR)
    add_cut(db, slug, 4)
    roster.check_in(db, slug, ["ada-quill", "ben-rook"], actor=ACTOR)
    play_round(db, slug, winner=lambda m: Side.A)  # nine players: a bye
    roster.drop_player(db, slug, "ivy-lamb", actor=ACTOR, reason="ill")  # a Withdrew row
    play_round(db, slug, winner=lambda m: Side.B)
    drafts.generate(db, slug, actor=ACTOR)
    values = {
        "slug": slug,
        "code": read_portal(db, slug).join_code,
        "fresh": swiss_event(db, "Access Open Next Week", FIELD[:2]),
        "invite": invite(db, owner, slug=slug, role="judge", note="for Sam")[1],
        "reset": reset_link(db, owner, "jude")[1],
        "secret": "",
    }
    return Walk(db, owner, slug, values)


def round_open(walk: Walk) -> None:
    """The event one of a community's (the Players tab offers returning players); round 3
    open: one table reported by a player, one disputed; a player's personal link."""
    db, slug = walk.db, walk.slug
    club = create_community(db, "Access Club", actor=ACTOR, kind="club", owner=walk.owner.id)
    attach_event(db, club, slug, actor=ACTOR)
    walk.number = rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, walk.number, actor=ACTOR)
    tables = rounds.round_view(db, slug, walk.number).tables
    report_own(db, slug, tables[0].a.id, 2, 1, 0, actor=tables[0].a.id)
    report_own(db, slug, tables[1].a.id, 2, 0, 0, actor=tables[1].a.id)
    dispute_report(db, slug, tables[1].b.id, 2, 0, 0, actor=tables[1].b.id)
    walk.values["secret"] = personal_link(db, slug, tables[0].b.id, actor=ACTOR)


def top_cut_open(walk: Walk) -> None:
    """The Swiss over, the top 4 drawn and its semifinals open."""
    db, slug, number = walk.db, walk.slug, walk.number
    for table in rounds.round_view(db, slug, number).tables:
        if table.b is not None:
            results.report(db, slug, number, Result.win(Side.A), table=table.table, actor=ACTOR)
    rounds.complete_round(db, slug, number, actor=ACTOR)
    assert events.export_event(db, slug).stage("top") is not None
    start_round(db, slug, "top")


def club_rated(walk: Walk) -> None:
    """The community's ratings made from the event's completed rounds."""
    rebuild(walk.db, "access-club", actor=ACTOR)


def league_played(walk: Walk) -> None:
    """A community "access-league" (the organizer's) with a league of one event played."""
    db = walk.db
    league_club = create_community(
        db, "Access League", actor=ACTOR, owner=walk.owner.id, slug="access-league"
    )
    night = swiss_event(db, "Access League Night", FIELD[:4])
    attach_event(db, league_club, night, actor=ACTOR)
    play_round(db, night, winner=lambda m: Side.A)
    create_league(db, league_club, "Access Season", actor=ACTOR, key="season", events=[night])
