"""``mineboard advise``: what it refuses (one line, exit 2) and what it says when there is
nothing to advise. The rankings themselves are tested per ruleset (test_advice_*.py)."""

from __future__ import annotations

import json

import pytest

from mineboard.cli import main
from mineboard.rules.imperium_mines.ruleset import ImperiumMines


def run_cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_unknown_side_is_one_line_and_exit_2(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run_cli(capsys, "advise", "imperium-marches", "--side", "Klingons")
    assert code == 2 and out == ""
    assert err == ("mineboard: --side: no side or nation 'Klingons' in this game (known: "
                   "Imperial, Terran)\n")


def test_an_unknown_target_names_the_known_ones(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _out, err = run_cli(capsys, "advise", "imperium-marches", "--target", "Nowhere")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("mineboard: --target: 'Nowhere' is not a place the enemy may aim "
                          "for (known: ")


def test_a_save_sealed_without_the_passphrase_is_refused(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    actions = tmp_path / "none.json"
    actions.write_text("[]")
    save = tmp_path / "sealed.mineboard"
    assert run_cli(capsys, "run", "imperium-marches", "--actions", str(actions), "--save",
                   str(save), "--passphrase", "Imperial=owl and pussycat")[0] == 0
    code, out, err = run_cli(capsys, "advise", str(save))
    assert code == 2 and out == ""
    assert err == (f"mineboard: {save}: sealed: give --passphrase for Imperial, Terran (a "
                   "sealed game is advised only to the sides who opened it)\n")


def test_a_finished_game_is_refused(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(ImperiumMines, "over", lambda self, view: "the Terran fleet is gone")
    code, out, err = run_cli(capsys, "advise", "imperium-marches")
    assert code == 2 and out == ""
    assert err == ("mineboard: imperium-marches: the game is over (the Terran fleet is gone): "
                   "there is nothing to advise\n")


def test_a_side_not_to_move_is_told_so_not_advised(capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _err = run_cli(capsys, "advise", "imperium-marches", "--side", "Terran",
                              "--json")
    assert code == 0
    assert json.loads(out) == {"side": "Terran", "suggestions": [], "nothing": (
        "Terran is not to move (Imperial is): it lays nothing now; ask again on its turn")}


@pytest.mark.parametrize("bad", ["not json", '{"mineboard_save": 99}'])
def test_a_broken_file_is_one_line(capsys, tmp_path, bad) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "broken.mineboard"
    path.write_text(bad)
    code, out, err = run_cli(capsys, "advise", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and str(path) in err


def test_a_save_at_germanys_lay_is_advised_in_json_with_exact_figures(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """northsea-1940, the program playing the Axis up to Non-Combat Movement: Escort 1 in
    113 with 3 mines; only line 112|113 is in reach of a British group (4 ships in 110)."""
    from mineboard.core.game import PUBLIC
    from mineboard.core.opponent import choose
    from mineboard.persistence.saves import write_save
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario("northsea-1940"))
    game = scenario.new_game(3)
    while not game.records or game.records[-1].action.kind != "load_mines":
        game.play(choose(game.ruleset, game.observe("Axis").view).action)
    assert game.observe(PUBLIC).view.phase_label == "Non-Combat Movement"
    save = tmp_path / "lay.mineboard"
    write_save(save, scenario, game)
    code, out, _err = run_cli(capsys, "advise", str(save), "--json")
    assert code == 0
    advice = json.loads(out)
    assert advice["side"] == "Axis" and advice["exact"] and advice["total"] == 3
    best = advice["suggestions"][0]
    assert best["action"] == {"kind": "lay_mines", "unit": "ger-escort-1", "line": "112|113"}
    assert (best["expected"], best["stop"]) == ("1", None)
    assert [s["expected"] for s in advice["suggestions"][1:]] == ["0", "0"]
    code, text, _err = run_cli(capsys, "advise", str(save))
    assert text.splitlines()[3] == ("1. Escort 1: 3 mines on line 112|113 (from zone 113): "
                                    "expected ships lost 1.00 (1)")


def test_a_solo_save_is_advised_to_the_player_never_for_the_program(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from mineboard.core.table import Table
    from mineboard.persistence.saves import write_save
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario("imperium-marches"))
    save = tmp_path / "solo.mineboard"
    write_save(save, scenario, scenario.new_game(3, Table(program="Imperial")))
    code, out, _err = run_cli(capsys, "advise", str(save))  # the Imperial (program) to move
    assert code == 0 and out == ("Terran is not to move (Imperial is): it lays nothing now; "
                                 "ask again on its turn\n")
    code, out, err = run_cli(capsys, "advise", str(save), "--side", "Imperial")
    assert code == 2 and out == ""
    assert err == ("mineboard: --side: Imperial is played by the program in this solo game: "
                   "its lays are its secret\n")
