"""Scenario checks that need what only the engine knows: AI policies, presets and options.

The command line hands them to the content loader, so `arena validate` refuses, with file,
line and key, everything `arena run` would refuse before the fight begins.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from arena.cli.errors import InputError
from arena.content.errors import quote
from arena.content.links import ExtraChecks
from arena.content.registry import Report
from arena.content.said_once import option_refusal, preset_refusal
from arena.content.scenario import OptionValue, ScenarioDef
from arena.content.scenario_checks import controller_problem, level_problem


def check_policies(scenario: ScenarioDef, report: Report) -> None:
    """Every ``ai:`` controller names a policy the AI has for the scenario's ruleset."""
    from arena.ai import unknown_policy  # here: the title menu draws before the AI loads

    for index, combatant in enumerate(scenario.combatants):
        if controller_problem(combatant.controller) is not None:
            continue  # the content's own check names what is wrong with how it is written
        problem = unknown_policy(combatant.controller, scenario.ruleset)
        if problem is not None:
            report.error(problem, "combatants", index, "controller")


def refuse_bad_levels(flag: str, changes: Sequence[str]) -> None:
    """Refuse a change ``C.controller=ai:POLICY/LEVEL`` whose level is none, with the levels.

    A grid's values are split by commas. The policy may well be right, so the level is named.

    Raises:
        InputError: naming the flag, the change and the levels.
    """
    for change in changes:
        key, _, values = change.partition("=")
        if not key.endswith(".controller"):
            continue
        for value in values.split(","):
            problem = level_problem(value.strip())
            if problem is not None:
                raise InputError(f"{flag} {key}: {problem}")


def check_map_named(scenario: ScenarioDef, report: Report) -> None:
    """The map is named, or written inline: an empty name would leave the fight nowhere."""
    if not scenario.map and scenario.inline_map is None:
        message = "expected a map of content/arenas/ by id, or one written inline, got ''"
        report.error(message, "map")


def check_options(scenario: ScenarioDef, report: Report) -> None:
    """The preset is one of the ruleset's, and every option is known and legal under it."""
    from arena.engine.rulesets import parse_options

    def parse(preset: str, values: Mapping[str, OptionValue]) -> object:
        return parse_options(scenario.ruleset, preset, values)

    try:
        parse(scenario.preset, {})
    except ValueError as err:
        said = preset_refusal(err, scenario.preset)
        report.error(f"{said} (for {scenario.ruleset})", "preset")
        return
    ok = True
    for key, value in scenario.options.items():
        try:
            parse(scenario.preset, {key: value})
        except ValueError as err:
            report.error(option_refusal(err, key), "options", key)
            ok = False
    if ok:
        try:
            parse(scenario.preset, scenario.options)
        except ValueError as err:
            report.error(str(err), "options")


def check_role_play_scripts(scenario: ScenarioDef, report: Report) -> None:
    """A script grants a Sorcerer role-playing bonus only under ``role_play: honour``.

    Under ``sheet`` (the default) every combatant gets its sheet's value and under ``off``
    none: nobody is asked, so a ``bonus:`` entry or answer would wait for a question that
    never comes. Under ``honour`` the table grants 0 to ``role_play_max`` dice: a larger
    bonus is no choice it offers, and with a cap of 0 nobody is asked either.
    """
    from arena.engine.rulesets import parse_options
    from arena.rules.ruleset_traits import traits

    try:
        if not traits(scenario.ruleset).role_play:
            return
    except ValueError:
        return  # the scenario's own check names an unknown ruleset
    try:
        options = parse_options(scenario.ruleset, scenario.preset, scenario.options)
    except ValueError:
        return  # check_options names it
    rule = getattr(options, "role_play", "honour")
    top = getattr(options, "role_play_max", 3)
    refused: Callable[[str], bool] = _any_bonus
    if rule == "honour" and top > 0:
        why = f"is no choice: under role_play: honour the table grants 0 to {top} dice"
        refused = _bonus_over(top)
    elif rule == "honour":
        why = "is never asked: under role_play_max: 0 the table grants none and nobody is asked"
    else:
        given = "each combatant gets its sheet's" if rule == "sheet" else "nobody gets one"
        why = (
            f"is never asked: under role_play: {rule} {given} and nobody is asked "
            "(options: {role_play: honour})"
        )
    for index, combatant in enumerate(scenario.combatants):
        if combatant.controller != "script":
            continue
        for position, entry in enumerate(combatant.script):
            at = ("combatants", index, "script", position)
            if isinstance(entry, str):
                if refused(entry):
                    report.error(f"{quote(entry)} {why}", *at)
                continue
            for kind, key in entry.items():
                if kind == "bonus" and refused(key):
                    report.error(f"{quote(key)} {why}", *at, kind)
        answer = combatant.answers.get("bonus")
        if answer is not None and refused(answer):
            report.error(f"{quote(answer)} {why}", "combatants", index, "answers", "bonus")


def _any_bonus(key: str) -> bool:
    """Every ``bonus:`` key: nobody is asked for one."""
    return key.startswith("bonus:")


def _bonus_over(top: int) -> Callable[[str], bool]:
    """A ``bonus:N`` key whose N is above `top` (others are left to the key checks)."""

    def over(key: str) -> bool:
        number = key.removeprefix("bonus:")
        return key.startswith("bonus:") and number.isdigit() and int(number) > top

    return over


ENGINE_CHECKS: ExtraChecks = (
    (ScenarioDef, check_map_named),
    (ScenarioDef, check_policies),
    (ScenarioDef, check_options),
    (ScenarioDef, check_role_play_scripts),
)
"""What every scenario the command line loads must also pass."""


def refuse_bad_settings(flag: str, texts: Sequence[str], scen: ScenarioDef, source: str) -> None:
    """Refuse a preset or option change the scenario's ruleset has not, each thing said once.

    ``--grid preset=zz`` is refused as ``--grid preset=zz: expected one of seed, w20, got
    'zz'``, not with the preset named again. Other changes, and changes that are not well
    formed, are left to the batch's own checks.

    Raises:
        InputError: naming the scenario, the flag, the change and the legal values.
    """
    from arena.engine.rulesets import parse_options
    from arena.sim.grid import GridError, parse_axis
    from arena.sim.vary import Change, VaryError, parse_change

    changes: list[Change] = []
    for text in texts:
        key = text.partition("=")[0]
        if key != "preset" and not key.startswith("option."):
            continue
        try:
            changes += parse_axis(text).changes if flag == "--grid" else (parse_change(text),)
        except (GridError, VaryError):
            continue  # the batch names what is wrong with how it is written
    # An option is refused only if no preset in play takes it.
    presets = [scen.preset, *(str(c.value) for c in changes if c.kind == "preset")]
    for change in changes:
        refusals: list[ValueError] = []
        for preset in [str(change.value)] if change.kind == "preset" else presets:
            values = dict(scen.options)
            if change.kind == "option":
                values[change.name] = change.value
            try:
                parse_options(scen.ruleset, preset, values)
            except ValueError as err:
                refusals.append(err)
                continue
            break
        else:
            if change.kind == "preset":
                said = preset_refusal(refusals[0], str(change.value), shown=True)
            else:
                said = option_refusal(refusals[0], change.name, shown=True)
            raise InputError(f"{source}: {flag} {change.text}: {said}")
