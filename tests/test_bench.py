"""``mineboard bench``: min/median/max per benchmark, the Monte Carlo comparison, and the
scale chart drawn from the results."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from mineboard.cli import main

pytestmark = pytest.mark.timing

MINES = ["odds_naval-100-mines-10-sweepers", "odds_naval-300-mines-10-sweepers",
         "odds_naval-1000-mines-10-sweepers"]


def test_results_carry_min_median_max_budget_and_their_scale_point(capsys, tmp_path):
    chart = tmp_path / "scale.svg"
    assert main(["bench", *MINES, "--runs", "3", "--json", "--chart", str(chart)]) == 0
    results = sorted(json.loads(capsys.readouterr().out)["results"],
                     key=lambda r: r["scale"]["x"])
    assert [r["name"] for r in results] == MINES
    for r in results:
        assert r["runs"] == 3 and 0 < r["min_ms"] <= r["median_ms"] <= r["max_ms"]
    assert results[2]["budget_ms"] == 20.0 and results[2]["within_budget"] is True
    assert [r["scale"]["x"] for r in results] == [100, 300, 1000]
    svg = ET.parse(chart).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    (curve,) = svg.findall(".//s:polyline", ns)
    assert len(curve.get("points", "").split()) == 3  # one point per benchmark of the series
    titles = [t.text for t in svg.findall(".//s:text", ns)]
    assert "exact odds: mines against 10 sweepers" in titles


def test_compare_mc_reports_the_ratio_and_the_simulations_error(capsys):
    assert main(["bench", MINES[0], "--runs", "1", "--json", "--compare-mc"]) == 0
    compared = {c["name"]: c for c in json.loads(capsys.readouterr().out)["monte_carlo"]}
    sweep = compared["naval-northsea-sweep"]
    assert sweep["ratio"] == sweep["exact_ms"] / sweep["mc_ms"]
    assert 0 < sweep["standard_error"] < 0.01 and sweep["max_abs_error"] < 0.05


def test_an_unknown_benchmark_or_a_chart_not_svg_is_one_line(capsys, tmp_path):
    assert main(["bench", "nosuch"]) == 2
    assert capsys.readouterr().err.startswith("mineboard: nosuch: no such benchmark")
    assert main(["bench", MINES[0], "--chart", str(tmp_path / "x.png")]) == 2
    assert "name it .svg" in capsys.readouterr().err
