"""`arena roll`: one roll or contest, every die explained."""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, Final

from arena.cli.args import faces_arg, seed_arg
from arena.cli.fold import fold
from arena.cli.odds import (
    add_contest_arguments,
    add_storyteller_arguments,
    automatic_successes,
    tens_rule,
)
from arena.cli.odds import dice as count_dice
from arena.rules.dice import (
    Contest,
    DiceSource,
    RiggedDice,
    StorytellerRoll,
    Tens,
    roll_contest,
    roll_open,
    roll_tens,
)
from arena.words.odds import tens_note

SEED_RANGE: Final = 2**32
"""Seeds drawn from the system when none is given."""

EPILOG: Final = """\
examples:
  arena roll storyteller 5 6                 5 dice at difficulty 6
  arena roll werewolf 3 8 --willpower        3 dice at 8 with a point of Willpower
  arena roll storyteller 4 --damage          4 damage dice at 6, 10s rerolled
  arena roll storyteller 3 6 --dice 8,1,10   rig the faces: 8, 1 and 10
  arena roll storyteller 3 6 --tens reroll --dice 10,4,2,9
                                             a specialty: the 10 adds a die (the 9)
  arena roll storyteller 4 --damage --tens off
                                             damage under damage_tens: plain
  arena roll contest 4 3 --seed 7            Sorcerer: 4 dice against 3, repeatable
  arena roll sorcerer 3 2 --dice 10,10,3,10,5
                                             rigged: the first side's faces, then the second's
  arena roll contest 4 3 --seed 7 --json     the same roll as one JSON object
"""


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the roll subcommand and its forms, and return its handler."""
    roll = sub.add_parser(
        "roll",
        help="roll once and explain every die",
        description="Roll a Storyteller pool or a Sorcerer contest once and explain it.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    forms = roll.add_subparsers(dest="form", metavar="FORM", required=True)
    storyteller = forms.add_parser(
        "storyteller",
        aliases=["werewolf"],
        help="a Storyteller roll (Werewolf)",
        description="Roll POOL d10 against DIFFICULTY and explain successes, 1s and botch.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_storyteller_arguments(storyteller)
    _add_dice_arguments(storyteller)
    storyteller.set_defaults(
        form_name="storyteller", roll=roll_storyteller_args, lines=_storyteller_args_lines
    )
    contest = forms.add_parser(
        "contest",
        aliases=["sorcerer"],
        help="a Sorcerer contest",
        description="Roll FIRST dice against SECOND dice and explain the contest.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_contest_arguments(contest)
    _add_dice_arguments(contest)
    contest.set_defaults(
        form_name="contest", roll=roll_contest_args, lines=lambda _, c: contest_lines(c)
    )
    return handle


def _add_dice_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --seed and --dice."""
    parser.add_argument(
        "--seed", type=seed_arg, help="seed the dice to repeat a roll (default: a new one)"
    )
    parser.add_argument(
        "--dice",
        type=faces_arg,
        metavar="FACES",
        help="rig the faces, e.g. 3,10,1; the seeded dice take over when they run out",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def handle(args: argparse.Namespace) -> int:
    """Roll with a seeded generator (behind any rigged faces) and print the explanation."""
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(SEED_RANGE)
    # A seeded generator, not a secure one: the same seed must give the same roll.
    generator = random.Random(seed)
    dice: DiceSource = generator
    rigged = None
    if args.dice:
        rigged = RiggedDice(args.dice, then=generator)
        dice = rigged
    result: StorytellerRoll | Contest = args.roll(args, dice)
    unused = rigged.remaining if rigged is not None else 0
    if args.json:
        values: dict[str, Any] = {
            "seed": seed,
            "rigged": list(args.dice or ()),
            "unused_rigged": unused,
        }
        if args.form_name == "storyteller":
            values["tens"] = tens_rule(args)
        print(json.dumps({"form": args.form_name, **values, **asdict(result)}, sort_keys=True))
        return 0
    lines = [f"seed {seed} (repeat with --seed {seed})"]
    if args.dice:
        lines[0] += "; rigged faces first: " + ", ".join(str(f) for f in args.dice)
    lines += args.lines(args, result)
    if unused:
        lines.append(f"({plural(unused, 'rigged face was', 'rigged faces were')} not needed)")
    print(fold("\n".join(lines)))  # 30 dice or many rigged faces run past 80 columns
    return 0


def plural(count: int, word: str, words: str) -> str:
    """Say "1 success" or "3 successes"."""
    return f"{count} {word if count == 1 else words}"


def roll_storyteller_args(args: argparse.Namespace, dice: DiceSource) -> StorytellerRoll:
    """Roll the Storyteller pool (or damage/soak) the arguments ask for."""
    tens = tens_rule(args)
    if args.damage:
        return roll_open(dice, args.pool, args.difficulty, reroll_tens=tens == "reroll")
    automatic = automatic_successes(args)
    return roll_tens(dice, args.pool, args.difficulty, automatic=automatic, tens=tens)


def _storyteller_args_lines(args: argparse.Namespace, roll: StorytellerRoll) -> list[str]:
    """Explain the roll under the rule for 10s the arguments chose."""
    return storyteller_lines(roll, tens_rule(args))


def _target(difficulty: int) -> int:
    """The difficulty a die must reach, clamped to 2-10 as the rules do."""
    return max(2, min(10, difficulty))


def storyteller_lines(roll: StorytellerRoll, tens: Tens = "off") -> list[str]:
    """Explain a scored roll: each face, cancelled successes, rerolls, net and botch.

    Args:
        roll: the roll.
        tens: what its 10s did (a damage or soak roll: ``reroll`` or ``off``).
    """
    what = f"{count_dice(roll.pool)} at difficulty {roll.difficulty}"
    if roll.required:
        what += f" (counts as 10 with {roll.required} extra successes needed)"
    if roll.open_ended and tens == "reroll":
        what += ", 10s rerolled"
    elif note := tens_note(tens, open_ended=roll.open_ended):
        what += f", {note}"
    if roll.automatic:
        what += f" with {roll.automatic} automatic success (Willpower)"
    if roll.open_ended:
        notes = _open_notes(roll)
    else:
        notes = _plain_notes(roll) + _extra_notes(roll)
        if tens == "double":
            notes = [
                n + ", counts twice" if f == 10 else n
                for f, n in zip(roll.faces, notes, strict=True)
            ]
        elif tens == "reroll":
            notes = _rerolled(roll, notes)
    width = len(str(len(roll.faces)))
    lines = [f"{what}:"]
    lines += [
        f"  die {i:>{width}}: {face:>2}  {note}"
        for i, (face, note) in enumerate(zip(roll.faces, notes, strict=True), 1)
    ]
    return [*lines, *_storyteller_summary(roll)]


def _plain_notes(roll: StorytellerRoll) -> list[str]:
    """A note per face: success, miss, or which success each 1 cancels (in rolling order)."""
    target = _target(roll.difficulty)
    pool = roll.faces[: len(roll.faces) - roll.rerolls]  # a specialty's added dice come after
    successes = [i for i, face in enumerate(pool) if face >= target]
    ones = [i for i, face in enumerate(pool) if face == 1]
    cancels = dict(zip(ones, successes, strict=False))  # the k-th 1 takes the k-th success
    cancelled_by = {s: o for o, s in cancels.items()}
    notes = []
    for i, face in enumerate(pool):
        if i in cancelled_by:
            notes.append(f"success, cancelled by die {cancelled_by[i] + 1}")
        elif face >= target:
            notes.append("success")
        elif i in cancels:
            notes.append(f"a 1: cancels die {cancels[i] + 1} ({roll.faces[cancels[i]]})")
        elif face == 1:
            notes.append("a 1, no success left to cancel")
        else:
            notes.append("miss")
    return notes


def _extra_notes(roll: StorytellerRoll) -> list[str]:
    """A note per die a specialty's 10 added: its success counts, its 1 cancels nothing."""
    target = _target(roll.difficulty)
    extra = roll.faces[len(roll.faces) - roll.rerolls :] if roll.rerolls else ()
    return [("success" if face >= target else "miss") + " (extra die)" for face in extra]


def _rerolled(roll: StorytellerRoll, notes: list[str]) -> list[str]:
    """Say where each 10's added die went (a specialty rolls its 10s again)."""
    added = roll.pool
    out = []
    for face, note in zip(roll.faces, notes, strict=True):
        if face == 10:
            added += 1
            note += f", rolls again: adds die {added}"
        out.append(note)
    return out


def _open_notes(roll: StorytellerRoll) -> list[str]:
    """A note per face: success or miss, and where each 10's extra die went."""
    target = _target(roll.difficulty)
    extra = roll.pool  # the j-th 10 rolled adds the j-th die after the pool
    notes = []
    for i, face in enumerate(roll.faces):
        note = "success" if face >= target else "miss"
        if i >= roll.pool:
            note += " (extra die)"
        if face == 10 and roll.rerolls:  # under damage_tens: plain no 10 adds a die
            extra += 1
            note += f", rerolled: adds die {extra}"
        notes.append(note)
    return notes


def _storyteller_summary(roll: StorytellerRoll) -> list[str]:
    """The count and the verdict in words."""
    count = plural(roll.successes, "success", "successes")
    if roll.open_ended:
        if roll.rerolls:
            count += f" ({plural(roll.rerolls, 'extra die', 'extra dice')} from rerolled 10s)"
        count += "; 1s do not cancel and damage or soak never botches"
    else:
        if roll.rerolls:
            count += f" ({plural(roll.rerolls, 'extra die', 'extra dice')} from 10s rolled again)"
        count += f", {roll.cancelled} cancelled by 1s"
    if roll.required:
        count += f", {roll.required} needed above difficulty 10"
    if roll.automatic:
        count += f", +{roll.automatic} automatic"
    if roll.botch:
        verdict = "botch: a 1 and no success"
    elif roll.net == 0:
        verdict = "failure: no net success"
    else:
        verdict = plural(roll.net, "net success", "net successes")
    return [count, f"result: {verdict}"]


def roll_contest_args(args: argparse.Namespace, dice: DiceSource) -> Contest:
    """Roll the Sorcerer contest the arguments ask for."""
    return roll_contest(dice, args.first, args.second)


def _faces(faces: Sequence[int]) -> str:
    """Faces high to low, or "no dice"."""
    return " ".join(str(f) for f in faces) if faces else "no dice"


def contest_lines(contest: Contest) -> list[str]:
    """Explain a contest: both sides sorted, the pairs set aside, the winner and victories."""
    lines = [
        f"first  ({count_dice(len(contest.first))}): {_faces(contest.first)}",
        f"second ({count_dice(len(contest.second))}): {_faces(contest.second)}",
    ]
    if contest.set_aside:
        pairs = ", ".join(f"{v}-{v}" for v in contest.set_aside)
        lines.append(
            f"set aside: {plural(len(contest.set_aside), 'tied pair', 'tied pairs')}, {pairs}"
        )
    if contest.winner is None:
        return [*lines, "result: complete tie, every die paired off; nobody wins"]
    winner, loser = contest.winner, "second" if contest.winner == "first" else "first"
    paired = len(contest.set_aside)
    rest_w = (contest.first if winner == "first" else contest.second)[paired:]
    rest_l = (contest.second if winner == "first" else contest.first)[paired:]
    best = rest_l[0] if rest_l else 0
    against = f"{loser}'s {best}" if rest_l else f"{loser}'s 0 ({loser} has no dice left)"
    beating = [str(f) for f in rest_w if f > best]
    return [
        *lines,
        f"{winner} wins: its {rest_w[0]} beats {against}",
        f"result: {winner} wins with {plural(contest.victories, 'victory', 'victories')}"
        f" ({' '.join(beating)} above {best})",
    ]
