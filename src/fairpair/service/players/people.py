"""An event's players in its community's player directory (issue 30): one record per person
across all the community's events.

When a player is registered in an event of a community — added by staff, imported, joined
with the event's code, or the event attached to a community — they are linked, in the same
transaction, to

1. the record staff picked as a "returning player" (``NewPlayer.person``: its key), or
2. the record their Discord account is linked to (a player who joined with ``/join`` and is
   known by that Discord account in another event of the community), or
3. a new record in their name.

Records that turn out to be the same person are merged later (``communities.directory``).
An event without a community has no directory: nothing happens.

It is here, below the communities' own folder, because registration calls it; it writes
only the directory's link rows (``people``, ``player_people``)."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection, insert, select

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.slugs import slug_of
from fairpair.store.models import (
    CommunityEventRow,
    DiscordPlayerRow,
    PersonRow,
    PlayerPersonRow,
    PlayerRow,
)


def community_id_of(conn: Connection, event_id: int) -> int | None:
    """The id of the community event ``event_id`` belongs to (``None``: none)."""
    return conn.execute(
        select(CommunityEventRow.community_id).where(CommunityEventRow.event_id == event_id)
    ).scalar_one_or_none()


def free_person_key(conn: Connection, community_id: int, name: str, taken: set[str]) -> str:
    """A key for a new record called ``name``, free in the community (``taken`` grows)."""
    if not taken:
        taken.update(
            conn.execute(select(PersonRow.key).where(PersonRow.community_id == community_id))
            .scalars()
            .all()
        )
    base = slug_of(name) or "player"
    key, n = base, 1
    while key in taken:
        n += 1
        key = f"{base}-{n}"
    taken.add(key)
    return key


def person_named(conn: Connection, community_id: int, key: str) -> int:
    """The id of the community's record ``key`` — the record it was merged into, if it was —
    or a refusal naming it."""
    row = conn.execute(
        select(PersonRow.id, PersonRow.merged_into, PersonRow.forgotten_at).where(
            PersonRow.community_id == community_id, PersonRow.key == key
        )
    ).first()
    seen: set[int] = set()
    while row is not None and row.merged_into is not None and row.merged_into not in seen:
        seen.add(row.id)
        row = conn.execute(
            select(PersonRow.id, PersonRow.merged_into, PersonRow.forgotten_at).where(
                PersonRow.id == row.merged_into
            )
        ).first()
    if row is None or row.forgotten_at is not None:
        raise Refused(
            Location(("person",)),
            gettext("no player %(key)r in the community's directory") % {"key": key},
        )
    return int(row.id)


def link_players(change: Change, chosen: Mapping[str, str] | None) -> int:
    """Link the event's players who have no record yet (``chosen``: player key → the key of
    the record staff picked for them); how many were linked. Nothing without a community."""
    conn, event = change.conn, change.event
    community = community_id_of(conn, event.id)
    if community is None:
        if chosen:
            raise Refused(
                Location(("person",)),
                gettext("event %(slug)s belongs to no community: a returning player needs one")
                % {"slug": event.slug},
            )
        return 0
    linked = select(PlayerPersonRow.player_id)
    players = conn.execute(
        select(PlayerRow.id, PlayerRow.key, PlayerRow.name).where(
            PlayerRow.event_id == event.id, PlayerRow.id.not_in(linked)
        )
    ).all()
    if not players:
        return 0
    by_discord = _people_by_discord(conn, community, [p.id for p in players])
    taken: set[str] = set()
    rows: list[dict[str, int]] = []
    for p in players:
        picked = (chosen or {}).get(p.key)
        if picked:
            person = person_named(conn, community, picked)
        elif p.id in by_discord:
            person = by_discord[p.id]
        else:
            key = free_person_key(conn, community, p.name, taken)
            person = conn.execute(
                insert(PersonRow)
                .values(community_id=community, key=key, name=p.name, created_at=change.at)
                .returning(PersonRow.id)
            ).scalar_one()
        rows.append({"player_id": p.id, "person_id": person})
    conn.execute(insert(PlayerPersonRow), rows)
    return len(rows)


def _people_by_discord(conn: Connection, community: int, player_ids: list[int]) -> dict[int, int]:
    """The players (of ``player_ids``) whose Discord account is linked, in another event of
    the community, to a player who has a record: player id → that record."""
    mine = conn.execute(
        select(DiscordPlayerRow.player_id, DiscordPlayerRow.discord_user_id).where(
            DiscordPlayerRow.player_id.in_(player_ids)
        )
    ).all()
    if not mine:
        return {}
    users = {m.discord_user_id for m in mine}
    known = dict(
        conn.execute(
            select(DiscordPlayerRow.discord_user_id, PlayerPersonRow.person_id)
            .join(PlayerPersonRow, PlayerPersonRow.player_id == DiscordPlayerRow.player_id)
            .join(PersonRow, PersonRow.id == PlayerPersonRow.person_id)
            .where(
                DiscordPlayerRow.discord_user_id.in_(users),
                PersonRow.community_id == community,
                PersonRow.merged_into.is_(None),
            )
        ).all()
    )
    direct = dict(
        conn.execute(
            select(PersonRow.discord_user, PersonRow.id).where(
                PersonRow.community_id == community,
                PersonRow.discord_user.in_(users),
                PersonRow.merged_into.is_(None),
            )
        ).all()
    )
    out: dict[int, int] = {}
    for m in mine:
        person = known.get(m.discord_user_id) or direct.get(m.discord_user_id)
        if person is not None:
            out[m.player_id] = int(person)
    return out
