"""Salted hash commitments: publish a digest now, open it later, and nobody can have
changed what was committed in between — the seed of the dice, a minefield laid face-down.

The salt keeps a small secret (a count of mines, a face) from being guessed by hashing
every possibility. Hashing is the ``cryptography`` package's SHA-256.
"""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Any

SALT_BYTES = 16
_DOMAIN = b"mineboard commitment v1\x00"


def new_salt() -> bytes:
    return secrets.token_bytes(SALT_BYTES)


def canonical(value: Any) -> bytes:
    """One byte string per JSON value, whoever wrote it: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


def sha256(*parts: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes  # on first use: 10 ms of every start

    digest = hashes.Hash(hashes.SHA256())
    for part in parts:
        digest.update(len(part).to_bytes(8, "big"))  # no two part lists hash alike
        digest.update(part)
    return digest.finalize()


def commit(salt: bytes, payload: bytes) -> str:
    return sha256(_DOMAIN, salt, payload).hex()


def opens(commitment: str, salt: bytes, payload: bytes) -> bool:
    """Whether ``salt`` and ``payload`` are what ``commitment`` was made of."""
    return hmac.compare_digest(commit(salt, payload).encode(), commitment.encode())


def is_digest(value: object) -> bool:
    """A commitment or hash as files carry it: 64 lowercase hex digits."""
    return isinstance(value, str) and len(value) == 64 and all(
        c in "0123456789abcdef" for c in value)
