"""What a run's save must be besides well typed: this arena's format, sealed, and of its run."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final, get_args

from arena.content.errors import quote
from arena.content.loader import Catalog
from arena.content.saves import DIGEST_KEY, KeyPath, body_digest
from arena.content.werewolf import DAMAGE, DAMAGE_KEYS
from arena.gauntlet.carried import Carried, describe
from arena.gauntlet.errors import GauntletError
from arena.gauntlet.exact import SavedValueError
from arena.gauntlet.lineup import FOES_SIDE, PLAYER_SIDE, bound_demons
from arena.gauntlet.record import FightRecord
from arena.gauntlet.run import RULESETS, RunState, new_run, offer, rules_for, start_fight
from arena.rules.kinds import Aftermath
from arena.rules.ruleset_traits import traits
from arena.rules.views import Status
from arena.sim import derive_seed

FORMAT_NUMBER: Final = 2
"""Format 1 had no digest; format 2 seals the whole save with one."""
FORMAT: Final = f"arena-gauntlet/{FORMAT_NUMBER}"
"""The save format's name and version, as the file says it."""
_FORMAT = re.compile(r"arena-gauntlet/([0-9]{1,9})")
_ONLY: Final = {
    # What a ruleset's run never carries, and what it would be.
    "werewolf": {
        "lasting": "lasting damage",
        "binding": "bound demon",
        "demon_lasting": "bound demon",
        "demon_gone": "bound demon",
    },
    "sorcerer": {
        "bashing": "bashing damage",
        "lethal": "lethal damage",
        "aggravated": "aggravated damage",
    },
}
_DEMON: Final = ("binding", "demon_lasting", "demon_gone")
_WINNERS: Final = (PLAYER_SIDE, FOES_SIDE, "")
"""A fight's winning side in a run, or none (a draw)."""
_STATUSES: Final[tuple[str, ...]] = get_args(Status)
_SEVERITIES: Final[tuple[str, ...]] = ("", *get_args(Aftermath))


def check_format(data: Any, shown: str, lines: Mapping[KeyPath, int] | None = None) -> None:
    """The save is a run's save in this arena's format; an older or newer one is named.

    Raises:
        GauntletError: it is not, in one line naming the file, the line of ``format`` (when
            the file has lines) and the format found.
    """
    if not isinstance(data, dict):
        raise GauntletError(f"{shown}: not a gauntlet save (a JSON object expected)")
    if "format" not in data:
        raise GauntletError(f"{shown}: not a gauntlet save (format: missing)")
    line = (lines or {}).get(("format",))
    at = shown if line is None else f"{shown}:{line}"
    found = data["format"]
    match = _FORMAT.fullmatch(found) if isinstance(found, str) else None
    if match is None:
        raise GauntletError(f"{at}: not a gauntlet save (format: {quote(found)})")
    number = int(match[1])
    if number != FORMAT_NUMBER:
        age = "an older" if number < FORMAT_NUMBER else "a newer"
        raise GauntletError(
            f"{at}: a gauntlet run made by {age} arena, format {number}; this arena "
            f"continues format {FORMAT_NUMBER} only"
        )


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """The save's data with its digest: SHA-256 of everything else, as sorted-key JSON."""
    return {**data, DIGEST_KEY: body_digest(data)}


def check_seal(data: dict[str, Any]) -> None:
    """The digest matches the save: any edit that passed every other check is caught here.

    Raises:
        ValueError: it is missing or does not match; the key is named.
    """
    if DIGEST_KEY not in data:
        raise SavedValueError(
            DIGEST_KEY, "missing: the file was not written by arena, or cut short"
        )
    try:
        matches = data[DIGEST_KEY] == body_digest(data)
    except ValueError:  # what JSON cannot write matches no digest
        matches = False
    if not matches:
        raise SavedValueError(
            DIGEST_KEY,
            "does not match the save: it was changed after arena wrote it, "
            "or damaged; a run's save cannot be edited",
        )


def check_belongs(state: RunState, catalog: Catalog) -> None:
    """Every name and value is one the run's ruleset and character can have at this point.

    A digest proves a save unchanged by accident; these say what an edit made wrong, and
    refuse what no run could reach even with a digest written to match.

    Raises:
        ValueError: a name or value that is not the run's; the key is named.
    """
    if state.ruleset not in RULESETS:
        raise SavedValueError("ruleset", f"{quote(state.ruleset)} is not {' or '.join(RULESETS)}")
    if state.character not in catalog.section(state.ruleset, "characters"):
        raise SavedValueError("character", f"no {state.ruleset} character {quote(state.character)}")
    if state.policy:
        from arena.ai import unknown_policy  # loaded here, as the gauntlet's checks do

        problem = unknown_policy(f"ai:{state.policy}", state.ruleset)
        if problem is not None:
            raise SavedValueError("policy", problem)
    _check_records(state, catalog)
    _check_carried(state, catalog)


def _check_records(state: RunState, catalog: Catalog) -> None:
    """The fights are numbered in turn, fewer than a whole run, against the ruleset's groups."""
    groups = catalog.section("gauntlet", state.ruleset)
    for index, record in enumerate(state.records):
        if record.number != index + 1:
            raise SavedValueError(f"records[{index}].number", f"{record.number}, not {index + 1}")
        if record.group not in groups:
            raise SavedValueError(
                f"records[{index}].group", f"no {state.ruleset} group {quote(record.group)}"
            )
    most = rules_for(catalog, state.ruleset).fights
    if len(state.records) >= most:
        # A run of more fights than the rulings hold would go on, and into the high scores.
        raise SavedValueError(
            "records", f"{len(state.records)} fights and not over; a run is {most}"
        )
    for index, record in enumerate(state.records):
        _check_record(state, record, index, str(getattr(groups[record.group], "name", "")))
    last = state.records[-1].severity if state.records else ""
    if state.hospital and not traits(state.ruleset).hospital:
        raise SavedValueError("hospital", "true, but a werewolf run has no hospital")
    if state.hospital != (last == "hospital"):
        sent = "did not send" if state.hospital else "sent"
        raise SavedValueError(
            "hospital",
            f"{json.dumps(state.hospital)}, but the last fight {sent} the character to hospital",
        )


def _check_record(state: RunState, record: FightRecord, index: int, name: str) -> None:
    """One fight's record holds what a fight of this run against its group can.

    Its seed is the run's for that fight, its name the group's, its winner a side of it,
    and the character's status and (Sorcerer) severity words the rules use.
    """
    at = f"records[{index}]"
    seed = derive_seed(state.seed, index)
    if record.seed != seed:
        raise SavedValueError(
            f"{at}.seed", f"{record.seed}, but fight {index + 1} of this run has {seed}"
        )
    if record.name != name:
        raise SavedValueError(f"{at}.name", f"{quote(record.name)}, but its group is {quote(name)}")
    if not traits(state.ruleset).hospital and record.severity:
        said = f"{quote(record.severity)}, but a {state.ruleset} fight leaves no severity"
        raise SavedValueError(f"{at}.severity", said)
    checks = (
        ("winner", record.winner, _WINNERS, " or empty for a draw"),
        ("status", record.status, _STATUSES, ""),
        ("severity", record.severity, _SEVERITIES, " or empty"),
    )
    for key, value, legal, more in checks:
        if value not in legal:
            listed = ", ".join(word for word in legal if word)
            said = f"expected one of {listed}{more}, got {quote(value)}"
            raise SavedValueError(f"{at}.{key}", said)


def _check_carried(state: RunState, catalog: Catalog) -> None:
    """What is carried is the ruleset's, and the character's own pools, as a fight left them."""
    carried = state.carried
    if not state.records:
        if carried != Carried():
            raise SavedValueError(
                "carried", f"{describe(carried, state.ruleset)}, but no fight was fought yet"
            )
        return
    fresh = Carried()
    only = dict(_ONLY[state.ruleset])
    if traits(state.ruleset).demons and not bound_demons(catalog, state.character):
        only.update(dict.fromkeys(_DEMON, "bound demon"))
    for key, what in only.items():
        value = getattr(carried, key)
        if value != getattr(fresh, key):
            raise SavedValueError(
                f"carried.{key}",
                f"{json.dumps(value)}, but {state.character} in a {state.ruleset} run "
                f"has no {what}",
            )
    _check_levels(carried)  # a Sorcerer run's are all 0, as checked above
    _check_pools(state, catalog)


def _check_levels(carried: Carried) -> None:
    """The Werewolf damage carried fills no more health levels than a fight may start with.

    Raises:
        ValueError: more, naming the kind that goes past the last level.
    """
    total = 0
    for key in DAMAGE_KEYS:
        total += getattr(carried, key)
        if total > DAMAGE.high:
            said = f"{total} health levels in all, but {DAMAGE.high} at most"
            raise SavedValueError(f"carried.{key}", f"{said} (bashing, lethal and aggravated)")


def _check_pools(state: RunState, catalog: Catalog) -> None:
    """The pools are the character's, by name and most, in the order its fights show them."""
    own = own_pools(state, catalog)
    names = [name for name, _, _ in state.carried.pools]
    if names != [name for name, _ in own]:
        raise SavedValueError(
            "carried.pools",
            f"{', '.join(map(quote, names)) or 'none'}, but "
            f"{state.character} has {', '.join(name for name, _ in own)}",
        )
    for (name, _, most), (_, top) in zip(state.carried.pools, own, strict=True):
        if most != top:
            raise SavedValueError(
                f"carried.pools.{name}", f"most {most}, but {state.character}'s is {top}"
            )


def own_pools(state: RunState, catalog: Catalog) -> tuple[tuple[str, int], ...]:
    """The character's pools, name and most, as its first fight of a fresh run shows them.

    Raises:
        GauntletError: the run's ruleset or character is unknown.
    """
    fresh = new_run(catalog, state.ruleset, state.seed, character=state.character)
    fight = start_fight(fresh, catalog, offer(fresh, catalog)[0].id)
    try:
        fight.start()
        me = fight.view().combatant(state.character)
        return tuple((pool.name, pool.maximum) for pool in me.pools)
    finally:
        fight.close()
