"""The graph-of-places model every map kind loads into.

Places are nodes (sea zones, land territories, hexes, ports, off-board boxes, star
systems); ways are edges (naval lines, coasts, land borders, hexsides, berths, box links,
jump routes). Geometry rides along for drawing and hit-testing but the rules only ever ask
the graph. Named sets sit beside the graph: edge sets (a strait's hexsides, a shaded band)
and regions (fronts, theatres, zones).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mineboard.core.places import PlaceRef
from mineboard.maps.hexgrid import HexGrid, Hexside

if TYPE_CHECKING:  # the rules' headless paths (``mineboard odds``) never load either
    import networkx as nx
    from shapely.geometry.base import BaseGeometry

SEA_ZONE = "sea_zone"
LAND = "land"
SYSTEM = "system"
HEX = "hex"
PORT = "port"
BOX = "box"

NAVAL_LINE = "naval_line"
COAST = "coast"
BORDER = "border"
ROUTE = "route"
HEXSIDE = "hexside"
BERTH = "berth"  # a port to the hex it lies in
BOX_LINK = "box_link"  # an off-board box to a hex, a port or another box

# Feature kinds that are not places: named sets of hexsides and of places, painted terrain.
HEXSIDES = "hexsides"
TERRAIN = "terrain"  # a wood, a village, a road, a stream painted on a hex map

_WAY_WORDS = {NAVAL_LINE: "line", HEXSIDE: "hexside", ROUTE: "route", BERTH: "berth",
              BOX_LINK: "link"}
REGION = "region"


def place_sort_key(place_id: str) -> tuple[int, int, str, str]:
    """Numbers in numeric order, then names: zone 91 before zone 110 before 'GER'.

    Any string has a key, and two strings never share one (so :func:`way_id` names a way
    one way only): '²' and '٣' are digits to ``str.isdigit`` but not numbers here, and a
    number of thousands of digits is ordered by its length, never handed to ``int()``;
    '0110' comes just before '110'.
    """
    if place_id.isascii() and place_id.isdigit():
        digits = place_id.lstrip("0")
        return (0, len(digits), digits, place_id)
    return (1, 0, place_id, "")


def way_id(a: str, b: str) -> str:
    """The canonical id of the way between two places: '110|112' whichever way round."""
    return f"{a}|{b}" if place_sort_key(a) <= place_sort_key(b) else f"{b}|{a}"


@dataclass(slots=True)
class Place:
    id: str
    kind: str
    name: str
    geometry: BaseGeometry | None = None
    props: Mapping[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """What is printed on the map: a zone's number, a territory's or a system's name."""
        return str(self.props.get("label", self.id if self.kind == SEA_ZONE else self.name))


@dataclass(slots=True)
class Way:
    id: str
    kind: str
    a: str
    b: str
    geometry: BaseGeometry | None = None
    props: Mapping[str, Any] = field(default_factory=dict)

    def other(self, place_id: str) -> str:
        return self.b if place_id == self.a else self.a


@dataclass(frozen=True, slots=True)
class EdgeSet:
    """A named set of ways: a strait's hexsides, a river, a shaded band of the ring."""

    id: str
    name: str
    ways: tuple[str, ...]  # way ids, in the order the map lists them
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Region:
    """A named set of places: a front, a theatre, a zone."""

    id: str
    name: str
    places: tuple[str, ...]  # place ids, in the order the map lists them
    props: Mapping[str, Any] = field(default_factory=dict)


def drawn_as_area(place: Place) -> bool:
    """A place drawn as an area, so its label goes inside it."""
    return place.geometry is not None and place.geometry.geom_type in ("Polygon",
                                                                       "MultiPolygon")


def _networkx() -> Any:
    """networkx, imported on first use: half of what a command that never opens a map
    would otherwise spend starting up."""
    import networkx

    return networkx


@dataclass(slots=True)
class BoardMap:
    id: str
    kind: str  # "area", "hex" or "point"
    title: str
    places: dict[str, Place]
    ways: dict[str, Way]
    content_hash: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)
    grid: HexGrid | None = None  # the hex grid of a hex map; None on area and point maps
    edge_sets: dict[str, EdgeSet] = field(default_factory=dict)
    regions: dict[str, Region] = field(default_factory=dict)
    # Maps the header names under "related" (e.g. "strategic"), resolved by maps.loading;
    # board_from_json alone leaves this empty.
    related: dict[str, BoardMap] = field(default_factory=dict)

    _graph: nx.Graph | None = field(default=None, init=False, repr=False, compare=False)
    _labels: dict[str, tuple[float, float]] | None = field(default=None, init=False,
                                                          repr=False, compare=False)
    _adjacent: dict[str, dict[str, Way]] | None = field(default=None, init=False, repr=False,
                                                          compare=False)

    @property
    def adjacent(self) -> dict[str, dict[str, Way]]:
        """Place → neighbour → the way between them: what drawing and the rules ask most,
        in plain dicts (no networkx to load for it)."""
        if self._adjacent is None:
            adjacent: dict[str, dict[str, Way]] = {p: {} for p in self.places}
            for way in self.ways.values():
                adjacent.setdefault(way.a, {})[way.b] = way
                adjacent.setdefault(way.b, {})[way.a] = way
            self._adjacent = adjacent
        return self._adjacent

    @property
    def graph(self) -> nx.Graph:
        """The places joined by the ways, as a networkx graph built on first use: importing
        networkx is a fifth of the program's start, and nothing before the first frame
        asks for a path (the window warms it up once the board is shown)."""
        if self._graph is None:
            graph = _networkx().Graph()
            graph.add_nodes_from(self.places)
            for way in self.ways.values():
                graph.add_edge(way.a, way.b, way=way.id, kind=way.kind)
            self._graph = graph
        return self._graph

    def label_points(self) -> dict[str, tuple[float, float]]:
        """Where each area place's number or name is printed (see maps.labels), found on
        first use and kept with the map's parse cache: a fiftieth of the program's start."""
        if self._labels is None:
            from mineboard.maps.labels import label_points  # shapely.ops: not before a map

            self._labels = label_points({p.id: p.geometry for p in self.places.values()
                                         if p.geometry is not None and drawn_as_area(p)})
        return self._labels

    def remember_label_points(self, points: Mapping[str, tuple[float, float]]) -> None:
        """Label points found by an earlier load of this same map file (its parse cache);
        places they miss get theirs on first use."""
        if set(points) >= {p.id for p in self.places.values() if drawn_as_area(p)}:
            self._labels = dict(points)

    def __deepcopy__(self, memo: dict[int, Any]) -> BoardMap:
        """Maps never change during a game, so game-state snapshots share one."""
        return self

    @property
    def accepted_hashes(self) -> frozenset[str]:
        """The content hashes a save may have been made on: this version, and the earlier
        versions the header's ``replaces`` lists (a map whose places and ways did not
        change, re-written in a newer format)."""
        earlier = self.meta.get("replaces", [])
        olds = [h for h in earlier if isinstance(h, str)] if isinstance(earlier, list) else []
        return frozenset([self.content_hash, *olds])

    def place(self, place_id: str) -> Place:
        return self.places[place_id]

    def ref(self, ident: str) -> PlaceRef:
        """The reference events and the window use for place or way ``ident``, named as a
        player reads the map ("sea zone 110", "line 110|112", "hex 0405", "Lumen")."""
        place = self.places.get(ident)
        if place is not None:
            if place.kind == SEA_ZONE:
                name = f"sea zone {place.label}"
            elif place.kind == HEX:
                name = f"hex {ident}"
            else:
                name = place.name
            return PlaceRef(place.kind, ident, name)
        way = self.ways[ident]
        return PlaceRef(way.kind, ident, f"{_WAY_WORDS.get(way.kind, way.kind)} {ident}")

    def places_of(self, kind: str) -> Iterator[Place]:
        return (p for p in self.places.values() if p.kind == kind)

    def ways_of(self, kind: str) -> Iterator[Way]:
        return (w for w in self.ways.values() if w.kind == kind)

    def way_between(self, a: str, b: str) -> Way | None:
        return self.ways.get(way_id(a, b))

    def neighbours(self, place_id: str, way_kind: str | None = None) -> list[str]:
        out = [n for n, way in self.adjacent[place_id].items()
               if way_kind is None or way.kind == way_kind]
        return sorted(out, key=place_sort_key)

    def subgraph(self, way_kind: str | Collection[str]) -> nx.Graph:
        """The places joined by one kind of way (e.g. the sea zones and their naval lines),
        or by any of several kinds."""
        kinds = {way_kind} if isinstance(way_kind, str) else set(way_kind)
        edges = [(a, b) for a, b, k in self.graph.edges(data="kind") if k in kinds]
        return self.graph.edge_subgraph(edges)

    def shortest_path(self, a: str, b: str,
                      way_kind: str | Collection[str] | None) -> list[str] | None:
        """The fewest ways from ``a`` to ``b`` over ways of these kinds (None: any way)."""
        graph = self.graph if way_kind is None else self.subgraph(way_kind)
        try:
            path: list[str] = _networkx().shortest_path(graph, a, b)
        except (_networkx().NetworkXNoPath, _networkx().NodeNotFound):
            return None
        return path

    def edge_set_hexsides(self, set_id: str) -> list[Hexside]:
        """The hexsides of an edge set of a hex map, to draw it or measure from it."""
        if self.grid is None:
            raise ValueError(f"map {self.id} has no hex grid")
        grid = self.grid
        return [grid.hexside_between(*way.split("|")) for way in self.edge_sets[set_id].ways]
