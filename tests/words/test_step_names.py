"""Steps travel as ids; the names people read are the seed's, exactly as they always were."""

from __future__ import annotations

from arena.ecs.sorcerer import queries
from arena.ecs.werewolf import steps
from arena.words.steps import STEP_NAMES, step_name


def test_every_werewolf_step_id_has_its_seed_name() -> None:
    ids = [
        steps.SETUP,
        steps.INITIATIVE,
        steps.RAGE,
        steps.SEGMENTS,
        steps.ATTACK,
        steps.DAMAGE,
        steps.SOAK,
        steps.OTHER,
        steps.NEXT,
        steps.FRENZY,
        steps.STUN,
        steps.DELIRIUM,
        steps.WILLPOWER,
    ]
    assert [step_name(s) for s in ids] == [
        "Setup",
        "1. Initiative",
        "2. Rage",
        "3. Fastest first",
        "3.1 Attack",
        "3.2 Damage",
        "3.3 Soak",
        "3.4 Non-combat",
        "4. Next person",
        "Frenzy (§6)",
        "Stun (§6)",
        "Delirium (§7)",
        "Willpower (§2)",
    ]


def test_every_sorcerer_step_id_has_its_seed_name() -> None:
    ids = [
        queries.STEP_SETUP,
        queries.STEP_INTENTIONS,
        queries.STEP_MODIFIERS,
        queries.STEP_ORDER,
        queries.STEP_REACTIONS,
        queries.STEP_CONSEQUENCES,
        queries.STEP_FINISHING,
    ]
    assert [step_name(s) for s in ids] == [
        "Setup",
        "Step 1: Intentions",
        "Step 2: Modifiers",
        "Step 3: Roll for order",
        "Step 4: Reactions",
        "Step 5: Apply consequences",
        "Step 6: Finishing up",
    ]


def test_step_ids_are_ids() -> None:
    assert all(" " not in s and s == s.lower() for s in STEP_NAMES)


def test_no_step_and_a_name_already_read_as_they_are() -> None:
    assert step_name("") == ""
    assert step_name("Setup") == "Setup"
