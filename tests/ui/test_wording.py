"""Sorcerer is told in its own words: the summary, the tray, statuses, pools."""

from __future__ import annotations

import dataclasses

from rich.console import Console

from arena.content.loader import Catalog
from arena.engine import CombatantView, Fight, Pool
from arena.engine.controllers import play_until_human
from arena.ui.dice_tray import tray_text
from arena.ui.panels import card_text
from arena.ui.setup_screen import policy_options
from arena.ui.summary_screen import details, headline, injuries
from arena.ui.wording import status_word, winner_words
from tests.ui.conftest import sorcerer_duel


def pick(fight: Fight, wanted: str) -> None:
    """Answer the pending decision with the choice whose label starts with `wanted`."""
    (decision,) = fight.pending()
    choice = next(c for c in decision.choices if c.label.startswith(wanted))
    fight.apply(choice.command)
    play_until_human(fight)


def finished_sorcerer_duel(catalog: Catalog) -> Fight:
    fight = sorcerer_duel(catalog)
    play_until_human(fight)
    for _ in range(2):
        pick(fight, "Attack Mara")  # no bonus is asked: role_play: sheet, the default
    assert fight.over
    return fight


def plain(renderable: object) -> str:
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_the_sorcerer_summary_names_the_winner_and_counts_contests(catalog: Catalog) -> None:
    fight = finished_sorcerer_duel(catalog)
    text = plain(headline(fight)) + plain(details(fight))
    assert "The fight is over: Rook wins." in text
    for column in ("contests", "won", "victories", "complete ties", "dice set aside"):
        assert column in text
    for werewolf_word in ("net successes", "1s", "10s", "botches"):
        assert werewolf_word not in text
    assert "helpless" in text


def test_the_tray_names_who_won_a_contest(catalog: Catalog) -> None:
    fight = finished_sorcerer_duel(catalog)
    names = {c.id: c.name for c in fight.view().combatants}
    text = tray_text(fight.events, names).plain
    assert "Rook wins" in text
    assert "first wins" not in text
    assert "second wins" not in text


def test_statuses_and_empty_pools_are_not_shown_raw() -> None:
    thug = CombatantView(
        "bruiser", "Bruiser", "thug", "thugs", "t", "ai:thug", (1, 1), "cannot_act",
        "lasting 3", 3, (), pools=(Pool("Humanity", 0, 0),),
    )  # fmt: skip
    card = card_text(thug, side_style="", acting=False).plain
    assert "cannot act" in card
    assert "cannot_act" not in card
    assert "Humanity" not in card
    assert status_word("stepped_out") == "stepped out"


def test_a_side_that_wins_is_named_by_its_fighters(catalog: Catalog) -> None:
    view = finished_sorcerer_duel(catalog).view()
    assert winner_words(view) == "Rook wins"
    pair = dataclasses.replace(
        view, combatants=(*view.combatants, dataclasses.replace(view.combatants[0], name="Kit"))
    )
    assert winner_words(pair) == "Rook and Kit win"


def test_a_narrow_card_fits_every_pool_whole() -> None:
    garou = CombatantView(
        "ahroun", "Young Ahroun", "garou", "garou", "A", "human", (1, 1), "active",
        "Healthy", 0, (), pools=(Pool("Rage", 5, 5), Pool("Gnosis", 1, 1), Pool("Willpower", 4, 4)),
        form="Homid",
    )  # fmt: skip
    for width in (37, 38, 39, 40, 26):
        card = card_text(garou, side_style="", acting=False, width=width).plain
        assert all(len(line) <= width for line in card.splitlines()[1:]), card
        for pool in ("Rage 5/5", "Gnosis 1/1", "4/4"):
            assert pool in card
    wide = card_text(garou, side_style="", acting=False, width=70).plain
    assert "Willpower 4/4" in wide


def test_the_summary_shows_names_as_written(catalog: Catalog) -> None:
    fight = finished_sorcerer_duel(catalog)
    view = fight.view()
    marked = tuple(dataclasses.replace(c, name=f"[bold red]{c.name}[/]") for c in view.combatants)
    text = plain(injuries(dataclasses.replace(view, combatants=marked)))
    assert "[bold red]Rook[/]" in text  # as written, not read as markup


def test_the_ai_picker_speaks_each_rulesets_words() -> None:
    # The naive policy's line said "never spends Rage" in a Sorcerer fight, which has none.
    sorcerer = " ".join(label for label, _ in policy_options("sorcerer"))
    werewolf = " ".join(label for label, _ in policy_options("werewolf"))
    assert "Rage" not in sorcerer
    assert "nearest: naive: attacks the nearest enemy, defends when it is sensible" in sorcerer
    said = "nearest: naive: attacks the nearest enemy, dodges when sensible, never spends Rage"
    assert said in werewolf
