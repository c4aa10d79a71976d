"""Once nobody is left whom the Delirium could strike, its checks stop looking."""

from __future__ import annotations

from arena.ecs.werewolf import lookup
from arena.ecs.werewolf.delirium import delirium_checks


def test_the_checks_look_on_until_everyone_who_could_be_struck_was(make_fight):
    fight = make_fight(
        ("ah", "ahroun_crinos", "north", 1),
        ("dummy", "dummy", "south", 7),  # behind a wall: it cannot see the Crinos yet
        max_rounds=1,
        strict=False,
    )
    assert "delirium" not in [e.kind for e in fight.events]
    ctx = fight._ctx
    with fight._world.entered():
        memo, dummy = lookup.memo(), lookup.fighter_of("dummy")
        assert delirium_checks(ctx) == []
        assert not memo.delirium_spent  # the dummy may still see it
        dummy.pos.x, dummy.pos.y = 1, 2  # in plain sight of the Crinos
        (seen,) = delirium_checks(ctx)
        assert (seen.kind, seen.actor, seen.data["sees"]) == ("delirium", "dummy", "ah")
        assert delirium_checks(ctx) == []  # a reaction is for the whole fight
        assert memo.delirium_spent


def test_garou_alone_spend_the_delirium_at_the_first_check(make_fight):
    fight = make_fight(
        ("ah", "ahroun_crinos", "north", 1),
        ("tom", "tom", "south", 2),
        max_rounds=1,
        strict=False,
    )
    with fight._world.entered():
        assert lookup.memo().delirium_spent  # no Garou suffers the Delirium
        assert delirium_checks(fight._ctx) == []
