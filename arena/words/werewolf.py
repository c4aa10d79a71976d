"""Werewolf words drawn from numbers: rolls, counts, actions and the notes of a roll's pool."""

from __future__ import annotations

from arena.rules.dice import StorytellerRoll
from arena.rules.views import WerewolfHealth
from arena.rules.werewolf.health import HEALTH_LEVELS
from arena.rules.werewolf.initiative import Track
from arena.words.core import Text, bare, dice
from arena.words.obstacles import JUMP_PART


def successes(count: int) -> str:
    """``1 success``, ``3 successes``."""
    return f"{count} success" if count == 1 else f"{count} successes"


def faces(roll: StorytellerRoll) -> str:
    """A roll's faces and result in words, e.g. ``[8, 6, 1] at 6: 1 success``."""
    shown = ", ".join(map(str, roll.faces))
    extra = []
    if roll.rerolls:
        extra.append(f"{roll.rerolls} rerolled 10s")
    if roll.cancelled:
        extra.append(f"{roll.cancelled} cancelled by 1s")
    if roll.required:
        extra.append(f"{roll.required} more needed above 10")
    if roll.automatic:
        extra.append(f"{roll.automatic} automatic (Willpower)")
    note = f" ({'; '.join(extra)})" if extra else ""
    botch = ", a botch" if roll.botch else ""
    return f"[{shown}] at {roll.difficulty}: {successes(roll.net)}{note}{botch}"


def levels(count: int) -> str:
    """``1 level``, ``3 levels`` of damage."""
    return "1 level" if count == 1 else f"{count} levels"


def who_soaks(kind: str, breed_form: bool) -> str:
    """What a kind of being soaks (a Garou: by whether it is in its breed form)."""
    if kind == "garou":
        where = "in its breed form" if breed_form else "out of its breed form"
        return (
            f"a Garou {where}: soaks bashing and lethal, aggravated only out of its breed "
            "form, silver only in it"
        )
    if kind == "spirit":
        return "spirits soak everything but silver"
    return "humans and fomori soak bashing damage only"


def extra_actions(amount: int) -> str:
    """``1 extra action``, ``2 extra actions``."""
    return "1 extra action" if amount == 1 else f"{amount} extra actions"


_ACT_WORDS = {"sideways": "step sideways", "stand": "stand up", "break_free": "break free"}


def act_words(kind: str, first: str = "", second: str = "", cell: object = None) -> str:
    """An action in words: ``punch Tom``, ``dodge``, ``move to (3, 4)``, ``shift to Crinos``.

    `first` and `second` are an attack's means and target, or a shift's form, by name.
    """
    if kind == "attack":
        return f"{first} {second}"
    if kind == "move":
        return f"move to {cell}"
    if kind == "jump":
        return JUMP_PART.format(cell)
    if kind == "shift":
        return f"shift to {first}"
    return _ACT_WORDS.get(kind, kind)


def roll_why(traits: tuple[str, ...], numbers: tuple[int, ...], notes: tuple[Text, ...]) -> str:
    """How a roll's pool and difficulty were made: ``Dexterity + Brawl, 6 dice at ...``."""
    pool, difficulty, split_dice, penalty, wound = numbers
    rolled = " + ".join(t.capitalize() for t in traits)
    wounds = f"wound penalty -{wound}, " if wound else ""
    dice_note = f"{dice(split_dice)} split off" if split_dice >= 0 else dice(pool)
    split = f" + {penalty} split" if penalty else ""
    said = ", ".join(bare(n) for n in notes)
    return f"{rolled}, {wounds}{dice_note} at difficulty {difficulty} ({said}{split})"


def capitalized(words: str) -> str:
    """The words with a capital first letter, the rest as ``str.capitalize`` leaves them."""
    return words.capitalize()


def being(kind: str, breed: str | None, auspice: str | None) -> str:
    """What a combatant is: its kind, or a Garou's breed and auspice (``homid Ahroun Garou``)."""
    if breed is None:
        return kind
    return f"{breed} {auspice or ''} Garou".strip()


def segment_acting(where: str, names: tuple[str, ...]) -> str:
    """Whose segment it is: ``Segment 4: Tom, Vilna act.``."""
    return f"{where}: {', '.join(names)} {'act' if len(names) > 1 else 'acts'}."


def lowered(words: str) -> str:
    """The words in lower case, for a note said inside a sentence."""
    return words.lower()


def upper_first(words: str) -> str:
    """The words with their first letter a capital, the rest as they are: ``Punch``."""
    return words[:1].upper() + words[1:]


def intention_words(parts: tuple[tuple[Text, int], ...]) -> str:
    """Declared actions with their dice: ``punch Vilna (2 dice) + dodge (2 dice)``.

    A part's dice below 0: none shown.
    """
    return " + ".join([f"{bare(act)} ({dice(n)})" if n >= 0 else bare(act) for act, n in parts])


def segment_list(segments: tuple[int, ...]) -> str:
    """Segments listed: ``3, 1``."""
    return ", ".join(map(str, segments))


def order_lines(track: Track) -> tuple[Text, ...]:
    """The segment track a line each: ``9: Vilna``, ``5: Tom, Thug``, ``after: Vilna`` (w20).

    Only active combatants are on it; a tick below 0 is a w20 Rage action after everyone's first.
    """
    ticks: dict[int, list[str]] = {}
    shown: dict[int, int] = {}
    for name, status, slots in track:
        if status != "active":
            continue
        for slot in slots:
            tick = slot[0]
            names = ticks.get(tick)
            if names is None:
                ticks[tick], shown[tick] = [name], slot[1]
            elif name not in names:
                names.append(name)
    return tuple(
        [
            f"{shown[tick] if tick >= 0 else 'after'}: {', '.join(ticks[tick])}"
            for tick in sorted(ticks, reverse=True)
        ]
    )


def track_words(track: Track) -> str:
    """The segment track on one line: ``9: Vilna; 5: Tom, Thug``."""
    return "; ".join(map(bare, order_lines(track)))


def standings(people: tuple[tuple[str, str, Text], ...]) -> str:
    """How everyone stands: ``Tom: active, Hurt (-1); Vilna: dead, Dead``."""
    return "; ".join([f"{name}: {status}, {bare(health)}" for name, status, health in people])


def health_words(health: WerewolfHealth) -> str:
    """Health in words, drawn from its numbers (bare: the wording in force applies where shown).

    ``Healthy``, ``Hurt (-1)``, ``Incapacitated``, ``Dead``; a spirit's ``Essence 5/8`` or
    ``Dissipated``.
    """
    if health.essence_max:
        if health.essence <= 0:
            return "Dissipated"
        return f"Essence {health.essence}/{health.essence_max}"
    if health.dead:
        return "Dead"
    if not health.filled:
        return "Healthy"
    level = HEALTH_LEVELS[min(health.filled, len(HEALTH_LEVELS)) - 1]
    if level.incapacitated:
        return level.name
    return f"{level.name} ({-level.penalty})"


def penalty_stated(health: WerewolfHealth) -> int:
    """The dice penalty `health_words` states, e.g. 1 for ``Hurt (-1)`` (0: it states none)."""
    if health.essence_max or health.dead or not health.filled:
        return 0
    level = HEALTH_LEVELS[min(health.filled, len(HEALTH_LEVELS)) - 1]
    return 0 if level.incapacitated else level.penalty


def wounds_words(health: WerewolfHealth) -> str:
    """Health and what fills the track, worst first: ``Wounded (-2): 1 lethal, 2 bashing``."""
    kinds = (
        ("aggravated", health.aggravated),
        ("lethal", health.lethal),
        ("bashing", health.bashing),
    )
    parts = [f"{count} {kind}" for kind, count in kinds if count]
    level = health_words(health)
    return f"{level}: {', '.join(parts)}" if parts else level
