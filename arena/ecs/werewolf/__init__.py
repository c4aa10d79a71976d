"""The Werewolf ruleset: components, and one system per step of the seed's combat flow.

The order of play is written down once, in `flow` (STEPS for the turn, PHASES for a segment).
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.content.scenario import OptionValue
from arena.ecs.ruleset import Ctx, Ruleset
from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.accept import accept
from arena.ecs.werewolf.flow import STEPS
from arena.ecs.werewolf.spawn import spawn
from arena.ecs.werewolf.steps import NEXT, event
from arena.ecs.werewolf.view import board, options_record, standing
from arena.ecs.werewolf.view import view as fight_view
from arena.rules.events import Datum, Event
from arena.rules.phrase import Phrase
from arena.rules.views import FightView
from arena.rules.werewolf.options import WerewolfOptions
from arena.rules.werewolf.options import parse_options as parse_rules_options


def parse_options(preset: str, values: Mapping[str, OptionValue]) -> WerewolfOptions:
    """The preset's defaults with the scenario's options over them.

    Raises:
        ValueError: an unknown preset or option, or an illegal value.
    """
    return parse_rules_options(preset, values)


def end_round(ctx: Ctx) -> tuple[Event, ...]:
    """A new turn, unless at most one side has anyone left in the fight."""
    standing = lookup.sides_standing()
    if len(standing) > 1:
        return ()
    ctx.clock.over = True
    ctx.clock.winner = standing[0] if standing else None
    if standing:
        # Those still in the fight: the fallen of the winning side did not win it.
        side = standing[0]
        names = [w.name for e, w in lookup.roster() if w.side == side and lookup.is_active(e)]
        ctx.clock.outcome = Phrase("won_by", (tuple(names), side))
    else:
        ctx.clock.outcome = Phrase("ww_nobody_left_standing")
    return ()


def finish(ctx: Ctx) -> tuple[Event, ...]:
    """Say how the fight ended, and how everyone stands."""
    # Each one's name, status and health as the view shows them, without making that whole
    # view: a batch makes none of the fight's last moment.
    people = [
        (f.who.name, cid, status, health)
        for f, (cid, _, status, health, _, _) in zip(lookup.fighters(), standing(ctx), strict=True)
    ]
    states = Phrase(
        "standings", (tuple([(name, status, words) for name, _, status, words in people]),)
    )
    turns = "1 turn" if ctx.clock.round == 1 else Phrase("ww_n_turns", (ctx.clock.round,))
    text = Phrase("ww_fight_over_after", (turns, ctx.clock.outcome))
    data: dict[str, Datum] = {
        "winner": ctx.clock.winner,
        "turns": ctx.clock.round,
        "status": {cid: status for _, cid, status, _ in people},
    }
    return (event(ctx, "fight_ended", NEXT, text, why=states, data=data),)


def view(ctx: Ctx) -> FightView:
    """The fight as everyone sees it."""
    return fight_view(ctx, RULESET.steps[ctx.clock.step][0])


RULESET = Ruleset(
    name="werewolf",
    steps=STEPS,
    parse_options=parse_options,
    options_record=options_record,
    spawn=spawn,
    accept=accept,
    end_round=end_round,
    finish=finish,
    view=view,
    standing=standing,
    board=board,
)
