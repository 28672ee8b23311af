"""The demo event: a realistic Saturday Modern open in the database, mid-event.

Forty players register (thirty-nine check in; the no-show is dropped before round 1), the
toss is on, three rounds are played through the service exactly as an organizer would —
generate, release, open, report, complete — with one late entry after round 1, a drop after
round 2, a forfeit, an intentional draw and a corrected result; round 4 is open with some
results in. Results come from a seeded generator (the better seed wins a little more often),
so every demo is the same event.

``demo_login`` is what ``fairpair serve --demo`` (the README's first command) starts with:
the demo's organizer account and the demo event, which it owns. That account is also the
installation's administrator — as the first account of a fresh installation is (``/setup``)
— so the demo shows every page an organizer can reach, the Accounts page too.
"""

from __future__ import annotations

import random

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import GameScore, Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, TossSettings
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.accounts.logins import (
    Account,
    add_account,
    find_account,
    set_admin,
    set_password,
)
from fairpair.service.accounts.staff import grant
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

FIRST = (
    "Aiko",
    "Bruno",
    "Chloé",
    "Dario",
    "Elif",
    "Finn",
    "Greta",
    "Hugo",
    "Ines",
    "Jonas",
    "Kavya",
    "Liam",
    "Maya",
    "Nils",
    "Olga",
    "Pablo",
    "Quinn",
    "Rosa",
    "Sami",
    "Tess",
    "Uma",
    "Viktor",
    "Wen",
    "Xavi",
    "Yara",
    "Zoltan",
    "Amara",
    "Björn",
    "Carmen",
    "Dev",
    "Emeka",
    "Freya",
    "Gus",
    "Hana",
    "Ivo",
    "Jade",
    "Kenji",
    "Lena",
    "Mateo",
    "Nora",
)
LAST = (
    "Tanaka",
    "Costa",
    "Martin",
    "Rossi",
    "Yılmaz",
    "O'Brien",
    "Schulz",
    "Lefèvre",
    "Duarte",
    "Berg",
    "Rao",
    "Walsh",
    "Cohen",
    "Larsen",
    "Petrova",
    "Ruiz",
    "Harper",
    "Jiménez",
    "Haddad",
    "Novak",
    "Singh",
    "Horvat",
    "Li",
    "Puig",
    "Nasser",
    "Kovács",
    "Okafor",
    "Lund",
    "Vidal",
    "Patel",
    "Eze",
    "Nilsson",
    "Moreau",
    "Sato",
    "Marić",
    "Bell",
    "Mori",
    "Vogel",
    "Silva",
    "Quist",
)
NAME = "Saturday Modern Open (demo)"
ACTOR = "demo"


def _result(rng: random.Random, a_seed: int, b_seed: int) -> Result:
    stronger_a = a_seed < b_seed
    if rng.random() < 0.06:
        return Result.draw(GameScore(1, 1))
    a_wins = rng.random() < (0.58 if stronger_a else 0.42)
    games = GameScore(2, rng.choice((0, 1))) if a_wins else GameScore(rng.choice((0, 1)), 2)
    return Result.win(Side.A if a_wins else Side.B, games)


def create_demo(
    db: Database, *, actor: str = ACTOR, slug: str | None = None, owner: int | None = None
) -> str:
    """Create the demo event; its slug. ``owner``: the account that owns it."""
    rng = random.Random(2026)
    stage = Stage(
        id="swiss",
        name="Swiss",
        config=SwissConfig(max_rounds=6, toss=TossSettings(enabled=True)),
        ruleset=PRESETS["mtg"],
        seed="saturday-modern",
    )
    slug = events.create_event(db, NAME, actor=actor, slug=slug, stage=stage, owner=owner)
    entrants = [
        NewPlayer(f"{FIRST[i]} {LAST[i]}", seed=i + 1, rating=1900 - 17 * i, contact=None)
        for i in range(39)
    ]
    ids = players.add_players(db, slug, entrants, actor=actor)
    players.check_in(db, slug, ids[:38], actor=actor)
    players.drop_no_shows(db, slug, actor=actor)
    seeds = {pid: i + 1 for i, pid in enumerate(ids)}
    for number in range(1, 5):
        draft = drafts.generate(db, slug, actor=actor)
        rounds.release(db, slug, actor=actor)
        rounds.open_round(db, slug, number, actor=actor)
        tables = [(t["table"], t["a"]["id"], t["b"]["id"]) for t in draft.pairings]
        reported = tables if number < 4 else tables[: len(tables) // 2]
        for table, a, b in reported:
            result = _result(rng, seeds.get(a, 40), seeds.get(b, 40))
            if number == 2 and table == len(tables):
                result = Result.forfeit(Side.A)
            if number == 3 and table == 1:
                result = Result.draw(intentional=True)
            results.report(db, slug, number, result, table=table, actor=actor)
        if number == 2:
            results.correct(
                db,
                slug,
                2,
                2,
                Result.from_games(2, 1),
                actor=actor,
                reason="players reported the wrong game score",
            )
            players.drop_player(db, slug, ids[20], actor=actor, reason="had to leave")
        if number < 4:
            rounds.complete_round(db, slug, number, actor=actor)
        if number == 1:
            late = players.add_players(
                db,
                slug,
                [NewPlayer("Nora Quist", seed=40, rating=1230)],
                actor=actor,
                late=LateEntry(byes=0),
            )
            seeds[late[0]] = 40
    return slug


def demo_login(db: Database, username: str, password: str, *, slug: str) -> Account:
    """The demo's organizer: account ``username`` with ``password`` (made, or its password
    set anew — a new one each start), an organizer and the installation's administrator, and
    the demo event ``slug`` (made when missing), which it owns."""
    try:
        add_account(db, username, password, name="Demo Organizer", admin=True)
    except FairpairError:
        set_password(db, username, password)
        set_admin(db, username)
    account = find_account(db, username)
    if slug not in {e.slug for e in events.list_events(db).events}:
        create_demo(db, slug=slug, owner=account.id)
    else:
        grant(db, slug, account.username, "owner", actor=ACTOR)
    return account
