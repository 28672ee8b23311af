"""Login throttling that every server process shares and a restart keeps (docs/security.md,
"Logins").

Failed logins are counted in the database (``login_throttle``) twice: per **username**
(whatever the address: a password guessed from many machines) and per **client address**
(whatever the username: one machine trying many accounts). Nobody is locked out: past a
number of free failures, each failure makes the next attempt wait, and the wait doubles —
up to ``longest_wait``. An attempt during the wait is answered "wait N seconds" without its
password being looked at, and does not count; the first attempt after it is checked as
usual, so the account's owner gets in with the right password once the wait is over, even
while a stranger keeps guessing from the same venue's address. A success clears its
username's count; a count that saw no failure for ``forget_after`` starts again from zero.

Each attempt takes its place in both counts *before* its password is checked, in one write
transaction (the row locked), so a burst of simultaneous guesses is counted in full: the
successful login gives its place back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.i18n import ngettext
from fairpair.service.accounts.logins import Account, authenticate
from fairpair.service.kernel.change import now
from fairpair.service.kernel.errors import TooManyAttempts
from fairpair.store.database import Database
from fairpair.store.models import LoginThrottleRow


@dataclass(frozen=True, slots=True)
class Policy:
    """How one count throttles: ``free`` failures without a wait, then ``first_wait``
    doubling with each further failure, at most ``longest_wait``."""

    kind: str
    free: int
    first_wait: timedelta
    longest_wait: timedelta
    forget_after: timedelta = timedelta(hours=24)

    def wait(self, failures: int) -> timedelta:
        """The wait after the ``failures``-th failure in a row."""
        if failures < self.free:
            return timedelta(0)
        wait: timedelta = self.first_wait * 2 ** min(failures - self.free, 30)
        return min(wait, self.longest_wait)


#: Per username: 5 free failures, then 1 s, 2 s, 4 s … 15 minutes.
ACCOUNT = Policy(
    "account", free=5, first_wait=timedelta(seconds=1), longest_wait=timedelta(minutes=15)
)
#: Per client address: 20 free failures (a venue's staff mistyping behind one address), then
#: the same doubling.
ADDRESS = Policy(
    "address", free=20, first_wait=timedelta(seconds=1), longest_wait=timedelta(minutes=15)
)


class LoginWait(TooManyAttempts):
    """Too many failed logins: ``seconds`` until the next attempt is looked at."""

    def __init__(self, seconds: int, by_account: bool) -> None:
        super().__init__("username", _wait_text(seconds, by_account))
        self.seconds = seconds


def _wait_text(seconds: int, by_account: bool) -> str:
    """Why a login waits, and how long, in the reader's language (whole sentences, each
    with its plural)."""
    if seconds < 60:
        if by_account:
            text = ngettext(
                "too many failed logins for this username: wait %(num)d second, then try again",
                "too many failed logins for this username: wait %(num)d seconds, then try again",
                seconds,
            )
        else:
            text = ngettext(
                "too many failed logins for your address: wait %(num)d second, then try again",
                "too many failed logins for your address: wait %(num)d seconds, then try again",
                seconds,
            )
        return text % {"num": seconds}
    minutes = -(-seconds // 60)
    if by_account:
        text = ngettext(
            "too many failed logins for this username: wait %(num)d minute, then try again",
            "too many failed logins for this username: wait %(num)d minutes, then try again",
            minutes,
        )
    else:
        text = ngettext(
            "too many failed logins for your address: wait %(num)d minute, then try again",
            "too many failed logins for your address: wait %(num)d minutes, then try again",
            minutes,
        )
    return text % {"num": minutes}


def _keys(username: str, address: str) -> tuple[tuple[Policy, str], ...]:
    return ((ACCOUNT, username.strip().casefold()[:200]), (ADDRESS, address.strip()[:200]))


def _take_place(conn: Connection, policy: Policy, key: str, at: datetime) -> datetime | None:
    """Count one more attempt for ``key`` (``None``), or the end of its wait (not counted)."""
    insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    conn.execute(
        insert(LoginThrottleRow)
        .values(kind=policy.kind, key=key, failures=0, last_failure=at, wait_until=at)
        .on_conflict_do_nothing(index_elements=["kind", "key"])
    )
    where = (LoginThrottleRow.kind == policy.kind, LoginThrottleRow.key == key)
    row = conn.execute(
        select(
            LoginThrottleRow.failures, LoginThrottleRow.last_failure, LoginThrottleRow.wait_until
        )
        .where(*where)
        .with_for_update()
    ).one()
    until: datetime = row.wait_until
    if until > at:
        return until
    failures = 0 if row.last_failure + policy.forget_after < at else row.failures
    failures += 1
    conn.execute(
        update(LoginThrottleRow)
        .where(*where)
        .values(failures=failures, last_failure=at, wait_until=at + policy.wait(failures))
    )
    return None


def _give_back(conn: Connection, policy: Policy, key: str) -> None:
    """Undo one counted attempt of ``key`` (it succeeded)."""
    where = (LoginThrottleRow.kind == policy.kind, LoginThrottleRow.key == key)
    if policy is ACCOUNT:
        conn.execute(delete(LoginThrottleRow).where(*where))
        return
    row = conn.execute(
        select(LoginThrottleRow.failures, LoginThrottleRow.last_failure)
        .where(*where)
        .with_for_update()
    ).first()
    if row is not None and row.failures > 0:
        failures = row.failures - 1
        conn.execute(
            update(LoginThrottleRow)
            .where(*where)
            .values(failures=failures, wait_until=row.last_failure + policy.wait(failures))
        )


def throttled_login(db: Database, username: str, password: str, address: str) -> Account:
    """The account of ``username`` and ``password`` tried from ``address`` (the client's
    address, as the trusted proxies tell it); ``LoginWait`` while either count makes it wait
    (the password is not checked), ``BadCredentials`` for a wrong username or password."""
    at = now()
    keys = _keys(username, address)
    with db.writing() as conn:
        # counts nobody added to for a day are forgotten (the table stays small)
        conn.execute(
            delete(LoginThrottleRow).where(
                LoginThrottleRow.last_failure < at - ACCOUNT.forget_after,
                LoginThrottleRow.wait_until < at,
            )
        )
        for policy, key in keys:
            until = _take_place(conn, policy, key, at)
            if until is not None:
                # leaving the block rolls back: a refused attempt is not counted
                raise LoginWait(max(1, math.ceil((until - at).total_seconds())), policy is ACCOUNT)
    account = authenticate(db, username, password)  # BadCredentials: the places stay taken
    with db.writing() as conn:
        for policy, key in keys:
            _give_back(conn, policy, key)
    return account
