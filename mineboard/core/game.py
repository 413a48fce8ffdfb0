"""The game contract: what every ruleset's state offers, and the one observation point.

A :class:`Game` holds the truth. Everything a player is shown, told or refused goes
through :meth:`Game.observe`: the state as that seat may see it, the events it may read,
and a legality check run against what it knows — so no refusal can answer from a secret.
The window and the command line read the game only through observations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from mineboard.core.actions import Action
from mineboard.core.commitment import commit, new_salt
from mineboard.core.dice import Roll, ScriptedDice, ScriptedRolls, SeededDice
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.events import Event, public_version, visible_to
from mineboard.core.hidden_place import refuse_as_order
from mineboard.core.history import History, Record, ReplayError
from mineboard.core.table import Table
from mineboard.core.words import count_of, possessive

if TYPE_CHECKING:  # the ruleset module needs GameState from here at run time
    from mineboard.core.ruleset import Ruleset

TEACHER = "@teacher"
"""The seat that sees everything: solo and teaching games, and the referee in tests."""
PUBLIC = "@public"
"""The seat of nobody: what may lie on the table while the board is covered."""


@runtime_checkable
class GameState(Protocol):
    """What the program asks of every ruleset's state, whatever else it holds.

    ``phasing`` is the side whose turn it is; ``to_move`` the side that must act now. They
    differ when the other side answers mid-turn (an ASL reaction, an AWAW interception).
    """

    turn: int

    @property
    def sides(self) -> tuple[str, ...]:
        """The players' sides, in seat order."""

    @property
    def owners(self) -> tuple[str, ...]:
        """Everyone who owns units or mines (nations, or the sides themselves), in turn order."""

    @property
    def phasing(self) -> str: ...

    @property
    def to_move(self) -> str: ...

    @property
    def actor(self) -> str:
        """Who acts now, as the players name them (a nation of the side to move)."""

    @property
    def phase_label(self) -> str: ...

    @property
    def has_secrets(self) -> bool:
        """Whether a side holds anything the other may not see (hot-seat needs a cover)."""

    def side_of(self, owner: str) -> str: ...


S = TypeVar("S", bound=GameState)


def seat_for(state: GameState, name: str, where: str = "side") -> str:
    """The seat a player means by ``name``: a side, or a nation (owner) of that side."""
    if name in state.sides:
        return name
    if name in state.owners:
        return state.side_of(name)
    known = ", ".join(dict.fromkeys([*state.sides, *state.owners]))
    raise BadInput(where, f"no side or nation {name!r} in this game (known: {known})")


class Game(Generic[S]):
    """One game: the truth, its history, its seed. Undo and redo never re-roll a die.

    The seed is committed when the game begins: ``seed_commitment`` (a salted hash) can be
    shown to everyone at once, and a save whose seed does not open it is refused.
    """

    def __init__(self, ruleset: Ruleset[S], initial: S, seed: int, table: Table = Table(),
                 seed_salt: bytes | None = None) -> None:
        if table.program is not None and table.program not in initial.sides:
            raise BadInput("table.program", f"{table.program[:40]!r} is not a side of this game "
                                            f"({', '.join(initial.sides)})")
        self.ruleset = ruleset
        self.seed = seed
        self.seed_salt = new_salt() if seed_salt is None else seed_salt
        self.seed_commitment = commit(self.seed_salt, str(seed).encode())
        self.table = table
        self._state = initial
        self._history: History[S] = History(initial, self._replay_record)
        self._redo: list[Record] = []
        self._rolls = 0
        self._generation = 0
        self._observations: dict[str, Observation[S]] = {}

    # ---- the truth (persistence, tests and the rules engine only) --------------------------
    @property
    def state(self) -> S:
        """The true state. The window and the command line read :meth:`observe` instead."""
        return self._state

    @property
    def initial(self) -> S:
        return self._history.initial

    @property
    def records(self) -> list[Record]:
        return self._history.records

    @property
    def roll_count(self) -> int:
        return self._rolls

    @property
    def generation(self) -> int:
        """Changes whenever the state does: a key for anything computed from it."""
        return self._generation

    # ---- observing ---------------------------------------------------------------------
    def observe(self, seat: str) -> Observation[S]:
        """The game as ``seat`` (a side, :data:`TEACHER` or :data:`PUBLIC`) may know it."""
        cached = self._observations.get(seat)
        if cached is None:
            if seat == TEACHER:
                view = self._state
            else:
                view = self.ruleset.view(self._state, None if seat == PUBLIC else seat)
            cached = Observation(seat, view, self)
            self._observations[seat] = cached
        return cached

    @property
    def has_secrets(self) -> bool:
        return bool(self._state.has_secrets)

    def may_see_everything(self) -> bool:
        """Whether undo past dice and the teacher view are allowed: in a game without
        secrets always; in one with secrets only at a table all sides opened at the start."""
        return self.table.open or not self.has_secrets

    def seat_to_move(self) -> str:
        """Whose eyes a move is checked with: the side to move when secrets exist."""
        return self._state.to_move if self._state.has_secrets else TEACHER

    # ---- playing -------------------------------------------------------------------------
    def check(self, action: Action, by: str | None = None) -> None:
        """Raise IllegalAction unless ``action`` is legal — for ``by``, judged on what that
        side knows: a refusal never tells a secret. (None: a script or a test, on the truth.)"""
        refuse_as_order(action)  # a stand-in is replayed unchecked, never played as an order
        if by is None or by == TEACHER or not self._state.has_secrets:
            self.ruleset.check(self._state, action)
            return
        if by != self._state.to_move:
            raise IllegalAction(f"it is {possessive(self._state.to_move)} move, not "
                                f"{possessive(by)}", "TURN")
        self.observe(by).check(action)
        try:
            self.ruleset.check(self._state, action)
        except IllegalAction:
            # A ruleset whose check needs a secret must answer from the view instead (the
            # conformance suite holds every ruleset to it); should one slip, its wording
            # must not reach the player.
            raise IllegalAction("not allowed, for a reason hidden from you", "HIDDEN") from None

    def play(self, action: Action, recorded: Sequence[Roll] | None = None,
             by: str | None = None, *, seed: int | None = None, checked: bool = True
             ) -> Record:
        """Check and apply ``action``. Illegal actions raise and change nothing.

        With ``recorded`` the dice replay those rolls instead of drawing from the seed; with
        ``seed`` they are drawn afresh from that one (a play-by-email resolution). Only a
        world rebuilt from stand-ins (see :meth:`Ruleset.stand_in`) plays ``checked=False``.
        """
        if checked:
            self.check(action, by)
        record = self._apply(action, recorded, by, seed)
        self._redo.clear()
        return record

    def _apply(self, action: Action, recorded: Sequence[Roll] | None,
               by: str | None, seed: int | None = None) -> Record:
        dice: SeededDice | ScriptedDice | ScriptedRolls
        if recorded is not None:
            dice = ScriptedDice(r.value for r in recorded)
        elif self.table.dice_script is not None and seed is None:
            dice = ScriptedRolls(self.table.dice_script, self._rolls)
        else:
            dice = SeededDice(self.seed, self._rolls) if seed is None else SeededDice(seed)
        mover = self._state.to_move
        try:
            events = self.ruleset.apply(self._state, action, dice)
            if isinstance(dice, ScriptedDice) and dice.unused:
                raise ReplayError(f"{count_of(dice.unused, 'recorded roll')} left over")
        except BaseException:
            self._state = self._history.state_after(len(self.records))  # nothing half-done
            self._changed()
            raise
        hands_over = self.has_secrets and self._state.to_move != mover
        record = Record(action, tuple(dice.rolls), tuple(events), by, hands_over,
                        mover=None if mover is None else str(mover))
        self._history.append(record, self._state)
        self._rolls += len(record.rolls)
        self._changed()
        return record

    def _replay_record(self, state: S, record: Record) -> None:
        self.ruleset.apply(state, record.action, ScriptedDice(r.value for r in record.rolls))

    def _changed(self) -> None:
        self._generation += 1
        self._observations.clear()

    def can_undo(self, past_commits: bool = False) -> bool:
        """Whether the last action may be taken back. ``past_commits``: the players asked
        to undo past dice and reveals too — granted only if :meth:`may_see_everything`."""
        if not self.records:
            return False
        return (past_commits and self.may_see_everything()) or not self.records[-1].commits

    def undo(self, past_commits: bool = False) -> Record:
        if not self.records:
            raise IllegalAction("nothing to undo", "undo")
        if not self.can_undo(past_commits):
            last = self.records[-1]
            why = ("the move has passed to another side since" if last.hands_over else
                   "dice were rolled or a secret revealed")
            raise IllegalAction(f"{why}; this cannot be undone"
                                + (" in a game with secrets" if self.has_secrets
                                   else " in a two-player game"), "undo")
        record = self._history.pop()
        self._rolls -= len(record.rolls)
        self._state = self._history.state_after(len(self.records))
        self._redo.append(record)
        self._changed()
        return record

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> Record:
        if not self._redo:
            raise IllegalAction("nothing to redo", "redo")
        record = self._redo[-1]
        self.check(record.action)
        self._redo.pop()
        return self._apply(record.action, record.rolls, record.by)

    @classmethod
    def replay(cls, ruleset: Ruleset[S], initial: S, seed: int,
               steps: Iterable[tuple[Action, Sequence[Roll] | None]],
               table: Table = Table(), seed_salt: bytes | None = None) -> Game[S]:
        """Rebuild a game from its actions; stops with a one-line error at the first bad one."""
        game = cls(ruleset, initial, seed, table, seed_salt)
        for index, (action, rolls) in enumerate(steps):
            try:
                game.play(action, rolls)
            except IllegalAction as exc:
                raise ReplayError(f"action {index} ({action.kind}) is illegal: {exc}") from None
            except MineboardError as exc:
                raise ReplayError(f"action {index} ({action.kind}): {exc}") from None
        return game


@dataclass(frozen=True, eq=False)
class Observation(Generic[S]):
    """The game as one seat knows it. Valid until the game changes (see ``generation``)."""

    seat: str
    view: S
    _game: Game[S]
    """Kept private: an observation gives its holder the view, never the truth."""

    @property
    def ruleset(self) -> Ruleset[S]:
        return self._game.ruleset

    def check(self, action: Action) -> None:
        """Legality as this seat can judge it: the ruleset's check on the seat's view."""
        self._game.ruleset.check(self.view, action)

    def refusal(self, action: Action) -> IllegalAction | None:
        try:
            self.check(action)
        except IllegalAction as exc:
            return exc
        return None

    def read(self, event: Event) -> Event | None:
        """The version of ``event`` this seat may read, or None."""
        if self.seat == TEACHER:
            return event
        if self.seat == PUBLIC:
            return public_version(event)
        return visible_to(event, self.seat)

    def events_of(self, record: Record) -> list[Event]:
        return [e for e in (self.read(x) for x in record.events) if e is not None]

    def events(self) -> list[Event]:
        """Every event so far that this seat may read, oldest first."""
        return [e for r in self._game.records for e in self.events_of(r)]

    def dice_seen(self) -> list[tuple[str | None, tuple[Roll, ...], list[Event]]]:
        """Each action's side to move, its dice and the events of it this seat may read,
        oldest first (*View ▸ Dice*). An action that is another side's secret shows none of
        its dice: by email every other roll is in the turn file for both sides to read."""
        seen = []
        for record in self._game.records:
            secret = record.secret_to
            rolls = record.rolls if self.seat == TEACHER or secret in (None, self.seat) else ()
            seen.append((record.mover, rolls, self.events_of(record)))
        return seen

    def summary(self) -> dict[str, Any]:
        """The seat's knowledge as plain JSON, for ``mineboard run`` and for tests."""
        game = self._game
        dice: dict[str, Any] = {"commitment": game.seed_commitment}
        if game.table.seed_given:  # a seed from the command line: no secret to keep
            dice["seed"] = game.seed
        if game.table.dice_script is not None:
            dice["script"] = list(game.table.dice_script)
            dice["unused"] = list(game.table.dice_script[game.roll_count:])
        return {"ruleset": game.ruleset.id, "dice": dice, "table": game.table.to_json(),
                "state": self._game.ruleset.summary(self.view),
                "events": [e.to_json() for e in self.events()]}
