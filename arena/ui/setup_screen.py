"""Fight setup: ruleset, your fighter, opponents, map, AI, seed, preset and options."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from arena.engine import Fight
from arena.engine.setup import (
    GENERATED_MAP,
    Catalog,
    Entry,
    FightSpec,
    SetupError,
    build_scenario,
    form_map_text,
    generated_params,
    list_fighters,
    list_level_entries,
    list_maps,
    list_options,
    list_policies,
    list_presets,
    list_rulesets,
    parse_option_text,
    seed_from_text,
    suggested_match,
    with_human,
)
from arena.ui.keys_notice import FORM_KEYS, show_keys
from arena.ui.map_preview import MapPreviewScreen
from arena.ui.messages import FightChosen, NewFightForm
from arena.ui.opponent_picker import OpponentPicker
from arena.ui.plain import plain
from arena.ui.prompt import MARK as FOCUS_MARK
from arena.ui.tick_box import TickBox
from arena.words.rulesets import traits

HERE = Path(__file__).parent
SEED_KEYS: Final = "[0-9]*"
"""What a seed field takes: ASCII digits; Textual's integer field alone takes '١٢٣' too."""
POLICY_WORDS: Final = {
    "random": "easy: any legal move",
    "nearest": "normal: closes in on the nearest enemy",
    "demon": "a demon's own judgment, from its Need and Desire",
}
PLAYABLE: Final = ("garou", "sorcerer", "human")
"""Kinds a new player is offered first; spirits and demons stay pickable."""
PEOPLE: Final = (
    ("person-mine", "A person plays your fighter"),
    ("person-foes", "A person plays the opponents (hot-seat, one keyboard)"),
)
"""The form's toggles, one per side: who plays it, a person at this keyboard or the AI."""
ROLE_PLAY: Final = (
    ("sheet: each fighter's sheet", "sheet"),
    ("honour: you grant 0-3 each roll", "honour"),
    ("off: none", "off"),
)
"""Sorcerer's option role_play: who grants the role-playing bonus (rules, sorcerer.md 4)."""


def with_people(catalog: Catalog, spec: FightSpec, mine: bool, foes: bool) -> Fight:
    """The form's fight with each side played by a person or by the AI, not yet started.

    Every combatant on a side a person plays is handed to the keyboard; with both sides, the
    people take turns, a curtain hiding each one's secret intentions from the other.

    Raises:
        SetupError: the answers do not make a legal fight (the message says which).
    """
    scenario = build_scenario(catalog, spec)
    player = scenario.combatants[0].side
    # The opponents' controller names the policy and its level, as the form chose them.
    ai = next((c.controller for c in scenario.combatants if c.side != player), "ai:nearest")
    for c in scenario.combatants:
        if (mine if c.side == player else foes) and c.controller != "human":
            scenario = with_human(scenario, c.id)
    if not mine:  # the AI plays the player's own side too, as it plays the opponents
        scenario = dataclasses.replace(
            scenario,
            combatants=tuple(
                dataclasses.replace(c, controller=ai) if c.side == player else c
                for c in scenario.combatants
            ),
        )
    try:
        return Fight(scenario, catalog)
    except ValueError as err:
        raise SetupError(f"options: {err}") from None


def policy_options(ruleset: str) -> list[tuple[str, str]]:
    """The AI select's (label, policy) pairs for a ruleset."""
    return [
        (f"{p.id}: {p.description or POLICY_WORDS.get(p.id, 'an AI policy')}", p.id)
        for p in list_policies(ruleset)
    ]


def defaults(fighters: Sequence[Entry]) -> tuple[str, str]:
    """The fighter and the opponent a new fight starts with: a person against a human."""
    ids = [f.id for f in fighters]
    mine = next((f.id for k in PLAYABLE for f in fighters if f.kind == k), ids[0] if ids else "")
    foe = next((f.id for f in fighters if f.kind == "human" and f.id != mine), "")
    return mine, foe or next((i for i in ids if i != mine), mine)


class SetupScreen(Screen[None]):
    """A form; Tab moves through it, Enter on Fight starts."""

    CSS_PATH: ClassVar = [HERE / "setup_screen.tcss", HERE / "opponent_picker.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+f", "fight", "Fight!"),
        Binding("ctrl+r", "reroll", "Re-roll"),
        Binding("ctrl+g", "preview", "Preview"),
        Binding("question_mark", "keys", "Keys", key_display="?"),
    ]

    def __init__(self, catalog: Catalog, filled: NewFightForm | None = None) -> None:
        """A setup form over a catalog's fighters and maps, `filled` in as the command line asks."""
        super().__init__()
        self.catalog = catalog
        self.filled = filled or NewFightForm()
        self.rulesets = [r for r in list_rulesets() if list_fighters(catalog, r)] or ["werewolf"]

    def compose(self) -> ComposeResult:
        """The form, field by field, filled for the first ruleset."""
        ruleset = self.rulesets[0]
        fighters = [
            (plain(f"{f.glyph} {f.name}"), f.id) for f in list_fighters(self.catalog, ruleset)
        ]
        presets = [(plain(p), p) for p in list_presets(ruleset)]
        entries = list_maps(self.catalog)
        maps = [(plain(f"{m.name} ({m.spawns} spawn points)"), m.id) for m in entries]
        maps.append((plain("Generated: a new map from its seed (Ctrl+R re-rolls)"), GENERATED_MAP))
        # The smallest map that holds a duel suits the one opponent the form starts with.
        first_map = min(entries, key=lambda m: (m.spawns < 2, m.spawns, m.name)).id
        policies = policy_options(ruleset)
        with VerticalScroll(id="form"):
            yield Static("New fight", id="setup-title")
            rulesets = [(r, r) for r in self.rulesets]
            yield from self._field(
                "Ruleset", Select(rulesets, id="ruleset", allow_blank=False, compact=True)
            )
            yield from self._field(
                "Your fighter", Select(fighters, id="fighter", allow_blank=False, compact=True)
            )
            yield Static(id="fighter-text", classes="hint")
            yield Label("Opponents (+ and − change a count)", classes="label wide")
            yield OpponentPicker(id="opponents")
            yield Static(id="opponents-text", classes="hint")
            yield from self._field(
                "Map", Select(maps, id="map", allow_blank=False, compact=True, value=first_map)
            )
            with Horizontal(classes="row", id="map-seed-row"):
                yield Label("Map seed", classes="label", name="Map seed")
                yield Input(
                    str(secrets.randbelow(999_999) + 1),
                    type="integer",
                    restrict=SEED_KEYS,
                    id="map-seed",
                    compact=True,
                )
                # Style and size beside the seed: this row is in sight at 80x24, the hint not.
                yield Static(id="map-brief")
                yield Button("Re-roll", id="reroll", compact=True)
                yield Button("Preview", id="preview", compact=True)
            yield Static(id="map-text", classes="hint")
            for toggle, words in PEOPLE:
                ticked = toggle == "person-mine" or self.filled.hot_seat
                yield TickBox(words, ticked, id=toggle, compact=True)
            yield from self._field(
                "AI", Select(policies, id="policy", allow_blank=False, compact=True)
            )
            levels = [(f"{e.id}: {e.description}", e.id) for e in list_level_entries()]
            level = Select(levels, id="level", allow_blank=False, value="normal", compact=True)
            yield from self._field("Difficulty", level)
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label", name="Seed")
                seed = self.filled.seed
                yield Input(
                    str(secrets.randbelow(999_999) + 1 if seed is None else seed),
                    type="integer",
                    restrict=SEED_KEYS,
                    id="seed",
                    compact=True,
                )
                yield Button("New seed", id="reseed", compact=True)
            yield from self._field(
                "Preset", Select(presets, id="preset", allow_blank=False, compact=True)
            )
            # Sorcerer: who grants the role-playing bonus (option role_play); hidden otherwise.
            with Horizontal(classes="row", id="role-play-row"):
                yield Label("Role-play", classes="label", name="Role-play")
                yield Select(ROLE_PLAY, id="role-play", allow_blank=False, compact=True)
            options = Input(placeholder="name=value, name=value", id="options", compact=True)
            yield from self._field("Options", options)
            yield Static(id="options-text", classes="hint")
            with Horizontal(id="setup-buttons"):
                yield Button("Fight!", id="fight", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def _field(self, label: str, widget: Select[str] | Input) -> ComposeResult:
        with Horizontal(classes="row", id=f"{widget.id}-row"):
            yield Label(label, classes="label", name=label)
            yield widget

    def on_descendant_focus(self) -> None:
        """The field with the keys is marked by a shape before its name, not only a colour."""
        self.call_after_refresh(self._mark_focus)

    def _mark_focus(self) -> None:
        for row in self.query(".row"):
            label = row.query_one(".label", Label)
            name = label.name or ""
            label.update(f"{FOCUS_MARK} {name}" if row.has_focus_within else f"  {name}")

    def on_mount(self) -> None:
        """Fill the fields that depend on the ruleset."""
        self._ruleset_changed()
        self._describe_map()
        self._show_ai()
        self.query_one("#ruleset", Select).focus()
        if self.filled.hot_seat:
            # The toggles are below the fold at 80x24: say that hot-seat is on.
            self.notify(
                "A person plays each side, in turn at this keyboard. Untick "
                "'A person plays the opponents' to let the AI play them.",
                title="Hot-seat",
            )

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new ruleset changes the fighters and presets; a new fighter its description."""
        if event.select.id == "ruleset":
            self._ruleset_changed()
        elif event.select.id == "fighter":
            self._describe_fighter()
        elif event.select.id == "preset":
            self._describe_options()
        elif event.select.id == "map":
            self._describe_map()

    def on_checkbox_changed(self) -> None:
        """Who plays each side changed: the AI's fields show only while the AI plays one."""
        self._show_ai()

    def _show_ai(self) -> None:
        """Hot-seat (people on both sides) hides the AI and its difficulty: nobody uses them."""
        mine, foes = (self.query_one(f"#{t}", Checkbox).value for t, _ in PEOPLE)
        for row in ("#policy-row", "#level-row"):
            self.query_one(row).display = not (mine and foes)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A new map seed: say which map it gives."""
        if event.input.id == "map-seed":
            self._describe_map()

    def _generated(self) -> bool:
        return self.query_one("#map", Select).value == GENERATED_MAP

    def _describe_map(self) -> None:
        """The map seed's row shows with a generated map only, and says which map it gives."""
        generated = self._generated()
        self.query_one("#map-seed-row").display = generated
        hint = self.query_one("#map-text", Static)
        hint.display = generated
        if not generated:
            return
        try:
            seed = seed_from_text(self.query_one("#map-seed", Input).value)
        except SetupError as err:
            hint.update(plain(str(err)))
            self.query_one("#map-brief", Static).update("")
            return
        params = generated_params(seed)
        self.query_one("#map-brief", Static).update(
            plain(f"{params.style} {params.width}x{params.height}")
        )
        hint.update(
            plain(
                f"{params.style}, seed {seed}, {params.width}x{params.height}: you at the west "
                "end, up to 4 opponents at the east (Ctrl+R re-rolls)"
            )
        )

    def action_reroll(self) -> None:
        """A new map seed (and the generated map chosen, if it was not)."""
        self.query_one("#map", Select).value = GENERATED_MAP
        self.query_one("#map-seed", Input).value = str(secrets.randbelow(999_999) + 1)
        self._describe_map()

    def action_preview(self) -> None:
        """The generated map whole, as `arena map` prints it (the generated map chosen first)."""
        if not self._generated():
            self.query_one("#map", Select).value = GENERATED_MAP
            self._describe_map()
        try:
            seed = seed_from_text(self.query_one("#map-seed", Input).value)
        except SetupError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.app.push_screen(MapPreviewScreen(form_map_text(seed)))

    def _ruleset(self) -> str:
        value = self.query_one("#ruleset", Select).value
        return value if isinstance(value, str) else self.rulesets[0]

    def _ruleset_changed(self) -> None:
        ruleset = self._ruleset()
        fighters = list_fighters(self.catalog, ruleset)
        fighter = self.query_one("#fighter", Select)
        # Names from the content, as written: a Select reads a str label as markup.
        fighter.set_options([(plain(f"{f.glyph} {f.name}"), f.id) for f in fighters])
        mine, foe = suggested_match(self.catalog, ruleset) or defaults(fighters)
        if fighters:
            fighter.value = mine
        self.query_one(OpponentPicker).set_fighters(fighters, {foe: 1})
        self._describe_opponents()
        policy = self.query_one("#policy", Select)
        policy.set_options(policy_options(ruleset))
        # The same first value in both games: Select would keep the other game's words shown.
        policy.mutate_reactive(Select.value)  # type: ignore[misc]  # Textual's reactive
        presets = list_presets(ruleset)
        preset = self.query_one("#preset", Select)
        preset.set_options([(plain(p), p) for p in presets])
        if presets:
            preset.value = presets[0]
        self._describe_fighter()
        self._describe_options()
        self.query_one("#role-play-row").display = traits(ruleset).role_play

    def _describe_fighter(self) -> None:
        value = self.query_one("#fighter", Select).value
        found = [f for f in list_fighters(self.catalog, self._ruleset()) if f.id == value]
        text = f"{found[0].kind}: {found[0].description}" if found else ""
        self.query_one("#fighter-text", Static).update(plain(text))

    def _describe_options(self) -> None:
        preset = self.query_one("#preset", Select).value
        if not isinstance(preset, str):
            return
        try:
            names = ", ".join(f"{k}={v}" for k, v in list_options(self._ruleset(), preset))
        except SetupError as err:
            names = str(err)
        self.query_one("#options-text", Static).update(
            plain(f"Under {preset}: {names or 'no options'}")
        )

    def _describe_opponents(self) -> None:
        picker = self.query_one(OpponentPicker)
        self.query_one("#opponents-text", Static).update(plain(picker.summary()))

    def on_opponent_picker_changed(self) -> None:
        """Say whom the player faces; more than the map holds: the smallest map that fits."""
        self._describe_opponents()
        needed = 1 + sum(n for _, n in self.query_one(OpponentPicker).chosen())
        maps = list_maps(self.catalog)
        select = self.query_one("#map", Select)
        if select.value == GENERATED_MAP and needed <= 5:
            return  # four spawn points a side: four opponents
        current = next((m for m in maps if m.id == select.value), None)
        if current is not None and current.spawns >= needed:
            return
        fitting = sorted((m for m in maps if m.spawns >= needed), key=lambda m: (m.spawns, m.name))
        if fitting:
            select.value = fitting[0].id
            self.notify(f"{fitting[0].name} holds {needed} fighters", title="Map changed")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Fight, back, or a new seed."""
        if event.button.id == "fight":
            self.action_fight()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "reroll":
            self.action_reroll()
        elif event.button.id == "preview":
            self.action_preview()
        elif event.button.id == "reseed":
            self.query_one("#seed", Input).value = str(secrets.randbelow(999_999) + 1)

    def spec(self) -> FightSpec:
        """The form's answers.

        Raises:
            SetupError: a field is not filled in as it must be.
        """
        seed = seed_from_text(self.query_one("#seed", Input).value)
        fighter, map_id, policy, preset = (
            self.query_one(f"#{name}", Select).value
            for name in ("fighter", "map", "policy", "preset")
        )
        return FightSpec(
            ruleset=self._ruleset(),
            fighter=str(fighter),
            opponents=self.query_one(OpponentPicker).chosen(),
            map=str(map_id),
            policy=str(policy),
            level=str(self.query_one("#level", Select).value),
            seed=seed,
            preset=str(preset) if isinstance(preset, str) else "",
            options=self._options(),
            map_seed=seed_from_text(self.query_one("#map-seed", Input).value)
            if map_id == GENERATED_MAP
            else 0,
        )

    def _options(self) -> tuple[tuple[str, str | int | bool], ...]:
        """The Options field's pairs, with the role-play choice unless the field names it."""
        pairs = parse_option_text(self.query_one("#options", Input).value)
        rule = self.query_one("#role-play", Select).value
        if not traits(self._ruleset()).role_play or any(name == "role_play" for name, _ in pairs):
            return pairs
        return (*pairs, ("role_play", str(rule)))

    def action_fight(self) -> None:
        """Build the fight and open it in the arena."""
        try:
            mine, foes = (self.query_one(f"#{t}", Checkbox).value for t, _ in PEOPLE)
            fight = with_people(self.catalog, self.spec(), mine, foes)
        except SetupError as err:
            self.notify(str(err), title="Cannot start this fight", severity="error")
            return
        self.post_message(FightChosen(fight))

    def action_back(self) -> None:
        """Back to the title."""
        self.app.pop_screen()

    def action_keys(self) -> None:
        """The form's keys, in a notice."""
        show_keys(self, FORM_KEYS)
