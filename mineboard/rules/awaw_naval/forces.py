"""Task forces and the arithmetic of a naval force: forming and dissolving a TF (AW-65), the
factors a force counts, its fast fleet factors against its fast carrier factors (AW-66,
AW-67), and the ships that may no longer help an activity once damaged (AW-68).

Every attribute of a ship type is read from units.json (AW-247), never from code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, ClassVar

from mineboard.core.actions import Action
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.schema import Doc, Length
from mineboard.core.words import and_list
from mineboard.rules.awaw_naval.ledger import ledger_of
from mineboard.rules.awaw_naval.state import AwState, Ship
from mineboard.rules.common.checks import TURN, distinct

TF_CLAUSE = "AW-65"
CARRIER_CLAUSE = "AW-66"
SPLIT_CLAUSE = "AW-67"


# ---- arithmetic ---------------------------------------------------------------------------
def factors(state: AwState, ships: Iterable[Ship]) -> int:
    return sum(s.factors for s in ships)


def carrier_factors(state: AwState, ships: Iterable[Ship]) -> int:
    """Fast carrier factors (AW-66): carriers' factors, CVEs not included."""
    return sum(s.factors for s in ships if state.ship_type(s).carrier)


def fast_fleet_factors(state: AwState, ships: Iterable[Ship]) -> int:
    """Fast fleet factors (AW-66): surface warships that are fast, damaged ones left out
    (a damaged unit helps no activity, AW-68)."""
    return sum(s.factors for s in ships
               if state.ship_type(s).fleet and state.ship_type(s).fast and not s.damaged)


def carrier_shortfall(state: AwState, ships: Sequence[Ship]) -> str | None:
    """Why ``ships`` may not carry out a carrier operation (AW-66), or None."""
    carriers = carrier_factors(state, ships)
    fleet = fast_fleet_factors(state, ships)
    if carriers == 0 or fleet >= carriers:
        return None
    slow = sum(s.factors for s in ships if state.ship_type(s).fleet
               and not state.ship_type(s).fast and not s.damaged)
    also = f" ({slow} slow fleet factors do not count)" if slow else ""
    return (f"{carriers} fast carrier factors need at least {carriers} fast fleet factors "
            f"with them; the force has {fleet}{also}")


def untasked_factors(ships: Iterable[Ship]) -> int:
    """The factors of a force outside any TF (AW-65: fewer than ten may act so)."""
    return sum(s.factors for s in ships if s.tf is None)


def tf_shortfall(state: AwState, ships: Sequence[Ship]) -> str | None:
    """Why ``ships`` may not act as a force (AW-65: ten factors or more must be grouped in a
    TF; a force may be several TFs with a small group outside any), or None."""
    loose = untasked_factors(ships)
    limit = tf_threshold(state)
    if loose < limit:
        return None
    return (f"{loose} factors outside any task force; a force of {limit} factors or more "
            "must be grouped in a TF first")


def tf_threshold(state: AwState) -> int:
    """Ten factors (AW-65), from the rule options' data."""
    return int(getattr(state.data.options, "tf_factors", 10))


def members(state: AwState, tf: str) -> list[Ship]:
    return [s for s in state.ships.values() if s.tf == tf and not s.eliminated]


# ---- actions ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FormTaskForce(Action):
    """Group ships in one port or box into a task force (AW-65)."""

    kind: ClassVar[str] = "form_task_force"
    ships: Annotated[tuple[str, ...], Length(1, 60), Doc("the ships to group")]


@dataclass(frozen=True, slots=True)
class DissolveTaskForce(Action):
    """Break a task force up: its ships act as single units again."""

    kind: ClassVar[str] = "dissolve_task_force"
    tf: Annotated[str, Length(1, 40)]


def own_ships(state: AwState, ids: Sequence[str], side: str, clause: str,
              what: str = "ship") -> list[Ship]:
    """The ships named, each existing, afloat and ``side``'s (refusals under TURN)."""
    distinct(ids, what, clause)
    out = []
    for ident in ids:
        ship = state.ships.get(ident)
        if ship is None or ship.eliminated or ship.base is None:
            raise IllegalAction(f"there is no {what} {ident!r} afloat", TURN)
        if state.side_of_nation(ship.nation) != side:
            raise IllegalAction(f"{label(ship)} is not {side}'s", TURN)
        out.append(ship)
    return out


def label(ship: Ship) -> str:
    return ship.name or ship.id


def check_form(state: AwState, action: FormTaskForce) -> None:
    ships = own_ships(state, action.ships, state.to_move, TF_CLAUSE)
    bases = {s.base for s in ships}
    if len(bases) > 1:
        raise IllegalAction("a task force is formed in one port or box; these ships lie at "
                            + and_list(sorted(str(state.board.ref(b)) for b in bases if b)),
                            TF_CLAUSE)
    at_sea = ledger_of(state).at_sea()
    for s in ships:
        if s.id in at_sea:
            raise IllegalAction(f"{label(s)} is at sea; a task force is formed in port",
                                TF_CLAUSE)
    if len(ships) < 2:
        raise IllegalAction("a task force groups two ships or more", TF_CLAUSE)


def form(state: AwState, action: FormTaskForce, dice: Dice) -> list[Event]:
    tf = state.new_id("tf")
    ships = [state.ships[i] for i in action.ships]
    for s in ships:
        s.tf = tf
    base = ships[0].base or ""
    return [Event(kind="TaskForceFormed", clause=TF_CLAUSE, at=state.board.ref(base),
                  text=f"task force {tf} formed at {state.board.ref(base)}: "
                       f"{and_list(label(s) for s in ships)} ({factors(state, ships)} factors)",
                  data={"tf": tf, "ships": list(action.ships)})]


def check_dissolve(state: AwState, action: DissolveTaskForce) -> None:
    ships = members(state, action.tf)
    if not ships:
        raise IllegalAction(f"there is no task force {action.tf!r}", TF_CLAUSE)
    if state.side_of_nation(ships[0].nation) != state.to_move:
        raise IllegalAction(f"task force {action.tf} is not {state.to_move}'s", TURN)
    at_sea = ledger_of(state).at_sea()
    if any(s.id in at_sea for s in ships):
        raise IllegalAction(f"task force {action.tf} is at sea; it is dissolved in port",
                            TF_CLAUSE)


def dissolve(state: AwState, action: DissolveTaskForce, dice: Dice) -> list[Event]:
    ships = members(state, action.tf)
    for s in ships:
        s.tf = None
    return [Event(kind="TaskForceDissolved", clause=TF_CLAUSE,
                  text=f"task force {action.tf} dissolved",
                  data={"tf": action.tf, "ships": [s.id for s in ships]})]


def summary(state: AwState) -> dict[str, object]:
    tfs: dict[str, list[str]] = {}
    for s in state.ships.values():
        if s.tf is not None and not s.eliminated:
            tfs.setdefault(s.tf, []).append(s.id)
    return {"task_forces": tfs}
