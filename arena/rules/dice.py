"""The d10 and its three rolls: Storyteller successes, open-ended damage, Sorcerer contests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Final, Literal, Protocol, get_args

from arena.rules.fast import quick_init

Side = Literal["first", "second"]
Tens = Literal["off", "double", "reroll"]
"""What a 10 does on a Storyteller roll: nothing more, count twice, or add a die."""
SorcererRoll = Literal["order", "defence"]
"""The Sorcerer rolls a labelled rigged roll can name: the roll for order (whose faces are the
action's performance) and a defence roll; Werewolf names its rolls by `RollKind`."""
SORCERER_ROLLS: Final[tuple[SorcererRoll, ...]] = get_args(SorcererRoll)


class DiceSource(Protocol):
    """Where faces come from: a seeded random.Random, or RiggedDice in tests."""

    def randint(self, a: int, b: int, /) -> int:
        """Return a face between a and b inclusive."""
        ...


class DiceExhausted(Exception):
    """A rigged list ran out where the fight said that is an error."""


class RiggedMismatch(Exception):
    """A labelled rigged roll's faces did not fit the roll that took them."""


@dataclass(frozen=True, slots=True)
class LabelledRoll:
    """Rigged faces for one roll of one combatant: its next roll of that kind takes them."""

    who: str
    """The combatant id that rolls."""
    roll: str
    """Which of its rolls, e.g. ``attack`` (each ruleset names its rolls)."""
    faces: tuple[int, ...]
    """Every face the roll deals, in order (rerolled 10s included)."""
    name: str = ""
    """How messages name the entry, e.g. ``rigged[2]``."""

    def __str__(self) -> str:
        """The entry as a scenario writes it, after its name."""
        faces = ", ".join(map(str, self.faces))
        return f"{self.name} {{who: {self.who}, roll: {self.roll}, faces: [{faces}]}}".strip()


class _Deal:
    """The faces of one labelled roll, dealt to the roll that takes them and to nothing else."""

    def __init__(self, entry: LabelledRoll) -> None:
        self.entry = entry
        self.dealt = 0

    def randint(self, a: int, b: int, /) -> int:
        if self.dealt >= len(self.entry.faces):
            raise RiggedMismatch(
                f"{self.entry}: the {self.entry.roll} roll needs more than these "
                f"{len(self.entry.faces)} faces"
            )
        face = self.entry.faces[self.dealt]
        self.dealt += 1
        if not a <= face <= b:
            raise RiggedMismatch(f"{self.entry}: face {face} is outside {a}-{b}")
        return face

    def check_used(self) -> None:
        """Raise RiggedMismatch if the roll left some of the entry's faces."""
        if self.dealt < len(self.entry.faces):
            raise RiggedMismatch(
                f"{self.entry}: the {self.entry.roll} roll dealt only {self.dealt} of these "
                f"{len(self.entry.faces)} faces"
            )


class RiggedDice:
    """Deals scripted d10 faces in order, then hands over to a generator (or raises).

    Labelled rolls wait aside: a roll that asks for its faces with `for_roll` gets them.
    """

    def __init__(
        self,
        faces: Iterable[int],
        then: DiceSource | None = None,
        rolls: Iterable[LabelledRoll] = (),
    ) -> None:
        """Keep the faces to deal and what comes after them.

        Args:
            faces: d10 faces, each 1 to 10, dealt first.
            then: the source used once the faces run out; None makes running out an error.
            rolls: labelled rolls, each dealt to the first roll of its combatant and kind.

        Raises:
            ValueError: a face is not a d10 face.
        """
        self._faces = tuple(faces)
        self._rolls = tuple(rolls)
        every = [*self._faces, *(f for r in self._rolls for f in r.faces)]
        bad = [f for f in every if type(f) is not int or not 1 <= f <= 10]
        if bad:
            raise ValueError(f"rigged faces must be d10 faces 1-10, got {bad[0]!r}")
        self._then = then
        self._used = [False] * len(self._rolls)
        self._open: _Deal | None = None
        self.dealt = 0
        """How many rigged faces have been dealt so far."""

    @property
    def remaining(self) -> int:
        """How many rigged faces are still to come."""
        return len(self._faces) - self.dealt

    def randint(self, a: int, b: int, /) -> int:
        """Deal the next rigged face, or ask the generator once they are gone.

        Raises:
            DiceExhausted: the faces ran out and there is no generator behind them.
            RiggedMismatch: the labelled roll before this one left faces unused.
        """
        if self._open is not None:
            self._close()
        if self.dealt < len(self._faces):
            face = self._faces[self.dealt]
            self.dealt += 1
            if not a <= face <= b:
                raise ValueError(f"rigged face {face} is outside {a}-{b}")
            return face
        if self._then is None:
            raise DiceExhausted(f"the {len(self._faces)} rigged faces ran out")
        return self._then.randint(a, b)

    def for_roll(self, who: str, roll: str) -> DiceSource:
        """The source a roll draws from: its labelled faces if one waits for it, else this.

        Raises:
            RiggedMismatch: the labelled roll before this one left faces unused.
        """
        if self._open is not None:
            self._close()
        for index, entry in enumerate(self._rolls):
            if not self._used[index] and entry.who == who and entry.roll == roll:
                self._used[index] = True
                self._open = _Deal(entry)
                return self._open
        return self

    def left_over(self) -> tuple[str, ...]:
        """What the fight never used: a line for the plain faces, one per labelled roll.

        Raises:
            RiggedMismatch: the last labelled roll left faces unused.
        """
        self._close()
        lines = [f"rigged: {self.remaining} faces left over"] if self.remaining else []
        unused = (r for r, used in zip(self._rolls, self._used, strict=True) if not used)
        lines += [f"{r}: never rolled" for r in unused]
        return tuple(lines)

    def _close(self) -> None:
        deal, self._open = self._open, None
        if deal is not None:
            deal.check_used()


def dice_for(dice: DiceSource, who: str, roll: str) -> DiceSource:
    """The source one roll of a combatant draws from (see `RiggedDice.for_roll`).

    Args:
        dice: the fight's dice.
        who: the combatant id that rolls.
        roll: the ruleset's name for the roll (Werewolf `RollKind`, `SORCERER_ROLLS`).
    """
    return dice.for_roll(who, roll) if isinstance(dice, RiggedDice) else dice


def d10s(dice: DiceSource, count: int) -> list[int]:
    """`count` d10 faces (none when count is 0 or less), in the order `randint(1, 10)` deals.

    A plain generator (`random.Random`, every seeded fight's) is read through its public
    `getrandbits`: its own `randint(1, 10)` draws 4 bits until they make a number below 10,
    then adds 1. Drawing the same bits here gives the very same faces from the same stream
    (`test_d10s_deal_the_faces_randint_deals` holds it to that) for a call or two a die
    instead of eight; a die is rolled thousands of times a batch.
    """
    if type(dice) is Random:
        bits = dice.getrandbits
        faces = [0] * count if count > 0 else []
        for index in range(count):
            face = bits(4)
            while face > 9:
                face = bits(4)
            faces[index] = face + 1
        return faces
    randint = dice.randint
    return [randint(1, 10) for _ in range(count)]


def roll_faces(dice: DiceSource, count: int) -> tuple[int, ...]:
    """Roll `count` d10 (none when count is 0 or less)."""
    return tuple(d10s(dice, count))


@quick_init
@dataclass(frozen=True, slots=True)
class StorytellerRoll:
    """One Storyteller roll with everything a log needs to explain it."""

    pool: int
    """Dice asked for (never below 0)."""
    difficulty: int
    """The difficulty as stated, before clamping to 2-10."""
    faces: tuple[int, ...]
    """Every face rolled, in the order rolled, rerolled 10s included."""
    rerolls: int
    """How many of the faces are extra dice from rerolled 10s."""
    successes: int
    """Faces at or above the difficulty."""
    ones: int
    """Faces showing 1 (they cancel only when `ones_cancel`)."""
    cancelled: int
    """Successes cancelled by 1s."""
    required: int
    """Extra successes needed because the difficulty was above 10."""
    automatic: int
    """Automatic successes (Willpower)."""
    net: int
    """Successes that count: successes - cancelled - required + automatic, at least 0."""
    botch: bool
    """At least one 1, no success and no automatic success (never on open rolls)."""
    open_ended: bool
    """A damage or soak roll: 10s rerolled, 1s do not cancel, no botch."""
    # Fixed by the content and options a save carries, so no state hash covers it: saves made
    # before rolls recorded it still play back.
    tens: Tens = field(default="off", metadata={"hashed": False})
    """What a 10 did on a success roll (a specialty): ``off``, ``double`` or ``reroll``."""


def _clamp_difficulty(difficulty: int) -> tuple[int, int]:
    """Return (effective difficulty 2-10, extra successes required above 10)."""
    if difficulty > 10:
        return 10, difficulty - 10
    return (difficulty if difficulty > 2 else 2), 0


def _count(faces: Sequence[int], target: int) -> tuple[int, int]:
    """(faces at or above `target`, faces showing 1); `target` is at least 2."""
    successes = ones = 0
    for face in faces:  # one plain loop: scoring runs for every roll of every fight
        if face >= target:
            successes += 1
        elif face == 1:
            ones += 1
    return successes, ones


def score_storyteller(
    faces: Sequence[int], difficulty: int, *, automatic: int = 0
) -> StorytellerRoll:
    """Count a plain Storyteller roll: successes, each 1 cancels one, botch.

    Args:
        faces: the faces rolled.
        difficulty: the target number; above 10 counts as 10 plus one required success a point.
        automatic: automatic successes, such as 1 for spent Willpower.

    Returns:
        The scored roll.
    """
    target, required = _clamp_difficulty(difficulty)
    successes, ones = _count(faces, target)
    cancelled = min(ones, successes)
    net = max(0, successes - cancelled - required + automatic)
    botch = ones > 0 and successes == 0 and automatic == 0
    # Positional, in the fields' order (pool, difficulty, faces, rerolls, successes, ones,
    # cancelled, required, automatic, net, botch, open_ended): a class called with keywords
    # gathers them into a dict first, and every roll of a fight is scored here.
    return StorytellerRoll(
        len(faces),
        difficulty,
        tuple(faces),
        0,
        successes,
        ones,
        cancelled,
        required,
        automatic,
        net,
        botch,
        False,
    )


def roll_storyteller(
    dice: DiceSource, pool: int, difficulty: int, *, automatic: int = 0
) -> StorytellerRoll:
    """Roll `pool` d10 against `difficulty` (see `score_storyteller`)."""
    # The faces as dealt (`roll_faces` without its own call): scoring keeps them as a tuple.
    return score_storyteller(d10s(dice, pool), difficulty, automatic=automatic)


def score_open(faces: Sequence[int], pool: int, difficulty: int = 6) -> StorytellerRoll:
    """Count a damage or soak roll whose faces already include the rerolled 10s.

    Args:
        faces: the faces in rolling order: the pool first, then one more die per 10.
        pool: how many of the faces were the original pool.
        difficulty: the target number, 6 unless an option says otherwise.

    Returns:
        The scored roll; 1s neither cancel nor botch.
    """
    target, required = _clamp_difficulty(difficulty)
    successes, ones = _count(faces, target)
    net = successes - required
    # Positional, in the fields' order, as `score_storyteller` makes its roll.
    return StorytellerRoll(
        pool,
        difficulty,
        tuple(faces),
        len(faces) - pool,
        successes,
        ones,
        0,
        required,
        0,
        net if net > 0 else 0,
        False,
        True,
    )


def roll_open(
    dice: DiceSource, pool: int, difficulty: int = 6, *, reroll_tens: bool = True
) -> StorytellerRoll:
    """Roll damage or soak: every 10 adds another die, which may be a 10 again.

    With ``reroll_tens`` False (the ``plain`` house rule) a 10 is one success and adds no die;
    1s still neither cancel nor botch.
    """
    faces: list[int] = []
    to_roll = max(0, pool)
    while to_roll:
        # Each 10 of a batch adds a die to the next: the same dice in the same order as one
        # die at a time.
        drawn = d10s(dice, to_roll)
        faces += drawn
        to_roll = drawn.count(10) if reroll_tens else 0
    return score_open(faces, max(0, pool), difficulty)


def score_tens(
    faces: Sequence[int], pool: int, difficulty: int, *, automatic: int = 0, tens: Tens = "off"
) -> StorytellerRoll:
    """Count a Storyteller roll made with a specialty: a 10 counts twice, or added a die.

    Args:
        faces: the faces in rolling order: the pool first, then (``reroll``) one more die per 10.
        pool: how many of the faces were the original pool.
        difficulty: the target number, as for `score_storyteller`.
        automatic: automatic successes.
        tens: ``off`` a plain roll; ``double`` each 10 of the pool is two successes;
            ``reroll`` each 10 added a die, whose success counts but whose 1 neither cancels
            nor botches.

    Returns:
        The scored roll; `successes` includes the doubled 10s and the added dice's successes.
    """
    base = score_storyteller(faces[:pool], difficulty, automatic=automatic)
    target, required = _clamp_difficulty(difficulty)
    if tens == "double":
        more = faces[:pool].count(10)
    elif tens == "reroll":
        more = _count(faces[pool:], target)[0]
    else:
        return base
    successes = base.successes + more
    net = max(0, successes - base.cancelled - required + automatic)
    # The pool's own count stands; only the extra successes and the added dice change it.
    return replace(
        base,
        faces=tuple(faces),
        rerolls=len(faces) - pool,
        successes=successes,
        net=net,
        tens=tens,
    )


def roll_tens(
    dice: DiceSource, pool: int, difficulty: int, *, automatic: int = 0, tens: Tens = "off"
) -> StorytellerRoll:
    """Roll a Storyteller pool whose 10s follow `tens` (see `score_tens`).

    With ``off`` it deals exactly the dice `roll_storyteller` deals and scores them the same.
    """
    if tens == "off":
        return roll_storyteller(dice, pool, difficulty, automatic=automatic)
    faces = d10s(dice, pool)  # a list of its own, to grow by the rerolled 10s
    if tens == "reroll":
        extra = faces.count(10)
        while extra:
            drawn = d10s(dice, extra)
            faces += drawn
            extra = drawn.count(10)
    return score_tens(faces, max(0, pool), difficulty, automatic=automatic, tens=tens)


@quick_init
@dataclass(frozen=True, slots=True)
class Contest:
    """A Sorcerer contest: both sides' faces, the tied pairs set aside, winner, victories."""

    first: tuple[int, ...]
    """The first side's faces, high to low."""
    second: tuple[int, ...]
    """The second side's faces, high to low."""
    set_aside: tuple[int, ...]
    """The value of each tied top pair set aside, one entry per pair."""
    winner: Side | None
    """Who won, or None for a complete tie."""
    victories: int
    """The winner's remaining dice strictly above the loser's best remaining die."""

    @property
    def complete_tie(self) -> bool:
        """Every die paired off: nobody wins."""
        return self.winner is None


def resolve_contest(first: Sequence[int], second: Sequence[int]) -> Contest:
    """Compare two rolls as Sorcerer does: highest dice first, tied top pairs set aside.

    Args:
        first: the first side's faces, in any order.
        second: the second side's faces, in any order.

    Returns:
        The contest; a side left with no dice counts as highest 0.
    """
    a = tuple(sorted(first, reverse=True))
    b = tuple(sorted(second, reverse=True))
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    rest_a, rest_b = a[i:], b[i:]
    best_a = rest_a[0] if rest_a else 0
    best_b = rest_b[0] if rest_b else 0
    if best_a == best_b:
        return Contest(a, b, a[:i], None, 0)
    # Counted in loops, not sum() over a generator: every Sorcerer roll is a contest.
    if best_a > best_b:
        return Contest(a, b, a[:i], "first", _above(rest_a, best_b))
    return Contest(a, b, a[:i], "second", _above(rest_b, best_a))


def _above(faces: tuple[int, ...], best: int) -> int:
    """How many faces beat `best`."""
    count = 0
    for face in faces:
        if face > best:
            count += 1
    return count


def roll_contest(dice: DiceSource, first_pool: int, second_pool: int) -> Contest:
    """Roll both pools (the first side's dice first) and resolve the contest."""
    first = roll_faces(dice, first_pool)
    return resolve_contest(first, roll_faces(dice, second_pool))
