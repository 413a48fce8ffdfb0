"""Scenarios on the awaw demo sea for the bases tests (test_awaw_bases, _displacement,
_fronts): ships as (id, factors, base), nations Britain and Germany, every strait and the
canal held by Britain so routes are the plain water distances."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from mineboard.core.dice import ScriptedDice
from mineboard.core.game import Game
from mineboard.persistence.scenario import scenario_from_data
from mineboard.resources import maps_dir

KEYS = ["2008", "4005", "4108", "3305", "3306", "3307"]
"""The hexes that hold the Narrow Sound, the Twin Sound and the Long Cut open (AW-28)."""


def ship(ship_id: str, factors: int, base: str, nation: str = "Britain",
         type_: str = "cruiser", **more: Any) -> dict[str, Any]:
    return {"id": ship_id, "nation": nation, "type": type_, "factors": factors,
            "base": base, **more}


def scenario(ships: list[dict[str, Any]], british: list[str],
             german: tuple[str, ...] | list[str] = (),
             **more: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "mineboard_scenario": 1, "ruleset": "awaw-naval", "map": "awaw-demo-sea",
        "title": "bases test", "nations": ["Britain", "Germany"], "side": "Allies",
        "ships": ships, "control": {"Britain": sorted(set(british) | set(KEYS))}}
    if german:
        data["control"]["Germany"] = list(german)
    data.update(more)
    return data


def game(ships: list[dict[str, Any]], british: list[str], german: tuple[str, ...] | list[str] = (),
         **more: Any) -> Game[Any]:
    return scenario_from_data(scenario(ships, british, german, **more), "bases test",
                              maps_dir() / "scenarios").new_game(1)


def summary(g: Game[Any]) -> dict[str, Any]:
    return g.ruleset.summary(g.state)


def base_of(g: Game[Any], ship_id: str) -> str | None:
    return g.state.ships[ship_id].base


def load(g: Game[Any], port: str) -> int:
    return int(summary(g)["ports"][port]["load"])


def no_dice() -> ScriptedDice:
    """Dice for a direct call to the rules that must not roll."""
    return ScriptedDice([])


def past_uninversion(g: Game[Any]) -> None:
    """Enter "no unit uninverts" if the game waits for the end-of-turn uninversion
    (employment's AW-249), and accept it."""
    from mineboard.core.outside import AcceptResult
    from mineboard.rules.awaw_naval.uninversion import UninversionAllowance

    if g.state.awaiting is not None and g.state.awaiting.result == UninversionAllowance.kind:
        g.play(UninversionAllowance(0))
        g.play(AcceptResult())


TOOL = Path(__file__).resolve().parent.parent / "tools" / "build_awaw_demo_sea.py"


def demo_sea_doc() -> dict[str, Any]:
    """The demo sea's map document as tools/build_awaw_demo_sea.py writes it, to change a
    copy of it in a test."""
    spec = importlib.util.spec_from_file_location("build_awaw_demo_sea", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc: dict[str, Any] = module.doc()
    return doc


def with_features(doc: dict[str, Any], *features: dict[str, Any],
                  coast: tuple[str, ...] = ()) -> dict[str, Any]:
    """``doc`` plus ``features`` (kind and props), the hexes ``coast`` made coastal."""
    for f in doc["features"]:
        props = f["properties"]
        if props["kind"] == "hex" and props["label"] in coast:
            props["terrain"] = "coast"
    for i, props in enumerate(features):
        doc["features"].append({"type": "Feature", "id": props.pop("id", f"extra{i}"),
                                "geometry": None, "properties": props})
    return doc
