"""The buttons (``MESSAGE_COMPONENT`` interactions): drop out (``drop`` / ``stay``) and the
self-report's (``report_buttons``). Each acts as the player the clicker joined as, in the
event of the channel, through the same service use cases as the player page — so the
Resolution Queue, the audit log and the exactly-once recording hold as they do there. A
click by anyone else is refused, to them only."""

from __future__ import annotations

from typing import Any

from fairpair.i18n import gettext as _
from fairpair.service.discord.links import DiscordPlayer, discord_user_of
from fairpair.service.kernel.connection import Database
from fairpair.service.players.roster import drop_player
from fairpair.service.results.self_reports import (
    ReportState,
    confirm_report,
    dispute_report,
    report_own,
    report_state,
)
from fairpair.web.discord.caller import Caller
from fairpair.web.discord.replies import Reply, refused, said, updated
from fairpair.web.discord.report_buttons import Pressed, answer_buttons, choice_buttons, pressed
from fairpair.web.discord.scope import linked_event, own_player

DROP_REASON = "dropped themselves (Discord)"


def _drop(db: Database, slug: str, caller: Caller, player: DiscordPlayer) -> Reply:
    drop_player(db, slug, player.key, actor=player.actor(caller.user_id), reason=DROP_REASON)
    return updated(f"**{player.name}**, you dropped out of the event. Your results stay.")


def _at(p: Pressed) -> str:
    return _("round %(round)s, table %(table)s") % {"round": p.round, "table": p.table}


def _mine(state: ReportState, p: Pressed) -> Reply | None:
    """A refusal when the button is not about the clicker's current match."""
    if state.round is None:
        return refused(state.why_not or _("you have no match to report"))
    if (state.round, state.table) != (p.round, p.table):
        return refused(
            _("this button is for %(button)s: yours is round %(round)s, table %(table)s")
            % {"button": _at(p), "round": state.round, "table": state.table}
        )
    return None


def _reported(db: Database, slug: str, state: ReportState, p: Pressed, name: str) -> Reply:
    """What the channel is told after a report: the result, or the opponent asked."""
    if state.state == "confirmed":
        return said(
            _("Result recorded, %(match)s: **%(result)s**.")
            % {"match": _at(p), "result": state.result},
            public=True,
        )
    if state.state == "disputed":
        return said(f"{_at(p).capitalize()}: the result is disputed; a judge will settle it.")
    assert state.reported is not None and state.opponent_key is not None
    opponent = discord_user_of(db, slug, state.opponent_key)
    ping = f"<@{opponent}> " if opponent else ""
    return Reply(
        f"{ping}**{name}** reported {_at(p)} against **{state.opponent}**: "
        f"**{state.reported.text}** (told from {name}'s side). {state.opponent}: confirm or "
        "dispute.",
        ephemeral=False,
        buttons=answer_buttons(state),
        mentions=(opponent,) if opponent else (),
    )


def _report(db: Database, slug: str, caller: Caller, player: DiscordPlayer, p: Pressed) -> Reply:
    actor = player.actor(caller.user_id)
    score = p.score
    if p.action == "report":
        assert score is not None
        state = report_own(
            db, slug, player.key, score.won, score.lost, score.drawn,
            actor=actor, round=p.round, table=p.table,
        )  # fmt: skip
        return _reported(db, slug, state, p, player.name)
    state = report_state(db, slug, player.key)
    wrong = _mine(state, p)
    if wrong is not None:
        return wrong
    if p.action == "confirm":
        state = confirm_report(db, slug, player.key, actor=actor, version=p.version)
        return updated(
            _("Result recorded, %(match)s: **%(result)s** (confirmed by %(player)s).")
            % {"match": _at(p), "result": state.result, "player": player.name}
        )
    if p.action == "dispute":
        if state.version != p.version or state.mine or state.state != "pending":
            return refused(_("that report changed or was settled: type /report to see it now"))
        return said(
            _("What was the result of %(match)s, games from your side?") % {"match": _at(p)},
            buttons=choice_buttons(state, action="say"),
        )
    assert score is not None
    dispute_report(
        db, slug, player.key, score.won, score.lost, score.drawn, actor=actor, version=p.version
    )
    return updated(
        _("You disputed %(match)s: a judge will settle it (the Resolution Queue).")
        % {"match": _at(p)}
    )


def answer_button(db: Database, caller: Caller, interaction: dict[str, Any]) -> Reply:
    data = interaction.get("data")
    custom_id = data.get("custom_id") if isinstance(data, dict) else None
    if not isinstance(custom_id, str):
        return refused(_("that button says nothing fairpair knows"))
    slug = linked_event(db, caller)
    player = own_player(db, slug, caller)
    if custom_id == "stay":
        return updated(_("You stay in the event."))
    if custom_id == "drop":
        return _drop(db, slug, caller, player)
    found = pressed(custom_id)
    if found is None:
        return refused(_("that button is out of date: type the command again"))
    return _report(db, slug, caller, player, found)
