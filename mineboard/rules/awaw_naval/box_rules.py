"""What ships based in a mapboard box may do (AW-17…AW-26, with the AW-234 reading): the U.S.
boxes only sea-transport and invade where their links allow, bombard and fly carrier
missions only beside an invasion from the same box, and never patrol or intercept; the South
Africa box sea-transports only to its listed ports and never intercepts; the Australia and
India boxes do everything; SW-box ships are not held to one operation a turn; and before the
U.S. is at war with Germany, American ships in the Atlantic boxes cover nothing bound for
Britain and hinder no German operation.

The rules are data (boxes.json), keyed by the box's ``role`` on the map (its id, lacking one).
"""

from __future__ import annotations

from collections.abc import Iterable

from mineboard.core.errors import IllegalAction
from mineboard.rules.awaw_naval import reach, water
from mineboard.rules.awaw_naval.employment_data import BoxRule, box_table
from mineboard.rules.awaw_naval.state import AwState, Ship

CLAUSES = {"activities": "AW-17", "with_invasion": "AW-18", "intercept": "AW-19",
           "prewar": "AW-21", "south-africa": "AW-25"}


def role_of(state: AwState, base: str | None) -> str | None:
    """Which box of the rules ``base`` is (boxes.json), None for a port or an unknown box."""
    if base is None:
        return None
    place = state.board.places.get(base)
    if place is None or place.kind != "box":
        return None
    table = box_table()
    role = str(place.props.get("role", "")) or base
    role = table.aliases.get(role, role)
    if role not in table.boxes and place.props.get("sw"):
        role = "sw"
    return role if role in table.boxes else None


def rule_of(state: AwState, base: str | None) -> BoxRule | None:
    role = role_of(state, base)
    return None if role is None else box_table().boxes[role]


def is_sw(state: AwState, base: str | None) -> bool:
    """An SW box: its ships may act more than once a turn (AW-63, 25.36)."""
    rule = rule_of(state, base)
    return rule is not None and not rule.one_operation


def _clause(state: AwState, base: str, default: str) -> str:
    return "AW-25" if role_of(state, base) == "south-africa" else default


def _prewar_barred(state: AwState, ship: Ship, rule: BoxRule) -> str | None:
    """The enemy an American ship may not yet hinder (AW-21, AW-234), or None."""
    bar = rule.prewar
    if bar is None or not (bar.american and state.nation(ship.nation).american):
        return None
    return None if state.at_war(ship.nation, bar.enemy) else bar.enemy


def _destination_ok(state: AwState, target: str, allowed: object) -> bool:
    fronts_allowed = tuple(getattr(allowed, "fronts", ()))
    groups = tuple(getattr(allowed, "groups", ()))
    ports = tuple(getattr(allowed, "ports", ()))
    if target in ports:
        return True
    place = state.board.places.get(target)
    if place is not None and groups and str(water.group_of(state, target) or "") in groups:
        return True
    if fronts_allowed and place is not None and place.kind == "hex":
        return reach.front_of_hex(state, target) in fronts_allowed
    if fronts_allowed and place is not None and place.kind != "box":
        return bool(set(reach.fronts_of(state, target)) & set(fronts_allowed))
    return False


def check_activity(state: AwState, ships: Iterable[Ship], activity: str, target: str,
                   with_invasion: bool) -> None:
    """Refuse an activity some ship's box forbids (AW-17, AW-18, AW-19, AW-21, AW-25)."""
    name = state.data.activities[activity].name
    for ship in ships:
        base = ship.base or ""
        rule = rule_of(state, base)
        if rule is None:
            continue
        where = state.board.ref(base)
        if activity == "patrol" and not rule.intercept:
            raise IllegalAction(f"ships in the {rule.name} ({where}) may not patrol",
                                _clause(state, base, "AW-19"))
        if rule.activities is not None and activity not in rule.activities:
            raise IllegalAction(f"ships in the {rule.name} may not carry out a "
                                f"{name.lower()}", _clause(state, base, "AW-17"))
        allowed = rule.destinations.get(activity)
        if allowed is not None and not _destination_ok(state, target, allowed):
            raise IllegalAction(f"a {name.lower()} from the {rule.name} may not go to "
                                f"{state.board.ref(target)}", _clause(state, base, "AW-17"))
        if activity in rule.with_invasion and not with_invasion:
            raise IllegalAction(f"ships in the {rule.name} may carry out a {name.lower()} "
                                "only alongside an invasion from the same box", "AW-18")
        enemy = _prewar_barred(state, ship, rule)
        bar = rule.prewar
        if enemy is not None and bar is not None and activity in bar.activities:
            holder = state.controller(state.port_hex(target) or target)
            if not bar.shielded or holder in bar.shielded:
                raise IllegalAction(
                    f"the U.S. is not at war with {enemy}: American ships in the {rule.name} "
                    f"may not cover a {name.lower()} bound for {state.board.ref(target)}",
                    "AW-21")


def check_interception(state: AwState, ships: Iterable[Ship], mover_nations: set[str]) -> None:
    """Refuse interceptors a box bars (AW-19, AW-25; AW-21 for American ships before the
    U.S. is at war with Germany)."""
    for ship in ships:
        base = ship.base or ""
        rule = rule_of(state, base)
        if rule is None:
            continue
        if not rule.intercept:
            raise IllegalAction(f"ships in the {rule.name} may not intercept",
                                _clause(state, base, "AW-19"))
        enemy = _prewar_barred(state, ship, rule)
        if enemy is not None and enemy in mover_nations:
            raise IllegalAction(f"the U.S. is not at war with {enemy}: American ships in the "
                                f"{rule.name} may not hinder its operations", "AW-21")


def raider_pool(state: AwState, sw_role: str, raider_nation: str) -> list[str]:
    """The ships that may engage ``raider_nation``'s raiders in the SW box ``sw_role``
    (AW-20, AW-21, AW-23, AW-24, AW-26): by their box's ``raiders``; American ships kept
    out while the U.S. is not at war with the raider's nation (AW-234: both Atlantic boxes).
    Part 1 lists them; engaging is part 2's (21.5342G)."""
    out = []
    raider_side = state.side_of_nation(raider_nation)
    for ship in state.ships.values():
        if ship.eliminated or state.side_of_nation(ship.nation) == raider_side:
            continue
        rule = rule_of(state, ship.base)
        if rule is None or (sw_role not in rule.raiders and role_of(state, ship.base) != sw_role):
            continue
        if _prewar_barred(state, ship, rule) == raider_nation:
            continue
        out.append(ship.id)
    return sorted(out)


def summary(state: AwState) -> dict[str, object]:
    """Who may engage raiders in each SW box a box on the map serves (AW-20, AW-21)."""
    roles = {r for b in state.board.places.values() if b.kind == "box"
             for r in ((rule_of(state, b.id) or BoxRule("")).raiders)}
    pools = {}
    for role in sorted(roles):
        bars = [r.prewar.enemy for r in box_table().boxes.values()
                if r.prewar is not None and role in r.raiders]
        enemy = bars[0] if bars else next((n for n in state.nations
                                           if state.nation(n).side == "Axis"), "")
        if enemy:
            pools[role] = raider_pool(state, role, enemy)
    return {"raider_pools": pools}
