"""Reckonings kept by the identity of the views they came from (`arena.ai.kept`)."""

from __future__ import annotations

import dataclasses

import pytest

from arena.ai import kept
from arena.ai.kept import Table, between
from arena.ai.werewolf.values import _threat, threat
from arena.rules.views import CombatantView, WerewolfHarm, WerewolfState


def fighter(cid: str, side: str, dexterity: int = 3) -> CombatantView:
    view = CombatantView(
        cid, cid.title(), cid, side, cid[0], "ai:nearest", (1, 1), "active", "", 0,
        (("brawl", 2), ("dexterity", dexterity), ("stamina", 3), ("strength", 3)),
    )  # fmt: skip
    blow = WerewolfHarm(4, "bashing")
    return dataclasses.replace(view, werewolf=WerewolfState("human", "homid", blow=blow))


def counted() -> tuple[list[tuple[str, str]], Table[str]]:
    return [], {}


def test_a_reckoning_is_made_once_per_pair_of_view_objects() -> None:
    made, table = counted()
    tom, vilna = fighter("tom", "north"), fighter("vilna", "south")

    def make(a: CombatantView, b: CombatantView) -> str:
        made.append((a.id, b.id))
        return f"{a.id}>{b.id}"

    assert between(table, tom, vilna, make) == "tom>vilna"
    assert between(table, tom, vilna, make) == "tom>vilna"
    assert between(table, vilna, tom, make) == "vilna>tom"
    # An equal view that is another object is reckoned afresh: a fight makes a new view
    # object whenever something it shows changes.
    again = dataclasses.replace(tom)
    assert between(table, again, vilna, make) == "tom>vilna"
    assert made == [("tom", "vilna"), ("vilna", "tom"), ("tom", "vilna")]


def test_a_full_table_starts_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "MOST", 2)
    _, table = counted()
    views = [fighter(f"c{i}", "north") for i in range(3)]
    for v in views:
        between(table, v, v, lambda a, b: a.id)
    assert len(table) == 1  # the third entry found two kept and cleared them first


def test_a_kept_threat_is_the_threat_reckoned_afresh() -> None:
    quick, slow = fighter("quick", "north", dexterity=5), fighter("slow", "south", dexterity=1)
    assert threat(quick, slow) == _threat(quick, slow)
    assert threat(quick, slow) == _threat(quick, slow)  # from the table this time
    assert threat(slow, quick) == _threat(slow, quick)
    assert threat(quick, slow) > threat(slow, quick)
