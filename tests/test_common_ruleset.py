"""The wiring every ruleset shares (mineboard/rules/common/ruleset.py, ending.py, the data
loader in tables.py, legal_only in checks.py), pinned on a toy ruleset so that a new ruleset
can rely on it without reading the three that use it: which planning function answers what,
a view's copy and what it hides, ending a phase, reading a bundled table once."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from mineboard.core.actions import Action, ActionCodec
from mineboard.core.dice import Dice, ScriptedDice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Command, Preview, Selection
from mineboard.resources import assets_dir
from mineboard.rules.common.actions import EndPhase
from mineboard.rules.common.checks import legal_only
from mineboard.rules.common.ending import phase_ender
from mineboard.rules.common.phases import PhaseSequence, Step
from mineboard.rules.common.ruleset import PlannedRuleset, Planner
from mineboard.rules.common.tables import Shared, read_rule_table, rule_file
from mineboard.rules.common.turns import SidesArePlayers, turn_summary
from mineboard.rules.naval_lines.data import RuleData


@dataclass(frozen=True, slots=True)
class Hop(Action):
    kind = "hop"
    to: str


class Board:
    def ref(self, ident: str) -> PlaceRef:
        return PlaceRef("hex", ident, f"hex {ident}")


ORDER = PhaseSequence((Step("move", "Red", "Move"), Step("move", "Blue", "Move")),
                      prologue=(Step("setup", "Red", "Setup"),))


@dataclass
class Toy(SidesArePlayers):
    sides: tuple[str, ...] = ("Red", "Blue")
    sequence: PhaseSequence = ORDER
    position: int = 0
    turn: int = 1
    board: Board = field(default_factory=Board)
    secret: dict[str, str] = field(default_factory=lambda: {"Red": "r", "Blue": "b"})
    secrets_on: bool = True
    log: list[str] = field(default_factory=list)

    @property
    def has_secrets(self) -> bool:
        return self.secrets_on


def check_hop(state: Toy, action: Hop) -> None:
    if action.to == "sea":
        raise IllegalAction("no hopping into the sea", "TOY-1")


def settle(state: Toy, dice: Dice) -> list[Event]:
    state.log.append(f"settle {state.phase}")
    return [Event(kind="Settled", text=f"{state.active} settles")]


def begin(state: Toy) -> list[Event]:
    state.log.append(f"begin {state.phase}")
    return []


def hop_preview(view: Toy, action: Hop) -> Preview:
    return Preview.nothing_to_roll(action.to, "hop")


class ToyRuleset(PlannedRuleset[Toy]):
    id = "toy"
    title = "Toy"
    clause_prefix = "TOY"
    codec = ActionCodec(Hop, EndPhase)
    checks: ClassVar = MappingProxyType({Hop: check_hop, EndPhase: lambda state, action: None})
    effects: ClassVar = MappingProxyType({EndPhase: phase_ender(settle, begin)})
    planner = Planner(legal_only(lambda view: [Hop("land"), Hop("sea"), EndPhase()]),
                      intent=lambda view, sel, kind, ident: Hop(f"{kind}:{ident}"),
                      targets=lambda view, sel, check: {"0101": Hop("0101")},
                      commands=lambda view, sel: [Command("Hop", Hop("x"))],
                      previews={Hop: hop_preview})

    def new_state(self, scenario: Any, board: Any, where: str) -> Toy:
        return Toy()

    def hide(self, seen: Toy, side: str | None) -> None:
        seen.secret = {s: v for s, v in seen.secret.items() if s == side}

    def summary(self, state: Toy) -> dict[str, Any]:
        return {}


TOY = ToyRuleset()
SEL = Selection("0101", ("u1",))


def test_the_planner_answers_each_service_and_leaves_out_what_it_does_not_offer():
    view = Toy()
    assert TOY.legal_actions(view) == [Hop("land"), EndPhase()]
    assert TOY.intent(view, SEL, PlaceRef("hex", "0202")) == Hop("hex:0202")
    assert TOY.targets(view, SEL) == {PlaceRef("hex", "0101"): Hop("0101")}
    assert [c.label for c in TOY.commands(view, SEL)] == ["Hop"]
    assert (TOY.units_at(view, "0101"), TOY.choices(view, SEL), TOY.invariants(view)) == \
        ([], [], [])
    assert TOY.end_phase(view) == EndPhase()


def test_a_preview_is_the_one_its_action_class_names_and_none_for_others():
    preview = TOY.preview(Toy(), Hop("0303"))
    assert preview is not None and preview.title == "0303"
    assert TOY.preview(Toy(), EndPhase()) is None


def test_legal_only_keeps_what_the_check_allows_in_the_order_listed():
    judge = legal_only(lambda view: [Hop("a"), Hop("sea"), Hop("b")])
    assert judge(Toy(), check_hop) == [Hop("a"), Hop("b")]


def test_a_view_with_secrets_is_a_copy_with_them_hidden_and_the_truth_untouched():
    truth = Toy()
    red = TOY.view(truth, "Red")
    assert red is not truth and red.secret == {"Red": "r"}
    assert TOY.view(truth, None).secret == {}
    assert truth.secret == {"Red": "r", "Blue": "b"}
    assert red.sequence is truth.sequence  # Shared: copies share the order of play


def test_a_game_without_secrets_is_its_own_view():
    truth = Toy(secrets_on=False)
    assert TOY.view(truth, "Red") is truth


def test_a_ruleset_with_secrets_that_hides_nothing_says_so():
    class Careless(ToyRuleset):
        hide = PlannedRuleset.hide  # type: ignore[assignment]

    with pytest.raises(NotImplementedError, match="toy has secrets but hides none"):
        Careless().view(Toy(), "Red")


def test_ending_a_phase_settles_steps_on_begins_and_names_the_new_phase():
    state = Toy()
    events = TOY.apply(state, EndPhase(), ScriptedDice([]))
    assert state.log == ["settle setup", "begin move"]
    assert [(e.kind, e.text) for e in events] == [
        ("Settled", "Red settles"), ("PhaseBegan", "turn 1: Red — Move")]
    assert (state.position, state.turn) == (1, 1)
    TOY.apply(state, EndPhase(), ScriptedDice([]))
    [*_, began] = TOY.apply(state, EndPhase(), ScriptedDice([]))  # the cycle wraps: a new turn
    assert (state.position, state.turn, began.text) == (1, 2, "turn 2: Red — Move")
    assert (began.turn, began.actor, dict(began.data)) == (2, "Red", {})


def test_ending_a_phase_can_name_the_phase_in_the_events_data():
    state = Toy()
    [began] = phase_ender(name_phase=True)(state, EndPhase(), ScriptedDice([]))
    assert (began.text, dict(began.data)) == ("turn 1: Red — Move", {"phase": "move"})
    assert state.log == []


def test_a_bundled_rule_table_is_read_by_ruleset_id_and_file_name():
    assert rule_file("naval-lines", "units.json") == \
        assets_dir() / "rules" / "naval-lines" / "units.json"
    table = read_rule_table(RuleData, "naval-lines", "units.json")
    assert (table.mine.cost, table.units["escort"].mine_capacity) == (1, 3)


def test_a_shared_value_is_never_copied():
    class Table(Shared):
        __slots__ = ("rows",)

    table = Table()
    assert copy.deepcopy({"t": table})["t"] is table


def test_the_summary_begins_with_where_the_game_stands():
    state = Toy(position=2, turn=4)
    assert turn_summary(state) == {"turn": 4, "nation": "Blue", "phase": "move",
                                   "phase_name": "Move"}
