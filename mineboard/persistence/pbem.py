"""Play by email: turn files that no side can peek into, replay or forge.

Each turn file holds the whole game so far — the ledger (public actions, the sender's and
earlier secrets sealed for their owners, the secrets opened), the dice shares — plus its
number and the hash of the file before it. The two sides' files alternate, even when one
side only answers the other's dice.

Dice: every file commits to a fresh random share of its sender and reveals the share the
sender committed in its previous file. An action that rolls is never resolved by the side
that chose it: it waits at the end of that side's file, and the other side's program rolls
it from the two shares revealed in the two files around it — each committed before the
other was known, so neither side could predict or bias the dice.

Hidden minefields: each program plays the other side's moves in its own world (its
secrets real, the other's as stand-ins, see :mod:`mineboard.persistence.ledger`). When a
move would come out differently in the truth — a ship crossing a line the receiver mined
— the receiver's program cuts the sender's file there, rolls that move's dice, and opens
the secrets that decide it; the sender's later moves of that file are set aside, and the
sender plays on from what really happened.

Every check names what is wrong in one line: a file out of order, changed, from another
game, or whose dice or openings do not add up.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mineboard.atomic import write_atomic
from mineboard.core.actions import Action
from mineboard.core.commitment import canonical, commit, new_salt, opens, sha256
from mineboard.core.dice import DiceExhausted
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.game import Game, seat_for
from mineboard.core.hidden_place import refuse_as_order
from mineboard.core.words import count_of, possessive
from mineboard.persistence.ledger import (
    Entry,
    IllegalOpening,
    Ledger,
    Opening,
    ProtocolError,
)
from mineboard.persistence.scenario import Scenario
from mineboard.persistence.sealing import Seals, SideSeal, WrongPassphrase, padded
from mineboard.persistence.turnfile import (
    FIRST_PLAY,
    ShareStep,
    TurnFile,
    aad,
    dice_seed,
    hex_bytes,
    parse_turn,
    read_turn,
)
from mineboard.resources import parse_json, read_bytes, user_dir

__all__ = ["Entry", "Seat", "TurnFile", "aad", "join", "last_sent", "read_turn", "receive",
           "receive_file", "send", "sit", "start"]


def turns_dir() -> Path:
    return user_dir() / "pbem"


# ---- one side's seat ----------------------------------------------------------------------
@dataclass
class Seat:
    """One side at a play-by-email game: the last file, its key, its secrets and new moves."""

    me: str
    last: TurnFile
    seal: SideSeal
    entries: list[Entry]
    """The ledger this side is writing: the last file's, rolled where needed, plus its own
    new moves."""
    mine: dict[int, Action] = field(default_factory=dict)
    salts: dict[int, bytes] = field(default_factory=dict)
    opened: dict[int, Opening] = field(default_factory=dict)
    """Openings this side adds in its next file."""
    told: list[str] = field(default_factory=list)
    """What receiving the file did, for the player: dice rolled, moves set aside, openings."""
    next_share: bytes = field(default_factory=lambda: secrets.token_bytes(32))

    @property
    def other(self) -> str:
        return next(s for s in self.last.sides if s != self.me)

    @property
    def seq(self) -> int:
        """The number of the file this side writes next."""
        return self.last.seq + 1

    def ledger(self) -> Ledger:
        return Ledger(self.last.ledger.ruleset, self.last.ledger.initial, self.entries,
                      {**self.last.ledger.opened, **self.opened})

    def world(self) -> Game[Any]:
        """This side's world; its player sees it through ``observe(me)``."""
        return self.ledger().world(self.mine, judges=(self.me,))

    @property
    def pending(self) -> bool:
        return bool(self.entries) and self.entries[-1].pending

    @property
    def sent(self) -> bool:
        """This side sits at its own last file: the answer is the other side's to write."""
        return self.last.seq >= 0 and self.last.sender == self.me

    def may_move(self) -> bool:
        return self.seq >= FIRST_PLAY and not self.pending and not self.sent and \
            self.world().state.to_move == self.me

    def _keep_open(self, indices: set[int]) -> int:
        """Open ``indices`` in the next file, with the earlier secrets they rest on (see
        :meth:`Ledger.dependencies`), so the other side can judge each of them now. How
        many secrets that opens, the ones they rest on counted too."""
        fresh = {j for j in indices if j not in self.ledger().opened}
        opening = fresh | self.ledger().dependencies(fresh, self.mine)
        for j in opening:
            self.opened[j] = Opening(self.mine[j], self.salts[j])
        return len(opening)

    # ---- sitting down ------------------------------------------------------------------
    @classmethod
    def take(cls, last: TurnFile, me: str, passphrase: str, where: str) -> Seat:
        """Sit down at ``last`` as ``me``: open the key and this side's sealed secrets."""
        sides = last.seals.get("sides", {})
        if me not in sides:
            raise BadInput(where, f"{me} has not joined this game")
        seals = Seals.from_json({**last.seals, "sides": {me: sides[me]}}, {me: passphrase},
                                where)
        seat = cls(me, last, seals.sides[me], list(last.ledger.entries))
        for index, entry in enumerate(last.ledger.entries):
            if entry.secret is None or entry.by != me:
                continue
            at = f"{where}: ledger[{index}]"
            inside = parse_json(seals.open(me, aad(last.game_id, "entry", index),
                                           entry.secret, at), at)
            if not isinstance(inside, Mapping):
                raise BadInput(at, "sealed entry holds no action")
            action = last.ledger.ruleset.codec.parse(inside.get("action"), at)
            salt = hex_bytes(inside.get("salt"), at, "salt")
            if not opens(entry.secret["commitment"], salt, canonical(action.to_json())):
                raise BadInput(at, "sealed secret does not match its commitment")
            seat.mine[index] = action
            seat.salts[index] = salt
        return seat

    # ---- playing -----------------------------------------------------------------------
    def play(self, action: Action) -> Entry:
        """Play one of this side's moves. One that rolls waits for the other side's dice;
        one whose outcome rests on this side's secrets opens just those."""
        if self.sent:
            raise IllegalAction("your turn file is sent: open the other side's answer",
                                "pbem")
        if self.seq < FIRST_PLAY:
            raise IllegalAction("the game starts once both sides have joined", "pbem")
        if self.pending:
            raise IllegalAction("a move waits for the other side's dice: send the turn",
                                "pbem")
        world = self.world()
        index = len(self.entries)
        try:
            record = world.play(action, [], by=self.me)
        except DiceExhausted:  # it rolls: the other side's program rolls it
            entry = Entry(self.me, action=action, rolls=None)
            self.entries.append(entry)
            return entry
        if record.secret_to == self.me:
            salt = new_salt()
            inside = padded(canonical({"action": action.to_json(), "salt": salt.hex()}))
            sealed = Seals({self.me: self.seal}).seal(
                self.me, aad(self.last.game_id, "entry", index), inside)
            entry = Entry(self.me, secret={
                "side": self.me, "commitment": commit(salt, canonical(action.to_json())),
                **sealed}, stand_in=self.last.ledger.ruleset.stand_in(action))
            self.mine[index] = action
            self.salts[index] = salt
            self.entries.append(entry)
            ledger = self.ledger()
            real = ledger.outcome(ledger.world(self.mine, index), action)
            stand = None if entry.stand_in is None else ledger.outcome(
                ledger.world({}, index), entry.stand_in)
            if stand is not None and stand != real:  # the stand-in would look different
                self._keep_open({index})
            return entry
        entry = Entry(self.me, action=action)
        self.entries.append(entry)
        _target, needed = self.ledger().openings_needed(index, action, self.mine, rolls=())
        self._keep_open(needed)
        return entry

    def undo(self) -> Entry:
        """Take back this side's last move of the file not yet sent."""
        if len(self.entries) <= len(self.last.ledger.entries) or \
                self.entries[-1].by != self.me:
            raise IllegalAction("nothing of this turn file to take back", "undo")
        index = len(self.entries) - 1
        entry = self.entries.pop()
        self.mine.pop(index, None)
        self.salts.pop(index, None)
        self.opened = {i: o for i, o in self.opened.items() if i < index}
        return entry

    # ---- receiving ---------------------------------------------------------------------
    def resolve_received(self, first_new: int, sent: int) -> None:
        """On receiving the other side's file: open what this side's secrets decided in its
        own moves the other side rolled, then go through the other side's new moves in
        order — each must be its move and legal as far as this side can judge — and roll,
        or cut at, the first whose dice or outcome rest on this side's world. ``first_new``:
        where the other side's new moves start; ``sent``: how many entries this side sent."""
        received = self.last
        for index, entry in enumerate(self.entries[:first_new]):
            if entry.by == self.me and entry.seeded_by == received.seq and entry.action:
                dice = ", ".join(map(str, entry.rolls or ())) or "no dice"
                kind = entry.action.kind.replace("_", " ")
                self.told.append(f"{self.other} rolled your {kind} (entry "
                                 f"{index}): {dice}" + (
                                     f"; your {count_of(sent - index - 1, 'move')} after it "
                                     f"{'was' if sent - index - 1 == 1 else 'were'} set "
                                     "aside: play on from what happened"
                                     if sent > index + 1 else ""))
                _t, needed = self.ledger().openings_needed(index, entry.action, self.mine,
                                                           rolls=entry.rolls)
                opened = self._keep_open(needed)
                if opened:
                    self.told.append(f"your secrets decided your {kind} "
                                     f"(entry {index}): {opened} of them opened")
        ledger = self.ledger()
        mine, public = ledger.world(self.mine, first_new), ledger.world({}, first_new)
        for index in range(first_new, len(self.entries)):
            entry = self.entries[index]
            if mine.state.to_move != entry.by:
                raise ProtocolError(f"entry {index}: {entry.by} moves when it is "
                                    f"{possessive(mine.state.to_move)} move")
            action, _real = ledger.action_of(index, self.mine)
            if action is not None:
                self._judge(index, action, mine, order=entry.action is not None)
            if entry.action is not None and self._diverges(ledger, index, entry, mine,
                                                           public):
                self._roll(index, entry)
                return
            for world in (mine, public):
                stand, _real = ledger.action_of(index, self.mine if world is mine else {})
                if stand is not None:
                    world.play(stand, [], checked=False)

    def judge_openings(self, indices: set[int]) -> None:
        """Secrets the other side just opened must have been legal where they were played.
        Its program opens with them the secrets they rest on (the buy behind a load), so
        one that is still illegal here is forged — unless the clause that refuses it rests
        on secrets of the sender's still sealed: that is left to the audit, and said."""
        ledger = self.ledger()
        for index in sorted(indices):
            if self.entries[index].by == self.me:
                continue
            action = ledger.opened[index].action
            try:
                ledger.world(self.mine, index + 1, probe={index})
            except IllegalOpening as exc:
                sealed = any(e.secret is not None and e.by != self.me and j not in
                             ledger.opened for j, e in enumerate(self.entries[:index]))
                if exc.refusal.clause in self.ledger().ruleset.secret_clauses and sealed:
                    self._cannot_judge(index, action, exc.refusal)
                    continue
                raise ProtocolError(f"entry {index} ({action.kind}) is forged: it breaks the "
                                    f"rules ({exc.refusal}) even with the secrets it rests "
                                    "on opened") from None

    def reveal_all(self) -> int:
        """Open every secret of this side in the next file: at the end of a game, so that
        the other side's program can check every move (:meth:`audit`)."""
        hidden = {i for i in self.mine if i not in self.ledger().opened}
        self._keep_open(hidden)
        return len(hidden)

    def audit(self, opened_now: bool) -> None:
        """Once every secret of the game is open, replay it all with every move checked
        against the rules — those resting on secrets too. Names the first move that breaks
        them; says it holds when the file just received opened the last secrets."""
        ledger = self.ledger()
        if any(e.secret is not None and i not in ledger.opened
               for i, e in enumerate(ledger.entries)):
            return
        try:
            ledger.world({}, judges=self.last.sides)
        except ProtocolError as exc:
            raise ProtocolError(f"the audit of the whole game fails: {exc}") from None
        if opened_now and any(e.secret is not None for e in ledger.entries):
            self.told.append("every secret so far is open, and every move so far keeps the "
                             "rules (audit)")

    def _judge(self, index: int, action: Action, world: Game[Any], order: bool) -> None:
        """The other side's move (``order``: a public one, else a stand-in), checked in this
        side's world, where the other's secrets are stand-ins: a refusal under a clause that
        rests on those secrets is left to the audit; any other refusal is a forged move."""
        try:
            if order:
                refuse_as_order(action)
            world.ruleset.check(world.state, action)
        except IllegalAction as exc:
            if exc.clause not in world.ruleset.secret_clauses:
                raise ProtocolError(f"entry {index} ({action.kind}) is forged: it breaks "
                                    f"the rules ({exc})") from None
            self._cannot_judge(index, action, exc)

    def _cannot_judge(self, index: int, action: Action, refusal: IllegalAction) -> None:
        self.told.append(f"{possessive(self.other)} {action.kind} (entry {index}) cannot be judged "
                         f"yet: {refusal.clause} rests on {possessive(self.other)} secrets still "
                         "sealed; the audit at the end will judge it")

    def _diverges(self, ledger: Ledger, index: int, entry: Entry, mine: Game[Any],
                  public: Game[Any]) -> bool:
        """Whether the move rolls, or comes out otherwise, in this side's world."""
        if entry.pending:
            return True
        assert entry.action is not None
        try:
            here = ledger.outcome(mine, entry.action, rolls=entry.rolls)
        except DiceExhausted:
            return True  # in this side's world it meets something that rolls
        return here != ledger.outcome(public, entry.action, rolls=entry.rolls)

    def _roll(self, index: int, entry: Entry) -> None:
        assert entry.action is not None
        first = self.last.shares[self.last.seq].reveal
        if first is None:
            raise ProtocolError(f"turn {self.last.seq} revealed no dice share")
        seed = dice_seed(self.last.game_id, first, self.my_reveal(), index)
        target, needed = self.ledger().openings_needed(index, entry.action, self.mine,
                                                       seed=seed)
        opened = self._keep_open(needed)
        dropped = len(self.entries) - index - 1
        del self.entries[index + 1:]
        self.entries[index] = Entry(entry.by, action=entry.action, rolls=target.rolls,
                                    seeded_by=self.seq)
        self.told.append(
            f"rolled {possessive(self.other)} {entry.action.kind} (entry {index}): "
            f"{', '.join(map(str, target.rolls)) or 'no dice'}"
            + (f"; {opened} of your secrets opened, as the rules reveal" if opened
               else "")
            + (f"; {count_of(dropped, 'later move')} of theirs set aside" if dropped else ""))

    # ---- dice shares -------------------------------------------------------------------
    def my_reveal(self) -> str:
        """The share this side committed in its previous file; its next file reveals it."""
        steps = [(n, s) for n, s in enumerate(self.last.shares) if s.by == self.me]
        if not steps:
            raise ProtocolError(f"{self.me} has committed no dice share yet")
        n, step = steps[-1]
        keys = Seals({self.me: self.seal})
        return keys.open(self.me, aad(self.last.game_id, "share", n), step.sealed,
                         "shares").hex()

    def _next_step(self) -> ShareStep:
        keys = Seals({self.me: self.seal})
        sealed = keys.seal(self.me, aad(self.last.game_id, "share", self.seq),
                           self.next_share)
        reveal = self.my_reveal() if any(s.by == self.me for s in self.last.shares) else None
        return ShareStep(self.me, commit(b"", self.next_share), reveal, sealed)

    # ---- sending -----------------------------------------------------------------------
    def after(self, turn: TurnFile) -> Seat:
        """This side at the file it just sent: waiting for the answer, key still in hand."""
        return Seat(self.me, turn, self.seal, list(turn.ledger.entries), dict(self.mine),
                    dict(self.salts))

    def compose(self) -> TurnFile:
        prev = sha256(self.last.raw).hex() if self.last.seq >= 0 else None
        turn = TurnFile(self.last.game_id, self.seq, prev, self.me, self.last.scenario,
                        self.last.seals, [*self.last.shares, self._next_step()],
                        self.ledger())
        turn.raw = turn.encode()
        return turn


# ---- starting, receiving, sending -----------------------------------------------------------
def _with_seal(seals: Mapping[str, Any], me: str, passphrase: str
               ) -> tuple[dict[str, Any], SideSeal]:
    if not passphrase:
        raise BadInput("passphrase", f"{me} needs a passphrase to seal its secrets")
    seal = SideSeal.new(me, passphrase)
    mine = Seals({me: seal}).to_json()
    return {**mine, "sides": {**seals.get("sides", {}), **mine["sides"]}}, seal


def start(scenario: Scenario, side: str, passphrase: str) -> Seat:
    """Turn 0, the invitation: the scenario, this side's seal, its first dice share."""
    initial = scenario.ruleset.new_state(scenario.data, scenario.board, scenario.where)
    if len(initial.sides) != 2:
        raise BadInput(scenario.where, "play by email needs a game of exactly two sides")
    me = seat_for(initial, side, "--side")
    seals, seal = _with_seal({}, me, passphrase)
    blank = TurnFile(secrets.token_hex(16), -1, None, me, scenario, seals, [],
                     Ledger(scenario.ruleset, initial))
    return Seat(me, blank, seal, [])


def join(invitation: TurnFile, passphrase: str) -> Seat:
    """Turn 1: the other side joins with its own passphrase and first dice share."""
    if invitation.seq != 0:
        raise BadInput("join", f"this is turn {invitation.seq}, not an invitation (turn 0)")
    if invitation.ledger.entries or invitation.ledger.opened or len(
            invitation.seals["sides"]) != 1 or invitation.sender not in invitation.seals[
            "sides"]:
        raise BadInput("join", "an invitation holds its sender's seal and first share, "
                               "nothing more")
    me = next(s for s in invitation.sides if s != invitation.sender)
    invitation.seals, seal = _with_seal(invitation.seals, me, passphrase)
    return Seat(me, invitation, seal, list(invitation.ledger.entries))


def _sent_path(game_id: str, side: str) -> Path:
    safe = "".join(c if c.isalnum() else "_" for c in side)
    return turns_dir() / f"{game_id}-{safe}.json"


def last_sent(game_id: str, side: str) -> TurnFile | None:
    """The last turn file ``side`` sent from this program: the next one it receives must
    answer exactly that."""
    path = _sent_path(game_id, side)
    if not path.exists():
        return None
    return parse_turn(path.read_bytes(), str(path), path.parent)


def receive(raw: bytes, where: str, folder: Path, passphrase: str,
            me: str | None = None) -> Seat:
    """Open a turn file. The other side's (the default): checked to answer, unchanged, the
    last file this side sent from this program, its dice and openings checked, and the
    other side's moves rolled where they need this side. Or ``me``'s own last one: to sit
    down at the game again while the other side is at it."""
    turn = parse_turn(raw, where, folder)
    if me is None:
        me = next(s for s in turn.sides if s != turn.sender)
        _meant_for_here(turn, me, where)
    elif me not in turn.sides:
        raise BadInput(where, f"{me!r} is not a side of this game")
    sent = last_sent(turn.game_id, me)
    if turn.sender == me:
        if sent is not None and sent.digest != turn.digest:
            raise BadInput(where, f"this is {possessive(me)} turn {turn.seq}, but its last "
                                  f"turn sent from here is {sent.seq}")
        return Seat.take(turn, me, passphrase, where)
    if sent is None:
        raise BadInput(where, f"{me} has sent no turn of this game from this program: "
                              "open the invitation with 'join', or your own last turn "
                              "file first")
    if turn.seq <= sent.seq:
        raise BadInput(where, f"turn {turn.seq} is old: {me} has already answered it with "
                              f"turn {sent.seq}")
    if turn.seq != sent.seq + 1:
        raise BadInput(where, f"turn {turn.seq} is out of order: {possessive(me)} last turn is "
                              f"{sent.seq}, so the next to open is {sent.seq + 1}")
    if turn.prev != sent.digest:
        raise BadInput(where, f"turn {turn.seq} does not answer {possessive(me)} turn "
                              f"{sent.seq} as sent: one of the two was changed")
    first_new, rolled = _continues(sent, turn, where)
    try:
        seat = Seat.take(turn, me, passphrase, where)
    except WrongPassphrase:
        _if_own(turn, passphrase, where)
        raise
    _check_dice(seat, turn, where)
    if rolled is not None:
        _justify_cut(seat, sent, rolled, where)
    try:
        new_openings = set(turn.ledger.opened) - set(sent.ledger.opened)
        seat.judge_openings(new_openings)
        seat.resolve_received(first_new, len(sent.ledger.entries))
        seat.world()  # every move now replays in this side's world
        seat.audit(bool(new_openings))
    except MineboardError as exc:
        raise BadInput(where, str(exc)) from None
    return seat


def _meant_for_here(turn: TurnFile, me: str, where: str) -> None:
    """A file opened as the other side's answer must be one: not this program's own last
    file, nor one of a game it has never sent a turn of (each told so in its own words)."""
    mine = last_sent(turn.game_id, turn.sender)
    if mine is not None and last_sent(turn.game_id, me) is None:
        own = mine.digest == turn.digest
        raise BadInput(where, f"this is {possessive(turn.sender)} own turn {turn.seq}"
                              + (", sent from here" if own else "")
                              + f": send it to {me}, and open {possessive(me)} answer when "
                                "it comes")
    if mine is None and last_sent(turn.game_id, me) is None and turn.seq > 0:
        raise BadInput(where, f"it is from another game (game {turn.game_id[:8]}…, of "
                              "which this program has sent no turn); if it is yours, open "
                              "your own last turn file of it first ('pbem show FILE --side "
                              "SIDE')")


def _if_own(turn: TurnFile, passphrase: str, where: str) -> None:
    """A passphrase that is not the receiver's may be the sender's own: its player opened
    the file it sent (two players at one machine share the record of files sent)."""
    try:
        Seat.take(turn, turn.sender, passphrase, where)
    except BadInput:
        return
    me = next(s for s in turn.sides if s != turn.sender)
    raise BadInput(where, f"this is {possessive(turn.sender)} own turn {turn.seq}, sent from "
                          f"here: send it to {me}, and open {possessive(me)} answer when it "
                          "comes")


def sit(path: Path, passphrase: str, me: str) -> Seat:
    """``me``'s own last turn file, to look at the game while the other side plays."""
    return receive(read_bytes(path), str(path), path.resolve().parent, passphrase, me)


def receive_file(path: Path, passphrase: str) -> Seat:
    return receive(read_bytes(path), str(path), path.resolve().parent, passphrase)


def _continues(previous: TurnFile, turn: TurnFile, where: str) -> tuple[int, int | None]:
    """The new file keeps everything of the last one, except that it may roll one of the
    receiver's moves and set the moves after it aside; after that come only the sender's
    own new moves, unrolled, the last of them perhaps waiting for dice. Returns where those
    start, and the receiver's move it rolled (None: none)."""
    at = f"turn {turn.seq}"
    if turn.sender == previous.sender:
        raise BadInput(where, f"{at} comes from {turn.sender} again: the sides take turns")
    if turn.game_id != previous.game_id:
        raise BadInput(where, "it is from another game")
    if turn.scenario.data != previous.scenario.data or \
            turn.scenario.board.content_hash != previous.scenario.board.content_hash:
        raise BadInput(where, f"{at} changes the scenario the game began with")
    if any(turn.seals.get(k) != previous.seals.get(k) for k in ("kdf", "n", "r", "p")):
        raise BadInput(where, f"{at} changes how passphrases are made into keys")
    old_sides, new_sides = previous.seals["sides"], turn.seals["sides"]
    joining = previous.seq == 0 and set(new_sides) == {*old_sides, turn.sender}
    if any(new_sides.get(side) != value for side, value in old_sides.items()) or (
            set(new_sides) != set(old_sides) and not joining):
        raise BadInput(where, f"{at} changes the sides' seals")
    if [s.to_json() for s in turn.shares[:-1]] != [s.to_json() for s in previous.shares]:
        raise BadInput(where, f"{at} changes the dice shares of earlier turns")
    for index, opening in previous.ledger.opened.items():
        if turn.ledger.opened.get(index) != opening:
            raise BadInput(where, f"{at} takes back the opening of entry {index}")
    old, new = previous.ledger.entries, turn.ledger.entries
    first_new, rolled = len(old), None
    for index, entry in enumerate(old):
        if index >= len(new):
            raise BadInput(where, f"{at} drops entry {index} without rolling a move before it")
        if new[index] == entry:
            continue
        got = new[index]
        kind = entry.action.kind if entry.action else "sealed"
        if entry.by == turn.sender or entry.action is None or got.action != entry.action \
                or got.pending or got.seeded_by != turn.seq or (
                    not entry.pending and entry.rolls != ()):
            raise BadInput(where, f"{at} changes entry {index} ({kind})")
        first_new, rolled = index + 1, index
        break
    if old and old[-1].pending and rolled is None:
        raise BadInput(where, f"{at} leaves your move waiting for dice (entry {len(old) - 1}) "
                              "unrolled")
    for index in range(first_new, len(new)):
        entry = new[index]
        if turn.seq < FIRST_PLAY or entry.by != turn.sender or entry.seeded_by is not None \
                or (entry.rolls != () and not (entry.pending and index == len(new) - 1)):
            kind = entry.action.kind if entry.action else "sealed"
            raise BadInput(where, f"{at}: entry {index} ({kind}) is not a new move of "
                                  f"{possessive(turn.sender)} without dice: only the other "
                                  "side rolls")
    return first_new, rolled


def _justify_cut(seat: Seat, previous: TurnFile, rolled: int, where: str) -> None:
    """A move of this side rolled by the other is one that waited for dice, or one whose
    outcome the other side's newly opened secrets change: it may not set aside moves it
    merely dislikes."""
    entry = seat.entries[rolled]
    if previous.ledger.entries[rolled].pending or entry.rolls:
        return
    assert entry.action is not None
    now = seat.ledger()
    before = Ledger(now.ruleset, now.initial, now.entries, dict(previous.ledger.opened))
    if now.outcome(now.world({}, rolled), entry.action) == before.outcome(
            before.world({}, rolled), entry.action):
        raise BadInput(where, f"turn {seat.last.seq} sets your {entry.action.kind} (entry "
                              f"{rolled}) and the moves after it aside without cause")


def _check_dice(seat: Seat, turn: TurnFile, where: str) -> None:
    """Each share opens its commitment; every roll in the file is its shares' dice."""
    for seq, step in enumerate(turn.shares):
        earlier = [s for s in turn.shares[:seq] if s.by == step.by]
        if earlier and (step.reveal is None or not opens(
                earlier[-1].commit, b"", hex_bytes(step.reveal, where, "reveal"))):
            raise BadInput(where, f"turn {seq}: {possessive(step.by)} dice share does not "
                                  "match the one it committed to")
    ledger = seat.ledger()
    for index, entry in enumerate(turn.ledger.entries):
        if entry.seeded_by is None:
            continue
        kind = entry.action.kind if entry.action else "sealed"
        if entry.action is None or not 1 <= entry.seeded_by <= turn.seq:
            raise BadInput(where, f"entry {index} ({kind}) names dice of turn "
                                  f"{entry.seeded_by}")
        if entry.seeded_by != turn.seq:
            continue  # checked when that turn was received, and unchanged since
        first = turn.shares[entry.seeded_by - 1].reveal
        second = turn.shares[entry.seeded_by].reveal
        if first is None or second is None:
            raise BadInput(where, f"entry {index} ({kind}) is rolled from a share never "
                                  "revealed")
        try:
            got = ledger.outcome(ledger.world(seat.mine, index), entry.action,
                                 seed=dice_seed(turn.game_id, first, second, index))
        except MineboardError as exc:
            raise BadInput(where, f"entry {index} ({kind}): {exc}") from None
        if got.rolls != entry.rolls:
            raise BadInput(where, f"entry {index} ({kind}): rolls {list(entry.rolls or ())} "
                                  f"are not the dice of the two shares ({list(got.rolls)}): "
                                  "the file was changed")


def send(seat: Seat, path: Path) -> TurnFile:
    """Write this side's next turn file, and keep it as the one the answer must follow."""
    turn = seat.compose()
    write_atomic(path, turn.raw.decode())
    write_atomic(_sent_path(turn.game_id, seat.me), turn.raw.decode())
    return turn
