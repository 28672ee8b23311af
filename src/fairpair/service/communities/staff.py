"""A community's staff: an account's role in a community (owner, judge, viewer) reaches every
event of the community, as if given in each (``accounts.staff.role_in`` takes the higher of
the two). Granting and revoking are changes of the community, in its audit log; its last
owner stays until another is added."""

from __future__ import annotations

from sqlalchemy import Connection, delete, func, insert, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.accounts.staff import Role
from fairpair.service.communities.unit import changing_community, reading_community
from fairpair.service.kernel.errors import Refused
from fairpair.store.database import Database
from fairpair.store.models import AccountRow, CommunityStaffRow


def _account(conn: Connection, username: str) -> int:
    found = conn.execute(
        select(AccountRow.id).where(AccountRow.username == username.strip().lower())
    ).scalar_one_or_none()
    if found is None:
        raise Refused(
            Location(("username",)),
            gettext("no account %(username)r: the person needs an account first")
            % {"username": username},
        )
    return int(found)


def _owners(conn: Connection, community_id: int) -> int:
    return int(
        conn.execute(
            select(func.count())
            .select_from(CommunityStaffRow)
            .where(
                CommunityStaffRow.community_id == community_id, CommunityStaffRow.role == "owner"
            )
        ).scalar_one()
    )


def grant(db: Database, community: str, username: str, role: str, *, actor: str) -> Role:
    """Give account ``username`` ``role`` in community ``community`` (and so in its events)."""
    wanted = Role.named(role)
    with changing_community(db, community, actor) as change:
        conn, cid = change.conn, change.community.id
        account = _account(conn, username)
        before = conn.execute(
            select(CommunityStaffRow.role).where(
                CommunityStaffRow.community_id == cid, CommunityStaffRow.account_id == account
            )
        ).scalar_one_or_none()
        if before == wanted.label:
            return wanted
        if before == "owner" and _owners(conn, cid) == 1:
            raise Refused(
                Location(("role",)),
                gettext("%(username)r is the community's only owner: add another first")
                % {"username": username},
            )
        if before is None:
            conn.execute(
                insert(CommunityStaffRow).values(
                    community_id=cid, account_id=account, role=wanted.label
                )
            )
        else:
            conn.execute(
                update(CommunityStaffRow)
                .where(
                    CommunityStaffRow.community_id == cid, CommunityStaffRow.account_id == account
                )
                .values(role=wanted.label)
            )
        change.audit("staff.grant", f"staff {username}", {"role": before}, {"role": wanted.label})
    return wanted


def revoke(db: Database, community: str, username: str, *, actor: str) -> None:
    """Take away account ``username``'s role in community ``community``."""
    with changing_community(db, community, actor) as change:
        conn, cid = change.conn, change.community.id
        account = _account(conn, username)
        before = conn.execute(
            select(CommunityStaffRow.role).where(
                CommunityStaffRow.community_id == cid, CommunityStaffRow.account_id == account
            )
        ).scalar_one_or_none()
        if before is None:
            raise Refused(
                Location(("username",)),
                gettext("%(username)r is not staff of the community") % {"username": username},
            )
        if before == "owner" and _owners(conn, cid) == 1:
            raise Refused(
                Location(("username",)),
                gettext("%(username)r is the community's only owner: add another first")
                % {"username": username},
            )
        conn.execute(
            delete(CommunityStaffRow).where(
                CommunityStaffRow.community_id == cid, CommunityStaffRow.account_id == account
            )
        )
        change.audit("staff.revoke", f"staff {username}", before={"role": before})


def staff_of(db: Database, community: str) -> list[tuple[str, str, Role]]:
    """The community's staff: (username, name, role), owners first."""
    with reading_community(db, community) as (conn, found):
        rows = conn.execute(
            select(AccountRow.username, AccountRow.name, CommunityStaffRow.role)
            .join(CommunityStaffRow, CommunityStaffRow.account_id == AccountRow.id)
            .where(CommunityStaffRow.community_id == found.id)
        ).all()
    out = [(r.username, r.name, Role.named(r.role)) for r in rows]
    return sorted(out, key=lambda s: (-s[2], s[0]))
