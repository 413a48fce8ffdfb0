"""Colours: Okabe–Ito for owners (safe for the common colour-blindnesses), calm map tones.

Colour never works alone: every owner also has a short letter code drawn on its counters
and mine markers.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

OKABE_ITO = ["#D55E00", "#009E73", "#CC79A7", "#E69F00", "#0072B2", "#56B4E9", "#F0E442",
             "#000000"]
KNOWN = {"Germany": "#5A5A5A", "United Kingdom": "#E69F00", "France": "#0072B2",
         "Italy": "#009E73", "Soviet Union": "#D55E00", "United States": "#009E73",
         "Japan": "#F0E442", "China": "#CC79A7", "India": "#CC79A7"}
"""Traditional wargame colours where they are also in the safe set (Germany's field grey
is a neutral dark grey, told apart by lightness from every hue)."""

SEA = QColor("#BFD9EA")
SEA_ALT = QColor("#B3D1E6")
SEA_NEUTRAL = QColor("#C9DFEC")
LAND = QColor("#EFE4C8")
LAND_OWNED_MIX = 0.22
COAST = QColor("#7A6A4F")
LINE = QColor("#5C7C99")
LINE_HOVER = QColor("#FF7F0E")
LINE_ELIGIBLE = QColor("#F0E442")
PATH = QColor("#1F3A93")
LABEL_DISC = QColor("#F7FBFF")
LABEL_INK = QColor("#1B2A38")


def nation_colour(nation: str, order: list[str] | None = None) -> QColor:
    if nation in KNOWN:
        return QColor(KNOWN[nation])
    index = (order or []).index(nation) if order and nation in order else hash(nation)
    return QColor(OKABE_ITO[index % len(OKABE_ITO)])


def ink_for(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = background.redF(), background.greenF(), background.blueF()
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return QColor("#111111") if luminance > 0.45 else QColor("#FFFFFF")


def nation_code(nation: str) -> str:
    words = nation.split()
    return "".join(w[0] for w in words).upper() if len(words) > 1 else nation[:2].upper()


def mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor.fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                           a.blueF() * (1 - t) + b.blueF() * t)
