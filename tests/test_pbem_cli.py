"""``mineboard pbem`` as a new player meets it (issue 24, item 9): the documented lines work
as written, in a terminal and in a script; every step takes ``--side``; and the status line
says what happens next at each stage — invitation sent, joined, your move, waiting."""

from __future__ import annotations

import io
import json
import os
import re
import select
import sys
import time
from pathlib import Path

import pytest

from tests.test_cli import run_cli

pytestmark = pytest.mark.usefixtures("private_data_dir")

ROOT = Path(__file__).resolve().parent.parent


def no_terminal(monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))


PROMPT = re.compile(rb"passphrase(?: again)?: ")


def in_terminal(args: list[str], answers: list[str], cwd: Path) -> tuple[int, str]:
    """``mineboard ARGS`` run in a pseudo-terminal of its own, as a player types it: each
    passphrase prompt answered in turn. Returns the exit code and what the terminal showed."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: its controlling terminal is the pty, as in a real terminal
        os.chdir(cwd)
        os.execv(sys.executable, [sys.executable, "-m", "mineboard", *args])
    shown, given = b"", 0
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 1)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal: it has ended
                break
            if not chunk:
                break
            shown += chunk
            if len(PROMPT.findall(shown)) > given and given < len(answers):
                os.write(fd, answers[given].encode() + b"\n")
                given += 1
    finally:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), shown.decode(errors="replace")


def documented_pbem_lines() -> list[list[str]]:
    """The ``mineboard pbem`` lines of docs/secrets.md's play-by-email example, as argv."""
    text = (ROOT / "docs" / "secrets.md").read_text()
    return [line.split("#")[0].split()[1:] for line in text.splitlines()
            if line.startswith("mineboard pbem ")]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals")
def test_the_readme_line_asks_for_the_passphrase_in_a_terminal(tmp_path):
    """The README's line, pasted into a terminal: it asks Axis' new passphrase twice (a
    slip of the finger cannot lock the game) and writes the invitation."""
    readme = (ROOT / "README.md").read_text()
    (line,) = [ln.split("#")[0].split()[1:] for ln in readme.splitlines()
               if ln.startswith(".venv/bin/mineboard pbem new")]
    code, shown = in_terminal(line, ["nordsee", "nordsee"], tmp_path)
    assert code == 0, shown
    assert "Axis' new passphrase: " in shown and "Axis' passphrase again: " in shown
    assert (tmp_path / "turn-0.json").is_file()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals")
def test_the_documented_game_by_email_runs_as_written_in_a_terminal(tmp_path):
    """docs/secrets.md's four lines, one after the other, each side at its prompt."""
    (tmp_path / "moves.json").write_text(json.dumps([{"kind": "buy_mines", "count": 2}]))
    new, join, turn, show = documented_pbem_lines()
    for argv, answers in ((new, ["nordsee"] * 2), (join, ["dover"] * 2), (turn, ["nordsee"]),
                          (show, ["nordsee"])):
        code, shown = in_terminal(argv, answers, tmp_path)
        assert code == 0, (argv, shown)
    assert "Axis · " in shown and "sent: waiting for Allies' turn file" in shown


def test_no_terminal_and_no_passphrase_says_what_to_give(capsys, monkeypatch, tmp_path):
    no_terminal(monkeypatch)
    code, _out, err = run_cli(capsys, "pbem", "new", "northsea-1940-hidden", "--side",
                              "Germany", "--out", str(tmp_path / "turn-0.json"))
    assert code == 2 and err.count("\n") == 1
    assert err == ("mineboard: --passphrase: give --passphrase SIDE=PASSPHRASE, or run it in "
                   "a terminal to be asked\n")
    assert not (tmp_path / "turn-0.json").exists()


def test_new_passphrases_that_differ_at_the_prompt_are_refused(capsys, monkeypatch, tmp_path):
    typed = iter(["nordsee", "nordse"])
    monkeypatch.setattr(sys, "stdin", type("Tty", (io.StringIO,), {"isatty": lambda s: True})())
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(typed))
    code, _out, err = run_cli(capsys, "pbem", "new", "northsea-1940-hidden", "--side",
                              "Germany", "--out", str(tmp_path / "turn-0.json"))
    assert code == 2 and err == ("mineboard: --passphrase: the two passphrases typed for Axis "
                                 "differ; nothing was written\n")
    assert not (tmp_path / "turn-0.json").exists()


def test_end_of_input_at_the_prompt_is_one_line_not_a_crash(capsys, monkeypatch, tmp_path):
    """Ctrl+D at getpass's prompt raises EOFError: it was reported as a defect (exit 70)."""
    def eof(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr(sys, "stdin", type("Tty", (io.StringIO,), {"isatty": lambda s: True})())
    monkeypatch.setattr("getpass.getpass", eof)
    code, _out, err = run_cli(capsys, "pbem", "new", "northsea-1940-hidden", "--side",
                              "Germany", "--out", str(tmp_path / "turn-0.json"))
    assert code == 2 and err == "mineboard: --passphrase: no passphrase typed for Axis\n"


def invite(capsys, tmp_path: Path) -> Path:
    t0 = tmp_path / "turn-0.json"
    assert run_cli(capsys, "pbem", "new", "northsea-1940-hidden", "--side", "Germany",
                   "--out", str(t0), "--passphrase", "Axis=nordsee")[0] == 0
    return t0


def test_join_takes_side_and_refuses_the_side_it_is_not_for(capsys, tmp_path):
    t0, t1 = invite(capsys, tmp_path), tmp_path / "turn-1.json"
    for side in ("Germany", "Axis"):
        code, _out, err = run_cli(capsys, "pbem", "join", str(t0), "--side", side, "--out",
                                  str(t1), "--passphrase", "Allies=dover")
        assert code == 2 and err == (f"mineboard: --side: {t0} invites Allies, not "
                                     f"{side}\n") and not t1.exists()
    code, _out, err = run_cli(capsys, "pbem", "join", str(t0), "--side", "Nobody", "--out",
                              str(t1), "--passphrase", "Allies=dover")
    assert code == 2 and "no side or nation 'Nobody'" in err and err.count("\n") == 1
    code, out, _err = run_cli(capsys, "pbem", "join", str(t0), "--side", "United Kingdom", "--out",
                              str(t1), "--passphrase", "Allies=dover")
    assert code == 0 and "joined as Allies" in out


def test_a_passphrase_for_another_side_than_side_is_refused(capsys, tmp_path):
    """It started the game as the passphrase's side, not as --side's."""
    t0 = tmp_path / "turn-0.json"
    code, _out, err = run_cli(capsys, "pbem", "new", "northsea-1940-hidden", "--side",
                              "Germany", "--out", str(t0), "--passphrase", "Allies=dover")
    assert code == 2 and err == ("mineboard: --passphrase: --side Germany plays Axis, not "
                                 "Allies\n") and not t0.exists()
    t0 = invite(capsys, tmp_path)
    code, _out, err = run_cli(capsys, "pbem", "join", str(t0), "--out",
                              str(tmp_path / "turn-1.json"), "--passphrase", "Axis=dover")
    assert code == 2 and err == f"mineboard: --passphrase: {t0} invites Allies, not Axis\n"


def test_a_nation_names_its_side_in_every_step(capsys, tmp_path):
    """``--passphrase Germany=…`` was refused by 'turn' ("for Axis, not Germany")."""
    t0, t1, t2 = invite(capsys, tmp_path), tmp_path / "turn-1.json", tmp_path / "turn-2.json"
    assert run_cli(capsys, "pbem", "join", str(t0), "--out", str(t1), "--passphrase",
                   "United Kingdom=dover")[0] == 0
    code, _out, err = run_cli(capsys, "pbem", "turn", str(t1), "--out", str(t2),
                              "--passphrase", "Germany=nordsee")
    assert code == 0, err
    code, _out, err = run_cli(capsys, "pbem", "turn", str(t1), "--side", "Allies", "--out",
                              str(t2), "--passphrase", "Allies=dover")
    assert code == 2 and err == f"mineboard: --side: {t1} is for Axis, not Allies\n"


def status_of(out: str) -> str:
    return out.strip().splitlines()[-1]


def test_the_status_line_says_what_happens_next_at_each_stage(capsys, tmp_path):
    """After 'new', Germany — who moves first — was told it was waiting for the other
    side's turn file: the game has not begun until the other side joins."""
    t0, t1, t2 = invite(capsys, tmp_path), tmp_path / "turn-1.json", tmp_path / "turn-2.json"
    _code, out, _err = run_cli(capsys, "pbem", "show", str(t0), "--passphrase", "Axis=nordsee")
    assert status_of(out) == (
        "Axis · Purchase & Repair Units · invitation sent: Allies joins with 'pbem join', "
        "then you open its answer with 'pbem turn' (Germany moves first)")
    _code, out, _err = run_cli(capsys, "pbem", "join", str(t0), "--out", str(t1),
                               "--passphrase", "Allies=dover")
    assert status_of(out) == ("Allies · Purchase & Repair Units · joined: waiting for Axis' "
                              "first turn file (Germany moves first)")
    _code, out, _err = run_cli(capsys, "pbem", "show", str(t1), "--passphrase", "Axis=nordsee")
    assert status_of(out) == (
        f"Axis · Purchase & Repair Units · your move: 'pbem turn {t1} --actions MOVES.json "
        "--out turn-2.json'")
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps([{"kind": "end_phase"}] * 5))  # to the British turn
    _code, out, _err = run_cli(capsys, "pbem", "turn", str(t1), "--actions", str(moves),
                               "--out", str(t2), "--passphrase", "Axis=nordsee")
    assert status_of(out).endswith("sent: waiting for Allies' turn file")
    _code, out, _err = run_cli(capsys, "pbem", "show", str(t2), "--passphrase", "Allies=dover")
    assert status_of(out) == (
        f"Allies · Purchase & Repair Units · your move: 'pbem turn {t2} --actions MOVES.json "
        "--out turn-3.json'")


def test_hand_over_when_the_other_side_moves(capsys, tmp_path):
    """The side that does not move first opens a file and has nothing to play: it is told
    to hand the turn over, not that it is 'the other side's move' and left there."""
    t0, t1, t2 = invite(capsys, tmp_path), tmp_path / "turn-1.json", tmp_path / "turn-2.json"
    run_cli(capsys, "pbem", "join", str(t0), "--out", str(t1), "--passphrase", "Allies=dover")
    run_cli(capsys, "pbem", "turn", str(t1), "--out", str(t2), "--passphrase", "Axis=nordsee")
    _code, out, _err = run_cli(capsys, "pbem", "show", str(t2), "--passphrase", "Allies=dover")
    assert status_of(out) == (
        f"Allies · Purchase & Repair Units · Germany's move: hand it back with 'pbem turn "
        f"{t2} --out turn-3.json' (no --actions)")


def test_every_argument_of_every_command_has_help():
    from mineboard.cli import build_parser

    missing = []

    def walk(parser, path: str) -> None:
        for action in parser._actions:
            if action.help is None or not str(action.help).strip():
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")
            for name, sub in getattr(action, "choices", None).items() \
                    if isinstance(getattr(action, "choices", None), dict) else ():
                walk(sub, f"{path} {name}")

    walk(build_parser(["odds"]), "mineboard")
    assert missing == [], missing
