"""Build the two strategic hex maps of awaw-naval from the public-domain Natural Earth land in
../shared/geodata: ``maps/awaw-europe.geojson`` (Europe, the Mediterranean and the Middle
East) and ``maps/awaw-pacific.geojson`` (India to Hawaii, the Aleutians to northern
Australia; its longitudes run past 180°, so the theatre is one piece).

Run once by a developer; the program never reprojects at run time. ``--check`` writes
nothing and exits 1 if a file on disk is not what this tool makes.

    .venv/bin/python tools/build_awaw_maps.py [--check]

How a map is made, and why:

* **One projection**, equirectangular with x scaled by the cosine of a chosen parallel, in
  km, y growing southward (the grid's board units). A conic would keep shapes better in the
  far north, but its fan of meridians does not fit the rectangular box the land was cut to
  (its corners would be land or sea nobody drew); the scale parallel is chosen so the sea
  distances the rules lean on come out as the game plays them (see ``Theatre.parallel``).
* **A flat hex grid** over it (labels ``ccrr``), each hex classified by how much of it is
  water: ``sea`` (no land at all), ``coast`` (land and water), ``land`` (next to no water).
  Water is the box minus the land, without lakes (small pieces cut off from the box's
  edge), plus the channels the coarse coastline closes or never had (the Kiel and Suez
  canals, the Bosporus, the Dardanelles): see ``Theatre.channels``.
* **Hexsides a ship cannot cross** get the feature ``land`` (one hexsides set, barred by
  movement_costs.json): a side between two water hexes that no water crosses (an isthmus
  along the side), and a side whose water belongs to a pocket of a coastal hex that is not
  its main water (an isthmus inside the hex: the Kra, Perekop, Gallipoli's neck) — so no
  route slips from one sea to another through a hex's land.
* **Places by name**: ports (an original selection of real port cities, capacity 50; a few
  two-port hexes of 100; naval bases), straits and canals as hexsides sets across the
  passage with the hexes that must be held, rivers' lower courses as ``river`` hexsides,
  boxes with their entry hexes and offsets, fronts, islands and island groups. A port whose
  city lies in a land hex goes to the coastal hex beside it nearest to the city.
* **Checked while built**: every strait and canal must cut its sea in two, every port must
  be reachable from the open sea, and the map must pass ``mineboard validate``.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon, box, shape
from shapely.strtree import STRtree

from mineboard.maps.geojson import board_from_json
from mineboard.maps.hexgrid import Hex, HexGrid, Hexside, Layout

ROOT = Path(__file__).resolve().parent.parent
GEODATA = ROOT.parent / "shared" / "geodata"
KM_PER_DEG = 111.32
SQRT3 = math.sqrt(3.0)
WATER_MIN = 0.005
"""A hex with less water than this part of its area is land."""
SIDE_WATER_KM = 0.2
"""A hexside with less open water along it than this (km) carries the feature ``land``."""
LAKE_KM2 = 3000.0
"""A piece of water away from the box's edge smaller than this is a lake: land."""
TILE_KM = 250.0
ATTRIBUTION = ("Coastlines made with Natural Earth (public domain); hexes, ports, straits, "
               "boxes and fronts original to mineboard.")

LonLat = tuple[float, float]


@dataclass(frozen=True)
class Port:
    id: str
    name: str
    at: LonLat
    capacity: int = 50
    extra: dict[str, Any] = field(default_factory=dict)


def port(pid: str, name: str, lon: float, lat: float, **extra: Any) -> Port:
    capacity = 100 if extra.get("ports") == 2 else 50
    return Port(pid, name, (lon, lat), capacity, extra)


@dataclass(frozen=True)
class Passage:
    """A strait or canal: the hexsides a line across it crosses (water ones only), the
    places that must be held (``control``: lon/lat points or port ids), and two points on
    either side that it must part once every passage is closed."""

    id: str
    name: str
    across: Sequence[LonLat]
    sides: tuple[LonLat, LonLat] | None
    """None: the sea goes round it (the Indies' other straits), so there is nothing to
    part."""
    kind: str = "strait"
    control: Sequence[LonLat | str] = ()
    friendly_or_neutral: Sequence[LonLat | str] = ()
    note: str = ""


@dataclass(frozen=True)
class River:
    id: str
    name: str
    course: Sequence[LonLat]
    """From the mouth upstream."""


@dataclass(frozen=True)
class Island:
    id: str
    name: str
    at: Sequence[LonLat]
    """Points on the island (each picks the land it stands on)."""
    island: str | None = None
    group: str | None = None


@dataclass(frozen=True)
class Group:
    """A Pacific island group (4.74): every hex with land inside its box."""

    id: str
    name: str
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True)
class BoxSpec:
    id: str
    name: str
    role: str
    at: LonLat
    """Where its panel is drawn (may lie off the box the land was cut to)."""
    edge: str | None
    """``west``/``east``/``south``: linked to the water hexes of that edge (with ``rows`` or
    ``span`` to limit them), each ``link_cost``."""
    link_cost: int
    span: Sequence[tuple[float, float]] = ()
    """Only the edge hexes between these latitudes (west/east) or longitudes (south)."""
    entries: Sequence[tuple[LonLat | str, int]] = ()
    """Further links: a water point (its hex) or a port or box id, with its own offset."""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Theatre:
    map_id: str
    title: str
    theatre: str
    source: str
    lon0: float
    lat0: float
    lon1: float
    lat1: float
    parallel: float
    """x is scaled by the cosine of this latitude."""
    hex_km: float
    """From one hex's centre to the next (the grid's row spacing)."""
    virtual_cols: int
    open_sea: Sequence[LonLat]
    """Points in the open ocean and the seas a box opens (the Persian Gulf): every port
    must be reached from one of them."""
    channels: Sequence[tuple[str, Sequence[LonLat], float]]
    """Water the coastline lacks: a name, a course, a width in km."""
    ports: Sequence[Port]
    passages: Sequence[Passage]
    rivers: Sequence[River]
    boxes: Sequence[BoxSpec]
    islands: Sequence[Island] = ()
    groups: Sequence[Group] = ()
    fronts: Sequence[tuple[str, str, Sequence[LonLat]]] = ()
    """Front id, name, seed points in its water."""
    front_cuts: Sequence[tuple[LonLat, LonLat]] = ()
    """Lines fronts do not spread across (besides the passages named in ``front_parts``)."""
    front_parts: Sequence[str] = ()
    """Passages whose hexsides part two fronts."""

    @property
    def kx(self) -> float:
        return math.cos(math.radians(self.parallel)) * KM_PER_DEG

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        return (lon - self.lon0) * self.kx, (self.lat1 - lat) * KM_PER_DEG

    @property
    def size(self) -> float:
        return self.hex_km / SQRT3


# ---- Europe ---------------------------------------------------------------------------------

EUROPE_PORTS = [
    # Britain and Ireland
    port("scapa-flow", "Scapa Flow", -3.05, 58.88, naval_base=True),
    port("rosyth", "Rosyth", -3.35, 56.02, naval_base=True),
    port("newcastle", "Newcastle", -1.42, 55.01),
    port("hull", "Hull", -0.25, 53.72),
    port("london", "London", 0.65, 51.48),
    port("portsmouth", "Portsmouth and Southampton", -1.1, 50.8, ports=2, naval_base=True),
    port("plymouth", "Plymouth", -4.14, 50.36, naval_base=True),
    port("cardiff", "Cardiff", -3.17, 51.46),
    port("liverpool", "Liverpool", -3.02, 53.42),
    port("glasgow", "Glasgow", -4.76, 55.95),
    port("belfast", "Belfast", -5.9, 54.62),
    port("londonderry", "Londonderry", -7.3, 55.02),
    port("dublin", "Dublin", -6.2, 53.35),
    port("cork", "Cork", -8.3, 51.85),
    port("reykjavik", "Reykjavik", -21.9, 64.15),
    # Norway, Sweden, Finland, the Baltic states
    port("oslo", "Oslo", 10.72, 59.9),
    port("kristiansand", "Kristiansand", 8.0, 58.14),
    port("bergen", "Bergen", 5.3, 60.4),
    port("trondheim", "Trondheim", 10.4, 63.44),
    port("narvik", "Narvik", 17.4, 68.43),
    port("gothenburg", "Gothenburg", 11.9, 57.7),
    port("stockholm", "Stockholm", 18.07, 59.33),
    port("lulea", "Luleå", 22.15, 65.58),
    port("helsinki", "Helsinki", 24.95, 60.16),
    port("turku", "Turku", 22.25, 60.45),
    port("tallinn", "Tallinn", 24.75, 59.44),
    port("parnu", "Pärnu", 24.5, 58.38, requires=[(22.5, 58.4)]),  # Saare (AW-34)
    port("riga", "Riga", 24.1, 56.95),
    port("liepaja", "Liepāja", 21.0, 56.51),
    port("memel", "Memel", 21.13, 55.71),
    # Germany, Denmark, the Low Countries
    port("konigsberg", "Königsberg", 19.9, 54.64),
    port("danzig", "Danzig and Gotenhafen", 18.6, 54.45, ports=2),
    port("stettin", "Stettin", 14.25, 53.9),
    port("rostock", "Rostock", 12.1, 54.15),
    port("kiel", "Kiel", 10.14, 54.33, naval_base=True, fronts=["western", "eastern"]),
    port("wilhelmshaven", "Wilhelmshaven and Bremerhaven", 8.3, 53.53, ports=2,
         naval_base=True),
    port("emden", "Emden", 7.2, 53.37),
    port("copenhagen", "Copenhagen", 12.58, 55.68),
    port("esbjerg", "Esbjerg", 8.45, 55.47),
    port("amsterdam", "Amsterdam", 4.75, 52.42),
    port("rotterdam", "Rotterdam", 4.2, 51.93),
    port("antwerp", "Antwerp", 4.0, 51.35),
    # France, Spain, Portugal
    port("dunkirk", "Dunkirk", 2.37, 51.04),
    port("le-havre", "Le Havre", 0.1, 49.49),
    port("cherbourg", "Cherbourg", -1.62, 49.65),
    port("brest", "Brest", -4.49, 48.38, naval_base=True),
    port("lorient", "Lorient", -3.37, 47.74),
    port("st-nazaire", "Saint-Nazaire", -2.2, 47.27),
    port("la-rochelle", "La Rochelle", -1.15, 46.16),
    port("bordeaux", "Bordeaux", -1.0, 45.3),
    port("bilbao", "Bilbao", -2.93, 43.27),
    port("ferrol", "Ferrol", -8.23, 43.48, naval_base=True),
    port("vigo", "Vigo", -8.72, 42.23),
    port("porto", "Porto", -8.65, 41.15),
    port("lisbon", "Lisbon", -9.14, 38.7),
    port("cadiz", "Cádiz", -6.29, 36.53),
    port("gibraltar", "Gibraltar", -5.35, 36.14, naval_base=True,
         fronts=["western", "mediterranean"]),
    port("las-palmas", "Las Palmas", -15.42, 28.13),
    port("casablanca", "Casablanca", -7.6, 33.6),
    port("cartagena", "Cartagena", -0.98, 37.6, naval_base=True),
    port("valencia", "Valencia", -0.33, 39.45),
    port("barcelona", "Barcelona", 2.17, 41.37),
    port("marseille", "Marseille", 5.35, 43.3),
    port("toulon", "Toulon", 5.93, 43.11, naval_base=True),
    # Italy and the Adriatic
    port("genoa", "Genoa", 8.93, 44.4),
    port("la-spezia", "La Spezia", 9.83, 44.1, naval_base=True),
    port("naples", "Naples", 14.26, 40.84),
    port("taranto", "Taranto", 17.2, 40.47, naval_base=True),
    port("brindisi", "Brindisi", 17.94, 40.64),
    port("ancona", "Ancona", 13.5, 43.62),
    port("venice", "Venice", 12.33, 45.44),
    port("trieste", "Trieste", 13.77, 45.65),
    port("pola", "Pola", 13.85, 44.87),
    port("split", "Split", 16.44, 43.5),
    port("durazzo", "Durazzo", 19.45, 41.32),
    port("palermo", "Palermo", 13.36, 38.12),
    port("messina", "Messina", 15.55, 38.19),
    port("cagliari", "Cagliari", 9.11, 39.21),
    port("malta", "Malta", 14.51, 35.9, naval_base=True),
    # North Africa and the Levant
    port("oran", "Oran", -0.64, 35.71),
    port("algiers", "Algiers", 3.06, 36.77),
    port("bizerte", "Bizerte", 9.87, 37.27, naval_base=True),
    port("tripoli", "Tripoli", 13.19, 32.9),
    port("benghazi", "Benghazi", 20.07, 32.12),
    port("tobruk", "Tobruk", 23.97, 32.08),
    port("alexandria", "Alexandria", 29.9, 31.2, naval_base=True),
    port("port-said", "Port Said", 32.3, 31.26),
    port("suez", "Suez", 32.55, 29.95),
    port("haifa", "Haifa", 35.0, 32.82),
    port("beirut", "Beirut", 35.5, 33.9),
    port("famagusta", "Famagusta", 33.94, 35.12),
    port("basra", "Basra", 47.8, 30.5),
    port("abadan", "Abadan", 48.6, 29.9),
    # Greece, Turkey, the Black Sea
    port("piraeus", "Piraeus", 23.63, 37.94),
    port("salonika", "Salonika", 22.94, 40.63),
    port("suda-bay", "Suda Bay", 24.1, 35.5),
    port("rhodes", "Rhodes", 28.23, 36.44),
    port("izmir", "Izmir", 27.14, 38.42),
    port("istanbul", "Istanbul", 28.98, 41.01, fronts=["mediterranean", "eastern"]),
    port("varna", "Varna", 27.92, 43.2),
    port("constanta", "Constanța", 28.65, 44.17),
    port("odessa", "Odessa", 30.74, 46.47),
    port("sevastopol", "Sevastopol", 33.52, 44.6, naval_base=True),
    port("novorossiysk", "Novorossiysk", 37.77, 44.72),
    port("batum", "Batum", 41.64, 41.65),
    port("trebizond", "Trebizond", 39.72, 41.0),
    # The Soviet north
    port("leningrad", "Leningrad and Kronstadt", 29.9, 59.95, ports=2, naval_base=True),
    port("murmansk", "Murmansk", 33.08, 68.97, naval_base=True),
    port("archangel", "Archangel", 40.52, 64.55),
]

KIEL_CANAL = [(9.14, 53.89), (9.35, 54.0), (9.67, 54.3), (10.14, 54.33)]
SUEZ_CANAL = [(32.34, 31.26), (32.34, 30.9), (32.31, 30.6), (32.37, 30.3), (32.55, 29.95)]
"""A canal's course: the water it adds, and the hexsides between the hexes it runs through
(the hexsides a ship passing through crosses)."""

EUROPE = Theatre(
    map_id="awaw-europe", title="Europe and the Mediterranean (awaw-naval)",
    theatre="europe", source="europe_land.geojson",
    lon0=-25.0, lat0=27.0, lon1=60.0, lat1=72.0, parallel=45.0, hex_km=75.0,
    virtual_cols=4, open_sea=[(-20.0, 45.0), (51.0, 27.5)],
    channels=[
        ("Kiel Canal", [(9.0, 53.88), (9.35, 54.0), (9.7, 54.3), (10.15, 54.38)], 3.0),
        ("Suez Canal", [(32.34, 31.32), (32.34, 30.9), (32.31, 30.6), (32.37, 30.3),
                        (32.56, 29.9)], 3.0),
        ("Bosporus", [(29.13, 41.25), (29.05, 41.1), (29.0, 41.0), (28.95, 40.95)], 2.5),
        ("Dardanelles", [(26.15, 40.02), (26.4, 40.2), (26.7, 40.4)], 3.0),
        ("Lower Elbe", [(8.6, 53.9), (9.2, 53.85), (9.7, 53.55)], 2.0),
    ],
    ports=EUROPE_PORTS,
    passages=[
        Passage("gibraltar-strait", "Strait of Gibraltar", [(-5.55, 37.2), (-5.55, 35.0)],
                ((-7.0, 36.0), (-3.0, 36.2)), control=["gibraltar"],
                note="AW-30: Gibraltar must be friendly; Spanish Morocco does not count."),
        Passage("skagerrak", "Skagerrak", [(7.0, 58.3), (8.75, 56.9)],
                ((4.0, 57.5), (11.4, 57.5)), control=["kristiansand", (8.8, 57.05)],
                note="AW-31: both shores of the Skagerrak must be friendly."),
        Passage("kattegat", "Kattegat (the Danish straits)",
                [(9.4, 55.95), (10.4, 55.75), (11.2, 55.9), (12.1, 56.12), (12.55, 56.1),
                 (13.4, 56.1)],
                ((11.4, 57.3), (12.0, 54.6)), control=["copenhagen"],
                friendly_or_neutral=[(12.7, 56.05)],
                note="AW-32: Copenhagen must be friendly and the Swedish shore friendly or "
                     "neutral."),
        Passage("gulf-of-finland", "Gulf of Finland", [(24.7, 60.6), (24.7, 59.0)],
                ((22.5, 59.6), (27.0, 59.9)), friendly_or_neutral=["helsinki", "tallinn"],
                note="AW-33: Helsinki and Tallinn must each be friendly or neutral."),
        Passage("otranto", "Strait of Otranto", [(18.0, 40.45), (20.0, 40.25)],
                ((18.5, 39.0), (18.0, 41.8)), control=["brindisi", "durazzo"],
                note="AW-35: Brindisi and Durazzo must both be friendly."),
        Passage("turkish-straits", "Turkish Straits (Dardanelles)",
                [(26.05, 40.45), (26.7, 39.95)], ((25.5, 39.8), (28.0, 40.7)),
                control=["banks:Bosporus", "banks:Dardanelles"],
                note="AW-15: all four strait land hexes must be friendly to pass between "
                     "Istanbul and the Mediterranean."),
        Passage("kiel-canal", "Kiel Canal", KIEL_CANAL,
                ((7.5, 54.2), (11.0, 54.6)), kind="canal", control=["kiel"],
                note="AW-13: held by the acting side when the phase began."),
        Passage("suez-canal", "Suez Canal", SUEZ_CANAL,
                ((31.0, 32.0), (33.0, 28.0)), kind="canal", control=[],
                note="AW-39: every land hex next to the canal must be friendly."),
    ],
    rivers=[
        River("rhine", "Rhine", [(4.1, 51.98), (5.2, 51.9), (6.1, 51.85), (6.7, 51.4)]),
        River("elbe", "Elbe", [(9.9, 53.55), (10.5, 53.35), (11.4, 53.1), (11.9, 52.5)]),
        River("seine", "Seine", [(0.3, 49.45), (1.0, 49.35), (1.7, 49.05), (2.3, 48.85)]),
        River("loire", "Loire", [(-2.0, 47.28), (-1.5, 47.22), (-0.5, 47.4), (0.7, 47.4)]),
        River("rhone", "Rhône", [(4.7, 43.45), (4.8, 44.0), (4.75, 44.9), (4.85, 45.75)]),
        River("po", "Po", [(12.3, 44.95), (11.5, 45.0), (10.5, 45.05), (9.7, 45.1)]),
        River("danube", "Danube", [(29.4, 45.2), (28.2, 45.45), (27.9, 44.6), (26.5, 43.7),
                                   (25.0, 43.65)]),
        River("dnieper", "Dnieper", [(32.3, 46.6), (33.4, 46.8), (34.5, 47.5),
                                     (35.1, 47.85)]),
        River("don", "Don", [(39.4, 47.15), (40.2, 47.5), (41.0, 48.2), (42.0, 48.6)]),
        River("volga", "Volga", [(47.8, 46.3), (47.0, 47.3), (46.0, 48.5), (44.5, 48.7)]),
        River("vistula", "Vistula", [(18.95, 54.3), (18.8, 53.5), (18.5, 53.0),
                                     (19.2, 52.5)]),
        River("nile", "Nile", [(30.35, 31.4), (30.9, 30.6), (31.2, 30.05), (31.25, 29.0)]),
        River("shatt", "Shatt al-Arab", [(48.6, 29.95), (48.0, 30.5), (47.4, 31.0),
                                         (46.5, 31.0)]),
    ],
    boxes=[
        BoxSpec("atlantic-us", "Atlantic U.S.", "us-atlantic", (-36.0, 50.0), "west", 4,
                span=[(27.0, 66.0)], extra={"serves": "western"}),
        BoxSpec("south-africa", "South Africa", "south-africa", (-10.0, 24.5), "south", 8,
                span=[(-25.0, -8.0), (32.5, 36.0), (48.0, 57.0)],
                entries=[("atlantic-us", 10)]),
    ],
    islands=[
        Island("saare", "Saare", [(22.5, 58.4)], island="one-hex"),
        Island("malta-island", "Malta", [(14.45, 35.9)], island="one-hex"),
    ],
    fronts=[
        ("western", "Western front", [(-15.0, 45.0), (3.0, 56.0), (10.0, 70.0),
                                      (-20.0, 65.0), (40.0, 66.0)]),
        ("mediterranean", "Mediterranean front", [(18.0, 35.0), (32.5, 28.5), (50.5, 28.5),
                                                  (27.5, 40.7)]),
        ("eastern", "Eastern front", [(19.0, 57.0), (34.0, 43.0), (51.0, 42.0)]),
    ],
    front_cuts=[((27.0, 41.2), (28.5, 41.15)), ((28.5, 41.15), (29.6, 41.05))],  # the Bosporus
    front_parts=["gibraltar-strait", "kattegat", "kiel-canal"],
)


# ---- Pacific --------------------------------------------------------------------------------

def east(lon: float) -> float:
    """A longitude west of Greenwich as the Pacific map counts it: past 180°."""
    return 360.0 + lon if lon < 0 else lon


PACIFIC_PORTS = [
    # Hawaii, the central Pacific, the Aleutians
    port("pearl-harbor", "Pearl Harbor", east(-157.95), 21.35, naval_base=True,
         group="hawaiian"),
    port("hilo", "Hilo", east(-155.08), 19.72, group="hawaiian"),
    port("midway", "Midway", east(-177.37), 28.21, group="midway"),
    port("johnston", "Johnston Island", east(-169.53), 16.73, group="johnston"),
    port("wake", "Wake", 166.63, 19.29, group="wake"),
    port("dutch-harbor", "Dutch Harbor", east(-166.54), 53.89, naval_base=True,
         group="aleutians"),
    port("kiska", "Kiska", 177.5, 51.98, group="aleutians"),
    port("attu", "Attu", 173.2, 52.9, group="aleutians"),
    port("papeete", "Papeete", east(-151.4), -16.75, group="society"),
    port("pago-pago", "Pago Pago", east(-170.7), -14.28),
    port("suva", "Suva", 178.44, -18.14),
    port("noumea", "Noumea", 166.44, -22.27),
    port("espiritu-santo", "Espiritu Santo", 167.17, -15.5),
    port("tulagi", "Tulagi", 160.15, -9.1),
    port("tarawa", "Tarawa", 172.98, 1.42),
    port("kwajalein", "Kwajalein", 167.73, 8.72),
    port("truk", "Truk", 151.85, 7.42, naval_base=True),
    port("ponape", "Ponape", 158.2, 6.96),
    port("palau", "Palau", 134.47, 7.35),
    port("guam", "Guam", 144.75, 13.44),
    port("saipan", "Saipan", 145.72, 15.2),
    # Japan, Korea, the Soviet Far East
    port("yokosuka", "Yokosuka", 139.67, 35.28, naval_base=True),
    port("kure", "Kure", 132.57, 34.24, naval_base=True),
    port("sasebo", "Sasebo", 129.72, 33.16, naval_base=True),
    port("maizuru", "Maizuru", 135.38, 35.47),
    port("osaka", "Osaka", 135.43, 34.65),
    port("ominato", "Ominato", 141.15, 41.25),
    port("pusan", "Pusan", 129.04, 35.1),
    port("vladivostok", "Vladivostok", 131.9, 43.1, naval_base=True),
    port("petropavlovsk", "Petropavlovsk", 158.65, 53.02),
    port("naha", "Naha", 127.68, 26.21),
    # China, Formosa, the Philippines, Indochina
    port("port-arthur", "Port Arthur", 121.25, 38.8),
    port("tsingtao", "Tsingtao", 120.32, 36.07),
    port("shanghai", "Shanghai", 121.8, 31.2),
    port("hong-kong", "Hong Kong", 114.17, 22.29),
    port("keelung", "Keelung", 121.74, 25.13),
    port("takao", "Takao", 120.28, 22.62),
    port("manila", "Manila and Cavite", 120.9, 14.55, ports=2, naval_base=True),
    port("cebu", "Cebu", 123.9, 10.3),
    port("davao", "Davao", 125.62, 7.07),
    port("haiphong", "Haiphong", 106.68, 20.86),
    port("cam-ranh", "Cam Ranh Bay", 109.2, 11.9),
    port("saigon", "Saigon", 106.75, 10.5),
    port("bangkok", "Bangkok", 100.55, 13.55),
    # Burma, Malaya, the Indies, Borneo, New Guinea
    port("rangoon", "Rangoon", 96.25, 16.6),
    port("port-blair", "Port Blair", 92.73, 11.67),
    port("penang", "Penang", 100.33, 5.4),
    port("singapore", "Singapore", 103.82, 1.27, naval_base=True),
    port("sabang", "Sabang", 95.32, 5.89),
    port("belawan", "Belawan", 98.68, 3.78),
    port("padang", "Padang", 100.35, -0.95),
    port("palembang", "Palembang", 104.9, -2.7),
    port("batavia", "Batavia", 106.83, -6.1),
    port("surabaya", "Surabaya", 112.74, -7.2, naval_base=True),
    port("tjilatjap", "Tjilatjap", 109.0, -7.73),
    port("kuching", "Kuching", 110.35, 1.6),
    port("sandakan", "Sandakan", 118.07, 5.84, touch_limit=5),
    port("tarakan", "Tarakan", 117.6, 3.3),
    port("balikpapan", "Balikpapan", 116.83, -1.27),
    port("makassar", "Makassar", 119.41, -5.14),
    port("menado", "Menado", 124.84, 1.49),
    port("ambon", "Ambon", 128.18, -3.7),
    port("kupang", "Kupang", 123.58, -10.17),
    port("hollandia", "Hollandia", 140.7, -2.53),
    port("lae", "Lae", 147.0, -6.73),
    port("port-moresby", "Port Moresby", 147.15, -9.48, touch_limit=5),
    port("rabaul", "Rabaul", 152.27, -4.2, naval_base=True),
    port("darwin", "Darwin", 130.84, -12.46),
    port("townsville", "Townsville", 146.82, -19.26),
]

PACIFIC = Theatre(
    map_id="awaw-pacific", title="The Pacific (awaw-naval)", theatre="pacific",
    source="pacific_land.geojson",
    lon0=88.0, lat0=-24.0, lon1=210.0, lat1=58.0, parallel=20.0, hex_km=155.0,
    virtual_cols=0, open_sea=[(180.0, 30.0)], channels=[], ports=PACIFIC_PORTS,
    passages=[
        Passage("malacca", "Strait of Malacca", [(103.3, 2.4), (102.0, 0.6)],
                None, control=["singapore"],
                note="AW-36: Singapore must be friendly (an invasion of Singapore itself "
                     "may come through from the west)."),
        Passage("sunda", "Sunda Strait", [(105.2, -6.4), (106.3, -5.5)],
                None, control=[(105.4, -5.3), (106.1, -6.5)],
                note="AW-37: the land parts of both shores (Sumatra, Java) must be "
                     "friendly."),
    ],
    rivers=[
        River("yangtze", "Yangtze", [(121.3, 31.6), (120.3, 32.0), (119.0, 32.2),
                                     (118.0, 31.5)]),
        River("mekong", "Mekong", [(106.6, 9.9), (105.5, 10.5), (105.0, 11.6)]),
        River("irrawaddy", "Irrawaddy", [(95.3, 16.0), (95.3, 17.2), (95.2, 18.5)]),
        River("pearl", "Pearl River", [(113.6, 22.4), (113.3, 23.1), (112.5, 23.2)]),
    ],
    boxes=[
        BoxSpec("pacific-us", "Pacific U.S.", "us-pacific", (east(-146.0), 40.0), "east", 4,
                entries=[("australia", 10)],
                extra={"serves": "western"}),
        BoxSpec("india", "India", "india", (84.0, 6.0), None, 0,
                entries=[((89.0, 4.0), 8)]),
        BoxSpec("australia", "Australia", "australia", (133.0, -27.0), None, 0,
                entries=[((110.5, -23.0), 8), ((156.0, -23.0), 8), ("noumea", 10)]),
    ],
    islands=[
        Island("midway-island", "Midway", [(east(-177.37), 28.21)], "one-hex", "midway"),
        Island("johnston-island", "Johnston Island", [(east(-169.53), 16.73)], "one-hex",
               "johnston"),
        Island("wake-island", "Wake", [(166.63, 19.29)], "one-hex", "wake"),
        Island("palawan", "Palawan", [(118.7, 9.7), (117.5, 8.6), (119.5, 10.6)], "beach"),
        Island("new-ireland", "New Ireland", [(150.8, -2.7), (152.0, -3.6),
                                              (152.8, -4.4)], "beach"),
        Island("halmahera", "Halmahera", [(127.9, 1.0), (128.3, 0.5), (127.6, 1.8)],
               "beach"),
    ],
    groups=[
        Group("hawaiian", "Hawaiian Islands", (east(-161.0), 18.5, east(-154.5), 22.6)),
        Group("aleutians", "Aleutian Islands", (172.0, 51.0, east(-163.5), 55.5)),
        Group("society", "Society Islands", (east(-154.0), -18.0, east(-148.0), -15.5)),
        Group("japan", "Japan (the home islands)", (129.3, 30.9, 146.0, 45.6)),
        Group("midway", "Midway", (east(-177.6), 28.0, east(-177.2), 28.5)),
        Group("johnston", "Johnston Island", (east(-169.7), 16.6, east(-169.3), 16.9)),
        Group("wake", "Wake", (166.4, 19.1, 166.8, 19.5)),
        Group("marianas", "Mariana Islands", (144.4, 13.0, 146.2, 20.6)),
        Group("carolines", "Caroline Islands", (137.0, 5.0, 163.5, 10.0)),
        Group("marshalls", "Marshall Islands", (165.0, 4.5, 172.5, 12.0)),
        Group("gilberts", "Gilbert Islands", (172.5, -3.0, 177.0, 3.5)),
        Group("solomons", "Solomon Islands", (154.5, -12.0, 163.0, -5.0)),
        Group("bismarcks", "Bismarck Archipelago", (146.0, -6.7, 154.5, -1.0)),
    ],
)

THEATRES = (EUROPE, PACIFIC)


# ---- geometry ---------------------------------------------------------------------------------

@dataclass
class Built:
    """A theatre's grid and what the geometry says of each hex and hexside."""

    theatre: Theatre
    grid: HexGrid
    labels: dict[Hex, str]
    terrain: dict[str, str]
    main_water: dict[str, Any]
    """Coast and sea hexes → the piece of their water ships sail in."""
    land_sides: set[Hexside]
    water: Any
    land: Any


def _project_geom(t: Theatre, geom: Any) -> Any:
    def move(coords: Any) -> Any:
        out = coords.copy()
        out[:, 0] = (coords[:, 0] - t.lon0) * t.kx
        out[:, 1] = (t.lat1 - coords[:, 1]) * KM_PER_DEG
        return out
    return shapely.transform(geom, move)


def _line(t: Theatre, points: Iterable[LonLat]) -> LineString:
    return LineString([t.project(*p) for p in points])


def _tiles(geom: Any, frame: Polygon) -> list[Any]:
    x0, y0, x1, y1 = frame.bounds
    out = []
    x = x0
    while x < x1:
        y = y0
        while y < y1:
            piece = shapely.intersection(geom, box(x, y, x + TILE_KM, y + TILE_KM))
            out += [p for p in shapely.get_parts(piece) if p.area > 0]
            y += TILE_KM
        x += TILE_KM
    return out


def make_grid(t: Theatre, frame: Polygon) -> HexGrid:
    size = t.size
    width, height = frame.bounds[2], frame.bounds[3]
    real_cols = math.ceil((width - 0.5 * size) / (1.5 * size)) + 1
    rows = math.ceil(height / (SQRT3 * size))
    origin = (size - 1.5 * size * t.virtual_cols, SQRT3 * size / 2)
    return HexGrid(t.virtual_cols + real_cols, rows, Layout("flat", size, origin), "odd-q")


def build(t: Theatre) -> Built:
    src = json.loads((GEODATA / t.source).read_text(encoding="utf-8"))
    land = shapely.union_all([_project_geom(t, shape(f["geometry"]))
                              for f in src["features"]])
    frame = box(0, 0, *t.project(t.lon1, t.lat0))
    land = shapely.intersection(land, frame)
    water = shapely.difference(frame, land)
    edge = frame.exterior
    kept = [w for w in shapely.get_parts(water)
            if w.area >= LAKE_KM2 or w.distance(edge) < 1e-6]
    water = shapely.union_all(kept)
    for _name, course, width in t.channels:
        water = shapely.union(water, _line(t, course).buffer(width / 2, cap_style="flat"))
    land = shapely.difference(frame, water)
    water_tiles = _tiles(water, frame)
    tree = STRtree(water_tiles)
    grid = make_grid(t, frame)
    layout = grid.layout
    labels: dict[Hex, str] = {}
    terrain: dict[str, str] = {}
    main_water: dict[str, Any] = {}
    for h in grid.hexes():
        label = grid.label(h)
        labels[h] = label
        col = int(label[: len(label) // 2])
        if col <= t.virtual_cols:
            terrain[label] = "virtual"
            main_water[label] = Polygon(layout.corners(h))
            continue
        cell = Polygon(layout.corners(h))
        inside = shapely.intersection(cell, frame)
        if inside.area < 1e-6:  # past the box's corner: all water the data never saw
            terrain[label] = "sea"
            main_water[label] = cell
            continue
        hits = tree.query(cell, predicate="intersects")
        wet = shapely.union_all([shapely.intersection(water_tiles[i], cell) for i in hits]) \
            if len(hits) else Polygon()
        # Past the box's edge lies what the data never drew: only the part inside counts.
        dry = inside.area - wet.area
        if wet.area < WATER_MIN * inside.area:
            terrain[label] = "land"
            continue
        pieces = [p for p in shapely.get_parts(wet) if p.area > 0]
        main_water[label] = max(pieces, key=lambda p: p.area)
        terrain[label] = "sea" if dry <= 1e-6 else "coast"
    built = Built(t, grid, labels, terrain, main_water, set(), water, land)
    built.land_sides = land_sides(built)
    return built


ENTERED = ("sea", "coast", "virtual")


def land_sides(b: Built) -> set[Hexside]:
    """Hexsides between two water hexes that no water of both hexes' main pieces crosses."""
    grid, layout = b.grid, b.grid.layout
    out: set[Hexside] = set()
    for side in grid.hexsides():
        h1, h2 = side.hexes
        l1, l2 = b.labels.get(h1), b.labels.get(h2)
        if l1 is None or l2 is None:
            continue
        if b.terrain[l1] not in ENTERED or b.terrain[l2] not in ENTERED:
            continue
        if b.terrain[l1] == "virtual" or b.terrain[l2] == "virtual":
            continue
        seg = LineString(layout.hexside_segment(side))
        w1 = shapely.intersection(seg, b.main_water[l1].buffer(0.01))
        shared = shapely.intersection(w1, b.main_water[l2].buffer(0.01))
        if shared.length < SIDE_WATER_KM:
            out.add(side)
    return out


# ---- places ---------------------------------------------------------------------------------

def hex_at(b: Built, lonlat: LonLat) -> Hex:
    x, y = b.theatre.project(*lonlat)
    return b.grid.layout.from_pixel(x, y)


def place_port(b: Built, p: Port, taken: dict[str, str], sea: set[str]) -> str:
    """The hex of port ``p``: its city's, if ships reach it from the open sea; else the
    coastal hex beside it they reach whose water lies nearest the city."""
    h = hex_at(b, p.at)
    label = b.labels[h]
    if label not in sea or label in taken:
        city = Point(b.theatre.project(*p.at))
        near = [n for n in h.neighbours() if b.labels.get(n) in sea
                and b.labels[n] not in taken]
        if not near:
            raise SystemExit(f"{p.name}: no free coastal hex at or beside {label}"
                             f" ({taken.get(label, 'land')})")
        label = b.labels[min(near, key=lambda n: b.main_water[b.labels[n]].distance(city))]
    if b.terrain[label] == "sea":
        b.terrain[label] = "coast"
    taken[label] = p.name
    return label


def water_graph(b: Built, closed: set[Hexside] = frozenset()) -> dict[str, list[str]]:  # type: ignore[assignment]
    out: dict[str, list[str]] = {}
    for side in b.grid.hexsides():
        h1, h2 = side.hexes
        l1, l2 = b.labels.get(h1), b.labels.get(h2)
        if l1 is None or l2 is None or side in b.land_sides or side in closed:
            continue
        if b.terrain[l1] in ENTERED and b.terrain[l2] in ENTERED:
            out.setdefault(l1, []).append(l2)
            out.setdefault(l2, []).append(l1)
    return out


def reach(graph: dict[str, list[str]], starts: Iterable[str]) -> dict[str, int]:
    seen = {s: 0 for s in starts}
    todo = deque(seen)
    while todo:
        here = todo.popleft()
        for n in graph.get(here, ()):
            if n not in seen:
                seen[n] = seen[here] + 1
                todo.append(n)
    return seen


def crossing_sides(b: Built, line: LineString, water_only: bool = True) -> list[Hexside]:
    """The hexsides whose centre-to-centre segment ``line`` crosses."""
    out = []
    layout = b.grid.layout
    for side in b.grid.hexsides():
        h1, h2 = side.hexes
        l1, l2 = b.labels.get(h1), b.labels.get(h2)
        if l1 is None or l2 is None:
            continue
        seg = LineString([layout.to_pixel(h1), layout.to_pixel(h2)])
        if not seg.intersects(line):
            continue
        wet = (b.terrain[l1] in ENTERED and b.terrain[l2] in ENTERED
               and side not in b.land_sides)
        if wet == water_only:
            out.append(side)
    return out


def passage_sides(b: Built, pas: Passage) -> list[Hexside]:
    """A strait's hexsides: the water ones its line across crosses. A canal's: those between
    the hexes its course runs through, in order (opened: the canal is their water)."""
    if pas.kind != "canal":
        return crossing_sides(b, _line(b.theatre, pas.across))
    chain: list[Hex] = []
    course = _line(b.theatre, pas.across)
    steps = max(2, int(course.length / 2.0))
    for i in range(steps + 1):
        at = course.interpolate(course.length * i / steps)
        h = b.grid.layout.from_pixel(at.x, at.y)
        if not chain or chain[-1] != h:
            chain.append(h)
    sides = []
    for a, c in itertools.pairwise(chain):
        if c not in a.neighbours():
            raise SystemExit(f"{pas.name}: {b.labels[a]} and {b.labels[c]} are not neighbours")
        side = Hexside.between(a, c)
        b.land_sides.discard(side)
        sides.append(side)
    return sides


def side_id(b: Built, side: Hexside) -> str:
    a, c = sorted(b.labels[h] for h in side.hexes)
    return f"{a}|{c}"


def feature(fid: str, kind: str, geometry: Any = None, **props: Any) -> dict[str, Any]:
    return {"type": "Feature", "id": fid, "properties": {"kind": kind, **props},
            "geometry": geometry}


def document(t: Theatre) -> dict[str, Any]:
    b = build(t)
    features: list[dict[str, Any]] = []
    sides_of = {pas.id: passage_sides(b, pas) for pas in t.passages}
    sea = set(reach(water_graph(b), [b.labels[hex_at(b, p)] for p in t.open_sea]))
    taken: dict[str, str] = {}
    port_hex: dict[str, str] = {}
    for p in t.ports:
        port_hex[p.id] = place_port(b, p, taken, sea)

    def where(item: LonLat | str) -> str:
        if isinstance(item, str):
            return port_hex[item]
        return b.labels[hex_at(b, item)]

    passages: list[dict[str, Any]] = []
    closed: set[Hexside] = set()
    suez_control: list[str] = []
    for pas in t.passages:
        sides = sides_of[pas.id]
        if not sides:
            raise SystemExit(f"{pas.name}: the line across it crosses no water hexside")
        closed |= set(sides)
        control = [h for c in pas.control
                   for h in (banks(b, t, c[6:]) if isinstance(c, str) and c.startswith("banks:")
                             else [where(c)])]
        if pas.id == "suez-canal":
            control = suez_control = canal_banks(b, t)
        props: dict[str, Any] = {"name": pas.name, pas.kind: True,
                                 "hexsides": sorted(side_id(b, s) for s in sides)}
        if control:
            props["control"] = list(dict.fromkeys(control))
        if pas.friendly_or_neutral:
            props["friendly_or_neutral"] = list(dict.fromkeys(
                where(c) for c in pas.friendly_or_neutral))
        if pas.note:
            props["note"] = pas.note
            if pas.note.startswith("AW-"):  # the clause a refusal names (docs/awaw-routes.md)
                props["clause"] = pas.note.split(":")[0]
        passages.append(feature(pas.id, "hexsides", **props))
    graph = water_graph(b, closed)
    for pas in t.passages:
        if pas.sides is None:
            continue
        one, other = (where(s) for s in pas.sides)
        if other in reach(graph, [one]):
            raise SystemExit(f"{pas.name}: {one} and {other} still meet with every strait "
                             "and canal closed")
    places = islands(b, t)
    for label, terrain in sorted(b.terrain.items(), key=lambda kv: _order(kv[0])):
        if terrain != "sea":
            features.append(feature(f"h{label}", "hex", label=label, terrain=terrain))
    for p in t.ports:
        props: dict[str, Any] = {"hex": port_hex[p.id], "name": p.name,
                                 "capacity": p.capacity, **p.extra}
        if "requires" in props:  # hexes that must be held to sail in or out (AW-34)
            props["requires"] = [where(c) for c in props["requires"]]
        features.append(feature(p.id, "port", **props))
    features += boxes(b, t, port_hex)
    features += passages
    if b.land_sides:
        features.append(feature(
            "land-sides", "hexsides", name="Land between coastal hexes",
            features=["land"], hexsides=sorted(side_id(b, s) for s in b.land_sides),
            note="No water of either hex crosses these hexsides: ships never cross them."))
    features += rivers(b, t)
    features += fronts(b, t, port_hex, suez_control)
    features += places
    rule_props(features)
    header = {"schema": 1, "id": t.map_id, "kind": "hex", "title": t.title,
              "units": "km (equirectangular: x scaled by cos "
                       f"{t.parallel:g}°, y grows southward)",
              "theatre": t.theatre, "attribution": ATTRIBUTION,
              "projection": {"lon0": t.lon0, "lat_top": t.lat1,
                             "km_per_degree": KM_PER_DEG, "x_scale": round(t.kx, 6)},
              "hex": {"cols": b.grid.cols, "rows": b.grid.rows,
                      "size": round(t.size, 6), "orientation": "flat", "offset": "odd-q",
                      "origin": [round(v, 6) for v in b.grid.layout.origin],
                      "labels": "ccrr", "terrain": "sea"}}
    return {"type": "FeatureCollection", "mineboard": header, "features": features}


def _order(label: str) -> tuple[int, int]:
    half = len(label) // 2
    return int(label[:half]), int(label[half:])


def banks(b: Built, t: Theatre, channel: str) -> list[str]:
    """The two hexes with land nearest the middle of a narrow channel: its two shores
    (the four strait land hexes of the Turkish Straits are the Bosporus' and the
    Dardanelles', AW-15)."""
    line = _line(t, next(c for name, c, _w in t.channels if name == channel))
    middle = line.interpolate(0.5, normalized=True)
    near = sorted((Polygon(b.grid.layout.corners(h)).distance(line),
                   middle.distance(Point(b.grid.layout.to_pixel(h))), label)
                  for h, label in b.labels.items() if b.terrain[label] in ("coast", "land"))
    return [label for _d, _m, label in near[:2]]


def canal_banks(b: Built, t: Theatre) -> list[str]:
    """Every hex with land that lies next to the Suez canal (AW-39)."""
    line = _line(t, next(c for name, c, _w in t.channels if name == "Suez Canal"))
    out = []
    for h, label in b.labels.items():
        if b.terrain[label] == "sea":
            continue
        cell = Polygon(b.grid.layout.corners(h))
        if cell.distance(line) < 0.15 * t.size:
            out.append(label)
    return sorted(out, key=_order)


def edge_hexes(b: Built, edge: str, spans: Sequence[tuple[float, float]]) -> list[str]:
    grid, t = b.grid, b.theatre
    out = []
    for h, label in b.labels.items():
        col, row = _order(label)
        if edge == "west":
            ok = col == t.virtual_cols + 1
        elif edge == "east":
            ok = col == grid.cols
        else:
            ok = row == grid.rows
        if not ok or b.terrain[label] not in ("sea", "coast"):
            continue
        if spans:
            x, y = grid.layout.to_pixel(h)
            value = (t.lat1 - y / KM_PER_DEG) if edge in ("west", "east") \
                else t.lon0 + x / t.kx
            if not any(lo <= value <= hi for lo, hi in spans):
                continue
        out.append(label)
    return sorted(out, key=_order)


def boxes(b: Built, t: Theatre, port_hex: dict[str, str]) -> list[dict[str, Any]]:
    out = []
    for spec in t.boxes:
        links: dict[str, int] = {}
        if spec.edge is not None:
            for label in edge_hexes(b, spec.edge, spec.span):
                links[label] = spec.link_cost
        for target, cost in spec.entries:
            if isinstance(target, str):
                links[target] = cost
            else:
                label = b.labels[hex_at(b, target)]
                if b.terrain[label] not in ENTERED:
                    raise SystemExit(f"{spec.name}: entry {target} lies in {label}, land")
                links[label] = cost
        costs = set(links.values())
        link_cost: Any = costs.pop() if len(costs) == 1 else links
        x, y = t.project(*spec.at)
        out.append(feature(spec.id, "box", {"type": "Point",
                                            "coordinates": [round(x, 2), round(y, 2)]},
                           name=spec.name, role=spec.role, links=list(links),
                           link_cost=link_cost, **spec.extra))
    # a link two boxes both list is one link: keep it on the first
    seen: set[frozenset[str]] = set()
    for f in out:
        props = f["properties"]
        for target in list(props["links"]):
            pair = frozenset((f["id"], target))
            if pair in seen:
                props["links"].remove(target)
                if isinstance(props["link_cost"], dict):
                    props["link_cost"].pop(target, None)
            seen.add(pair)
    return out


def rivers(b: Built, t: Theatre) -> list[dict[str, Any]]:
    """A river's lower course: the hexsides it crosses that no water crosses (a river is
    never sailed, AW-40; its mouth's open water stays open to ships passing along the
    coast)."""
    out = []
    for r in t.rivers:
        sides = crossing_sides(b, _line(t, r.course), water_only=False)
        if sides:
            out.append(feature(f"river-{r.id}", "hexsides", name=f"{r.name} (river)",
                               features=["river"],
                               hexsides=sorted(side_id(b, s) for s in sides)))
    return out


def fronts(b: Built, t: Theatre, port_hex: dict[str, str], canal: list[str]
           ) -> list[dict[str, Any]]:
    """Every sea and coastal hex's water front (AW-11, AW-244): spread from seed points over
    the water, never across the passages that part two fronts."""
    if not t.fronts:
        return []
    cuts: set[Hexside] = set()
    for pas in t.passages:
        if pas.id in t.front_parts:
            cuts |= set(passage_sides(b, pas))
    for a, c in t.front_cuts:
        cuts |= set(crossing_sides(b, _line(t, [a, c])))
    graph = water_graph(b, cuts)
    owner: dict[str, str] = {}
    todo: deque[str] = deque()
    for fid, _name, seeds in t.fronts:
        for seed in seeds:
            label = b.labels[hex_at(b, seed)]
            owner.setdefault(label, fid)
            todo.append(label)
    while todo:
        here = todo.popleft()
        for n in graph.get(here, ()):
            if n not in owner:
                owner[n] = owner[here]
                todo.append(n)
    # water cut off from every seed (a lake the coastline keeps): its nearest front's
    by_hex = {lab: h for h, lab in b.labels.items()}
    centre = b.grid.layout.to_pixel
    owned = [(centre(by_hex[lab]), f) for lab, f in owner.items()]
    for lab, ter in b.terrain.items():
        if ter in ENTERED and lab not in owner:
            here = centre(by_hex[lab])
            owner[lab] = min(owned, key=lambda o: math.dist(o[0], here))[1]
    out = []
    for fid, name, _seeds in t.fronts:
        places = sorted((lab for lab, f in owner.items() if f == fid), key=_order)
        out.append(feature(fid, "region", name=name, front=fid, places=places))
    virtual = sorted((lab for lab, ter in b.terrain.items() if ter == "virtual"), key=_order)
    if virtual:
        out.append(feature("virtual", "region", name="Virtual hexes (off the west edge)",
                           virtual=True, places=virtual))
    return out


def islands(b: Built, t: Theatre) -> list[dict[str, Any]]:
    out = []
    land_parts = [p for p in shapely.get_parts(b.land)]
    tree = STRtree(land_parts)
    for isl in t.islands:
        shapes = []
        for lonlat in isl.at:
            pt = Point(t.project(*lonlat))
            hits = tree.query(pt, predicate="intersects")
            if len(hits):
                shapes.append(land_parts[hits[0]])
            else:  # an atoll smaller than the coastline's detail: its hex alone
                shapes.append(pt.buffer(0.01))
        body = shapely.union_all(shapes)
        hexes = sorted({lab for h, lab in b.labels.items() if b.terrain[lab] != "sea"
                        and Polygon(b.grid.layout.corners(h)).intersects(body)}, key=_order)
        if isl.island == "one-hex" and len(hexes) > 1:  # the hex holding most of it
            by_label = {lab: h for h, lab in b.labels.items()}
            hexes = [max(hexes, key=lambda lab: Polygon(b.grid.layout.corners(
                by_label[lab])).intersection(body).area)]
        props: dict[str, Any] = {"name": isl.name, "places": hexes}
        if isl.island:
            props["island"] = isl.island
        if isl.group:
            props["group"] = isl.group
        out.append(feature(isl.id, "region", **props))
    for g in t.groups:
        x0, y0 = t.project(g.bbox[0], g.bbox[3])
        x1, y1 = t.project(g.bbox[2], g.bbox[1])
        area = box(x0, y0, x1, y1)
        body = shapely.intersection(b.land, area)
        hexes = sorted({lab for h, lab in b.labels.items() if b.terrain[lab] != "sea"
                        and Polygon(b.grid.layout.corners(h)).intersects(body)}, key=_order)
        if not hexes:  # atolls too small for the coastline: the hex at the box's middle
            hexes = [b.labels[hex_at(b, ((g.bbox[0] + g.bbox[2]) / 2,
                                          (g.bbox[1] + g.bbox[3]) / 2))]]
        out.append(feature(f"group-{g.id}", "region", name=g.name, group=g.id,
                           places=hexes))
    return out


BOX_RULES: dict[str, dict[str, Any]] = {
    "atlantic-us": {"serves": "western", "clause": "AW-41", "front": "western",
                    "base_changes": {"boxes": ["south-africa", "pacific-us"],
                                     "front": "western"}},
    "pacific-us": {"serves": "western", "clause": "AW-41",
                   "base_changes": {"boxes": ["atlantic-us", "australia"],
                                    "ports": ["pearl-harbor", "dutch-harbor", "papeete"],
                                    "built_in": ["hawaiian", "society"]}},
    "south-africa": {"serves": "western", "clause": "AW-44"},
    "india": {"serves": "western", "clause": "AW-44"},
    "australia": {"serves": "western", "clause": "AW-44"},
}
"""What the movement rules read off each box (docs/awaw-routes.md): the Western Allies
alone use them (AW-41, AW-44), and a U.S. box's base changes go only where AW-41 lists."""


def rule_props(features: list[dict[str, Any]]) -> None:
    """The rules' data on the boxes and the Pacific groups: the boxes' service and links
    (AW-41, AW-44), the Hawaiian Islands' and Japan's longer first legs (AW-83, AW-86,
    AW-228) and their shortest routes to the Aleutians free of limits (AW-84, AW-87)."""
    by_id = {f["id"]: f for f in features}
    for box_id, extra in BOX_RULES.items():
        if box_id in by_id:
            by_id[box_id]["properties"].update(extra)

    def island(fid: str) -> list[str]:
        return list(by_id[fid]["properties"]["places"]) if fid in by_id else []

    hawaii = by_id.get("group-hawaiian")
    if hawaii is not None:
        midway_johnston = island("midway-island") + island("johnston-island")
        hawaii["properties"].update(
            first_leg=[{"for": "western", "needs": midway_johnston, "hexes": 15,
                        "clause": "AW-83"},
                       {"for": "western", "needs": midway_johnston + island("wake-island"),
                        "hexes": 20, "clause": "AW-83"}],
            exempt_to=[{"group": "aleutians", "for": "western", "clause": "AW-84"}])
    japan = by_id.get("group-japan")
    if japan is not None:
        japan["properties"].update(
            first_leg=[{"for": "Japan", "needs": [], "hexes": 20, "clause": "AW-86",
                        "not_toward": ["midway"],
                        "not_toward_by_option": ["johnston", "hawaiian"]}],
            exempt_to=[{"group": "aleutians", "for": "Japan", "clause": "AW-87"}])


# ---- writing --------------------------------------------------------------------------------

def dump(doc: dict[str, Any]) -> str:
    """One feature per line: diffs stay readable and the file stays small."""
    head = {k: v for k, v in doc.items() if k != "features"}
    lines = [json.dumps(f, separators=(",", ":"), ensure_ascii=False) for f in doc["features"]]
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    return text + ',\n "features": [\n' + ",\n".join(lines) + "\n ]\n}\n"


def text(t: Theatre) -> str:
    doc = document(t)
    board_from_json(doc, t.map_id)  # a map that does not load is not written
    return dump(doc)


def main(argv: list[str]) -> int:
    stale = 0
    for t in THEATRES:
        out = ROOT / "maps" / f"{t.map_id}.geojson"
        made = text(t)
        if "--check" in argv:
            same = out.exists() and out.read_text(encoding="utf-8") == made
            print(f"{out}: {'up to date' if same else 'differs from what the tool makes'}")
            stale += not same
            continue
        out.write_text(made, encoding="utf-8")
        doc = json.loads(made)
        grid = doc["mineboard"]["hex"]
        kinds: dict[str, int] = {}
        for f in doc["features"]:
            kinds[f["properties"]["kind"]] = kinds.get(f["properties"]["kind"], 0) + 1
        print(f"wrote {out}: {grid['cols']} × {grid['rows']} hexes, {kinds}, "
              f"{len(made) // 1024} KB")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
