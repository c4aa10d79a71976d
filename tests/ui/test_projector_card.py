"""Projector mode's rule card at 120x40: its room shared between the parts, none cut at 80x24."""

from __future__ import annotations

from pathlib import Path
from textwrap import wrap

import pytest

from arena.content.loader import Catalog
from arena.ui import big_text
from arena.ui.demo_screen import DemoScreen
from arena.ui.rule_cards import BY_KIND, RULES, SORCERY, Card
from arena.ui.stage_parts import RuleCardView, big_card_text, card_pages
from tests.ui.test_projector import demo_app

FASTEST = Card(
    step="3. Fastest first", rule=RULES["ww_segments"], what="Segment 4: Tom acts.", numbers=()
)
INITIATIVE = Card(
    step="1. Initiative",
    rule=RULES["ww_initiative"],
    what="Tom rolls 4 on initiative: acts on segment 4.",
    numbers=(),
    key=("4 DICE", "DIFF 4", "4 SUCCESSES", "SEGMENT 4"),
)
SETUP = Card(step="Setup", rule=RULES["ww_setup"], what="Tom (north) stands at (4, 3).", numbers=())


def blank_runs(lines: list[str]) -> list[int]:
    """The lengths of the runs of blank lines, in order."""
    runs: list[int] = []
    previous = False
    for line in lines:
        blank = not line.strip()
        if blank and previous:
            runs[-1] += 1
        elif blank:
            runs.append(1)
        previous = blank
    return runs


def test_a_tall_card_shares_its_spare_rows_between_the_parts_and_under_them() -> None:
    # 120x40's card: 116 by 29. The step takes two lines of five-row type (11 rows), what
    # happened and the rule 3: 15 rows spare, once all in one band above the dice.
    lines = big_card_text(FASTEST, 116, 29).plain.split("\n")
    assert lines[0] == big_text.render("3. FASTEST", 2)[0]
    assert lines[19:] == ["Segment 4: Tom acts.", *RULES["ww_segments"]]
    under = 29 - len(lines)
    assert blank_runs(lines) == [1, 8]  # within the step, then between the step and the text
    assert under == 7


def test_a_short_step_name_takes_ten_row_letters_when_the_whole_rule_still_fits() -> None:
    lines = big_card_text(SETUP, 116, 29).plain.split("\n")
    assert lines[:10] == big_text.render("SETUP", 4)
    assert lines[-2:] == ["Tom (north) stands at (4, 3).", *RULES["ww_setup"]]
    # One row too few for the rule under ten-row letters: five-row letters instead.
    lines = big_card_text(SETUP, 116, 12).plain.split("\n")
    assert lines[:5] == big_text.render("SETUP", 2)
    assert lines[-2:] == ["Tom (north) stands at (4, 3).", *RULES["ww_setup"]]


def test_a_short_card_sets_the_key_numbers_in_ordinary_type_before_it_cuts_what_happened() -> None:
    # 80x24's card: 76 by 13. Four key numbers in the smallest block letters took 11 rows.
    lines = big_card_text(INITIATIVE, 76, 13).plain.split("\n")
    assert lines[:3] == big_text.render("1. INITIATIVE", 1)
    assert "4 DICE · DIFF 4 · 4 SUCCESSES · SEGMENT 4" in lines
    assert lines[-3:] == [INITIATIVE.what, *RULES["ww_initiative"]]
    assert len(lines) <= 13
    # At 120x40 the same card keeps its numbers in five-row type, and everything else.
    lines = big_card_text(INITIATIVE, 116, 29).plain.split("\n")
    assert lines[6] == big_text.render("4 DICE  DIFF 4", 2)[0]
    assert lines[-3:] == [INITIATIVE.what, *RULES["ww_initiative"]]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_card_of_a_lesson_keeps_what_happened_and_no_band_under_it(
    catalog: Catalog, tmp_path: Path, size: tuple[int, int]
) -> None:
    app = demo_app(catalog, tmp_path, "lesson-1-initiative", big=True)
    async with app.run_test(size=size) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        await pilot.press("space")  # paused: the test steps
        while demo.timeline.back():
            pass
        card = demo.query_one(RuleCardView)
        seen = 0
        while True:
            demo.show_moment()
            await pilot.pause()
            moment = demo.timeline.current()
            assert moment is not None
            lines = str(card.render()).split("\n")
            height = card.content_size.height
            what = next(i for i, line in enumerate(lines) if line.startswith(moment_what(demo)))
            assert what < height  # what happened is on the card at either size
            under = height - len(lines)
            if size == (120, 40):
                # The rows left under the text are never more than a fair share of the spare:
                # no more than the widest band between two parts, and a row.
                assert under <= max(blank_runs(lines), default=0) + 1, lines
            seen += 1
            if not demo.timeline.forward():
                break
        assert seen == 32


def moment_what(demo: DemoScreen) -> str:
    """What happened at the moment on screen, as its card says it."""
    card = demo.query_one(RuleCardView)._card
    assert card is not None
    return card.what


ALL_RULES = [*RULES.values(), *SORCERY.values(), *BY_KIND.values()]
LONG_WHAT = "Rook performs Bind on Tick: the snapshot roll against the demon's Will, and wins."


@pytest.mark.parametrize("height", [13, 10])
@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda rule: rule[0][:30])
def test_at_80x24_every_line_of_a_projector_card_is_on_one_of_its_pages(
    rule: tuple[str, ...], height: int
) -> None:
    # 80x24's card is 76 by 13 (less on a shorter screen): a rule that does not fit is paged,
    # never cut. Every page keeps what happened; the pages hold every line of the rule.
    card = Card("Step 4: Reactions", rule, LONG_WHAT, (), key=("1 VS 4 DICE", "1 VICTORY"))
    pages = card_pages(card, 76, height)
    seen: list[str] = []
    for page in range(pages):
        lines = big_card_text(card, 76, height, page=page).plain.split("\n")
        assert len(lines) <= height
        assert max(len(line) for line in lines) <= 76
        said = " ".join(line.strip() for line in lines if "█" not in line and "▀" not in line)
        assert LONG_WHAT in said
        if pages > 1:
            assert lines[-1] == f"… the rule, page {page + 1}/{pages} · m: " + (
                "more" if page + 1 < pages else "from its start"
            )
            lines = lines[:-1]
        seen += [line for line in lines if line in wrapped(rule)]
    assert seen == wrapped(rule)
    # Turned past the last page, the first comes back.
    assert big_card_text(card, 76, height, page=pages) == big_card_text(card, 76, height)


def wrapped(rule: tuple[str, ...]) -> list[str]:
    return [piece for line in rule for piece in wrap(line, 76)]


def test_at_80x24_no_line_of_a_card_is_cut_at_its_edge() -> None:
    # 80x24's card: 76 by 13. Sorcery's rule lines run past 76 columns: they wrap.
    card = Card(
        step="Step 4: Reactions",
        rule=SORCERY["ritual_performed"],
        what=LONG_WHAT,
        numbers=(),
        key=("1 VS 4 DICE", "1 VICTORY"),
    )
    lines = big_card_text(card, 76, 13).plain.split("\n")
    assert len(lines) <= 13
    assert max(len(line) for line in lines) <= 76
    said = " ".join(line.strip() for line in lines if line and "█" not in line and "▀" not in line)
    assert card.what in said  # what happened, whole
    assert "Banish, a win: the demon is gone." in said or "m: more" in said


async def test_m_turns_a_projector_card_to_the_rest_of_its_rule(
    catalog: Catalog, tmp_path: Path
) -> None:
    # No lesson's card takes two pages at 80x24 today: a card with every line of sorcery's
    # rules stands in for the longest a ruleset may write.
    long_rule = tuple(line for rule in SORCERY.values() for line in rule)
    long_card = Card("Step 4: Reactions", long_rule, LONG_WHAT, (), key=("1 VS 4 DICE",))
    app = demo_app(catalog, tmp_path, "lesson-3-sorcerer-round", big=True)
    async with app.run_test(size=(80, 24)) as pilot:
        demo = app.screen
        assert isinstance(demo, DemoScreen)
        card = demo.query_one(RuleCardView)
        await pilot.press("space")
        assert demo.paused
        await pilot.press("m")  # a card of one page: nothing to turn
        assert card.page == 0
        card.show(long_card, big=True)
        await pilot.pause()
        pages = card.pages()
        assert pages > 1
        first = str(card.render())
        assert f"… the rule, page 1/{pages} · m: more" in first
        await pilot.press("m")
        await pilot.pause()
        assert demo.paused
        second = str(card.render())
        assert f"page 2/{pages}" in second
        assert LONG_WHAT in second.replace("\n", " ")  # what happened stays on every page
        for _ in range(pages - 1):  # round to the first page again
            await pilot.press("m")
        await pilot.pause()
        assert str(card.render()) == first
        card.show(long_card, big=True)  # the same card again: the same page
        assert card.page == 0
        await pilot.press("question_mark")  # not in the footer, but among the keys
        assert any("m: More of the rule" in str(n.message) for n in app._notifications)


async def test_the_demos_keys_name_each_key_once(catalog: Catalog, tmp_path: Path) -> None:
    # "+/-: Pace" then "-: Slow": the minus key was named twice, in two words.
    app = demo_app(catalog, tmp_path, "lesson-3-sorcerer-round", big=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "question_mark")
        (notice,) = [n for n in app._notifications if n.title == "Keys"]
        keys = [line.split(": ")[0] for line in str(notice.message).splitlines()]
        named = [part for key in keys for part in key.split("/")]
        assert len(named) == len(set(named)), keys
        assert "+/-" in keys
        assert "m" in keys  # the hidden key the footer does not name stays
