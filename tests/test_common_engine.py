"""The rules' shared parts (mineboard/rules/common/) held to exact words and values: the
ownership and listed-twice refusals every ruleset makes, the order of play's positions, a
scenario's and a table's one-line errors. Mutation testing found them reached by every
ruleset's tests but pinned by none."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated

import pytest

from mineboard.core.errors import BadInput, IllegalAction
from mineboard.core.schema import Ref
from mineboard.maps.loading import load_board
from mineboard.resources import maps_dir
from mineboard.rules.common.checks import TURN, distinct, owned
from mineboard.rules.common.phases import PhaseSequence, Step, each
from mineboard.rules.common.scenario import parse_scenario, peek_names
from mineboard.rules.common.tables import read_table


def refusal(call) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        call()
    return caught.value


def test_owned_names_a_missing_unit_and_where_it_was_looked_for():
    exc = refusal(lambda: owned(None, "Lion", "ship", None, "British", where=" on the map"))
    assert (exc.clause, exc.reason) == (TURN, "there is no ship 'Lion' on the map")
    assert str(exc) == "TURN: there is no ship 'Lion' on the map"
    assert refusal(lambda: owned(None, "F1", "fleet", None, "Imperial")).reason == \
        "there is no fleet 'F1'"


def test_owned_says_whose_the_unit_is_and_whose_turn_it_is():
    exc = refusal(lambda: owned(object(), "lion-1", "ship", "German", "British",
                                name="Lion"))
    assert (exc.clause, exc.reason) == (TURN, "Lion belongs to German; it is British's turn")
    assert refusal(lambda: owned(object(), "lion-1", "ship", "German", "British")).reason == \
        "lion-1 belongs to German; it is British's turn"
    unit = object()
    assert owned(unit, "lion-1", "ship", "British", "British") is unit


def test_distinct_refuses_the_second_mention_with_the_actions_clause():
    exc = refusal(lambda: distinct(["a", "b", "a"], "crossing ship", "GT-02", str.upper))
    assert (exc.clause, exc.reason) == ("GT-02", "crossing ship A is listed twice")
    distinct(["a", "b", "c"], "crossing ship", "GT-02")  # no refusal
    assert refusal(lambda: distinct(["x", "y", "y"], "moving ship", TURN)).reason == \
        "moving ship y is listed twice"


SEQUENCE = PhaseSequence(
    prologue=(Step("setup", "German", "Set up"),),
    cycle=(*each(["German", "British"], "impulse", "Impulse 1", 1),
           *each(["German", "British"], "impulse", "Impulse 2", 2)))


def test_a_sequence_without_a_cycle_is_refused_with_its_reason():
    with pytest.raises(ValueError) as caught:
        PhaseSequence(cycle=())
    assert str(caught.value) == "a phase sequence needs at least one step in its cycle"


def test_each_gives_every_actor_the_phase_with_its_number():
    assert each(["A", "B"], "impulse", "Impulse 2", 2) == [
        Step("impulse", "A", "Impulse 2", 2), Step("impulse", "B", "Impulse 2", 2)]


def test_position_of_finds_the_first_step_matching_phase_actor_and_number():
    assert SEQUENCE.position_of("setup") == 0
    assert SEQUENCE.position_of("impulse") == 1
    assert SEQUENCE.position_of("impulse", "British") == 2
    assert SEQUENCE.position_of("impulse", number=2) == 3
    assert SEQUENCE.position_of("impulse", "British", 2) == 4


def test_position_of_names_the_missing_step_and_where_it_was_asked():
    with pytest.raises(BadInput) as caught:
        SEQUENCE.position_of("impulse", "French", 3)
    assert str(caught.value) == ("scenario: there is no step 'impulse French 3' in this "
                                 "game's order of play")
    with pytest.raises(BadInput) as caught:
        SEQUENCE.position_of("battle", where="x.json: start")
    assert str(caught.value) == ("x.json: start: there is no step 'battle' in this game's "
                                 "order of play")


@dataclass(frozen=True)
class Placed:
    zone: Annotated[str, Ref("sea_zone")]
    kind: Annotated[str, Ref("unit_type")]


@dataclass(frozen=True)
class Body:
    units: tuple[Placed, ...]


def northsea():
    return load_board(maps_dir() / "northsea.geojson")


def test_parse_scenario_reads_the_rulesets_fields_checked_against_map_and_names():
    data = {"mineboard_scenario": 1, "ruleset": "x", "map": "m", "title": "t",
            "units": [{"zone": "110", "kind": "destroyer"}]}
    body = parse_scenario(Body, data, "s.json", northsea(), {"unit_type": {"destroyer"}})
    assert body == Body((Placed("110", "destroyer"),))


def test_parse_scenario_names_the_file_then_the_path_of_a_bad_field():
    with pytest.raises(BadInput) as caught:
        parse_scenario(Body, {"units": [{"zone": "110", "kind": "tank"}]}, "s.json",
                       northsea(), {"unit_type": {"destroyer"}})
    assert str(caught.value) == "s.json: units[0].kind: 'tank' is not a unit type (destroyer)"
    with pytest.raises(BadInput) as caught:
        parse_scenario(Body, {}, "s.json", northsea(), {"unit_type": {"destroyer"}})
    assert str(caught.value).startswith("s.json: ") and "units" in str(caught.value)
    assert not str(caught.value).startswith("s.json: : ")


def test_read_table_reads_a_table_file_and_names_it_in_an_error(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"units": [{"zone": "110", "kind": "destroyer"}]}))
    assert read_table(Body, path) == Body((Placed("110", "destroyer"),))
    path.write_text(json.dumps({"units": "none"}))
    with pytest.raises(BadInput) as caught:
        read_table(Body, path)
    assert str(caught.value) == f"{path}.units: must be a list"


@dataclass(frozen=True)
class Xmarks:
    """A ruleset's field may begin with any letter: only the path's leading dot goes."""

    Xzone: Annotated[str, Ref("sea_zone")]


def test_parse_scenario_keeps_a_field_name_whole_and_says_which_kind_of_place():
    with pytest.raises(BadInput) as caught:
        parse_scenario(Xmarks, {"Xzone": "DEU"}, "s.json", northsea())
    assert str(caught.value) == "s.json: Xzone: 'DEU' is not a sea zone of map northsea"


def test_peek_names_takes_only_the_names_written_as_text():
    data = {"nations": [{"name": "Germany"}, {"name": 3}, {"side": "Axis"}, "France",
                        {"name": "Italy"}], "units": {"name": "x"}}
    assert peek_names(data, "nations") == ["Germany", "Italy"]
    assert peek_names(data, "units") == []
    assert peek_names(data, "missing") == []
