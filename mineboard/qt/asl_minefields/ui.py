"""How an asl-minefields view is drawn, and what the side panel says.

Everything comes from the view the window is given (``Game.observe``), so a marker can only
show what that side may know: its own record in full, the enemy's minefields once play has
revealed them — type first, strength only after an attack with an effect (AM-05, AM-06,
AM-68) — and visible A-T mines from the start (AM-01, AM-33).

Each thing on the map differs by form, never by colour alone:

- units: a silhouette per kind (squad three figures, half-squad two, leader with a star,
  tank, halftrack, truck …), the type's name and id under it, the owner's colour and the
  state as letters on a dark badge (P pinned, B broken, I immobilised, FB flail broken,
  ? concealed, DC holds a Daisy Chain, +1 one rider aboard);
- minefields: a ring just inside the hex's edge, and a white tag low in the hex (under the
  names of units there): the owner's letters on a chip in its colour, then the kinds, one
  a line ("A-P 8", "A-T 2"; "A-P ?" while the strength is not known). A field nobody else
  knows of yet has a dashed ring and tag, one revealed solid ones; the owner's own say
  "yours" ("yours · seen" once revealed), visible A-T mines "in view";
- a Trail Break: two dark chevrons across the hexside it was made through, pointing into
  the minefield hex (AM-41).

Far out, where hexes are a few pixels wide, the tags give way and the rings alone (two
pixels wide) show where fields are. Rings and Trail Breaks are stroked once into outlines
that Qt fills each frame (no dashed pen stroked anew, no Python paint per frame).

Beside the map the panel shows the viewing side's pool (while it records: total, what each
kind cost, what is left; in play: what lies on the map now) and its record hex by hex, the
other side's public total (AM-76), what is known of its fields, and a key to the markers;
under the hot-seat cover it holds nobody's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import ClassVar

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QVBoxLayout, QWidget

from mineboard.core.words import and_list, count_of
from mineboard.maps.model import BoardMap
from mineboard.qt import palette
from mineboard.qt.docks import WrappedLabel
from mineboard.qt.maps.hexes import HexScene
from mineboard.qt.maps.items import (
    LINE_Z,
    STACK_Z,
    Art,
    ScreenItem,
    compose,
    font_of,
)
from mineboard.qt.maps.picture import BROKEN, IMMOBILISED, PINNED, Picture, Status, UnitMark
from mineboard.qt.maps.scene import Colours, Hit
from mineboard.qt.plugin import RulesetUI, UnitRow, move_hint, stacks
from mineboard.rules.asl_minefields.state import (
    AT_COST,
    BOOBY_COST,
    FIRE,
    MOVEMENT,
    SETUP,
    AmState,
    Minefield,
    Unit,
)

CONCEALED = Status("concealed", "?")
FLAIL_BROKEN = Status("flail broken", "FB")
CLEARING = Status("clearing mines", "CL")
HOLDS_DAISY = Status("holds a Daisy Chain", "DC")

ART = {"squad": "asl-squad", "elite-squad": "asl-squad", "sapper-squad": "asl-squad",
       "half-squad": "asl-half-squad", "elite-half-squad": "asl-half-squad",
       "sapper-half-squad": "asl-half-squad", "leader": "asl-leader", "crew": "asl-crew",
       "cavalry": "asl-cavalry", "truck": "asl-truck", "jeep": "asl-jeep",
       "halftrack": "asl-halftrack", "armored-car": "asl-armored-car",
       "medium-tank": "asl-tank", "heavy-tank": "asl-tank", "flail-tank": "asl-flail-tank"}
"""Unit type → silhouette (assets/art/units); a type not listed by its size or class."""
BY_SIZE = {"squad": "asl-squad", "half-squad": "asl-half-squad", "leader": "asl-leader",
           "crew": "asl-crew", "vehicle": "asl-tank"}


# ---- what a minefield marker says ----------------------------------------------------------
@dataclass(frozen=True)
class FieldMark:
    """One owner's minefield in one hex as the viewer may know it."""

    hex: str
    owner: str
    lines: tuple[str, ...]
    """"A-P 8", "A-T ?" …: one line per kind of mine there."""
    secret: bool
    """Nobody but its owner knows of it: drawn dashed."""
    tag: str = ""
    """Words after the kinds: "yours" / "yours · seen" for the owner, "in view" (AM-33),
    "secret" where the whole truth is drawn (an open table's teacher view)."""
    tip: str = ""


@dataclass
class AslPicture(Picture):
    """The generic picture plus what only this ruleset draws."""

    fields: list[FieldMark] = field(default_factory=list)
    trail_breaks: list[tuple[str, str]] = field(default_factory=list)
    """(from hex, into hex) of each Trail Break."""


def _strength(value: int | None) -> str:
    return "?" if value is None else str(value)


def has_mines(f: Minefield) -> bool:
    """Whether ``f`` holds anything (a view keeps None for a kind of unknown strength)."""
    return f.ap is None or f.ap != 0 or f.at is None or f.at != 0


def revealed(f: Minefield) -> bool:
    """Whether another side knows anything of ``f`` (its type, or a visible counter)."""
    return f.ap_known or f.at_known or f.visible


def field_mark(view: AmState, f: Minefield) -> FieldMark:
    """How ``f`` is drawn: a line per kind ("A-P ?" where the strength is not known), and
    whether it is the owner's secret (what the view holds of an enemy field is revealed:
    ``ruleset.hide`` keeps nothing else)."""
    lines = []
    if f.ap is None or f.ap:
        lines.append(f"A-P {_strength(f.ap)}")
    if f.at is None or f.at:
        lines.append(f"{'Daisy A-T' if f.daisy else 'A-T'} {_strength(f.at)}")
    secret = not revealed(f)
    if viewer_of(view) == f.owner:  # the dashed edge says secret: the word says whose
        words = ["yours"] + (["in view"] if f.visible else [] if secret else ["seen"])
    else:
        words = ["secret"] if secret else ["in view"] if f.visible else []
    tip = field_tip(view, f)
    clearer = view.at_clearing.get(f.hex) if f.visible else None
    if clearer is not None:  # AM-34, AM-74: gone once the phase ends, unless stopped first
        words.append("clearing")
        tip += (f"; {clearer} is removing them: gone at the end of the Movement Phase "
                "(AM-34, AM-74)")
    return FieldMark(f.hex, f.owner, tuple(lines), secret, " · ".join(words), tip)


def viewer_of(view: AmState) -> str | None:
    """The side whose view this is: the one pool whose split it may see (``ruleset.hide``
    hides every other side's, AM-76). None for the whole truth (an open table's teacher
    view: every pool shown) and for nobody's (the hot-seat cover: none)."""
    shown = [side for side, pool in view.pools.items() if not pool.hidden]
    return shown[0] if len(shown) == 1 and len(view.pools) > 1 else None


def field_tip(view: AmState, f: Minefield) -> str:
    """The marker's tooltip: what lies there, and what the other side knows of it."""
    where = view.board.ref(f.hex)
    kinds = []
    if f.ap is None or f.ap:
        kinds.append("an A-P minefield of unknown strength" if f.ap is None
                     else f"an A-P minefield of {f.ap} factors")
    if f.at is None or f.at:
        what = "a Daisy Chain of" if f.daisy else ""
        kinds.append(f"{what} A-T mines of unknown strength".strip() if f.at is None
                     else f"{what} {count_of(f.at, 'A-T factor')}".strip())
    whose = "Yours" if viewer_of(view) == f.owner else f.owner
    text = f"{whose} at {where}: {and_list(kinds)}"
    if not revealed(f):
        return text + " — secret: recorded, the other side knows nothing of it (AM-03)"
    known = []
    if f.visible:
        known.append("A-T mines in full view (AM-33)")
    if f.ap_known:
        known.append("A-P " + ("and its strength" if f.ap_strength_known else
                               "but not its strength (AM-06)"))
    if f.at_known:
        known.append("A-T " + ("and its strength" if f.at_strength_known else
                               "but not its strength (AM-68)"))
    return text + " — revealed: " + "; ".join(known)


# ---- units ---------------------------------------------------------------------------------
def unit_name(view: AmState, unit: Unit) -> str:
    if not unit.known:
        return f"Concealed unit {unit.id}"
    return f"{view.unit_type(unit).name} {unit.id}"


Riders = Mapping[str, list[Unit]]
"""Vehicle id → the units riding in it (made once a picture: one pass over the units)."""


def riders_of(view: AmState) -> Riders:
    out: dict[str, list[Unit]] = {}
    for u in view.units.values():
        if u.carried_by is not None and not u.eliminated:
            out.setdefault(u.carried_by, []).append(u)
    return out


def unit_status(view: AmState, unit: Unit, riders: Riders | None = None) \
        -> tuple[Status, ...]:
    out = []
    if unit.status == "pinned":
        out.append(PINNED)
    if unit.status == "broken":
        out.append(BROKEN)
    if unit.immobilised:
        out.append(IMMOBILISED)
    if unit.flail_broken:
        out.append(FLAIL_BROKEN)
    if unit.clearing:
        out.append(CLEARING)
    if unit.concealed:
        out.append(CONCEALED)
    if unit.daisy:
        out.append(HOLDS_DAISY)
    aboard = len((riders_of(view) if riders is None else riders).get(unit.id, ()))
    if aboard:  # riders are off the map, inside: the count says they are there
        out.append(Status(f"carrying {aboard}", f"+{aboard}"))
    return tuple(out)


def unit_words(view: AmState, unit: Unit, riders: Riders | None = None) -> str:
    """A unit in words: name, state, riders."""
    riders = riders_of(view) if riders is None else riders
    states = [s.word for s in unit_status(view, unit, riders)
              if not s.word.startswith("carrying")]
    aboard = [unit_name(view, p) for p in riders.get(unit.id, ())]
    return (unit_name(view, unit) + (f" ({', '.join(states)})" if states else "")
            + (f", carrying {and_list(aboard)}" if aboard else ""))


# ---- the pool and the record ---------------------------------------------------------------
@dataclass(frozen=True)
class Spending:
    """How a side's pool is spent (AM-02, AM-25, AM-50): what its own view knows."""

    total: int
    ap: int
    at_bought: int
    booby: int
    at_laid: int
    daisy: int

    @property
    def spent(self) -> int:
        return self.ap + AT_COST * self.at_bought + self.booby

    @property
    def left(self) -> int:
        return self.total - self.spent


def spending(view: AmState, side: str) -> Spending:
    pool = view.pools[side]
    own = [f for f in view.minefields.get(side, {}).values() if not f.daisy]
    return Spending(total=pool.total, ap=sum(f.ap or 0 for f in own),
                    at_bought=pool.at_bought,
                    booby=sum(BOOBY_COST.get(level, 0) for level in pool.booby.values()),
                    at_laid=sum(f.at or 0 for f in own), daisy=pool.daisy)


def pool_words(view: AmState, side: str) -> str:
    """``side``'s pool in one line, from its own view: while it records, what is spent and
    left; once play began (nothing more may be laid, AM-48), what lies on the map now."""
    s = spending(view, side)
    if not s.total and not s.daisy:
        return f"{side}: no minefield factors in the OB"
    if view.pools[side].recorded:
        now = [f"A-P {s.ap}"] if s.ap else []
        now += [f"A-T {s.at_laid}"] if s.at_laid else []
        daisy = f" · Daisy Chain {count_of(s.daisy, 'A-T factor')}" if s.daisy else ""
        return (f"{side}: {count_of(s.total, 'factor')} in the OB · on the map now: "
                f"{', '.join(now) or 'none'}{daisy}")
    parts = [f"A-P {s.ap}"] if s.ap else []
    if s.at_bought:
        parts.append(f"A-T {s.at_bought} × {AT_COST}")
    if s.booby:
        parts.append(f"booby traps {s.booby}")
    spent = f" ({', '.join(parts)})" if parts else ""
    daisy = f" · Daisy Chain {count_of(s.daisy, 'A-T factor')}" if s.daisy else ""
    return (f"{side}: {count_of(s.total, 'factor')} · {s.spent} spent{spent} · "
            f"{s.left} left{daisy}")


MAX_ROWS = 12
"""Fields listed hex by hex in the panel; past it, how many more (a battlefield may hold
hundreds: the map and its tooltips say the rest)."""


def _capped(rows: list[str]) -> list[str]:
    if len(rows) <= MAX_ROWS:
        return rows
    return [*rows[:MAX_ROWS], f"… and {len(rows) - MAX_ROWS} more (hover the map)"]


def record_rows(view: AmState, side: str) -> list[str]:
    """``side``'s record hex by hex (its own view), then what it bought besides."""
    rows = []
    for hex_id, f in sorted(view.minefields.get(side, {}).items()):
        if not has_mines(f):
            continue
        mark = field_mark(view, f)
        state = "secret" if mark.secret else "revealed"
        rows.append(f"{view.board.ref(hex_id)}: {', '.join(mark.lines)} — {state}")
    rows = _capped(rows)
    pool = view.pools[side]
    s = spending(view, side)
    if s.at_bought:
        rows.append(f"A-T factors laid {s.at_laid} of {s.at_bought} bought")
    for board, level in sorted(pool.booby.items()):
        rows.append(f"booby traps level {level} on board {board} ({BOOBY_COST[level]} "
                    "factors, AM-50)")
    return rows


def known_rows(view: AmState, side: str) -> list[str]:
    """What ``side``'s view holds of another side's minefields: its public total (AM-76)
    and each field revealed."""
    rows = []
    for other in view.sides:
        if other == side:
            continue
        total = view.pools[other].total
        rows.append(f"{other}: {count_of(total, 'factor')} in the OB (how they are spent "
                    "is secret, AM-76)" if total else f"{other}: no minefield factors")
        rows += _capped([f"{view.board.ref(hex_id)}: {', '.join(field_mark(view, f).lines)}"
                         for hex_id, f in sorted(view.minefields.get(other, {}).items())
                         if has_mines(f)])
    return rows


KEY = ("Key: a dashed ring and tag mark a minefield only its owner knows of (\"yours\": "
       "you are the owner); solid ones a minefield revealed (\"seen\": the enemy knows of "
       "yours). \"?\" — strength not yet known (AM-06). \"in view\" — A-T mines on a hard "
       "surface (AM-33); \"clearing\" — being removed (AM-34). Chevrons across a hexside — "
       "a Trail Break (AM-41). Counter badges: P pinned, B broken, I immobilised, ? "
       "concealed, FB flail broken, DC holds a Daisy Chain, +1 one rider aboard.")


# ---- drawing -------------------------------------------------------------------------------
TAG_FILL = QColor(255, 255, 255, 238)
TAG_INK = QColor("#111111")


@cache
def field_art(lines: tuple[str, ...], tag: str, code: str, colour: str, secret: bool,
              far: bool, ratio: float) -> Art:
    """A minefield tag: the owner's chip (letters on its colour), a line per kind ("A-P 8",
    "A-T 2"), the tag word in small italics after the last; a dashed edge when secret —
    narrow enough to stay inside its hex, clear of Trail Breaks on its sides. Far out (or
    in small hexes): one line, smaller, without the word (the edge still tells)."""
    font = font_of(6 if far else 8, True)
    small = font_of(6, False)
    small.setItalic(True)
    metrics, small_metrics = QFontMetricsF(font), QFontMetricsF(small)
    text = [" · ".join(lines)] if far else list(lines)
    word = "" if far else tag
    chip_w = metrics.horizontalAdvance(code) + 6
    widths = [metrics.horizontalAdvance(t) for t in text]
    word_w = small_metrics.horizontalAdvance(word) + 4 if word else 0
    line_h = metrics.height()
    width = chip_w + 8 + max(*widths, widths[-1] + word_w)
    height = line_h * len(text) + 4
    body = QRectF(-width / 2, -height / 2, width, height)
    owner = QColor(colour)

    def draw(p: QPainter) -> None:
        pen = QPen(TAG_INK, 1.4 if secret else 2.0)
        if secret:
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(TAG_FILL)
        p.drawRoundedRect(body, 4, 4)
        chip = QRectF(body.left() + 2, body.top() + 2, chip_w, body.height() - 4)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(owner)
        p.drawRoundedRect(chip, 3, 3)
        p.setFont(font)
        p.setPen(palette.ink_for(owner))
        p.drawText(chip, Qt.AlignmentFlag.AlignCenter, code)
        p.setPen(TAG_INK)
        x, y = chip.right() + 3, body.top() + 2
        for t, w in zip(text, widths, strict=True):
            p.drawText(QRectF(x, y, w + 2, line_h),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, t)
            y += line_h
        if word:
            p.setFont(small)
            p.drawText(QRectF(x + widths[-1] + 4, y - line_h, word_w, line_h),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, word)

    return compose(body.adjusted(-2, -2, 2, 2), ratio, draw)


class FieldRing(QGraphicsPathItem):
    """A ring just inside the edge of a minefield's hex, in map units: whatever the zoom and
    wherever its tag had to go, the hex it belongs to is plain. Dashed while secret, solid
    once revealed (form, not colour); in the owner's colour, darkened to read on terrain.

    The ring is stroked once into an outline that each frame only fills: a dashed pen
    stroked anew at every repaint cost a frame its budget with a few hundred fields."""

    def __init__(self, scene: HexScene, hex_id: str, owner: str, colour: QColor,
                 inset: float) -> None:
        super().__init__()
        self.hex, self.owner = hex_id, owner
        size = scene.grid.layout.size
        centre = scene.anchors[hex_id]
        k = 0.955 - inset
        corners = [centre + QPointF(dx * k, dy * k)
                   for dx, dy in scene.grid.layout.corner_offsets()]
        self.ring = QPainterPath(corners[0])
        for c in corners[1:]:
            self.ring.lineTo(c)
        self.ring.closeSubpath()
        self.size = size
        colour = colour if colour.lightness() < 150 else colour.darker(150)
        self.setBrush(colour)
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.secret: bool | None = None
        self.width = 0.0
        self.setZValue(LINE_Z + 0.2)

    def set_secret(self, secret: bool, width: float) -> None:
        """Dashed while ``secret``; ``width`` in map units (far out: two screen pixels,
        so a whole battlefield still shows where the fields are)."""
        width = max(width, 0.045 * self.size)
        if secret == self.secret and abs(width - self.width) <= 0.25 * self.width:
            return  # far out each zoom step changes the width a little: stroke again seldom
        self.secret, self.width = secret, width
        stroker = QPainterPathStroker()
        stroker.setWidth(width)
        stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
        stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        if secret:
            stroker.setDashPattern([2.5, 2.0])
        self.setPath(stroker.createStroke(self.ring))


class FieldItem(ScreenItem):
    """One owner's minefield tag in a hex, drawn low in the hex."""

    def __init__(self, hex_id: str, owner: str, colour: QColor) -> None:
        super().__init__(STACK_Z - 0.2)  # under the counters (it sits under their names)
        self.hex = hex_id
        self.owner = owner
        self.colour = colour
        self.mark: FieldMark | None = None
        self.compact = False
        """Hexes too small on screen for the stacks' names: the small tag, without its
        words (the ring and the edge still tell secret from revealed)."""

    def set_mark(self, mark: FieldMark) -> None:
        self.mark = mark
        self.setToolTip(mark.tip)
        self.refresh()

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self.refresh()

    def art(self) -> Art:
        m = self.mark
        assert m is not None
        return field_art(m.lines, m.tag, palette.nation_code(self.owner), self.colour.name(),
                         m.secret, self.far or self.compact, self.ratio)


class TrailBreakItem(QGraphicsPathItem):
    """Two chevrons astride the hexside a Trail Break was made through, pointing into the
    minefield hex, dark on a white halo; drawn in map units, so they grow with the hexes,
    under the minefield tags and the counters (their words and badges must read; of two
    chevrons astride the side, one lies beyond any tag in the hex)."""

    INK = QColor("#2B1D0E")
    HALO = QColor(255, 255, 255, 220)

    def __init__(self, scene: HexScene, a: str, b: str) -> None:
        super().__init__()
        self.key = (a, b)
        pa, pb = scene.anchors[a], scene.anchors[b]
        size = scene.grid.layout.size
        d = pb - pa
        length = max((d.x() ** 2 + d.y() ** 2) ** 0.5, 1e-9)
        along, across = QPointF(d.x() / length, d.y() / length), \
            QPointF(-d.y() / length, d.x() / length)
        mid = (pa + pb) / 2
        path = QPainterPath()
        wing = 0.3 * size
        for step in (-0.1, 0.18):
            tip = mid + along * (step * size + wing * 0.5)
            back = tip - along * wing * 0.7
            path.moveTo(back + across * wing)
            path.lineTo(tip)
            path.lineTo(back - across * wing)
        self.width = 0.08 * size
        # the halo is this item, the ink a child over it: both outlines stroked once and
        # filled by Qt itself at each repaint (no Python call per frame)
        self.setPath(_stroke(path, self.width * 2.4))
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.setBrush(self.HALO)
        self.ink = QGraphicsPathItem(_stroke(path, self.width), self)
        self.ink.setPen(QPen(Qt.PenStyle.NoPen))
        self.ink.setBrush(self.INK)
        self.setZValue(STACK_Z - 0.3)  # over the map's names, under tags and counters: a
        # tag's words and a badge must read; the chevron across the side still shows
        board = scene.board
        self.setToolTip(f"Trail Break from {board.ref(a)} into {board.ref(b)} (AM-41): "
                        "who enters through it paying double does not set the mines off "
                        "(AM-42)")


def _stroke(path: QPainterPath, width: float) -> QPainterPath:
    """``path`` stroked ``width`` wide with round ends, as an outline to fill."""
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setCapStyle(Qt.PenCapStyle.RoundCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return stroker.createStroke(path)


class AslScene(HexScene):
    """The hex map with minefield tags and Trail Breaks besides the generic stacks."""

    def __init__(self, board: BoardMap, colours: Colours) -> None:
        super().__init__(board, colours)
        self.fields: dict[tuple[str, str], FieldItem] = {}
        self.rings: dict[tuple[str, str], FieldRing] = {}
        self.trail_breaks: dict[tuple[str, str], TrailBreakItem] = {}

    def show(self, picture: Picture) -> None:
        super().show(picture)
        if not isinstance(picture, AslPicture):
            return
        marks = {(m.hex, m.owner): m for m in picture.fields if m.hex in self.anchors}
        self._sync(self.fields, marks,
                   lambda key: FieldItem(key[0], key[1], self.colours(key[1])))
        order = {o: i for i, o in enumerate(picture.owners)}
        self._sync(self.rings, marks, lambda key: FieldRing(
            self, key[0], key[1], self.colours(key[1]), 0.08 * order.get(key[1], 0)))
        for key, item in self.fields.items():
            item.set_mark(marks[key])
            item.setPos(self.anchors[key[0]])
            item.setVisible(not self.far)
            self.rings[key].set_secret(marks[key].secret, self._ring_width())
            self.rings[key].setToolTip(marks[key].tip)
        self._arrange_fields()
        breaks = {k for k in picture.trail_breaks
                  if k[0] in self.anchors and k[1] in self.anchors}
        self._sync(self.trail_breaks, breaks, lambda key: TrailBreakItem(self, *key))

    def _arrange_markers(self) -> None:
        super()._arrange_markers()
        self._arrange_fields()

    def show_detail(self) -> None:
        """Far out — hexes a few pixels wide — tags would only bury each other: the rings
        alone say where fields are (a tooltip says what), the tags come back nearer."""
        super().show_detail()
        for tag in getattr(self, "fields", {}).values():
            tag.setVisible(not self.far)
        width = self._ring_width()
        for ring in getattr(self, "rings", {}).values():
            ring.set_secret(bool(ring.secret), width)  # again only if it changed a quarter

    def _ring_width(self) -> float:
        """Map units: at least 1.5 screen pixels (small hexes), two far out."""
        return (2.0 if self.far else 1.5) / self.view_scale

    def _arrange_fields(self) -> None:
        """Each tag low in its hex — under the names where units stand there —
        owners side by side. Fixed spots, not the scene's :class:`Clearance` nudging: on a
        battlefield of a hundred revealed fields that cost 150 ms at every zoom step and
        every route under the pointer, and a nudged tag may leave its hex; the route may
        pass under a tag, the ring says whose hex it is."""
        if not hasattr(self, "fields"):
            return  # the base scene arranges its markers before this one has tags
        order = {o: i for i, o in enumerate(self.picture.owners)}
        per_hex: dict[str, list[str]] = {}
        for hex_id, owner in sorted(self.fields, key=lambda k: (k[0], order.get(k[1], 99))):
            per_hex.setdefault(hex_id, []).append(owner)
        size = self.grid.layout.size * self.view_scale  # screen pixels
        under: dict[str, float] = {}
        for (place, _owner), st in self.stacks.items():
            under[place] = max(under.get(place, -1e9), st.boundingRect().bottom())
        for hex_id, owners in per_hex.items():
            for i, owner in enumerate(owners):
                item = self.fields[(hex_id, owner)]
                item.set_compact(not self.captions)  # small hexes: the small tag
                box = item.boundingRect()
                across = (i - (len(owners) - 1) / 2) * (box.width() + 4)
                if hex_id in under and not self.far:  # under the stack's names
                    item.set_shift(QPointF(across, under[hex_id] - box.top() - 4))
                else:
                    item.set_shift(QPointF(across, 0.32 * size))

    def hit_item(self, item: QGraphicsItem, pos: QPointF | None = None) -> Hit | None:
        if isinstance(item, FieldItem):
            return Hit(self.board.ref(item.hex))  # a tag means its hex
        return super().hit_item(item, pos)


# ---- the adapter -----------------------------------------------------------------------------
class AslMinefieldsUI(RulesetUI[AmState]):
    ruleset_id = "asl-minefields"
    scene_class = AslScene
    colours: ClassVar[Mapping[str, str]] = {
        "German": "#5A5A5A", "Germans": "#5A5A5A", "Axis": "#5A5A5A",
        "American": "#009E73", "Americans": "#009E73", "Allies": "#009E73",
        "Russian": "#D55E00", "Russians": "#D55E00", "British": "#E69F00"}
    """Field grey and olive green as on the printed counters, both in the safe set and far
    apart in lightness (they stay apart to a red-green-blind eye); the demos' Axis and
    Allies drawn alike."""
    help = (("Secret record", "click a hex, pick from its menu what to record there: only "
                              "you see it (dashed ring)"),
            ("Click your units", "pick them; click a hex to see the route and its odds, again "
                                 "to set out, then each next hex to step"),
            ("Fire phase", "click a squad for clearance or its Daisy Chain (buttons); click a "
                           "hex for FFE or bombs (menu)"),
            ("Hover a tag", "what is known of that minefield, and by whom"))

    def picture(self, view: AmState) -> AslPicture:
        if all(pool.hidden for pool in view.pools.values()):
            self._clear_panel()  # nobody's view (the hot-seat cover): nobody's record
        p = AslPicture()
        riders = riders_of(view)

        def mark(unit: Unit) -> tuple[UnitMark]:
            art = self.art(unit.type) if unit.known else "back"
            return (UnitMark(unit.id, art, unit_name(view, unit), "",
                             unit_status(view, unit, riders)),)

        def tip(place: str, side: str, units: list[Unit]) -> str:
            return f"{side} at {view.board.ref(place)}:\n" + "\n".join(
                unit_words(view, u, riders) for u in units)

        on_map = [u for u in view.units.values() if u.hex is not None and not u.eliminated]
        # the unit that matters on top: vehicles over the Infantry they carry or escort
        p.stacks += stacks(sorted(on_map, key=lambda u: (not view.unit_type(u).vehicle
                                                         if u.known else True, u.id)),
                           lambda u: (u.hex, u.side) if u.hex else None, mark, tip)
        for owner in view.sides:
            for f in view.minefields.get(owner, {}).values():
                if has_mines(f):
                    p.fields.append(field_mark(view, f))
        tips: dict[str, list[str]] = {}
        for m in p.fields:
            tips.setdefault(m.hex, []).append(m.tip)
        p.tips = {h: "\n".join(t) for h, t in tips.items()}
        p.trail_breaks = sorted(view.trail_breaks)
        return p

    def art(self, unit_type: str) -> str:
        if unit_type in ART:
            return ART[unit_type]
        from mineboard.rules.asl_minefields.data import unit_table

        t = unit_table().types.get(unit_type)
        return BY_SIZE.get(t.size, "back") if t is not None else "back"

    def unit_rows(self, view: AmState, units: list[str]) -> list[UnitRow]:
        rows = []
        for uid in units:
            u = view.units[uid]
            if not u.known:
                rows.append(UnitRow(uid, unit_name(view, u)))
                continue
            t = view.unit_type(u)
            left = t.mf - u.spent
            unit = "MP" if t.vehicle else "MF"
            moved = f" · {left:g} of {t.mf} {unit} left" if u.spent else f" · {t.mf} {unit}"
            rows.append(UnitRow(uid, unit_words(view, u) + moved))
        return rows

    def hint(self, view: AmState) -> str:
        hint = move_hint(view)
        if hint:
            return hint
        viewer = viewer_of(view)
        if viewer is not None and viewer != view.actor and view.ask is None:
            return (f"{view.actor}: {view.phase_label.lower()}. Wait for your turn; what "
                    "it records stays its secret.")
        if view.phase == SETUP:
            return (f"{view.phase_label}: click a hex to record mines there (A-P 6, 8 or "
                    "12; A-T factors; booby traps for its board), from the menu. Only you "
                    "see them, drawn dashed. End phase when your record is done.")
        if view.phase == FIRE:
            return (f"{view.phase_label}: click a squad of yours to clear mines or pull a "
                    "Daisy Chain it holds (buttons below); click a hex for fire for effect or "
                    "bombs on its mines (menu). End phase to move.")
        if view.phase == MOVEMENT:
            return (f"{view.phase_label}: click your units, then a hex to see the route and "
                    "its odds; again to set out, then each next hex to step. Minefields "
                    "attack units leaving and entering their hex (AM-12).")
        return super().hint(view)

    def holdings(self, view: AmState, side: str) -> str:
        if side not in view.pools:
            return ""
        return pool_words(view, side)

    def heading(self, view: AmState, place: str) -> str:
        then = "press a button below" if view.phase == FIRE else "click a hex"
        return f"{view.actor} at {view.board.ref(place)}: tick the units, then {then}."

    def phase_detail(self, view: AmState) -> str:
        if view.phase == SETUP and view.actor in view.pools:
            if view.pools[view.actor].hidden:  # another side records: only its total shows
                return f": {count_of(view.pools[view.actor].total, 'factor')} (AM-02, AM-76)"
            s = spending(view, view.actor)
            return f": {s.left} of {count_of(s.total, 'factor')} left (AM-02)"
        return ""

    # ---- the record beside the map ---------------------------------------------------------
    def panel(self, view: AmState) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 8, 0)
        # wrapped labels as tall as their text at the dock's width (docks.WrappedLabel)
        self.record, self.known, self.key = WrappedLabel(), WrappedLabel(), WrappedLabel()
        for label in (self.record, self.known, self.key):
            label.setTextFormat(Qt.TextFormat.PlainText)
            layout.addWidget(label)
        self.key.setStyleSheet("color: #444;")
        self.key.show_text(KEY)
        return panel

    def _clear_panel(self) -> None:
        for label in (getattr(self, "record", None), getattr(self, "known", None)):
            if label is not None:
                label.show_text("")

    def refresh_panel(self, view: AmState, side: str) -> None:
        """The viewer's own pool and record, and what it knows of the other side's."""
        if side not in view.pools:
            self.record.show_text("")
            self.known.show_text("\n".join(known_rows(view, "")))
            return
        rows = [f"Your record ({side}, secret):"]  # the pool's line is the holdings', above
        rows += record_rows(view, side) or ["no minefields recorded"]
        self.record.show_text("\n".join(rows))
        self.known.show_text("\n".join(["What you know of the enemy:",
                                         *known_rows(view, side)]))
