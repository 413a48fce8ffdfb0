"""One line registers a ruleset (issue 26, items 1 and 2).

hidden-posts (tests/rulesets/) lives outside the package and is provided here with one
line; the registry-driven parts of the program — the rulesets command, the window, the
conformance kit, the conformance suite and play by email — take it as they take the three
bundled ones. Its one secret is *where* a counter lies, which no stand-in can name: it stands
in as :class:`PlacedSomewhere`, and without that by-email play fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mineboard.core.errors import IllegalAction
from mineboard.core.events import CountersPlaced
from mineboard.core.hidden_place import PlacedSomewhere, placed_somewhere
from mineboard.core.places import PlaceRef
from mineboard.core.registry import Provided, forget, provide, provided, ruleset_ids
from mineboard.persistence import pbem
from mineboard.persistence.scenario import load_scenario
from mineboard.resources import resolve_scenario
from tests.conformance_kits import KITS
from tests.test_cli import run_cli
from tests.test_conformance import (
    assert_replays,
    assert_save_round_trip,
    fuzz,
    play_by_email,
)
from tests.test_conformance import (
    test_the_kit_scramble_really_changes_secrets as assert_the_kit_scramble_changes_secrets,
)

pytestmark = pytest.mark.usefixtures("private_data_dir")

HIDDEN_POSTS = "hidden-posts"


@pytest.fixture
def hidden_posts() -> Iterator[Provided]:
    """hidden-posts, provided by its one line for the length of a test."""
    yield provide(HIDDEN_POSTS, rules="tests.rulesets.hidden_posts",
                  window="tests.rulesets.hidden_posts_qt")
    forget(HIDDEN_POSTS)


def test_a_bundled_rulesets_parts_are_found_by_its_folders():
    assert provided("naval-lines") == Provided(
        rules="mineboard.rules.naval_lines.ruleset:RULESET",
        window="mineboard.qt.naval_lines:NavalLinesUI",
        kit="mineboard.rules.naval_lines.conformance:KIT",
        odds="mineboard.rules.naval_lines.odds:LineQuery")


def test_one_line_registers_a_ruleset_from_outside_the_package(hidden_posts, capsys):
    from mineboard.qt.registry import known, ui_for
    from tests.rulesets.hidden_posts.conformance import KIT
    from tests.rulesets.hidden_posts_qt import HiddenPostsUI

    assert hidden_posts.window == "tests.rulesets.hidden_posts_qt:HiddenPostsUI"
    assert ruleset_ids() == ["asl-minefields", "awaw-naval", "gwas-tactical", HIDDEN_POSTS,
                             "imperium-mines", "naval-lines"]
    assert known() == ruleset_ids()
    assert type(ui_for(HIDDEN_POSTS)) is HiddenPostsUI
    assert KITS[HIDDEN_POSTS] is KIT and HIDDEN_POSTS in KITS
    code, out, _ = run_cli(capsys, "rulesets")
    assert code == 0
    assert out.splitlines()[3] == \
        "hidden-posts\tHP\tHidden posts: a secret place (a ruleset of the tests)"
    with pytest.raises(ValueError, match="'hidden-posts' provided twice"):
        provide(HIDDEN_POSTS)


def test_a_forgotten_ruleset_is_gone_everywhere(hidden_posts):
    from mineboard.qt.registry import known

    forget(HIDDEN_POSTS)
    assert HIDDEN_POSTS not in ruleset_ids() and HIDDEN_POSTS not in known()
    assert HIDDEN_POSTS not in KITS


def test_the_conformance_suite_plays_it(hidden_posts):
    game = fuzz(HIDDEN_POSTS, 300, seed=4)
    assert len(game.records) == 300
    assert_replays(game)
    assert_save_round_trip(game, KITS[HIDDEN_POSTS].scenario)
    assert_the_kit_scramble_changes_secrets(HIDDEN_POSTS)
    picture = _ui().picture(game.observe("Blue").view)  # the window draws Blue's view
    assert {c.owner for c in picture.counters} <= {"Red"}
    assert all(c.faces[0].up for c in picture.counters)  # only the posts Blue turned up


def _ui() -> Any:
    from mineboard.qt.registry import ui_for

    return ui_for(HIDDEN_POSTS)


def test_by_email_a_secret_place_stands_in_as_a_counter_somewhere(hidden_posts, tmp_path):
    assert play_by_email(KITS[HIDDEN_POSTS].scenario, 60, 3, tmp_path) > 4


def test_without_it_by_email_play_fails(hidden_posts, tmp_path, monkeypatch):
    """The stand-in a ruleset would have without PlacedSomewhere: none (no public trace)."""
    from tests.rulesets.hidden_posts.ruleset import HiddenPosts

    monkeypatch.setattr(HiddenPosts, "stand_in", lambda self, action: None)
    with pytest.raises(AssertionError, match="Blue's world, the other side's secrets "
                                             "replayed as their stand-ins, differs from the "
                                             "truth as it may see it"):
        play_by_email(KITS[HIDDEN_POSTS].scenario, 60, 3, tmp_path)


def _act(seat: pbem.Seat, kind: str, **fields: Any) -> pbem.Entry:
    return seat.play(seat.last.scenario.ruleset.codec.parse({"kind": kind, **fields}))


def _exchange(seat: pbem.Seat, path: Any, passphrase: str) -> pbem.Seat:
    pbem.send(seat, path)
    return pbem.receive_file(path, passphrase)


def test_by_email_a_probe_where_a_post_lies_opens_just_that_placement(hidden_posts, tmp_path):
    sc = load_scenario(resolve_scenario(KITS[HIDDEN_POSTS].scenario))
    pbem.send(pbem.start(sc, "Red", "one"), tmp_path / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(tmp_path / "t0.json"), "two"), tmp_path / "t1.json")
    red = pbem.receive_file(tmp_path / "t1.json", "one")
    there, elsewhere = sc.board.ref("corvan"), sc.board.ref("eidolon")
    for place in ("corvan", "eidolon"):
        entry = _act(red, "place_post", place=place)
        assert entry.action is None and entry.stand_in == PlacedSomewhere("Red")
    _act(red, "end_phase")
    assert b"corvan" not in (tmp_path / "t1.json").read_bytes()
    blue = _exchange(red, tmp_path / "t2.json", "two")
    assert b"corvan" not in (tmp_path / "t2.json").read_bytes()  # sealed, place and all
    seen = blue.world().observe("Blue")
    assert [(p.at, p.face_up) for p in seen.view.posts] == [("", False), ("", False)]
    assert [e.text for e in seen.events()][:2] == ["Red places a face-down counter"] * 2
    assert all(e.at is None for e in seen.events()[:2])
    probe = _act(blue, "probe", place="corvan")
    assert not probe.pending  # nothing rolls: the probe's outcome rests on a secret
    red = _exchange(blue, tmp_path / "t3.json", "one")
    assert sorted(red.opened) == [0]  # the post at Corvan, not the one at Eidolon
    blue = _exchange(red, tmp_path / "t4.json", "two")
    seen = blue.world().observe("Blue")
    assert [(p.at, p.face_up) for p in seen.view.posts] == [("corvan", True), ("", False)]
    assert seen.events()[-1].text == f"Blue's probe turns up Red's post at {there}"
    own = red.world().observe("Red").events()[:2]  # Red's own log keeps where it laid them
    assert [(e.at, e.text) for e in own] == [(there, f"Red places a post at {there}"),
                                             (elsewhere, f"Red places a post at {elsewhere}")]


def test_a_stand_in_is_no_order(hidden_posts):
    game = load_scenario(resolve_scenario(KITS[HIDDEN_POSTS].scenario)).new_game(1)
    for by in ("Red", None):
        with pytest.raises(IllegalAction) as info:
            game.play(PlacedSomewhere("Red"), by=by)
        assert str(info.value) == ("TURN: a face-down counter somewhere not named only "
                                   "stands in for another side's secret placement: it is no "
                                   "order")
    assert game.records == []


def test_by_email_a_stand_in_sent_as_an_order_is_forged(hidden_posts, tmp_path):
    import json

    from mineboard.core.errors import BadInput

    sc = load_scenario(resolve_scenario(KITS[HIDDEN_POSTS].scenario))
    pbem.send(pbem.start(sc, "Red", "one"), tmp_path / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(tmp_path / "t0.json"), "two"), tmp_path / "t1.json")
    red = pbem.receive_file(tmp_path / "t1.json", "one")
    _act(red, "end_phase")
    pbem.send(red, tmp_path / "t2.json")
    doc = json.loads((tmp_path / "t2.json").read_text())
    doc["ledger"].insert(0, {"by": "Red", "action": {"kind": "placed_somewhere",
                                                      "owner": "Red"}, "rolls": []})
    (tmp_path / "t2.json").write_text(json.dumps(doc))
    with pytest.raises(BadInput, match=r"entry 0 \(placed_somewhere\) is forged: it breaks "
                                       r"the rules \(TURN: a face-down counter somewhere not "
                                       r"named only stands in"):
        pbem.receive_file(tmp_path / "t2.json", "two")


def test_by_email_a_secret_opened_as_its_own_stand_in_is_forged(hidden_posts, tmp_path):
    """A program changed to seal "somewhere not named" as Red's real post, committed
    properly, and open it at once: the post would lie nowhere, a probe never finding it."""
    from mineboard.core.commitment import canonical, commit, new_salt
    from mineboard.core.errors import BadInput
    from mineboard.persistence.ledger import Opening
    from mineboard.persistence.sealing import Seals

    sc = load_scenario(resolve_scenario(KITS[HIDDEN_POSTS].scenario))
    pbem.send(pbem.start(sc, "Red", "one"), tmp_path / "t0.json")
    pbem.send(pbem.join(pbem.read_turn(tmp_path / "t0.json"), "two"), tmp_path / "t1.json")
    red = pbem.receive_file(tmp_path / "t1.json", "one")
    action, index, salt = PlacedSomewhere("Red"), len(red.entries), new_salt()
    sealed = Seals({"Red": red.seal}).seal(
        "Red", pbem.aad(red.last.game_id, "entry", index),
        canonical({"action": action.to_json(), "salt": salt.hex()}))
    red.entries.append(pbem.Entry("Red", stand_in=action, secret={
        "side": "Red", "commitment": commit(salt, canonical(action.to_json())), **sealed}))
    red.mine[index], red.salts[index] = action, salt
    red.opened[index] = Opening(action, salt)
    pbem.send(red, tmp_path / "t2.json")
    with pytest.raises(BadInput, match=r"entry 0 \(placed_somewhere\) is forged: it breaks "
                                       r"the rules \(TURN: a face-down counter somewhere"):
        pbem.receive_file(tmp_path / "t2.json", "two")


# ---- CountersPlaced with a secret place --------------------------------------------------------
HEX = PlaceRef("hex", "0507", "hex 0507")


def test_a_secret_place_is_dropped_from_the_public_twin_and_kept_in_the_owners_event():
    laid = CountersPlaced(clause="HP-01", text="Red places a post at hex 0507", at=HEX,
                          owner="Red", count=1, secret_to="Red", place_secret=True)
    twin = laid.public_twin()
    assert twin == CountersPlaced(clause="HP-01", text="Red places a face-down counter",
                                  owner="Red", count=1, place_secret=True)
    assert twin.at is None and laid.at == HEX
    assert laid.to_json()["at"] == {"kind": "hex", "id": "0507"}
    assert "at" not in twin.to_json() and twin.to_json()["place_secret"] is True
    stand_in = placed_somewhere(PlacedSomewhere("Red"), "HP-01")
    assert stand_in.public_twin() == twin  # the other side reads the same either way


def test_a_counter_placed_where_all_may_see_keeps_its_place_and_its_json():
    laid = CountersPlaced(clause="GT-03", text="German places a counter", at=HEX,
                          owner="German", count=2, secret_to="German")
    assert laid.public_twin() == CountersPlaced(
        clause="GT-03", text="German places 2 face-down counters at hex 0507", at=HEX,
        owner="German", count=2)
    assert laid.to_json() == {"kind": "CountersPlaced", "type": "CountersPlaced",
                              "clause": "GT-03", "text": "German places a counter",
                              "at": {"kind": "hex", "id": "0507"}, "owner": "German",
                              "count": 2, "public_clause": "", "secret_to": "German"}


def test_the_window_opens_it_and_draws_each_side_what_it_may_see(hidden_posts, qtbot):
    from mineboard.qt.session import GameSession
    from tests.qt_helpers import shown_window, uncover
    from tests.rulesets.hidden_posts.ruleset import PlacePost

    w = shown_window(qtbot, GameSession.open(KITS[HIDDEN_POSTS].scenario))  # Red sits down
    assert not w.covered
    assert w.controller.play(PlacePost("corvan"))
    assert list(w.scene.markers) == [("corvan", "Red")]  # Red sees where its post lies
    assert w.controller.play(w.session.game.ruleset.end_phase(w.session.game.state))
    uncover(qtbot, w)  # Blue sits down
    assert not w.covered and w.session.observation().view.phase_label == "Blue probes"
    assert list(w.scene.markers) == []  # Blue sees no place for it
    log = [w.log.item(i).text() for i in range(w.log.count())]
    assert log[1:] == ["HP-01: Red places a face-down counter", "Turn 1: Blue probes"]
