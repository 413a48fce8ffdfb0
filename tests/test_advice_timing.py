"""Issue 30: the mine-laying advisor answers within 1 s on any bundled scenario's turn —
here on the first laying turn of each, for no target and the first goals it offers
(`mineboard bench advise_bundled_scenarios`, whose positions these are)."""

from __future__ import annotations

import pytest

from mineboard.bench import advice


def test_every_bundled_scenario_with_mines_reaches_a_turn_with_lays_to_rank() -> None:
    found = {(name, view.phase_label) for name, _ruleset, view in advice._positions()}
    assert found == {("asl-velden-crossroads", "Secret minefield record"),
                     ("asl-village-minefield", "Secret minefield record"),
                     ("imperium-marches", "Action segment 1 of 4"),
                     ("jutland-horns-reef", "Counter setup"),
                     ("northsea-1940", "Non-Combat Movement"),
                     ("northsea-1940-hidden", "Non-Combat Movement")}


@pytest.mark.timing
def test_the_slowest_advice_is_within_the_issues_second() -> None:
    advice._positions()  # the games played up to the lay are not the advice's time
    assert min(advice.slowest_advice() for _ in range(3)) < advice.ADVICE_MS / 1000
