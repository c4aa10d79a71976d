"""The AI ladder: each difficulty level against the one below, then the policies' own rows.

Run from the repository: ``python bench/bench_ai.py``. By default it prints the ladder: in four
mirror matches (Werewolf duel, Werewolf thug brawl, Sorcerer duel, Sorcerer street gang), each
named level (``arena.ai.levels``: easy, normal, hard, expert) against the level below, 400
fights a row, with 95% intervals. ``--fights N`` plays N fights a row (``--expert-fights N``
for the expert rows, whose fights cost far more); ``--level L`` (repeatable) plays only the rows
of that level against the one below; ``--matchup KEY`` (repeatable: ww-duel, ww-brawl, so-duel,
so-gang) only those matchups; ``--ai-budget MS`` per expert decision; ``--jobs N`` worker
processes. Goals of the ladder: no level below the one under it by more than two standard
errors in any row; the expert at least 60% against the level below in both gang rows.

``--rows policies`` prints the policies' own rows instead (``--only expert|tactical|naive``
picks one kind): each row is a batch of fights under fixed seeds in a mirror match: the same
fighters on both sides, one side played by the first policy, the other by the second. Half the
fights swap which side plays which, so neither the spawn points nor the order of the roster
favour a policy. A draw counts as a fight not won. Each row says what it shows. Goals:

- the expert level (rollouts of each sensible choice) wins at least 60% against the same
  policy without look-ahead, in both rulesets, duel and gang;
- a tactical policy wins at least 60% of its mirror matches against the naive one;
- where neither side spends Rage (thugs, Sorcerer), the naive policy wins at least 80% against
  random legal choices: attacking on purpose beats acting at random. In the Garou duels the
  naive policy never spends Rage and random play sometimes does, so those rows have no goal:
  they show what never spending Rage costs against aimless play that spends it;
- the median time of one (non-expert) AI decision is at most 1 ms.

The expert rows also print the median time of one expert decision, look-ahead and all, over
a few fights per row played in this process (no goal: it follows ``--ai-budget``).
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass

from arena.ai import choose_with_reason
from arena.ai.levels import LADDER, Rung, policy_at
from arena.content.loader import Catalog, default_content_root, load_catalog
from arena.content.scenario import CombatantDef, ScenarioDef
from arena.engine import Fight
from arena.engine.expert import DEFAULT_BUDGET_MS, budget, is_expert, set_budget
from arena.engine.expert import choose as expert_choose
from arena.sim import Setup, default_jobs, derive_seed, play, wilson

SEED = 2024
TIMING_FIGHTS = 20
EXPERT_TIMING_FIGHTS = 4
"""Fights per expert row whose expert decisions are timed (each costs far more)."""
CHUNK = 25


@dataclass(frozen=True, slots=True)
class Matchup:
    """A mirror match: a team of templates against the same team."""

    ruleset: str
    title: str
    base: str
    """The shipped scenario whose map, preset and options it borrows."""
    map: str
    team: tuple[str, ...]
    """Templates, one fighter each."""
    spawns: tuple[tuple[int, ...], tuple[int, ...]]
    first: tuple[str, ...]
    """The first policy for each fighter of the team."""
    second: tuple[str, ...]
    goal: float | None
    """The first policy's win rate to reach, or None: the row shows a figure, with no goal."""
    shows: str = ""
    """What the row measures, in a few words."""


DUEL = ((1,), (2,))
PAIR = ((1, 2), (5, 6))
TRIO = ((1, 2, 3), (5, 6, 7))
GANG = ("bruiser", "clubber", "cutter")
EXPERT = "expert"
ROWS = (
    # ruleset, title, borrowed scenario, map, team, spawns, first, second, goal, shows
    ("werewolf", "Garou duel, Crinos", "werewolf-duel", "duel", ("spiral",), DUEL,
     "garou/expert", "garou", 0.6, "look-ahead over the same policy"),
    ("werewolf", "Thug brawl, 3 a side", "werewolf-thugs", "pit", ("thug", "knifer", "thug"), TRIO,
     "thug/expert", "thug", 0.6, "look-ahead over the same policy"),
    ("sorcerer", "Duel", "sorcerer-duel", "duel", ("rook",), DUEL,
     "thug/expert", "thug", 0.6, "look-ahead over the same policy"),
    ("sorcerer", "Street gang, 3 a side", "sorcerer-vs-thugs", "pit", GANG, TRIO,
     "thug/expert", "thug", 0.6, "look-ahead over the same policy"),
    ("werewolf", "Garou duel, Crinos", "werewolf-duel", "duel", ("spiral",), DUEL,
     "garou", "nearest", 0.6, "tactics over naive play"),
    ("werewolf", "Garou duel, Homid", "werewolf-duel", "duel", ("vilna",), DUEL,
     "garou", "nearest", 0.6, "tactics over naive play"),
    ("werewolf", "Thug brawl, 3 a side", "werewolf-thugs", "pit", ("thug", "knifer", "thug"), TRIO,
     "thug", "nearest", 0.6, "tactics over naive play"),
    ("werewolf", "Shootout, 2 a side", "werewolf-thugs", "pit", ("operative",) * 2, PAIR,
     "shooter", "nearest", 0.6, "tactics over naive play"),
    ("werewolf", "Garou duel, Crinos", "werewolf-duel", "duel", ("spiral",), DUEL,
     "nearest", "random", None, "cost of never spending Rage"),
    ("werewolf", "Garou duel, Homid", "werewolf-duel", "duel", ("vilna",), DUEL,
     "nearest", "random", None, "cost of never spending Rage"),
    ("werewolf", "Thug brawl, 3 a side", "werewolf-thugs", "pit", ("thug", "knifer", "thug"), TRIO,
     "nearest", "random", 0.8, "aim over aimless play"),
    ("sorcerer", "Duel", "sorcerer-duel", "duel", ("rook",), DUEL, "thug", "nearest", 0.6,
     "tactics over naive play"),
    ("sorcerer", "Street gang, 3 a side", "sorcerer-vs-thugs", "pit", GANG, TRIO,
     "thug", "nearest", 0.6, "tactics over naive play"),
    ("sorcerer", "Gunmen, 2 a side", "sorcerer-vs-thugs", "pit", ("gunman",) * 2, PAIR,
     "gunman", "nearest", 0.6, "tactics over naive play"),
    ("sorcerer", "Duel", "sorcerer-duel", "duel", ("rook",), DUEL, "nearest", "random", 0.8,
     "aim over aimless play"),
    ("sorcerer", "Street gang, 3 a side", "sorcerer-vs-thugs", "pit", GANG, TRIO,
     "nearest", "random", 0.8, "aim over aimless play"),
)  # fmt: skip
"""The ladder's rows: expert against tactical (goal 60%), tactical against naive (60%), then
naive against random (80% where neither side spends Rage; no goal in the Garou duels)."""


def _ladder() -> tuple[Matchup, ...]:
    found = []
    for ruleset, title, base, where, team, spawns, first, second, goal, shows in ROWS:
        n = len(team)
        found.append(
            Matchup(
                ruleset, title, base, where, team, spawns, (first,) * n, (second,) * n, goal, shows
            )
        )
    return tuple(found)


MATCHUPS = (
    # key, ruleset, title, borrowed scenario, map, team, spawns, policy
    ("ww-duel", "werewolf", "Werewolf duel", "werewolf-duel", "duel", ("spiral",), DUEL, "garou"),
    ("ww-brawl", "werewolf", "Werewolf thug brawl", "werewolf-thugs", "pit",
     ("thug", "knifer", "thug"), TRIO, "thug"),
    ("so-duel", "sorcerer", "Sorcerer duel", "sorcerer-duel", "duel", ("rook",), DUEL, "thug"),
    ("so-gang", "sorcerer", "Sorcerer street gang", "sorcerer-vs-thugs", "pit", GANG, TRIO,
     "thug"),
)  # fmt: skip
"""The ladder's four mirror matches, each played by one policy at two levels."""
GANG_ROWS = ("ww-brawl", "so-gang")
"""Where the expert's goal is 60% against the level below."""


def ladder_rows(
    levels: list[str], keys: list[str], against: str | None = None
) -> list[tuple[Rung, Matchup]]:
    """Each level against the one below (or ``against``), in each matchup (those asked, or all)."""
    found = []
    for rung in LADDER:
        below = against or rung.below
        if below is None or below == rung.name or (levels and rung.name not in levels):
            continue
        for key, ruleset, title, base, where, team, spawns, policy in MATCHUPS:
            if keys and key not in keys:
                continue
            n = len(team)
            first, second = policy_at(policy, rung.name), policy_at(policy, below)
            goal = 0.6 if rung.name == EXPERT and key in GANG_ROWS else None
            found.append(
                (
                    rung,
                    Matchup(
                        ruleset, title, base, where, team, spawns, (first,) * n, (second,) * n,
                        goal, f"{rung.name} v {below}",
                    ),
                )
            )  # fmt: skip
    return found


def run_ladder(args: argparse.Namespace) -> int:
    """Play and print the ladder; exit 1 if a row is below its level's floor or goal."""
    print(
        f"the ladder: each level against the one below, sides swapped for half "
        f"(seed {SEED}, expert budget {budget()} ms)"
    )
    rows = []
    for rung, m in ladder_rows(args.level or [], args.matchup or [], args.against):
        fights = args.expert_fights if rung.name == EXPERT else args.fights
        print(f"{m.title}: {m.first[0]} v {m.second[0]}...", file=sys.stderr)
        won, drawn, lost = wins(m, fights, args.jobs)
        rows.append((m, fights, won, drawn, lost))
    return 1 if _print(rows, floor=True) else 0


def scenario(catalog: Catalog, m: Matchup, *, swapped: bool) -> ScenarioDef:
    """The mirror match as a scenario: side ``a`` and side ``b``, policies as asked."""
    policies = (m.second, m.first) if swapped else (m.first, m.second)
    fighters = []
    for side, (spawns, chosen) in enumerate(zip(m.spawns, policies, strict=True)):
        label = "ab"[side]
        for index, (template, spawn, policy) in enumerate(zip(m.team, spawns, chosen, strict=True)):
            fighters.append(
                CombatantDef(
                    id=f"{label}{index + 1}",
                    template=template,
                    side=label,
                    spawn=spawn,
                    controller=f"ai:{policy}",
                    name=f"{template.title()} {label.upper()}{index + 1}",
                )
            )
    base = catalog.scenarios[m.base]
    return dataclasses.replace(
        base, name=m.title, map=m.map, combatants=tuple(fighters), rigged=(), expect=None
    )


def wins(m: Matchup, fights: int, jobs: int) -> tuple[int, int, int]:
    """(wins, draws, losses) of the first policy over the batch, half of it side-swapped."""
    won = drawn = lost = 0
    for swapped, count in ((False, fights - fights // 2), (True, fights // 2)):
        mine = "b" if swapped else "a"
        for winner in _winners(m, count, jobs, swapped=swapped):
            if winner is None:
                drawn += 1
            elif winner == mine:
                won += 1
            else:
                lost += 1
        print(f"  {m.title}: {won + drawn + lost}/{fights}", file=sys.stderr, flush=True)
    return won, drawn, lost


def _winners(m: Matchup, count: int, jobs: int, *, swapped: bool) -> list[str | None]:
    """The winning side of each fight of one half, in seed order."""
    plan = scenario(_CATALOG[0], m, swapped=swapped)
    seeds = [derive_seed(SEED + int(swapped), i) for i in range(count)]
    size = max(1, min(CHUNK, count // (4 * max(1, jobs))))  # every worker busy, even for few
    chunks = [(plan, seeds[i : i + size]) for i in range(0, count, size)]
    if jobs <= 1:
        return [w for chunk in chunks for w in _play_chunk(chunk)]
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs, initializer=_init, initargs=(_CATALOG[0], budget())) as pool:
        return [w for part in pool.imap(_play_chunk, chunks) for w in part]


_CATALOG: list[Catalog] = []
"""The content, loaded once and handed to each worker: edits to content mid-run change nothing."""


def _init(catalog: Catalog, ai_budget: int) -> None:
    _CATALOG[:] = [catalog]
    set_budget(ai_budget)


def _play_chunk(chunk: tuple[ScenarioDef, list[int]]) -> list[str | None]:
    plan, seeds = chunk
    return [play(Setup(plan), _CATALOG[0], seed).winner for seed in seeds]


def decision_times(catalog: Catalog, m: Matchup, fights: int) -> list[tuple[float, bool]]:
    """Seconds per decision of the first policy, and whether it looked ahead, over fights
    played in this process.

    An ``/expert`` policy is timed as the engine plays it, look-ahead and all.
    """
    times: list[tuple[float, bool]] = []
    for seed in range(fights):
        fight = Fight(scenario(catalog, m, swapped=seed % 2 == 1), catalog, seed=seed)
        with fight:
            fight.start()
            while not fight.over:
                decision = fight.pending()[0]
                policy = fight.controller_of(decision.actor).removeprefix("ai:")
                start = time.perf_counter()
                if is_expert(policy):
                    command, why = expert_choose(fight, decision, policy)
                else:
                    rng = random.Random(f"{fight.seed}/ai/{len(fight.commands)}")
                    command, why = choose_with_reason(policy, fight.view(), decision, rng)
                spent = time.perf_counter() - start
                if policy in m.first:
                    times.append((spent, "looked ahead" in why))
                fight.apply(command)
    return times


def main(argv: list[str] | None = None) -> int:
    """Print the ladder; exit 1 if a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--fights", type=int, help="fights per row (default 400; 1000 policies)")
    parser.add_argument("--expert-fights", type=int, help="fights per expert row (--fights)")
    parser.add_argument("--rows", choices=("ladder", "policies"), default="ladder")
    parser.add_argument("--level", action="append", choices=[r.name for r in LADDER[1:]])
    parser.add_argument("--matchup", action="append", choices=[m[0] for m in MATCHUPS])
    parser.add_argument("--against", choices=[r.name for r in LADDER], help="not the one below")
    parser.add_argument("--ai-budget", type=int, default=DEFAULT_BUDGET_MS, help="ms, expert")
    parser.add_argument("--only", choices=("expert", "tactical", "naive"), help="one kind of row")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes")
    args = parser.parse_args(argv)
    catalog = load_catalog(default_content_root())
    _init(catalog, args.ai_budget)
    default = 400 if args.rows == "ladder" else 1000
    args.fights = args.fights or default
    args.expert_fights = args.expert_fights or (args.fights if args.rows == "ladder" else 400)
    if args.rows == "ladder":
        return run_ladder(args)
    rows = []
    timings: list[float] = []
    expert_timings: list[tuple[float, bool]] = []
    for m in _ladder():
        if args.only is not None and _kind(m) != args.only:
            continue
        print(f"{m.ruleset}: {m.title}, {m.first[0]} v {m.second[0]}...", file=sys.stderr)
        fights = args.expert_fights if _kind(m) == EXPERT else args.fights
        won, drawn, lost = wins(m, fights, args.jobs)
        rows.append((m, fights, won, drawn, lost))
        if _kind(m) == "tactical":
            timings += [spent for spent, _ in decision_times(catalog, m, TIMING_FIGHTS)]
        elif _kind(m) == EXPERT:
            expert_timings += decision_times(catalog, m, EXPERT_TIMING_FIGHTS)
    missed = _print(rows)
    if expert_timings:
        _print_expert_times(expert_timings)
    if not timings:
        return 1 if missed else 0
    median = statistics.median(timings) * 1000
    ok = median <= 1.0
    print(
        f"\nmedian AI decision: {median:.3f} ms over {len(timings)} decisions "
        f"(goal <= 1 ms: {'met' if ok else 'NOT met'})"
    )
    return 1 if missed or not ok else 0


def _print_expert_times(timings: list[tuple[float, bool]]) -> None:
    """The median expert decision, over all and over those it looked ahead at.

    A decision with one sensible choice is answered at once, so the two medians differ.
    """
    every = [spent * 1000 for spent, _ in timings]
    looked = [spent * 1000 for spent, ahead in timings if ahead]
    print(
        f"\nmedian expert decision: {statistics.median(every):.1f} ms over {len(every)} "
        f"decisions; {statistics.median(looked or [0.0]):.1f} ms over the {len(looked)} it "
        f"looked ahead at; the longest {max(every):.0f} ms (budget {budget()} ms)"
    )


COLUMNS = (
    ("ruleset", 9),
    ("matchup", 22),
    ("first v second", 26),
    ("fights", 6),
    ("W/D/L", 12),
    ("win rate [95% CI]", 22),
    ("goal", 4),
    ("met?", 4),
    ("shows", 28),
)


def _kind(m: Matchup) -> str:
    """Which kind of row: ``expert`` (look-ahead), ``tactical`` or ``naive`` (against random)."""
    if m.first[0].endswith(f"/{EXPERT}"):
        return EXPERT
    return "naive" if m.first[0] == "nearest" else "tactical"


def _print(rows: list[tuple[Matchup, int, int, int, int]], *, floor: bool = False) -> int:
    """Print the rows as a table; return how many missed their goal.

    With ``floor`` (the ladder), a row also misses when the first is below 50% by more than
    two standard errors: a level must never play worse than the one below it.
    """
    print("  ".join(f"{name:{width}}" for name, width in COLUMNS))
    print("  ".join("-" * width for _, width in COLUMNS))
    missed = 0
    for m, fights, won, drawn, lost in rows:
        ci = wilson(won, fights)
        met = m.goal is None or ci.estimate >= m.goal
        if floor:
            p = won / fights if fights else 0.0
            spread = (max(p * (1 - p), 0.25 / fights) / fights) ** 0.5 if fights else 1.0
            met = met and p >= 0.5 - 2 * spread
        missed += not met
        cells = (
            m.ruleset,
            m.title,
            f"{m.first[0]} v {m.second[0]}",
            str(fights),
            f"{won}/{drawn}/{lost}",
            f"{ci.estimate:.1%} [{ci.low:.1%}, {ci.high:.1%}]",
            "-" if m.goal is None else f"{m.goal:.0%}",
            ("yes" if met else "NO") if floor or m.goal is not None else "-",
            m.shows,
        )
        print("  ".join(f"{c:{w}}" for c, (_, w) in zip(cells, COLUMNS, strict=True)))
    return missed


if __name__ == "__main__":
    raise SystemExit(main())
