"""Exact odds against a Monte Carlo of the same crossings, for ``mineboard bench``.

The exact odds are only worth their exactness if a player never waits for them: on every
crossing here they must come out faster than a vectorised numpy simulation of 10,000
trials, whose answer is off by about a percent. So the crossings are taken where the
game computes them — the odds the naval panel shows for a real, legal Move in Combat
Movement with its Escorts sweeping — and include one whose answer is not a foregone
conclusion (P(no loss) well inside 1–99 %): a crossing where every ship is all but
certainly lost says nothing about how close a simulation comes. The simulations follow
the rules' own steps (each Escort's dice in turn, each field in turn, the casualty cap),
drawing each step's count of successes, and share no arithmetic with the exact odds, so
agreement between the two is a check on both.

Each crossing's exact callable clears the odds caches first, a player's first look at a
crossing being cold, and answers with the ``Dist`` the game works its odds from: integer
weights over one denominator, exact. (Fractions are made from it only to be shown; for
ten thousand mine points they would be 7,800 digits long, more than Python will print.)
The simulations draw from a numpy generator with a fixed seed, so the error they report
is the same on every run. Nothing here imports Qt, and numpy only when a simulation runs.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from mineboard.core import chance
from mineboard.core.chance import Dist

if TYPE_CHECKING:
    from mineboard.core.game import Game
    from mineboard.rules.naval_lines.actions import Move
    from mineboard.rules.naval_lines.odds import FieldCrossing

TRIALS = 10_000
"""The simulation the issue measured the exact odds against."""


class Simulation(Protocol):
    """A seeded simulation: the same trials and seed give the same estimate."""

    def __call__(self, trials: int = TRIALS, seed: int = 0) -> dict[Hashable, float]: ...


@dataclass(frozen=True)
class BenchCrossing:
    """One crossing: its exact distribution as the game works it out, and a simulated
    estimate of the same, keyed alike (ships lost, hits taken, or the table's result)."""

    name: str
    about: str
    exact: Callable[[], Dist[Any]]
    monte_carlo: Simulation
    prepare: Callable[[], object]
    """Builds what the crossing needs (a game from its scenario) outside the timing."""


def clear_caches() -> None:
    """Forget every cached distribution, so the next answer is worked out from scratch."""
    from mineboard.rules.naval_lines.odds import sweep

    for cached in (chance.binomial, chance.capped_binomial, chance.capped_binomial_sum,
                   chance.dice_sum, sweep):
        cached.cache_clear()


# ---- naval-lines: a real Move on the bundled North Sea map ------------------------------

def _naval(name: str, about: str, minefields: list[dict[str, Any]],
           units: list[dict[str, Any]], path: tuple[str, ...]) -> BenchCrossing:
    """British ships in Combat Movement on the North Sea 1940 scenario, every Escort of
    the move sweeping (NL-22); the minefields and units replace the scenario's."""

    @cache
    def setup() -> tuple[Game[Any], Move]:
        return _naval_move(minefields, units, path)

    def exact() -> Dist[Any]:
        from mineboard.rules.naval_lines.previews import route_odds

        clear_caches()
        game, move = setup()
        return route_odds(game.observe(game.state.to_move).view, move)

    def monte_carlo(trials: int = TRIALS, seed: int = 0) -> dict[Hashable, float]:
        from mineboard.rules.naval_lines.previews import route_fields

        game, move = setup()
        return _simulate_route(*route_fields(game.observe(game.state.to_move).view, move),
                               trials, seed)

    return BenchCrossing(name, about, exact, monte_carlo, setup)


def _naval_move(minefields: list[dict[str, Any]], units: list[dict[str, Any]],
                path: tuple[str, ...]) -> tuple[Game[Any], Move]:
    from mineboard.persistence.scenario import scenario_from_data
    from mineboard.resources import maps_dir, read_json, resolve_scenario
    from mineboard.rules.naval_lines.actions import Move

    data, _digest = read_json(resolve_scenario("northsea-1940"))
    data.update(nation="United Kingdom", phase="combat_move", minefields=minefields,
                units=units)
    game = scenario_from_data(data, "odds bench", maps_dir() / "scenarios").new_game(1)
    moving = tuple(sorted(u for u, unit in game.state.units.items()
                          if unit.zone == path[0] and unit.nation == "United Kingdom"))
    escorts = tuple(u for u in moving if game.state.units[u].type == "escort")
    move = Move(units=moving, path=path, sweepers=escorts)
    game.observe(game.state.to_move).check(move)  # a move the game would take
    return game, move


def _simulate_route(fields: Sequence[FieldCrossing], sweeper_flags: Sequence[bool],
                    trials: int, seed: int) -> dict[Hashable, float]:
    """Ships lost along a route, ``trials`` times at once: at each crossing the Escorts
    still afloat roll min(dice, mines left on the line) dice each at the enemy fields in
    order (NL-22, NL-23), then each field rolls its mines, stopping when every ship is
    lost (NL-15); mines swept or detonated stay gone if the route meets the field again."""
    import numpy as np

    from mineboard.rules.naval_lines.odds import group_crossings

    rng = np.random.default_rng(seed)
    ships = len(sweeper_flags)
    sweepers_alive = np.array([sum(sweeper_flags[k:]) for k in range(ships + 1)])
    lost = np.zeros(trials, dtype=np.int64)
    left: dict[str, Any] = {}
    for crossing in group_crossings(fields):
        mines = [left.get(f.key, np.full(trials, f.mines, dtype=np.int64))
                 for _i, f in crossing]
        swept = [j for j, (_i, f) in enumerate(crossing) if f.swept]
        rule = crossing[swept[0]][1].swept if swept else None
        if rule is not None:
            sweepers = sweepers_alive[lost]
            for escort in range(int(sweepers.max(initial=0))):
                on_line = sum(mines[j] for j in swept)
                budget = np.where(sweepers > escort, np.minimum(rule.dice, on_line), 0)
                for j in swept:
                    rolled = np.minimum(budget, mines[j])
                    budget = budget - rolled
                    mines[j] = mines[j] - rng.binomial(rolled, float(rule.chance))
        for j, (_i, field) in enumerate(crossing):
            hits = np.minimum(ships - lost, rng.binomial(mines[j], float(field.detonate)))
            lost = lost + hits
            mines[j] = mines[j] - hits
        for (_i, field), mines_left in zip(crossing, mines, strict=True):
            left[field.key] = mines_left
    counts = np.bincount(lost, minlength=ships + 1)
    return {k: int(c) / trials for k, c in enumerate(counts) if c}


def _german_line(mines: int) -> list[dict[str, Any]]:
    """``mines`` German mines on line 110|112, as fields of at most 500 (the scenario's
    limit) on either side: one pool against a crossing (NL-12, both directions)."""
    near = min(mines, 500)
    return [{"line": "110|112", "owner": "Germany", "zone": zone, "count": count}
            for zone, count in (("112", near), ("110", mines - near)) if count]


def _british(escorts: int, destroyers: int) -> list[dict[str, Any]]:
    return [{"nation": "United Kingdom", "type": kind, "zone": "110", "count": count}
            for kind, count in (("escort", escorts), ("destroyer", destroyers)) if count]


# ---- imperium-mines: one ship entering a mined system ------------------------------------

def _imperium(name: str, about: str, points: int, jump: int, sweepers: int,
              ship_type: str) -> BenchCrossing:
    def exact() -> Dist[Any]:
        from mineboard.rules.imperium_mines.data import default_ship_data
        from mineboard.rules.imperium_mines.odds import ship_damage

        clear_caches()
        rules = default_ship_data()
        return ship_damage(rules.check, points, jump, sweepers, rules.hull_of(ship_type),
                           rules.hit_on)

    def monte_carlo(trials: int = TRIALS, seed: int = 0) -> dict[Hashable, float]:
        """2d6 + modifiers against the afoul number (IM-18, IM-19), then the count of hits
        among one die per mine point (IM-22) — a binomial draw, as ten thousand dice a
        trial would take a gigabyte — with the hull standing for destroyed."""
        import numpy as np

        from mineboard.rules.imperium_mines.data import default_ship_data
        from mineboard.rules.imperium_mines.odds import modifier

        rng = np.random.default_rng(seed)
        rules = default_ship_data()
        check = rules.check
        totals = rng.integers(1, 7, size=(trials, check.dice)).sum(axis=1)
        afoul = (totals + modifier(check, points, jump, sweepers) >= check.afoul_at) & \
            (points > 0)
        hits = rng.binomial(points, (7 - rules.hit_on) / 6, size=trials)
        damage = np.where(afoul, np.minimum(hits, rules.hull_of(ship_type)), 0)
        counts = np.bincount(damage)
        return {k: int(c) / trials for k, c in enumerate(counts) if c}

    return BenchCrossing(name, about, exact, monte_carlo, _nothing)


# ---- gwas-tactical: one ship's roll on the Minefield Table --------------------------------

def _gwas(name: str, about: str, mine_counters: int, impulse: int) -> BenchCrossing:
    def exact() -> Dist[Any]:
        from mineboard.rules.gwas_tactical.data import default_data
        from mineboard.rules.gwas_tactical.odds import modifier, result_distribution

        clear_caches()
        data = default_data()
        return Dist.from_fractions(
            result_distribution(data.table, modifier(data, mine_counters, impulse)))

    def monte_carlo(trials: int = TRIALS, seed: int = 0) -> dict[Hashable, float]:
        """The table's dice rolled ``trials`` times, plus the GT-11 modifier, read off the
        table (GT-15: past either end, that end's band)."""
        import numpy as np

        from mineboard.rules.gwas_tactical.data import default_data
        from mineboard.rules.gwas_tactical.odds import modifier

        rng = np.random.default_rng(seed)
        data = default_data()
        table = data.table
        totals = rng.integers(1, 7, size=(trials, table.dice)).sum(axis=1)
        mod = modifier(data, mine_counters, impulse)
        out: dict[Hashable, float] = {}
        for total, count in enumerate(np.bincount(totals)):
            if count:
                result = table.lookup(total + mod).result
                out[result] = out.get(result, 0.0) + int(count) / trials
        return out

    return BenchCrossing(name, about, exact, monte_carlo, _nothing)


def _nothing() -> None:
    """Tables are read once and kept (``default_…_data``): nothing to build first."""


CROSSINGS: list[BenchCrossing] = [
    _naval("naval-northsea-sweep",
           "North Sea, Combat Movement: 2 Escorts (sweeping) and 2 Destroyers 110 → 112 → "
           "114, over 6 German mines, then 2 German and 1 French; P(no loss) ≈ 7 %",
           [{"line": "110|112", "owner": "Germany", "zone": "112", "count": 6},
            {"line": "112|114", "owner": "Germany", "zone": "112", "count": 2},
            {"line": "112|114", "owner": "France", "zone": "114", "count": 1}],
           _british(2, 2), ("110", "112", "114")),
    *(_naval(f"naval-1000-mines-{sweepers}-sweepers",
             f"North Sea, Combat Movement: {sweepers} Escorts (sweeping) and 40 Destroyers "
             "cross 1,000 German mines on 110|112",
             _german_line(1000), _british(sweepers, 40), ("110", "112"))
      for sweepers in (10, 50, 200)),
    *(_naval(f"naval-{mines}-mines-10-sweepers",
             f"North Sea, Combat Movement: 10 Escorts (sweeping) and 40 Destroyers cross "
             f"{mines} German mines on 110|112",
             _german_line(mines), _british(10, 40), ("110", "112"))
      for mines in (100, 300)),
    _imperium("imperium-5-points",
              "a Destroyer (hull 2) in a fleet with 2 minesweepers, 3rd jump, into 5 mine "
              "points", 5, 3, 2, "destroyer"),
    *(_imperium(f"imperium-{points}-points",
                f"a Dreadnought (hull 4) into {points:,} mine points, 1st jump", points, 1, 0,
                "dreadnought")
      for points in (1_000, 10_000)),
    _gwas("gwas-hex", "a ship entering a hex with 2 mine counters on impulse 5", 2, 5),
]

SCALE: dict[str, tuple[str, float]] = {
    **{f"naval-1000-mines-{n}-sweepers": ("exact odds: sweepers against 1,000 mines", n)
       for n in (10, 50, 200)},
    **{f"naval-{n}-mines-10-sweepers": ("exact odds: mines against 10 sweepers", n)
       for n in (100, 300, 1000)},
    **{f"imperium-{n}-points": ("exact odds: imperium mine points", n)
       for n in (1_000, 10_000)},
}
"""Crossings that are points of a scale curve: (series, x), for ``mineboard bench``."""


def crossing(name: str) -> BenchCrossing:
    for item in CROSSINGS:
        if item.name == name:
            return item
    raise KeyError(f"no bench crossing {name!r}; there are {', '.join(names())}")


def names() -> list[str]:
    return [item.name for item in CROSSINGS]


def time_exact(name: str) -> float:
    """Seconds for one cold exact answer (what the game is given is built beforehand)."""
    item = crossing(name)
    item.prepare()
    start = time.perf_counter()
    item.exact()
    return time.perf_counter() - start


def time_monte_carlo(name: str, trials: int = TRIALS) -> float:
    item = crossing(name)
    item.prepare()
    start = time.perf_counter()
    item.monte_carlo(trials)
    return time.perf_counter() - start


def compare_mc(name: str, trials: int = TRIALS, runs: int = 3) -> dict[str, float]:
    """Median times of the exact odds and of the simulation; ``ratio`` is exact over
    simulated time (below 1 the exact odds win). ``max_abs_error`` is the simulation's
    largest miss over the outcomes; ``standard_error`` the largest it should be expected
    to miss by one standard deviation, √(p(1 − p)/trials) at the most uncertain outcome
    — so a miss of about twice that is no fault."""
    item = crossing(name)
    item.prepare()
    exact_s = statistics.median(time_exact(name) for _ in range(runs))
    mc_s = statistics.median(time_monte_carlo(name, trials) for _ in range(runs))
    exact = item.exact()
    estimate = item.monte_carlo(trials)
    return {"exact_ms": exact_s * 1000, "mc_ms": mc_s * 1000, "ratio": exact_s / mc_s,
            "max_abs_error": max_abs_error(exact, estimate),
            "standard_error": standard_error(exact, trials)}


def probabilities(dist: Dist[Any]) -> dict[Hashable, float]:
    """Each outcome's probability to a float's precision: an integer division, no gcd of
    numbers thousands of digits long."""
    return {k: w / dist.denom for k, w in dist.weights.items() if w}


def max_abs_error(exact: Dist[Any], estimate: Mapping[Hashable, float]) -> float:
    probs = probabilities(exact)
    return max(abs(estimate.get(k, 0.0) - probs.get(k, 0.0)) for k in {*probs, *estimate})


def standard_error(exact: Dist[Any], trials: int) -> float:
    return max(math.sqrt(p * (1 - p) / trials) for p in probabilities(exact).values())
