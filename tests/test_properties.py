"""Properties over random games: mines are conserved, nothing goes negative, owners never
lose ships to their own mines, and the same seed and actions always replay the same game."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mineboard.core.errors import IllegalAction
from mineboard.core.game import TEACHER, Game
from mineboard.maps.model import NAVAL_LINE
from mineboard.rules.naval_lines.actions import (
    BuyMines,
    EndPhase,
    LayMines,
    LoadMines,
    Move,
    SettleBattle,
)
from mineboard.rules.naval_lines.state import NavalState
from tests.conftest import scenario

SCENARIO = scenario(minefields=[
    {"line": "110|112", "owner": "Germany", "zone": "112", "count": 6},
    {"line": "112|113", "owner": "United Kingdom", "zone": "112", "count": 4},
    {"line": "91|92", "owner": "United Kingdom", "zone": "91", "count": 5}])


def candidates(state: NavalState) -> list:
    """Plausible actions for the active nation; the rules decide which are legal."""
    out: list = [EndPhase(), BuyMines(1), BuyMines(3)]
    mine = [u for u in state.units.values() if u.nation == state.active]
    for u in mine[:8]:
        out.append(LoadMines(u.id, 1))
        for n in state.board.neighbours(u.zone, NAVAL_LINE)[:3]:
            out.append(Move((u.id,), (u.zone, n)))
            out.append(LayMines(u.id, state.board.way_between(u.zone, n).id))
            group = tuple(x.id for x in mine if x.zone == u.zone)
            sweep = tuple(x.id for x in mine if x.zone == u.zone and x.type == "escort")[:1]
            out.append(Move(group, (u.zone, n), sweepers=sweep))
    for zone in {u.zone for u in mine}:
        enemies = tuple(u.id for u in state.units_in(zone) if state.side_of(u.nation)
                        != state.side_of(state.active))
        out.append(SettleBattle(zone, enemies))
    return out


def check_invariants(state: NavalState) -> None:
    for nation, tally in state.tally.items():
        accounted = (state.stored[nation] + state.pending[nation] + state.carried(nation)
                     + state.laid(nation) + tally.detonated + tally.swept + tally.lost)
        assert tally.bought == accounted, nation
        assert min(state.stored[nation], state.pending[nation], state.ipcs[nation]) >= 0
    assert all(f.count >= 0 for f in state.minefields)
    assert all(u.cargo >= 0 for u in state.units.values())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), min_size=5,
                                                  max_size=60))
def test_random_games_keep_the_invariants_and_replay(seed, picks):
    game = SCENARIO.new_game(seed)
    for pick in picks:
        options = candidates(game.state)
        action = options[pick % len(options)]
        before = copy.deepcopy(game.state)
        try:
            record = game.play(action)
        except IllegalAction:
            continue
        for event in record.events:
            if event.kind == "MineRolled" and "sunk" in event.data:
                victim = before.units[event.data["sunk"]]
                assert victim.nation != event.data["owner"]  # NL-17
        check_invariants(game.state)
    again = Game.replay(game.ruleset, SCENARIO.new_game(seed).initial, seed,
                        [(r.action, None) for r in game.records])
    assert game.ruleset.summary(again.state) == game.ruleset.summary(game.state)
    assert [e.to_json() for e in again.observe(TEACHER).events()] == \
        [e.to_json() for e in game.observe(TEACHER).events()]
