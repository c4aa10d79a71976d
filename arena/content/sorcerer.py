"""Sorcerer definitions: characters, demons, weapons, damage chart, rituals, abilities, tasks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Final, Literal, TypeAlias, get_args

from arena.content.bounds import EMPTY_IS_NONE, Glyph, Name, Names, Range, Trait
from arena.content.errors import quote
from arena.content.registry import Report, register_check, register_section
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.rules.kinds import SorcererKind
from arena.rules.sorcerer import (
    RITUAL_AGAINST,
    Ability,
    AttackKind,
    ChallengeLevel,
    DamageRow,
    DemonType,
    check_starting_scores,
    parse_formula,
)

Kind: TypeAlias = SorcererKind
AttackTrait = Literal["stamina", "power"]
DefenceTrait = Literal["stamina", "will"]
RitualTargets = Literal["present", "absent", "any"]
AbilityUse = Literal["passive", "action"]
Challenge = Literal["none", "easy", "moderate", "hard", "extreme"]
"""A task's difficulty: ``none`` needs no roll, the others are `ChallengeLevel` pools."""
ABILITIES: tuple[str, ...] = get_args(Ability)
CHALLENGE_LEVELS: tuple[str, ...] = get_args(ChallengeLevel)


@dataclass(frozen=True, slots=True)
class DemonSheet:
    """What makes a character a demon: Power, Need, Desire, type, abilities and binding."""

    power: Trait
    need: str
    desire: str
    type: DemonType
    abilities: Names = field(default=(), metadata={"ref": "sorcerer/abilities"})
    bound_to: str | None = field(
        default=None, metadata={"ref": "sorcerer/characters", EMPTY_IS_NONE: True}
    )
    """The character template of its master; None: unbound."""
    binding: Annotated[int, Range(-10, 10)] = 0
    """Binding strength: positive, the master has the upper hand."""
    need_fed: bool = True
    """Its master feeds its Need, so it protects the master on its own judgment."""


@dataclass(frozen=True, slots=True)
class SorcererCharacter:
    """A character sheet: scores are numbers of dice."""

    name: Name
    glyph: Glyph
    kind: Kind
    stamina: Trait
    will: Trait
    lore: Trait = 0
    humanity: Trait = 0
    description: str = ""
    weapons: Names = field(default=("fists",), metadata={"ref": "sorcerer/weapons"})
    """Attacks it can make, best first (the AI takes the first that reaches)."""
    rituals: Names = field(default=(), metadata={"ref": "sorcerer/rituals"})
    """Rituals it knows."""
    role_play: Annotated[int, Range(0, 3)] = 0
    """The role-playing bonus its AI profile takes for every roll (0 to 3)."""
    starting: bool = False
    """A starting player character: its Stamina, Will and Lore must follow the starting split."""
    demon: DemonSheet | None = None
    """Set for demons only."""


@dataclass(frozen=True, slots=True)
class DamageChartRow:
    """A row of the damage chart; formulas over X (victories) and Power, as the rules read them."""

    name: Name
    temporary: str
    """E.g. ``X``, ``1``, ``2X``, ``X+Power``."""
    lasting: str
    """E.g. ``1``, ``X/2`` (rounded up), ``X+1``, ``X+Power``."""
    armor_applies: bool = False
    """A demon's Armor reduces this row's lasting damage (edged weapons, firearms)."""
    description: str = ""

    def row(self) -> DamageRow:
        """The rules' row, formulas parsed (the loader has checked that they parse)."""
        return DamageRow(
            self.name,
            parse_formula(self.temporary),
            parse_formula(self.lasting),
            self.armor_applies,
        )


@dataclass(frozen=True, slots=True)
class Weapon:
    """An attack: its damage row, its reach or range, and the scores it rolls."""

    name: Name
    damage: str = field(metadata={"ref": "sorcerer/damage"})
    reach: Annotated[int, Range(0, 10)] = 1
    """Cells it reaches in melee (1: the 8 neighbours); 0 for a ranged attack."""
    range: Annotated[int, Range(0, 100)] = 0
    """A ranged attack's range in cells (beyond it, up to twice, with a bigger penalty)."""
    firearm: bool = False
    """Unaimed shots take a penalty; aiming connects to the shot."""
    trait: AttackTrait = "stamina"
    """The score it rolls: Stamina, or a demon's Power."""
    defence: DefenceTrait = "stamina"
    """The score its target defends with: Stamina, or Will against Psychic Force."""
    attack_kind: AttackKind = "mundane"
    """What Protection defends against: ``special_damage`` and ``psychic_force``."""
    needs: str = ""
    """A demon ability its wielder must have, e.g. ``special_damage``."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class RitualDef:
    """A ritual a sorcerer can perform in a fight, as a snapshot ritual."""

    id: str
    """The entry's key: one of the rules' rituals."""
    name: Name
    targets: RitualTargets
    """Which demons it can be performed on: present in the fight, not yet here, or either."""
    description: str = ""


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """A demon ability: always on, or switched on as the demon's action."""

    id: str
    """The entry's key: one of the rules' abilities."""
    name: Name
    use: AbilityUse
    description: str = ""


@dataclass(frozen=True, slots=True)
class TaskDef:
    """An other task, or a distance rule: its challenge level and the cells it covers."""

    name: Name
    challenge: Challenge = "none"
    cells: Annotated[int, Range(0, 100)] = 0
    description: str = ""


def check_character(sheet: SorcererCharacter, report: Report) -> None:
    """Scores are dice: none negative; demons need a demon block and humans none."""
    for key in ("stamina", "will", "lore", "humanity"):
        if getattr(sheet, key) < 0:
            report.error(f"a score cannot be negative, got {getattr(sheet, key)}", key)
    if not 0 <= sheet.role_play <= 3:
        report.error(f"a role-playing bonus is 0 to 3, got {sheet.role_play}", "role_play")
    if (sheet.kind == "demon") != (sheet.demon is not None):
        report.error("a demon has a demon: block, and only a demon has one", "kind")
    if sheet.starting:
        try:
            check_starting_scores(sheet.stamina, sheet.will, sheet.lore)
        except ValueError as err:
            report.error(str(err), "starting")
    if sheet.demon is not None and sheet.demon.power < 0:
        report.error(f"Power cannot be negative, got {sheet.demon.power}", "demon", "power")
    for index, weapon_id in enumerate(sheet.weapons):
        weapon = report.lookup("sorcerer", "weapons", weapon_id)
        if isinstance(weapon, Weapon) and weapon.needs:
            abilities = sheet.demon.abilities if sheet.demon else ()
            if weapon.needs not in abilities:
                report.error(f"{weapon_id} needs the ability {weapon.needs}", "weapons", index)


OVERRIDES: Final = {
    "stamina": Range(0, 10),
    "will": Range(0, 10),
    "lore": Range(0, 10),
    "humanity": Range(0, 10),
    "power": Range(0, 10),
    "binding": Range(-10, 10),
    "present": Range(0, 1),
}
"""What a Sorcerer scenario's ``overrides`` may set, and the range of each."""
DAMAGE: Final = {"temporary": Range(0, 30), "lasting": Range(0, 30)}
"""The damage a Sorcerer combatant may start with: past any threshold of a 10-Stamina one."""
POOLS: Final = {"humanity": Range(0, 10)}
RULED_TASKS: Final = ("move", "close_in", "flee", "aim", "climb")
"""The sorcerer/tasks entries a Sorcerer fight looks up by id: how far a move or an attack's
closing goes, and what a flight, an aim or a climb is rolled against."""
"""The pools a Sorcerer combatant may start with."""


def check_sorcerer_scenario(scenario: ScenarioDef, report: Report) -> None:
    """A Sorcerer scenario overrides only scores the ruleset knows, within their ranges."""
    if scenario.ruleset != "sorcerer":
        return
    sheets = (
        c.character or report.lookup("sorcerer", "characters", c.template)
        for c in scenario.combatants
    )
    # Only where the fight is built from Sorcerer sheets: test registries have no tasks.
    if any(isinstance(sheet, SorcererCharacter) for sheet in sheets):
        problem = tasks_problem(report)
        if problem is not None:
            report.error(problem, "ruleset")
    for index, combatant in enumerate(scenario.combatants):
        for key, value in combatant.overrides.items():
            where = ("combatants", index, "overrides", key)
            if key not in OVERRIDES:
                known = ", ".join(OVERRIDES)
                report.error(f"unknown score; known: {known}", *where)
                continue
            problem = OVERRIDES[key].problem(value)
            if problem is not None:
                report.error(problem, *where)
        _check_setup(combatant, report, index)


def tasks_problem(report: Report) -> str | None:
    """Why the content cannot play a Sorcerer fight for want of a task the rules look up.

    Validate passed such content, and the fight ended in an internal error at the first
    move or attack.
    """
    missing = [tid for tid in RULED_TASKS if report.lookup("sorcerer", "tasks", tid) is None]
    if not missing:
        return None
    named = ", ".join(quote(tid) for tid in missing)
    return f"no sorcerer/tasks entry {named}: a Sorcerer fight looks up {', '.join(RULED_TASKS)}"


def _check_setup(combatant: CombatantDef, report: Report, index: int) -> None:
    """Werewolf-only keys are refused; damage and pools name what Sorcerer tracks."""
    for key in ("form", "maneuvers"):
        if getattr(combatant, key):
            report.error("only Werewolf combatants have this", "combatants", index, key)
    for key, value in combatant.damage.items():
        where = ("combatants", index, "damage", key)
        if key not in DAMAGE:
            report.error(f"unknown damage; known: {', '.join(DAMAGE)}", *where)
        elif (problem := DAMAGE[key].problem(value)) is not None:
            report.error(problem, *where)
    for key, value in combatant.pools.items():
        where = ("combatants", index, "pools", key)
        if key not in POOLS:
            report.error(f"unknown pool; known: {', '.join(POOLS)}", *where)
        elif (problem := POOLS[key].problem(value)) is not None:
            report.error(problem, *where)


def check_damage_row(row: DamageChartRow, report: Report) -> None:
    """Both formulas must parse as the rules read them."""
    for key in ("temporary", "lasting"):
        try:
            parse_formula(getattr(row, key))
        except ValueError as err:
            report.error(str(err), key)


def check_ritual(ritual: RitualDef, report: Report) -> None:
    """A ritual must be one the rules resolve."""
    if ritual.id not in RITUAL_AGAINST:
        known = ", ".join(RITUAL_AGAINST)
        report.error(f"no ritual {quote(ritual.id)} in the rules; known: {known}")


def check_ability(ability: AbilityDef, report: Report) -> None:
    """An ability must be one the rules know."""
    if ability.id not in ABILITIES:
        report.error(f"no ability {quote(ability.id)} in the rules; known: {', '.join(ABILITIES)}")


def check_weapon(weapon: Weapon, report: Report) -> None:
    """A weapon reaches in melee or shoots at a range; a needed ability must exist."""
    if (weapon.reach > 0) == (weapon.range > 0):
        report.error("give either reach (melee) or range (ranged), not both or neither", "reach")
    if weapon.needs and weapon.needs not in ABILITIES:
        report.error(f"no demon ability {quote(weapon.needs)}", "needs")


register_section("sorcerer", "characters", SorcererCharacter)
register_section("sorcerer", "damage", DamageChartRow)
register_section("sorcerer", "weapons", Weapon)
register_section("sorcerer", "rituals", RitualDef)
register_section("sorcerer", "abilities", AbilityDef)
register_section("sorcerer", "tasks", TaskDef)
register_check(SorcererCharacter, check_character)
register_check(DamageChartRow, check_damage_row)
register_check(Weapon, check_weapon)
register_check(RitualDef, check_ritual)
register_check(AbilityDef, check_ability)
register_check(ScenarioDef, check_sorcerer_scenario)
