"""A save carries a map of the player's own (issue 24, item 13): the scenario names it by a
path relative to the scenario's folder, which means nothing beside a save written
elsewhere — the autosave in the data folder, a Save As to another folder, a file sent to a
friend. Bundled maps stay named by id."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from mineboard import cli
from mineboard.core.errors import BadInput
from mineboard.persistence import saves
from mineboard.persistence.saves import digest_of, load_save, save_document, write_save
from mineboard.persistence.scenario import Scenario, load_scenario
from mineboard.resources import maps_dir, resolve_scenario
from tests.conftest import scenario


def marches_on(folder: Path, map_ref: str = "mymap.geojson") -> Path:
    """The Marches on a copy of its map in ``folder``, named by a relative path."""
    target = folder / map_ref
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(maps_dir() / "stars.geojson", target)
    doc = json.loads(resolve_scenario("imperium-marches").read_text(encoding="utf-8"))
    doc["map"] = map_ref
    (folder / "scenario.json").write_text(json.dumps(doc), encoding="utf-8")
    return folder / "scenario.json"


def played(sc: Scenario) -> Any:
    """A game of ``sc`` one phase on."""
    game = sc.new_game(5)
    game.play(game.ruleset.codec.parse({"kind": "end_phase"}))
    return game


def test_a_save_written_away_from_its_scenario_opens_from_any_folder(tmp_path, monkeypatch):
    sc = load_scenario(marches_on(tmp_path / "A", "maps/mymap.geojson"))
    raw = (tmp_path / "A" / "maps" / "mymap.geojson").read_bytes()
    assert sc.map_files == {"maps/mymap.geojson": raw}
    game = played(sc)
    save = tmp_path / "B" / "game.mineboard"
    save.parent.mkdir()
    write_save(save, sc, game)
    doc = json.loads(save.read_text(encoding="utf-8"))
    assert doc["scenario"]["map"] == "maps/mymap.geojson"  # the scenario as it was
    assert doc["map"] == {"id": "stars", "sha256": hashlib.sha256(raw).hexdigest(),
                          "files": {"maps/mymap.geojson": raw.decode("utf-8")}}
    shutil.rmtree(tmp_path / "A")  # the player's map folder gone, the program elsewhere
    monkeypatch.chdir(tmp_path)
    loaded = load_save(save)
    assert loaded.game.state == game.state
    assert loaded.scenario.map_files == sc.map_files  # so its next save carries it too
    assert cli.main(["validate", str(save)]) == 0


def test_a_save_on_a_bundled_map_names_it_by_id_only(tmp_path):
    sc = scenario()
    assert sc.map_files == {}
    assert set(save_document(sc, sc.new_game(1))["map"]) == {"id", "sha256"}


def test_related_maps_of_the_players_own_travel_with_the_map(tmp_path, monkeypatch):
    """Jutland on a tactical map whose strategic map is also the player's, in a subfolder:
    both files are carried, by their paths from the scenario's folder."""
    folder = tmp_path / "A"
    (folder / "tac").mkdir(parents=True)
    tactical = json.loads((maps_dir() / "jutland-tactical.geojson").read_text())
    tactical["mineboard"]["related"]["strategic"] = "zones.geojson"
    (folder / "tac" / "tactical.geojson").write_text(json.dumps(tactical))
    shutil.copy(maps_dir() / "jutland-zones.geojson", folder / "tac" / "zones.geojson")
    doc = json.loads(resolve_scenario("jutland-horns-reef").read_text(encoding="utf-8"))
    doc["map"] = "tac/tactical.geojson"
    (folder / "scenario.json").write_text(json.dumps(doc))
    sc = load_scenario(folder / "scenario.json")
    assert sorted(sc.map_files) == ["tac/tactical.geojson", "tac/zones.geojson"]
    game = sc.new_game(3)
    save = tmp_path / "game.json"
    write_save(save, sc, game)
    shutil.rmtree(folder)
    monkeypatch.chdir(tmp_path)
    loaded = load_save(save)
    assert loaded.scenario.board.content_hash == sc.board.content_hash
    assert loaded.scenario.board.related["strategic"].id == "jutland-zones"


def test_a_carried_map_edited_by_hand_is_refused_by_its_content_hash(tmp_path):
    sc = load_scenario(marches_on(tmp_path / "A"))
    doc = save_document(sc, played(sc))
    text = doc["map"]["files"]["mymap.geojson"]
    doc["map"]["files"]["mymap.geojson"] = text.replace('"Aldermere"', '"Aldermoor"')
    doc["digest"] = digest_of(doc)  # even with the file's digest made to fit
    path = tmp_path / "B" / "edited.json"
    path.parent.mkdir()
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="saved on a different version of map 'stars'"):
        load_save(path)


@pytest.mark.parametrize(("files", "message"), [
    (["mymap.geojson"], "map.files: must be an object"),
    ({"mymap.geojson": 7}, "map.files: must be an object"),
    ({"../mymap.geojson": "{}"}, "no absolute path, no '..'"),
    ({"/etc/mymap.geojson": "{}"}, "no absolute path, no '..'"),
    ({"other.geojson": "{}"}, "map 'mymap.geojson' is not among the map files the save "
                              "carries"),  # not the one the scenario names
])
def test_carried_map_files_that_are_not_map_files_are_refused_in_one_line(
        tmp_path, files, message):
    sc = load_scenario(marches_on(tmp_path / "A"))
    doc = save_document(sc, played(sc))
    doc["map"]["files"] = files
    path = tmp_path / "B" / "bad.json"
    path.parent.mkdir()
    path.write_text(json.dumps(doc))
    with pytest.raises(BadInput) as info:
        load_save(path)
    assert message in str(info.value) and "\n" not in str(info.value)
    assert str(info.value).startswith(str(path))


def test_a_save_too_long_to_read_back_is_not_written_and_the_old_file_stays(
        tmp_path, monkeypatch):
    sc = load_scenario(marches_on(tmp_path / "A"))
    game = played(sc)
    path = tmp_path / "game.json"
    path.write_text("the game saved before")
    monkeypatch.setattr(saves, "MAX_FILE_BYTES", 10_000)  # the map alone is 14 KB
    with pytest.raises(BadInput, match="with the map it carries; mineboard reads files of "
                                       "at most 10,000 bytes"):
        write_save(path, sc, game)
    assert path.read_text() == "the game saved before"


def test_a_map_or_related_map_linked_out_of_the_scenarios_folder_is_refused(tmp_path):
    """Reading a game's own maps from the scenario's folder keeps the map path rules: a
    symbolic link out of the folder is refused, for the map and for a map it relates to."""
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(maps_dir() / "stars.geojson", outside / "stars.geojson")
    shutil.copy(maps_dir() / "jutland-zones.geojson", outside / "zones.geojson")
    path = marches_on(tmp_path / "A")
    (tmp_path / "A" / "mymap.geojson").unlink()
    (tmp_path / "A" / "mymap.geojson").symlink_to(outside / "stars.geojson")
    with pytest.raises(BadInput, match="leads outside the folder"):
        load_scenario(path)
    folder = tmp_path / "B"
    folder.mkdir()
    tactical = json.loads((maps_dir() / "jutland-tactical.geojson").read_text())
    tactical["mineboard"]["related"]["strategic"] = "zones.geojson"
    (folder / "tactical.geojson").write_text(json.dumps(tactical))
    (folder / "zones.geojson").symlink_to(outside / "zones.geojson")
    doc = json.loads(resolve_scenario("jutland-horns-reef").read_text(encoding="utf-8"))
    doc["map"] = "tactical.geojson"
    (folder / "scenario.json").write_text(json.dumps(doc))
    with pytest.raises(BadInput, match="leads outside the folder"):
        load_scenario(folder / "scenario.json")
