"""`arena serve`: the page over HTTP and the title menu over the websocket, on loopback."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>78]")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on {port}")


@pytest.fixture
def served(tmp_path) -> Iterator[int]:
    port = free_port()
    env = {**os.environ, "ARENA_SAVES": str(tmp_path / "saves"), "NO_COLOR": ""}
    proc = subprocess.Popen(
        [sys.executable, "-m", "arena", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    try:
        wait_for(port)
        yield port
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise AssertionError("serve did not stop on SIGINT") from None


async def fetch(port: int) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{port}/") as page:
            status, html = page.status, await page.text()
        url = f"ws://127.0.0.1:{port}/ws?width=100&height=32"
        seen = ""
        async with session.ws_connect(url) as ws:
            end = time.monotonic() + 30
            while time.monotonic() < end and "New fight" not in seen:
                try:
                    msg = await ws.receive(timeout=2)
                except TimeoutError:
                    continue
                if msg.type == aiohttp.WSMsgType.BINARY:
                    seen += ANSI.sub("", msg.data.decode("utf-8", "replace"))
                elif msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                    break
            await ws.close()
    return status, html, seen


def test_serve_gives_the_page_and_the_title_menu(served: int) -> None:
    status, html, seen = asyncio.run(fetch(served))
    assert status == 200
    assert "<title>arena</title>" in html
    assert "fonts.googleapis.com" not in html  # nothing fetched from outside
    assert "New fight" in seen
    assert "Combat from Sorcerer" in seen


def test_serve_warns_off_loopback() -> None:
    from arena.cli.serve import app_command, is_loopback

    for host in ("127.0.0.1", "localhost", "::1"):
        assert is_loopback(host)
    for host in ("0.0.0.0", "192.168.1.4"):  # noqa: S104
        assert not is_loopback(host)
    assert app_command([]).endswith("-m arena play")
    assert app_command(["demo", "--big"]).endswith("-m arena demo --big")
