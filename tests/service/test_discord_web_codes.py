"""Discord codes from the web pages' side of the service: the channels an event is linked
to and unlinking one from the console (never another event's); a player's own /join code
(for them only, audited as them), the account they are linked as, and unlinking it."""

from __future__ import annotations

import pytest

from fairpair.service.discord.channels import channels_of, unlink_event_channel
from fairpair.service.discord.codes import code_for, new_code
from fairpair.service.discord.links import event_of_channel, join_player, link_channel, player_of
from fairpair.service.discord.player_account import discord_box, my_join_code, unlink_my_discord
from fairpair.service.event.events import create_event
from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.errors import Refused
from fairpair.service.players import portal_settings as portal
from fairpair.service.players.joining import join_event
from fairpair.service.players.passes import PlayerPass, pass_of, personal_link
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.store.database import Database

ACTOR = "td"


def _event(db: Database, name: str) -> str:
    slug = create_event(db, name, actor=ACTOR)
    add_players(db, slug, [NewPlayer("Ann", id="ann"), NewPlayer("Bo", id="bo")], actor=ACTOR)
    return slug


def _link(db: Database, slug: str, channel: str) -> None:
    code = new_code(db, slug, "channel", actor=ACTOR)
    link_channel(db, code, guild_id="111", channel_id=channel, actor="Discord user td (1)")


def _pass(db: Database, slug: str, player: str) -> PlayerPass:
    found = pass_of(db, slug, personal_link(db, slug, player, actor=ACTOR))
    assert found is not None
    return found


def test_the_console_lists_and_unlinks_its_own_channels_only(db: Database) -> None:
    slug, other = _event(db, "Linked Night"), _event(db, "Other Night")
    assert channels_of(db, slug) == []
    _link(db, slug, "700")
    _link(db, other, "800")
    (shown,) = channels_of(db, slug)
    assert (shown.channel_id, shown.guild_id, shown.shown) == ("700", "111", False)
    assert shown.linked_by == "Discord user td (1)"
    with pytest.raises(Refused, match="not linked to this event"):
        unlink_event_channel(db, slug, "800", actor=ACTOR)
    assert event_of_channel(db, "800") == other
    unlink_event_channel(db, slug, "700", actor=ACTOR)
    assert channels_of(db, slug) == [] and event_of_channel(db, "700") is None
    entry = audit_log(db, slug).entries[-1]
    assert (entry.action, entry.actor, entry.subject) == (
        "discord.unlink",
        ACTOR,
        "Discord channel 700",
    )
    with pytest.raises(Refused, match="unlinked already"):
        unlink_event_channel(db, slug, "700", actor=ACTOR)


def test_a_player_makes_their_own_code_and_is_linked_as_their_discord_name(
    db: Database,
) -> None:
    slug = _event(db, "Own Code")
    ann = _pass(db, slug, "ann")
    assert discord_box(db, ann).offered is False and discord_box(db, ann).linked is None
    _link(db, slug, "700")
    assert discord_box(db, ann).offered is True
    code = my_join_code(db, ann)
    assert len(code) == 8 and code_for(db, code).purpose == "player"
    made = audit_log(db, slug).entries[-1]
    assert (made.action, made.actor, made.subject) == (
        "discord.code",
        "player ann (Ann)",
        "player ann",
    )
    assert code not in str(made.after)
    _, player = join_player(db, code, user_id="601", username="Annie")
    assert player.key == "ann"  # the pass's own player, never another
    linked = discord_box(db, ann).linked
    assert linked is not None and (linked.user_id, linked.name) == ("601", "Annie")
    assert discord_box(db, _pass(db, slug, "bo")).linked is None

    unlink_my_discord(db, ann)
    assert discord_box(db, ann).linked is None and player_of(db, slug, "601") is None
    left = audit_log(db, slug).entries[-1]
    assert (left.action, left.actor, left.before) == (
        "discord.leave",
        "player ann (Ann)",
        {"discord": "601"},
    )
    with pytest.raises(Refused, match="not linked"):
        unlink_my_discord(db, ann)


def test_someone_on_the_waitlist_makes_no_code(db: Database) -> None:
    slug = _event(db, "Full House")
    portal.set_portal(db, slug, actor=ACTOR, self_registration=True, registration_cap=2)
    _, secret = join_event(db, slug, "Cy")
    waiting = pass_of(db, slug, secret)
    assert waiting is not None and waiting.player_key is None
    assert discord_box(db, waiting).linked is None
    with pytest.raises(Refused, match="waitlist"):
        my_join_code(db, waiting)
    with pytest.raises(Refused, match="waitlist"):
        unlink_my_discord(db, waiting)
