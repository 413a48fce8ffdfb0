"""Map files loaded as a game opens them: parsed once per file version (and their checked
shapes kept on disk, see maps.parse_cache), with the maps they are related to.

``load_board`` reads a file afresh (``validate``); ``cached_board`` gives scenarios and
saves one shared board per file version (bundled maps); ``board_from_files`` reads a
game's own map through :class:`~mineboard.maps.files.MapFiles` (from the scenario's folder,
or carried in a save) and says which bytes it read. All resolve the header's ``related``
maps, at most :data:`MAX_RELATED_DEPTH` steps deep and never in a circle, and give a map
with related maps a content hash that changes when any of them does.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path, PurePath, PurePosixPath

from mineboard.core.errors import BadInput
from mineboard.maps import parse_cache
from mineboard.maps.files import MapFiles
from mineboard.maps.geojson import MapInvalid, board_from_json, read_board
from mineboard.maps.model import BoardMap
from mineboard.maps.refs import map_file, related_path
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
    """A map file as a game opens it, once per version of the file."""
    raw = read_bytes(path)
    return _parsed(raw, hashlib.sha256(raw).hexdigest(), str(path))


def _parsed(raw: bytes, digest: str, where: str) -> BoardMap:
    """A map as a game opens it: its checked shapes come from the parse cache when these
    exact bytes loaded before (see maps.parse_cache); ``load_board`` always reads afresh."""
    hit = parse_cache.load(digest, GEOMETRY_FOR_KIND)
    if hit is not None:
        with contextlib.suppress(MapInvalid):  # a cache file that lies is parsed again
            board, _ = read_board(hit.skeleton, where, digest, hit.geometries)
            board.remember_label_points(hit.label_points)
            return board
    data = parse_json(raw, where)
    board, geometries = read_board(data, where, digest)
    parse_cache.store(digest, data, geometries, board.label_points())
    return board


_BY_DIGEST: dict[str, BoardMap] = {}
"""A game's own maps (see :func:`board_from_files`) by the sha256 of their bytes."""

# Boards with their related maps, by (the file and its version — or its bytes' sha256 —,
# related maps' hashes): the same object comes back while nothing changed, a new one when
# any map in the tree did.
_LINKED: dict[tuple[tuple[Path, int] | str, tuple[tuple[str, str], ...]], BoardMap] = {}
_KEPT = 16
"""Boards each of these keeps in memory: far more maps than one program opens."""


def forget() -> None:
    """Drop the boards kept in memory (tests: a fresh start without a new process)."""
    _cached.cache_clear()
    _BY_DIGEST.clear()
    _LINKED.clear()


def cached_board(path: Path, where: str) -> BoardMap:
    """A map loaded once per file version: scenarios and saves share the parsed board.

    Related maps are resolved through the same cache; a changed related map gives the map
    a new content hash.
    """
    return _cached_tree(path, where, ())


def _cached_tree(path: Path, where: str, chain: tuple[Path | str, ...]) -> BoardMap:
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


def _with_related(board: BoardMap, path: Path, chain: tuple[Path | str, ...],
                  mtime: int | None = None) -> BoardMap:
    """The board with its related maps resolved; ``chain`` ends with the board's own file."""
    where = str(path)
    related: dict[str, BoardMap] = {}
    for name, ref in sorted(related_refs(board).items()):
        target = related_path(ref, path)
        if not target.is_file():
            raise _missing(name, ref, target, where)
        key = target.resolve()
        _check_step(name, key, chain, where)
        related[name] = _cached_tree(target, where, chain)
    if mtime is None:  # load_board: a fresh board every time
        board.related.update(related)
        board.content_hash = related_hash(board.content_hash, related)
        return board
    return _linked(board, (path.resolve(), mtime), related)


def _missing(name: str, ref: str, target: Path, where: str) -> BadInput:
    """Related map ``name`` (``ref``) is not there."""
    if ref.endswith(".geojson"):
        return BadInput(where, f"related map {name!r}: map file {target} not found")
    known = ", ".join(sorted(p.stem for p in maps_dir().glob("*.geojson")))
    return BadInput(where, f"related map {name!r}: {ref!r} is not a bundled map "
                           f"(bundled: {known})")


def _check_step(name: str, key: Path | str, chain: tuple[Path | str, ...], where: str
                ) -> None:
    """Refuse a related map that leads back into ``chain`` or one step too deep."""
    steps = " → ".join(PurePath(p).name for p in (*chain, key))
    if key in chain:
        raise BadInput(where, f"related map {name!r} leads back to a map already being "
                              f"loaded: {steps}")
    if len(chain) > MAX_RELATED_DEPTH:
        raise BadInput(where, f"related map {name!r}: related maps nest more than "
                              f"{MAX_RELATED_DEPTH} deep: {steps}")


def _linked(board: BoardMap, version: tuple[Path, int] | str,
            related: dict[str, BoardMap]) -> BoardMap:
    """The board with these related maps, the same object while nothing changed."""
    cache_key = (version, tuple((n, b.content_hash) for n, b in related.items()))
    linked = _LINKED.get(cache_key)
    if linked is None:
        if len(_LINKED) >= _KEPT:
            _LINKED.clear()
        linked = _LINKED[cache_key] = dataclasses.replace(
            board, content_hash=related_hash(board.content_hash, related), related=related)
    return linked


def board_from_files(ref: str, files: MapFiles, where: str
                     ) -> tuple[BoardMap, dict[str, bytes]]:
    """A game's own map: ``ref``, a relative ``.geojson`` path (one that passed
    :func:`~mineboard.maps.refs.map_ref_problem`), and the maps it relates to, read from
    ``files``; and the bytes of every file read, by path, for a save to carry.

    A related map named by a path is looked up beside the map that names it; one named by
    a bundled id is the bundled map. Boards are kept by the sha256 of their bytes, so the
    scenario and its saves share one.
    """
    key = PurePosixPath(ref).as_posix()
    raw = files.read(key)
    if raw is None:
        raise BadInput(where, files.missing(key))
    read: dict[str, bytes] = {}
    return _files_tree(key, raw, files, read, ()), read


def _files_tree(key: str, raw: bytes, files: MapFiles, read: dict[str, bytes],
                chain: tuple[Path | str, ...]) -> BoardMap:
    """The map at ``key`` (its bytes ``raw``) with its related maps; every file read goes
    into ``read``."""
    read[key] = raw
    where = files.name(key)
    digest = hashlib.sha256(raw).hexdigest()
    board = _BY_DIGEST.get(digest)
    if board is None:
        if len(_BY_DIGEST) >= _KEPT:
            _BY_DIGEST.clear()
        board = _BY_DIGEST[digest] = _parsed(raw, digest, where)
    refs = related_refs(board)
    if not refs:
        return board
    chain = (*chain, key)
    related: dict[str, BoardMap] = {}
    for name, ref in sorted(refs.items()):
        if not ref.endswith(".geojson"):  # a bundled map
            target = map_file(ref, maps_dir(), where)
            if not target.is_file():
                raise _missing(name, ref, target, where)
            _check_step(name, target.resolve(), chain, where)
            related[name] = _cached_tree(target, where, chain)
            continue
        beside = (PurePosixPath(key).parent / ref).as_posix()
        _check_step(name, beside, chain, where)
        found = files.read(beside)
        if found is None:
            raise BadInput(where, f"related map {name!r}: {files.missing(beside)}")
        related[name] = _files_tree(beside, found, files, read, chain)
    return _linked(board, digest, related)


def validate_file(path: Path) -> list[str]:
    """Every problem of a map file, one line each (empty: the map is good)."""
    try:
        load_board(path)
    except MapInvalid as exc:
        return [f"{path}: {p}" for p in exc.problems]
    except BadInput as exc:
        return [str(exc)]
    return []
