"""``fairpair serve``: the web platform — organizer console, public live pages, print views
and the JSON API — on http://HOST:PORT. ``--demo`` first creates the demo event and an
organizer login for it (printed), so the console opens on a real event at once."""

from __future__ import annotations

import contextlib
import socket
from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import BadParameter, Option

DEMO_SLUG = "demo"
DEMO_USER = "demo"


@handles_errors
def serve(
    demo: Annotated[
        bool,
        Option("--demo", help="Create the demo event and an organizer login for it (printed)."),
    ] = False,
    host: Annotated[
        str, Option("--host", metavar="HOST", help="The address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, Option("--port", metavar="PORT", min=1, max=65535, help="The port.")
    ] = 8000,
    workers: Annotated[
        int,
        Option(
            "--workers",
            metavar="N",
            min=1,
            max=64,
            help="Server processes (with PostgreSQL they share live updates by NOTIFY).",
        ),
    ] = 1,
    insecure_cookies: Annotated[
        bool,
        Option(
            "--insecure-cookies",
            help="Send the login cookie over plain HTTP to other machines (a LAN without "
            "TLS). Browsers accept secure cookies on 127.0.0.1 and localhost without it.",
        ),
    ] = False,
    trusted_proxy: Annotated[
        list[str] | None,
        Option(
            "--trusted-proxy",
            metavar="ADDRESS",
            help="A reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed "
            "(an address or a network, e.g. 127.0.0.1 or 10.0.0.0/8; repeat for more). "
            "Default: $FAIRPAIR_TRUSTED_PROXIES, else none.",
        ),
    ] = None,
    metrics: Annotated[
        bool,
        Option(
            "--metrics",
            help="Serve Prometheus metrics at /metrics (to the loopback address only, or "
            "with the bearer token $FAIRPAIR_METRICS_TOKEN). Default: $FAIRPAIR_METRICS.",
        ),
    ] = False,
    log_format: Annotated[
        str,
        Option(
            "--log-format",
            metavar="text|json",
            help="The server's log lines: text, or one JSON object a line (each with its "
            "request's id). Default: $FAIRPAIR_LOG_FORMAT, else text.",
        ),
    ] = "",
    access_log: Annotated[
        bool,
        Option("--access-log", help="Log a line for every request (in --log-format)."),
    ] = False,
    db: options.Db = None,
) -> None:
    """Run the web platform (organizer console, public pages, API) until Ctrl-C."""
    import os
    import secrets

    import uvicorn

    from fairpair.cli.screen import say
    from fairpair.service.kernel.connection import opened
    from fairpair.web.logs import ENV_LOG_FORMAT, FORMATS, log_config
    from fairpair.web.settings import (
        ENV_DATABASE,
        ENV_INSECURE,
        ENV_METRICS,
        ENV_SECRET,
        ENV_TRUSTED_PROXIES,
        proxies,
    )

    log_format = (log_format or os.environ.get(ENV_LOG_FORMAT) or "text").strip().lower()
    if log_format not in FORMATS:
        raise BadParameter(f"{log_format!r} is not text or json", param_hint="--log-format")

    if trusted_proxy:
        os.environ[ENV_TRUSTED_PROXIES] = ",".join(trusted_proxy)
    try:
        proxies(os.environ.get(ENV_TRUSTED_PROXIES, ""))
    except ValueError as error:
        raise BadParameter(str(error), param_hint="--trusted-proxy") from None

    with opened(db) as base:
        url = base.url
        if demo:
            password = _demo_login(base)
            player_link = _demo_player_link(base)
    os.environ[ENV_DATABASE] = url
    os.environ.setdefault(ENV_SECRET, secrets.token_urlsafe(32))
    if insecure_cookies:
        os.environ[ENV_INSECURE] = "1"
    if metrics:
        os.environ[ENV_METRICS] = "1"
    metrics_dir = (
        _metrics_folder(workers)
        if os.environ.get(ENV_METRICS, "") in ("1", "true", "yes")
        else None
    )
    renders = _renders_folder(workers)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    say(f"fairpair on http://{shown}:{port}  (database: {_safe(url)})")
    if demo:
        say(f"demo event:      http://{shown}:{port}/e/{DEMO_SLUG}")
        say(f"organizer login: http://{shown}:{port}/login  user {DEMO_USER}  password {password}")
        if player_link:
            say(f"a player's link: http://{shown}:{port}{player_link}")
    say("stop with Ctrl-C")
    config = uvicorn.Config(
        "fairpair.web.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        # web.logs: fairpair's lines from INFO, uvicorn's errors, its access line if asked
        log_config=log_config(log_format, access_log),
        log_level=None,
        access_log=access_log,
        # the app believes forwarded headers from the trusted proxies only (web.settings)
        proxy_headers=False,
        timeout_graceful_shutdown=3,
    )
    try:
        if workers == 1:
            uvicorn.Server(config).run()
            return
        from uvicorn.supervisors import Multiprocess

        with contextlib.suppress(KeyboardInterrupt):
            Multiprocess(config, sockets=[_listening_socket(host, port)]).run()
    finally:
        if metrics_dir is not None:
            metrics_dir.cleanup()
        if renders is not None:
            import shutil

            shutil.rmtree(renders, ignore_errors=True)


def _renders_folder(workers: int) -> str | None:
    """For several workers, the folder they share renderings in (``web.shared_renders``):
    a temporary one, removed at exit."""
    import os
    import tempfile

    from fairpair.web.shared_renders import ENV

    if workers == 1:
        return None
    folder = tempfile.mkdtemp(prefix="fairpair-renders-")
    os.environ[ENV] = folder
    return folder


def _metrics_folder(workers: int) -> _MetricsFolder | None:
    """prometheus-client's multiprocess mode for ``--workers N`` (N > 1): an empty folder in
    ``$PROMETHEUS_MULTIPROC_DIR`` for the workers' values, set before any worker starts
    (each reads it when it imports the library). One given there is emptied of the last
    run's values (the library's rule: a fresh folder at each start); else a temporary one,
    removed at exit. One process needs none (its values are in memory)."""
    import os
    import tempfile
    from pathlib import Path

    from fairpair.web.metrics import MULTIPROCESS_ENV

    given = os.environ.get(MULTIPROCESS_ENV, "")
    if workers == 1 and not given:
        return None
    if given:
        folder = Path(given)
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.db"):
            old.unlink()
        return _MetricsFolder(folder, remove=False)
    folder = Path(tempfile.mkdtemp(prefix="fairpair-metrics-"))
    os.environ[MULTIPROCESS_ENV] = str(folder)
    return _MetricsFolder(folder, remove=True)


class _MetricsFolder:
    def __init__(self, folder: object, *, remove: bool) -> None:
        self.folder = folder
        self.remove = remove

    def cleanup(self) -> None:
        if self.remove:
            import shutil

            shutil.rmtree(str(self.folder), ignore_errors=True)


def _listening_socket(host: str, port: int) -> socket.socket:
    """The socket the workers share, made as a TCP socket (``IPPROTO_TCP``). uvicorn makes it
    with protocol 0, and asyncio then leaves Nagle's algorithm on for every connection it
    accepts (``TCP_NODELAY`` is set only on sockets whose protocol says TCP): with several
    workers each answer waited 40 ms for the client's delayed ACK."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        from fairpair.service.kernel.errors import Refused

        sock.close()
        raise Refused("--port", f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.set_inheritable(True)
    return sock


def _safe(url: str) -> str:
    import re

    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)


def _demo_login(db: object) -> str:
    """The demo organizer (a new password each run; the installation's administrator too) and
    the demo event, which it owns."""
    import secrets

    from fairpair.service.event.demo import demo_login
    from fairpair.service.kernel.connection import Database

    assert isinstance(db, Database)
    password = secrets.token_urlsafe(9)
    demo_login(db, DEMO_USER, password, slug=DEMO_SLUG)
    return password


def _demo_player_link(db: object) -> str | None:
    """A personal link (the player portal) for a demo player whose match is still to play."""
    from fairpair.service.event.events import export_event
    from fairpair.service.kernel.connection import Database
    from fairpair.service.players.passes import personal_link
    from fairpair.service.rounds.repeats import round_view

    assert isinstance(db, Database)
    rounds = export_event(db, DEMO_SLUG).stages[-1].rounds
    view = round_view(db, DEMO_SLUG, rounds[-1].number) if rounds else None
    waiting = [t for t in view.tables if t.result is None] if view is not None else []
    if not waiting:
        return None
    secret = personal_link(db, DEMO_SLUG, waiting[0].a.id, actor="demo")
    return f"/e/{DEMO_SLUG}/p/{secret}"
