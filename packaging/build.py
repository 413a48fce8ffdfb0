"""Build the desktop bundle: PyInstaller's one-folder program, the desktop integration beside
it, and a .tar.gz of the whole (Linux). packaging/README.md says how, and what was tried where.

    .venv/bin/python packaging/build.py [--dist DIR] [--work DIR]

Needs the packaging extra (`pip install -e ".[packaging]"`, which pins PyInstaller). The
result is DIR/mineboard/ (run DIR/mineboard/mineboard) and, on Linux,
DIR/mineboard-<version>-linux-<machine>.tar.gz.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.mineboard.Mineboard"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

INSTALL_SH = """#!/bin/sh
# Put mineboard in the menu and on the PATH of this user, and make .mineboard files open
# with it: links into ~/.local, nothing outside the home folder. Run it again after moving
# this folder; remove ~/.local/bin/mineboard and the files named below to take it away.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$HOME/.local/bin" "$data/applications" "$data/metainfo" "$data/mime/packages"
ln -sf "$here/mineboard" "$HOME/.local/bin/mineboard"
cp "$here/share/applications/APP_ID.desktop" "$data/applications/"
cp "$here/share/metainfo/APP_ID.metainfo.xml" "$data/metainfo/"
cp "$here/share/mime/packages/APP_ID.xml" "$data/mime/packages/"
cp -r "$here/share/icons" "$data/"
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null \\
  && update-desktop-database "$data/applications" || true
echo "mineboard is in your menu; 'mineboard' runs it (if ~/.local/bin is on your PATH)."
""".replace("APP_ID", APP_ID)


def run_pyinstaller(dist: Path, work: Path) -> Path:
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                    "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work),
                    str(ROOT / "packaging" / "mineboard.spec")], check=True)
    return dist / "mineboard"


def damaged_entry(program: Path) -> str | None:
    """The first entry of the program's embedded archives that does not read back, or None.

    Every module the program imports is read from the archive appended to its executable; a
    build that wrote it wrongly starts and dies with a zlib error on its first import. Reading
    every entry back here (a few seconds) stops such a bundle at build time, with its name,
    instead of in a player's hands."""
    from PyInstaller.archive.readers import PKG_ITEM_PYZ, CArchiveReader, ZlibArchiveReader

    pkg = CArchiveReader(str(program))
    for name, (*_, typecode) in pkg.toc.items():
        try:
            if typecode == PKG_ITEM_PYZ:
                pyz = pkg.open_embedded_archive(name)
                assert isinstance(pyz, ZlibArchiveReader)
                for module in pyz.toc:
                    try:
                        pyz.extract(module, raw=True)
                    except Exception as error:  # any failure is the answer
                        return f"{name}:{module} ({error})"
            else:
                pkg.extract(name)
        except Exception as error:
            return f"{name} ({error})"
    return None


def add_desktop_files(bundle: Path) -> None:
    """The freedesktop files beside the program, where install.sh finds them."""
    share = bundle / "share"
    linux = ROOT / "packaging" / "linux"
    for folder, source, name in (
            ("applications", f"{APP_ID}.desktop", f"{APP_ID}.desktop"),
            ("metainfo", f"{APP_ID}.metainfo.xml", f"{APP_ID}.metainfo.xml"),
            ("mime/packages", f"{APP_ID}.mime.xml", f"{APP_ID}.xml")):
        (share / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(linux / source, share / folder / name)
    for size in ICON_SIZES:
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "assets" / "icons" / f"mineboard-{size}.png",
                    target / f"{APP_ID}.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "assets" / "icons" / "mineboard.svg", scalable / f"{APP_ID}.svg")
    script = bundle / "install.sh"
    script.write_text(INSTALL_SH)
    script.chmod(0o755)


def pack(bundle: Path, dist: Path) -> Path:
    from mineboard import __version__

    machine = platform.machine().lower() or "unknown"
    archive = dist / f"mineboard-{__version__}-linux-{machine}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(bundle, arcname="mineboard")
    return archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (emptied first)")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("packaging/build.py: PyInstaller is missing; install the packaging extra: "
              '.venv/bin/pip install -e ".[packaging]"', file=sys.stderr)
        return 2
    for attempt in (1, 2):  # a damaged archive is built once more, then refused
        bundle = run_pyinstaller(dist, args.work.resolve())
        program = bundle / ("mineboard.exe" if sys.platform == "win32" else "mineboard")
        damage = damaged_entry(program) if program.is_file() else None
        if damage is None:
            break
        print(f"packaging/build.py: the archive in {program} does not read back at {damage}"
              + ("; building it again" if attempt == 1 else ""), file=sys.stderr)
    else:
        return 1
    if sys.platform.startswith("linux"):
        add_desktop_files(bundle)
        print(f"bundle: {bundle}\narchive: {pack(bundle, dist)}")
        print("AppImage: not built (appimagetool is in none of the registries this project "
              "installs from; see packaging/README.md)")
    else:
        print(f"bundle: {bundle}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
