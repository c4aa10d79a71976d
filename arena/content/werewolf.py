"""Werewolf definitions: characters, forms, maneuvers, weapons and places, as content has them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Final, Literal, TypeAlias

from arena.content.bounds import Difficulty, Glyph, Name, Names, Range, Trait
from arena.content.errors import quote
from arena.content.registry import Report, register_check, register_section
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.rules.kinds import DamageType as DamageType
from arena.rules.kinds import WerewolfKind
from arena.rules.werewolf.attack import Maneuver as RulesManeuver
from arena.rules.werewolf.forms import BREED_FORMS
from arena.rules.werewolf.forms import Form as RulesForm

Kind: TypeAlias = WerewolfKind
Breed = Literal["homid", "metis", "lupus"]
Auspice = Literal["ragabash", "theurge", "philodox", "galliard", "ahroun"]
AttackAbility = Literal["brawl", "melee", "firearms"]
Ability = Literal["alertness", "athletics", "brawl", "dodge", "melee", "firearms"]
WeaponAbility = Literal["melee", "firearms"]
RollAttribute = Literal["dexterity", "strength"]
Knockdown = Literal["none", "target", "both"]
"""Who falls when the maneuver lands: nobody, the target, or the target and the attacker."""
Effect = Literal["none", "grapple", "disarm"]
"""What else the maneuver does: hold the target, or take its weapon."""

ATTRIBUTES: Final = ("strength", "dexterity", "stamina", "wits", "perception")
"""The attributes on a sheet, in the order views list them."""
ABILITIES: Final = ("alertness", "athletics", "brawl", "dodge", "melee", "firearms")
"""The abilities on a sheet."""
OVERRIDES: Final = {
    **{name: Range(0, 10) for name in (*ATTRIBUTES, *ABILITIES, "rage", "gnosis", "willpower")},
    "essence": Range(0, 100),
}
"""The traits a werewolf scenario's ``overrides`` may set, and the range of each."""
OVERRIDABLE: Final = tuple(OVERRIDES)
"""The traits a werewolf scenario's ``overrides`` may set."""
DAMAGE_KEYS: Final = ("bashing", "lethal", "aggravated")
"""The kinds of damage a combatant may start with."""
POOLS: Final = ("rage", "gnosis", "willpower", "essence")
"""The pools a combatant may start below their permanent rating."""
HEALTH_BOXES: Final = 7
"""Health levels from Bruised to Incapacitated."""
DAMAGE: Final = Range(0, HEALTH_BOXES)
"""The levels of one kind of damage a combatant may start with (and of all kinds together)."""
POOL_LOW: Final = 0
"""A pool spent before the fight is this low at most; its high is the permanent rating."""


@dataclass(frozen=True, slots=True)
class Attributes:
    """The attributes combat uses, as written on the sheet (Homid values for a Garou)."""

    strength: Trait
    dexterity: Trait
    stamina: Trait
    wits: Trait
    perception: Trait = 2


@dataclass(frozen=True, slots=True)
class Abilities:
    """The abilities combat uses; 0 when left out."""

    alertness: Trait = 0
    athletics: Trait = 0
    brawl: Trait = 0
    dodge: Trait = 0
    melee: Trait = 0
    firearms: Trait = 0


@dataclass(frozen=True, slots=True)
class WerewolfCharacter:
    """A character sheet: Garou, human, fomor or spirit."""

    name: Name
    glyph: Glyph
    kind: Kind
    attributes: Attributes
    willpower: Trait
    abilities: Abilities = field(default_factory=Abilities)
    description: str = ""
    rage: Trait = 0
    gnosis: Trait = 0
    essence: Annotated[int, Range(0, 100)] = 0
    """A spirit's health; 0 for everyone else."""
    breed: Breed | None = None
    """A Garou's breed: it fixes the breed form."""
    auspice: Auspice | None = None
    tribe: str = ""
    forms: Names = field(default=("homid",), metadata={"ref": "werewolf/forms"})
    """The forms it can take; the first is where it starts unless ``form`` says otherwise."""
    form: str = ""
    """The form it starts the fight in (empty: the first of ``forms``)."""
    maneuvers: Names = field(default=("punch",), metadata={"ref": "werewolf/maneuvers"})
    weapons: Names = field(default=(), metadata={"ref": "werewolf/weapons"})
    specialties: tuple[Ability, ...] = ()
    """Abilities it has a specialty in: their 10s follow the ``specialty`` option."""

    @property
    def start_form(self) -> str:
        """The form the character starts in."""
        return self.form or self.forms[0]


@dataclass(frozen=True, slots=True)
class FormDef:
    """A form: what it adds to the physical attributes, its speed and what it can do."""

    name: Name
    strength: Annotated[int, Range(-5, 10)]
    dexterity: Annotated[int, Range(-5, 10)]
    stamina: Annotated[int, Range(-5, 10)]
    speed: Annotated[int, Range(0, 20)]
    """Cells a move covers."""
    hands: bool
    jump: Annotated[int, Range(0, 10)] = 1
    """Cells each success of a jump's Strength roll carries (rules/arena.md)."""
    frenzy_modifier: Annotated[int, Range(-10, 10)] = 0
    delirium: bool = False
    description: str = ""

    def rules(self, key: str) -> RulesForm:
        """The form as the rules use it, named by its content key."""
        return RulesForm(
            key,
            self.strength,
            self.dexterity,
            self.stamina,
            self.speed,
            self.hands,
            self.frenzy_modifier,
            self.delirium,
        )


@dataclass(frozen=True, slots=True)
class ManeuverDef:
    """A bare-handed (or bare-fanged) attack."""

    name: Name
    ability: AttackAbility
    difficulty: Annotated[int, Range(1, 10)]
    """The roll's difficulty; a disarm's is added to the weapon's."""
    damage: Annotated[int, Range(-5, 10)]
    """Added to Strength."""
    damage_type: DamageType
    attribute: RollAttribute = "dexterity"
    forms: Names = field(default=(), metadata={"ref": "werewolf/forms"})
    """The forms that can use it; empty: every form."""
    damage_by_form: Mapping[str, DamageType] = field(default_factory=dict)
    """A different damage type in some forms (claws bash in Glabro)."""
    bonus_by_form: Mapping[str, Annotated[int, Range(0, 10)]] = field(default_factory=dict)
    """Extra damage dice in some forms (the Hispo bite)."""
    needs_hands: bool = False
    knockdown: Knockdown = "none"
    effect: Effect = "none"
    description: str = ""

    def rules(self, key: str, form: str) -> RulesManeuver:
        """The maneuver as the rules use it, in a form."""
        return RulesManeuver(
            name=key,
            ability=self.ability,
            difficulty=self.difficulty,
            damage=self.damage + self.bonus_by_form.get(form, 0),
            damage_type=self.damage_by_form.get(form, self.damage_type),
            attribute=self.attribute,
            needs_hands=self.needs_hands,
            knockdown=self.knockdown != "none",
        )


@dataclass(frozen=True, slots=True)
class WeaponDef:
    """A weapon: melee (Strength plus its damage) or a gun (its own damage, a range)."""

    name: Name
    ability: WeaponAbility
    difficulty: Difficulty
    damage: Annotated[int, Range(0, 20)]
    damage_type: DamageType
    silver: bool = False
    range_yards: Annotated[int, Range(0, 1000)] = 0
    description: str = ""

    def rules(self, key: str) -> RulesManeuver:
        """The weapon as the rules use it: guns add no Strength; every weapon needs hands."""
        return RulesManeuver(
            name=key,
            ability=self.ability,
            difficulty=self.difficulty,
            damage=self.damage,
            damage_type=self.damage_type,
            adds_strength=self.ability != "firearms",
            silver=self.silver,
            needs_hands=True,
            range_yards=self.range_yards,
        )


@dataclass(frozen=True, slots=True)
class PlaceDef:
    """The numbers of a place the rulings need: map scale, the Gauntlet, cover."""

    name: Name
    yards_per_cell: Annotated[int, Range(1, 100)]
    gauntlet: Difficulty
    """Difficulty of the Gnosis roll that steps sideways into the Umbra."""
    cover_difficulty: Annotated[int, Range(0, 10)]
    """Added to the difficulty of shooting someone in cover."""
    jump_difficulty: Difficulty = 3
    """Difficulty of the Strength roll of a jump over a low obstacle (rules/arena.md)."""
    description: str = ""


DEFAULT_PLACE: Final = "default"
"""The place entry used for a map with no entry of its own."""


def check_character(sheet: WerewolfCharacter, report: Report) -> None:
    """A sheet must start in one of its forms; a Garou needs a breed; a spirit needs Essence."""
    if sheet.form and sheet.form not in sheet.forms:
        forms = ", ".join(sheet.forms)
        report.error(f"{quote(sheet.form)} is not one of its forms ({forms})", "form")
    if sheet.kind == "garou":
        if sheet.breed is None:
            report.error("a Garou needs a breed (homid, metis or lupus)", "breed")
        elif BREED_FORMS[sheet.breed] not in sheet.forms:
            report.error(f"its breed form {BREED_FORMS[sheet.breed]!r} is missing", "forms")
    if sheet.kind == "spirit" and sheet.essence < 1:
        report.error("a spirit needs at least 1 Essence", "essence")
    for name in ("rage", "gnosis", "willpower"):
        if not 0 <= getattr(sheet, name) <= 10:
            report.error(f"must be 0 to 10, got {getattr(sheet, name)}", name)
    for index, ability in enumerate(sheet.specialties):
        if ability in sheet.specialties[:index]:
            report.error(f"{quote(ability)} is listed twice", "specialties", index)


def check_maneuver(maneuver: ManeuverDef, report: Report) -> None:
    """The forms a maneuver names per form must exist."""
    for key, table in (
        ("damage_by_form", maneuver.damage_by_form),
        ("bonus_by_form", maneuver.bonus_by_form),
    ):
        for form in table:
            if report.lookup("werewolf", "forms", form) is None:
                report.error(f"no werewolf/forms named {quote(form)}", key, form)


def check_werewolf_scenario(scenario: ScenarioDef, report: Report) -> None:
    """A werewolf scenario overrides only traits the ruleset knows."""
    if scenario.ruleset != "werewolf":
        return
    if scenario.expect is not None and scenario.expect.aftermath:
        message = "a Sorcerer key: Werewolf's aftermath is its health (expect.health)"
        report.error(message, "expect", "aftermath")
    _check_place(scenario, report)
    for index, combatant in enumerate(scenario.combatants):
        for key, value in combatant.overrides.items():
            where = ("combatants", index, "overrides", key)
            if key not in OVERRIDABLE:
                known = ", ".join(OVERRIDABLE)
                report.error(f"unknown trait; known: {known}", *where)
                continue
            problem = OVERRIDES[key].problem(value)
            if problem is not None:
                report.error(problem, *where)
        _check_setup(combatant, report, index)


def _check_place(scenario: ScenarioDef, report: Report) -> None:
    """The map has a werewolf/places entry, or the default one serves it.

    Only where the fight is built from Werewolf sheets: content made for other purposes (a
    registry of test sheets) has no places to look up.
    """
    sheets = (
        c.character or report.lookup("werewolf", "characters", c.template)
        for c in scenario.combatants
    )
    if not any(isinstance(sheet, WerewolfCharacter) for sheet in sheets):
        return
    shown = (
        "a generated map"
        if scenario.generated_map is not None
        else "a map written inline"
        if scenario.inline_map is not None
        else ""
    )
    problem = place_problem(scenario.map, report, shown=shown)
    if problem is not None:
        report.error(problem, "map")


def place_problem(map_id: str, report: Report, *, shown: str = "") -> str | None:
    """Why a Werewolf fight on this map has no place to take its numbers from, if it has none.

    The fight takes a cell's yards and the Gauntlet from the map's werewolf/places entry, or
    the default one: without either, the first roll that needs them ended the fight in an
    internal error. ``shown`` names a map that has no id of its own (inline or generated).
    """
    for name in (map_id, DEFAULT_PLACE):
        if name and report.lookup("werewolf", "places", name) is not None:
            return None
    return (
        f"no werewolf/places entry for {shown or quote(map_id)}, and no {quote(DEFAULT_PLACE)} "
        "one to serve it: a fight takes a cell's yards and the Gauntlet from it"
    )


def generated_place_problem(ruleset: str, places: Mapping[str, object]) -> str | None:
    """Why fights of this ruleset cannot go on generated maps with these places, if they cannot.

    A generated map has no werewolf/places entry of its own, so a Werewolf fight on one takes
    the default entry's yards and Gauntlet; without it the first roll that needs them failed.
    """
    if ruleset != "werewolf" or DEFAULT_PLACE in places:
        return None
    return (
        f"content/werewolf/places.yaml: places: no {quote(DEFAULT_PLACE)} entry, which a "
        "Werewolf fight on a generated map takes a cell's yards and the Gauntlet from"
    )


def _check_setup(combatant: CombatantDef, report: Report, index: int) -> None:
    """Starting form, damage and pools must fit the sheet and the health track."""
    sheet = combatant.character
    if sheet is None:
        sheet = report.lookup("werewolf", "characters", combatant.template)
    if not isinstance(sheet, WerewolfCharacter):
        return  # the missing character is reported on its own
    if combatant.form and combatant.form not in sheet.forms:
        forms = ", ".join(sheet.forms)
        message = f"{quote(combatant.form)} is not one of its forms ({forms})"
        report.error(message, "combatants", index, "form")
    for key, value in combatant.damage.items():
        where = ("combatants", index, "damage", key)
        if key not in DAMAGE_KEYS:
            report.error(f"unknown damage; known: {', '.join(DAMAGE_KEYS)}", *where)
        elif (problem := DAMAGE.problem(value)) is not None:
            report.error(problem, *where)
    levels = sum(combatant.damage.values())
    if sheet.kind == "spirit" and levels:
        report.error(
            "a spirit has Essence, not health levels: set pools.essence",
            "combatants",
            index,
            "damage",
        )
    elif levels > HEALTH_BOXES and max(combatant.damage.values()) <= HEALTH_BOXES:
        message = f"at most {HEALTH_BOXES} levels in all (Incapacitated), got {levels}"
        report.error(message, "combatants", index, "damage")
    for key, value in combatant.pools.items():
        where = ("combatants", index, "pools", key)
        if key not in POOLS:
            report.error(f"unknown pool; known: {', '.join(POOLS)}", *where)
            continue
        high = combatant.overrides.get(key, getattr(sheet, key))
        if not POOL_LOW <= value <= high:
            message = f"must be {POOL_LOW} to its permanent {key} {high}, got {value}"
            report.error(message, *where)


register_section("werewolf", "characters", WerewolfCharacter)
register_section("werewolf", "forms", FormDef)
register_section("werewolf", "maneuvers", ManeuverDef)
register_section("werewolf", "weapons", WeaponDef)
register_section("werewolf", "places", PlaceDef)
register_check(WerewolfCharacter, check_character)
register_check(ManeuverDef, check_maneuver)
register_check(ScenarioDef, check_werewolf_scenario)
