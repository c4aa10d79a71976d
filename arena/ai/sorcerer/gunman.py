"""The Sorcerer gunman: aims, keeps its range, and uses cover."""

from __future__ import annotations

from arena.ai.look import closest, covered, foes, grid, seen_by
from arena.ai.pick import Level, Pick, picked, tagged
from arena.ai.sorcerer.fighters import attack_score, thug
from arena.ai.sorcerer.situation import THREAT, contest_of, defence, harm_of, strike
from arena.ai.sorcerer.values import gain
from arena.rules.actions import Attack
from arena.rules.grid import Cell, distance, line_of_sight
from arena.rules.sorcerer.commands import Aim
from arena.rules.views import Choice, CombatantView, Decision, FightView
from arena.words.core import Phrase


def _guns(decision: Decision) -> set[str]:
    """Weapons it can aim: its firearms."""
    return {c.command.means for c in tagged(decision, "aim") if isinstance(c.command, Aim)}


def _shots(decision: Decision, guns: set[str]) -> list[Choice]:
    return [
        c
        for c in tagged(decision, "attack")
        if isinstance(c.command, Attack) and c.command.means in guns
    ]


def _aimed(me: CombatantView, shot: Choice) -> bool:
    """Its shot carries no unaimed penalty: it aimed at this target last round."""
    spec = contest_of(shot)
    return spec is not None and spec.own >= defence(me)


def _best_shot(
    view: FightView, me: CombatantView, shots: list[Choice], level: Level
) -> tuple[float, Choice, Phrase] | None:
    scored = [(*attack_score(view, me, c, level), i, c) for i, c in enumerate(shots)]
    if not scored:
        return None
    value, why, _, choice = max(scored, key=lambda s: (s[0], -s[2]))
    return value, choice, why


def _aim_worth(view: FightView, aim: Choice, me: CombatantView) -> float:
    """Expected victories of the aimed shot next round, spread over the two rounds it takes."""
    spec = contest_of(aim)
    mine, theirs = (spec.own, spec.opposing) if spec is not None else (defence(me), 1)
    target = view.combatant(aim.target)
    extra = gain(mine, theirs)  # the aim's victories roll over to the shot
    return strike(target, harm_of(aim), defence(me) + round(extra), defence(target)) / 2


def _retreat(view: FightView, decision: Decision, me: CombatantView) -> Choice | None:
    """A cell out of every enemy's striking distance, in sight of one of them, in cover."""
    enemies = foes(view, me)
    spots = [
        c
        for c in tagged(decision, "move")
        if c.cell is not None
        and closest(c.cell, enemies) > THREAT
        and _in_sight(view, c.cell, enemies)
    ]
    if not spots:
        return None
    return max(
        spots,
        key=lambda c: (
            covered(view, c.cell or me.pos, enemies),
            -distance(me.pos, c.cell or me.pos),
        ),
    )


def _in_sight(view: FightView, spot: Cell, enemies: list[CombatantView]) -> bool:
    """In sight of at least one enemy (stops at the first that sees it)."""
    g = grid(view)
    return any(line_of_sight(g, spot, e.pos) for e in enemies)


def gunman(view: FightView, decision: Decision, level: Level) -> Pick:
    """Shoot an aimed shot; shoot point blank when cornered; back off; take cover; aim."""
    me = view.combatant(decision.actor)
    guns = _guns(decision)
    shots = _shots(decision, guns)
    if not guns and not shots:
        return thug(view, decision, level)
    aimed = [c for c in shots if _aimed(me, c)]
    found = _best_shot(view, me, aimed, level)
    if found is not None:
        return picked(found[1], "ai_shoots_aimed", view.combatant(found[1].target).name)
    enemies = [c for c in foes(view, me) if c.status == "active"]
    near = [c for c in enemies if distance(me.pos, c.pos) <= THREAT]
    if any(distance(me.pos, c.pos) <= 1 for c in near):
        found = _best_shot(view, me, shots, level)
        if found is not None:
            return picked(found[1], "ai_point_blank", found[2])
        return thug(view, decision, level)
    if near and level != "easy":
        spot = _retreat(view, decision, me)
        if spot is not None:
            return picked(spot, "ai_keeps_range", near[0].name, distance(me.pos, near[0].pos))
    if level != "easy" and enemies and not covered(view, me.pos, enemies):
        spot = _retreat(view, decision, me)
        if spot is not None and covered(view, spot.cell or me.pos, enemies):
            return picked(spot, "ai_takes_cover")
    return _aim_or_shoot(view, decision, me, shots, level)


def _aim_or_shoot(
    view: FightView, decision: Decision, me: CombatantView, shots: list[Choice], level: Level
) -> Pick:
    aims = [(_aim_worth(view, c, me), -i, c) for i, c in enumerate(tagged(decision, "aim"))]
    shot = _best_shot(view, me, shots, level)
    aim = max(aims, key=lambda s: (s[0], s[1])) if aims else None
    if aim is not None and (shot is None or aim[0] > shot[0]):
        name = view.combatant(aim[2].target).name
        if shot:
            return picked(aim[2], "ai_aims_over", name, aim[0], shot[0])
        return picked(aim[2], "ai_aims", name, aim[0])
    if shot is not None:
        return picked(shot[1], "ai_shoots_now", shot[2])
    return _close_for_a_shot(view, decision, me, level)


def _close_for_a_shot(view: FightView, decision: Decision, me: CombatantView, level: Level) -> Pick:
    """Nothing to shoot: move to a cell in sight of the weakest enemy, just out of its reach."""
    enemies = foes(view, me)
    if not enemies:
        return thug(view, decision, level)
    target = min(enemies, key=lambda c: (defence(c), distance(me.pos, c.pos)))
    g = [
        c
        for c in tagged(decision, "move")
        if c.cell is not None and seen_by(view, c.cell, [target])
    ]
    if not g:
        return thug(view, decision, level)
    spot = min(
        g,
        key=lambda c: (
            abs(distance(c.cell or me.pos, target.pos) - THREAT - 1),
            -covered(view, c.cell or me.pos, enemies),
        ),
    )
    return picked(spot, "ai_into_sights", target.name)
