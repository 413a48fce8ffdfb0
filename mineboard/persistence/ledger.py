"""A play-by-email game's record, and each side's world rebuilt from it.

No program ever holds the whole truth. The ledger lists every action: public ones in plain,
a side's secret ones sealed for that side with a salted commitment and a public *stand-in*
(:meth:`~mineboard.core.ruleset.Ruleset.stand_in`: the dummy for the mine). A side's world
replays the ledger with its own secrets real and everyone else's unopened secrets as their
stand-ins; the *public world* uses stand-ins for every unopened secret, and both sides can
build it.

The protocol keeps one promise: every action's public outcome in the public world is the
truth's. Where a secret changes what the public sees (a ship crosses a line its owner
mined), its owner opens just the secrets that make the public world agree, and everyone
checks each opening against its commitment — so nobody can change a minefield after laying
it, and nobody learns more than the rules reveal (beyond the opened orders themselves).
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mineboard.core.actions import Action
from mineboard.core.commitment import canonical, is_digest, opens
from mineboard.core.dice import Roll
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.events import public_version
from mineboard.core.game import Game
from mineboard.core.hidden_place import refuse_as_order
from mineboard.core.history import Record
from mineboard.core.ruleset import Ruleset


class ProtocolError(MineboardError):
    """The ledger contradicts itself: the worlds disagree where the protocol says they may
    not. Reported as one line naming the entry."""


class IllegalOpening(ProtocolError):
    """An opened secret that is illegal where it was played, in a world where it is real."""

    def __init__(self, index: int, action: Action, refusal: IllegalAction) -> None:
        super().__init__(f"entry {index} ({action.kind}) breaks the rules: {refusal}")
        self.index = index
        self.refusal = refusal


@dataclass(frozen=True)
class Opening:
    """A secret made public: the action and the salt of its commitment."""

    action: Action
    salt: bytes


@dataclass(frozen=True)
class Entry:
    by: str
    action: Action | None = None
    """The action, when it is public."""
    secret: Mapping[str, Any] | None = None
    """Sealed for ``by``: side, commitment, nonce, data."""
    stand_in: Action | None = None
    rolls: tuple[int, ...] | None = ()
    """The dice as rolled; None while the action waits for the other side's dice."""
    seeded_by: int | None = None
    """The turn file whose two revealed shares seeded these dice."""

    @property
    def pending(self) -> bool:
        return self.rolls is None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by}
        if self.action is not None:
            out["action"] = self.action.to_json()
        else:
            out["secret"] = dict(self.secret or {})
            out["stand_in"] = None if self.stand_in is None else self.stand_in.to_json()
        out["rolls"] = None if self.rolls is None else list(self.rolls)
        if self.seeded_by is not None:
            out["seeded_by"] = self.seeded_by
        return out

    @classmethod
    def from_json(cls, data: Any, ruleset: Ruleset[Any], where: str) -> Entry:
        if not isinstance(data, Mapping) or not isinstance(data.get("by"), str):
            raise BadInput(where, "an entry must be an object naming the side ('by')")
        rolls = data.get("rolls")
        if rolls is not None and not (isinstance(rolls, list) and all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100
                for v in rolls)):
            raise BadInput(where, "'rolls' must be null or a list of die values")
        seeded_by = data.get("seeded_by")
        if seeded_by is not None and (not isinstance(seeded_by, int) or seeded_by < 0):
            raise BadInput(where, "'seeded_by' must be a turn number")
        recorded = None if rolls is None else tuple(rolls)
        if "action" in data:
            return cls(data["by"], action=ruleset.codec.parse(data["action"], where),
                       rolls=recorded, seeded_by=seeded_by)
        secret = data.get("secret")
        if not isinstance(secret, Mapping) or not all(
                isinstance(secret.get(k), str) for k in ("side", "commitment", "nonce", "data")
        ) or not is_digest(secret["commitment"]) or secret["side"] != data["by"]:
            raise BadInput(where, "a sealed entry needs its side's name, a commitment of 64 "
                                  "hex digits, a nonce and data")
        stand = data.get("stand_in")
        stand_in = None if stand is None else ruleset.codec.parse(stand, f"{where}: stand_in")
        if stand_in is not None and ruleset.stand_in(stand_in) != stand_in:
            raise BadInput(where, f"{stand_in.kind} is not a stand-in this ruleset makes")
        return cls(data["by"], secret=dict(secret), stand_in=stand_in, rolls=recorded,
                   seeded_by=seeded_by)


@dataclass(frozen=True)
class Outcome:
    """What everyone sees of one action: the dice, the public events, the public state."""

    rolls: tuple[int, ...]
    public: bytes


@dataclass
class Ledger:
    ruleset: Ruleset[Any]
    initial: Any
    entries: list[Entry] = field(default_factory=list)
    opened: dict[int, Opening] = field(default_factory=dict)

    # ---- worlds ------------------------------------------------------------------------
    def world(self, known: Mapping[int, Action], upto: int | None = None,
              judges: Collection[str] = (), probe: Collection[int] = ()) -> Game[Any]:
        """The game after the first ``upto`` entries, with ``known`` secrets (and every
        opened one) real and the rest as stand-ins. A pending entry is not played.

        Only the moves of ``judges`` are checked for legality here: another side's may rest
        on secrets this world holds as stand-ins (how many mines it placed); receiving a
        turn file checks those as far as they can be, and the audit in full. Each entry
        in ``probe`` is checked too, raising :class:`IllegalOpening` if it fails."""
        game: Game[Any] = Game(self.ruleset, copy.deepcopy(self.initial), 0)
        for index, entry in enumerate(self.entries[:upto]):
            if entry.pending:
                break
            action, real = self.action_of(index, known)
            if action is None:
                continue
            if index in probe:
                try:
                    refuse_as_order(action)  # a secret opened as its own stand-in
                    self.ruleset.check(game.state, action)
                except IllegalAction as exc:
                    raise IllegalOpening(index, action, exc) from None
            try:
                game.play(action, [Roll(6, v, "", "") for v in entry.rolls or ()],
                          checked=real and entry.by in judges)
            except (MineboardError, LookupError, ValueError, TypeError) as exc:
                raise ProtocolError(f"entry {index} ({action.kind}) does not replay in this "
                                    f"side's world: {exc}") from None
        return game

    def action_of(self, index: int, known: Mapping[int, Action]) -> tuple[Action | None, bool]:
        """The action a world plays for entry ``index``, and whether it is the real one."""
        entry = self.entries[index]
        if entry.action is not None:
            return entry.action, True
        if index in known:
            return known[index], True
        if index in self.opened:
            return self.opened[index].action, True
        return entry.stand_in, False

    def outcome(self, game: Game[Any], action: Action, *,
                rolls: tuple[int, ...] | None = None, seed: int | None = None,
                checked: bool = False) -> Outcome:
        """``action`` tried on a copy of ``game``: with ``rolls``, or dice from ``seed``, or
        (neither) no dice at all — :class:`~mineboard.core.dice.DiceExhausted` if it rolls.
        Unchecked unless asked: an outcome is compared, its legality settled elsewhere."""
        trial: Game[Any] = Game(self.ruleset, copy.deepcopy(game.state), 0)
        recorded = None if seed is not None else [Roll(6, v, "", "") for v in rolls or ()]
        record = trial.play(action, recorded, seed=seed, checked=checked)
        return self._outcome(trial, record)

    def _outcome(self, trial: Game[Any], record: Record) -> Outcome:
        view = self.ruleset.view(trial.state, None)
        events = [p.to_json() for p in (public_version(e) for e in record.events)
                  if p is not None]
        return Outcome(tuple(r.value for r in record.rolls),
                       canonical([self.ruleset.summary(view), events]))

    # ---- what must be opened -----------------------------------------------------------
    def openings_needed(self, index: int, action: Action, mine: Mapping[int, Action], *,
                        rolls: tuple[int, ...] | None = None, seed: int | None = None
                        ) -> tuple[Outcome, set[int]]:
        """The truth's outcome of ``action`` at entry ``index`` as the side holding
        ``mine`` knows it, and the fewest of those secrets to open so the public world
        agrees. Greedy: open them all, then close each again while the outcome holds."""
        target = self.outcome(self.world(mine, index), action, rolls=rolls, seed=seed)
        candidates = [j for j in sorted(mine) if j < index and j not in self.opened]
        keep = set(candidates)

        def agrees(subset: Iterable[int]) -> bool:
            known = {j: mine[j] for j in subset}
            try:
                got = self.outcome(self.world(known, index), action, rolls=rolls, seed=seed)
            except MineboardError:
                return False
            return got == target

        if not candidates or agrees(()):  # the usual case: no secret of this side matters
            return target, set()
        if not agrees(keep):
            raise ProtocolError(f"entry {index} ({action.kind}): the public world cannot "
                                "be made to agree by this side's secrets alone")
        for j in reversed(candidates):
            if agrees(keep - {j}):
                keep.discard(j)
        return target, keep

    def dependencies(self, opening: set[int], mine: Mapping[int, Action]) -> set[int]:
        """The fewest more of the owner's secrets (``mine``) to open with ``opening`` so that
        each opened order is legal where it was played in a world where only the opened
        secrets are real: a load opened without the buy it rests on would look, to the
        other side, like mines loaded from nowhere — the same as a forgery. (Greedy: open
        every earlier one, then close each again while the openings stay legal.)"""
        if not opening:
            return set()

        def legal(extra: set[int]) -> bool:
            """Whether every opened order is legal, its own added ones too — but for a
            clause the other side cannot judge anyway (see ``Ruleset.secret_clauses``):
            more mines opened to meet a minimum would tell what the rules do not."""
            known = {j: mine[j] for j in opening | extra}
            try:
                self.world(known, max(opening | extra) + 1, probe=opening | extra)
            except IllegalOpening as exc:
                return exc.refusal.clause in self.ruleset.secret_clauses
            except MineboardError:
                return False
            return True

        if legal(set()):
            return set()
        candidates = [j for j in sorted(mine) if j < max(opening) and j not in opening
                      and j not in self.opened]
        keep = set(candidates)
        if not legal(keep):
            return set()  # nothing of this side's makes it legal: let the receiver judge
        for j in reversed(candidates):
            if legal(keep - {j}):
                keep.discard(j)
        return keep

    # ---- checking openings -------------------------------------------------------------
    def open(self, index: int, opening: Opening, where: str) -> None:
        """Accept an opened secret only if it is what was committed, and stood in honestly."""
        if not 0 <= index < len(self.entries) or self.entries[index].secret is None:
            raise BadInput(where, f"opens entry {index}, which is not a sealed secret")
        entry = self.entries[index]
        assert entry.secret is not None
        if not opens(entry.secret["commitment"], opening.salt, canonical(
                opening.action.to_json())):
            raise BadInput(where, f"entry {index}: the opened secret is not the one "
                                  "committed when it was played: it was changed")
        if self.ruleset.stand_in(opening.action) != entry.stand_in:
            raise BadInput(where, f"entry {index}: its stand-in was not the honest one")
        self.opened[index] = opening

