"""The program's opponent for solo play on awaw-naval (core/opponent.py): a plain policy on
the only chance rule 21 computes — the Raider Table (AW-178…AW-184, raider_odds.py) — and
stated defaults for every question the rules put to it.

Everything else at sea in A World at War is settled outside rule 21: whether an
interception succeeds (AW-224), the naval combat that follows (rule 22), an air round, a
harbor attack, an invasion's combat. Those are results a side *enters* (core/outside.py),
and a program cannot fight a battle of another game's rules. So the opponent never gives an
order whose result it would have to enter — it never patrols, intercepts, attacks a harbor
or invades, and declines the raiders it could oppose — and accepts the results the solo
player enters for the battles the player starts. Nor does it change bases: the scenarios
give it no place to reach and rule 21 no odds to weigh a move by. The one result the rules
make it enter whatever it does is the uninversion allowance at the end of its player turn
(oil, 33.7, AW-249); it enters a stated default there, which the player may dispute.

It reads only the view it is handed: fleets lie face up in these rules (the state has no
secrets, ``AwState.has_secrets``), so the only thing it cannot know is the dice to come and
the defender's inputs to the Raider Table (air-range research, search air, codebreaking),
which it takes as 0 — the preview's own assumption (raid_engagement.preview_raid).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from mineboard.core.actions import Action
from mineboard.core.errors import IllegalAction
from mineboard.core.opponent import Choice
from mineboard.core.outside import AcceptResult
from mineboard.core.planning import percent
from mineboard.rules.awaw_naval import raid_engagement as engagement
from mineboard.rules.awaw_naval.forces import label
from mineboard.rules.awaw_naval.interception import PassInterception
from mineboard.rules.awaw_naval.operations import Operate
from mineboard.rules.awaw_naval.raid_groups import CommitRaids, raids, sw_role
from mineboard.rules.awaw_naval.raider_odds import raider_odds
from mineboard.rules.awaw_naval.state import COMBAT, AwState
from mineboard.rules.awaw_naval.uninversion import (
    UninversionAllowance,
    Uninvert,
    inverted,
)
from mineboard.rules.common.actions import EndPhase

RISK = Fraction(1, 2)
"""The most a raider group's chance of being engaged may be for the opponent to send it:
even odds or better of slipping through undetected (AW-178)."""

POLICY = (
    "The program plays its side on the Raider Table's exact odds and answers every question "
    "with a stated default. In its combat phase (Axis only) it sends its raiders one ship a "
    "group, the one with the lowest exact chance of being engaged if the defender opposes it "
    f"(AW-178…AW-184, as its rank in the box makes it, AW-179; the defender's research, "
    f"search air and codebreaking taken as 0), while that chance is at most {RISK} — ties to "
    "the most factors, then the ship's id — then sends each SW box's groups on in the order "
    "they sailed (AW-175). It makes no base change, patrol, transport, harbor attack or "
    "invasion: the scenarios give it no place to reach, rule 21 gives no odds to weigh "
    "them by (an interception's success and the battle are results entered from outside "
    "the rules, AW-224, rule 22), and it cannot enter the result of a battle it starts. "
    "For the same reason it passes every chance to intercept (AW-79) and declines every "
    "raider group it could oppose (AW-178). It accepts every result the player enters. "
    "At the end of its player turn it enters the most units its uninversion allowance may "
    "be (AW-249, 33.7's oil is outside these rules), one fewer "
    "each time the player disputes it, and uninverts that many, most factors first. When "
    "its harbor is attacked it states its modifiers at 0 (AW-138: research and codebreaking "
    "are inputs it cannot know). Any other choice the rules ask of it gets the first answer "
    "the rules list. Otherwise it ends the phase.")


class Rules(Protocol):
    """What the policy asks of the ruleset (handed in by ruleset.py, which imports this
    module): its check, its list of legal actions and its codec's action classes."""

    @property
    def codec(self) -> Any: ...

    def check(self, state: AwState, action: Action) -> None: ...

    def legal_actions(self, view: AwState) -> list[Action]: ...


def move(view: AwState, rules: Rules) -> Choice | None:
    """The opponent's next action on its own side's ``view`` (None: end the phase)."""
    side = view.to_move
    awaited = view.awaiting
    if awaited is not None:
        return _awaited(view, side)
    if view.asked:
        return _answer(view, rules)
    if view.ledger.asked is not None:
        return Choice(PassInterception(), f"{side} does not intercept: an interception's "
                      "success and its battle are results it would have to enter from "
                      "outside the rules (AW-79, AW-224)")
    if side != view.phasing:
        return None
    held_back = ""
    if view.phase == COMBAT and side == "Axis":
        found = raids_open(view, rules)
        if found and found[0].engaged <= RISK:
            return Choice(found[0].action, f"{found[0].why}: the lowest of {len(found)} "
                          f"raid(s) open, at most {RISK}, so it sails")
        if found:
            held_back = (f"no raid: the least engaged, {found[0].why}, is more than {RISK}")
        box = next((g.box for g in sorted(raids(view).values(), key=lambda g: g.rank)
                    if not g.committed and g.side == side), None)
        if box is not None:
            return Choice(CommitRaids(box), f"its raider groups in the "
                          f"{view.board.ref(box)} are all there: the defender answers them, "
                          "first raider first (AW-175, AW-178)")
    left = view.ledger.uninvert_left.get(side)
    if left:
        ships = sorted(inverted(view, side), key=lambda s: (-s.factors, s.id))[:left]
        if ships:
            names = ", ".join(label(s) for s in ships)
            return Choice(Uninvert(tuple(s.id for s in ships)),
                          f"{side} uninverts {names}: the {left} its allowance gives, most "
                          "factors first (AW-249)")
    if held_back:
        return Choice(EndPhase(), f"{held_back}; it ends the phase")
    return None


# ---- results from outside the rules --------------------------------------------------------

def _awaited(view: AwState, side: str) -> Choice | None:
    awaited = view.awaiting
    assert awaited is not None
    if awaited.entered is not None:
        if awaited.accepts != side:
            return None
        return Choice(AcceptResult(), f"{side} accepts the result of {awaited.about}: the "
                      "program cannot check a system outside these rules "
                      f"({awaited.clause})")
    if awaited.enters != side or awaited.result != UninversionAllowance.kind:
        return None  # never ordered by the policy: see the module's note
    high = next((b.high for b in awaited.bounds if b.field == "count"), 0)
    count = max(high - awaited.disputes, 0)
    disputed = f", {awaited.disputes} fewer for the player's disputes" \
        if awaited.disputes else ""
    return Choice(UninversionAllowance(count), f"{side} enters an uninversion allowance of "
                  f"{count} (every inverted unit it has{disputed}; 33.7's oil is outside "
                  "these rules, AW-249)")


# ---- questions the rules ask ---------------------------------------------------------------

def _answer(view: AwState, rules: Rules) -> Choice | None:
    """A stated default for the owner's choice asked first."""
    question = view.asked[0]
    if question.side != view.to_move:
        return None
    if question.kind == engagement.ROLL:
        group = str(question.data.get("group"))
        return Choice(engagement.DeclineRaider(group), f"{question.side} declines "
                      "the raider group: opposing it may lead to a naval combat whose "
                      "result it would have to enter (AW-178, AW-192)")
    if question.kind == engagement.ENGAGE:
        found = raids(view).get(str(question.data.get("group")))
        if found is not None:
            return Choice(engagement.greedy(view, found), "each die answered by its own "
                          "ship type, or the highest lower one left (AW-187, AW-188)")
    if question.kind == Operate.kind and question.clause == "AW-177":
        ships = tuple(str(s) for s in question.data.get("ships", ()))
        box = view.ships[ships[0]].base if ships else None
        if box:
            return Choice(Operate("raid", ships, box), "Germany's opening raiders must "
                          "raid this combat phase (AW-177)")
    for action in rules.legal_actions(view):
        if action.kind == question.kind:
            return Choice(action, f"{question.side} chooses {question.about}: the first "
                          f"answer the rules list ({question.clause})")
    plain = _with_defaults(rules, view, question.kind)
    if plain is not None:  # a statement of modifiers (AW-138): none it could know of
        return Choice(plain, f"{question.side} states {question.about} at their defaults, "
                      f"every one 0: research and codebreaking are the player's inputs "
                      f"({question.clause})")
    return None


def _with_defaults(rules: Rules, view: AwState, kind: str) -> Action | None:
    """The action of ``kind`` with every field at its default, if it has one and is legal
    on the view."""
    cls = rules.codec.classes.get(kind)
    if cls is None:
        return None
    try:
        action: Action = cls()
        rules.check(view, action)
    except (TypeError, IllegalAction):
        return None
    return action


# ---- raids ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Raid:
    """One raider group the opponent may send now, with its exact chance of being engaged
    if the defender opposes it."""

    action: Operate
    engaged: Fraction
    factors: int
    why: str

    def key(self) -> tuple[Fraction, int, str, str]:
        return (self.engaged, -self.factors, self.action.ships[0], self.action.target)


def sw_boxes(view: AwState) -> list[str]:
    """The SW boxes on the map, in id order."""
    return sorted(p.id for p in view.board.places.values()
                  if p.kind == "box" and sw_role(view, p.id) is not None)


def engaged_chance(view: AwState, action: Operate) -> tuple[Fraction, str]:
    """P(a raider group of ``action``'s ships is engaged if opposed), exactly, and its
    modifiers in words — the preview's situation (raid_engagement.preview_raid): rank next
    in the box, CVEs there, the war of AW-180, the port bonus of AW-181; the defender's own
    inputs 0."""
    preview = engagement.preview_raid(view, action)
    assert preview is not None, "checked: a raid into an SW box"
    mods = preview.data["modifiers"]
    total = int(preview.data["modifier"])
    words = ", ".join(f"{m['value']:+d} {m['what']} ({m['clause']})" for m in mods)
    return raider_odds(total).engaged, f"{words}, {total:+d} in all,"


def raids_open(view: AwState, rules: Rules) -> list[Raid]:
    """Every one-ship raider group the view's side may send now, legal on the view, with its
    exact odds."""
    side = view.to_move
    boxes = sw_boxes(view)
    out = []
    for ship in sorted(view.ships.values(), key=lambda s: s.id):
        if ship.eliminated or ship.base is None or view.side_of_nation(ship.nation) != side:
            continue
        for box in boxes:
            action = Operate("raid", (ship.id,), box)
            try:
                rules.check(view, action)
            except IllegalAction:
                continue
            chance, words = engaged_chance(view, action)
            why = (f"{label(ship)} into the {view.board.ref(box)}, engaged if opposed "
                   f"{chance} ({percent(chance)}): a die {words} must make 1 or more "
                   "(AW-178)")
            out.append(Raid(action, chance, ship.factors, why))
    return sorted(out, key=Raid.key)


