"""Each event's staff: who has which role. Roles rank owner > judge > viewer; the public
(no account, or an account without a role here) sees only the public pages.

- **owner**: everything, including the event's stages, its staff and deleting it;
- **judge** (scorekeeper): players, rounds, results, tosses, cuts;
- **viewer**: the console read-only (drafts, audit log, contacts).

Granting and revoking roles are changes of the event: one transaction, in its audit log.
"""

from __future__ import annotations

from enum import IntEnum

from sqlalchemy import Connection, delete, insert, select, union_all, update

from fairpair.i18n import gettext
from fairpair.service.accounts.logins import Account
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import (
    AccountRow,
    CommunityEventRow,
    CommunityStaffRow,
    EventRow,
    StaffRow,
)


class Role(IntEnum):
    """A role in an event, ordered: a higher role can do everything a lower one can."""

    VIEWER = 1
    JUDGE = 2
    OWNER = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def named(cls, name: str) -> Role:
        try:
            return cls[name.strip().upper()]
        except KeyError:
            raise Refused(
                "role", gettext("no role %(name)r (roles: owner, judge, viewer)") % {"name": name}
            ) from None


def write_role(change: Change, account_id: int, role: str) -> None:
    """Give ``account_id`` ``role`` in the event of ``change`` (replacing its old role)."""
    done = change.conn.execute(
        update(StaffRow)
        .where(StaffRow.event_id == change.event.id, StaffRow.account_id == account_id)
        .values(role=role)
    ).rowcount
    if not done:
        change.conn.execute(
            insert(StaffRow).values(event_id=change.event.id, account_id=account_id, role=role)
        )


def role_in(conn: Connection, event_id: int, account: Account) -> Role | None:
    """``account``'s role in event ``event_id``: its own, or — higher — its role in the
    event's community, which reaches every event of the community (one query)."""
    own = select(StaffRow.role).where(
        StaffRow.event_id == event_id, StaffRow.account_id == account.id
    )
    via = (
        select(CommunityStaffRow.role)
        .join(CommunityEventRow, CommunityEventRow.community_id == CommunityStaffRow.community_id)
        .where(CommunityEventRow.event_id == event_id, CommunityStaffRow.account_id == account.id)
    )
    roles = [Role.named(r) for r in conn.execute(union_all(own, via)).scalars()]
    return max(roles) if roles else None


def role_of(db: Database, slug: str, account: Account | None) -> Role | None:
    """``account``'s role in event ``slug`` (``None``: none, or no account)."""
    if account is None:
        return None
    with reading(db, slug) as (conn, event):
        return role_in(conn, event.id, account)


def _account_id(conn: Connection, username: str) -> int:
    key = conn.execute(
        select(AccountRow.id).where(AccountRow.username == username.strip().lower())
    ).scalar_one_or_none()
    if key is None:
        raise Refused(
            "username",
            gettext("no account %(username)r: the person needs an account first")
            % {"username": username},
            command="fairpair user add NAME",
        )
    return int(key)


def _owners(conn: Connection, event_id: int) -> int:
    return len(
        conn.execute(
            select(StaffRow.id).where(StaffRow.event_id == event_id, StaffRow.role == "owner")
        ).all()
    )


def grant(db: Database, slug: str, username: str, role: str, *, actor: str) -> Role:
    """Give account ``username`` ``role`` in event ``slug``."""
    wanted = Role.named(role)
    with changing(db, slug, actor) as change:
        key = _account_id(change.conn, username)
        before = change.conn.execute(
            select(StaffRow.role).where(
                StaffRow.event_id == change.event.id, StaffRow.account_id == key
            )
        ).scalar_one_or_none()
        if (
            before == "owner"
            and wanted != Role.OWNER
            and _owners(change.conn, change.event.id) == 1
        ):
            raise Refused(
                "role",
                gettext("%(username)r is the event's only owner: add another first")
                % {"username": username},
            )
        if before == wanted.label:
            return wanted
        write_role(change, key, wanted.label)
        change.audit(
            "staff.grant",
            f"staff {username}",
            before={"role": before},
            after={"role": wanted.label},
        )
    return wanted


def revoke(db: Database, slug: str, username: str, *, actor: str) -> None:
    """Take away account ``username``'s role in event ``slug``."""
    with changing(db, slug, actor) as change:
        key = _account_id(change.conn, username)
        before = change.conn.execute(
            select(StaffRow.role).where(
                StaffRow.event_id == change.event.id, StaffRow.account_id == key
            )
        ).scalar_one_or_none()
        if before is None:
            raise Refused(
                "username",
                gettext("%(username)r is not staff of this event") % {"username": username},
            )
        if before == "owner" and _owners(change.conn, change.event.id) == 1:
            raise Refused(
                "username",
                gettext("%(username)r is the event's only owner") % {"username": username},
            )
        change.conn.execute(
            delete(StaffRow).where(StaffRow.event_id == change.event.id, StaffRow.account_id == key)
        )
        change.audit("staff.revoke", f"staff {username}", before={"role": before})


def staff_of(db: Database, slug: str) -> list[tuple[str, str, Role]]:
    """The event's staff: (username, name, role), owners first."""
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(AccountRow.username, AccountRow.name, StaffRow.role)
            .join(StaffRow, StaffRow.account_id == AccountRow.id)
            .where(StaffRow.event_id == event.id)
        ).all()
    out = [(r.username, r.name, Role.named(r.role)) for r in rows]
    return sorted(out, key=lambda s: (-s[2], s[0]))


def roles_of(db: Database, account: Account) -> dict[str, Role]:
    """Every event where ``account`` has a role — its own, or through the event's
    community: slug → the higher role."""
    with db.reading() as conn:
        own = (
            select(EventRow.slug, StaffRow.role)
            .join(StaffRow, StaffRow.event_id == EventRow.id)
            .where(StaffRow.account_id == account.id)
        )
        via = (
            select(EventRow.slug, CommunityStaffRow.role)
            .join(CommunityEventRow, CommunityEventRow.event_id == EventRow.id)
            .join(
                CommunityStaffRow,
                CommunityStaffRow.community_id == CommunityEventRow.community_id,
            )
            .where(CommunityStaffRow.account_id == account.id)
        )
        rows = conn.execute(union_all(own, via)).all()
    found: dict[str, Role] = {}
    for slug, role in rows:
        found[slug] = max(found.get(slug, Role.VIEWER), Role.named(role))
    return found
