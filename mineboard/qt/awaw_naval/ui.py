"""How an awaw-naval view is drawn: fleets by port and box, each port's load against its
capacity, which straits and canals are open to each side, who holds the hexes they hang
on, and the fronts (the map's regions).

Everything comes from the view (no secrets: fleets lie face up), and each thing differs by
form and words, never by colour alone:

- ships: a stack per side at its port or box (the side to move clicks its own); the top
  counter names its nation's code and its id ("GB HF1") over its type and factors
  ("Battleship 18"), the tooltip and the Selection dock its name and task force; badges:
  Inv inverted, D damaged, U unusable (AW-04), R waiting for repair (AW-06), N built this
  turn (AW-74), S impaired by supply, TF in a task force (AW-65);
- a port: a white tag by its anchor — the holder's code on its colour, the name and the
  load, "Skarth 44/50" (red edge and "over" past its capacity, AW-04);
- a strait or canal: its hexsides stroked green (open to the side to move) or red dashed
  (closed), and a tag under its name saying for each side "open" or "closed" with the
  hexes it needs (AW-13, AW-28: control when the phase began, AW-245);
- a hex a strait, canal or island hangs on: a chip with its holder's code;
- a force at sea (a patrol, a carrier mission, an invasion and its bombardment, a
  transport, an interception, a raider group in its SW box): its own stack where it is —
  the hex of its activity, or the box — every counter badged "≈" (at sea), with a tag under it
  in a dashed frame, "≈ GB at sea: Patrol", the nations' codes on their colours; its
  tooltip names the operation, the activity, the ships and the ports they sailed from.
  It is no longer drawn at its port, but the port still counts it (AW-97): the port's
  tooltip says which of its factors are at sea and where.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QVBoxLayout, QWidget

from mineboard.core.actions import Action
from mineboard.core.words import count_of
from mineboard.maps.model import BoardMap, EdgeSet
from mineboard.qt import palette
from mineboard.qt.docks import WrappedLabel
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.items import (
    LINE_Z,
    PATH_Z,
    Art,
    ScreenItem,
    TextItem,
    TextStyle,
    compose,
    font_of,
)
from mineboard.qt.maps.picture import INVERTED, Picture, StackMark, Status, UnitMark
from mineboard.qt.maps.scene import Colours, MapScene
from mineboard.qt.plugin import RulesetUI, UnitRow, move_hint, stacks
from mineboard.rules.awaw_naval import planning
from mineboard.rules.awaw_naval.data import activity_table
from mineboard.rules.awaw_naval.invasion_orders import landings
from mineboard.rules.awaw_naval.ledger import Operation
from mineboard.rules.awaw_naval.raid_groups import raids
from mineboard.rules.awaw_naval.state import MOVEMENT, NEUTRAL, PHASE_START, AwState, Ship

DAMAGED = Status("damaged", "D")
UNUSABLE = Status("unusable (overstacked, AW-04)", "U")
REPAIR = Status("waiting for repair (AW-06)", "R")
NEW = Status("built this turn (AW-74)", "N")
IMPAIRED = Status("impaired by supply (AW-63)", "S")
AT_SEA = Status("at sea", "≈")
"""Waves, one glyph: beside "Inv" (every ship at sea is inverted, AW-64) the badge stays short."""

ART = {"battleship": "battleship", "fast_battleship": "battleship",
       "battlecruiser": "battleship", "cruiser": "cruiser", "destroyer": "destroyer",
       "carrier": "escort", "cve": "escort", "asw": "escort", "submarine": "submarine",
       "transport": "transport"}
"""Ship type → silhouette (assets/art/units); carriers and ASW share the escort's."""

CODES = {"Britain": "GB", "USSR": "SU", "Germany": "DE", "Italy": "IT", "France": "FR",
         "Free France": "FF", "USA": "US", "Japan": "JP"}
NATION_COLOURS = {"Britain": "#E69F00", "USSR": "#D55E00", "Germany": "#5A5A5A",
                  "Italy": "#009E73", "France": "#0072B2", "Free France": "#56B4E9",
                  "USA": "#CC79A7", "Japan": "#F0E442"}
"""Okabe–Ito colours for the nations, each also written as its code."""
NEUTRAL_COLOUR = "#FFFFFF"

KEY = ("Key — port tags: holder, port, load/capacity (red and \"over\" past it, AW-04). "
       "Straits and canals: green open, red dashes closed to the side to move (AW-28). "
       "Chips: who holds a hex. Badges: Inv inverted, D damaged, U unusable, R repair, "
       "N new, S supply, TF task force, ≈ at sea (its dashed tag says whose and doing "
       "what; its port still counts it, AW-97). Purple arrows: base changes to declare; dark red "
       "dash-dots: a route the other side may intercept on. F1: more.")


def code_of(nation: str) -> str:
    return CODES.get(nation, palette.nation_code(nation))


def nation_colour(nation: str) -> QColor:
    if nation == NEUTRAL:
        return QColor(NEUTRAL_COLOUR)
    return QColor(NATION_COLOURS.get(nation, palette.nation_colour(nation).name()))


# ---- what the picture holds besides the stacks -------------------------------------------
@dataclass(frozen=True)
class PortMark:
    port: str
    name: str
    holder: str
    load: int
    capacity: int
    tip: str = ""
    at_sea: int = 0
    """Factors of its load at sea (AW-97): the tag says so, as its stack is elsewhere."""

    @property
    def over(self) -> bool:
        return self.load > self.capacity


@dataclass(frozen=True)
class StraitMark:
    edge_set: str
    name: str
    open_to: tuple[tuple[str, bool], ...]
    """(side, open) for each side, in turn order."""
    viewer_open: bool
    tip: str = ""


@dataclass(frozen=True)
class HeldMark:
    hex: str
    holder: str
    tip: str = ""


@dataclass(frozen=True)
class MovingMark:
    """A force that just moved and may be intercepted: its route, and whose it is."""

    places: tuple[str, ...]
    tip: str


@dataclass(frozen=True)
class SeaMark:
    """A side's forces at sea at one hex or box: whose ships (their nations, in the order
    met) and what they are doing there, for the tag under their stack."""

    place: str
    side: str
    nations: tuple[str, ...]
    doing: str
    """The activities' short names, "Patrol" or "Invasion + Bombardment"."""
    tip: str = ""


@dataclass
class AwPicture(Picture):
    ports: list[PortMark] = field(default_factory=list)
    straits: list[StraitMark] = field(default_factory=list)
    held: list[HeldMark] = field(default_factory=list)
    moving: list[MovingMark] = field(default_factory=list)
    sea: list[SeaMark] = field(default_factory=list)


# ---- words -----------------------------------------------------------------------------
def ship_status(ship: Ship, at_sea: bool = False) -> tuple[Status, ...]:
    out = [AT_SEA] if at_sea else []
    if ship.inverted:
        out.append(INVERTED)
    if ship.damaged:
        out.append(DAMAGED)
    if ship.unusable:
        out.append(UNUSABLE)
    if ship.row == "waiting_repair":
        out.append(REPAIR)
    if ship.new:
        out.append(NEW)
    if ship.impaired:
        out.append(IMPAIRED)
    if ship.tf:  # the task force's members read TF in an opened stack (AW-65)
        out.append(Status(f"in task force {ship.tf}", "TF"))
    return tuple(out)


def ship_words(view: AwState, ship: Ship) -> str:
    """"GB HF1: battleship, 18 factors, TF Home Fleet, inverted" — as the counter reads it,
    short enough for one line of the Selection dock (its own name where the task force's
    is not the same)."""
    kind = view.ship_type(ship).name.lower()
    states = [s.word for s in ship_status(ship) if s.letter != "TF"]
    tf = [f"TF {ship.tf}"] if ship.tf else []
    name = f" {ship.name}" if ship.name and ship.name != ship.tf else ""
    return (f"{code_of(ship.nation)} {ship.id}{name}: {kind}, "
            f"{count_of(ship.factors, 'factor')}" + "".join(f", {w}" for w in (*tf, *states)))


def straits_of(board: BoardMap) -> list[EdgeSet]:
    return [s for s in board.edge_sets.values()
            if s.props.get("strait") or s.props.get("canal")]


def open_to(view: AwState, edge_set: EdgeSet, side: str) -> bool:
    """Whether ``side`` may pass: every hex it needs held by ``side`` when the phase began
    (AW-13, AW-28, AW-245); a ``friendly_or_neutral`` hex may also be held by nobody.
    (The routes part judges routes; this only says it on the map.)"""
    need = [str(h) for h in edge_set.props.get("control", ()) or ()]
    either = [str(h) for h in edge_set.props.get("friendly_or_neutral", ()) or ()]
    return all(view.friendly(h, side, PHASE_START) for h in need) and all(
        view.friendly(h, side, PHASE_START) or view.controller(h, PHASE_START) == NEUTRAL
        for h in either)


SHORT = {"invasion": "Invasion", "shore_bombardment": "Bombardment",
         "carrier_mission": "Carrier strike", "sea_transport": "Transport",
         "sea_escort": "Escort", "supply_protection": "Supply escort"}
"""An activity's name on a tag at sea, where the whole name would not fit far out."""


def activity_name(activity: str) -> str:
    found = activity_table().activities.get(activity)
    return found.name if found is not None else activity.replace("_", " ")


def where_words(view: AwState, place: str) -> str:
    found = view.board.places.get(place)
    if found is not None and found.kind == "hex":
        return f"hex {place}"
    return planning.base_name(view, place)


def at_sea_from(view: AwState, port: str) -> list[tuple[Operation, list[Ship]]]:
    """The port's ships at sea, by operation: still counted in its load (AW-97)."""
    out: dict[str, tuple[Operation, list[Ship]]] = {}
    for ident, op in view.ledger.at_sea().items():
        ship = view.ships.get(ident)
        if ship is not None and ship.base == port and not ship.eliminated:
            out.setdefault(op.id, (op, []))[1].append(ship)
    return list(out.values())


def port_mark(view: AwState, port: str) -> PortMark:
    hex_id = view.port_hex(port) or ""
    holder = view.controller(hex_id) if hex_id else NEUTRAL
    load, cap = planning.load(view, port), planning.capacity(view, port) or 0
    name = planning.base_name(view, port)
    place = view.board.places.get(port)
    extra = []
    if place is not None and place.props.get("ports") == 2:
        extra.append("a two-port hex, counted as one port (AW-02)")
    if place is not None and place.props.get("naval_base"):
        extra.append("naval base")
    fronts = place.props.get("fronts") if place is not None else None
    if isinstance(fronts, list):
        extra.append(f"two-front port: {' and '.join(str(f) for f in fronts)} (AW-16)")
    tip = (f"{name}: {load}/{cap} naval factors based (capacity {cap}, AW-01)"
           + (" — OVER capacity (AW-04)" if load > cap else "")
           + f"; held by {holder}" + "".join(f"; {e}" for e in extra)
           + sea_words(view, port))
    away = sum(s.factors for _, ships in at_sea_from(view, port) for s in ships
               if s.row != "waiting_repair")
    return PortMark(port, name, holder, load, cap, tip, away)


def sea_words(view: AwState, port: str) -> str:
    """"; 35 of them at sea, still counted here (AW-97): op1 Patrol at hex 1405 (HF1 …)"."""
    away = at_sea_from(view, port)
    if not away:
        return ""
    factors = sum(s.factors for _, ships in away for s in ships if s.row != "waiting_repair")
    return (f"; {count_of(factors, 'factor')} of them at sea, still counted here for "
            "capacity (AW-97): " + "; ".join(
                f"{op.id} {activity_name(op.activity)} at "
                f"{where_words(view, planning.sea_place(view, op))} "
                f"({', '.join(s.id for s in ships)})"
                for op, ships in away))


STAGES = {"at_sea": "not landed yet", "landing": "landing: the combat's result awaited",
          "losses": "landed: the invader takes its losses", "done": "landed"}


def op_words(view: AwState, op: Operation) -> str:
    """One operation at sea as its stack's tooltip tells it: what, where, from where, and
    how far it has gone (a raider group's rank, an invasion's stage)."""
    origins = sorted({planning.base_name(view, o) for s, o in op.origins.items()
                      if s in op.at_sea and o})
    text = (f"{op.id}: {activity_name(op.activity)} at {where_words(view, op.target)}"
            f", sailed from {', '.join(origins) or 'its box'}")
    group = raids(view).get(op.id)
    if group is not None:
        text += f"; raider group {group.rank}, {group.status}"
    landing = landings(view).get(op.id)
    if landing is not None:
        troops = ", ".join(f"{u.id} ({u.factors})" for u in landing.units)
        text += f"; troops {troops}; {STAGES.get(landing.stage, landing.stage)}"
        if landing.bombarding:
            text += f"; bombarded by {', '.join(landing.bombarding)}"
    if op.fought:
        text += "; has fought"
    return text



def strait_mark(view: AwState, edge_set: EdgeSet) -> StraitMark:
    sides = tuple((side, open_to(view, edge_set, side)) for side in view.sides)
    need = [str(h) for h in edge_set.props.get("control", ()) or ()]
    held = ", ".join(f"hex {h} ({view.controller(h, PHASE_START)})" for h in need)
    clause = "AW-13" if edge_set.props.get("canal") else "AW-28"
    words = "; ".join(f"{side}: {'open' if ok else 'closed'}" for side, ok in sides)
    tip = (f"{edge_set.name} — {words}. Open to a side that held {held} when the phase "
           f"began ({clause}, AW-245).")
    viewer = dict(sides).get(view.to_move, False)
    return StraitMark(edge_set.id, edge_set.name, sides, viewer, tip)


def key_hexes(view: AwState) -> list[str]:
    """Hexes a strait or canal hangs on, and island hexes."""
    out: dict[str, None] = {}
    for s in straits_of(view.board):
        for key in ("control", "friendly_or_neutral"):
            for h in s.props.get(key, ()) or ():
                out[str(h)] = None
    for region in view.board.regions.values():
        if region.props.get("island"):
            for h in region.places:
                out[h] = None
    ported = {view.port_hex(p) for p in planning.bases_of(view)}
    return [h for h in out if h in view.board.places and h not in ported]


# ---- drawing ---------------------------------------------------------------------------
NUMBER = TextStyle(9, "#6A3D9A", heavy=True, pill=True)
TAG_FILL = QColor(255, 255, 255, 240)
TAG_INK = QColor("#111111")
OVER = QColor("#B00020")
OPEN = QColor("#1B7F3B")
CLOSED = QColor("#C62828")


def _chip(p: QPainter, rect: QRectF, nation: str, code: str) -> None:
    colour = nation_colour(nation)
    p.setPen(QPen(QColor("#333333"), 0.8))
    p.setBrush(colour)
    p.drawRoundedRect(rect, 3, 3)
    p.setPen(palette.ink_for(colour))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, code)


@cache
def port_art(name: str, holder: str, load: int, cap: int, far: bool, ratio: float,
             at_sea: int = 0) -> Art:
    """The holder's chip, the port's name and its load: "Skarth 44/50"; with the part of
    it at sea near enough to read, "Sundport 10/50 · 10 at sea" (AW-97)."""
    font = font_of(7 if far else 8, True)
    metrics = QFontMetricsF(font)
    code = "—" if holder == NEUTRAL else code_of(holder)
    over = load > cap
    text = f"{name} {load}/{cap}" + (" over" if over else "")  # the name even far out
    if at_sea and not far:
        text += f" · {at_sea} at sea"
    chip_w = metrics.horizontalAdvance(code) + 6
    width = chip_w + metrics.horizontalAdvance(text) + 10
    height = metrics.height() + 4
    body = QRectF(-width / 2, -height / 2, width, height)

    def draw(p: QPainter) -> None:
        p.setFont(font)
        p.setPen(QPen(OVER if over else TAG_INK, 2.0 if over else 1.0))
        p.setBrush(QColor("#FDE7E9") if over else TAG_FILL)
        p.drawRoundedRect(body, 4, 4)
        _chip(p, QRectF(body.left() + 2, body.top() + 2, chip_w, height - 4), holder, code)
        p.setPen(OVER if over else TAG_INK)
        p.drawText(QRectF(body.left() + chip_w + 5, body.top(), width - chip_w - 6, height),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)

    return compose(body.adjusted(-2, -2, 2, 2), ratio, draw)


@cache
def strait_art(open_to: tuple[tuple[str, bool], ...], ratio: float) -> Art:
    """One line per side: "✓ Allies open" / "✗ Axis closed"."""
    font = font_of(7, True)
    metrics = QFontMetricsF(font)
    lines = [(f"{'✓' if ok else '✗'} {side} {'open' if ok else 'closed'}", ok)
             for side, ok in open_to]
    width = max([metrics.horizontalAdvance(t) for t, _ in lines] or [0.0]) + 10
    line_h = metrics.height()
    height = line_h * len(lines) + 4
    body = QRectF(-width / 2, 0, width, height)

    def draw(p: QPainter) -> None:
        p.setFont(font)
        p.setPen(QPen(TAG_INK, 1.0))
        p.setBrush(TAG_FILL)
        p.drawRoundedRect(body, 4, 4)
        y = body.top() + 2
        for text, ok in lines:
            p.setPen(OPEN if ok else CLOSED)
            p.drawText(QRectF(body.left() + 5, y, width - 6, line_h),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            y += line_h

    return compose(body.adjusted(-2, -2, 2, 2), ratio, draw)


@cache
def held_art(holder: str, ratio: float) -> Art:
    font = font_of(7, True)
    code = "—" if holder == NEUTRAL else code_of(holder)
    width = QFontMetricsF(font).horizontalAdvance(code) + 8
    rect = QRectF(-width / 2, -7, width, 14)

    def draw(p: QPainter) -> None:
        p.setFont(font)
        _chip(p, rect, holder, code)

    return compose(rect.adjusted(-1, -1, 1, 1), ratio, draw)


SEA_INK = QColor("#0B3C6E")
"""A force at sea: its tag's dashed frame and words, a deep sea blue apart from the ports'
black and the straits' green and red."""
SEA_FILL = QColor(232, 242, 252, 245)


@cache
def sea_art(nations: tuple[str, ...], side: str, doing: str, far: bool, ratio: float) -> Art:
    """"≈ GB at sea: Patrol" in a dashed frame, each nation's code on its colour: whose
    force, that it is at sea, not in port, and doing what (the name far out too: it is
    what tells one force at sea from another)."""
    font = font_of(7 if far else 8, True)
    metrics = QFontMetricsF(font)
    codes = [code_of(n) for n in nations] or [side]
    chips = [metrics.horizontalAdvance(c) + 6 for c in codes]
    text = f"at sea: {doing}"
    wave = "≈"
    wave_w = metrics.horizontalAdvance(wave) + 4
    width = wave_w + sum(w + 2 for w in chips) + metrics.horizontalAdvance(text) + 12
    height = metrics.height() + 4
    body = QRectF(-width / 2, -height / 2, width, height)

    def draw(p: QPainter) -> None:
        p.setFont(font)
        pen = QPen(SEA_INK, 1.6)
        pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(SEA_FILL)
        p.drawRoundedRect(body, 5, 5)
        p.setPen(SEA_INK)
        x = body.left() + 4
        p.drawText(QRectF(x, body.top(), wave_w, height), Qt.AlignmentFlag.AlignCenter, wave)
        x += wave_w
        for nation, code, w in zip(nations or (side,), codes, chips, strict=True):
            _chip(p, QRectF(x, body.top() + 2, w, height - 4), nation, code)
            x += w + 2
        p.setPen(SEA_INK)
        p.drawText(QRectF(x + 2, body.top(), body.right() - x - 2, height),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)

    return compose(body.adjusted(-2, -2, 2, 2), ratio, draw)


TAG_Z = PATH_Z + 0.2
"""Tags lie under the route under the pointer (qt/route_readout.py, PATH_Z + 0.5): where
a route stops by a strait, its cross and dashes must show over the strait's tag."""


class PortTag(ScreenItem):
    def __init__(self) -> None:
        super().__init__(TAG_Z)
        self.mark: PortMark | None = None

    def set_mark(self, mark: PortMark) -> None:
        self.mark = mark
        self.setToolTip(mark.tip)
        self.refresh()

    def art(self) -> Art:
        m = self.mark
        if m is None:  # made and styled by the scene before its mark is set
            return port_art("", NEUTRAL, 0, 0, self.far, self.ratio)
        return port_art(m.name, m.holder, m.load, m.capacity, self.far, self.ratio, m.at_sea)


class StraitTag(ScreenItem):
    def __init__(self) -> None:
        super().__init__(TAG_Z)
        self.mark: StraitMark | None = None

    def set_mark(self, mark: StraitMark) -> None:
        self.mark = mark
        self.setToolTip(mark.tip)
        self.refresh()

    def art(self) -> Art:
        return strait_art(self.mark.open_to if self.mark is not None else (), self.ratio)


class SeaTag(ScreenItem):
    """Under a stack at sea: whose it is and what it does there (its tooltip the stack's)."""

    def __init__(self) -> None:
        super().__init__(TAG_Z + 0.1)  # over a port's tag where they meet: it moves
        self.mark: SeaMark | None = None

    def set_mark(self, mark: SeaMark) -> None:
        self.mark = mark
        self.setToolTip(mark.tip)
        self.refresh()

    def art(self) -> Art:
        m = self.mark
        if m is None:
            return sea_art((), "", "", self.far, self.ratio)
        return sea_art(m.nations, m.side, m.doing, self.far, self.ratio)


class HeldChip(ScreenItem):
    """Who holds a hex, in its upper left corner (the middle is the island's name's)."""

    def __init__(self) -> None:
        super().__init__(TAG_Z - 0.05)  # under a strait's tag where they meet
        self.holder = NEUTRAL

    def set_holder(self, holder: str, tip: str) -> None:
        self.holder = holder
        self.setToolTip(tip)
        self.refresh()

    def art(self) -> Art:
        return held_art(self.holder, self.ratio)


PORT_REACH, PORT_ABOVE, PORT_BELOW = 20.0, 28.0, 46.0
"""A port's tag from its anchor, in screen pixels: beside the stack standing there, or
above it, or below its names."""
STRAIT_SPOTS = (QPointF(0, 12), QPointF(0, 30), QPointF(0, -62), QPointF(72, -14),
                QPointF(-72, -14))
"""Where a strait's tag may go from the middle of its hexsides, in screen pixels: under
its name first, then further down, above, right, left — the first clear of stacks and tags."""


MOVING = QColor("#8B1A1A")
"""A force the other side may intercept now: dark red dash-dots along its route."""
DECLARED = QColor("#6A3D9A")
"""A base change waiting to be declared: a purple dashed arrow, apart from the route
under the pointer's blue and orange."""


class AwScene(HexScene):
    """The hex map with port tags, straits' state and key hexes' holders, and the base
    changes waiting to be declared together."""

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        self.port_tags: dict[str, PortTag] = {}
        self.strait_tags: dict[str, StraitTag] = {}
        self.strait_lines: dict[str, QGraphicsPathItem] = {}
        self.held_chips: dict[str, HeldChip] = {}
        self.declared: list[QGraphicsItem] = []
        self.moving: list[QGraphicsPathItem] = []
        self.sea_tags: dict[tuple[str, str], SeaTag] = {}
        _x0, self._top, _x1, self._bottom = self.grid.pixel_bounds()

    def show(self, picture: Picture) -> None:
        self._showing = True  # the tags are arranged once, with their new marks, below
        try:
            super().show(picture)
        finally:
            self._showing = False
        if not isinstance(picture, AwPicture):
            return
        ports = {m.port: m for m in picture.ports if m.port in self.anchors}
        self._sync(self.port_tags, ports, lambda _key: PortTag())
        for key, tag in self.port_tags.items():
            tag.set_mark(ports[key])
            tag.setPos(self.anchors[key])
        straits = {m.edge_set: m for m in picture.straits}
        self._sync(self.strait_tags, straits, lambda _key: StraitTag())
        for key, stag in self.strait_tags.items():
            stag.set_mark(straits[key])
            sides = self.board.edge_set_hexsides(key)
            if sides:
                x, y = self.grid.layout.to_pixel(sides[len(sides) // 2].hex)
                stag.setPos(QPointF(x, y))
            self._strait_line(key, straits[key].viewer_open)
        held = {m.hex: m for m in picture.held if m.hex in self.anchors}
        self._sync(self.held_chips, held, lambda _key: HeldChip())
        for key, chip in self.held_chips.items():
            chip.set_holder(held[key].holder, held[key].tip)
            size = self.grid.layout.size
            chip.setPos(self.anchors[key] + QPointF(-0.42 * size, -0.52 * size))
        sea = {(m.place, m.side): m for m in picture.sea if m.place in self.anchors}
        self._sync(self.sea_tags, sea, lambda _key: SeaTag())
        for skey, sea_tag in self.sea_tags.items():
            sea_tag.set_mark(sea[skey])
            sea_tag.setPos(self.anchors[skey[0]])
        self._show_moving(picture.moving)
        self._arrange_tags()

    def _show_moving(self, marks: list[MovingMark]) -> None:
        """Each route the side asked may intercept on: a dark red dashed line."""
        for item in self.moving:
            self.removeItem(item)
        self.moving = []
        for mark in marks:
            points = [self.anchors[p] for p in mark.places if p in self.anchors]
            if len(points) < 2:
                continue
            path = QPainterPath(points[0])
            for point in points[1:]:
                path.lineTo(point)
            pen = QPen(MOVING, 0.12 * self.grid.layout.size)
            pen.setStyle(Qt.PenStyle.DashDotLine)
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setZValue(PATH_Z + 0.3)
            item.setToolTip(mark.tip)
            self.addItem(item)
            self.moving.append(item)

    def set_declared(self, orders: list[tuple[str, str, str]]) -> None:
        """(from, to, words) of each base change waiting to be declared: a dashed arrow
        from base to base, numbered in the order planned, its words as its tooltip."""
        for item in self.declared:
            self.removeItem(item)
        self.declared = []
        size = self.grid.layout.size
        for number, (start, goal, words) in enumerate(orders, 1):
            if start not in self.anchors or goal not in self.anchors:
                continue
            a, b = self.anchors[start], self.anchors[goal]
            d = b - a
            length = max((d.x() ** 2 + d.y() ** 2) ** 0.5, 1e-9)
            along = QPointF(d.x() / length, d.y() / length)
            across = QPointF(-along.y(), along.x())
            # bowed to its right, so two orders between the same bases both show
            bow = (a + b) / 2 + across * min(0.25 * length, 1.2 * size)
            tip = b - along * 0.35 * size
            path = QPainterPath(a + along * 0.35 * size)
            path.quadTo(bow, tip)
            way = tip - bow
            norm = max((way.x() ** 2 + way.y() ** 2) ** 0.5, 1e-9)
            fore = QPointF(way.x() / norm, way.y() / norm)
            side = QPointF(-fore.y(), fore.x())
            head = QPainterPath(tip)
            head.lineTo(tip - fore * 0.45 * size + side * 0.25 * size)
            head.lineTo(tip - fore * 0.45 * size - side * 0.25 * size)
            head.closeSubpath()
            pen = QPen(DECLARED, 0.14 * size)
            pen.setStyle(Qt.PenStyle.DashLine)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            line = QGraphicsPathItem(path)
            line.setPen(pen)
            line.setZValue(PATH_Z + 0.4)
            line.setToolTip(f"To declare ({number}): {words}")
            arrow = QGraphicsPathItem(head, line)
            arrow.setBrush(DECLARED)
            arrow.setPen(QPen(Qt.PenStyle.NoPen))
            self.addItem(line)
            label = TextItem(str(number), NUMBER, z=PATH_Z + 0.45)  # keeps its size on screen
            label.setPos(path.pointAtPercent(0.5))
            label.setToolTip(line.toolTip())
            self.addItem(label)
            self.declared += [line, label]

    def _strait_line(self, key: str, is_open: bool) -> None:
        item = self.strait_lines.get(key)
        if item is None:
            path = QPainterPath()
            for side in self.board.edge_set_hexsides(key):
                a, b = self.grid.layout.hexside_segment(side)
                path.moveTo(QPointF(*a))
                path.lineTo(QPointF(*b))
            item = QGraphicsPathItem(path)
            item.setZValue(LINE_Z + 0.3)
            self.addItem(item)
            self.strait_lines[key] = item
        pen = QPen(OPEN if is_open else CLOSED, 0.22 * self.grid.layout.size)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        if not is_open:
            pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)

    def _arrange_markers(self) -> None:
        super()._arrange_markers()
        self._arrange_tags()

    def _arrange_tags(self) -> None:
        """Each tag beside what it names, clear of the stacks and of the tags placed
        before it: straits first, then the ports with ships (the fullest first), then the
        empty ones. A tag that finds no clear spot at this zoom is hidden — on a crowded
        map zoomed out — and its port's tooltip still says it; nearer, it comes back."""
        if not hasattr(self, "port_tags") or getattr(self, "_showing", False):
            return  # the base scene arranges its markers before this one has tags
        taken = [item.sceneBoundingRect() for item in self.stacks.values()]
        taken += [chip.sceneBoundingRect() for chip in self.held_chips.values()]
        taken += [icon.sceneBoundingRect() for icon in self.ports.values()]
        for (place, side), sea_tag in sorted(self.sea_tags.items()):  # first: never hidden
            self._place(sea_tag, self._sea_spots(place, side, sea_tag), taken, hide=False)
        for stag in self.strait_tags.values():  # under the strait's name, else beside it
            self._place(stag, STRAIT_SPOTS, taken, hide=False)
        ports = sorted(self.port_tags.items(), key=lambda kv: (
            -(kv[1].mark.load if kv[1].mark else 0), kv[0]))
        middle = (self._top + self._bottom) / 2
        for port, tag in ports:
            reach = PORT_REACH + tag.boundingRect().width() / 2
            out = -PORT_ABOVE if self.anchors[port].y() < middle else PORT_BELOW
            back = PORT_BELOW if out < 0 else -PORT_ABOVE
            # away from the middle of the map first (over the coast), then beside the stack
            spots = (QPointF(0, out), QPointF(reach, 0), QPointF(-reach, 0),
                     QPointF(reach, out), QPointF(-reach, out), QPointF(0, back),
                     QPointF(reach, back), QPointF(-reach, back))
            self._place(tag, spots, taken, hide=True)

    def _sea_spots(self, place: str, side: str, tag: SeaTag) -> tuple[QPointF, ...]:
        """Where a force at sea's tag may go, in screen pixels from its place: under its
        stack, else above, else beside it, else a little further; in a box, beside the box
        (its panel is too small to hold both, and under it lies the next box's name)."""
        scale = self.view_scale
        half = tag.boundingRect().width() / 2
        box = self.boxes.get(place)
        if box is not None:
            rect = box.path().boundingRect()
            out = (rect.width() / 2) * scale + half + 6
            dy = (rect.center().y() - self.anchors[place].y()) * scale
            return (QPointF(out, dy), QPointF(-out, dy))
        stack = self.stacks.get((place, side))
        under = stack.sceneBoundingRect() if stack is not None else None
        low = (under.bottom() - self.anchors[place].y()) * scale if under else 20
        high = (self.anchors[place].y() - under.top()) * scale if under else 20
        beside = (under.width() / 2) * scale + half + 4 if under else half + 20
        return (QPointF(0, low + 9), QPointF(0, -high - 9), QPointF(beside, 0),
                QPointF(-beside, 0), QPointF(0, low + 27), QPointF(0, -high - 27))

    @staticmethod
    def _place(tag: ScreenItem, spots: tuple[QPointF, ...], taken: list[QRectF],
               hide: bool) -> None:
        for shift in spots:
            tag.set_shift(shift)
            box = tag.sceneBoundingRect()
            if not any(box.intersects(other) for other in taken):
                tag.setVisible(True)
                taken.append(box)
                return
        tag.set_shift(spots[0])
        tag.setVisible(not hide)
        if not hide:
            taken.append(tag.sceneBoundingRect())


# ---- the adapter -------------------------------------------------------------------------
class AwawNavalUI(RulesetUI[AwState]):
    ruleset_id = "awaw-naval"
    scene_class = AwScene
    colours: ClassVar[Mapping[str, str]] = {"Allies": "#0072B2", "Axis": "#5A5A5A"}
    """Stacks are a side's (the side to move picks its own); nations are told by their
    codes and colours on the tags and counters' names."""
    help = (("Click a port's ships", "pick them (click a counter of the opened stack to "
                                     "tick or untick it)"),
            ("Point at another port", "the route, its length and its port touches; where "
                                      "it stops being legal and why"),
            ("Click the port", "adds the base change to the declaration; 'Declare … "
                               "together' makes them all at once (AW-47)"),
            ("Right-click", "withdraw an order from the declaration"))

    def picture(self, view: AwState) -> AwPicture:
        p = AwPicture()

        at_sea = view.ledger.at_sea()

        def mark(ship: Ship) -> tuple[UnitMark]:
            title = f"{code_of(ship.nation)} {ship.id}"  # short: an opened stack's cell
            kind = f"{view.ship_type(ship).name} {ship.factors}"
            return (UnitMark(ship.id, self.art(ship.type), kind, title,
                             ship_status(ship, ship.id in at_sea)),)

        def tip(place: str, side: str, ships: list[Ship]) -> str:
            load = ""
            cap = planning.capacity(view, place)
            if cap is not None:
                load = f" ({planning.load(view, place)}/{cap})"
            return f"{side} at {planning.base_name(view, place)}{load}:\n" + "\n".join(
                ship_words(view, s) for s in ships) + sea_words(view, place).replace(
                "; ", "\n", 1)

        afloat = [s for s in view.ships.values() if s.base is not None and not s.eliminated]
        order = sorted(afloat, key=lambda s: (s.tf or "~", -s.factors, s.id))
        p.stacks += stacks(
            [s for s in order if s.id not in at_sea],
            lambda s: (s.base, view.side_of_nation(s.nation)) if s.base else None,
            mark, tip)
        for sea in self._at_sea(view, [s for s in order if s.id in at_sea], mark, p):
            based = next((i for i, m in enumerate(p.stacks)
                          if (m.place, m.owner) == (sea.place, sea.owner)), None)
            if based is None:
                p.stacks.append(sea)
            else:  # a box its side also bases ships in: one stack, both told apart
                m = p.stacks[based]
                p.stacks[based] = StackMark(m.place, m.owner, m.units + sea.units,
                                            f"{m.tip}\n\n{sea.tip}")
        for port in planning.bases_of(view):
            if not view.is_box(port) and port not in view.built_ports:
                p.ports.append(port_mark(view, port))
        p.straits = [strait_mark(view, s) for s in straits_of(view.board)]
        if planning.asked_to_intercept(view):
            for window in view.ledger.windows:
                p.moving.append(MovingMark(tuple(window.route), (
                    f"{', '.join(window.ships)}: {planning.base_name(view, window.origin)} to "
                    f"{planning.base_name(view, window.goal)} — {view.ledger.asked} may "
                    "intercept on this route (AW-79)")))
        for hex_id in key_hexes(view):
            holder = view.controller(hex_id)
            p.held.append(HeldMark(hex_id, holder, f"hex {hex_id}: held by {holder}"))
        p.tips = {m.port: m.tip for m in p.ports}
        for box in planning.bases_of(view):
            if view.is_box(box):
                p.tips[box] = (f"{planning.base_name(view, box)}: an off-map box, any number "
                               f"of naval factors (AW-07); "
                               f"{count_of(planning.load(view, box), 'factor')} based")
        for held in p.held:
            p.tips[held.hex] = held.tip
        for strait in p.straits:
            p.tips[strait.edge_set] = strait.tip
        return p

    @staticmethod
    def _at_sea(view: AwState, ships: list[Ship], mark: Callable[[Ship], tuple[UnitMark]],
                p: AwPicture) -> list[StackMark]:
        """Each side's forces at sea as a stack where they are (their hex or box), with a
        tag saying whose and doing what (``p.sea``); ships of one side at one place stack
        together whatever their operations (an invasion and its bombardment)."""
        at_sea = view.ledger.at_sea()
        groups: dict[tuple[str, str], list[Ship]] = {}
        for ship in ships:
            place = planning.sea_place(view, at_sea[ship.id])
            groups.setdefault((place, view.side_of_nation(ship.nation)), []).append(ship)
        out = []
        for (place, side), group in groups.items():
            declared = list(view.ledger.operations)  # in the order they were declared
            ops = sorted({at_sea[s.id].id: at_sea[s.id] for s in group}.values(),
                         key=lambda op: declared.index(op.id))
            nations = tuple(dict.fromkeys(s.nation for s in group))
            doing = " + ".join(dict.fromkeys(SHORT.get(op.activity, activity_name(op.activity))
                                             for op in ops))
            tip = (f"{side} AT SEA at {where_words(view, place)} — "
                   + " | ".join(op_words(view, op) for op in ops) + ":\n"
                   + "\n".join(ship_words(view, s) for s in group)
                   + "\n(their ports still count them for capacity, AW-97)")
            out.append(StackMark(place, side, tuple(m for s in group for m in mark(s)), tip))
            p.sea.append(SeaMark(place, side, nations, doing, tip))
        return out

    def art(self, unit_type: str) -> str:
        return ART.get(unit_type, "back")

    def unit_rows(self, view: AwState, units: list[str]) -> list[UnitRow]:
        return [UnitRow(u, ship_words(view, view.ships[u])) for u in units]

    def hint(self, view: AwState) -> str:
        hint = move_hint(view)
        if hint:
            return hint
        if view.awaiting is None and view.asked:  # an owner's choice (AW-04, AW-54 …)
            asked = view.asked[0]
            return (f"{view.phase_label} ({asked.clause}): choose with the buttons below, or "
                    "click the ships on the map.")
        if planning.asked_to_intercept(view):
            moving = ", ".join(s for w in view.ledger.windows for s in w.ships)
            return (f"{view.ledger.asked} may intercept {moving} (AW-79): click ships of "
                    "yours in a port, then a lit hex of the route; or press 'Pass'.")
        if view.phase == MOVEMENT:
            return (f"{view.phase_label}: click a port's ships, point at another port to see "
                    "the route, click it to add the base change to your declaration, then "
                    "'Declare … together' (AW-47). End phase when done.")
        return (f"{view.phase_label}: base changes are made in the movement phase (AW-47); "
                "click your ships for what they may do now, or End phase.")

    def heading(self, view: AwState, place: str) -> str:
        base = planning.base_at(view, place) or place
        cap = planning.capacity(view, base)
        load = f" ({planning.load(view, base)}/{cap})" if cap is not None else ""
        then = ("click a lit hex of the route to intercept there (AW-79)"
                if planning.asked_to_intercept(view) else "click the port they go to")
        return (f"{view.actor} at {planning.base_name(view, base)}{load}: tick the ships, "
                f"then {then}.")

    def order_words(self, view: AwState, order: Action) -> str:
        return f"Base change: {planning.order_words(view, order)}" \
            if order.kind == planning.BASE_CHANGE else ""

    def show_declared(self, scene: MapScene, view: AwState,
                      orders: tuple[Action, ...]) -> None:
        """Each base change waiting to be declared, as an arrow from base to base."""
        if not isinstance(scene, AwScene):
            return
        drawn = []
        for order in orders:
            ships = [view.ships[s] for s in getattr(order, "ships", ()) if s in view.ships]
            start, goal = (ships[0].base if ships else None), getattr(order, "to", None)
            if start is not None and isinstance(goal, str):
                drawn.append((start, goal, planning.order_words(view, order)))
        scene.set_declared(drawn)

    def phase_detail(self, view: AwState) -> str:
        return f" · {view.calendar}"

    def panel(self, view: AwState) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 8, 0)
        self.straits_label, self.key = WrappedLabel(), WrappedLabel()
        for label in (self.straits_label, self.key):
            label.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(label)
        self.key.setStyleSheet("color: #444;")
        self.key.show_text(KEY)
        return panel

    def refresh_panel(self, view: AwState, side: str) -> None:
        rows = [f"Straits and canals for {side}:"]
        for s in straits_of(view.board):
            rows.append(f"{s.name}: {'open' if open_to(view, s, side) else 'closed'}")
        self.straits_label.show_text("\n".join(rows))
