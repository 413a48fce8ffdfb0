"""*View ▸ Dice*: each side's rolls by face with a chi-square test, and the mines' results
against the exact odds — what players of online wargames ask of their dice.

The figures come from ``core/dice_stats.py`` on what the seat at the screen may see; this
module only lays them out. Each face's count carries its difference from a fair die's
share in words and signs (+3, −2), never colour alone.
"""

from __future__ import annotations

import html
from fractions import Fraction

from PySide6.QtWidgets import QTextBrowser

from mineboard.core.dice_stats import MIN_EXPECTED_PER_FACE, FaceCounts, Outcomes, SideDice
from mineboard.core.words import possessive


class DicePanel(QTextBrowser):
    """The dock's page. ``stats`` holds the figures last shown (tests read them)."""

    def __init__(self) -> None:
        super().__init__()
        self.setOpenLinks(False)
        self.stats: dict[str, SideDice] = {}
        self.show_stats({})

    def show_stats(self, stats: dict[str, SideDice]) -> None:
        self.stats = stats
        self.setHtml(page(stats))


def page(stats: dict[str, SideDice]) -> str:
    if not stats:
        return "<p>No dice rolled yet.</p>"
    return "".join(_side(s) for s in stats.values())


def _side(stats: SideDice) -> str:
    parts = [f"<h3>Dice of {html.escape(possessive(stats.side))} moves</h3>"]
    for counts in stats.faces.values():
        parts.append(_faces(counts))
    if stats.outcomes:
        parts.append("<table cellspacing=0 cellpadding=3 border=1>"
                     "<tr><th align=left>Resolution</th><th>Tries</th><th>Counted</th>"
                     "<th>Expected</th><th>p-value</th></tr>")
        parts += [_outcomes(o) for o in stats.outcomes.values()]
        parts.append("</table><p><small>p-value: the exact chance of a count this far from "
                     "the expected one (either way), with each try's own odds.</small></p>")
    return "".join(parts)


def _faces(counts: FaceCounts) -> str:
    e = counts.expected
    head = "".join(f"<th>{face}</th>" for face in range(1, counts.sides + 1))
    row = "".join(f"<td align=center>{c}<br><small>{_signed(c - e)}</small></td>"
                  for c in counts.counts)
    if counts.p_value is None:
        verdict = (f"too few rolls to judge (a test needs {MIN_EXPECTED_PER_FACE} a face, "
                   f"{MIN_EXPECTED_PER_FACE * counts.sides} in all)")
    else:
        verdict = (f"χ² = {float(counts.chi_square):.2f} on {counts.sides - 1} degrees of "
                   f"freedom, p = {counts.p_value:.3f}"
                   + (" — rarer than 1 in 100 for fair dice" if counts.p_value < 0.01 else ""))
    return (f"<p><b>d{counts.sides}</b>: {counts.rolls} rolls; a fair die gives "
            f"{_number(e)} a face</p><table cellspacing=0 cellpadding=3 border=1>"
            f"<tr><th align=left>face</th>{head}</tr><tr><th align=left>rolled<br>"
            f"<small>vs fair</small></th>{row}</tr></table><p>{verdict}</p>")


def _outcomes(o: Outcomes) -> str:
    return (f"<tr><td>{html.escape(o.label)} ({html.escape(o.clause)})</td>"
            f"<td align=center>{o.tries}</td><td align=center>{o.counted}</td>"
            f"<td align=center>{_number(o.expected)}"
            + ("" if o.expected.denominator == 1 else f"<br><small>= {o.expected}</small>")
            + "</td>"
            f"<td align=center>{o.p_value:.3f}</td></tr>")


def _number(x: Fraction) -> str:
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def _signed(x: Fraction) -> str:
    text = _number(abs(x))
    return "±0" if x == 0 else ("+" if x > 0 else "−") + text
