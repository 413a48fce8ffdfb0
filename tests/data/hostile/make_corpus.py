"""Writes the hostile-file corpus and its manifest: ``python tests/data/hostile/make_corpus.py``.

Each case is a bundled file with one hostile change (or a file that is not a file at all),
the answer mineboard must give (accept, or reject with one line naming the problem), and
why the case is here — most come from a review that found tracebacks, hangs or wrong
acceptances with them. Files that cannot live in git (a FIFO, /dev/zero, a folder, files of
many megabytes) are listed with ``"make"`` and built by the test.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

SCENARIOS = ROOT / "maps" / "scenarios"


def load(name: str) -> Any:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


NAVAL, GWAS, IMPERIUM = (load(n) for n in ("northsea-1940.json", "jutland-horns-reef.json",
                                           "imperium-marches.json"))
STARS = json.loads((ROOT / "maps" / "stars.geojson").read_text(encoding="utf-8"))
TACTICAL = json.loads((ROOT / "maps" / "jutland-tactical.geojson").read_text(encoding="utf-8"))
ZONES = json.loads((ROOT / "maps" / "jutland-zones.geojson").read_text(encoding="utf-8"))

CASES: list[dict[str, Any]] = []


def case(name: str, expect: str, why: str, doc: Any = None, *, text: str | None = None,
         raw: bytes | None = None, make: str | None = None, message: str = "") -> None:
    entry: dict[str, Any] = {"file": name, "expect": expect, "why": why}
    if message:
        entry["message"] = message
    if make:
        entry["make"] = make
    else:
        data = raw if raw is not None else (
            text if text is not None else json.dumps(doc, indent=1, ensure_ascii=False)
        ).encode("utf-8")
        (HERE / name).write_bytes(data)
    CASES.append(entry)


def edit(base: Any, change: Any) -> Any:
    doc = copy.deepcopy(base)
    change(doc)
    return doc


def setter(*path: Any) -> Any:
    def apply(value: Any) -> Any:
        def change(doc: Any) -> None:
            target = doc
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        return change
    return apply


def rename_side(base: Any, old: str, new: str) -> Any:
    """The scenario with side ``old`` called ``new`` everywhere: only the clash is wrong."""
    return json.loads(json.dumps(base).replace(f'"{old}"', f'"{new}"'))


def build() -> None:
    for old in HERE.glob("*.json"):
        old.unlink()
    for old in HERE.glob("*.geojson"):
        old.unlink()

    # ---- accepted: odd but legal ------------------------------------------------------
    case("naval-bom.json", "accept", "a UTF-8 byte-order mark (Windows editors write one)",
         raw=b"\xef\xbb\xbf" + json.dumps(NAVAL).encode())
    case("naval-about-mentions-save.json", "accept",
         "a scenario whose 'about' holds the save marker is still a scenario",
         edit(NAVAL, setter("about")('"mineboard_save": 2 — see the manual')))
    germania = edit(NAVAL, lambda d: (
        d["nations"].append({"name": "Germania", "side": "Axis", "capital": "POL", "ipcs": 5}),
        d["turn_order"].append("Germania"),
        d["units"].append({"nation": "Germania", "type": "escort", "zone": "113"})))
    case("naval-germany-and-germania.json", "accept",
         "two nations whose short names clash: no unit may overwrite another", germania)

    # ---- scenarios: a wrong type where a name is expected -----------------------------
    case("naval-zone-is-a-list.json", "reject", "unhashable type (a list as a zone)",
         edit(NAVAL, setter("units", 0, "zone")(["113"])), message="units[0].zone")
    case("naval-nation-name-is-an-object.json", "reject", "unhashable type (a dict as a name)",
         edit(NAVAL, setter("nations", 0, "name")({"a": 1})), message="nations[0].name")
    case("naval-control-owner-is-a-list.json", "reject", "a list where a nation is named",
         edit(NAVAL, setter("control", "112")(["Germany"])), message="control")
    case("gwas-ship-hex-is-a-list.json", "reject", "unhashable type in the gwas parser",
         edit(GWAS, setter("ships", 0, "hex")(["1706"])), message="ships[0].hex")
    case("gwas-logged-key-value-object.json", "reject", "an object where a count is expected",
         edit(GWAS, setter("sides", 0, "logged", "C|S")({"n": 3})), message="logged")
    case("imperium-fleet-system-is-a-list.json", "reject", "unhashable type in the imperium "
         "parser", edit(IMPERIUM, setter("fleets", 0, "system")(["halcyon"])),
         message="fleets[0].system")
    case("imperium-ship-count-huge.json", "reject", "10^13 ships (MemoryError)",
         edit(IMPERIUM, setter("fleets", 0, "ships", "destroyer")(10**13)),
         message="fleets[0].ships")
    case("naval-ipcs-4300-digits.json", "reject", "a number of thousands of digits",
         text=json.dumps(NAVAL).replace('"ipcs": 30', '"ipcs": ' + "9" * 4400),
         message="digits")
    case("naval-count-too-large-for-float.json", "reject", "an int too large for a float",
         text=json.dumps(NAVAL).replace('"ipcs": 30', '"ipcs": 1' + "0" * 400),
         message="digits")
    case("naval-nan.json", "reject", "NaN is not JSON but Python reads it",
         text=json.dumps(NAVAL).replace('"ipcs": 30', '"ipcs": NaN'), message="NaN")
    case("naval-infinity.json", "reject", "1e999 reads as infinity",
         text=json.dumps(NAVAL).replace('"ipcs": 30', '"ipcs": 1e999'),
         message="too large for any field")
    case("naval-nul-in-name.json", "reject", "an escaped NUL character in a string",
         edit(NAVAL, setter("nations", 0, "name")("Germany\u0000")), message="NUL")
    case("naval-nul-bytes.json", "reject", "raw NUL bytes: not a text file",
         raw=json.dumps(NAVAL).encode() + b"\x00\x00", message="NUL")
    case("naval-superscript-zone.json", "reject", "'²' is a digit to str.isdigit, not to int",
         edit(NAVAL, setter("units", 0, "zone")("11²")), message="units[0].zone")
    case("naval-duplicate-nation.json", "reject", "a nation listed twice became Allies with "
         "999 IPCs", edit(NAVAL, lambda d: d["nations"].append(
             {"name": "Germany", "side": "Allies", "capital": "GBR", "ipcs": 999})),
         message="twice")
    case("naval-empty-side.json", "reject", "an empty side name",
         edit(NAVAL, setter("nations", 0, "side")("")), message="nations[0].side")
    case("gwas-same-side-twice.json", "reject", "two sides of one name",
         rename_side(GWAS, "British", "German"), message="sides")
    case("imperium-same-side-twice.json", "reject", "two sides of one name",
         rename_side(IMPERIUM, "Terran", "Imperial"), message="sides")
    case("imperium-empty-side.json", "reject", "an empty side name",
         edit(IMPERIUM, setter("sides", 0, "name")("")), message="sides[0].name")
    case("naval-map-etc-passwd.json", "reject", "a map path outside the scenario's folder",
         edit(NAVAL, setter("map")("/etc/passwd")), message="map")
    case("naval-map-dotdot.json", "reject", "a map path climbing out with ..",
         edit(NAVAL, setter("map")("../../../maps/northsea.geojson")), message="'..'")
    case("naval-map-nul.json", "reject", "a NUL in the map name (ValueError in stat)",
         edit(NAVAL, setter("map")("north\u0000sea")), message="NUL")
    case("naval-map-is-a-list.json", "reject", "a list as the map",
         edit(NAVAL, setter("map")(["northsea"])), message="map")
    case("scenario-not-an-object.json", "reject", "a list at the top level",
         [NAVAL], message="not a mineboard")
    case("empty.json", "reject", "an empty file", text="", message="line 1 column 1")
    case("naval-units-100k.json", "reject", "100,000 units (numbering was quadratic)",
         make="units_100k", message="units")

    # ---- maps -----------------------------------------------------------------------
    case("stars-kind-is-a-list.geojson", "reject", "unhashable type in the map validator",
         edit(STARS, setter("features", 0, "properties", "kind")(["system"])),
         message="kind")
    case("stars-kind-is-an-object.geojson", "reject", "unhashable type in the map validator",
         edit(STARS, setter("features", 0, "properties", "kind")({"a": 1})), message="kind")
    case("stars-id-is-a-list.geojson", "reject", "a list as a feature id",
         edit(STARS, setter("features", 0, "id")(["aldermere"])), message="id")
    case("stars-coordinate-huge.geojson", "reject", "a coordinate far off any board",
         edit(STARS, setter("features", 0, "geometry", "coordinates")([1e300, 0])),
         message="absurd coordinate")
    case("stars-coordinate-infinite.geojson", "reject", "1e999 reads as infinity",
         text=json.dumps(STARS).replace("46.7", "1e999", 1), message="too large for any field")
    case("tactical-origin-nan.geojson", "reject", "a NaN hex origin",
         text=json.dumps(edit(TACTICAL, setter("mineboard", "hex", "origin")([0, 0]))).replace(
             '"origin": [0, 0]', '"origin": [NaN, 0]'), message="NaN")
    case("tactical-origin-string.geojson", "reject", "a string hex origin",
         edit(TACTICAL, setter("mineboard", "hex", "origin")("0,0")), message="origin")
    case("tactical-ring-radius-1e8.geojson", "reject", "a ring of radius 10^8 never ends",
         edit(TACTICAL, setter("mineboard", "ring", "radius")(10**8)), message="radius")
    case("tactical-superscript-label.geojson", "reject", "'²' in a hex label",
         edit(TACTICAL, setter("features")([{
             "type": "Feature", "id": "h", "properties": {"kind": "hex", "label": "0²15",
                                                          "terrain": "land"},
             "geometry": None}])), message="label")
    big = edit(TACTICAL, lambda d: (d["mineboard"].pop("ring"),
                                    d["mineboard"]["hex"].update(cols=500, rows=100)))
    big["features"] = [{"type": "Feature", "id": "p", "properties": {
        "kind": "port", "name": "Port", "hex": "0815"}, "geometry": None}]
    case("hex-500-short-label.geojson", "reject", "a 4-digit label on a board of 6-digit "
         "labels (KeyError '0815')", big, message="0815")
    case("hex-500-by-500.geojson", "reject", "250,000 hexes took 10 s and 430 MB",
         edit(TACTICAL, lambda d: (d["mineboard"].pop("ring"),
                                   d["mineboard"]["hex"].update(cols=500, rows=500))),
         message="at most 100,000")
    case("tactical-related-fan-out.geojson", "reject", "50 related maps at each of 3 levels "
         "took minutes", edit(TACTICAL, setter("mineboard", "related")(
             {f"r{i}": "jutland-zones" for i in range(50)})), message="at most 8")
    case("tactical-related-backslash.geojson", "reject", "a Windows path is a path anywhere",
         edit(TACTICAL, setter("mineboard", "related", "strategic")("..\\x.geojson")),
         message="write paths with '/'")
    case("naval-huge-exponent.json", "reject", "1e999 reads as infinity and cannot be saved",
         text=json.dumps(NAVAL).replace('"about": "', '"about": 1e999, "x": "', 1),
         message="too large")
    case("naval-lone-surrogate.json", "reject", "a lone surrogate reads but cannot be saved",
         text=json.dumps(NAVAL).replace('"title": "', '"title": "\\ud800', 1),
         message="surrogate")
    case("empty-lists.json", "reject", "a million empty lists take gigabytes",
         make="empty_lists", message="at most 1,000,000")
    case("tactical-related-dotdot.geojson", "reject", "a related map climbing out with ..",
         edit(TACTICAL, setter("mineboard", "related", "strategic")(
             "../../../etc/x.geojson")), message="'..'")
    case("stars-capital-xy-string.geojson", "reject", "a string capital_xy",
         edit(STARS, setter("features", 0, "properties", "capital_xy")("1,2")),
         message="capital_xy")
    case("area-zone-id-superscript.geojson", "reject", "'²' is a digit to str.isdigit, not "
         "to int: place_sort_key crashed validate and screenshot",
         edit(ZONES, setter("features", 0, "id")("²")), message="feature ²: id '²'")
    x, y = ZONES["features"][0]["geometry"]["coordinates"][0][0]
    case("area-port-sea-zone-is-a-list.geojson", "reject", "unhashable type in the area "
         "board's lookup of a port's sea zone",
         edit(ZONES, lambda d: d["features"].append({
             "type": "Feature", "id": "P", "properties": {"kind": "port", "sea_zone": ["C"]},
             "geometry": {"type": "Point", "coordinates": [x, y]}})),
         message="feature P: sea_zone must be")
    case("naval-map-zone-id-superscript.json", "reject", "the same map opened as a game "
         "(screenshot, the window)", edit(NAVAL, setter("map")(
             "area-zone-id-superscript.geojson")), message="feature ²: id '²'")
    case("naval-map-port-sea-zone-is-a-list.json", "reject", "the same map opened as a game "
         "(screenshot, the window)", edit(NAVAL, setter("map")(
             "area-port-sea-zone-is-a-list.geojson")), message="feature P: sea_zone must be")

    # ---- files that are not files ------------------------------------------------------
    case("a-folder.json", "reject", "a folder", make="folder", message="folder")
    case("a-fifo.json", "reject", "a FIFO: reading it hangs forever", make="fifo",
         message="not a regular file")
    case("dev-zero", "reject", "/dev/zero: an endless read (MemoryError)", make="dev_zero",
         message="not a regular file")
    case("too-big.json", "reject", "a file past the size limit", make="too_big",
         message="at most")

    # ---- saves ----------------------------------------------------------------------
    from mineboard.core.table import Table
    from mineboard.persistence.saves import save_document
    from mineboard.persistence.scenario import load_scenario
    from mineboard.rules.naval_lines.actions import BuyMines, EndPhase

    scenario = load_scenario(SCENARIOS / "northsea-1940.json")
    game = scenario.new_game(7, Table())
    game.play(BuyMines(count=2))
    game.play(EndPhase())
    save = save_document(scenario, game)
    case("save-good.json", "accept", "a save as mineboard writes it", save)
    late = {k: save[k] for k in ("scenario", "ruleset", "map", "table", "dice", "actions",
                                 "mineboard_save", "digest")}
    case("save-marker-after-4k.json", "accept", "the save key after the first 4 KB was "
         "refused by play", late)
    undigested = {k: v for k, v in save.items() if k != "digest"}
    case("save-version-2-without-digest.json", "accept", "saves written before the digest "
         "(format 2) still open", {**undigested, "mineboard_save": 2})
    case("save-map-hash-is-a-list.json", "reject", "unhashable map hash",
         edit(save, setter("map", "sha256")(["x"])), message="sha256")
    case("save-options-edited.json", "reject", "ruleset.options edited by hand",
         edit(save, setter("ruleset", "options", "hidden_minefields")(True)),
         message="options")
    case("save-scenario-edited.json", "reject", "the embedded scenario edited by hand",
         edit(save, setter("scenario", "nations", 0, "ipcs")(999)),
         message="digest does not match")
    case("save-table-opened.json", "reject", "the table opened by hand (undo past dice)",
         edit(save, setter("table", "open")(True)), message="digest does not match")
    case("save-100k-actions.json", "reject", "100,000 actions took 84 s to validate",
         make="actions_100k", message="more than")

    # ---- saves that carry a map of the player's own ------------------------------------
    from mineboard.persistence.scenario import scenario_from_data

    stars = (ROOT / "maps" / "stars.geojson").read_bytes()
    own = scenario_from_data(edit(IMPERIUM, setter("map")("mine.geojson")), "corpus", HERE,
                             {"mine.geojson": stars})
    own_game = own.new_game(7, Table())
    own_game.play(own.ruleset.codec.parse({"kind": "end_phase"}, "corpus"))
    carried = save_document(own, own_game)
    text = carried["map"]["files"]["mine.geojson"]
    case("save-carried-map.json", "accept", "a save carries a map of the player's own: it "
         "opens with no map beside it (the autosave of such a game was not restored)",
         carried)
    case("save-carried-map-dotdot.json", "reject", "a carried map's path climbing out with ..",
         edit(carried, setter("map", "files")({"../mine.geojson": text})), message="'..'")
    case("save-carried-map-edited.json", "reject", "the carried map edited by hand",
         edit(carried, setter("map", "files", "mine.geojson")(
             text.replace('"Aldermere"', '"Aldermoor"'))), message="content hash differs")
    case("save-carried-map-is-a-list.json", "reject", "a list where the map files are",
         edit(carried, setter("map", "files")([text])), message="map.files")

    (HERE / "manifest.json").write_text(json.dumps({"cases": CASES}, indent=1,
                                                   ensure_ascii=False) + "\n",
                                        encoding="utf-8")
    print(f"{len(CASES)} cases")


if __name__ == "__main__":
    build()
