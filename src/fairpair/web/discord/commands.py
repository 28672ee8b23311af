"""The slash commands (``APPLICATION_COMMAND`` interactions): each answers with one
``Reply``, calling one service use case.

- ``/link code`` (server members who manage channels, with the owner's one-time code): the
  channel shows the event; ``/unlink`` undoes it;
- ``/join code``: the caller is the player whose one-time code it is;
- ``/leaderboard [league]``: the league's leaderboard (the newest open league the channel's
  event counts in, or of the server's community), its image and text, deferred;
- ``/pairings``, ``/standings``: the images and their text, to the caller only — deferred
  (rendering a big event's image may take longer than Discord's 3 seconds): "thinking…" at
  once, the answer as the follow-up (``follow_up``);
- ``/checkin``, ``/drop`` (asks to confirm with a button), ``/report`` (the result
  buttons, or the opponent's report to confirm or dispute).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fairpair.engine.errors import FairpairError
from fairpair.i18n import gettext as _
from fairpair.service.discord.leaderboard import leaderboard_text, league_of_channel
from fairpair.service.discord.links import (
    discord_actor,
    event_of_channel,
    join_player,
    link_channel,
    unlink_channel,
)
from fairpair.service.discord.text import pairings_text, standings_text
from fairpair.service.event import images as event_images
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues.board import league_board
from fairpair.service.leagues.images import render_leaderboard
from fairpair.service.players.self_checkin import check_in_myself
from fairpair.service.results.self_reports import report_state
from fairpair.web.discord.caller import Caller, options_of
from fairpair.web.discord.replies import (
    DANGER,
    SECONDARY,
    Button,
    Reply,
    deferred,
    refused,
    said,
)
from fairpair.web.discord.report_buttons import answer_buttons, choice_buttons
from fairpair.web.discord.scope import Stop, linked_event, own_player

Command = Callable[[Database, Caller, dict[str, str]], Reply]


def _staff_only(caller: Caller) -> None:
    if caller.guild_id is None:
        raise Stop(refused(_("use this in a server's channel, not in a direct message")))
    if not caller.manages_channels:
        raise Stop(refused(_("only members who may manage channels link or unlink one")))


def _link(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    _staff_only(caller)
    linked = link_channel(
        db,
        options.get("code", ""),
        guild_id=caller.guild_id,
        channel_id=caller.channel_id,
        actor=discord_actor(caller.user_id, caller.username),
    )
    return said(
        _(
            "This channel now shows **%(event)s**: the live pairings and standings appear here "
            "in a moment and follow every result. Players: type /join with the Discord code "
            "from your player page."
        )
        % {"event": linked.event_name},
        public=True,
    )


def _unlink(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    _staff_only(caller)
    linked = unlink_channel(
        db, caller.channel_id, actor=discord_actor(caller.user_id, caller.username)
    )
    return said(
        _("This channel no longer shows **%(event)s**.") % {"event": linked.event_name}, public=True
    )


def _join(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    linked, player = join_player(
        db, options.get("code", ""), user_id=caller.user_id, username=caller.username
    )
    return said(
        _(
            "You are **%(player)s** in **%(event)s**: /checkin, /report and /drop in its "
            "channel now act as you."
        )
        % {"player": player.name, "event": linked.event_name}
    )


def _pairings(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    slug = linked_event(db, caller)  # not linked: said at once

    def later() -> Reply:
        image = event_images.render(db, slug, "pairings")
        return Reply(pairings_text(db, slug), images=(("pairings.png", image),))

    return deferred(later)


def _standings(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    slug = linked_event(db, caller)

    def later() -> Reply:
        image = event_images.render(db, slug, "standings")
        return Reply(standings_text(db, slug), images=(("standings.png", image),))

    return deferred(later)


def _leaderboard(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    event = event_of_channel(db, caller.channel_id)
    try:
        community, key = league_of_channel(
            db, event, caller.guild_id, options.get("league") or None
        )
    except FairpairError as error:
        return refused(error.reason)

    def later() -> Reply:
        text = leaderboard_text(league_board(db, community, key))
        try:
            image = render_leaderboard(db, community, key)
        except FairpairError:  # nobody has played yet: the text says so
            return Reply(text)
        return Reply(text, images=(("leaderboard.png", image),))

    return deferred(later)


def _checkin(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    slug = linked_event(db, caller)
    player = own_player(db, slug, caller)
    done = check_in_myself(db, slug, player.key, actor=player.actor(caller.user_id))
    return said(_("You are checked in.") if done else _("You were already checked in."))


def _drop(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    slug = linked_event(db, caller)
    player = own_player(db, slug, caller)
    return said(
        _("**%(player)s**, drop out of the event? Your results stay; you are not paired again.")
        % {"player": player.name},
        buttons=(Button(_("Drop out"), "drop", DANGER), Button(_("Stay in"), "stay", SECONDARY)),
    )


def _report(db: Database, caller: Caller, options: dict[str, str]) -> Reply:
    slug = linked_event(db, caller)
    player = own_player(db, slug, caller)
    state = report_state(db, slug, player.key)
    if state.state == "pending" and not state.mine and state.can_report:
        assert state.reported is not None
        return said(
            _(
                "%(opponent)s reported round %(round)s, table %(table)s: **%(result)s** "
                "(told from your side). Is that right?"
            )
            % {
                "opponent": state.opponent,
                "round": state.round,
                "table": state.table,
                "result": state.reported.text,
            },
            buttons=answer_buttons(state),
        )
    if not state.can_report:
        return refused(state.why_not or _("you have no match to report"))
    waiting = ""
    if state.state == "pending" and state.mine and state.reported is not None:
        waiting = _(" (you reported %(result)s; %(opponent)s has not confirmed)") % {
            "result": state.reported.text,
            "opponent": state.opponent,
        }
    return said(
        _(
            "Round %(round)s, table %(table)s against **%(opponent)s**%(waiting)s: your "
            "result, games from your side?"
        )
        % {
            "round": state.round,
            "table": state.table,
            "opponent": state.opponent,
            "waiting": waiting,
        },
        buttons=choice_buttons(state),
    )


COMMANDS: dict[str, Command] = {
    "link": _link,
    "unlink": _unlink,
    "join": _join,
    "pairings": _pairings,
    "standings": _standings,
    "leaderboard": _leaderboard,
    "checkin": _checkin,
    "drop": _drop,
    "report": _report,
}


def answer_command(db: Database, caller: Caller, interaction: dict[str, Any]) -> Reply:
    data = interaction.get("data")
    name = data.get("name") if isinstance(data, dict) else None
    command = COMMANDS.get(name) if isinstance(name, str) else None
    if command is None:
        return refused(
            _("fairpair has no command %(name)s: the commands are being updated")
            % {"name": repr(name)}
        )
    return command(db, caller, options_of(interaction))
