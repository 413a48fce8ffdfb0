"""The scale curves of ``mineboard bench --chart``: one small panel per series (cost against
zones, hexes, mines, sweepers…), drawn as plain SVG so the chart needs neither Qt nor a
plotting library, and reads the same in a browser and on GitHub.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

PANEL_W, PANEL_H, MARGIN = 360, 220, 48
COLUMNS = 2
INK, GRID, CURVE, BUDGET = "#222222", "#DDDDDD", "#0072B2", "#D55E00"


def scale_chart(results: Sequence[Mapping[str, Any]]) -> str:
    """An SVG document with a panel per scale series found in ``results`` (the
    ``mineboard bench --json`` results)."""
    series: dict[str, list[tuple[float, float, float | None]]] = defaultdict(list)
    for r in results:
        if r.get("scale"):
            series[r["scale"]["series"]].append(
                (float(r["scale"]["x"]), float(r["median_ms"]), r.get("budget_ms")))
    names = sorted(series)
    rows = max(1, -(-len(names) // COLUMNS))
    width, height = COLUMNS * PANEL_W, rows * PANEL_H + 30
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="8" y="18" font-size="13" fill="{INK}">mineboard bench: median '
             f'milliseconds against size (each point one benchmark)</text>']
    if not names:
        parts.append(f'<text x="8" y="50" fill="{INK}">no scale benchmarks were run</text>')
    for index, name in enumerate(names):
        x0 = (index % COLUMNS) * PANEL_W
        y0 = 30 + (index // COLUMNS) * PANEL_H
        parts.extend(_panel(name, sorted(series[name]), x0, y0))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _panel(name: str, points: list[tuple[float, float, float | None]], x0: float, y0: float
           ) -> list[str]:
    left, top = x0 + MARGIN, y0 + 24
    w, h = PANEL_W - MARGIN - 36, PANEL_H - 24 - 36
    # A budget line only where it holds for the whole series, and only on the chart when it
    # is near the curve: a budget fifty times the cost would flatten the curve to nothing.
    shared = {b for _x, _y, b in points}
    highest = max(y for _x, y, _b in points)
    budget = next(iter(shared)) if len(shared) == 1 else None
    drawn = budget is not None and budget <= 3 * highest
    xmax = max(x for x, _y, _b in points) or 1.0
    ymax = max(highest, budget if drawn and budget else 0.0) * 1.15 or 1.0

    def sx(x: float) -> float:
        return left + w * x / xmax

    def sy(y: float) -> float:
        return top + h - h * y / ymax

    out = [f'<text x="{left}" y="{y0 + 16}" font-weight="bold" fill="{INK}">'
           f'{escape(name)}</text>',
           f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none" '
           f'stroke="{GRID}"/>']
    for tick in (0.0, 0.5, 1.0):
        value = ymax * tick
        out.append(f'<line x1="{left}" x2="{left + w}" y1="{sy(value):.1f}" '
                   f'y2="{sy(value):.1f}" stroke="{GRID}"/>')
        out.append(f'<text x="{left - 4}" y="{sy(value) + 4:.1f}" text-anchor="end" '
                   f'fill="{INK}">{value:.3g}</text>')
    if budget is not None and drawn:
        out.append(f'<line x1="{left}" x2="{left + w}" y1="{sy(budget):.1f}" '
                   f'y2="{sy(budget):.1f}" stroke="{BUDGET}" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{left + w - 2}" y="{sy(budget) - 3:.1f}" text-anchor="end" '
                   f'fill="{BUDGET}">budget {budget:g} ms</text>')
    elif budget is not None:
        out.append(f'<text x="{left + w - 2}" y="{top + 12}" text-anchor="end" '
                   f'fill="{BUDGET}">budget {budget:g} ms (far above)</text>')
    line = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y, _b in points)
    out.append(f'<polyline points="{line}" fill="none" stroke="{CURVE}" stroke-width="2"/>')
    for x, y, _b in points:
        out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{CURVE}"/>')
        out.append(f'<text x="{sx(x):.1f}" y="{top + h + 14}" text-anchor="middle" '
                   f'fill="{INK}">{x:g}</text>')
    out.append(f'<text x="{left}" y="{top + h + 28}" fill="{INK}">ms (median) · size →</text>')
    return out
