"""``POST /discord/interactions``: Discord's HTTP interactions endpoint (the application's
"Interactions Endpoint URL").

Authenticated by its signature, not a session: a request whose Ed25519 signature is missing
or wrong, whose timestamp is stale (older than 5 minutes) or ahead of the clock, or that was
answered already (the same interaction id again: a replay) is refused with 401 before
anything is read. CSRF does not apply (no cookie is trusted here; ``web.app`` exempts the
path). Then, by interaction type: 1 PING → PONG; 2 a slash command (``commands``); 3 a
button (``buttons``). A refusal of the service is an ephemeral message naming the reason;
anything unexpected is logged and said as such — never a stack trace (``guard``). A
deferred answer (type 5) is followed up after the response is sent (``follow_up``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from fairpair import i18n
from fairpair.service.discord.replay import first_time
from fairpair.service.kernel.connection import Database
from fairpair.web.discord.buttons import answer_button
from fairpair.web.discord.caller import caller_of
from fairpair.web.discord.commands import answer_command
from fairpair.web.discord.follow_up import follow_up
from fairpair.web.discord.guard import guarded
from fairpair.web.discord.replies import DEFERRED, PONG, Reply, refused, response
from fairpair.web.discord.signature import public_key, refusal

PATH = "/discord/interactions"
ROUTER = APIRouter(include_in_schema=False)
#: Discord's interaction bodies are small; anything bigger is not one.
MAX_BODY = 64 * 1024
PING, COMMAND, COMPONENT = 1, 2, 3


def _key(request: Request) -> Ed25519PublicKey | None:
    state = request.app.state
    key = getattr(state, "discord_key", None)
    if key is None:
        hex_key = state.settings.discord_public_key
        if not hex_key:
            return None
        key = state.discord_key = public_key(hex_key)
    return key


def _refuse(reason: str, status: int = 401) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def _answer(db: Database, interaction: dict[str, Any]) -> Reply:
    caller = caller_of(interaction)
    if caller is None:
        return refused("fairpair answers commands in a channel, from a Discord user")

    # the caller's Discord language (``locale``: "es-ES", "pt-BR", "ja"), else English
    lang = i18n.negotiate(str(interaction.get("locale") or "")) or i18n.SOURCE

    def speaking(build: Callable[[], Reply]) -> Callable[[], Reply]:
        def built() -> Reply:
            with i18n.speaking(lang):
                reply = build()
            if reply.later is not None:  # a follow-up, made later: in the same language
                return replace(reply, later=speaking(reply.later))
            return reply

        return built

    def make() -> Reply:
        if interaction.get("type") == COMMAND:
            return answer_command(db, caller, interaction)
        if interaction.get("type") == COMPONENT:
            return answer_button(db, caller, interaction)
        return refused("fairpair does not answer this kind of interaction")

    reply = guarded(interaction.get("id"), speaking(make))
    if reply.type == DEFERRED and not _can_follow_up(interaction):
        return guarded(interaction.get("id"), reply.later or speaking(make))  # answer it now
    return reply


def _can_follow_up(interaction: dict[str, Any]) -> bool:
    app, token = interaction.get("application_id"), interaction.get("token")
    return isinstance(app, str) and app.isdigit() and isinstance(token, str) and bool(token)


@ROUTER.post(PATH)
async def interactions(request: Request) -> Response:
    body = await request.body()
    if len(body) > MAX_BODY:
        return _refuse("request too large", 413)
    why = refusal(
        _key(request),
        request.headers.get("x-signature-ed25519"),
        request.headers.get("x-signature-timestamp"),
        body,
        time.time(),
    )
    if why is not None:
        return _refuse(why)
    try:
        interaction = json.loads(body)
    except ValueError:
        return _refuse("the body is not JSON", 400)
    if not isinstance(interaction, dict):
        return _refuse("the body is not an interaction", 400)
    db: Database = request.app.state.db
    seen = str(interaction.get("id") or "")
    if not seen or not await run_in_threadpool(first_time, db, seen, datetime.now(UTC)):
        return _refuse("this interaction was answered already (a replayed request)")
    if interaction.get("type") == PING:
        return JSONResponse({"type": PONG})
    reply = await run_in_threadpool(_answer, db, interaction)
    answered = response(reply)
    if reply.type == DEFERRED and reply.later is not None:
        answered.background = BackgroundTask(
            follow_up, seen, interaction["application_id"], interaction["token"], reply.later
        )
    return answered
