"""The demo event (``service.event.demo.create_demo``) on both backends: three completed rounds,
round 4 open with some results in, the late entry paired, a drop, and its standings the
engine's."""

from __future__ import annotations

from fairpair.engine.rounds import RoundState
from fairpair.engine.standings import compute_standings
from fairpair.service.accounts.logins import add_account, authenticate, find_account
from fairpair.service.accounts.staff import Role, roles_of
from fairpair.service.event import demo, events
from fairpair.service.kernel import audit
from fairpair.service.results import standings as service_standings
from fairpair.store.database import Database


def test_the_demo_event(db: Database) -> None:
    slug = demo.create_demo(db)
    t = events.export_event(db, slug)
    stage = t.stage()
    assert [r.state for r in stage.rounds] == [
        RoundState.COMPLETED,
        RoundState.COMPLETED,
        RoundState.COMPLETED,
        RoundState.OPEN,
    ]
    assert all(r.outstanding == 0 for r in stage.rounds[:3])
    r4 = stage.rounds[3]
    assert 0 < r4.outstanding < len(r4.matches)  # some results in, not all

    # The late entry (after round 1) sat round 1 out and is paired from round 2 on.
    late = t.players[-1]
    assert late.name == "Nora Quist"
    assert stage.rounds[0].participants().count(late.id) == 1  # their zero-point bye
    assert [b.kind.value for b in stage.rounds[0].byes if b.player == late.id] == ["zero"]
    for rnd in stage.rounds[1:]:
        assert late.id in {p for m in rnd.matches for p in (m.a, m.b)} | {
            b.player for b in rnd.byes
        }
    # The no-show never plays; the player who left after round 2 is not in rounds 3 and 4.
    gone = t.drop_rounds(stage)
    assert sorted(gone.values()) == [0, 2]
    for player, after in gone.items():
        for rnd in stage.rounds[after:]:
            assert player not in rnd.participants()

    _, table = service_standings.standings(db, slug)
    assert table.rows == compute_standings(t, stage).rows
    actions = [e.action for e in audit.audit_log(db, slug).entries]
    assert actions[0] == "event.create"
    assert actions.count("round.release") == 4 and actions.count("round.complete") == 3
    assert "result.correct" in actions

    # A second demo in the same database gets its own slug.
    assert demo.create_demo(db) != slug


def test_the_demo_login_is_the_installations_administrator(db: Database) -> None:
    # an account called demo that is not an administrator (an older installation's demo)
    add_account(db, "demo", "an older password", name="Demo")
    assert not find_account(db, "demo").admin
    account = demo.demo_login(db, "demo", "a new password each start", slug="demo")
    assert account.admin and account.organizer
    assert authenticate(db, "demo", "a new password each start").admin
    assert roles_of(db, account) == {"demo": Role.OWNER}
    # started again: the same event, a new password, still the administrator
    again = demo.demo_login(db, "demo", "another password", slug="demo")
    assert again.id == account.id and again.admin
    assert [e.slug for e in events.list_events(db).events] == ["demo"]
