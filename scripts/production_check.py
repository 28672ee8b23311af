"""The production recipe of docs/deployment.md, run on this machine and checked.

    uv run python scripts/production_check.py        # exit 0: every check passed

It starts what the page describes, from the page's own text: a throwaway PostgreSQL
(``scripts/postgres.sh start``) with a database ``fairpair``; ``fairpair serve`` with the
flags of the page's systemd unit (its ``ExecStart`` line: ``--trusted-proxy 127.0.0.1
--metrics --log-format json --access-log``), 2 workers on a free port of 127.0.0.1; nginx
with the page's site file, only its ports and certificate paths changed (a self-signed
certificate made with openssl). Then, as a client on 127.0.0.2:

1. through nginx over HTTPS: ``/readyz`` is 200; the demo event's page and the JSON API
   answer, with HSTS; plain HTTP is redirected to HTTPS; ``/metrics`` is 404; the client's
   address in fairpair's access line is 127.0.0.2 and its request id is nginx's;
2. ``/metrics`` on the server's own port, parsed by prometheus-client's parser: every family,
   both workers' pools, the requests just made;
3. ``fairpair backup`` and ``fairpair restore`` of the event, the copy served;
4. the upgrade of the page, in its order: stop; the database taken one migration back (as an
   older version left it); ``pg_dump``; migrate (``fairpair event list``); start;
   ``/readyz`` 200; the dump restored into a new database, with the same events;
5. the server without ``--trusted-proxy``: the client is 127.0.0.1 to it, nginx's request
   id is not taken and no HSTS is sent (the proxy's ``https`` is not believed).

Everything it started is stopped and its files removed, whatever happens. Needs the
PostgreSQL server, nginx and openssl (``apt-get install postgresql nginx openssl``); exits 1
at the first check that fails, naming it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "deployment.md"
FAIRPAIR = Path(sys.executable).parent / "fairpair"
NAME = "events.example-store.com"
CLIENT = "127.0.0.2"  # the client's own address: not the proxy's (127.0.0.1)


class Failed(Exception):
    pass


BEGAN = time.monotonic()
PASSED: list[str] = []


def check(ok: object, what: str) -> None:
    if not ok:
        raise Failed(what)
    PASSED.append(what)
    print(f"  ok  {what}  ({time.monotonic() - BEGAN:.1f} s)", flush=True)


def block(marker: str) -> str:
    """The fenced block after ``<!-- production_check: MARKER -->`` in the page."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(
        rf"<!-- production_check: {re.escape(marker)} -->\s*```\w*\n(.*?)\n```", text, re.S
    )
    if found is None:
        raise Failed(f"docs/deployment.md has no block marked production_check: {marker}")
    return found.group(1)


def replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise Failed(f"the nginx file of docs/deployment.md no longer has {old!r} once")
    return text.replace(old, new)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(*args: str | Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, env=env, check=False
    )
    if done.returncode != 0:
        raise Failed(f"{shlex.join(str(a) for a in args)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def wait_for(what: str, probe: Any, seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.suppress(Exception):
            result = probe()
            if result:
                return result
        if time.monotonic() > deadline:
            raise Failed(f"{what}: not within {seconds:g} s")
        time.sleep(0.2)


def next_lines(lines: Iterator[str], wanted: str) -> str:
    """The stream's lines up to the first holding ``wanted`` (the client's timeout ends it)."""
    seen = []
    for line in lines:
        seen.append(line)
        if wanted in line:
            break
    return "\n".join(seen)


def stop(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Server:
    """``fairpair serve`` with the unit's flags (``--port``, ``--workers`` set here)."""

    def __init__(self, work: Path, env: dict[str, str], port: int, flags: list[str]) -> None:
        self.work, self.env, self.port, self.flags = work, env, port, flags
        self.process: subprocess.Popen[bytes] | None = None
        self.log = work / "serve.log"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [str(FAIRPAIR), "serve", *self.flags],
                env=self.env,
                stdout=log,
                stderr=log,
                start_new_session=True,
            )
        wait_for(
            f"fairpair serve {' '.join(self.flags)} answering /readyz",
            lambda: httpx.get(f"http://127.0.0.1:{self.port}/readyz").status_code == 200,
        )

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
            self.process = None

    def lines(self) -> list[dict[str, Any]]:
        """Its JSON log lines."""
        out = []
        for line in self.log.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("{"):
                out.append(json.loads(line))
        return out

    def access_line(self, request_id: str) -> dict[str, Any]:
        def found() -> dict[str, Any] | None:
            for line in self.lines():
                if line.get("logger") == "uvicorn.access" and line["request_id"] == request_id:
                    return line
            return None

        line: dict[str, Any] = wait_for(f"the access line of request {request_id}", found, 10)
        return line


def serve_flags(port: int) -> list[str]:
    """The unit's ``ExecStart`` flags, with this port and 2 workers."""
    unit = block("systemd")
    start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    words = shlex.split(start.removeprefix("ExecStart="))
    flags = words[words.index("serve") + 1 :]
    for name, value in (("--port", str(port)), ("--workers", "2")):
        if name not in flags:
            raise Failed(f"the unit's ExecStart has no {name}")
        flags[flags.index(name) + 1] = value
    return flags


def nginx_conf(work: Path, app_port: int, http_port: int, https_port: int) -> Path:
    site = block("nginx")
    site = replace_once(site, "server 127.0.0.1:8000;", f"server 127.0.0.1:{app_port};")
    site = replace_once(site, "listen 80;", f"listen 127.0.0.1:{http_port};")
    site = replace_once(site, "listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl")
    live = f"/etc/letsencrypt/live/{NAME}"
    site = replace_once(site, f"{live}/fullchain.pem", str(work / "cert.pem"))
    site = replace_once(site, f"{live}/privkey.pem", str(work / "key.pem"))
    (work / "fairpair-site.conf").write_text(site, encoding="utf-8")
    temp = work / "nginx-temp"
    temp.mkdir(mode=0o777)
    temp.chmod(0o777)
    paths = "\n".join(
        f"    {kind}_temp_path {temp / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = work / "nginx.conf"
    main.write_text(
        f"""worker_processes 1;
pid {work / "nginx.pid"};
error_log {work / "nginx-error.log"} warn;
events {{ worker_connections 256; }}
http {{
    log_format ids '$remote_addr $request_id $status "$request"';
    access_log {work / "nginx-access.log"} ids;
{paths}
    include {work / "fairpair-site.conf"};
}}
""",
        encoding="utf-8",
    )
    return main


@contextlib.contextmanager
def postgres() -> Iterator[tuple[str, str]]:
    """A throwaway PostgreSQL with a database ``fairpair``: (SQLAlchemy URL, libpq URL)."""
    out = run("bash", ROOT / "scripts" / "postgres.sh", "start")
    found = dict(re.findall(r"export (\w+)=(\S+)", out))
    folder = found["FAIRPAIR_PG_DIR"]
    try:
        base = found["FAIRPAIR_TEST_POSTGRES_URL"].replace("+psycopg", "")
        run("psql", base, "-qc", "CREATE DATABASE fairpair")
        libpq = base.rsplit("/", 1)[0] + "/fairpair"
        yield libpq.replace("postgresql://", "postgresql+psycopg://"), libpq
    finally:
        subprocess.run(["bash", str(ROOT / "scripts" / "postgres.sh"), "stop", folder], check=False)


def events_of(url: str, env: dict[str, str]) -> list[str]:
    listed = json.loads(run(FAIRPAIR, "event", "list", "--json", "--db", url, env=env))
    return sorted(e["slug"] for e in listed["events"])


def recorded_revision(libpq: str) -> str:
    return run("psql", libpq, "-tAc", "SELECT version_num FROM alembic_version").strip()


def main() -> int:
    for tool in ("nginx", "openssl", "psql", "pg_dump", "pg_restore"):
        if shutil.which(tool) is None and not Path(f"/usr/sbin/{tool}").exists():
            print(f"production_check: {tool} is not installed", file=sys.stderr)
            return 1
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    began = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="fairpair-production-"))
    work.chmod(0o755)  # nginx's workers read the certificate's folder
    try:
        with contextlib.ExitStack() as stack:
            print("== a throwaway PostgreSQL with a database 'fairpair'", flush=True)
            url, libpq = stack.enter_context(postgres())
            env = {
                **os.environ,
                "FAIRPAIR_DATABASE_URL": url,
                "FAIRPAIR_SECRET": secrets.token_urlsafe(32),
            }
            env.pop("PROMETHEUS_MULTIPROC_DIR", None)
            run(FAIRPAIR, "demo", "--db", url, env=env)
            slug = events_of(url, env)[0]

            app_port, http_port, https_port = free_port(), free_port(), free_port()
            flags = serve_flags(app_port)
            print(f"== fairpair serve {' '.join(flags)}", flush=True)
            server = Server(work, env, app_port, flags)
            stack.callback(server.stop)
            server.start()

            print("== nginx with docs/deployment.md's site file", flush=True)
            run(
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-subj", f"/CN={NAME}", "-addext", f"subjectAltName=DNS:{NAME},IP:127.0.0.1",
                "-keyout", work / "key.pem", "-out", work / "cert.pem",
            )  # fmt: skip
            conf = nginx_conf(work, app_port, http_port, https_port)
            run(nginx, "-t", "-q", "-c", conf, "-p", work)
            proxy = subprocess.Popen(
                [nginx, "-c", str(conf), "-p", str(work), "-g", "daemon off;"],
                start_new_session=True,
            )
            stack.callback(stop, proxy, signal.SIGQUIT)
            client = httpx.Client(
                base_url=f"https://127.0.0.1:{https_port}",
                headers={"host": NAME},
                verify=str(work / "cert.pem"),
                transport=httpx.HTTPTransport(local_address=CLIENT, verify=str(work / "cert.pem")),
                timeout=20,
            )
            stack.callback(client.close)
            wait_for("nginx answering", lambda: client.get("/healthz").status_code == 200, 20)

            print("== through nginx, as a client on 127.0.0.2", flush=True)
            ready = client.get("/readyz")
            check(ready.status_code == 200, "/readyz through nginx is 200")
            check(ready.json()["checks"]["jobs"]["state"] == "running", "the job threads run")
            page = client.get(f"/e/{slug}")
            check(page.status_code == 200 and "<html" in page.text, f"the page /e/{slug}")
            check(
                page.headers.get("strict-transport-security", "").startswith("max-age="),
                "HSTS over the proxy's HTTPS (X-Forwarded-Proto believed)",
            )
            api = client.get(f"/api/v1/events/{slug}/standings")
            check(api.status_code == 200 and api.json()["rows"], "the JSON API's standings")
            plain = httpx.get(f"http://127.0.0.1:{http_port}/e/{slug}", headers={"host": NAME})
            check(
                plain.status_code == 301
                and plain.headers["location"] == f"https://{NAME}/e/{slug}",
                "plain HTTP is sent to HTTPS",
            )
            check(client.get("/metrics").status_code == 404, "/metrics is not public")
            rid = page.headers["x-request-id"]
            access = server.access_line(rid)
            check(access["client"].startswith(f"{CLIENT}:"), f"fairpair sees the client {CLIENT}")
            nginx_log = (work / "nginx-access.log").read_text(encoding="utf-8")
            check(f"{CLIENT} {rid} 200" in nginx_log, "the request id is nginx's $request_id")

            print("== a live page through nginx, and /metrics on the server's port", flush=True)
            with client.stream("GET", f"/e/{slug}/live") as live:
                lines = live.iter_lines()
                check(
                    live.status_code == 200 and ": connected" in next_lines(lines, ": connected"),
                    "a live page's stream opens through nginx",
                )
                scraped = httpx.get(f"http://127.0.0.1:{app_port}/metrics")
                check(scraped.status_code == 200, "/metrics from the loopback address")
                families = {f.name: f.samples for f in text_string_to_metric_families(scraped.text)}
                wanted = {
                    "fairpair_http_requests",
                    "fairpair_http_request_duration_seconds",
                    "fairpair_live_streams",
                    "fairpair_jobs",
                    "fairpair_db_pool_capacity",
                    "fairpair_db_pool_open",
                    "fairpair_db_pool_checked_out",
                }
                check(wanted <= set(families), f"every metric family: {sorted(wanted)}")
                pids = {s.labels["pid"] for s in families["fairpair_db_pool_capacity"]}
                check(len(pids) == 2, "both workers' pools in one scrape")
                pages = sum(
                    s.value
                    for s in families["fairpair_http_requests"]
                    if s.name.endswith("_total") and s.labels["route"] == "/e/{slug}"
                )
                check(pages >= 1, "the page request is counted (by its route template)")
                streams = sum(
                    s.value
                    for s in families["fairpair_live_streams"]
                    if s.labels["route"] == "/e/{slug}/live"
                )
                check(streams == 1, "the open live page is counted")
                run(FAIRPAIR, "player", "add", slug, "Late Lia", "--db", url, env=env)
                check(
                    "event: version" in next_lines(lines, "event: version"),
                    "a change made by the CLI reaches the live page through nginx",
                )

            print("== an event's backup and restore", flush=True)
            backup = work / "event-backup.json"
            run(FAIRPAIR, "backup", slug, "-o", backup, "--db", url, env=env)
            run(FAIRPAIR, "restore", backup, "--slug", f"{slug}-copy", "--db", url, env=env)
            copy = client.get(f"/e/{slug}-copy")
            check(copy.status_code == 200, "the restored event is served")

            print("== the upgrade: stop, back up, migrate, start", flush=True)
            server.stop()
            check(client.get("/readyz").status_code == 502, "stopped: nginx has no upstream")
            head = recorded_revision(libpq)
            previous = run(
                sys.executable, "-c",
                "import sys; from alembic.script import ScriptDirectory; "
                "from fairpair.store.migrate import config; "
                "print(ScriptDirectory.from_config(config(None)).get_revision(sys.argv[1]).down_revision)",
                head,
            ).strip()  # fmt: skip
            run(
                sys.executable, "-c",
                "import sys; from fairpair.store.database import Database; "
                "from fairpair.store.migrate import downgrade; "
                "db = Database.open(sys.argv[1], migrate=False); downgrade(db.engine, sys.argv[2])",
                url, previous, env=env,
            )  # fmt: skip
            check(recorded_revision(libpq) == previous, f"the database is back at {previous}")
            dump = work / "fairpair.dump"
            run("pg_dump", "-Fc", "-f", dump, libpq)
            run(FAIRPAIR, "event", "list", "--db", url, env=env)
            check(recorded_revision(libpq) == head, f"migrated to {head} by fairpair event list")
            server.start()
            check(client.get("/readyz").status_code == 200, "started again: /readyz is 200")
            run("psql", libpq, "-qc", "CREATE DATABASE fairpair_restored")
            restored = url.rsplit("/", 1)[0] + "/fairpair_restored"
            run(
                "pg_restore",
                "--no-owner",
                "-d",
                libpq.rsplit("/", 1)[0] + "/fairpair_restored",
                dump,
            )
            check(
                events_of(restored, env) == events_of(url, env),
                "the pg_dump restored into a new database has the same events",
            )

            print("== the same server without --trusted-proxy", flush=True)
            server.stop()
            untrusted = [f for f in flags if f not in ("--trusted-proxy", "127.0.0.1")]
            server = Server(work, env, app_port, untrusted)
            stack.callback(server.stop)
            server.start()
            page = client.get(f"/e/{slug}")
            rid = page.headers["x-request-id"]
            access = server.access_line(rid)
            check(access["client"].startswith("127.0.0.1:"), "every client is the proxy")
            nginx_log = (work / "nginx-access.log").read_text(encoding="utf-8")
            check(f" {rid} " not in nginx_log, "nginx's request id is not taken")
            check("strict-transport-security" not in page.headers, "no HSTS (https not believed)")
    except Failed as failure:
        print(f"production_check: FAILED: {failure}", file=sys.stderr, flush=True)
        for name in ("serve.log", "nginx-error.log"):
            with contextlib.suppress(OSError):
                tail = (work / name).read_text(encoding="utf-8").splitlines()[-15:]
                print(f"--- {name}\n" + "\n".join(tail), file=sys.stderr)
        print(f"production_check: {len(PASSED)} passed, 1 failed")
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"every check passed in {time.monotonic() - began:.0f} s")
    print(f"production_check: {len(PASSED)} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
