"""A map file's checked geometry kept on disk by the file's sha256.

Reading the North Sea's 417 KB of GeoJSON, turning its coordinates into shapely shapes and
checking them (valid, finite, oriented) was a fifth of the program's start, every start,
for a file that never changes. So once a map has loaded without a problem, its features'
geometries are written here as WKB beside the file's JSON without them (its "skeleton",
a few KB); the next load reads both, and the skeleton goes through the same checks as
the file itself — only the geometric checks, already passed by these exact shapes, are
not run again.

The key holds the file's sha256, this program's, shapely's and GEOS's versions, the label
tolerance and :data:`CACHE_FORMAT`: bump that whenever ``shapes.checked_shape`` would check or
normalise a shape differently. A cache file is checked before it is used — its own sha256
over the shapes, every shape one its feature's kind allows, the skeleton through the map's
own checks — and one that is missing, stale, unreadable or damaged is simply parsed again.
It is the user's own file, like the program's settings: one rewritten on purpose with other
valid shapes would be believed, as a rewritten settings file would. Deleting the folder
loses nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely
from shapely.errors import GEOSException
from shapely.geometry.base import BaseGeometry

from mineboard import __version__
from mineboard.atomic import write_atomic
from mineboard.core.errors import BadInput
from mineboard.maps.labels import TOLERANCE
from mineboard.resources import cache_dir, parse_json, read_bytes

CACHE_FORMAT = 1
_MAGIC = b"mineboard map cache\n"
_LIMIT = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class CachedParse:
    skeleton: dict[str, Any]
    """The map file's JSON with every feature's ``geometry`` set to null."""
    geometries: dict[int, BaseGeometry]
    """Feature index → its checked, normalised shape (features without one are absent)."""
    label_points: dict[str, tuple[float, float]]
    """Place id → where its label goes (see ``BoardMap.label_point``), as far as known."""


def cache_path(digest: str) -> Path:
    key = hashlib.sha256(f"{digest} {__version__} {shapely.__version__} "
                         f"{shapely.geos_version_string} {TOLERANCE} {CACHE_FORMAT}"
                         .encode()).hexdigest()
    return cache_dir() / "maps" / f"{key}.bin"


def load(digest: str, allowed: Mapping[str, tuple[str, ...]]) -> CachedParse | None:
    """The cached parse of the file with this sha256, or None. ``allowed`` maps a feature
    kind to the shapes it may have: a cached shape of another type is a broken cache."""
    path = cache_path(digest)
    try:
        if not path.is_file():  # inside: a folder that cannot be read is a cache miss
            return None
        raw = read_bytes(path, limit=_LIMIT)
        if not raw.startswith(_MAGIC):
            return None
        start = len(_MAGIC) + 8
        size = int.from_bytes(raw[len(_MAGIC):start], "big")
        header = parse_json(raw[start:start + size], str(path))
        blob = raw[start + size:]
        if (header["format"] != CACHE_FORMAT or header["digest"] != digest
                or header["blob_sha256"] != hashlib.sha256(blob).hexdigest()):
            return None
        return _parse(header, blob, allowed)
    except (BadInput, OSError, ValueError, TypeError, KeyError, IndexError, AttributeError,
            RecursionError, GEOSException):
        return None


def _parse(header: dict[str, Any], blob: bytes,
           allowed: Mapping[str, tuple[str, ...]]) -> CachedParse | None:
    skeleton = header["skeleton"]
    features = skeleton["features"]
    slices = header["geometries"]
    shapes = shapely.from_wkb([blob[offset:offset + length] for _, offset, length in slices])
    geometries: dict[int, BaseGeometry] = {}
    for (index, _, _), geom in zip(slices, shapes, strict=True):
        if type(index) is not int or index < 0 or index in geometries or geom is None:
            return None
        feature = features[index]
        if (feature.get("geometry") is not None
                or geom.geom_type not in allowed.get(feature["properties"]["kind"], ())):
            return None
        geometries[index] = geom
    labels: dict[str, tuple[float, float]] = {}
    for place, (x, y) in header["labels"].items():
        if not all(isinstance(v, float) and math.isfinite(v) for v in (x, y)):
            return None
        labels[str(place)] = (x, y)
    return CachedParse(skeleton, geometries, labels)


def store(digest: str, data: Mapping[str, Any], geometries: Mapping[int, BaseGeometry],
          label_points: Mapping[str, tuple[float, float]]) -> None:
    """Keep a parse that had no problem. A file that cannot be written (a read-only or full
    cache folder) or data JSON cannot hold is not kept: the next start parses again."""
    skeleton = dict(data)
    skeleton["features"] = [{**f, "geometry": None} if i in geometries else f
                            for i, f in enumerate(data["features"])]
    chunks, slices, offset = [], [], 0
    for index in sorted(geometries):
        wkb = shapely.to_wkb(geometries[index])
        chunks.append(wkb)
        slices.append([index, offset, len(wkb)])
        offset += len(wkb)
    blob = b"".join(chunks)
    try:
        header = json.dumps({
            "format": CACHE_FORMAT, "digest": digest, "skeleton": skeleton,
            "geometries": slices, "labels": {k: list(v) for k, v in label_points.items()},
            "blob_sha256": hashlib.sha256(blob).hexdigest()}, allow_nan=False).encode()
    except (TypeError, ValueError):
        return
    with contextlib.suppress(BadInput):
        write_atomic(cache_path(digest),
                     _MAGIC + len(header).to_bytes(8, "big") + header + blob)
