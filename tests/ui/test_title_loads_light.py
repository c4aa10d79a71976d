"""The title menu starts without the fight's screen: it loads with the first fight."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROBE = """
import asyncio, sys
from pathlib import Path
from arena.ui.app import ArenaApp

async def main():
    app = ArenaApp(None, saves=Path(sys.argv[1]), pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
    print("arena.ui.arena_screen" in sys.modules)

asyncio.run(main())
"""


def test_the_title_does_not_load_the_fight_screen(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"
