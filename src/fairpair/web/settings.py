"""The server's settings, typed and checked once when the app is built (never at import).

``fairpair serve`` passes them to its workers through the environment: a worker process
builds its app from ``from_environment()``, so every worker uses the same database and the
same signing secret (a CSRF token made by one worker is accepted by the next).
"""

from __future__ import annotations

import ipaddress
import os
import secrets
from dataclasses import dataclass, replace

ENV_DATABASE = "FAIRPAIR_DATABASE_URL"
ENV_SECRET = "FAIRPAIR_SECRET"
ENV_INSECURE = "FAIRPAIR_INSECURE_COOKIES"
ENV_JOB_SECONDS = "FAIRPAIR_JOB_SECONDS"
ENV_DISCORD_PUBLIC_KEY = "FAIRPAIR_DISCORD_PUBLIC_KEY"
ENV_TRUSTED_PROXIES = "FAIRPAIR_TRUSTED_PROXIES"
ENV_METRICS = "FAIRPAIR_METRICS"
ENV_METRICS_TOKEN = "FAIRPAIR_METRICS_TOKEN"


@dataclass(frozen=True, slots=True)
class WebSettings:
    #: The database (``None``: ``$FAIRPAIR_DATABASE_URL``, else the default SQLite file).
    database_url: str | None = None
    #: Signs the CSRF cookie. Random per server unless given (then shared by its workers).
    secret: str = ""
    #: Cookies carry ``Secure`` (browsers accept it on http://127.0.0.1 and localhost too).
    secure_cookies: bool = True
    #: The reverse proxies whose ``X-Forwarded-For`` / ``X-Forwarded-Proto`` are believed
    #: (addresses or networks: ``127.0.0.1``, ``10.0.0.0/8``; ``*``: any). None by default:
    #: the client's address is the connection's (the login throttle counts it).
    trusted_proxies: tuple[str, ...] = ()
    #: How often (seconds) a SQLite server looks for changes made by other processes (the
    #: CLI, another worker); PostgreSQL pushes them (LISTEN/NOTIFY) instead.
    poll_seconds: float = 1.0
    #: How often (seconds) the server's job thread does the due scheduled jobs (round
    #: notices and their deliveries); 0: no job thread (``fairpair jobs run`` does them).
    job_seconds: float = 1.0
    #: The Discord application's public key (hex; ``""``: no Discord bot — its interactions
    #: endpoint refuses every request). Checked when the app is built.
    discord_public_key: str = ""
    #: Leave the server's long-lived objects out of the garbage collector's full passes
    #: (``web.long_lived``): a server process's own setting (``fairpair serve``); off for an
    #: app built inside another program (a test, an embedding), whose objects it is not to
    #: freeze.
    long_lived: bool = False
    #: Serve Prometheus metrics at ``/metrics`` (``web.metrics``; off: no such page).
    metrics: bool = False
    #: The bearer token ``/metrics`` asks for (``""``: none — then it answers only callers on
    #: the loopback address, as the app sees them after ``trusted_proxies``).
    metrics_token: str = ""

    def with_secret(self) -> WebSettings:
        if self.secret:
            return self
        return replace(self, secret=secrets.token_urlsafe(32))


def from_environment() -> WebSettings:
    """The settings a worker process reads (``fairpair serve`` sets them)."""
    return WebSettings(
        database_url=os.environ.get(ENV_DATABASE) or None,
        secret=os.environ.get(ENV_SECRET, ""),
        secure_cookies=os.environ.get(ENV_INSECURE, "") not in ("1", "true", "yes"),
        job_seconds=_seconds(os.environ.get(ENV_JOB_SECONDS)),
        discord_public_key=os.environ.get(ENV_DISCORD_PUBLIC_KEY, "").strip(),
        trusted_proxies=proxies(os.environ.get(ENV_TRUSTED_PROXIES, "")),
        long_lived=True,
        metrics=os.environ.get(ENV_METRICS, "") in ("1", "true", "yes"),
        metrics_token=os.environ.get(ENV_METRICS_TOKEN, "").strip(),
    ).with_secret()


def _seconds(text: str | None) -> float:
    """``$FAIRPAIR_JOB_SECONDS``: a number of seconds, at least 0 (fails fast otherwise)."""
    if not text:
        return 1.0
    value = float(text)
    if not value >= 0 or value == float("inf"):
        raise ValueError(f"{ENV_JOB_SECONDS} must be a number of seconds, at least 0")
    return value


def proxies(text: str) -> tuple[str, ...]:
    """``$FAIRPAIR_TRUSTED_PROXIES``: addresses or networks separated by commas, each checked
    (fails fast on one that is neither)."""
    found = tuple(p.strip() for p in text.split(",") if p.strip())
    for item in found:
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ValueError(
                f"{ENV_TRUSTED_PROXIES}: {item!r} is not an address or a network (10.0.0.0/8)"
            ) from None
    return found
