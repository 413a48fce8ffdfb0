"""awaw-naval harbor attacks (issue 29, AW-136…AW-138, AW-248): after the patrols, research
or Germany's one free attack, the sequence of modifiers, the Harbor Attack Table as data and
its result entered — with the catalogue's test idea for AW-137 exactly."""

from __future__ import annotations

from typing import Any

import pytest

from mineboard.core.errors import BadInput
from mineboard.core.game import Game
from mineboard.core.schema import from_json
from mineboard.rules.awaw_naval.mission_data import HarborTable
from mineboard.rules.common.tables import read_rule_table
from tests.awaw_bases_helpers import game, ship, summary
from tests.conftest import play, refused

BRITISH = ["0501", "0612", "0801", "1201", "1601"]
GERMAN = ["4412", "1512", "2312", "3012"]


def harbor(side: str = "Axis", year: int = 1940, **more: Any) -> Game[Any]:
    return game([ship("a", 4, "skarth"), ship("m", 4, "marrow", nation="Germany")],
                BRITISH, GERMAN, side=side, year=year, **more)


def attack_and_resolve(g: Game[Any], nation: str, target: str, result: str = "none") -> None:
    play(g, "harbor_attack", nation=nation, target=target, attack="air")
    play(g, "harbor_defence")
    play(g, "harbor_attack_result", result=result)
    play(g, "accept_result")


def test_aw137_germany_free_attack_spring_1940_then_no_second():
    g = harbor()
    record = play(g, "harbor_attack", nation="Germany", target="skarth", attack="air")
    assert record.events[0].kind == "FreeHarborAttack"
    play(g, "harbor_defence")
    play(g, "harbor_attack_result", result="none")
    play(g, "accept_result")
    assert summary(g)["harbor_attacks"] == {"made": 1, "free_used": True}
    err = refused("AW-137", g, "harbor_attack", nation="Germany", target="skarth",
                  attack="air")
    assert err.reason == ("Germany lacks the harbor-attack research result and the one free "
                          "initial harbor attack is used")


def test_aw137_after_any_harbor_attack_the_free_one_is_gone():
    g = harbor(side="Allies")
    play(g, "harbor_research", nation="Britain")
    attack_and_resolve(g, "Britain", "marrow")
    for _ in range(4):
        play(g, "end_phase")
    assert g.state.phasing == "Axis"
    err = refused("AW-137", g, "harbor_attack", nation="Germany", target="skarth",
                  attack="air")
    assert err.reason.endswith("1 harbor attack(s) have been made already")


def test_aw137_not_before_fall_1939_and_germany_only():
    early = harbor(year=1939)
    refused("AW-137", early, "harbor_attack", nation="Germany", target="skarth", attack="air")
    late = harbor(year=1939, season="Fall")
    play(late, "harbor_attack", nation="Germany", target="skarth", attack="air")
    allied = harbor(side="Allies")
    err = refused("AW-137", allied, "harbor_attack", nation="Britain", target="marrow",
                  attack="air")
    assert "only Germany has a free initial harbor attack" in err.reason


def test_aw136_after_the_patrols_in_the_movement_phase():
    g = harbor(side="Allies")
    play(g, "harbor_research", nation="Britain")
    play(g, "declare_patrols", patrols=[{"ships": ["a"], "target": "1206"}])
    refused("AW-136", g, "harbor_attack", nation="Britain", target="marrow", attack="air")
    play(g, "operate", activity="patrol", ships=["a"], target="1206")
    play(g, "pass_interception")
    refused("AW-136", g, "harbor_attack", nation="Britain", target="marrow", attack="air")
    play(g, "end_air_rounds", operation="op1")
    play(g, "harbor_attack", nation="Britain", target="marrow", attack="air")
    combat = harbor(side="Allies", phase="combat")
    play(combat, "harbor_research", nation="Britain")
    refused("AW-136", combat, "harbor_attack", nation="Britain", target="marrow", attack="air")


def test_aw138_the_net_modifier_and_the_entered_result():
    g = harbor(side="Allies")
    play(g, "harbor_research", nation="Britain")
    refused("AW-138", g, "harbor_attack", nation="Britain", target="skarth", attack="air")
    play(g, "harbor_attack", nation="Britain", target="marrow", attack="air", modifiers=2,
         codebreaking=1)
    assert g.state.to_move == "Axis"
    refused("AW-138", g, "harbor_defence", modifiers=9)
    record = play(g, "harbor_defence", modifiers=1, counter_intelligence=1, codebreaking=-1)
    assert record.events[0].data == {"net": 2}  # (2 + 1) - (1 - 1) - 1
    refused("AW-248", g, "harbor_attack_result", result="damaged", damaged="a")
    play(g, "harbor_attack_result", result="damaged", damaged="m")
    play(g, "accept_result")
    assert g.state.ships["m"].damaged


def test_aw248_the_table_is_a_data_file_and_its_schema_is_checked():
    g = harbor(side="Allies")
    play(g, "harbor_research", nation="Britain")
    refused("AW-248", g, "harbor_attack", nation="Britain", target="marrow", attack="torpedo")
    play(g, "harbor_attack", nation="Britain", target="marrow", attack="special")
    play(g, "harbor_defence")
    refused("AW-248", g, "harbor_attack_result", result="devastated")
    with pytest.raises(BadInput, match="free_attack"):
        from_json(HarborTable, {"schema": 1, "kinds": {"air": "Air"},
                                "results": {"none": "none"}}, "harbor_attacks.json")
    shipped = read_rule_table(HarborTable, "awaw-naval", "harbor_attacks.json")
    assert shipped.free_attack.nation == "Germany" and "special" in shipped.kinds


def test_aw137_aw138_the_harbor_check_on_the_command_line(tmp_path, capsys):
    import json

    from mineboard.cli import main

    path = tmp_path / "harbor.json"
    path.write_text(json.dumps({
        "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-sea",
        "title": "harbor", "nations": ["Britain", "Germany"], "side": "Axis", "year": 1940,
        "control": {"Britain": BRITISH, "Germany": GERMAN}, "ships": []}), encoding="utf-8")
    code = main(["check", "awaw-naval", "harbor", str(path), "--nation", "Germany",
                 "--target", "Skarth", "--attack", "air", "--attacker", "2",
                 "--defender", "1", "--counter-intelligence", "1",
                 "--defender-codebreaking", "-1"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[1:] == ["AW-137: free initial attack",
                       "AW-138: attacker +2, codebreaking +0; defender +1, codebreaking -1, "
                       "counter-intelligence +1: net +1",
                       "AW-248: read the Harbor Attack Table (air) at +1; the result is "
                       "entered", "legal"]
    code = main(["check", "awaw-naval", "harbor", str(path), "--nation", "Germany",
                 "--target", "marrow", "--attack", "air"])
    assert code == 1
    assert capsys.readouterr().out.splitlines()[-1].startswith("refused — AW-138")
