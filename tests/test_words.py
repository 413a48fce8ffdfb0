"""Issue 24, item 5: players read names and proper plurals, never ids or "mine(s)".

The helper itself, then every ruleset played at random: each text the rules give a player
(the log, the commands and options of a pick, the odds of a planned order) is held to no
"(s)" and no unit id.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from mineboard.core.game import Game
from mineboard.core.planning import Selection
from mineboard.core.words import and_list, count_of, noun_for, plural, possessive
from mineboard.rules.common.actions import EndPhase
from tests.conftest import IMPERIUM, JUTLAND, scenario


def test_counted_nouns_read_as_a_player_says_them():
    assert count_of(2, "mine") == "2 mines" and count_of(1, "mine") == "1 mine"
    assert count_of(0, "mine") == "0 mines"
    assert count_of(1, "dummy") == "1 dummy" and count_of(3, "dummy") == "3 dummies"
    assert count_of(2, "hex") == "2 hexes" and count_of(2, "mine point") == "2 mine points"
    assert count_of(2, "day") == "2 days" and count_of(2, "Escort") == "2 Escorts"
    assert count_of(2, "die", "dice") == "2 dice" and count_of(1, "die", "dice") == "1 die"
    assert count_of(4, "face-down counter") == "4 face-down counters"
    assert plural("Destroyer flotilla") == "Destroyer flotillas"
    assert noun_for(1, "ship") == "ship" and noun_for(5, "ship") == "ships"


def test_lists_are_joined_with_and():
    assert and_list([]) == "" and and_list(["Lion"]) == "Lion"
    assert and_list(["Lion", "Tiger"]) == "Lion and Tiger"
    assert and_list(iter(["A", "B", "C"])) == "A, B and C"
    assert and_list(["A", "B"], "or") == "A or B"


FORBIDDEN = [
    (re.compile(r"\w\((s|es|ies)\)"), "a plural in brackets"),
    (re.compile(r"\b[a-z]{2,}-[a-z_]+-\d+\b"), "a naval unit id (ger-escort-2)"),
    (re.compile(r"\bs\d+\b"), "a ship id (s12)"),
]


def said(g: Game[Any]) -> list[str]:
    """What the side to move reads now: the commands and options of a pick of its units at
    each place it holds, and the odds of an order from there to each neighbour."""
    view = g.observe(g.state.to_move).view
    ruleset = g.ruleset
    out: list[str] = []
    places = [p for p in view.board.places if ruleset.units_at(view, p)][:4]
    for place in places:
        selection = Selection(place, tuple(ruleset.units_at(view, place)))
        for command in ruleset.commands(view, selection):
            out += [command.label, command.tip, *(text for _id, text in command.pick)]
            if command.action is not None:
                preview = ruleset.preview(view, command.action)
                if preview is not None:
                    out += [preview.title, preview.summary, *preview.rows, *preview.words]
        for choice in ruleset.choices(view, selection):
            out += [choice.label, *(text for _v, text in choice.values)]
        for other in list(view.board.places)[:30]:
            action = ruleset.intent(view, selection, view.board.ref(other))
            preview = ruleset.preview(view, action) if action is not None else None
            if preview is not None:
                out += [preview.title, preview.summary, *preview.rows, *preview.words]
    return out


@pytest.mark.parametrize("base, seed", [(None, 1), (None, 2), (JUTLAND, 3), (JUTLAND, 4),
                                        (IMPERIUM, 5), (IMPERIUM, 6)])
def test_no_text_a_player_reads_has_an_id_or_a_bracketed_plural(base, seed):
    g = scenario(base).new_game(seed)
    rng = random.Random(seed)
    texts: list[str] = []
    for step in range(120):
        view = g.observe(g.state.to_move).view
        actions = g.ruleset.legal_actions(view)
        moves = [a for a in actions if not isinstance(a, EndPhase)]
        action = rng.choice(moves) if moves and rng.random() < 0.75 else \
            next((a for a in actions if isinstance(a, EndPhase)), rng.choice(actions))
        record = g.play(action)
        texts += [e.text for e in record.events]
        texts += [e.tally for e in record.events if hasattr(e, "tally")]
        if step % 10 == 0:
            texts += said(g)
    assert len(texts) > 100
    for pattern, what in FORBIDDEN:
        bad = [t for t in texts if pattern.search(t)]
        assert not bad, f"{what}: {bad[:3]}"


def test_imperium_ships_are_named_by_type_and_number_among_their_sides_ships():
    """Ships inside fleets had ids such as 's12' in the log and the combat picker; each is
    now its type and its number among its side's ships of that type, in the order they came
    into play (the scenario, then construction, which all sides see)."""
    from tests.conftest import imperium, play

    g = imperium()
    names = {f.id: [s.name for s in f.ships] for f in g.state.fleets.values()}
    assert names["IMP-1"] == ["Destroyer 1", "Destroyer 2", "Cruiser 1"]
    assert names["IMP-2"] == ["Minelayer 1", "Minelayer 2", "Destroyer 3"]
    assert names["TER-1"] == ["Destroyer 1", "Destroyer 2", "Cruiser 1"]
    play(g, "build", ship="minelayer", count=2)
    for _ in range(1 + 4):  # the Terran construction and four segments
        play(g, "end_phase")
    record = play(g, "end_phase")  # turn 2: the ships arrive
    built = next(e for e in record.events if e.kind == "ShipsBuilt")
    assert built.text.endswith(": Minelayer 3 and Minelayer 4")
    assert built.text.startswith("2 new ships join Imperial at ")


def test_naval_units_are_named_by_type_and_number_in_every_text():
    from mineboard.rules.naval_lines.state import unit_label, unit_name
    from tests.conftest import game, play

    g = game(phase="noncombat_move")
    unit = g.state.units["ger-escort-2"]
    assert (unit_name(g.state, unit), unit_label(g.state, unit)) == \
        ("Escort 2", "Germany's Escort 2")
    record = play(g, "load_mines", unit="ger-escort-2", count=1)
    assert record.events[0].text == "Germany's Escort 2 loads 1 mine in sea zone 113"
    assert record.events[0].data == {"unit": "ger-escort-2", "count": 1}  # ids stay in data


def test_a_name_ending_in_s_takes_the_apostrophe_alone():
    """The review: pbem said "Allies's"."""
    assert possessive("Allies") == "Allies'" and possessive("Axis") == "Axis'"
    assert possessive("Germany") == "Germany's" and possessive("British") == "British's"
