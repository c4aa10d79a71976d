"""A demon's own "best" judgment: the rules' choice from Need and Desire, as one of its choices."""

from __future__ import annotations

from collections.abc import Sequence

from arena.ecs.ruleset import Ctx
from arena.ecs.sorcerer.queries import (
    cell,
    demon,
    entity,
    fighter,
    foes,
    grid,
    ident,
    in_fight,
    master_of,
    name_of,
    scores,
    task,
)
from arena.rules.actions import Attack, Move
from arena.rules.commands import Command
from arena.rules.grid import distance, line_of_sight
from arena.rules.phrase import Phrase, Text
from arena.rules.sorcerer import DESIRE_INTENTS, Intent, Judgment, Situation, own_judgment
from arena.rules.sorcerer.commands import Hop, TotalDefense
from arena.rules.views import Choice


def _threat_range(ctx: Ctx) -> int:
    """An enemy within reach after closing in threatens (1 + the close-in cells)."""
    return 1 + task(ctx, "close_in").cells


def situation(ctx: Ctx, ent: int) -> Situation:
    """What an uncommanded demon sees: its master's and its own attackers, every enemy."""
    me = fighter(ent)
    state, master = me.demon, master_of(ent)
    them = foes(me)
    reach = _threat_range(ctx)
    near_master: tuple[str, ...] = ()
    if master is not None and in_fight(master):
        boss = fighter(master)
        spot = (boss.pos.x, boss.pos.y)
        # By (distance, place in the roster): no two share a place, so no key is called.
        near = sorted([(distance(spot, (o.pos.x, o.pos.y)), o.who.roster, o) for o in them])
        near_master = tuple([o.who.cid for d, _, o in near if d <= reach])
    here = (me.pos.x, me.pos.y)
    return Situation(
        master_feeds_need=bool(state and state.need_fed and master is not None),
        master_attackers=near_master,
        own_attackers=tuple(
            [o.who.cid for o in them if distance(here, (o.pos.x, o.pos.y)) <= reach]
        ),
        enemies=tuple([o.who.cid for o in them]),
    )


def judge(ctx: Ctx, ent: int, choices: Sequence[Choice]) -> tuple[str, Text, Judgment]:
    """The key of the choice a demon's own judgment takes, why, and the rules' judgment.

    Raises:
        ValueError: the combatant is not a demon.
    """
    state = demon(ent)
    if state is None:
        raise ValueError(f"not_a_demon: {ident(ent).cid}")
    j = own_judgment(state.desire, situation(ctx, ent))
    key, how = _pick(ctx, ent, j, choices)
    reason: Text = j.reason
    if j.target is not None and j.reason:
        # The rules speak of combatants by id; the log names them.
        reason = Phrase("named", (j.reason, j.target, name_of(j.target)))
    return key, reason if how is None else Phrase(how, (reason,)), j


def _pick(ctx: Ctx, ent: int, j: Judgment, choices: Sequence[Choice]) -> tuple[str, str | None]:
    """The key of the choice taken, and the template id of why, if the choice needs one."""
    moves = [c for c in choices if "move" in c.tags and c.cell is not None]
    if j.intent == "attack" and j.target is not None and not scores(ent).weapons:
        return "total_defense", "sorc_judged_unarmed"
    if j.intent == "attack" and j.target is not None:
        hits = [c for c in choices if "attack" in c.tags and c.target == j.target]
        if hits:
            return hits[0].key, None
        there = cell(entity(j.target))
        if moves:
            best = min(moves, key=lambda c: distance(c.cell or there, there))
            return best.key, "sorc_judged_closing"
    if j.intent == "hide" and moves:
        return _hiding_place(ctx, ent, moves).key, None
    return "total_defense", None


def _hiding_place(ctx: Ctx, ent: int, moves: Sequence[Choice]) -> Choice:
    """Out of every enemy's sight if it can, then as far from the nearest enemy as it can."""
    spots = [(o.pos.x, o.pos.y) for o in foes(fighter(ent))]
    g = grid(ctx)

    def score(c: Choice) -> tuple[int, int]:
        spot = c.cell or cell(ent)
        seen = sum(1 for f in spots if line_of_sight(g, spot, f))
        nearest = min((distance(spot, f) for f in spots), default=0)
        return (seen, -nearest)

    return min(moves, key=score)


def desired_intent(desire: str) -> Intent | None:
    """The intention a Desire drives, as the rules read it (None: no stake in a fight)."""
    return DESIRE_INTENTS.get(desire.strip().lower().replace("_", "-").replace(" ", "-"))


def serves_desire(desire: str, order: Command) -> bool:
    """Whether an order is what the demon's Desire wants anyway."""
    intent = desired_intent(desire)
    match order:
        case Attack():
            return intent == "attack"
        case TotalDefense():
            return intent in ("total_defense", "hide")
        case Move() | Hop():
            return intent == "hide"
    return False
