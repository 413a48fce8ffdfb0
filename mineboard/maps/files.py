"""A game's own map files — a map the player drew, named by a relative ``.geojson`` path,
and the custom maps it relates to — and where their bytes come from: the scenario's
folder when a game begins, the save when it is opened again.

A save carries these files (see persistence.saves), so it opens wherever it is, whatever
folder the program starts from; bundled maps are named by id and never carried. Files
are keyed by their path relative to the scenario's folder, as the scenario and the maps
name them ('/' between folders, no '..').
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from mineboard.maps.refs import map_file
from mineboard.resources import read_bytes


class MapFiles(Protocol):
    def name(self, key: str) -> str:
        """How a message names the file at ``key``."""

    def read(self, key: str) -> bytes | None:
        """The file's bytes, or None when there is no such file."""

    def missing(self, key: str) -> str:
        """What to tell when there is no file at ``key``."""


@dataclass(frozen=True)
class FolderFiles:
    """Map files in a folder on disk, reached by the rules of
    :func:`~mineboard.maps.refs.map_file`: inside the folder, no symbolic link out."""

    folder: Path
    where: str

    def name(self, key: str) -> str:
        return str(map_file(key, self.folder, f"{self.where}: map"))

    def read(self, key: str) -> bytes | None:
        path = map_file(key, self.folder, f"{self.where}: map")
        return read_bytes(path) if path.is_file() else None

    def missing(self, key: str) -> str:
        return f"map file {self.name(key)} not found"


@dataclass(frozen=True)
class CarriedFiles:
    """Map files a save carries: the bytes themselves, whatever is on disk now."""

    files: Mapping[str, bytes]
    where: str

    def name(self, key: str) -> str:
        return f"{self.where}: map {key}"

    def read(self, key: str) -> bytes | None:
        return self.files.get(key)

    def missing(self, key: str) -> str:
        return f"map {key!r} is not among the map files the save carries"
