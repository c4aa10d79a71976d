"""Serve arena on a free loopback port and take a screenshot in headless Chromium.

Usage: python bench/screenshot_serve.py OUT.png [play|demo ...]
Exits 3 (and says so) when no Chromium is installed.
"""

from __future__ import annotations

import asyncio
import base64
import json
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser() -> str | None:
    return next((found for name in BROWSERS if (found := shutil.which(name))), None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def screenshot(out: Path, app: list[str], *, wait: float = 12.0, size: str = "1280,800") -> None:
    chrome = browser()
    if chrome is None:
        raise FileNotFoundError("no Chromium")
    port = free_port()
    served = subprocess.Popen(
        [sys.executable, "-m", "arena", "serve", "--port", str(port), *app],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        asyncio.run(_capture(chrome, f"http://127.0.0.1:{port}/", out, wait, size))
    finally:
        served.send_signal(signal.SIGINT)
        try:
            served.wait(timeout=15)
        except subprocess.TimeoutExpired:
            served.kill()


async def _capture(chrome: str, url: str, out: Path, wait: float, size: str) -> None:
    """Open the page in headless Chromium, let the app connect, and save a screenshot.

    Chromium's own --screenshot fires before the websocket session starts, so this drives
    the browser through its DevTools protocol instead.
    """
    import aiohttp

    debug_port = free_port()
    with tempfile.TemporaryDirectory() as profile:
        browser_proc = subprocess.Popen(
            [
                chrome,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                f"--window-size={size}",
                f"--remote-debugging-port={debug_port}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            async with aiohttp.ClientSession() as session:
                targets: list[dict[str, str]] = []
                for _ in range(100):
                    try:
                        async with session.get(f"http://127.0.0.1:{debug_port}/json") as got:
                            targets = [t for t in await got.json() if t["type"] == "page"]
                        if targets:
                            break
                    except aiohttp.ClientError:
                        pass
                    await asyncio.sleep(0.2)
                async with session.ws_connect(targets[0]["webSocketDebuggerUrl"]) as ws:
                    await ws.send_json({"id": 1, "method": "Page.navigate", "params": {"url": url}})
                    await asyncio.sleep(wait)
                    await ws.send_json({"id": 2, "method": "Page.captureScreenshot"})
                    async for msg in ws:
                        data = json.loads(msg.data)
                        if data.get("id") == 2:
                            out.write_bytes(base64.b64decode(data["result"]["data"]))
                            break
        finally:
            browser_proc.terminate()
            browser_proc.wait(timeout=15)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "served.png")
    try:
        screenshot(out, sys.argv[2:])
    except FileNotFoundError:
        print("no Chromium installed: no screenshot", file=sys.stderr)
        return 3
    print(f"screenshot: {out} ({out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
