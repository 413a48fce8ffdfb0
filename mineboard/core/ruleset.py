"""The one interface every rule system implements, and the registry that finds them by id.

A ruleset is stateless: it reads and changes a state object it is handed. ``check`` says
whether an action is legal without touching anything — and must answer the same on a side's
view as on the truth, since players are checked on what they know; ``apply`` changes the
state in place, rolling only through the dice it is given, and returns the events. ``view``
is boardgame.io's ``playerView``: the state as one side (or nobody) may see it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from mineboard.core import batch, outside
from mineboard.core.actions import Action, ActionCodec
from mineboard.core.advice import Advice, Progress, Target, no_progress
from mineboard.core.dice import Dice
from mineboard.core.errors import IllegalAction
from mineboard.core.events import Event
from mineboard.core.game import GameState
from mineboard.core.opponent import Choice as OpponentChoice
from mineboard.core.places import PlaceRef
from mineboard.core.planning import Choice, Command, Preview, Selection
from mineboard.core.routes import RouteReport
from mineboard.core.threat import ThreatGroup, ThreatMap

S = TypeVar("S", bound=GameState)

SUMMARY_KEYS = ("turn", "nation", "phase_name")
"""The keys every :meth:`Ruleset.summary` holds: ``mineboard run`` prints them."""


class Ruleset(ABC, Generic[S]):
    id: ClassVar[str]
    title: ClassVar[str]
    clause_prefix: ClassVar[str]
    codec: ClassVar[ActionCodec]

    @abstractmethod
    def new_state(self, scenario: Mapping[str, Any], board: Any, where: str) -> S:
        """The starting state of a scenario (already parsed JSON) on a loaded map."""

    @abstractmethod
    def check(self, state: S, action: Action) -> None:
        """Raise :class:`~mineboard.core.errors.IllegalAction` if ``action`` is not legal."""

    @abstractmethod
    def apply(self, state: S, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action on ``state`` in place; return what happened."""

    @abstractmethod
    def view(self, state: S, side: str | None) -> S:
        """``state`` as ``side`` may see it; None: as nobody may (public knowledge only).

        A game without secrets may return ``state`` itself.
        """

    secret_clauses: ClassVar[frozenset[str]] = frozenset()
    """Clauses that may refuse a move in a world where the mover's secrets are stand-ins
    though the truth allows it (a minimum of mines met by counters that look like
    dummies): by email, the other side's program cannot judge them until those secrets are
    opened, so it says so and leaves them to the audit instead of calling the move forged.
    Not a clause a stand-in can only make easier to meet (a cap on mines): a refusal under
    that is proof."""

    def stand_in(self, action: Action) -> Action | None:
        """What the other sides replay for ``action`` while it is a side's sealed secret —
        the same order with the secret made harmless (a dummy counter for a mine), so their
        world looks to them exactly as the truth does; None: it leaves no public trace and
        is skipped. Play-by-email rebuilds each side's world from these, and the conformance
        suite plays every ruleset so.

        A stand-in stands in for itself (``stand_in(stand_in(a)) == stand_in(a)``). Where
        the place of a placement is itself the secret, no place can stand in for it: return
        :class:`~mineboard.core.hidden_place.PlacedSomewhere` ("a face-down counter somewhere
        I may not name"; its module says what the ruleset then owes)."""
        return None

    @abstractmethod
    def end_phase(self, state: S) -> Action:
        """The action that ends the current phase, segment or impulse."""

    @abstractmethod
    def summary(self, state: S) -> dict[str, Any]:
        """The state as plain JSON, for ``mineboard run`` and for tests.

        It holds at least :data:`SUMMARY_KEYS`, which ``mineboard run`` prints as its heading
        line: ``turn`` (``state.turn``), ``nation`` (``state.actor``, who acts now as the
        players name them) and ``phase_name`` (``state.phase_label``). The conformance suite
        holds every ruleset to them."""

    # ---- what a player is offered (all answered from a view: what that player knows) ----
    def units_at(self, view: S, place: str) -> list[str]:
        """The units at ``place`` that the side to move may give orders to now."""
        return []

    def intent(self, view: S, selection: Selection, at: PlaceRef) -> Action | None:
        """The action a player means by choosing ``at`` with ``selection`` — legal or not,
        so a refusal can say why. None: choosing there means nothing."""
        return None

    def targets(self, view: S, selection: Selection) -> dict[PlaceRef, Action]:
        """Places worth lighting up for ``selection``: where a click would be legal."""
        return {}

    def choices(self, view: S, selection: Selection) -> list[Choice]:
        """Options the player sets for what ``selection`` may do next."""
        return []

    def commands(self, view: S, selection: Selection) -> list[Command]:
        """Buttons for ``selection`` (units picked), or menu entries for a place clicked with
        nothing picked (``selection.units`` empty)."""
        return []

    def route(self, view: S, action: Action) -> tuple[str, ...]:
        """The places a planned action passes through, drawn on the map before it is made
        (empty: it happens where the units are, and needs no second click to confirm).
        Actions that move along places carry them in a ``path`` field."""
        path = getattr(action, "path", None)
        return tuple(path) if isinstance(path, tuple) else ()

    def preview(self, view: S, action: Action) -> Preview | None:
        """The exact odds of ``action`` as far as the viewer knows them (None: no chance)."""
        return None

    # ---- the threat map (core/threat.py) --------------------------------------------------
    def threat_groups(self, view: S) -> list[ThreatGroup]:
        """The groups of units a threat map may be asked for, as ``view``'s side knows them
        (empty: this ruleset draws no threat map; the window says so)."""
        return []

    no_threat_map: ClassVar[str] = "no threat map yet"
    """What the threat dock says where :meth:`threat_groups` offers nothing."""

    def threat(self, view: S, group: str) -> ThreatMap | None:
        """What ``group`` would lose at each place, from ``view`` alone (None: no such
        group in the view)."""
        return None

    # ---- the mine-laying advisor (core/advice.py) ----------------------------------------
    no_advice: ClassVar[str] = "no mine-laying advice for this ruleset yet"
    """What *Game ▸ Advise* and ``mineboard advise`` say where :meth:`advise` gives None."""

    def advice_targets(self, view: S) -> list[Target]:
        """Places the player may name as the enemy's goal ("stop the route to …")."""
        return []

    def advise(self, view: S, target: Target | None = None,
               progress: Progress = no_progress) -> Advice | None:
        """The lays ``view``'s side (the side to move) may make now, ranked by what they
        would cost the enemy, from ``view`` alone (None: this ruleset gives no advice;
        an Advice with ``nothing`` set: none now, and why)."""
        return None

    # ---- the program's opponent for solo play (core/opponent.py) -------------------------
    opponent_policy: ClassVar[str] = ""
    """The opponent's policy in plain words, shown when a solo game starts ("" : none)."""

    def opponent_move(self, view: S) -> OpponentChoice | None:
        """The opponent's next action on its own side's ``view`` (None: end the phase)."""
        return None

    def over(self, view: S) -> str | None:
        """Why the game is over, from a view any side may read (None: it goes on); advice
        and the opponent stop there."""
        return None

    # ---- the route under the pointer (docs/paths.md) ---------------------------------------
    def route_report(self, view: S, selection: Selection, at: PlaceRef) -> RouteReport | None:
        """The route ``selection``'s units would take to ``at`` as the pointer rests there:
        its length as the rules count it, its cost, its port touches, and where it stops
        being legal and why. None: nothing to show there (the window draws nothing). Asked
        at each place the pointer enters: search with ``mineboard.maps.paths``, whose
        finders keep each start's trees, so a place pointed at costs a walk back."""
        return None

    def legal_actions(self, view: S) -> list[Action]:
        """A broad sample of the side to move's legal actions — every kind that is legal now,
        each unit and whole group, not every subset — for fuzzing and for computer players."""
        return [self.end_phase(view)]

    def invariants(self, state: S) -> list[str]:
        """What must hold after any action (e.g. mine conservation); each breach a line."""
        return []

    # ---- the odds command ------------------------------------------------------------
    odds_query: ClassVar[type[OddsQuery] | None] = None
    """A dataclass of the ``mineboard odds RULESET`` options (``Doc`` gives their help),
    whose ``preview()`` is the exact odds the command prints. It lives in a module of its
    own that the command imports alone (see :func:`provide`)."""

    # ---- results from outside the rules (core/outside.py) ---------------------------------
    def awaiting(self, state: S) -> outside.Awaiting | None:
        """The result from outside the rules the game waits for (None: it waits for none):
        the state's ``awaiting``, where a ruleset keeps it."""
        awaited = getattr(state, "awaiting", None)
        return awaited if isinstance(awaited, outside.Awaiting) else None

    def resolve(self, state: S, result: outside.OutsideResult, dice: Dice) -> list[Event]:
        """Carry out an accepted result on ``state`` in place; return what happened."""
        raise NotImplementedError(f"{self.id} awaits no result from outside the rules")

    # ---- simultaneous declarations (core/batch.py) -------------------------------------
    batch_kinds: ClassVar[frozenset[str]] = frozenset()
    """Kinds of order declared together and judged on their combined result."""

    def check_declared(self, state: S, member: Action) -> None:
        """Whether ``member`` is a legal order at all, judged alone on the state before
        (its combined effect is :meth:`check_together`'s to judge)."""
        raise NotImplementedError(f"{self.id} declares no orders together")

    def check_together(self, before: S, after: S, members: tuple[Action, ...]) -> None:
        """Whether ``after`` — every member carried out — is allowed; refuse with
        :func:`mineboard.core.batch.refusal` naming the member at fault."""

    def apply_member(self, state: S, member: Action, dice: Dice) -> list[Event]:
        """Carry out one member of a batch (judged already, with the others)."""
        return self.apply(state, member, dice)


class OddsQuery(Protocol):
    """A filled-in ``mineboard odds`` query."""

    def preview(self) -> Preview: ...


class TableRuleset(Ruleset[S]):
    """A ruleset whose legality checks and effects are tables keyed by action class."""

    checks: ClassVar[Mapping[type[Action], Callable[[Any, Any], None]]]
    effects: ClassVar[Mapping[type[Action], Callable[[Any, Any, Dice], list[Event]]]]

    def check(self, state: S, action: Action) -> None:
        awaited = self.awaiting(state)
        if outside.concerns(awaited, action):
            own = self.checks.get(type(action))
            outside.check(awaited, action, None if own is None else lambda r: own(state, r))
            return
        if isinstance(action, batch.Batch) or action.kind in self.batch_kinds:
            batch.check(self, state, action)
            return
        self.check_declared(state, action)

    def check_declared(self, state: S, action: Action) -> None:
        check = self.checks.get(type(action))
        if check is None:
            raise IllegalAction(f"{action.kind!r} is not a {self.id} action", "TURN")
        check(state, action)

    def apply(self, state: S, action: Action, dice: Dice) -> list[Event]:
        if isinstance(action, outside.OutsideResult | outside.AcceptResult
                      | outside.DisputeResult):
            return outside.apply(state, action,  # type: ignore[arg-type]
                                 lambda result: self.resolve(state, result, dice))
        if isinstance(action, batch.Batch):
            return batch.apply(self, state, action, dice)
        return self.apply_member(state, action, dice)

    def apply_member(self, state: S, action: Action, dice: Dice) -> list[Event]:
        return self.effects[type(action)](state, action, dice)
