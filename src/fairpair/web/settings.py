"""The server's settings, typed and checked once when the app is built (never at import).

``fairpair serve`` passes them to its workers through the environment: a worker process
builds its app from ``from_environment()``, so every worker uses the same database and the
same signing secret (a CSRF token made by one worker is accepted by the next).
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

ENV_DATABASE = "FAIRPAIR_DATABASE_URL"
ENV_SECRET = "FAIRPAIR_SECRET"
ENV_INSECURE = "FAIRPAIR_INSECURE_COOKIES"


@dataclass(frozen=True, slots=True)
class WebSettings:
    #: The database (``None``: ``$FAIRPAIR_DATABASE_URL``, else the default SQLite file).
    database_url: str | None = None
    #: Signs the CSRF cookie. Random per server unless given (then shared by its workers).
    secret: str = ""
    #: Cookies carry ``Secure`` (browsers accept it on http://127.0.0.1 and localhost too).
    secure_cookies: bool = True
    #: Login attempts allowed per client address and username (``limits`` notation).
    login_rate: str = "10/minute"
    #: How often (seconds) a SQLite server looks for changes made by other processes (the
    #: CLI, another worker); PostgreSQL pushes them (LISTEN/NOTIFY) instead.
    poll_seconds: float = 1.0

    def with_secret(self) -> WebSettings:
        if self.secret:
            return self
        return WebSettings(
            self.database_url,
            secrets.token_urlsafe(32),
            self.secure_cookies,
            self.login_rate,
            self.poll_seconds,
        )


def from_environment() -> WebSettings:
    """The settings a worker process reads (``fairpair serve`` sets them)."""
    return WebSettings(
        database_url=os.environ.get(ENV_DATABASE) or None,
        secret=os.environ.get(ENV_SECRET, ""),
        secure_cookies=os.environ.get(ENV_INSECURE, "") not in ("1", "true", "yes"),
    ).with_secret()
