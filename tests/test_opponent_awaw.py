"""The awaw-naval opponent for solo play (rules/awaw_naval/opponent.py, core/opponent.py):
scripted solo games on both bundled scenarios, the raid policy on the Raider Table's exact
odds (AW-178…AW-184) against a count of the die faces done here by hand, its stated
defaults for the questions the rules ask (AW-79, AW-178, AW-249), and what it may see.

The "player" in these games is a script too: it ends its phases, enters an uninversion
allowance of 0 and accepts what the opponent enters, unless a test says otherwise."""

from __future__ import annotations

import copy
import json
import time
from fractions import Fraction
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.dice import Roll
from mineboard.core.game import Game
from mineboard.core.opponent import TURN_LIMIT, choose
from mineboard.core.outside import AcceptResult, DisputeResult
from mineboard.persistence.scenario import load_scenario, scenario_from_data
from mineboard.resources import assets_dir, bundled_scenarios, maps_dir
from mineboard.rules.awaw_naval import opponent
from mineboard.rules.awaw_naval.harbor import HarborAttack, HarborAttackResult, HarborDefence
from mineboard.rules.awaw_naval.interception import PassInterception
from mineboard.rules.awaw_naval.operations import Operate
from mineboard.rules.awaw_naval.raid_engagement import (
    DeclineRaider,
    EngageRaider,
    OpposeRaider,
    RaidCombatResult,
)
from mineboard.rules.awaw_naval.raid_groups import CommitRaids
from mineboard.rules.awaw_naval.uninversion import UninversionAllowance, Uninvert
from mineboard.rules.common.actions import EndPhase
from tests.awaw_bases_helpers import game as bases_game
from tests.awaw_bases_helpers import ship as bases_ship

NARROW, MIDDLE = "awaw-narrow-seas.json", "awaw-middle-sea-1941.json"


def harbor_game() -> Game[Any]:
    """The harbor-attack board of test_awaw_harbor: a British ship at Skarth, a German one
    at Marrow, the Axis to move in 1940."""
    return bases_game([bases_ship("a", 4, "skarth"), bases_ship("m", 4, "marrow",
                                                                nation="Germany")],
                      ["0501", "0612", "0801", "1201", "1601"],
                      ["4412", "1512", "2312", "3012"], side="Axis", year=1940)


def bundled(name: str, seed: int = 1) -> Game[Any]:
    return load_scenario(maps_dir() / "scenarios" / name).new_game(seed)


def player_move(g: Game[Any], side: str) -> Action:
    """The scripted player: enters 0 for its own uninversion, accepts what is entered,
    passes a chance to intercept, declines raiders, ends its phases."""
    state = g.state
    awaited = g.ruleset.awaiting(state)
    if awaited is not None:
        return AcceptResult() if awaited.entered is not None else UninversionAllowance(0)
    if state.ledger.asked == side:
        return PassInterception()
    if state.asked and state.asked[0].kind == "oppose_raider":
        return DeclineRaider(str(state.asked[0].data["group"]))
    return g.ruleset.end_phase(state)


def solo(g: Game[Any], bot: str, actions: int, first: list[Action] | None = None
         ) -> list[tuple[int, str, Action, str]]:
    """Play ``actions`` actions: the opponent on ``bot``'s side by ``choose`` on its own
    view, the scripted player on the other (its first moves ``first``, if given). Every
    opponent action is checked legal for its side before it is played; returns the
    opponent's (turn, phase, action, why)."""
    script = list(first or [])
    played: list[tuple[int, str, Action, str]] = []
    for _ in range(actions):
        side = g.state.to_move
        if side == bot:
            view = g.observe(side).view
            picked = choose(g.ruleset, view)
            g.check(picked.action, by=side)
            played.append((g.state.turn, g.state.phase_label, picked.action, picked.why))
            g.play(picked.action, by=side)
        else:
            g.play(script.pop(0) if script else player_move(g, side), by=side)
    return played


def kinds(played: list[tuple[int, str, Action, str]]) -> list[str]:
    return [a.kind for _t, _p, a, _w in played]


# ---- solo games on the bundled scenarios ---------------------------------------------------

def test_aw249_solo_narrow_seas_the_axis_opponent_plays_its_turns():
    g = bundled(NARROW)
    played = solo(g, "Axis", 40)
    assert g.state.turn >= 4, "the game moves on, turn by turn"
    # Allies' turn 1: the opponent accepts the player's uninversion allowance (AW-249)
    assert played[0][2] == AcceptResult()
    # its own turn 2: it ends movement, combat, redeployment; enters the most its bounds
    # allow (G5 is its one inverted unit: 1), uninverts G5, ends construction
    turn2 = [(p, a) for t, p, a, _w in played if t == 2][:6]
    assert [a for _p, a in turn2] == [EndPhase(), EndPhase(), EndPhase(),
                                      UninversionAllowance(1), Uninvert(("G5",)), EndPhase()]
    assert g.state.ships["G5"].inverted is False
    assert set(kinds(played)) <= {"end_phase", "accept_result", "uninversion_allowance",
                                  "uninvert"}, "no order whose result it would have to enter"


def test_aw249_solo_middle_sea_both_ways_round():
    for bot, inverted_unit in (("Axis", "I5"), ("Allies", None)):
        g = bundled(MIDDLE)
        played = solo(g, bot, 30)
        assert g.state.turn >= 3
        entered = [a for _t, _p, a, _w in played if isinstance(a, UninversionAllowance)]
        uninverted = [a for _t, _p, a, _w in played if isinstance(a, Uninvert)]
        if inverted_unit:  # the Axis: Italy's inverted battleship I5 turns face up
            assert entered[0] == UninversionAllowance(1)
            assert uninverted[0] == Uninvert((inverted_unit,))
        else:  # the Allies have nothing inverted: nothing is asked of them (AW-249)
            assert entered == [] and uninverted == []
            assert AcceptResult() in [a for _t, _p, a, _w in played]


def test_opponent_moves_go_through_undo_like_a_players():
    g = bundled(NARROW)
    solo(g, "Axis", 10)  # up to the Axis's allowance entered
    assert g.state.awaiting is not None and g.state.awaiting.entered == UninversionAllowance(1)
    g.undo()
    assert g.state.awaiting.entered is None
    again = choose(g.ruleset, g.observe("Axis").view)
    assert again.action == UninversionAllowance(1)


def test_aw249_a_disputed_allowance_is_entered_one_fewer():
    g = bundled(NARROW)
    solo(g, "Axis", 10)
    g.play(DisputeResult("no oil for naval use"), by="Allies")
    picked = choose(g.ruleset, g.observe("Axis").view)
    assert picked.action == UninversionAllowance(0)
    assert "1 fewer for the player's disputes" in picked.why


def test_aw79_the_opponent_passes_every_chance_to_intercept():
    g = bundled(NARROW)
    first: list[Action] = [Operate("patrol", ("HF1",), "0501")]  # the Home Fleet patrols
    played = solo(g, "Axis", 1, first=first)
    assert played == []  # the patrol was the player's
    assert g.state.ledger.asked == "Axis"
    played = solo(g, "Axis", 1)
    assert played[0][2] == PassInterception()
    assert "AW-79" in played[0][3] and "AW-224" in played[0][3]


def test_the_opponent_never_loops_on_one_action():
    """Each of its actions moves the game on: within a phase it never plays the same
    action twice, and it makes far fewer than TURN_LIMIT actions in any phase."""
    g = bundled(MIDDLE)
    played = solo(g, "Axis", 60)
    per_phase: dict[tuple[int, str], list[Action]] = {}
    for turn, phase, action, _why in played:
        per_phase.setdefault((turn, phase), []).append(action)
    assert len(per_phase) >= 8
    for actions in per_phase.values():
        assert len(actions) == len(set(actions)) < TURN_LIMIT


def awaw_scenarios() -> list[str]:
    """Every bundled scenario of awaw-naval, by file name."""
    return [path.name for path in bundled_scenarios().values()
            if json.loads(path.read_text()).get("ruleset") == "awaw-naval"]


def test_the_opponent_answers_each_move_in_well_under_a_second():
    assert sorted(awaw_scenarios()) == sorted([MIDDLE, NARROW])
    for name in awaw_scenarios():
        for bot in ("Axis", "Allies"):
            g = bundled(name)
            slowest = 0.0
            for _ in range(30):
                side = g.state.to_move
                if side != bot:
                    g.play(player_move(g, side), by=side)
                    continue
                start = time.perf_counter()
                picked = choose(g.ruleset, g.observe(side).view)
                slowest = max(slowest, time.perf_counter() - start)
                g.play(picked.action, by=side)
            assert slowest < 1.0, (name, bot, slowest)


# ---- what it may see ---------------------------------------------------------------------

def test_view_awaw_has_no_secrets_and_the_dice_to_come_change_nothing():
    """Fleets lie face up (AwState.has_secrets is False): a side's view is the state. The
    one thing it cannot know is the dice to come (the seed): two games that differ only
    there get the same choices, and choosing changes nothing in the view."""
    games = [bundled(NARROW, seed) for seed in (1, 99991)]
    assert all(not g.has_secrets for g in games)
    assert games[0].observe("Axis").view is games[0].state
    runs = []
    for g in games:
        before = g.ruleset.summary(g.state)
        choose(g.ruleset, g.observe("Allies").view)
        assert g.ruleset.summary(g.state) == before, "the opponent changed its view"
        runs.append([(t, p, a) for t, p, a, _w in solo(g, "Axis", 40)])
    assert runs[0] == runs[1]


# ---- raids on the Raider Table's odds (AW-178…AW-184) ------------------------------------

CONTROL = {"Germany": ["0201", "0401", "0208"], "Italy": ["0601", "0801", "0802", "0807"],
           "Britain": ["0408", "0808"],
           "Japan": ["1001", "1101", "1201", "1008", "1108", "1208", "1301", "1401"]}


def ship(ident: str, nation: str, kind: str, factors: int, base: str, **more: Any) -> dict:
    return {"id": ident, "nation": nation, "type": kind, "factors": factors, "base": base,
            **more}


BISMARCK = ship("bis", "Germany", "fast_battleship", 4, "wilhelmshaven", name="Bismarck")
PRINZ = ship("pe", "Germany", "cruiser", 2, "wilhelmshaven", name="Prinz Eugen")
ZARA = ship("zara", "Italy", "cruiser", 2, "suez")
RENOWN = ship("ren", "Britain", "battlecruiser", 2, "atlantic-us", name="Renown")


def raiders(ships: list[dict], war: bool, side: str = "Axis") -> Game[Any]:
    """The raider demo map (awaw-demo-raiders), the Axis's combat phase."""
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-raiders",
        "title": "raiders", "nations": ["Britain", "Germany", "Italy", "Japan", "USA"],
        "side": side, "phase": "combat", "ships": ships, "control": copy.deepcopy(CONTROL)}
    if not war:
        data["at_peace"] = [["Germany", "USA"]]
    return scenario_from_data(data, "raiders", maps_dir() / "scenarios").new_game(1)


def engaged_by_hand(modifier: int) -> Fraction:
    """P(engaged) counted over the die's six faces: a modified roll of 1 or more."""
    return Fraction(sum(1 for face in range(1, 7) if face + modifier >= 1), 6)


def test_aw178_engaged_by_hand():
    assert engaged_by_hand(-3) == Fraction(1, 2)
    assert engaged_by_hand(-2) == Fraction(2, 3)


def test_aw180_at_war_the_atlantic_costs_two_thirds_so_only_zara_raids():
    """USA and Germany at war: a German group in the Atlantic SW box rolls −3 +1
    (AW-179, AW-180): engaged 2/3 > 1/2, not sent; Zara into the Indian Ocean SW box rolls
    −3 alone: 1/2, sent. A policy that dropped the war's +1 would send Bismarck."""
    g = raiders([BISMARCK, PRINZ, ZARA, RENOWN], war=True)
    found = {(r.action.ships[0], r.action.target): r.engaged
             for r in opponent.raids_open(g.state, g.ruleset)}
    assert found == {("bis", "sw-atlantic"): engaged_by_hand(-3 + 1),
                     ("pe", "sw-atlantic"): engaged_by_hand(-3 + 1),
                     ("zara", "sw-indian"): engaged_by_hand(-3)}
    assert found[("bis", "sw-atlantic")] == Fraction(2, 3)
    picked = choose(g.ruleset, g.observe("Axis").view)
    assert picked.action == Operate("raid", ("zara",), "sw-indian")
    assert "1/2" in picked.why and "AW-179" in picked.why
    played = solo(g, "Axis", 5)  # the player declines Zara twice (AW-178, AW-196)
    assert [a for _t, _p, a, _w in played] == [
        Operate("raid", ("zara",), "sw-indian"), CommitRaids("sw-indian"), EndPhase()]
    assert "+1 USA and Germany at war (AW-180), -2 in all" in played[2][3]
    assert "2/3" in played[2][3]


def test_aw179_at_peace_bismarck_first_then_no_second_group():
    """At peace the Atlantic rolls −3: 1/2 for Bismarck and Prinz Eugen alike; the tie goes
    to the most factors (Bismarck, 4). The next group there would be second in the box:
    −3 +1 (AW-179) = 2/3, so none follows; the box's groups are sent on."""
    g = raiders([BISMARCK, PRINZ, RENOWN], war=False)
    first = {r.action.ships[0]: r.engaged for r in opponent.raids_open(g.state, g.ruleset)}
    assert first == {"bis": engaged_by_hand(-3), "pe": engaged_by_hand(-3)}
    played = solo(g, "Axis", 1)
    assert played[0][2] == Operate("raid", ("bis",), "sw-atlantic")
    assert "-3 automatic (AW-179), -3 in all" in played[0][3]
    second = {r.action.ships[0]: r.engaged for r in opponent.raids_open(g.state, g.ruleset)}
    assert second == {"pe": engaged_by_hand(-3 + 1)} == {"pe": Fraction(2, 3)}
    played = solo(g, "Axis", 1)
    assert played[0][2] == CommitRaids("sw-atlantic")


def test_aw192_the_raiding_opponent_accepts_the_combat_the_player_enters():
    """The player opposes Bismarck (die 4 −3 = 1 ship; type die 2: a 2-factor battlecruiser,
    AW-184), engages it with Renown and enters the round's combat (AW-192): the opponent,
    the raider, accepts it."""
    g = raiders([BISMARCK, RENOWN], war=False)
    solo(g, "Axis", 2)  # Bismarck raids, the box is sent on
    assert g.state.asked[0].kind == "oppose_raider"
    group = str(g.state.asked[0].data["group"])
    g.play(OpposeRaider(group), [Roll(6, 4, "test", "test"), Roll(6, 2, "test", "test")],
           by="Allies")
    g.play(EngageRaider(group, ("ren",)), by="Allies")
    g.play(RaidCombatResult(raiders_damaged="bis"), by="Allies")
    picked = choose(g.ruleset, g.observe("Axis").view)
    assert picked.action == AcceptResult()
    assert "AW-192" in picked.why
    g.play(picked.action, by="Axis")
    assert g.state.ships["bis"].damaged


def test_aw178_the_opponent_as_defender_declines_the_raider_group():
    g = raiders([BISMARCK, RENOWN], war=False)
    g.play(Operate("raid", ("bis",), "sw-atlantic"), by="Axis")
    if g.state.ledger.asked == "Allies":
        g.play(PassInterception(), by="Allies")
    g.play(CommitRaids("sw-atlantic"), by="Axis")
    assert g.state.to_move == "Allies"
    picked = choose(g.ruleset, g.observe("Allies").view)
    assert isinstance(picked.action, DeclineRaider)
    assert "AW-178" in picked.why
    g.play(picked.action, by="Allies")


def test_aw138_attacked_in_harbor_it_states_no_modifiers_and_accepts_the_result():
    """Germany's free harbor attack on Skarth (AW-137): the opponent, the British defender,
    states its modifiers at their defaults (AW-138: research and codebreaking are inputs it
    cannot know) and accepts the table's result the player enters (AW-248)."""
    g = harbor_game()
    g.play(HarborAttack(nation="Germany", target="skarth", attack="air"), by="Axis")
    picked = choose(g.ruleset, g.observe("Allies").view)
    assert picked.action == HarborDefence()
    assert "AW-138" in picked.why
    g.play(picked.action, by="Allies")
    g.play(HarborAttackResult(result="none"), by="Axis")
    picked = choose(g.ruleset, g.observe("Allies").view)
    assert picked.action == AcceptResult()
    g.play(picked.action, by="Allies")
    assert g.state.awaiting is None


def test_aw249_one_allowed_of_two_the_most_factors_turn_face_up():
    """The Bismarck group's cruiser G2 (6 factors) inverted beside the destroyers G5 (4):
    the opponent enters 2; the player disputes; it enters 1 and uninverts G2, the most
    factors first."""
    path = maps_dir() / "scenarios" / NARROW
    data = json.loads(path.read_text())
    next(s for s in data["ships"] if s["id"] == "G2")["inverted"] = True
    g = scenario_from_data(data, "narrow seas", path.parent).new_game(1)
    played = solo(g, "Axis", 10)
    assert played[-1][2] == UninversionAllowance(2)
    g.play(DisputeResult("oil for one"), by="Allies")
    played = solo(g, "Axis", 3)
    assert [a for _t, _p, a, _w in played] == [UninversionAllowance(1), Uninvert(("G2",))]
    assert g.state.ships["G5"].inverted and not g.state.ships["G2"].inverted


def test_aw177_its_opening_raider_raids_as_the_rules_require():
    """Fall 1939: Graf Spee, set up in the Atlantic SW box, must raid in Germany's combat
    phase (the AW-177 demo board): the opponent raids with it from the box when asked, then
    sends the box's group on."""
    demo = json.loads((assets_dir() / "rules" / "awaw-naval" / "demos" /
                       "aw-177-opening-raiders-must-raid.json").read_text())
    g = scenario_from_data(demo["scenario"], "AW-177", maps_dir() / "scenarios").new_game(1)
    played = solo(g, "Axis", 3)
    assert [a for _t, _p, a, _w in played] == [
        EndPhase(), Operate("raid", ("spee",), "sw-atlantic"), CommitRaids("sw-atlantic")]
    assert "AW-177" in played[1][3]


def test_the_policy_is_stated_with_its_threshold_and_clauses():
    from mineboard.rules.awaw_naval.ruleset import RULESET

    said = RULESET.opponent_policy
    assert said == opponent.POLICY
    assert str(opponent.RISK) == "1/2"
    for words in ("at most 1/2", "AW-178", "AW-179", "AW-175", "AW-79", "AW-249", "AW-138",
                  "accepts every result the player enters", "Otherwise it ends the phase"):
        assert words in said, words
