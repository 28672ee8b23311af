"""The README's first command, run exactly as written on a fresh data folder, opens a working
demo event at http://127.0.0.1:8000 in a real browser, with the organizer login it printed —
the installation's administrator, who sees the Accounts page."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def quickstart_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quickstart", 1)[1]
    (block,) = re.findall(r"```bash\n(.*?)```", section, re.S)[:1]
    return [line for line in block.splitlines() if line.strip()]


def test_the_quickstart_has_exactly_two_commands() -> None:
    run, test = quickstart_commands()
    assert run == "pip install uv && uv run fairpair serve --demo"
    assert test == "bash scripts/test"


def _port_free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


@pytest.mark.multiprocess
@pytest.mark.slow
def test_the_quickstart_opens_the_demo_in_a_browser(browser: Any, tmp_path: Path) -> None:
    if not _port_free(8000):
        pytest.skip("port 8000 is taken on this machine (the README's address)")
    run = quickstart_commands()[0]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("FAIRPAIR_DATABASE_URL", None)
    server = subprocess.Popen(
        ["bash", "-c", run],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    said: list[str] = []
    try:
        assert server.stdout is not None
        deadline = time.monotonic() + 120
        login = None
        while login is None:
            line = server.stdout.readline()
            assert line or server.poll() is None, "".join(said)
            said.append(line)
            login = re.search(r"user (\S+)\s+password (\S+)", line)
            assert time.monotonic() < deadline, "".join(said)
        while True:
            try:
                if httpx.get("http://127.0.0.1:8000/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "".join(said)
                time.sleep(0.2)
        assert (tmp_path / "data" / "fairpair").exists()  # the default database, in the data folder
        context = browser.new_context(base_url="http://127.0.0.1:8000")
        page = context.new_page()
        page.goto("/e/demo")
        assert "Saturday Modern Open" in page.content()
        page.goto("/login")
        page.fill("#f-username", login.group(1))
        page.fill("#f-password", login.group(2))
        page.click("form[action='/login'] button[type=submit]")
        page.wait_for_url("**/console")
        page.click("text=Saturday Modern Open (demo)")
        page.wait_for_url("**/console/demo")
        assert "Round 4" in page.content()
        page.goto("/accounts")  # the demo organizer is the installation's administrator
        assert page.locator("h1").inner_text() == "Accounts"
        context.close()
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
