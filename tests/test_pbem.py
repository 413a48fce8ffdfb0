"""Play by email (issue 9): turn files no side can peek into, replay or forge.

The game below: Germany loads and lays 2 mines on 112|113 in secret; the British, who
cannot know, send a destroyer across; Germany's program rolls the crossing (the British
program may not roll its own dice), opens just the orders that laid the field — checked
against their commitments — and sets aside the British move made after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mineboard.core.commitment import canonical
from mineboard.core.errors import BadInput, IllegalAction
from mineboard.persistence import pbem
from mineboard.persistence.scenario import load_scenario
from mineboard.resources import resolve_scenario

pytestmark = pytest.mark.usefixtures("private_data_dir")

AXIS, ALLIES = "nordsee", "dover"


def act(seat: pbem.Seat, kind: str, **fields) -> pbem.Entry:
    return seat.play(seat.last.scenario.ruleset.codec.parse({"kind": kind, **fields}))


def end_until(seat: pbem.Seat, done) -> None:
    while not done(seat.world().state):
        act(seat, "end_phase")


def opening(folder: Path) -> dict[str, Path]:
    """Turns 0–3: invitation, joining, Germany's secret field, the British crossing."""
    sc = load_scenario(resolve_scenario("northsea-1940-hidden"))
    files = {name: folder / f"{name}.json" for name in ("t0", "t1", "t2", "t3", "t4")}
    pbem.send(pbem.start(sc, "Germany", AXIS), files["t0"])
    pbem.send(pbem.join(pbem.read_turn(files["t0"]), ALLIES), files["t1"])
    axis = pbem.receive_file(files["t1"], AXIS)
    end_until(axis, lambda s: s.phase == "noncombat_move")
    act(axis, "load_mines", unit="ger-escort-1", count=2)
    act(axis, "lay_mines", unit="ger-escort-1", line="112|113")
    end_until(axis, lambda s: s.actor == "United Kingdom")
    pbem.send(axis, files["t2"])
    allies = pbem.receive_file(files["t2"], ALLIES)
    end_until(allies, lambda s: s.phase == "combat_move")
    crossing = act(allies, "move", units=["uk-destroyer-1"], path=["110", "112", "113"])
    assert not crossing.pending  # no mines in the British world: nothing to roll there
    act(allies, "end_phase")
    pbem.send(allies, files["t3"])
    return files


def test_a_secret_field_is_rolled_by_its_owner_and_opened_as_committed(tmp_path):
    files = opening(tmp_path)
    assert b"112|113" not in files["t2"].read_bytes()  # sealed: no plaintext of the lay
    assert b"load_mines" not in files["t2"].read_bytes()
    axis = pbem.receive_file(files["t3"], AXIS)
    crossing = axis.entries[-1]
    assert crossing.action.kind == "move" and crossing.seeded_by == 4 and crossing.rolls
    assert sorted(axis.opened) == [3, 4]  # the load and the lay, nothing else
    assert "1 later move of theirs set aside" in axis.told[0]
    pbem.send(axis, files["t4"])
    allies = pbem.receive_file(files["t4"], ALLIES)
    assert allies.told[0].startswith("Axis rolled your move (entry 8):")
    world = allies.world()
    text = [e.text for e in world.observe("Allies").events()]
    assert "United Kingdom's ships cross line 112|113: Germany's minefield of 2 mines " \
        "defends" in text
    assert world.state.phase_label == "Combat Movement"  # the end of phase was set aside
    assert allies.may_move()


def test_the_side_that_moves_never_rolls_its_own_dice(tmp_path):
    files = opening(tmp_path)
    axis = pbem.receive_file(files["t3"], AXIS)
    pbem.send(axis, files["t4"])
    allies = pbem.receive_file(files["t4"], ALLIES)
    before = len(allies.entries)
    move = act(allies, "move", units=["uk-destroyer-2"], path=["110", "112", "113"])
    assert move.pending and move.rolls is None  # 1 German mine left on 112|113: it rolls
    with pytest.raises(IllegalAction, match="waits for the other side's dice"):
        act(allies, "end_phase")
    assert len(allies.entries) == before + 1


def _tampered(files: dict[str, Path], change) -> Path:
    doc = json.loads(files["t4"].read_text())
    change(doc)
    out = files["t4"].with_name("bad.json")
    out.write_text(json.dumps(doc))
    return out


@pytest.mark.parametrize("change, message", [
    (lambda d: d["ledger"][8].update(rolls=[6]),
     "entry 8 (move): rolls [6] are not the dice of the two shares"),
    (lambda d: d["opened"]["4"]["action"].update(line="110|112"),
     "entry 4: the opened secret is not the one committed when it was played"),
    (lambda d: d.update(prev="0" * 64), "does not answer Allies' turn 3 as sent"),
    (lambda d: d["ledger"][2].update(action={"kind": "end_phase"}) or d["ledger"].__setitem__(
        2, {"by": "Axis", "action": {"kind": "buy_mines", "count": 1}, "rolls": []}),
     "changes entry 2"),
    (lambda d: d["shares"][4].update(reveal="00" * 32), "dice share does not match"),
    (lambda d: d.update(seq=5), "must carry 6 share steps"),
])
def test_a_tampered_turn_file_is_refused_with_one_line(tmp_path, change, message):
    files = opening(tmp_path)
    axis = pbem.receive_file(files["t3"], AXIS)
    pbem.send(axis, files["t4"])
    bad = _tampered(files, change)
    with pytest.raises(BadInput) as info:
        pbem.receive_file(bad, ALLIES)
    assert message in str(info.value) and "\n" not in str(info.value)
    assert pbem.receive_file(files["t4"], ALLIES).may_move()  # the true file still opens


def test_turn_files_out_of_order_or_replayed_are_refused(tmp_path):
    files = opening(tmp_path)
    with pytest.raises(BadInput, match="turn 2 is old: Allies has already answered it"):
        pbem.receive_file(files["t2"], ALLIES)
    axis = pbem.receive_file(files["t3"], AXIS)
    pbem.send(axis, files["t4"])
    allies = pbem.receive_file(files["t4"], ALLIES)
    pbem.send(allies, tmp_path / "t5.json")
    axis = pbem.receive_file(tmp_path / "t5.json", AXIS)
    pbem.send(axis, tmp_path / "t6.json")
    with pytest.raises(BadInput, match="turn 6 is out of order: Allies' last turn is 3"):
        # The Allies' program never sent turn 5 from this data folder … as if it had not
        pbem._sent_path(axis.last.game_id, "Allies").write_bytes(files["t3"].read_bytes())
        pbem.receive_file(tmp_path / "t6.json", ALLIES)


def test_a_wrong_passphrase_is_named_and_a_sealed_secret_cannot_be_read(tmp_path):
    files = opening(tmp_path)
    with pytest.raises(BadInput, match="wrong passphrase for Axis"):
        pbem.receive_file(files["t3"], "calais")
    doc = json.loads(files["t3"].read_text())
    lay = doc["ledger"][4]
    assert lay["secret"]["side"] == "Axis" and lay["stand_in"] is None
    assert canonical({"kind": "lay_mines"})[:5] not in bytes.fromhex(lay["secret"]["data"])


def test_the_window_opens_a_turn_plays_it_and_sends_the_next(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    from mineboard.qt.mainwindow import MainWindow
    from mineboard.qt.session import GameSession

    files = opening(tmp_path)
    w = MainWindow(GameSession.open("northsea-1940"))
    qtbot.addWidget(w)
    w.set_speed("off")
    w.by_email.open_turn_file(files["t3"], AXIS)  # File ▸ Open turn file, as Germany
    seat = w.session.pbem
    assert seat is not None and seat.me == "Axis" and not w.cover.isVisible()
    assert "rolled Allies' move (entry 8)" in seat.told[0]
    assert ("112|113", "Germany") in w.scene.markers  # Germany sees its own field
    assert w.session.game.observe("Axis").view.to_move != "Axis"  # the British move
    out = tmp_path / "from-window.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    w.send_action.trigger()
    assert out.exists() and w.session.pbem.sent
    allies = pbem.receive_file(out, ALLIES)
    assert allies.may_move() and allies.told[0].startswith("Axis rolled your move")


def _exchange(seat: pbem.Seat, out: Path, passphrase: str) -> pbem.Seat:
    """``seat`` sends its turn; the other side opens it."""
    pbem.send(seat, out)
    return pbem.receive_file(out, passphrase)


def _handshake(sc, side: str, folder: Path) -> pbem.Seat:
    """Turns 0 and 1 (passphrases "one" and "two"); the first side, ready to play turn 2."""
    pbem.send(pbem.start(sc, side, "one"), folder / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(folder / "t0.json"), "two"), folder / "t1.json")
    return pbem.receive_file(folder / "t1.json", "one")


def test_imperium_by_email_a_false_looking_counter_is_opened_when_a_fleet_enters(tmp_path):
    """IM-08/IM-14: the Terrans see one more back at Corvan — a false counter in their
    world — until their fleet enters and the Imperial program rolls the check for real."""
    from tests.conftest import IMPERIUM, scenario

    fleets = [{"id": "L", "side": "Imperial", "system": "corvan", "ships": {"minelayer": 3}},
              {"id": "T", "side": "Terran", "system": "eidolon", "ships": {"frigate": 1}}]
    sc = scenario(IMPERIUM, fleets=fleets, minefields=[])
    imperial = _handshake(sc, "Imperial", tmp_path)
    act(imperial, "end_phase")  # construction
    terran = _exchange(imperial, tmp_path / "t2.json", "two")
    act(terran, "end_phase")
    imperial = _exchange(terran, tmp_path / "t3.json", "one")
    lay = act(imperial, "lay_mines", fleet="L")
    assert lay.action is None and lay.stand_in.kind == "place_false"
    act(imperial, "end_phase")
    terran = _exchange(imperial, tmp_path / "t4.json", "two")
    seen = terran.world().observe("Terran").view
    assert [c.known for c in seen.minefields["corvan"]["Imperial"]] == [False]
    jump = act(terran, "jump", fleets=["T"], path=["eidolon", "corvan"])
    assert not jump.pending  # a false counter only, in the Terran world: no roll (IM-16)
    imperial = _exchange(terran, tmp_path / "t5.json", "one")
    assert imperial.entries[-1].seeded_by == 6 and len(imperial.entries[-1].rolls) >= 2
    assert sorted(imperial.opened) == [2]  # just the lay
    terran = _exchange(imperial, tmp_path / "t6.json", "two")
    clauses = [e.clause for e in terran.world().observe("Terran").events()]
    assert "IM-18" in clauses  # the real check, with the 3 mine points the lay opened


def test_gwas_by_email_a_dummy_in_one_world_is_a_mine_in_the_other(tmp_path):
    from tests.conftest import JUTLAND, mixed_hex_setup, scenario

    changes, target, other, start = mixed_hex_setup(("A",))
    sc = scenario(JUTLAND, **changes)
    german = _handshake(sc, "German", tmp_path)
    for hex_, mine in ((target, True), (other, True), (target, False), ("1510", False)):
        act(german, "place_counter", hex=hex_, mine=mine)
    assert all(e.action is None for e in german.entries)  # four sealed placements
    act(german, "end_phase")
    british = _exchange(german, tmp_path / "t2.json", "two")
    assert all(not c.mine for c in british.world().state.counters)  # dummies, to them
    act(british, "end_phase")  # nothing to place: the battle begins, Germans first
    german = _exchange(british, tmp_path / "t3.json", "one")
    act(german, "end_phase")  # German impulse 1: nothing moves
    british = _exchange(german, tmp_path / "t4.json", "two")
    move = act(british, "move_ships", ships=["A"], path=[start, target])
    assert not move.pending  # two dummies in the British world: nothing rolls
    german = _exchange(british, tmp_path / "t5.json", "one")
    rolled = german.entries[-1]
    assert rolled.action.kind == "move_ships" and rolled.rolls  # a mine there: GT-10
    assert sorted(german.opened) == [0]  # the mine there; its dummy is one in every world
    british = _exchange(german, tmp_path / "t6.json", "two")
    up = [(c.mine, c.face_up) for c in british.world().state.counters_in(target)]
    assert up == [(True, True)]  # the mine turned up; the dummy went


# Random play by email of every registered ruleset: tests/test_conformance.py (play_by_email).


def test_in_the_window_a_move_that_rolls_waits_and_says_so(qtbot, tmp_path):
    from mineboard.qt.mainwindow import MainWindow
    from mineboard.qt.session import GameSession

    files = opening(tmp_path)
    axis = pbem.receive_file(files["t3"], AXIS)
    pbem.send(axis, files["t4"])
    w = MainWindow(GameSession.open("northsea-1940"))
    qtbot.addWidget(w)
    w.by_email.open_turn_file(files["t4"], ALLIES)
    before = len(w.session.game.records)
    move = w.session.game.ruleset.codec.parse(
        {"kind": "move", "units": ["uk-destroyer-2"], "path": ["110", "112", "113"]})
    assert w.controller.play(move)
    assert "rolls dice: File ▸ Send turn" in w.statusBar().currentMessage()
    assert len(w.session.game.records) == before and w.session.pbem.pending
    w.undo_action.trigger()  # taken back: nothing of this turn file is sent yet
    assert not w.session.pbem.pending and "Undone: move" in w.statusBar().currentMessage()


# ---- what a review tried as an attacker (each was accepted before; kept as tests) --------------
def _edited(path: Path, change, name: str) -> Path:
    doc = json.loads(path.read_text())
    change(doc)
    out = path.with_name(name)
    out.write_text(json.dumps(doc))
    return out


def _refused(path: Path, phrase: str, message: str) -> None:
    with pytest.raises(BadInput) as info:
        pbem.receive_file(path, phrase)
    assert message in str(info.value) and "\n" not in str(info.value), str(info.value)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["ledger"][8]["action"].update(path=["110", "126"]),
     "entry 8 (move) is forged: it breaks the rules (TURN: sea zones 110 and 126 do not "
     "share"),
    (lambda d: d["ledger"][8].update(action={"kind": "move", "units": ["ger-cruiser-1"],
                                             "path": ["113", "112"]}),
     "Cruiser 1 belongs to Germany"),
    (lambda d: d["scenario"]["nations"][1].update(ipcs=999),
     "changes the scenario the game began with"),
    (lambda d: d["seals"].update(n=2**20), "changes how passphrases are made into keys"),
    (lambda d: d["ledger"][8].update(rolls=[6]), "only the other side rolls"),
    (lambda d: d["ledger"].append({"by": "Axis", "action": {"kind": "end_phase"},
                                   "rolls": []}),
     "entry 10 (end_phase) is not a new move of Allies'"),
    (lambda d: d["opened"].update({"9" * 5000: {}}), "an opening is keyed by entry number"),
    (lambda d: d["seals"].update(sides=["Axis", "Allies"]), "'seals' must name"),
    (lambda d: d["shares"][-1].update(commit="é"), "64 hex digits"),
])
def test_a_forged_or_hostile_move_file_is_refused(tmp_path, change, message):
    files = opening(tmp_path)  # turn 3 is the British file: its moves go to Germany
    _refused(_edited(files["t3"], change, "bad.json"), AXIS, message)
    assert pbem.receive_file(files["t3"], AXIS).told  # the honest file still opens


def test_the_side_that_rolls_may_not_cut_the_other_sides_moves_without_cause(tmp_path):
    files = opening(tmp_path)
    axis = pbem.receive_file(files["t3"], AXIS)
    pbem.send(axis, files["t4"])

    def cut_at_the_quiet_end_of_phase(doc):  # to spare the field the crossing after it
        doc["ledger"] = doc["ledger"][:8]
        doc["ledger"][7]["seeded_by"] = 4
        doc["opened"] = {}
    _refused(_edited(files["t4"], cut_at_the_quiet_end_of_phase, "cut.json"), ALLIES,
             "sets your end_phase (entry 7) and the moves after it aside without cause")


def test_an_opened_secret_must_have_been_legal_and_the_audit_checks_everything(tmp_path):
    from mineboard.core.commitment import canonical, commit, new_salt
    from mineboard.persistence.ledger import Opening
    from mineboard.persistence.sealing import Seals

    files = opening(tmp_path)
    axis = pbem.receive_file(files["t3"], AXIS)
    # A program changed to skip its own checks: it loads 9 mines it never had, sealed and
    # committed properly, and opens the order at once.
    action = axis.last.scenario.ruleset.codec.parse(
        {"kind": "load_mines", "unit": "ger-escort-2", "count": 9})
    index, salt = len(axis.entries), new_salt()
    sealed = Seals({"Axis": axis.seal}).seal("Axis", pbem.aad(axis.last.game_id, "entry",
                                                                 index),
                                             canonical({"action": action.to_json(),
                                                        "salt": salt.hex()}))
    axis.entries.append(pbem.Entry("Axis", secret={
        "side": "Axis", "commitment": commit(salt, canonical(action.to_json())), **sealed}))
    axis.mine[index], axis.salts[index] = action, salt
    axis.opened[index] = Opening(action, salt)
    pbem.send(axis, files["t4"])
    _refused(files["t4"], ALLIES, f"entry {index} (load_mines) is forged: it breaks the rules")


def test_when_every_secret_is_open_the_whole_game_is_audited(tmp_path):
    files = opening(tmp_path)
    axis = pbem.receive_file(files["t3"], AXIS)
    assert axis.reveal_all() == 0  # the crossing already opened both of Germany's orders
    pbem.send(axis, files["t4"])
    allies = pbem.receive_file(files["t4"], ALLIES)
    assert "every move so far keeps the rules (audit)" in allies.told[-1]
