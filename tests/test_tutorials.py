"""The tutorials' files and their Qt-free logic (explorer/tutorials.py): what each teaches,
a bad file as one line naming file and field, where each step is clicked, odds in words,
progress as the settings keep it."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mineboard.core.errors import BadInput
from mineboard.core.game import TEACHER
from mineboard.explorer.demos import play_step, run_demo
from mineboard.explorer.tutorials import (
    Progress,
    action_words,
    click_ids,
    load_tutorial,
    odds_words,
    percent,
    step_places,
    tutorial_ids,
    tutorial_path,
    tutorial_title,
)

LESSONS = {
    "naval-lines": ["nl-07-example-1-lay-on-112-110", "nl-15-two-destroyers-ten-mines",
                    "nl-19-example-3-allies-take-112",
                    "nl-16-example-4-french-ships-british-mines"],
    "gwas-tactical": ["gt-03-two-fields-and-three-logged-turns-make-eleven",
                      "gt-07-two-near-the-field-one-near-the-log",
                      "gt-11-three-ships-enter-two-mines-and-a-dummy-on-impulse-5"],
    "imperium-mines": ["im-15-counters-turned-up-and-false-ones-removed",
                       "im-18-we1-nine-with-two-sweepers-eleven-without",
                       "im-19-ten-runs-afoul-nine-is-safe",
                       "im-22-we2-five-dice-against-each-ship"],
    "asl-minefields": ["am-15-we1-b-pinned-by-the-exit-attack",
                       "am-15-we1-a-through-both-fields",
                       "am-42-we2-twice-the-tb-cost-no-attack", "am-28-the-trigger-dr"],
    "awaw-naval": ["aw-243-we03-off-the-map-and-back", "aw-161-free-french-and-british-we05",
                   "aw-184-we08-four-british-ships", "aw-212-we10-destroyers-within-ten-hexes"],
}
STEPS = {"naval-lines": 10, "gwas-tactical": 39, "imperium-mines": 14, "asl-minefields": 15,
         "awaw-naval": 18}


def test_every_ruleset_has_a_tutorial_of_its_worked_examples() -> None:
    assert set(tutorial_ids()) == set(LESSONS)
    for ruleset_id, names in LESSONS.items():
        tutorial = load_tutorial(tutorial_path(ruleset_id))
        assert tutorial.ruleset == ruleset_id
        assert [lesson.demo.name for lesson in tutorial.lessons] == names
        assert 3 <= len(tutorial.lessons) <= 5
        assert tutorial.steps == STEPS[ruleset_id]
        for lesson in tutorial.lessons:
            assert lesson.intro.strip()
            assert lesson.demo.clause.ruleset == ruleset_id


@pytest.mark.parametrize("ruleset_id", sorted(LESSONS))
def test_every_lesson_plays_as_its_demo_expects(ruleset_id: str) -> None:
    for lesson in load_tutorial(tutorial_path(ruleset_id)).lessons:
        result = run_demo(lesson.demo)
        assert result.ok, result.failures()


@pytest.mark.parametrize("ruleset_id", sorted(LESSONS))
def test_every_step_is_made_somewhere_or_by_its_button(ruleset_id: str) -> None:
    """Only a step with no place of its own (ending a phase, answering a raider) has no
    place lit: every other has one, and each lit place is on the lesson's map."""
    placeless = set()
    for lesson in load_tutorial(tutorial_path(ruleset_id)).lessons:
        demo = lesson.demo
        game = demo.new_game()
        board = demo.scenario.board
        for index, action in enumerate(demo.actions):
            places = step_places(game.ruleset, game.observe(TEACHER).view, action,
                                 lesson.clicks.get(index, ()))
            assert all(p in board.places or p in board.ways for p in places)
            if not places:
                placeless.add(action.kind)
            play_step(demo, game, index)
    assert placeless <= {"end_phase", "pass_interception", "oppose_raider",
                         "interception_result", "accept_result", "land_invasion",
                         "change_vca"}


def _places(ruleset_id: str, lesson: int, step: int) -> tuple[str, ...]:
    chosen = load_tutorial(tutorial_path(ruleset_id)).lessons[lesson]
    game = chosen.demo.new_game()
    for index in range(step):
        play_step(chosen.demo, game, index)
    return step_places(game.ruleset, game.observe(TEACHER).view, chosen.demo.actions[step],
                       chosen.clicks.get(step, ()))


def test_where_each_kind_of_step_is_clicked() -> None:
    # the Escort where it is, then the line it lays on (nl-07 step 4)
    assert _places("naval-lines", 0, 3) == ("112", "110|112")
    # a move: where the ships are, then where they go
    assert _places("naval-lines", 1, 0) == ("110", "112")
    assert _places("naval-lines", 2, 0) == ()  # ending a phase: a button
    assert _places("gwas-tactical", 0, 0) == ("0709",)
    assert _places("imperium-mines", 1, 2) == ("halcyon", "marrow")
    assert _places("asl-minefields", 0, 1) == ("C3",)  # the file's own: a step of the move
    assert _places("awaw-naval", 0, 0) == ("0501", "0305")


def test_a_click_on_a_port_means_the_hex_its_ships_are_in() -> None:
    chosen = load_tutorial(tutorial_path("awaw-naval")).lessons[0]
    game = chosen.demo.new_game()
    view = game.observe(TEACHER).view
    action = chosen.demo.actions[0]
    assert click_ids(game.ruleset, view, action, "0501", first=True) == {"0501", "westhaven"}
    assert click_ids(game.ruleset, view, action, "0305", first=False) == {"0305"}


def test_odds_in_words() -> None:
    assert percent(Fraction(52905, 59049)) == "89.6%"
    assert percent(Fraction(1024, 59049)) == "1.73%"
    assert percent(Fraction(1)) == "100%"
    assert odds_words([("0 lost", Fraction(8, 27)), ("1 lost", Fraction(19, 27))]) == [
        "0 lost: 8/27 (29.63%)", "1 lost: 19/27 (70.37%)"]


def test_progress_round_trips_through_the_settings() -> None:
    progress = Progress("gwas-tactical", 2, 14, {"naval-lines", "awaw-naval"})
    kept = progress.to_settings()
    assert kept == {"current": "gwas-tactical", "lesson": "2", "step": "14",
                    "finished": "awaw-naval,naval-lines"}
    assert Progress.from_settings(kept) == progress
    assert Progress.from_settings({}) == Progress()
    assert Progress.from_settings({"current": "chess", "lesson": "x", "step": "-1",
                                   "finished": "naval-lines,,go"}) == \
        Progress("", 0, 0, {"naval-lines"})


# ---- bad files -----------------------------------------------------------------------------
GOOD: dict[str, Any] = json.loads(tutorial_path("naval-lines").read_text())


def _bad(tmp_path: Path, change: Any, name: str = "naval-lines.json") -> str:
    data = copy.deepcopy(GOOD)
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    with pytest.raises(BadInput) as info:
        load_tutorial(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    return message[len(str(path)):]


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: d["lessons"][0].pop("intro"), ".lessons[0]: needs field 'intro'"),
    (lambda d: d["lessons"][1].update(demo="nl-99-nothing"),
     ": lessons[1].demo: no demo 'nl-99-nothing' among naval-lines's demo boards"),
    (lambda d: d.update(ruleset="chess"), ": ruleset: no ruleset 'chess' (known: "
     "asl-minefields, awaw-naval, gwas-tactical, imperium-mines, naval-lines)"),
    (lambda d: d.update(ruleset="gwas-tactical"), ": ruleset: is 'gwas-tactical', but the "
     "file must be named after it: gwas-tactical.json"),
    (lambda d: d["lessons"][0].update(clicks={"9": ["112"]}),
     ": lessons[0].clicks.9: is not a step number of the demo (1 to 6)"),
    (lambda d: d["lessons"][0].update(ask={"0": "first"}),
     ": lessons[0].ask.0: is not a step number of the demo (1 to 6)"),
    (lambda d: d["lessons"][0].update(clicks={"2": ["999"]}),
     ": lessons[0].clicks.2: no place or line '999' on the demo's map"),
    (lambda d: d.update(lessons=[]), ".lessons: must list 1 to 8 items"),
    (lambda d: d.update(mineboard_tutorial=2), ".mineboard_tutorial: must be 1"),
    (lambda d: d["lessons"][2].update(intro=5),
     ".lessons[2].intro: must be a string of 1 to 4000 characters"),
])
def test_a_bad_file_is_one_line_naming_file_and_field(tmp_path: Path, change: Any,
                                                       said: str) -> None:
    assert _bad(tmp_path, change) == said


def test_a_file_that_is_not_json_names_where(tmp_path: Path) -> None:
    path = tmp_path / "naval-lines.json"
    path.write_text("{not json")
    with pytest.raises(BadInput, match=r"^.*naval-lines\.json: line 1 column 2: "):
        load_tutorial(path)


def test_a_step_is_asked_for_in_words_that_do_not_tell_its_result() -> None:
    lesson = load_tutorial(tutorial_path("naval-lines")).lessons[1]
    assert action_words(lesson.demo.actions[0]) == (
        "Move — units: uk-destroyer-1, uk-destroyer-2; path: 110 → 112")
    gwas = load_tutorial(tutorial_path("gwas-tactical")).lessons[0].demo.actions
    assert action_words(gwas[5]) == "Place counter — hex: 1509; mine: no"
    assert action_words(gwas[-1]) == "End phase"
    assert action_words(gwas[0], limit=12) == "Place count…"


def test_a_menu_reads_a_title_without_loading_the_lessons() -> None:
    assert tutorial_title("naval-lines") == "Mines on the naval lines: the seed's worked examples"
    assert tutorial_title("no-such-ruleset") == ""
