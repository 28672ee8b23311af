"""Audit entries of every kind the service writes, as the service writes them (actor, action,
subject, before, after), with the values (names, numbers) their sentence must carry in any
language — for ``tests/i18n/test_audit_log_words``. Several entries of a kind show its other
cases."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fairpair.responses.audit import AuditEntry
from fairpair.service.event.audit_sentences import Names
from fairpair.service.rounds.autopilot import AUTOPILOT

#: Two stages: places name theirs ("table 7 in round 3 of Top 8").
NAMES = Names(
    players={"ann": "Ann Lee", "bea": "Bea Diaz", "cole": "Cole Ng", "dan": "Dan Ito"},
    player_rows={41: "Ann Lee", 42: "Bea Diaz"},
    staff={"tess": ("Tess Dunn", "owner"), "jo": ("Jo Park", "judge")},
    stages={"swiss": "Swiss", "top8": "Top 8"},
)
#: One stage: places say only the round and table.
ONE_STAGE = Names(NAMES.players, NAMES.player_rows, NAMES.staff, {"swiss": "Swiss"})

TABLE = "stage top8 round 3 table 7"
ROUND = "stage swiss round 4"
ANN = "player ann (Ann Lee)"
BEA = "player bea (Bea Diaz)"
RESULT = {"kind": "played", "winner": "a", "games_a": 2, "games_b": 1, "games_draws": 0}


@dataclass(frozen=True)
class Sample:
    entry: AuditEntry
    values: tuple[str, ...]
    names: Names = NAMES


def _sample(
    action: str,
    subject: str,
    values: tuple[str, ...],
    *,
    actor: str = "tess",
    before: Any = None,
    after: Any = None,
    names: Names = NAMES,
) -> Sample:
    at = datetime(2026, 3, 14, 10, 30, tzinfo=UTC)
    entry = AuditEntry(
        id=1, at=at, actor=actor, action=action, subject=subject, before=before, after=after
    )
    return Sample(entry, values, names)


def _added(*names: str, late: int | None = None, file: str | None = None) -> list[Any]:
    rows: list[Any] = [{"key": n.lower(), "name": n} for n in names]
    if late is not None:
        rows.append({"late_byes": late})
    if file is not None:
        rows.append({"file": file})
    return rows


SAMPLES: list[Sample] = [
    _sample(
        "event.create",
        "event friday",
        ("Tess Dunn", "Friday Open", "8", "5"),
        after={"name": "Friday Open", "players": 8, "rounds": 5},
    ),
    _sample("event.create", "event friday", ("Friday Open",), after={"name": "Friday Open"}),
    _sample(
        "event.import",
        "event friday",
        ("Friday Open", "12", "trf"),
        after={"name": "Friday Open", "players": 12, "from": "trf"},
    ),
    _sample(
        "event.restore",
        "event friday",
        ("Friday Open", "1", "3"),
        after={"name": "Friday Open", "players": 1, "rounds": 3},
    ),
    _sample("player.add", "players", ("Ann Lee", "Bea Diaz"), after=_added("Ann Lee", "Bea Diaz")),
    _sample(
        "player.add",
        "players",
        ("Cole Ng", "2"),
        after=_added("Cole Ng", late=2),
    ),
    _sample(
        "player.add",
        "players",
        ("6",),
        after=_added("A1", "A2", "A3", "A4", "A5", "A6"),
    ),
    _sample(
        "player.import",
        "players",
        ("Ann Lee", "club.csv"),
        after=_added("Ann Lee", file="club.csv"),
    ),
    _sample("player.import", "players", ("Ann Lee",), after=_added("Ann Lee")),
    _sample(
        "player.undo_import",
        "players",
        ("club.csv", "2026-03-14 09:00 UTC", "Ann Lee"),
        before={
            "file": "club.csv",
            "imported_at": "2026-03-14T09:00:00+00:00",
            "players": [{"key": "ann", "name": "Ann Lee"}],
        },
    ),
    _sample("player.join", "ann", ("Ann Lee",), actor=ANN, after=_added("Ann Lee")),
    _sample("player.promote", "ann", ("Ann Lee",), actor=ANN, after=_added("Ann Lee")),
    _sample("player.waitlist", "Eve Moss", ("Eve Moss", "3"), actor="public", after={"number": 3}),
    _sample("player.join_again", "bea", ("Bea Diaz",), actor=BEA),
    _sample("player.checkin", "ann, bea", ("Tess Dunn", "Ann Lee", "Bea Diaz")),
    _sample("player.checkin", "ann", ("Ann Lee",), actor=ANN),
    _sample("player.checkout", "ann", ("Tess Dunn", "Ann Lee")),
    _sample("player.checkout", "bea", ("Bea Diaz",), actor=BEA),
    _sample(
        "player.drop",
        "player cole",
        ("Tess Dunn", "Cole Ng", "Swiss", "2", "went home"),
        after={"stage": "swiss", "after_round": 2, "reason": "went home"},
    ),
    _sample(
        "player.drop",
        "player bea",
        ("Bea Diaz",),
        actor=BEA,
        after={"whole_event": True, "after_round": None},
    ),
    _sample(
        "player.drop_no_shows",
        "stage swiss",
        ("Cole Ng", "Dan Ito", "2"),
        after={"dropped": ["cole", "dan"]},
    ),
    _sample(
        "player.undo_no_shows",
        "stage swiss",
        ("Cole Ng",),
        before={"dropped": ["cole"]},
    ),
    _sample("player.reinstate", "player cole", ("Cole Ng",)),
    _sample(
        "player.seed",
        "player ann",
        ("Ann Lee", "3", "1"),
        before={"seed": 3},
        after={"seed": 1},
    ),
    _sample("player.link", "dan", ("Dan Ito",)),
    _sample("player.revoke_links", "dan", ("Dan Ito", "2"), after={"revoked": 2}),
    _sample(
        "portal.settings",
        "portal",
        ("Tess Dunn", "self report"),
        before={"self_report": False},
        after={"self_report": True},
    ),
    _sample("portal.code", "join code", ("Tess Dunn",)),
    _sample(
        "stage.add",
        "stage top8",
        ("Top 8",),
        after={"name": "Top 8", "format": "single_elimination"},
    ),
    _sample(
        "stage.edit",
        "stage swiss",
        ("Swiss", "rounds"),
        before={"rounds": 4},
        after={"rounds": 5},
    ),
    _sample(
        "round.generate",
        TABLE.removesuffix(" table 7") + " (draft)",
        ("3", "Top 8", "4"),
        after={"tables": 4, "warnings": ["x"]},
    ),
    _sample("round.regenerate", "stage swiss round 4 (draft)", ("4", "Swiss")),
    _sample("round.rearrange", ROUND, ("4", "Swiss")),
    _sample("round.discard", ROUND, ("4",)),
    _sample(
        "round.release",
        ROUND,
        ("4", "3", "Dan Ito"),
        after={"tables": [1, 2, 3], "byes": ["dan"], "all": True},
    ),
    _sample("round.release", ROUND, ("4", "1"), after={"tables": [1]}),
    _sample("round.open", ROUND, ("4", "Swiss"), actor="jo (api)"),
    _sample("round.open", "stage swiss round 2", ("2",), actor=AUTOPILOT, names=ONE_STAGE),
    _sample(
        "round.complete",
        ROUND,
        ("4", "7", "3", "Bea Diaz", "2-1"),
        actor=AUTOPILOT,
        after={"trigger": "after the result of table 7 in round 3: Bea Diaz wins 2-1"},
    ),
    _sample("round.revert", ROUND, ("4",)),
    _sample("round.delete", ROUND, ("4",)),
    _sample(
        "round.swap",
        TABLE,
        ("Ann Lee", "Bea Diaz", "7", "3"),
        before={"players": ["ann", "bea"]},
    ),
    _sample(
        "round.dates",
        ROUND,
        ("4", "2026-03-14 10:00 UTC", "2026-03-21 10:00 UTC"),
        after={"starts_at": "2026-03-14T10:00:00Z", "ends_at": "2026-03-21T10:00:00Z"},
    ),
    _sample("round.dates", ROUND, ("4",), after={}),
    _sample("round.clock_start", ROUND, ("4", "50"), after={"minutes": 50}),
    _sample("round.clock_pause", ROUND, ("4", "12:05"), after={"left_seconds": 725}),
    _sample("round.clock_resume", ROUND, ("4", "12:05"), before={"left_seconds": 725}),
    _sample("round.clock_extend", ROUND, ("4", "5"), after={"minutes": 5}),
    _sample("round.clock_extend", ROUND, ("4", "3"), after={"minutes": -3}),
    _sample("round.clock_reset", ROUND, ("4",)),
    _sample(
        "result.report",
        TABLE,
        ("Tess Dunn", "7", "3", "Ann Lee", "2-1"),
        after={"result": RESULT, "text": "Ann Lee wins 2-1"},
    ),
    _sample(
        "result.report",
        TABLE,
        ("7", "3", "Ann Lee", "2-1"),
        actor=BEA,
        after={"result": RESULT, "text": "Ann Lee wins 2-1"},
    ),
    _sample(
        "result.correct",
        TABLE,
        ("7", "3", "Bea Diaz", "2-0", "1-1", "misread slip"),
        before={"kind": "intentional_draw", "games_a": 1, "games_b": 1},
        after={"text": "Bea Diaz wins 2-0", "reason": "misread slip"},
    ),
    _sample(
        "result.correct",
        TABLE,
        ("7", "Ann Lee", "2-1"),
        before=RESULT | {"games_a": 2, "games_b": 1},
        after={"text": "Ann Lee wins 2-1"},
    ),
    _sample("result.clear", TABLE, ("7", "3", "wrong table"), after={"reason": "wrong table"}),
    _sample("result.games", TABLE, ("7", "3")),
    _sample(
        "self_report.report",
        TABLE,
        ("Ann Lee", "2-1", "7", "3"),
        actor=ANN,
        after={"score": "2-1"},
    ),
    _sample(
        "self_report.report",
        TABLE,
        ("Ann Lee", "2-0"),
        actor=ANN,
        before={"score": "2-1"},
        after={"score": "2-0"},
    ),
    _sample(
        "self_report.confirm",
        TABLE,
        ("Bea Diaz", "Ann Lee", "2-1"),
        actor=BEA,
        after={"result": "Ann Lee wins 2-1"},
    ),
    _sample(
        "self_report.dispute",
        TABLE,
        ("Bea Diaz", "2-1", "1-2"),
        actor=BEA,
        before={"reported": "2-1"},
        after={"says": "1-2"},
    ),
    _sample("self_report.resolve", TABLE, ("Jo Park", "7"), actor="jo"),
    _sample(
        "places.record",
        TABLE,
        ("Ann Lee", "Bea Diaz", "7"),
        after={"places": [1, 2], "text": "Ann Lee 1st, Bea Diaz 2nd"},
    ),
    _sample(
        "places.correct",
        TABLE,
        ("Ann Lee", "Bea Diaz", "7", "recount"),
        after={"places": [1, 1], "text": "Ann Lee 1st (shared), Bea Diaz 1st (shared)"}
        | {"reason": "recount"},
    ),
    _sample("toss.flip", TABLE, ("Bea Diaz", "7"), after={"first": "bea"}),
    _sample("toss.recalculate", ROUND, ("4", "2"), after={"changed_tables": [1, 2]}),
    _sample(
        "cut.draw",
        "stage top8",
        ("Top 8", "2", "Ann Lee", "Bea Diaz"),
        after={"players": ["ann", "bea"], "automatic": True},
    ),
    _sample(
        "cut.replace",
        "stage top8",
        ("Top 8", "seat 2: Cole Ng for Bea Diaz"),
        after={"explanation": ["seat 2: Cole Ng for Bea Diaz"]},
    ),
    _sample("staff.grant", "staff jo", ("Jo Park",), after={"role": "judge"}),
    _sample(
        "staff.grant", "staff jo", ("Jo Park",), before={"role": "viewer"}, after={"role": "owner"}
    ),
    _sample("staff.revoke", "staff jo", ("jo",), before={"role": "judge"}),
    _sample(
        "staff.invite",
        "invitation 12",
        ("Tess Dunn", "for Kim"),
        after={"role": "judge", "organizer": True, "note": "for Kim"},
    ),
    _sample("staff.invite", "invitation 13", ("Tess Dunn",), after={}),
    _sample("staff.invite_revoke", "invitation 12", ("12",)),
    _sample(
        "player.edit",
        "player ann",
        ("Ann Lee", "rating"),
        before={"rating": 1500},
        after={"rating": 1600},
    ),
    _sample(
        "player.bye_request",
        "player ann",
        ("Ann Lee", "5"),
        after={"kind": "half", "round": 5},
    ),
    _sample(
        "player.bye_request", "player ann", ("Ann Lee", "5"), after={"kind": "full", "round": 5}
    ),
    _sample(
        "player.bye_cancel",
        "player ann",
        ("Ann Lee", "5"),
        before={"kind": "zero", "round": 5},
    ),
    _sample(
        "event.rename",
        "event friday",
        ("Friday Open", "Friday Major"),
        before="Friday Open",
        after="Friday Major",
    ),
    _sample(
        "event.details",
        "event friday",
        ("venue",),
        before={"venue": "Hall"},
        after={"venue": "Club"},
    ),
    _sample("notice.round_open", ROUND, ("4", "12"), actor=AUTOPILOT, after={"notified": 12}),
    _sample("notice.round_open", ROUND, ("4",), actor=AUTOPILOT, after={}),
    _sample("notice.halfway", ROUND, ("4", "1"), actor=AUTOPILOT, after={"notified": 1}),
    _sample("notice.deadline_24h", ROUND, ("4", "9"), actor=AUTOPILOT, after={"notified": 9}),
    _sample("notice.preferences", "player #41", ("Ann Lee",), actor=ANN),
    _sample("notice.push_on", "player #42", ("Bea Diaz", "Tess Dunn")),
    _sample("notice.push_off", "player #41", ("Ann Lee",), actor="public"),
    _sample("notice.language", "player #42", ("Bea Diaz",), actor=BEA),
    _sample("discord.link", "Discord channel 5551", ("5551",)),
    _sample("discord.unlink", "Discord channel 5551", ("5551",)),
    _sample("discord.code", "player ann", ("Ann Lee",)),
    _sample("discord.code", "event friday", ("Tess Dunn",), after={"purpose": "channel"}),
    _sample(
        "discord.join",
        "player ann",
        ("Ann Lee",),
        actor="player ann (Ann Lee) via Discord 99",
    ),
    _sample("discord.leave", "player ann", ("Ann Lee",), actor="Discord user annlee (99)"),
    _sample(
        "community.create",
        "community owls",
        ("Owls Club", "club"),
        after={"name": "Owls Club", "kind": "club"},
    ),
    _sample(
        "community.rename",
        "community owls",
        ("Owls", "Owls Club"),
        before={"name": "Owls"},
        after={"name": "Owls Club"},
    ),
    _sample(
        "event.community",
        "event friday",
        ("Owls Club", "7"),
        after={"community": "owls", "name": "Owls Club", "linked": 7},
    ),
    _sample("event.community", "event friday", ("owls",), before={"community": "owls"}),
    _sample("community.attach", "event friday", ("friday", "3"), after={"linked": 3}),
    _sample("community.detach", "event friday", ("friday",)),
    _sample("community.restore", "event friday", ("friday", "1"), after={"linked": 1}),
    _sample(
        "person.merge",
        "person ann-lee",
        ("ann-lee", "ann-l", "2"),
        before={"merged": "ann-l"},
        after={"events": 2},
    ),
    _sample(
        "person.rename",
        "person ann-lee",
        ("ann-lee", "Ann L", "Ann Lee"),
        before={"name": "Ann L"},
        after={"name": "Ann Lee"},
    ),
    _sample("person.forget", "person ann-lee", ("ann-lee",)),
    _sample("ratings.rebuild", "community owls", ("340",), after={"rows": 340}),
    _sample(
        "ratings.settings",
        "community owls",
        ("elo",),
        after={"matches": "elo", "pods": True, "per_game": False, "seed_round_one": True},
    ),
    _sample(
        "autopilot.pause",
        "stage swiss",
        ("Tess Dunn", "Swiss"),
        after={"reason": "paused"},
    ),
    _sample(
        "autopilot.pause",
        "stage swiss",
        ("Swiss", "Tess Dunn"),
        actor="tess",
        after={"reason": "held", "said": "a result is disputed"},
        names=NAMES,
    ),
    _sample("autopilot.resume", "stage swiss", ("Tess Dunn",), names=ONE_STAGE),
    _sample(
        "league.create",
        "league spring",
        ("Spring League", "3-1-0"),
        after={"name": "Spring League", "rule": "3-1-0"},
    ),
    _sample(
        "league.edit",
        "league spring",
        ("spring", "best"),
        before={"best": 4},
        after={"best": 5},
    ),
    _sample(
        "league.attach",
        "league spring",
        ("friday", "monday", "spring"),
        after={"events": ["friday", "monday"]},
    ),
    _sample("league.detach", "league spring", ("friday", "spring"), before={"event": "friday"}),
    _sample(
        "league.close",
        "league spring",
        ("spring", "24", "Ann Lee"),
        after={"players": 24, "leader": "Ann Lee"},
    ),
    _sample(
        "staff.push_on",
        "account #3",
        ("Jo Park",),
        actor="jo",
        after={"alerts": ["dispute", "judge-call"]},
    ),
    _sample("staff.push_off", "account #3", ("Jo Park", "2"), actor="jo", after={"removed": 2}),
    _sample(
        "judge.call",
        "player ann",
        ("Ann Lee", "7", "3", "rules question"),
        actor=ANN,
        after={"table": 7, "round": 3, "note": "rules question"},
    ),
    _sample("judge.call", "player ann", ("Ann Lee",), actor=ANN, after={}),
    _sample("judge.answer", "player ann", ("Jo Park", "Ann Lee"), actor="jo"),
    _sample(
        "player.checkin",
        "ann",
        ("Eve Moss", "Ann Lee"),
        actor="player waitlist (Eve Moss) via Discord 7",
    ),
]
