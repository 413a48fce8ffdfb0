"""The suite's grouped tests share a worker (`make test` runs `--dist loadgroup`): the desktop
bundle and the Xvfb screens are built once, by the one worker their group goes to. With
pytest 9.2 the group no longer reached pytest-xdist's scheduler and nothing failed — each
worker built the bundle (70 s more of CI) — so this test fails instead."""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("probe")
def test_a_grouped_test_carries_its_group_to_the_scheduler(request: pytest.FixtureRequest) -> None:
    if getattr(request.config.option, "loadgroup", False):  # a worker of `--dist loadgroup`
        assert request.node.nodeid.endswith("@probe"), request.node.nodeid
    else:  # one process, or another distribution: the mark is there for when it is not
        assert request.node.get_closest_marker("xdist_group").args == ("probe",)
