"""Each demo board plays exactly as its kept transcript says (tests/demo_transcripts.py): every
refusal's words, every event whole and what each side reads of it, the odds panel's text, the
route, each changed field of the state and of each side's view, and what the planner offers.

The demo files assert what their clause is about; the transcripts hold everything else the
engine said on the way, so a changed message, a dropped event field or a planner that offers
one move fewer fails here. After a deliberate change: ``make transcripts``, then read the diff."""

from __future__ import annotations

import difflib

import pytest

from mineboard.explorer.demos import load_demo
from mineboard.explorer.index import demo_index
from tests.demo_transcripts import transcript, transcript_path

ENTRIES = demo_index()


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.clause}-{e.name}" for e in ENTRIES])
def test_demo_plays_as_its_transcript(entry):
    demo = load_demo(entry.path)
    kept_path = transcript_path(demo)
    assert kept_path.exists(), f"no transcript for {demo.name}: run `make transcripts`"
    kept, now = kept_path.read_text(), transcript(demo)
    if kept != now:
        diff = list(difflib.unified_diff(kept.splitlines(), now.splitlines(), "kept", "now",
                                         lineterm="", n=1))
        shown = "\n".join(diff[:60]) + ("\n…" if len(diff) > 60 else "")
        pytest.fail(f"{demo.name} no longer plays as its transcript (`make transcripts` "
                    f"writes it again after a deliberate change):\n{shown}")


def test_every_kept_transcript_belongs_to_a_demo():
    kept = {p for p in transcript_path(load_demo(ENTRIES[0].path)).parent.parent.rglob("*.txt")}
    wanted = {transcript_path(load_demo(e.path)) for e in ENTRIES}
    assert sorted(p.name for p in kept - wanted) == []


def test_a_changed_word_in_an_event_fails_the_transcript(monkeypatch):
    """The comparison bites: a demo whose event words change no longer matches."""
    from mineboard.rules.naval_lines import effects

    entry = next(e for e in ENTRIES if e.name == "nl-03-ten-mines-at-berlin")
    demo = load_demo(entry.path)
    kept = transcript_path(demo).read_text()
    real = effects.count_of
    monkeypatch.setattr(effects, "count_of", lambda n, what: real(n, what).upper())
    assert transcript(demo) != kept
