"""The title menu starts without the fight's screen: it loads with the first fight."""

from __future__ import annotations

import os
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


COMMAND_LINE = """
import sys
import arena.cli
arena.cli.build_parser("play")
from arena.cli.places import checked_saves_folder, saves_folder
checked_saves_folder(None)  # what `arena play` checks before the title's first frame
saves_folder(None)
import arena.ui.app
print(sorted(m for m in ("yaml", "arena.content.loader", "importlib.resources", "secrets")
             if m in sys.modules))
"""


def test_the_command_line_reaches_the_title_without_the_content_loader(tmp_path: Path) -> None:
    # Checking the saves folder asked where the content is, and that loaded the YAML loader
    # (and the whole schema) before the title's first frame: a tenth of its cold start.
    for env in ({"ARENA_SAVES": str(tmp_path)}, {}):
        out = subprocess.run(
            [sys.executable, "-c", COMMAND_LINE],
            capture_output=True,
            text=True,
            check=True,
            env={k: v for k, v in os.environ.items() if k != "ARENA_SAVES"} | env,
        ).stdout
        assert out.strip() == "[]"


PAUSED = "        await pilot.pause(0.2)\n"
QUIT = PROBE.replace(PAUSED, PAUSED + '        await pilot.press("ctrl+q")\n')


def test_quitting_the_title_does_not_load_the_fight_screen(tmp_path: Path) -> None:
    # Ctrl+Q asks about an unsaved fight only if a fight screen was ever opened.
    assert 'pilot.press("ctrl+q")' in QUIT
    out = subprocess.run(
        [sys.executable, "-c", QUIT, str(tmp_path)], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


HEAVY = (
    "icepool",
    "esper",
    "yaml",
    "arena.ai",
    "arena.ecs",
    "arena.engine",
    "arena.gauntlet",
    "arena.rules.views",
    "arena.rules.werewolf",
    "arena.rules.sorcerer",
    "arena.content.mapgen",
    "arena.content.scenario",
    "arena.ui.arena_screen",
)
"""What the title menu's first frame must not wait for: the AI, the rules, the engine, ..."""

TITLE_PATH = """
import asyncio, sys
from pathlib import Path
import arena.cli
args = arena.cli.build_parser("play").parse_args(["play"])  # bare `arena`
from arena.cli.budget import apply_budget
from arena.cli.places import checked_saves_folder
checked_saves_folder(None)
apply_budget(args)
import arena.ui.app as app_module, arena.ui.title_screen as title
# The content and the score table load just after the first frame, on timers: held back here,
# so the title's own composing is what is looked at.
app_module.LOAD_AFTER = title.SCORES_AFTER = 60

async def main():
    app = app_module.ArenaApp(None, saves=Path(sys.argv[1]), pace=0, preferences=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, title.TitleScreen)
        print(sorted(m for m in sys.argv[2:] if m in sys.modules))

asyncio.run(main())
"""


def test_the_title_menu_starts_without_the_rules_the_engine_or_the_ai(tmp_path: Path) -> None:
    # Cold start within 1.5x a bare Textual app: `arena`'s command line and title menu load
    # Textual and their own few modules; the --level ladder loaded every AI policy and the
    # rules under them, the --map option the map generator.
    out = subprocess.run(
        [sys.executable, "-c", TITLE_PATH, str(tmp_path), *HEAVY],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "ARENA_SAVES"},
    ).stdout
    assert out.strip() == "[]"
