"""asl-minefields, the mine-laying advisor (rules/asl_minefields/advice.py): its figures as
exact fractions worked by hand from the stand-in IFT and the morale model, its top choice
against a brute force through the rules engine, the view rule, the model and accuracy
sentences, Cancel, and the time on every bundled scenario.

The stand-in IFT (assets/rules/asl-minefields/ift.json) read by DR 2–12 (no DRM: AM-10):
- 6 column: DR 2 K/1, 3 2MC, 4 1MC, 5 NMC, 6 PTC, 7+ no effect;
- 12 column: DR 2 1KIA, 3 K/2, 4 K/1, 5 2MC, 6 1MC, 7 NMC, 8 PTC, 9+ no effect.
A rifle squad (morale 7) through the morale model: a #MC with DR + # above 7 breaks it, equal
pins it; a PTC above 7 pins it; K/# reduces it to a half-squad (morale 7) then a #MC. Each
stops it (AM-64) except a pass. So, over 1296 (= 36 × 36):
- 6 A-P: K/1 1·26 + 2MC 2·30 + 1MC 3·26 + NMC 4·21 + PTC 5·15 = 323;
- 12 A-P: KIA 1·36 + K/2 2·30 + K/1 3·26 + 2MC 4·30 + 1MC 5·26 + NMC 6·21 + PTC 5·15 = 625.
A medium tank (an AFV) vs 12 A-P: only a KIA immobilises it (AM-19): DR 2, 1/36. A-T factors
n trigger on a dr ≤ n (AM-28) and then always eliminate or immobilise (AM-29): n/6.
"""

from __future__ import annotations

import copy
import time
from fractions import Fraction
from typing import Any

import pytest

from mineboard.core.advice import Advice, Cancelled, Suggestion, Target
from mineboard.core.errors import MineboardError
from mineboard.core.game import Game
from mineboard.persistence.documents import read_document
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir, resolve_scenario
from mineboard.rules.asl_minefields.costs import step_cost
from mineboard.rules.asl_minefields.moving import AmPlanMove
from mineboard.rules.asl_minefields.setup import FieldEntry, RecordMines, RecordSetup
from mineboard.rules.asl_minefields.state import MOVEMENT
from mineboard.rules.common.actions import EndPhase
from tests.conftest import play

GERMAN, AMERICAN = "German", "American"
BUNDLED = ("asl-village-minefield", "asl-velden-crossroads")
SIX_VS_SQUAD = Fraction(323, 1296)
TWELVE_VS_SQUAD = Fraction(625, 1296)


def small(units: list[dict[str, Any]], pool: int = 12, **changes: Any) -> dict[str, Any]:
    """The German records first on the demo board; its squad holds G3."""
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "asl-minefields", "map": "asl-demo-board",
        "title": "advice test", "phase": "setup", "side": GERMAN,
        "sides": [{"name": GERMAN, "pool": pool},
                  {"name": AMERICAN, "pool": 0, "must_capture": True}],
        "units": [{"id": "G1", "side": GERMAN, "type": "squad", "hex": "G3"}, *units]}
    data.update(changes)
    return data


def new_game(data: dict[str, Any], seed: int = 5) -> Game[Any]:
    return scenario_from_data(data, "advice test", maps_dir() / "scenarios").new_game(seed)


def bundled(name: str) -> Game[Any]:
    doc = read_document(resolve_scenario(name), "scenario", "save")
    return scenario_from_data(doc.data, doc.where, doc.folder).new_game(1)


def advise(g: Game[Any], target: str | None = None, **kw: Any) -> Advice:
    side = g.state.to_move
    view = g.observe(side).view
    named = None if target is None else next(t for t in g.ruleset.advice_targets(view)
                                              if t.key == target)
    advice = g.ruleset.advise(view, named, **kw)
    assert advice is not None
    return advice


def figure(advice: Advice, action: Any) -> Suggestion:
    return next(s for s in advice.suggestions if s.action == action)


# ---- exact figures (a wrong modifier fails these) ---------------------------------------------
def test_am12_a_squad_stepping_into_a_six_factor_field_is_stopped_323_in_1296():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}]))
    advice = advise(g)
    assert figure(advice, RecordMines(GERMAN, "B2", ap=6)).expected == SIX_VS_SQUAD
    assert figure(advice, RecordMines(GERMAN, "B2", ap=12)).expected == TWELVE_VS_SQUAD


def test_am12_two_squads_in_reach_double_the_figure_and_one_leaving_counts_too():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"},
                        {"id": "A2", "side": AMERICAN, "type": "squad", "hex": "A2"}]))
    advice = advise(g)
    assert figure(advice, RecordMines(GERMAN, "B2", ap=6)).expected == 2 * SIX_VS_SQUAD
    leaving = figure(advice, RecordMines(GERMAN, "A2", ap=6))  # A2 leaves it, A1 enters it
    assert leaving.expected == 2 * SIX_VS_SQUAD
    assert "A2 (rifle squad, leaving)" in leaving.why and "AM-12" in leaving.why


def test_am19_a_tank_is_stopped_by_an_ap_field_only_on_a_kia():
    g = new_game(small([{"id": "M1", "side": AMERICAN, "type": "medium-tank", "hex": "A3"}]))
    assert figure(advise(g), RecordMines(GERMAN, "B2", ap=12)).expected == Fraction(1, 36)


def test_am28_am29_at_factors_stop_a_tank_on_a_dr_at_most_their_number():
    g = new_game(small([{"id": "M1", "side": AMERICAN, "type": "medium-tank", "hex": "A3"}],
                       pool=15))
    advice = advise(g)
    two = figure(advice, RecordSetup(GERMAN, 6, fields=(FieldEntry("B2", at=2),)))
    five = figure(advice, RecordSetup(GERMAN, 15, fields=(FieldEntry("B2", at=5),)))
    assert (two.expected, five.expected) == (Fraction(2, 6), Fraction(5, 6))
    assert two.label == "2 A-T factor(s) at hex B2, converting 6 pool factors"
    top = advice.best[0]  # ties go by label: the tank reaches many hexes
    assert top.expected == Fraction(5, 6) and top.label.startswith("5 A-T factor(s)")


def test_am28_with_the_leave_trigger_off_a_tank_leaving_at_mines_is_not_attacked():
    units = [{"id": "M1", "side": AMERICAN, "type": "medium-tank", "hex": "A3"}]
    lay = RecordSetup(GERMAN, 15, fields=(FieldEntry("A3", at=5),))  # where the tank stands
    on = figure(advise(new_game(small(units, pool=15))), lay)
    assert on.expected == Fraction(5, 6) and "M1 (medium tank, leaving)" in on.why
    off = advise(new_game(small(units, pool=15, options={"at_on_leave": False})))
    assert lay not in {s.action for s in off.suggestions}  # it could stop no one there
    entering = RecordSetup(GERMAN, 15, fields=(FieldEntry("B2", at=5),))
    assert figure(off, entering).expected == Fraction(5, 6)  # entering still triggers


def test_am27_no_at_lay_is_offered_where_only_infantry_comes():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}]))
    advice = advise(g)
    assert all(isinstance(s.action, RecordMines) and s.action.ap for s in advice.suggestions)


def test_am24_a_field_in_a_building_stops_no_one_entering_it():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A1"}]))
    spared = figure(advise(g), RecordMines(GERMAN, "C1", ap=12))
    assert spared.expected == 0 and "AM-24" in spared.why


def test_am12_a_lay_added_to_a_field_scores_only_what_it_adds():
    g = new_game(small([{"id": "M1", "side": AMERICAN, "type": "medium-tank", "hex": "A3"}],
                       pool=27))
    play(g, "record_mines", side=GERMAN, hex="B2", ap=12)
    added = figure(advise(g), RecordSetup(GERMAN, 15, fields=(FieldEntry("B2", at=5),)))
    # AM-18: the A-P attack first; an immobilised tank meets no A-T attack
    assert added.expected == Fraction(35, 36) * Fraction(5, 6)


def test_am35_am36_a_daisy_chain_is_advised_in_its_owners_fire_phase():
    data = small([{"id": "M1", "side": AMERICAN, "type": "medium-tank", "hex": "A4"}],
                 phase="fire", side=GERMAN)
    data["sides"][0]["daisy"] = 2
    data["units"].append({"id": "G2", "side": GERMAN, "type": "squad", "hex": "G4",
                          "daisy": 2})
    advice = advise(new_game(data))
    assert {s.action.hex for s in advice.suggestions} == {"F4"}  # the road hex next to G2
    top = advice.best[0]
    assert top.expected == Fraction(2, 6) and "AM-36" in top.why
    assert top.label == "Daisy Chain of 2 A-T factor(s) across hex F4"


# ---- a named target: the enemy's least-loss way ----------------------------------------------
def test_am12_only_the_hex_left_and_the_target_cannot_be_walked_round():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}]))
    advice = advise(g, "G3")
    top = advice.best[:2]
    assert {s.action for s in top} == {RecordMines(GERMAN, "A3", ap=12),
                                       RecordMines(GERMAN, "G3", ap=12)}
    assert all((s.stop, s.expected) == (TWELVE_VS_SQUAD, TWELVE_VS_SQUAD) for s in top)
    assert advice.best[2].stop < TWELVE_VS_SQUAD
    # a field on the way the squad would take now is walked round: nothing gained
    assert figure(advice, RecordMines(GERMAN, "B2", ap=12)).stop == 0
    assert "least-loss way" in advice.model and advice.target == Target("G3", "hex G3 (G1)")


def test_am12_two_units_at_the_target_give_the_chance_at_least_one_is_stopped():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"},
                        {"id": "A2", "side": AMERICAN, "type": "squad", "hex": "A4"}]))
    top = advise(g, "G3").best[0]
    assert top.stop == 1 - (1 - TWELVE_VS_SQUAD) ** 2
    assert top.expected == 2 * TWELVE_VS_SQUAD


def _crossing(g: Game[Any], path: tuple[str, ...]) -> Fraction:
    """The odds panel's chance that A1 is stopped along ``path`` once every German field
    is shown to the American (a copy of the truth): the rules' own preview, not the
    advisor's search."""
    state = copy.deepcopy(g.state)
    for f in state.minefields[GERMAN].values():
        f.ap_known = f.ap_strength_known = True
    preview = g.ruleset.preview(state, AmPlanMove(("A1",), path))
    return sum((p for label, p in preview.outcomes if not label.startswith("reaches")),
               Fraction(0))


def test_am12_a_squad_boxed_in_must_cross_the_field_that_stops_it_least():
    # A1 at A1 has two ways out, A2 and B1: with a field on each, it crosses one — entered
    # and left, two attacks (AM-12) — and under the model picks the one that stops it least
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A1"}],
                       pool=26))
    play(g, "record_mines", side=GERMAN, hex="A2", ap=12)
    advice = advise(g, "G3")
    boxed = figure(advice, RecordMines(GERMAN, "B1", ap=8))
    play(g, "record_mines", side=GERMAN, hex="B1", ap=8)
    via_b1, via_a2 = _crossing(g, ("A1", "B1", "B2")), _crossing(g, ("A1", "A2", "B2"))
    assert via_b1 < via_a2
    assert boxed.stop == boxed.expected == via_b1 == Fraction(999667, 1679616)
    assert "A1 0.0 % → 59.5 %" in boxed.why


# ---- brute force: every legal lay on the full state, the enemy's real move previewed ---------
class _NoDice:
    def roll(self, clause: str, purpose: str, sides: int = 6) -> int:
        raise AssertionError(f"no die may be rolled here ({clause}: {purpose})")


def _cheapest(state: Any, ut: Any, start: str) -> dict[str, tuple[str, ...]]:
    """Each hex's cheapest path from ``start`` (the test's own Dijkstra on step_cost)."""
    import heapq
    best: dict[str, tuple[float, tuple[str, ...]]] = {start: (0.0, (start,))}
    queue = [(0.0, start)]
    while queue:
        cost, h = heapq.heappop(queue)
        if cost > best[h][0]:
            continue
        for n in state.board.adjacent[h]:
            step = step_cost(state, ut, h, n)
            if step is not None and (n not in best or cost + step < best[n][0]):
                best[n] = (cost + step, (*best[h][1], n))
                heapq.heappush(queue, (cost + step, n))
    return {h: p for h, (_c, p) in best.items()}


def _brute_force(g: Game[Any]) -> dict[Any, Fraction]:
    """Every lay the German may make now (legal on the truth), made on a copy of the truth,
    its field then shown to all, the game taken to the American Movement Phase, and each
    American unit's own move into (or out of) the hex previewed by the rules' odds panel:
    the sum of the chances it is stopped."""
    ruleset, truth = g.ruleset, g.state
    hexes = sorted(truth.board.places)
    lays: list[Any] = [RecordMines(GERMAN, h, ap=ap) for h in hexes for ap in (6, 8, 12)]
    lays += [RecordSetup(GERMAN, 3 * n, fields=(FieldEntry(h, at=n, visible=v),))
             for h in hexes for n in range(1, 6) for v in (False, True)]
    out: dict[Any, Fraction] = {}
    for lay in lays:
        try:
            ruleset.check(truth, lay)
        except MineboardError:
            continue
        state = copy.deepcopy(truth)
        ruleset.apply(state, lay, _NoDice())
        hex_id = lay.hex if isinstance(lay, RecordMines) else lay.fields[0].hex
        found = state.minefields[GERMAN][hex_id]
        found.ap_known = found.at_known = found.ap_strength_known = True
        found.at_strength_known = True
        while not (state.phase == MOVEMENT and state.phasing == AMERICAN):
            ruleset.apply(state, EndPhase(), _NoDice())
        total = Fraction(0)
        for unit in state.units.values():
            if unit.side != AMERICAN or unit.hex is None:
                continue
            ut = state.unit_type(unit)
            paths = _cheapest(state, ut, unit.hex)
            if hex_id == unit.hex:  # it leaves its hex: to any neighbour it may enter
                path = next(p for h, p in sorted(paths.items()) if len(p) == 2)
            elif hex_id in paths:
                path = paths[hex_id]
            else:
                continue
            move = AmPlanMove((unit.id,), path)
            try:
                ruleset.check(state, move)
            except MineboardError:
                continue  # beyond its MF/MP this phase
            preview = ruleset.preview(state, move)
            total += sum((p for label, p in preview.outcomes if not label.startswith("reaches")),
                         Fraction(0))
        out[lay] = total
    return out


def test_am12_am28_the_top_choice_is_the_best_of_every_legal_lay_by_brute_force():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"},
                        {"id": "H1", "side": AMERICAN, "type": "halftrack", "hex": "E3"}],
                       pool=9))
    brute = _brute_force(g)
    advice = advise(g)
    assert advice.exact
    best = max(brute.values())
    top = advice.best[0]
    assert top.expected == best and brute[top.action] == best
    # every lay the brute force finds worth anything is advised with the same figure
    advised = {s.action: s.expected for s in advice.suggestions}
    assert {a: v for a, v in brute.items() if v} == {a: v for a, v in advised.items() if v}


# ---- the view rule ------------------------------------------------------------------------------
def _after_american_secret(fields: list[tuple[str, int]]) -> Game[Any]:
    data = small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"},
                  {"id": "H1", "side": AMERICAN, "type": "halftrack", "hex": "A4"}],
                 side=AMERICAN)
    data["sides"] = [{"name": AMERICAN, "pool": 24, "must_capture": True},
                     {"name": GERMAN, "pool": 12}]
    g = new_game(data)
    for hex_id, ap in fields:
        play(g, "record_mines", side=AMERICAN, hex=hex_id, ap=ap)
    play(g, "end_phase")
    assert g.state.to_move == GERMAN
    return g


def _said(advice: Advice) -> list[tuple[Any, ...]]:
    return [(s.action, s.expected, s.stop, s.why) for s in advice.suggestions]


def test_am03_advice_is_the_same_whatever_the_enemys_secret_mines():
    one = _after_american_secret([("B2", 12), ("C3", 12)])
    other = _after_american_secret([("G2", 6)])
    assert one.state.minefields[AMERICAN] != other.state.minefields[AMERICAN]
    assert _said(advise(one)) == _said(advise(other))
    assert _said(advise(one, "G3")) == _said(advise(other, "G3"))


# ---- what is said beside the answer -------------------------------------------------------------
def test_the_model_and_the_accuracy_are_said():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}]))
    advice = advise(g)
    assert "next Movement Phase" in advice.model and "AM-64" in advice.model
    assert advice.exact and advice.accuracy().startswith(
        f"exact: all {advice.total} lays examined")


def test_a_search_cut_short_states_its_bound():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"},
                        {"id": "A2", "side": AMERICAN, "type": "squad", "hex": "A4"}]))

    def slow(done: int, total: int) -> bool:
        time.sleep(0.9 if done == 1 else 0)
        return True

    advice = advise(g, progress=slow)
    assert not advice.exact and advice.considered == 1
    assert advice.bound == 2  # two units can reach a hex: no lay stops more than two
    assert "none of them could score more than 2.00 (2)" in advice.accuracy()


def test_cancel_raises_cancelled_and_changes_nothing():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}]))
    before = g.ruleset.summary(g.state)
    with pytest.raises(Cancelled):
        advise(g, progress=lambda done, total: done < 3)
    assert g.ruleset.summary(g.state) == before


def test_am02_a_side_without_factors_is_told_why():
    data = small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}])
    data["sides"][0]["pool"] = 0
    advice = advise(new_game(data))
    assert not advice.suggestions and "AM-02" in advice.nothing


def test_am48_no_mines_are_laid_during_play():
    g = new_game(small([{"id": "A1", "side": AMERICAN, "type": "squad", "hex": "A3"}],
                       phase="movement", side=AMERICAN))
    advice = advise(g)
    assert not advice.suggestions and "AM-48" in advice.nothing


# ---- time --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_scenario_is_advised_in_under_a_second(name):
    g = bundled(name)
    for _turn in range(2):  # from the start, and after the first lay
        view = g.observe(g.state.to_move).view
        for target in [None, *g.ruleset.advice_targets(view)]:
            start = time.perf_counter()
            advice = g.ruleset.advise(view, target)
            elapsed = time.perf_counter() - start
            assert advice is not None and advice.exact, (name, target)
            assert elapsed < 1.0, (name, target, elapsed)
        g.play(advise(g).best[0].action, by=g.state.to_move)
