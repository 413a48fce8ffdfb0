"""Sealing a side's secrets in a file: passphrase keys, authenticated encryption, joint seals.

A side that sets a passphrase gets a key derived with scrypt (memory-hard, so guessing a
passphrase from a stolen save is slow); its secret actions are stored with AES-GCM under
that key, each bound to its place in the file (the associated data), so a sealed entry can
neither be read, nor changed, nor moved without the passphrase. The seed of the dice is
sealed under a *joint* key made from every side's key: no one side can open it alone.

Everything here is the ``cryptography`` package; nothing is home-made but the layout. It is
imported where a key is made or used, not with this module: a game that seals nothing never
loads it (a twentieth of the window's start).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.errors import BadInput

SCRYPT = {"n": 2**15, "r": 8, "p": 1}
"""About a tenth of a second and 32 MB per passphrase: slow for a guesser, quick to open."""
MAX_SCRYPT_MEMORY = 256 * 1024 * 1024
"""A hostile file may not ask for more memory than this to derive a key."""
_CHECK = b"mineboard passphrase check"
_NONCE_BYTES = 12


class WrongPassphrase(BadInput):
    """A passphrase that does not open its side's seal."""


def derive_key(passphrase: str, salt: bytes, n: int = SCRYPT["n"], r: int = SCRYPT["r"],
               p: int = SCRYPT["p"]) -> bytes:
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

    return Scrypt(salt=salt, length=32, n=n, r=r, p=p).derive(passphrase.encode())


def _encrypt(key: bytes, aad: str, plaintext: bytes) -> dict[str, str]:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    nonce = secrets.token_bytes(_NONCE_BYTES)
    data = AESGCM(key).encrypt(nonce, plaintext, aad.encode())
    return {"nonce": nonce.hex(), "data": data.hex()}


def _decrypt(key: bytes, aad: str, blob: Any, where: str) -> bytes:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    try:
        nonce = bytes.fromhex(blob["nonce"])
        data = bytes.fromhex(blob["data"])
    except (TypeError, KeyError, ValueError):
        raise BadInput(where, "a sealed entry must hold hex 'nonce' and 'data'") from None
    try:
        return AESGCM(key).decrypt(nonce, data, aad.encode())
    except (InvalidTag, ValueError):
        raise BadInput(where, "sealed entry does not open: it was changed, moved, or sealed "
                              "with another passphrase") from None


@dataclass(frozen=True)
class SideSeal:
    side: str
    salt: bytes
    key: bytes = field(repr=False)

    @classmethod
    def new(cls, side: str, passphrase: str) -> SideSeal:
        salt = secrets.token_bytes(16)
        return cls(side, salt, derive_key(passphrase, salt))


@dataclass
class Seals:
    """The keys of the sides that set a passphrase, held in memory for the game's life
    (the passphrases themselves are never kept)."""

    sides: dict[str, SideSeal] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.sides)

    @classmethod
    def from_passphrases(cls, passphrases: Mapping[str, str]) -> Seals:
        return cls({side: SideSeal.new(side, text) for side, text in passphrases.items()
                    if text})

    def covers(self, side: str | None) -> bool:
        return side is not None and side in self.sides

    def joint_key(self, all_sides: tuple[str, ...]) -> bytes | None:
        """A key only all sides together have: None unless every side set a passphrase."""
        if not all_sides or any(s not in self.sides for s in all_sides):
            return None
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        material = b"".join(self.sides[s].key for s in sorted(all_sides))
        return HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                    info=b"mineboard joint seal").derive(material)

    def seal(self, side: str, aad: str, plaintext: bytes) -> dict[str, str]:
        return _encrypt(self.sides[side].key, aad, plaintext)

    def open(self, side: str, aad: str, blob: Any, where: str) -> bytes:
        return _decrypt(self.sides[side].key, aad, blob, where)

    def seal_joint(self, all_sides: tuple[str, ...], aad: str, plaintext: bytes
                   ) -> dict[str, str] | None:
        key = self.joint_key(all_sides)
        return None if key is None else _encrypt(key, aad, plaintext)

    def open_joint(self, all_sides: tuple[str, ...], aad: str, blob: Any, where: str) -> bytes:
        key = self.joint_key(all_sides)
        if key is None:
            raise BadInput(where, "the dice seed is sealed for all sides together: every "
                                  "side's passphrase is needed")
        return _decrypt(key, aad, blob, where)

    def mac(self, all_sides: tuple[str, ...], payload: bytes) -> str | None:
        """A tag over the whole file under the joint key: one side alone cannot re-seal its
        own secret or swap the seed without the others' keys. None: not every side sealed."""
        key = self.joint_key(all_sides)
        if key is None:
            return None
        from cryptography.hazmat.primitives import hashes, hmac

        tag = hmac.HMAC(key, hashes.SHA256())
        tag.update(payload)
        return tag.finalize().hex()

    # ---- in the file ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"kdf": "scrypt", **SCRYPT, "sides": {
            s.side: {"salt": s.salt.hex(), "check": _encrypt(s.key, s.side, _CHECK)}
            for s in self.sides.values()}}

    @classmethod
    def from_json(cls, data: Any, passphrases: Mapping[str, str], where: str) -> Seals:
        """Open the seals of a file with the passphrases given; one line if one is missing
        or wrong, naming the side."""
        if not isinstance(data, Mapping) or data.get("kdf") != "scrypt" or not isinstance(
                data.get("sides"), Mapping):
            raise BadInput(where, "'seals' must name the scrypt key derivation and the sides")
        n, r, p = (data.get(k) for k in ("n", "r", "p"))
        if not (isinstance(n, int) and isinstance(r, int) and isinstance(p, int)) or not (
                2**10 <= n <= 2**20 and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 8
                and 128 * n * r <= MAX_SCRYPT_MEMORY):
            raise BadInput(where, "'seals' has unusable scrypt parameters")
        seals = cls()
        for side, entry in data["sides"].items():
            if side not in passphrases:
                raise BadInput(where, f"sealed with {side}'s passphrase: give it to open "
                                      "the game")
            try:
                salt = bytes.fromhex(entry["salt"])
            except (TypeError, KeyError, ValueError):
                raise BadInput(where, f"'seals' of {side} has no hex salt") from None
            key = derive_key(passphrases[side], salt, n, r, p)
            try:
                ok = _decrypt(key, side, entry.get("check"), where) == _CHECK
            except BadInput:
                ok = False
            if not ok:
                raise WrongPassphrase(where, f"wrong passphrase for {side}")
            seals.sides[side] = SideSeal(side, salt, key)
        return seals


def sealed_sides(data: Any) -> list[str]:
    """The sides whose passphrases a file asks for (before any is typed)."""
    if isinstance(data, Mapping) and isinstance(data.get("seals"), Mapping):
        sides = data["seals"].get("sides")
        if isinstance(sides, Mapping):
            return [str(s) for s in sides]
    return []
