"""assets/ and maps/ are found from an installed wheel, not only from a checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_carries_assets_and_maps_and_runs(tmp_path: Path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(dist), str(ROOT)], check=True, capture_output=True)
    (wheel,) = dist.glob("mineboard-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "mineboard/_data/maps/northsea.geojson" in names
    assert "mineboard/_data/assets/rules/naval-lines/units.json" in names
    assert "mineboard/_data/assets/tutorials/naval-lines.json" in names  # Help ▸ Tutorials
    assert "mineboard/_data/maps/scenarios/northsea-1940.json" in names

    # A bare venv gets the wheel; its dependencies come from this environment's
    # site-packages through a .pth line (not processed further, so the editable checkout
    # of mineboard stays invisible to it).
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    vpy = venv / "bin" / "python"
    purelib = subprocess.run([str(vpy), "-c", "import sysconfig; print(sysconfig.get_paths()"
                              "['purelib'])"], check=True, capture_output=True,
                             text=True).stdout.strip()
    Path(purelib, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(vpy), "install", "--no-deps",
                    "--no-index", "--quiet", str(wheel)], check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(venv / "bin" / "mineboard"), "rulesets"], cwd=tmp_path,
                         check=True, capture_output=True, text=True, env=env).stdout
    assert "naval-lines\tNL" in out and "imperium-mines\tIM" in out
    where = subprocess.run([str(vpy), "-c", "from mineboard.resources import maps_dir; "
                            "print(maps_dir())"], cwd=tmp_path, check=True,
                           capture_output=True, text=True, env=env).stdout.strip()
    assert "/_data/maps" in where and str(ROOT) not in where
    tutorials = subprocess.run([str(vpy), "-c", "from mineboard.explorer.tutorials import "
                                "load_tutorial, tutorial_ids, tutorial_path as t; "
                                "print(len(tutorial_ids()), load_tutorial(t('awaw-naval')).path)"],
                               cwd=tmp_path, check=True, capture_output=True, text=True,
                               env=env).stdout.strip()
    assert tutorials.startswith("5 ") and "/_data/assets/tutorials/awaw-naval.json" in tutorials
    out = subprocess.run([str(venv / "bin" / "mineboard"), "odds", "naval-lines", "--mines",
                          "10", "--ships", "2", "--json"], cwd=tmp_path, check=True,
                         capture_output=True, text=True, env=env).stdout
    assert '"2": "17635/19683"' in out
