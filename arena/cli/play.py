"""`arena play` (and bare `arena`): the Textual UI in a terminal, or a fight in plain text."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from arena.cli.args import MAP_FORM, MAP_HELP, map_arg, seconds_arg, seed_arg
from arena.cli.budget import add_budget_arg, apply_budget
from arena.cli.errors import SCENARIO_NAME, InputError, quote, refuse_empty
from arena.cli.fold import fold
from arena.cli.level import add_level_arg, at_level, levels_epilog
from arena.cli.places import checked_saves_folder, saves_folder
from arena.cli.terminal import silence_stdout
from arena.content.files import is_there
from arena.rules.verbosity import VERBOSITIES

if TYPE_CHECKING:
    from arena.engine import Fight
    from arena.engine.setup import Catalog

DEFAULT = "werewolf-duel"
EPILOG = """examples:
  arena                                  the title menu (in a terminal)
  arena play --scenario werewolf-duel    straight into a shipped scenario, as its first fighter
  arena play --scenario werewolf-duel --watch --pace 1.5   let the AI play both sides, slowly
  arena play --plain --scenario werewolf-duel   numbered lines; answers from standard input
  arena play --scenario werewolf-duel --ai-budget 400   a deeper look-ahead for ai:*/expert
  arena play --scenario werewolf-thugs --level expert   every AI opponent looks ahead

{LEVELS}
Without a terminal on standard output (and without --plain), play lists the shipped scenarios
and plays one with every step explained, so it never waits for input.
"""


def add_parser(sub: Any) -> Any:
    """Add the play subcommand and return its handler."""
    p = sub.add_parser(
        "play",
        help="the terminal UI; --plain for numbered text lines (the default command)",
        description="Play a fight: the title menu, or straight into a shipped scenario.",
        epilog=lambda: EPILOG.replace("{LEVELS}", levels_epilog()),  # written when shown
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # Any number taken, so two are refused as two (not as an unknown argument).
    p.add_argument(
        "scenario", nargs="*", default=[], help="a shipped scenario's name or a scenario file"
    )
    # Appended, so a second --scenario is refused as a second argument is, not kept silently.
    p.add_argument(
        "--scenario", dest="scenario_flag", action="append", metavar="NAME", help="the same, named"
    )
    p.add_argument(
        "--map",
        dest="map_params",
        type=map_arg,
        metavar=MAP_FORM,
        help=MAP_HELP,
    )
    p.add_argument(
        "--hot-seat",
        action="store_true",
        help="a person plays every side, in turn (no scenario: the new-fight screen, so ticked)",
    )
    p.add_argument(
        "--big",
        action="store_true",
        help="projector mode for the demo and the replay viewer opened from the title menu "
        "(large rule cards and dice; a fight's own screen stays as it is)",
    )
    p.add_argument("--plain", action="store_true", help="numbered text lines, answers on stdin")
    p.add_argument("--seed", type=seed_arg, help="the seed, 0 to 2**64-1 (default: the scenario's)")
    p.add_argument("--as", dest="play_as", metavar="ID", help="the combatant you play")
    p.add_argument("--watch", action="store_true", help="the AI plays every side")
    p.add_argument(
        "--pace", type=seconds_arg(10), help="seconds between AI decisions, 0-10 (default: saved)"
    )
    p.add_argument("--verbosity", choices=VERBOSITIES, default="normal", help="plain mode's log")
    where = "where saves go ($ARENA_SAVES, else a checkout's saves/, else the user data folder)"
    p.add_argument("--saves", metavar="DIR", help=where)
    add_budget_arg(p)
    add_level_arg(p)
    return handle


def check(args: argparse.Namespace) -> None:
    """What `arena serve play ...` checks before it serves: --saves, the scenario and --as.

    Raises:
        InputError: as `arena play` itself would refuse them, or ``-``: a browser's tab has
            no standard input of the server's to read a scenario from.
    """
    name = _name(args)
    _refuse_together(args)
    checked_saves_folder(args.saves)
    if name == "-":
        raise InputError("serve play: - (standard input) cannot be served; name a scenario file")
    if name:
        _fight(args, catalog(), name).close()


def handle(args: argparse.Namespace) -> int:
    """The UI in a terminal, plain text with --plain, else the explained listing."""
    name = _name(args)
    _refuse_together(args)
    if getattr(args, "map_params", None) is not None and not name:
        raise InputError("--map: name the scenario to play on the generated map")
    if getattr(args, "level", None) is not None and not name:
        # Not dropped without a word: the title menu's new fight has its own Difficulty.
        raise InputError("--level goes with a scenario; the title menu's new fight has Difficulty")
    checked_saves_folder(args.saves)  # refused now, not at the screen's first save
    apply_budget(args)
    if not name and not args.plain:
        _refuse_without_scenario(args)
    if args.plain:
        return _plain(args, catalog(), name or DEFAULT)
    if (sys.stdout.isatty() and sys.stdin.isatty()) or web_driver():
        # The bare title menu loads the content just after its first frame; a fight and the
        # new-fight screen (--hot-seat, --seed without a scenario) need it now.
        form = not name and (args.hot_seat or args.seed is not None)
        return _ui(args, catalog() if name or form else None, name)
    return _listing(catalog(), name or DEFAULT, args)


def _refuse_together(args: argparse.Namespace) -> None:
    """Refuse two of --as (one person), --watch (nobody) and --hot-seat (everybody).

    Who plays is said once: a pair is refused rather than one of them quietly taking over.

    Raises:
        InputError: naming both options and what each asks for.
    """
    asks = {
        "--as": "you play one combatant" if getattr(args, "play_as", None) else None,
        "--watch": "the AI plays every side" if getattr(args, "watch", False) else None,
        "--hot-seat": "a person plays every side" if getattr(args, "hot_seat", False) else None,
    }
    given = [(option, said) for option, said in asks.items() if said is not None]
    if len(given) > 1:
        (one, first), (other, second) = given[:2]
        raise InputError(f"play: {one} ({first}) and {other} ({second}) exclude each other")


def _refuse_without_scenario(args: argparse.Namespace) -> None:
    """Options that only a scenario's fight can take are refused without one, never ignored.

    --hot-seat and --seed go to the new-fight screen instead (it opens at once, filled in);
    --as and --watch name a scenario's combatants and sides, which that screen chooses.

    Raises:
        InputError: --as or --watch without a scenario.
    """
    for option, given in (("--as", args.play_as is not None), ("--watch", args.watch)):
        if given:
            raise InputError(
                f"play: {option} needs a scenario (arena play --scenario NAME {option} ...); "
                "without one, the new-fight screen chooses who plays"
            )


def _name(args: argparse.Namespace) -> str | None:
    """The scenario asked for (--scenario or the argument), if any.

    Raises:
        InputError: an empty one (it would have been taken for none, and the default played),
            or two (one would have been played without a word).
    """
    flagged = list(args.scenario_flag or [])
    for given in flagged:
        refuse_empty(given, SCENARIO_NAME, "--scenario")
    for given in args.scenario:
        refuse_empty(given, SCENARIO_NAME)
    named = [*args.scenario, *flagged]
    if len(named) > 1:
        shown = ", ".join(quote(name) for name in named)
        raise InputError(f"play takes one scenario, got {len(named)}: {shown}")
    return named[0] if named else None


def catalog() -> Catalog:
    """The content, for a fight asked for now (imported late: the bare title menu draws first)."""
    from arena.cli.common import catalog as load

    return load()


def web_driver() -> bool:
    """True when the app runs in a browser (under `arena serve`): no terminal is needed."""
    return "web_driver" in os.environ.get("TEXTUAL_DRIVER", "")


def _fight(args: argparse.Namespace, cat: Catalog, name: str) -> Fight:
    """A scenario's fight (shipped name or file) with the player in it.

    The player takes --as, else the scenario's own human, else its first combatant; with
    --hot-seat a person plays every side. The scenario's rigged dice play as rigged.
    """
    from arena.cli.scenarios import scenario_fight_for

    if name != "-" and not is_there(name) and name not in cat.scenarios:
        known = ", ".join(sorted(cat.scenarios))
        raise InputError(f"play: no shipped scenario or file {quote(name)}; shipped: {known}")
    hot_seat = bool(getattr(args, "hot_seat", False))
    return scenario_fight_for(
        cat,
        name,
        seed=args.seed,
        human=args.play_as,
        watch=args.watch,
        hot_seat=hot_seat,
        map_params=getattr(args, "map_params", None),
        level=getattr(args, "level", None),
    )


def _plain(args: argparse.Namespace, cat: Catalog, name: str) -> int:
    from arena.cli.plain import PlainFight

    fight = _fight(args, cat, name)
    folder = checked_saves_folder(args.saves)
    save_to = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-plain.yaml"
    with fight:
        plain = PlainFight(
            fight, sys.stdout, verbosity=args.verbosity, save_to=save_to, watch=args.watch
        )
        try:
            return plain.play(sys.stdin)
        except BrokenPipeError:
            # The reader went away (`| head`): stop quietly, as other command-line tools do.
            silence_stdout()
            return 1


def _open_scenario(cat: Catalog, path_or_name: str, *, watch: bool = False) -> Fight:
    """The UI's way to open a scenario; the engine and the AI load when it is first used."""
    from arena.cli.scenarios import open_scenario

    return open_scenario(cat, path_or_name, watch=watch)


def _ui(args: argparse.Namespace, cat: Catalog | None, name: str | None) -> int:
    from arena.ui.app import ArenaApp  # Textual loads only when the UI is shown

    fight = _fight(args, cat, name) if name and cat is not None else None
    form = None
    if fight is None and (args.hot_seat or args.seed is not None):
        from arena.ui.messages import NewFightForm

        form = NewFightForm(hot_seat=bool(args.hot_seat), seed=args.seed)
    app = ArenaApp(
        cat,
        saves=saves_folder(args.saves),
        pace=args.pace,
        fight=fight,
        watch=args.watch,
        opener=_open_scenario,
        big=bool(getattr(args, "big", False)),
        new_fight=form,
        warm=True,
        set_aside=True,
    )
    app.run()
    return app.return_code or 0


def _listing(cat: Catalog, name: str, args: argparse.Namespace) -> int:
    """Today's behaviour without a terminal: list the scenarios, play one explained."""
    from arena.engine import Fight, play_until_human
    from arena.words.logtext import to_text

    if name not in cat.scenarios:
        with _fight(args, cat, name):
            pass  # a missing or bad file is refused here, naming it
        raise InputError(
            f"play: {name}: a scenario file needs a terminal, or --plain (arena run plays it)"
        )
    from arena.cli.common import on_map

    # Checked before the listing, so a bad --map is its one message; --level is played.
    scen = on_map(cat.scenarios[name], getattr(args, "map_params", None), name, cat)
    scen = at_level(scen, getattr(args, "level", None))
    lines = ["Shipped scenarios (arena run NAME plays one; arena run --help for more):"]
    for scen_name in sorted(cat.scenarios):
        shipped = cat.scenarios[scen_name]
        lines.append(f"  {scen_name:<28} {shipped.ruleset:<9} {shipped.name}")
    lines.append(f"\nPlaying {name}: {scen.description.strip()}\n\n")
    # Printed at once, folded to 80 columns (a description or a name runs long).
    sys.stdout.write(fold("\n".join(lines)))
    with Fight(scen, cat, seed=args.seed) as fight:
        play_until_human(fight, humans_too=True)
        sys.stdout.write(
            fold(to_text((("scenario", scen.name), ("seed", str(fight.seed))), fight.events))
        )
    return 0
