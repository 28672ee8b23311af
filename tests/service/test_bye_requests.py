"""Requested byes (service.players.bye_requests): a half-point bye where the ruleset allows
it and up to the stage's limit, a zero-point bye anywhere in a Swiss, for a coming round
only; the pairing leaves the player out and scores the bye; a cancel before pairing."""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import ByeKind
from fairpair.engine.rulesets import FIDE, MTG
from fairpair.engine.standings import compute_standings
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import bye_requests as byes
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "arbiter"


def _event(db: Database, ruleset: object = FIDE, count: int = 7) -> str:
    slug = events.create_event(db, "Club Open", actor=ACTOR, ruleset=ruleset)  # type: ignore[arg-type]
    names = ["Ann", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"][:count]
    players.add_players(
        db,
        slug,
        [NewPlayer(n, id=n.lower(), rating=2400 - 10 * i) for i, n in enumerate(names)],
        actor=ACTOR,
    )
    return slug


def _play_round(db: Database, slug: str) -> int:
    drafts.generate(db, slug, actor=ACTOR)
    number = rounds.release(db, slug, actor=ACTOR)
    return number


def test_a_half_point_bye_is_requested_paired_and_scored(db: Database) -> None:
    slug = _event(db)
    made = byes.request_bye(db, slug, "bea", ByeKind.HALF, actor="bea", asker="player")
    assert (made.stage, made.round, made.kind) == ("swiss", 1, ByeKind.HALF)
    last = audit.audit_log(db, slug, limit=1).entries[-1]
    assert (last.action, last.subject, last.actor) == ("player.bye_request", "player bea", "bea")
    assert last.after == {"stage": "swiss", "round": 1, "kind": "half", "by": "player"}

    draft = drafts.generate(db, slug, actor=ACTOR)
    seated = {t[side]["id"] for t in draft.pairings for side in ("a", "b")}
    assert "bea" not in seated
    assert [(b["player"]["id"], b["kind"]) for b in draft.byes] == [("bea", "half")]
    texts = [n["text"] for n in draft.notes]
    assert "Bea — half-point bye (requested)." in texts
    rounds.release(db, slug, actor=ACTOR)
    tournament = events.export_event(db, slug)
    stage = tournament.stages[0]
    assert [(b.player, b.kind) for b in stage.rounds[0].byes] == [("bea", ByeKind.HALF)]
    standings = compute_standings(tournament, stage, include_absent=True)
    row = next(r for r in standings.rows if r.player.id == "bea")
    assert row.points == Fraction(1, 2)
    # The request is kept, paired: it can no longer be cancelled.
    options = byes.bye_options(db, slug, "bea")
    assert [(r.round, r.paired) for r in options.requests] == [(1, True)]
    refused(
        db,
        "refused",
        "round 1 is paired already",
        call=lambda: byes.cancel_bye(db, slug, "bea", 1, actor="bea", asker="player"),
    )


def test_a_request_for_a_paired_or_drafted_round_is_refused(db: Database) -> None:
    slug = _event(db)
    _play_round(db, slug)
    refused(
        db,
        "refused",
        "round 1 is paired already",
        call=lambda: byes.request_bye(db, slug, "ann", ByeKind.HALF, actor=ACTOR, round_number=1),
    )
    rounds.open_round(db, slug, 1, actor=ACTOR)
    for table in range(1, 4):
        results.report(db, slug, 1, Result.win(Side.A), actor=ACTOR, table=table)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "round 2 is being paired",
        "discard the draft first",
        call=lambda: byes.request_bye(db, slug, "ann", ByeKind.HALF, actor=ACTOR, round_number=2),
    )
    # The next round after the draft is still open to a request.
    made = byes.request_bye(db, slug, "ann", ByeKind.HALF, actor=ACTOR)
    assert made.round == 3


def test_the_half_point_limit_and_the_ruleset(db: Database) -> None:
    slug = _event(db)
    byes.request_bye(db, slug, "cid", ByeKind.HALF, actor=ACTOR, round_number=2)
    byes.request_bye(db, slug, "cid", ByeKind.HALF, actor=ACTOR, round_number=4)
    refused(
        db,
        "refused",
        "Cid has requested 2 half-point byes",
        "the limit is 2",
        call=lambda: byes.request_bye(db, slug, "cid", ByeKind.HALF, actor=ACTOR, round_number=5),
    )
    # A zero-point bye has no limit; a second request for one round is refused.
    byes.request_bye(db, slug, "cid", ByeKind.ZERO, actor=ACTOR, round_number=5)
    refused(
        db,
        "refused",
        "already has a half-point bye in round 2",
        call=lambda: byes.request_bye(db, slug, "cid", ByeKind.ZERO, actor=ACTOR, round_number=2),
    )
    options = byes.bye_options(db, slug, "cid")
    assert (options.half_limit, options.half_used, options.kinds) == (2, 2, (ByeKind.ZERO,))

    magic = _event(db, MTG)
    refused(
        db,
        "refused",
        "ruleset mtg",
        "no half-point byes",
        "zero-point bye",
        call=lambda: byes.request_bye(db, magic, "ann", ByeKind.HALF, actor=ACTOR),
    )
    sat = byes.request_bye(db, magic, "ann", ByeKind.ZERO, actor="ann", asker="player")
    draft = drafts.generate(db, magic, actor=ACTOR)
    assert [(b["player"]["id"], b["kind"]) for b in draft.byes] == [("ann", "zero")]
    assert sat.label == "zero-point bye"


def test_a_request_is_cancelled_before_its_round_is_paired(db: Database) -> None:
    slug = _event(db)
    byes.request_bye(db, slug, "dan", ByeKind.HALF, actor="dan", asker="player")
    cancelled = byes.cancel_bye(db, slug, "dan", 1, actor="dan", asker="player")
    assert (cancelled.round, cancelled.kind) == (1, ByeKind.HALF)
    last = audit.audit_log(db, slug, limit=1).entries[-1]
    assert (last.action, last.before) == (
        "player.bye_cancel",
        {"stage": "swiss", "round": 1, "kind": "half"},
    )
    assert byes.bye_options(db, slug, "dan").requests == ()
    draft = drafts.generate(db, slug, actor=ACTOR)
    assert "dan" not in {b["player"]["id"] for b in draft.byes}
    refused(
        db,
        "refused",
        "Dan has no requested bye in round 1",
        call=lambda: byes.cancel_bye(db, slug, "dan", 1, actor=ACTOR),
    )


def test_a_withdrawn_player_cannot_request(db: Database) -> None:
    slug = _event(db)
    players.drop_player(db, slug, "eve", actor=ACTOR)
    refused(
        db,
        "refused",
        "Eve has withdrawn",
        call=lambda: byes.request_bye(db, slug, "eve", ByeKind.ZERO, actor=ACTOR),
    )
    assert byes.bye_options(db, slug, "eve").can_request is False
