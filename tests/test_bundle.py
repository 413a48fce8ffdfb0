"""Issue 13: the desktop bundle is built and run as a player would run it — from its own
folder, with no checkout and no Python of ours on the path: its command line answers, its
bundled maps, tables and art are found, each bundled scenario draws as the checkout draws it,
and the desktop files name the program, its icon and the saved-game type."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mineboard.resources import bundled_scenarios

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.mineboard.Mineboard"
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("bundle")]


@pytest.fixture(scope="session")  # module scope rebuilt it (70 s) whenever xdist ran another
def bundle(tmp_path_factory) -> Path:  # module's test between two of these on the worker
    pytest.importorskip("PyInstaller", reason="the packaging extra is not installed")
    dist = tmp_path_factory.mktemp("dist")
    # Its own work and cache folders: nothing of another build (the checkout's build/, a
    # PyInstaller cache another process cleans) is shared with this one.
    work = tmp_path_factory.mktemp("work")
    env = {**os.environ, "PYINSTALLER_CONFIG_DIR": str(work / "cache")}
    built = subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--dist",
                            str(dist), "--work", str(work / "pyinstaller")],
                           capture_output=True, text=True, timeout=900, env=env)
    assert built.returncode == 0, built.stderr[-3000:]
    return dist / "mineboard"


def run(bundle: Path, tmp_path: Path, *args: str, **more: str
        ) -> subprocess.CompletedProcess[str]:
    """The bundle's program in an empty folder, with nothing of the checkout to lean on."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(MINEBOARD_DATA_DIR=str(tmp_path / "data"),
               MINEBOARD_CACHE_DIR=str(tmp_path / "cache"), QT_QPA_PLATFORM="offscreen",
               PATH="/usr/bin:/bin", **more)
    return subprocess.run([str(bundle / "mineboard"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_bundle_answers_on_the_command_line(bundle, tmp_path):
    rulesets = run(bundle, tmp_path, "rulesets")
    assert rulesets.returncode == 0 and rulesets.stdout.splitlines() == [
        "asl-minefields\tAM\tMinefields on a tactical land board (ASL B28)",
        "awaw-naval\tAW\tNaval operations on a strategic hex map (A World at War, rule 21)",
        "gwas-tactical\tGT\tMine and dummy counters on a WWI tactical hex map",
        "imperium-mines\tIM\tMinelayers, minesweepers and false minefields between star systems",
        "naval-lines\tNL\tNaval mines on sea-zone lines (WWII grand strategy)"]
    odds = run(bundle, tmp_path, "odds", "naval-lines", "--mines", "10", "--ships", "2",
               "--json")
    assert odds.returncode == 0 and '"2": "17635/19683"' in odds.stdout  # NL-15, seed ex. 2
    explain = run(bundle, tmp_path, "explain", "NL-15")  # read from the rules' source
    assert explain.returncode == 0
    assert "Enforced in:\n  mineboard.rules.naval_lines.effects:defend\n" in explain.stdout
    bad = run(bundle, tmp_path, "play", "nosuch")
    assert bad.returncode == 2 and bad.stderr.startswith("mineboard: ")  # one line, no trace


def test_the_bundle_carries_its_data_where_the_wheel_does(bundle):
    data = bundle / "_internal" / "mineboard" / "_data"
    assert (data / "maps" / "northsea.geojson").is_file()
    assert (data / "assets" / "rules" / "naval-lines" / "units.json").is_file()
    assert (data / "assets" / "help" / "gwas-tactical.md").is_file()
    assert not (bundle / "_internal" / "PySide6" / "QtQml.abi3.so").exists()  # left out


@pytest.mark.parametrize("name", sorted(bundled_scenarios()))
def test_each_bundled_scenario_draws_from_the_bundle_as_from_the_checkout(bundle, tmp_path,
                                                                         name):
    from PySide6.QtGui import QImage

    shot = run(bundle, tmp_path, "screenshot", name, "--out", str(tmp_path / "bundle.png"))
    assert shot.returncode == 0, shot.stderr
    mine = subprocess.run([sys.executable, "-m", "mineboard", "screenshot", name, "--out",
                           str(tmp_path / "checkout.png")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen",
                                   MINEBOARD_DATA_DIR=str(tmp_path / "data2")))
    assert mine.returncode == 0, mine.stderr
    ours, theirs = QImage(str(tmp_path / "bundle.png")), QImage(str(tmp_path / "checkout.png"))
    assert not ours.isNull() and ours.size() == theirs.size()
    assert len({ours.pixel(x, y) for x in range(0, ours.width(), 7)
                for y in range(0, ours.height(), 7)}) > 50  # a board, not a blank window
    # The same board, the same fonts: every pixel alike but for the dice seed's badge.
    same = sum(ours.pixel(x, y) == theirs.pixel(x, y) for x in range(0, ours.width(), 5)
               for y in range(0, ours.height(), 5))
    assert same / ((ours.width() // 5 + 1) * (ours.height() // 5 + 1)) > 0.98


def test_the_desktop_files_name_the_program_its_icon_and_the_save_type(bundle):
    share = bundle / "share"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(share / "applications" / f"{APP_ID}.desktop")
    desktop = entry["Desktop Entry"]
    assert desktop["Exec"] == "mineboard play %f" and desktop["Icon"] == APP_ID
    assert desktop["MimeType"] == "application/x-mineboard-save;"
    mime = ET.parse(share / "mime" / "packages" / f"{APP_ID}.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    kind = mime.find("m:mime-type", ns)
    assert kind is not None and kind.get("type") == "application/x-mineboard-save"
    assert kind.find("m:glob", ns).get("pattern") == "*.mineboard"  # type: ignore[union-attr]
    meta = ET.parse(share / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    assert meta.findtext("id") == APP_ID
    assert meta.find("launchable").text == f"{APP_ID}.desktop"  # type: ignore[union-attr]
    for size in (16, 32, 48, 128, 256, 512):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
                ).is_file()
    assert os.access(bundle / "install.sh", os.X_OK)


def test_a_saved_game_opens_from_the_bundle_by_its_file(bundle, tmp_path):
    """What a double-click does: `mineboard play FILE.mineboard` (the .desktop's Exec)."""
    actions = tmp_path / "a.json"
    actions.write_text('[{"kind": "end_phase"}]')
    save = tmp_path / "game.mineboard"
    made = run(bundle, tmp_path, "run", "northsea-1940", "--seed", "3", "--actions",
               str(actions), "--save", str(save))
    assert made.returncode == 0, made.stderr
    checked = run(bundle, tmp_path, "validate", str(save))
    assert checked.returncode == 0 and "naval-lines save, 1 action replayed" in checked.stdout
    shown = run(bundle, tmp_path, "play", str(save), MINEBOARD_FIRST_FRAME_EXIT="1")
    assert shown.returncode == 0 and shown.stdout.startswith("FIRST_FRAME"), shown.stderr


def test_install_sh_puts_the_program_in_the_menu_and_registers_its_saves(bundle, tmp_path):
    import shutil

    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(["sh", str(bundle / "install.sh")], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    share = home / ".local" / "share"
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png").is_file()
    linked = run(bundle, tmp_path, "rulesets")  # the same program, through the link
    via_link = subprocess.run([str(home / ".local" / "bin" / "mineboard"), "rulesets"],
                              capture_output=True, text=True, timeout=60,
                              env={**env, "QT_QPA_PLATFORM": "offscreen"})
    assert via_link.returncode == 0 and via_link.stdout == linked.stdout
    if shutil.which("update-mime-database"):  # shared-mime-info: the glob is in force
        assert "application/x-mineboard-save:*.mineboard" in (
            share / "mime" / "globs2").read_text()


def test_the_build_reads_its_archive_back_and_names_a_damaged_entry(bundle, tmp_path):
    """CI once got a bundle whose first import died with a zlib error; build.py now reads
    every entry of the program's archives back before it calls the bundle built."""
    import importlib.util

    from PyInstaller.archive.readers import PKG_ITEM_PYZ, CArchiveReader

    spec = importlib.util.spec_from_file_location("build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    program = bundle / "mineboard"
    assert build.damaged_entry(program) is None

    pkg = CArchiveReader(str(program))
    name, (offset, length, *_rest) = next(
        (n, e) for n, e in pkg.toc.items() if e[-1] == PKG_ITEM_PYZ)
    damaged = tmp_path / "mineboard"
    data = bytearray(program.read_bytes())
    middle = pkg._start_offset + offset + length // 2
    data[middle:middle + 256] = bytes(256)
    damaged.write_bytes(bytes(data))
    assert (build.damaged_entry(damaged) or "").startswith(f"{name}:")
