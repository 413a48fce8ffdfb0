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

import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.commitment import canonical
from mineboard.core.errors import BadInput
from mineboard.core.words import possessive

SCRYPT = {"n": 2**15, "r": 8, "p": 1}
"""About a tenth of a second and 32 MB per passphrase: slow for a guesser, quick to open."""
MAX_SCRYPT_MEMORY = 256 * 1024 * 1024
"""A hostile file may not ask for more memory than this to derive a key."""
_CHECK = b"mineboard passphrase check"
_NONCE_BYTES = 12
SEALED_BLOCK = 512
"""Sealed secrets are padded to a whole number of blocks this long, so the size of a sealed
entry does not tell what it holds (a buy, a load and a lay were 83, 106 and 112 bytes);
every secret order of the bundled rulesets fits in one block."""


def padded(plaintext: bytes) -> bytes:
    """``plaintext`` (JSON) with trailing spaces up to a whole number of blocks: JSON reads
    them as nothing, and the sealed sizes of different secrets are alike."""
    return plaintext + b" " * (-len(plaintext) % SEALED_BLOCK or
                               (0 if plaintext else SEALED_BLOCK))


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
    def to_json(self, binding: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The seals as a file holds them. ``binding``: what each side's own check then
        vouches for under its key (which sides sealed, the dice, the table), so that no
        side can strip another's seal, or swap the seed, without every remaining side's
        program noticing when it opens the file."""
        check = _CHECK if binding is None else _CHECK + b"\n" + canonical(
            {**binding, "sealed_by": sorted(self.sides)})
        return {"kdf": "scrypt", **SCRYPT, "sides": {
            s.side: {"salt": s.salt.hex(), "check": _encrypt(s.key, s.side, check)}
            for s in self.sides.values()}}

    @classmethod
    def from_json(cls, data: Any, passphrases: Mapping[str, str], where: str,
                  binding: Mapping[str, Any] | None = None) -> Seals:
        """Open the seals of a file with the passphrases given; one line if one is missing
        or wrong, naming the side. With ``binding`` (what the file says now of its sealing
        sides, dice and table), each side's check must vouch for exactly that: a seal
        removed, a seed swapped or a table opened since it was sealed is refused."""
        if not isinstance(data, Mapping) or data.get("kdf") != "scrypt" or not isinstance(
                data.get("sides"), Mapping):
            raise BadInput(where, "'seals' must name the scrypt key derivation and the sides")
        stray = sorted(set(passphrases) - set(data["sides"]))
        if stray:
            raise BadInput(where, f"a passphrase is given for {', '.join(stray)}, but the "
                                  "file holds no seal of that side: it was removed, or this "
                                  "is not the game that side sealed")
        n, r, p = (data.get(k) for k in ("n", "r", "p"))
        if not (isinstance(n, int) and isinstance(r, int) and isinstance(p, int)) or not (
                2**10 <= n <= 2**20 and n & (n - 1) == 0 and 1 <= r <= 32 and 1 <= p <= 8
                and 128 * n * r <= MAX_SCRYPT_MEMORY):
            raise BadInput(where, "'seals' has unusable scrypt parameters")
        seals = cls()
        for side, entry in data["sides"].items():
            if side not in passphrases:
                raise BadInput(where, f"sealed with {possessive(side)} passphrase: give it to open "
                                      "the game")
            try:
                salt = bytes.fromhex(entry["salt"])
            except (TypeError, KeyError, ValueError):
                raise BadInput(where, f"'seals' of {side} has no hex salt") from None
            key = derive_key(passphrases[side], salt, n, r, p)
            try:
                check = _decrypt(key, side, entry.get("check"), where)
            except BadInput:
                raise WrongPassphrase(where, f"wrong passphrase for {side}") from None
            _vouches(check, side, binding, sorted(data["sides"]), where)
            seals.sides[side] = SideSeal(side, salt, key)
        return seals


def _vouches(check: bytes, side: str, binding: Mapping[str, Any] | None,
             sealed_by: list[str], where: str) -> None:
    """Whether ``side``'s opened check vouches for the file as it is now."""
    if binding is None:
        if check.startswith(_CHECK + b"\n"):
            raise BadInput(where, f"{possessive(side)} seal was made for a newer format than "
                                  "the file says it is: its format was changed to drop what "
                                  "the seal vouches for")
        if check != _CHECK:
            raise BadInput(where, f"{possessive(side)} seal is not one of this kind of file")
        return
    head, _sep, body = check.partition(b"\n")
    if head != _CHECK:
        raise BadInput(where, f"{possessive(side)} seal vouches for nothing: it was made for "
                              "another kind of file")
    try:
        vouched = json.loads(body)
    except ValueError:
        vouched = None
    if not isinstance(vouched, dict):
        raise BadInput(where, f"{possessive(side)} seal vouches for nothing readable")
    was = vouched.get("sealed_by")
    if was != sealed_by:
        names = " and ".join(was) if isinstance(was, list) else "other sides"
        raise BadInput(where, f"sealed by {names} when saved, but the file now holds the "
                              f"seals of {' and '.join(sealed_by) or 'nobody'}: a seal was "
                              "removed or added since")
    for key, value in binding.items():
        if vouched.get(key) != value:
            raise BadInput(where, f"its {key} changed since {side} sealed it (or "
                                  f"{possessive(side)} seal was taken from another game)")


def sealed_sides(data: Any) -> list[str]:
    """The sides whose passphrases a file asks for (before any is typed)."""
    if isinstance(data, Mapping) and isinstance(data.get("seals"), Mapping):
        sides = data["seals"].get("sides")
        if isinstance(sides, Mapping):
            return [str(s) for s in sides]
    return []
