"""Map files loaded as a game opens them: parsed once per file version (and their checked
shapes kept on disk, see maps.parse_cache), with the maps they are related to.

``load_board`` reads a file afresh (``validate``); ``cached_board`` gives scenarios and
saves one shared board per file version; both resolve the header's ``related`` maps, at
most :data:`MAX_RELATED_DEPTH` steps deep and never in a circle, and give a map with
related maps a content hash that changes when any of them does.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from mineboard.core.errors import BadInput
from mineboard.maps import parse_cache
from mineboard.maps.geojson import MapInvalid, board_from_json, read_board
from mineboard.maps.model import BoardMap
from mineboard.maps.refs import related_path
from mineboard.maps.shapes import GEOMETRY_FOR_KIND
from mineboard.resources import maps_dir, parse_json, read_bytes, read_json

MAX_RELATED_DEPTH = 3
"""How many steps of ``related`` a map may lead through (a → b → c → d at most)."""


def load_board(path: Path) -> BoardMap:
    """A map file read afresh; its related maps come through the cache."""
    board = _parse(path)
    if not related_refs(board):
        return board
    return _with_related(board, path, (path.resolve(),))


def _parse(path: Path) -> BoardMap:
    data, digest = read_json(path)
    return board_from_json(data, str(path), digest)


@lru_cache(maxsize=16)
def _cached(path: Path, mtime_ns: int) -> BoardMap:
    """A map as a game opens it: its checked shapes come from the parse cache when this
    exact file loaded before (see maps.parse_cache); ``load_board`` always reads afresh."""
    raw = read_bytes(path)
    digest = hashlib.sha256(raw).hexdigest()
    hit = parse_cache.load(digest, GEOMETRY_FOR_KIND)
    if hit is not None:
        with contextlib.suppress(MapInvalid):  # a cache file that lies is parsed again
            board, _ = read_board(hit.skeleton, str(path), digest, hit.geometries)
            board.remember_label_points(hit.label_points)
            return board
    data = parse_json(raw, str(path))
    board, geometries = read_board(data, str(path), digest)
    parse_cache.store(digest, data, geometries, board.label_points())
    return board


# Boards with their related maps, by (file, version, related maps' hashes): the same
# object comes back while nothing changed, a new one when any map in the tree did.
_LINKED: dict[tuple[Path, int, tuple[tuple[str, str], ...]], BoardMap] = {}
_LINKED_MAX = 16


def forget() -> None:
    """Drop the boards kept in memory (tests: a fresh start without a new process)."""
    _cached.cache_clear()
    _LINKED.clear()


def cached_board(path: Path, where: str) -> BoardMap:
    """A map loaded once per file version: scenarios and saves share the parsed board.

    Related maps are resolved through the same cache; a changed related map gives the map
    a new content hash.
    """
    return _cached_tree(path, where, ())


def _cached_tree(path: Path, where: str, chain: tuple[Path, ...]) -> BoardMap:
    """``path`` with its related maps; ``chain`` holds the maps that led here."""
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        raise BadInput(where, f"map file {path} not found") from None
    board = _cached(path, mtime)
    if not related_refs(board):
        return board
    return _with_related(board, path, (*chain, path.resolve()), mtime)


def bundled_board(map_id: str, where: str) -> BoardMap:
    return cached_board(maps_dir() / f"{map_id}.geojson", where)


def related_refs(board: BoardMap) -> dict[str, str]:
    """The header's ``related`` member: name → bundled map id or .geojson path."""
    raw = board.meta.get("related")
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): str(v) for k, v in raw.items()}


def related_hash(digest: str, related: Mapping[str, BoardMap]) -> str:
    """sha256 of the map's own digest (hex), then for each related map in name order a
    newline and ``<name>=<content hash>``: a save notices when a related map changed."""
    h = hashlib.sha256(digest.encode())
    for name in sorted(related):
        h.update(f"\n{name}={related[name].content_hash}".encode())
    return h.hexdigest()


def _with_related(board: BoardMap, path: Path, chain: tuple[Path, ...],
                  mtime: int | None = None) -> BoardMap:
    """The board with its related maps resolved; ``chain`` ends with the board's own file."""
    where = str(path)
    related: dict[str, BoardMap] = {}
    for name, ref in sorted(related_refs(board).items()):
        target = related_path(ref, path)
        if not target.is_file():
            if ref.endswith(".geojson"):
                raise BadInput(where, f"related map {name!r}: map file {target} not found")
            known = ", ".join(sorted(p.stem for p in maps_dir().glob("*.geojson")))
            raise BadInput(where, f"related map {name!r}: {ref!r} is not a bundled map "
                                  f"(bundled: {known})")
        key = target.resolve()
        steps = " → ".join(p.name for p in (*chain, key))
        if key in chain:
            raise BadInput(where, f"related map {name!r} leads back to a map already being "
                                  f"loaded: {steps}")
        if len(chain) > MAX_RELATED_DEPTH:
            raise BadInput(where, f"related map {name!r}: related maps nest more than "
                                  f"{MAX_RELATED_DEPTH} deep: {steps}")
        related[name] = _cached_tree(target, where, chain)
    content_hash = related_hash(board.content_hash, related)
    if mtime is None:  # load_board: a fresh board every time
        board.related.update(related)
        board.content_hash = content_hash
        return board
    cache_key = (chain[-1], mtime, tuple((n, b.content_hash) for n, b in related.items()))
    linked = _LINKED.get(cache_key)
    if linked is None:
        if len(_LINKED) >= _LINKED_MAX:
            _LINKED.clear()
        linked = _LINKED[cache_key] = dataclasses.replace(
            board, content_hash=content_hash, related=related)
    return linked


def validate_file(path: Path) -> list[str]:
    """Every problem of a map file, one line each (empty: the map is good)."""
    try:
        load_board(path)
    except MapInvalid as exc:
        return [f"{path}: {p}" for p in exc.problems]
    except BadInput as exc:
        return [str(exc)]
    return []
