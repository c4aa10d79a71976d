"""Numbers typed in the UI are ASCII digits: '²' passes isdigit, and int() refuses it."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input

from arena.ui.replay_screen import RoundAsk


class _Asker(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[int | None] = []

    def on_mount(self) -> None:
        self.push_screen(RoundAsk(), self.answers.append)


async def _answer(typed: str) -> int | None:
    app = _Asker()
    async with app.run_test() as pilot:
        await pilot.pause()
        box = app.screen.query_one(Input)
        box.value = typed
        await box.action_submit()
        await pilot.pause()
    return app.answers[0]


async def test_the_round_asked_for_takes_ascii_digits() -> None:
    assert await _answer("12") == 12


async def test_a_superscript_two_is_no_round_and_no_crash() -> None:
    assert await _answer("²") is None
