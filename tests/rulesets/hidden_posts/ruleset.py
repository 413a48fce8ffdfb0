"""hidden-posts: Red places face-down posts at systems of a star map, two a turn, and the
place of each is its secret; Blue probes two systems a turn and turns up a post it finds.

Written for the tests, as small as a ruleset can be while it has a secret placement whose
place is itself the secret: its stand-in is :class:`PlacedSomewhere` (HP-01), so play by
email rebuilds Blue's world with Red's posts placed nowhere, and opens a placement when a
probe's outcome comes to rest on it (HP-02).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.actions import Action, ActionCodec
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import CountersPlaced, CountersRevealed, Event, PhaseBegan
from mineboard.core.hidden_place import PlacedSomewhere, placed_somewhere
from mineboard.core.ruleset import TableRuleset
from mineboard.maps.model import BoardMap
from mineboard.rules.common.actions import EndPhase

SIDES = ("Red", "Blue")
PER_TURN = 2
NOWHERE = ""
"""The place of a post its viewer may not know."""


@dataclass
class Post:
    owner: str
    at: str
    face_up: bool = False


@dataclass
class PostsState:
    board: BoardMap = field(compare=False, repr=False)
    places: tuple[str, ...]
    turn: int = 1
    mover: int = 0
    left: int = PER_TURN
    """Posts Red may still place, or probes Blue may still make, this phase."""
    posts: list[Post] = field(default_factory=list)

    sides = SIDES
    owners = SIDES
    has_secrets = True

    @property
    def phasing(self) -> str:
        return SIDES[self.mover]

    @property
    def to_move(self) -> str:
        return self.phasing

    @property
    def actor(self) -> str:
        return self.phasing

    @property
    def phase_label(self) -> str:
        return "Red places posts" if self.mover == 0 else "Blue probes"

    def side_of(self, owner: str) -> str:
        return owner


@dataclass(frozen=True, slots=True)
class PlacePost(Action):
    kind = "place_post"
    place: str


@dataclass(frozen=True, slots=True)
class Probe(Action):
    kind = "probe"
    place: str


def _mover(state: PostsState, side: str, doing: str) -> None:
    if state.phasing != side:
        raise IllegalAction(f"only {side} {doing}, and it is {state.phasing}'s phase", "HP-03")
    if state.left == 0:
        raise IllegalAction(f"{side} has {doing} {PER_TURN} times this turn", "HP-03")


def check_place(state: PostsState, action: PlacePost) -> None:
    _mover(state, "Red", "places posts")
    if action.place not in state.places:
        raise IllegalAction(f"no system {action.place!r} on this map", "HP-01")
    if any(p.at == action.place for p in state.posts if p.owner == "Red"):
        raise IllegalAction(f"Red has a post at {action.place} already", "HP-01")


def check_somewhere(state: PostsState, action: PlacedSomewhere) -> None:
    """What Blue's program judges of a post it may not see: whose phase, how many."""
    _mover(state, action.owner, "places posts")
    if action.count > state.left:
        raise IllegalAction(f"Red may place {state.left} more posts this turn", "HP-03")


def check_probe(state: PostsState, action: Probe) -> None:
    _mover(state, "Blue", "probes")
    if action.place not in state.places:
        raise IllegalAction(f"no system {action.place!r} on this map", "HP-02")


def check_end(state: PostsState, action: EndPhase) -> None:
    return None


def place(state: PostsState, action: PlacePost, dice: Dice) -> list[Event]:
    state.posts.append(Post("Red", action.place))
    state.left -= 1
    at = state.board.ref(action.place)
    return [CountersPlaced(clause="HP-01", text=f"Red places a post at {at}", at=at,
                           owner="Red", count=1, secret_to="Red", place_secret=True)]


def place_somewhere(state: PostsState, action: PlacedSomewhere, dice: Dice) -> list[Event]:
    state.posts += [Post(action.owner, NOWHERE) for _ in range(action.count)]
    state.left -= action.count
    return [placed_somewhere(action, "HP-01")]


def probe(state: PostsState, action: Probe, dice: Dice) -> list[Event]:
    state.left -= 1
    at = state.board.ref(action.place)
    found = next((p for p in state.posts if p.at == action.place and not p.face_up), None)
    if found is None:
        return [Event(kind="Probed", clause="HP-02", text=f"Blue probes {at}: nothing",
                      at=at)]
    found.face_up = True
    return [CountersRevealed(clause="HP-02", text=f"Blue's probe turns up Red's post at {at}",
                             at=at, faces={"Red": ("post",)})]


def end(state: PostsState, action: EndPhase, dice: Dice) -> list[Event]:
    state.mover = 1 - state.mover
    state.turn += state.mover == 0
    state.left = PER_TURN
    return [PhaseBegan(text=f"Turn {state.turn}: {state.phase_label}", turn=state.turn,
                       actor=state.actor)]


CHECKS: dict[type[Action], Callable[[PostsState, Any], None]] = {
    PlacePost: check_place, PlacedSomewhere: check_somewhere, Probe: check_probe,
    EndPhase: check_end}
EFFECTS: dict[type[Action], Callable[[PostsState, Any, Dice], list[Event]]] = {
    PlacePost: place, PlacedSomewhere: place_somewhere, Probe: probe, EndPhase: end}


class HiddenPosts(TableRuleset[PostsState]):
    id = "hidden-posts"
    title = "Hidden posts: a secret place (a ruleset of the tests)"
    clause_prefix = "HP"
    codec = ActionCodec(PlacePost, Probe, EndPhase, PlacedSomewhere)
    checks = CHECKS
    effects = EFFECTS

    def new_state(self, scenario: Mapping[str, Any], board: BoardMap,
                  where: str) -> PostsState:
        return PostsState(board, tuple(p.id for p in board.places_of("system")))

    def stand_in(self, action: Action) -> Action | None:
        """A post stands in as a face-down counter somewhere not named (HP-01)."""
        if isinstance(action, PlacePost):
            return PlacedSomewhere("Red")
        return action if isinstance(action, PlacedSomewhere) else None

    def view(self, state: PostsState, side: str | None) -> PostsState:
        """Another side's face-down posts: how many, never where."""
        seen = copy.deepcopy(state)
        for post in seen.posts:
            if post.owner != side and not post.face_up:
                post.at = NOWHERE
        return seen

    def end_phase(self, state: PostsState) -> Action:
        return EndPhase()

    def summary(self, state: PostsState) -> dict[str, Any]:
        return {"turn": state.turn, "nation": state.actor, "phase_name": state.phase_label,
                "left": state.left,
                "posts": [[p.owner, p.at or "?", p.face_up] for p in state.posts]}

    def legal_actions(self, view: PostsState) -> list[Action]:
        actions: list[Action] = [EndPhase()]
        if view.left and view.mover == 0:
            mine = {p.at for p in view.posts if p.owner == "Red"}
            actions += [PlacePost(p) for p in view.places if p not in mine]
        elif view.left:
            actions += [Probe(p) for p in view.places]
        return actions

    def invariants(self, state: PostsState) -> list[str]:
        return [f"a post at {p.at!r}, no system of the map" for p in state.posts
                if p.at not in state.places]


RULESET = HiddenPosts()
