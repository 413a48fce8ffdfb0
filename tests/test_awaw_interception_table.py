"""awaw-naval's Naval Interception Table, the project's stand-in data file (AW-224): its rows
and the check that a patrol staying in its patrol hex stays the likeliest to be intercepted;
the situation an interceptor declares, fitted to what it intercepts; raiders on the map
intercepted only under a favorable modifier (AW-176); raiders going home offered to the
defender unless exempt (AW-197)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.game import Game
from mineboard.explorer.demos import load_demo
from mineboard.rules.awaw_naval import interception_table as it
from mineboard.rules.awaw_naval.interception import Intercept
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.common.tables import read_table, rule_file
from tests.awaw_bases_helpers import game, ship
from tests.conftest import play, refused

DEMOS = Path(__file__).resolve().parents[1] / "assets" / "rules" / "awaw-naval" / "demos"


def _demo_game(name: str, steps: int) -> Game[Any]:
    """The demo's game after its first ``steps`` steps (those it shows refused left out)."""
    demo = load_demo(DEMOS / name)
    g = demo.new_game()
    for step, action in zip(demo.spec.steps[:steps], demo.actions, strict=False):
        if not step.refused:
            g.play(action)
    return g


def _raid_asked() -> Game[Any]:
    return _demo_game("aw-176-intercepted-only-with-a-favorable-modifier.json", 1)


def test_aw224_the_stand_in_table_rows_and_modifiers() -> None:
    table = it.interception_table()
    assert "STAND-IN" in table.about and "NOT the printed game" in table.about
    assert {k: s.modifier for k, s in table.situations.items()} == {
        "patrol_staying": 2, "patrol_at_hex": 1, "patrol_en_route": 0, "base_change": 0,
        "transport_force": 0, "raiders_en_route": 0, "raiders_sighted": 1,
        "raiders_returning": 0, "defensive_patrol": 1}
    assert table.best == "patrol_staying"


def _broken(tmp_path: Path, change: Any) -> Path:
    data = json.loads(rule_file("awaw-naval", it.FILE).read_text())
    change(data)
    path = tmp_path / it.FILE
    path.write_text(json.dumps(data))
    return path


def test_aw224_a_table_whose_staying_patrol_is_not_likeliest_is_refused(tmp_path: Path) -> None:
    def tie(data: dict[str, Any]) -> None:
        data["situations"]["raiders_sighted"]["modifier"] = 2

    with pytest.raises(BadInput) as info:
        read_table(it.InterceptionTable, _broken(tmp_path, tie))
    text = str(info.value)
    assert "\n" not in text
    assert "best: 'raiders_sighted' (+2) is as likely as 'patrol_staying' (+2)" in text
    assert "note to 21.416, AW-224" in text


def test_aw224_a_table_breaking_its_schema_names_the_field(tmp_path: Path) -> None:
    def bad_stage(data: dict[str, Any]) -> None:
        data["situations"]["patrol_en_route"]["stage"] = "sailing"

    with pytest.raises(BadInput) as info:
        read_table(it.InterceptionTable, _broken(tmp_path, bad_stage))
    assert "situations.patrol_en_route" in str(info.value)
    assert "'sailing' is no patrol stage (en_route, at_hex, staying)" in str(info.value)


def test_aw176_raiders_refused_without_a_favorable_modifier() -> None:
    g = _raid_asked()
    err = refused("AW-176", g, "intercept", ships=["ca"], target="pe", hex="0105")
    assert err.reason == ("raiders are intercepted on the map only where a favorable "
                          "interception modifier applies: declare the situation "
                          "(raiders_sighted)")
    err = refused("AW-176", g, "intercept", ships=["ca"], target="pe", hex="0105",
                  situation="raiders_en_route")
    assert err.reason.endswith("nothing in the interceptor's favor gives +0")
    refused("AW-224", g, "intercept", ships=["ca"], target="pe", hex="0105",
            situation="patrol_staying")
    refused("AW-224", g, "intercept", ships=["ca"], target="pe", hex="0105",
            situation="nope")


def test_aw176_raiders_intercepted_under_a_favorable_modifier() -> None:
    g = _raid_asked()
    record = play(g, "intercept", ships=["ca"], target="pe", hex="0105",
                  situation="raiders_sighted")
    found = [e for e in record.events if e.kind == "InterceptionSituation"]
    assert [(e.clause, e.data["modifier"]) for e in found] == [("AW-224", 1)]
    pending = ledger_of(g.state).interception
    assert pending is not None and pending.situation == "raiders_sighted"


def test_aw224_the_intercept_preview_names_the_situation_and_its_modifier() -> None:
    g = _raid_asked()
    shown = it.preview_intercept(g.state, Intercept(("ca",), "pe", "0105", "raiders_sighted"))
    assert shown is not None
    assert shown.summary.startswith("raiders on their way to an SW box, sighted (a favorable "
                                    "modifier applies): modifier +1 (21.533D)")
    assert [r.split(":")[0] for r in shown.rows[:2]] == ["raiders_en_route",
                                                         "→ raiders_sighted"]
    plain = it.preview_intercept(g.state, Intercept(("ca",), "pe", "0105"))
    assert plain is not None and plain.summary.startswith("refused (AW-176)")


def test_aw224_an_interception_without_a_situation_stays_valid_elsewhere() -> None:
    g = game([ship("w", 4, "westhaven"), ship("k", 4, "kessel", nation="Germany")],
             ["0501", "0612", "0801", "1201", "1601"], ["4412", "1512", "2312", "3012"],
             side="Axis")
    play(g, "operate", activity="patrol", ships=["k"], target="4406")
    err = refused("AW-224", g, "intercept", ships=["w"], target="k", hex="4408",
                  situation="patrol_staying")
    assert err.reason.endswith("the patrol is en route")
    play(g, "intercept", ships=["w"], target="k", hex="4408")


def test_aw224_a_patrol_en_route_is_declared_as_such() -> None:
    g = game([ship("w", 4, "westhaven"), ship("k", 4, "kessel", nation="Germany")],
             ["0501", "0612", "0801", "1201", "1601"], ["4412", "1512", "2312", "3012"],
             side="Axis")
    play(g, "operate", activity="patrol", ships=["k"], target="4406")
    refused("AW-114", g, "intercept", ships=["w"], target="k", hex="4408",
            situation="defensive_patrol")
    play(g, "intercept", ships=["w"], target="k", hex="4408", situation="patrol_en_route")


def _going_home() -> Game[Any]:
    return _demo_game("aw-197-intercepted-on-the-way-home.json", 6)


def test_aw197_exposed_raiders_are_offered_on_the_way_home() -> None:
    g = _going_home()
    record = play(g, "decline_raider", group="op1")
    assert [e.kind for e in record.events if e.kind == "InterceptionAsked"] == []
    assert ledger_of(g.state).asked is None  # Scharnhorst, bound for Bergen, is exempt
    record = play(g, "decline_raider", group="op2")
    asked = [e for e in record.events if e.kind == "InterceptionAsked"]
    assert [(e.data["side"], e.data["kind"], e.data["ships"]) for e in asked] == [
        ("Allies", "raider_return", ["bis"])]
    window = ledger_of(g.state).windows[0]
    assert (window.origin, window.goal) == ("sw-atlantic", "wilhelmshaven")
    refused("TURN", g, "intercept", ships=["kgv"], target="sch", hex="0105")
    refused("AW-224", g, "intercept", ships=["kgv"], target="bis", hex="0105",
            situation="raiders_sighted")
    play(g, "intercept", ships=["kgv"], target="bis", hex="0105",
         situation="raiders_returning")


def test_aw197_the_phase_waits_for_the_defender_to_answer() -> None:
    g = _going_home()
    play(g, "decline_raider", group="op1")
    play(g, "decline_raider", group="op2")
    refused("AW-79", g, "end_phase")
    play(g, "pass_interception")
    play(g, "end_phase")


def test_aw176_the_window_lights_a_raids_route_only_under_a_favorable_situation() -> None:
    from mineboard.core.planning import Selection
    from mineboard.rules.awaw_naval import planning

    g = _raid_asked()
    view = g.state
    [choice] = planning.choices(view, Selection(units=("ca",)))
    assert choice.key == it.SITUATION and choice.default == ""
    assert [v for v, _ in choice.values] == ["", "raiders_en_route", "raiders_sighted"]
    plain = Selection(place="gibraltar", units=("ca",))
    assert planning.targets(view, plain, g.ruleset.check_declared) == {}
    sighted = Selection(place="gibraltar", units=("ca",),
                        options={it.SITUATION: "raiders_sighted"})
    lit = planning.targets(view, sighted, g.ruleset.check_declared)
    assert "0105" in lit and lit["0105"] == Intercept(("ca",), "pe", "0105",
                                                      "raiders_sighted")


def test_aw224_a_staying_patrol_is_declared_staying_the_likeliest_row() -> None:
    g = _demo_game("aw-102-a-staying-patrol-then-the-next.json", 5)  # a stays: asked again
    err = refused("AW-224", g, "intercept", ships=["m"], target="a", hex="1206",
                  situation="patrol_en_route")
    assert err.reason == ("intercept.situation: a patrol en route to its patrol hex: the "
                          "patrol is staying in its patrol hex")
    refused("AW-224", g, "intercept", ships=["m"], target="a", hex="1206",
            situation="patrol_at_hex")
    shown = it.preview_intercept(g.state, Intercept(("m",), "a", "1206", "patrol_staying"))
    assert shown is not None and shown.summary.startswith(
        "a patrol staying in its patrol hex after its air rounds: modifier +2 (21.416L)")
    record = play(g, "intercept", ships=["m"], target="a", hex="1206",
                  situation="patrol_staying")
    assert [e.data["modifier"] for e in record.events
            if e.kind == "InterceptionSituation"] == [2]


def test_aw224_a_patrol_sailing_is_en_route() -> None:
    g = _demo_game("aw-102-a-staying-patrol-then-the-next.json", 2)  # a sails: asked
    refused("AW-224", g, "intercept", ships=["m"], target="a", hex="1206",
            situation="patrol_staying")
    play(g, "intercept", ships=["m"], target="a", hex="1206", situation="patrol_en_route")


def test_aw224_a_patrol_in_its_hex_before_an_air_round() -> None:
    g = _demo_game("aw-102-a-staying-patrol-then-the-next.json", 3)  # a sailed, passed
    play(g, "patrol_air_round", operation="op1")  # the defender is asked first (AW-101)
    err = refused("AW-224", g, "intercept", ships=["m"], target="a", hex="1206",
                  situation="patrol_en_route")
    assert err.reason.endswith("the patrol is in its patrol hex before an air round")
    play(g, "intercept", ships=["m"], target="a", hex="1206", situation="patrol_at_hex")


def test_aw176_a_defensive_patrol_declares_its_own_row_against_raiders() -> None:
    g = _raid_asked()
    window = ledger_of(g.state).windows[0]
    row = it.declared(g.state, "defensive_patrol", window, defensive=True)
    assert row is not None and row.modifier == 1
    with pytest.raises(IllegalAction) as info:
        it.declared(g.state, "", window, defensive=True)
    assert info.value.clause == "AW-176"
    assert info.value.reason.endswith("(raiders_sighted and defensive_patrol)")
