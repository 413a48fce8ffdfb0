"""Mutation testing of mineboard/rules/ with mutmut, and its report (`make mutants`).

    python tools/mutation_report.py run [--ruleset naval_lines] [--minutes 120] [--jobs 2]
    python tools/mutation_report.py report
    python tools/mutation_report.py try x_check_buy__mutmut_32 tests/test_demos.py

``run`` runs ``mutmut run`` (configured in pyproject.toml's ``[tool.mutmut]``: only the fast
rule tests, never Qt), stops it after ``--minutes`` (what it decided is kept, and the next run
goes on from there), then writes docs/mutation.md. ``report`` only writes docs/mutation.md from
the results in mutants/. ``try`` plants one survivor the report listed in this checkout's
source, runs the tests named, and puts the source back.

mutmut keeps a mutant's verdict until the function it mutates changes. A survivor may be
killed by a test or demo written since, so when the rule tests or the demo boards change, the
survivors are tried again; killed mutants are not.

The report's numbers and lists are generated; the explanations of surviving mutants are
written by hand in docs/mutation-notes.json, keyed by mutant id, each with the change it
explains (so a note left over from an older numbering of the mutants is shown as stale rather
than explaining another mutant):

    {"mineboard.rules.naval_lines.checks.x_named__mutmut_1": {
        "change": "nation: bool = False  ->  nation: bool = True",
        "why": "equivalent: every caller passes nation"}}

A ``why`` starts with "equivalent:" when the mutant cannot change what the engine does; only
those count as explained.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = Path("mineboard/rules")
MUTANTS = Path("mutants")
OUT = Path("docs/mutation.md")
NOTES = Path("docs/mutation-notes.json")
RUNS = MUTANTS / "mineboard-runs.json"
SURVIVORS = MUTANTS / "survivors.json"
"""The report's survivors with their changes as JSON, for ``try``."""
FINGERPRINT = MUTANTS / "mineboard-tests.json"
RULESETS = tuple(sorted(p.name for p in (ROOT / RULES).iterdir()
                       if p.is_dir() and not p.name.startswith(("_", "."))))
"""The rules' packages (a new ruleset's is found by its folder), and their shared part."""

# What the mutants are tried against (pyproject.toml [tool.mutmut] selects the same tests):
# when one of these changes, the survivors are tried again.
TEST_INPUTS = ("tests/conftest.py", "tests/test_demos.py", "tests/demo_bites.py",
               "tests/test_demo_transcripts.py", "tests/demo_transcripts.py",
               "tests/data/demo_transcripts/*/*.txt",
               "tests/test_demo_bites_*.py", "tests/test_*_clauses.py",
               "tests/test_*_refusals.py", "tests/test_*_engine.py",
               "tests/test_naval_lines_examples.py", "tests/test_route_odds.py",
               "assets/rules/**/*.json")

# mutmut's exit codes: 0 survived; 1, 3 killed; 33, 5 no test covers it; None not yet run;
# 2 interrupted; 36, ±24, 152, 255 timeout; 35 and anything else suspicious.
KILLED = {1, 3}
TIMEOUT = {36, 24, -24, 152, 255}
NO_TESTS = {33, 5}
SURVIVED = {0}
RETRY_ALWAYS = {2, 35, None}  # interrupted (our time limit) or suspicious: run again
RETRY_WHEN_TESTS_CHANGE = SURVIVED | NO_TESTS


def status(code: int | None) -> str:
    if code is None or code == 2:
        return "not run"
    if code in KILLED:
        return "killed"
    if code in TIMEOUT:
        return "timeout"
    if code in NO_TESTS:
        return "no tests"
    if code in SURVIVED:
        return "survived"
    if code == 34:
        return "skipped"
    return "suspicious"


def ruleset_of(path: Path) -> str:
    parts = path.relative_to(RULES).parts
    return parts[0] if len(parts) > 1 and parts[0] in RULESETS else "common"


def rules_files() -> list[Path]:
    """The rules' modules, but the conformance kits beside them (pyproject.toml's
    do_not_mutate: the tests' part)."""
    return sorted(p.relative_to(ROOT) for p in (ROOT / RULES).rglob("*.py")
                  if p.name != "conformance.py")


def meta_path(path: Path) -> Path:
    return MUTANTS / (str(path) + ".meta")


def load_meta(path: Path) -> dict | None:
    try:
        return json.loads(meta_path(path).read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def save_meta(path: Path, meta: dict) -> None:
    meta_path(path).write_text(json.dumps(meta, indent=4))


# ---------------------------------------------------------------------------------------------
# run


def tests_fingerprint() -> str:
    digest = hashlib.sha256()
    for pattern in TEST_INPUTS:
        for path in sorted(Path(".").glob(pattern)):
            digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def reset(retry: set[int | None], rulesets: set[str]) -> int:
    """Forget the verdicts in ``retry`` of ``rulesets``' mutants so mutmut tries them again."""
    count = 0
    for path in rules_files():
        meta = load_meta(path) if ruleset_of(path) in rulesets else None
        if meta is None:
            continue
        codes = meta["exit_code_by_key"]
        again = [k for k, v in codes.items() if v in retry and v is not None]
        for key in again:
            codes[key] = None
        if again:
            save_meta(path, meta)
            count += len(again)
    return count


def selection(ruleset: str) -> list[str] | None:
    """The mutant names to give mutmut for one ruleset ([] when nothing is left to run), or
    None for all of them. mutmut reruns every mutant it is given by name, so only the ones
    without a verdict are named; a file changed since its mutants were made is named whole
    (its functions' mutants are made again, with new numbers)."""
    if not ruleset:
        return None
    names: list[str] = []
    for path in rules_files():
        if ruleset_of(path) != ruleset:
            continue
        module = ".".join(path.with_suffix("").parts).removesuffix(".__init__")
        meta, copy = load_meta(path), MUTANTS / path
        if meta is None or not copy.exists() or path.stat().st_mtime > copy.stat().st_mtime:
            names.append(f"{module}.x*")  # its functions' mutants, not a subpackage's
            continue
        names += [k for k, v in meta["exit_code_by_key"].items() if v in RETRY_ALWAYS]
    return names


def decided() -> int:
    return sum(1 for path in rules_files() if (meta := load_meta(path))
               for v in meta["exit_code_by_key"].values() if v not in RETRY_ALWAYS)


def run(args: argparse.Namespace) -> int:
    ruleset = args.ruleset.replace("-", "_")
    if ruleset and ruleset not in RULESETS:
        print(f"mutants: no ruleset {args.ruleset!r} (rulesets: {', '.join(RULESETS)})",
              file=sys.stderr)
        return 2
    MUTANTS.mkdir(exist_ok=True)
    stats = MUTANTS / "mutmut-stats.json"
    if stats.exists() and not json.loads(stats.read_text()).get("tests_by_mangled_function_name"):
        # Which tests cover which function, emptied (`mutmut print-time-estimates` does that):
        # mutmut would mark every mutant "no tests". Without the file it finds them again.
        stats.unlink()
    fingerprint = tests_fingerprint()
    # mutmut finds which tests call which function once, and afterwards only for tests with
    # new names: a changed test (a transcript that now clicks a place) would keep its old
    # reach, so the map is made again whenever the tests have changed.
    stats_fingerprint = MUTANTS / "mineboard-stats-tests.txt"
    if stats.exists() and (not stats_fingerprint.exists()
                           or stats_fingerprint.read_text() != fingerprint):
        stats.unlink()
    stats_fingerprint.write_text(fingerprint)
    chosen = {ruleset} if ruleset else set(RULESETS)
    # The tests each ruleset's survivors were last tried against: when they have changed since,
    # its survivors are tried again.
    tried_against = json.loads(FINGERPRINT.read_text()) if FINGERPRINT.exists() else {}
    again = reset(RETRY_ALWAYS, chosen)
    stale = {r for r in chosen if tried_against.get(r) != fingerprint}
    again += reset(RETRY_WHEN_TESTS_CHANGE, stale)
    if again:
        print(f"mutants: {again} mutants without a verdict or not killed by older tests are run")
    FINGERPRINT.write_text(json.dumps({**tried_against, **dict.fromkeys(chosen, fingerprint)}))

    names = selection(ruleset)
    if names == []:
        print(f"mutants: every mutant of {ruleset} has its verdict")
        return write_report()
    mutmut = Path(sys.executable).parent / "mutmut"
    command = [str(mutmut), "run", *(["--max-children", str(args.jobs)] if args.jobs else []),
               *(names or [])]
    before, started = decided(), time.monotonic()
    process = subprocess.Popen(command, start_new_session=True)
    stopped = False
    try:
        code = process.wait(timeout=args.minutes * 60)
    except subprocess.TimeoutExpired:
        stopped = True
        print(f"\nmutants: the {args.minutes}-minute limit is up; stopping (the next run "
              "goes on from here)")
        process.send_signal(signal.SIGINT)
        try:
            code = process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            code = process.wait()
    seconds, tried = time.monotonic() - started, decided() - before
    runs = json.loads(RUNS.read_text()) if RUNS.exists() else []
    runs.append({"date": today(), "commit": commit(), "ruleset": ruleset or "all",
                 "jobs": args.jobs or os.cpu_count(), "seconds": round(seconds),
                 "mutants": tried, "stopped": stopped})
    RUNS.write_text(json.dumps(runs[-20:], indent=1))
    if tried:
        print(f"mutants: {tried} verdicts in {seconds / 60:.1f} min "
              f"({seconds / tried:.2f} s a mutant, wall clock)")
    write_report()
    return 0 if stopped or code == 0 else code


# ---------------------------------------------------------------------------------------------
# report


@dataclass
class Mutant:
    id: str
    path: Path
    status: str
    line: int | None = None
    removed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)

    @property
    def change(self) -> str:
        return f"{' '.join(self.removed)}  ->  {' '.join(self.added)}"


def today() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")


def commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", str(RULES))
    return head + ("+local changes" if dirty else "")


def diff_of(mutant: Mutant) -> None:
    """The lines the mutant changes, and where the first of them is in the source."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    try:
        diff = get_diff_for_mutant(mutant.id, path=mutant.path)
    except Exception as exc:  # a result whose mutated file is gone or older than the meta
        mutant.removed = [f"(no diff: {type(exc).__name__})"]
        return
    offset = None
    line_in_function = 0
    for text in diff.splitlines():
        if m := re.match(r"@@ -(\d+)", text):
            line_in_function = int(m.group(1))
        elif text.startswith(("---", "+++")):
            continue
        elif text.startswith("-"):
            offset = line_in_function if offset is None else offset
            mutant.removed.append(text[1:].strip())
            line_in_function += 1
        elif text.startswith("+"):
            mutant.added.append(text[1:].strip())
        elif text.startswith(" "):
            line_in_function += 1
    mutant.line = source_line(mutant, offset)


_SOURCES: dict[Path, list[str]] = {}


def source_line(mutant: Mutant, offset: int | None) -> int | None:
    """The line of the source the mutant's first removed line is: the function's own line
    numbers (mutmut diffs the function alone) put it near a line of that text."""
    if not mutant.removed:
        return None
    lines = _SOURCES.setdefault(mutant.path, mutant.path.read_text().splitlines())
    function = mutant.id.rpartition(".")[2].partition("__mutmut_")[0]
    name = function.rpartition("ǁ")[2] if "ǁ" in function else function.removeprefix("x_")
    starts = [i for i, text in enumerate(lines, 1)
              if re.match(rf"\s*(async\s+)?def {re.escape(name)}\b", text)]
    wanted = mutant.removed[0]
    matches = [i for i, text in enumerate(lines, 1) if text.strip() == wanted]
    if not matches:
        return starts[0] if starts else None
    guess = (starts[0] + (offset or 1) - 1) if starts else 0
    return min(matches, key=lambda i: abs(i - guess))


def kind(mutant: Mutant) -> str:
    """'string' when only string literals changed (a message's words, or a key), else 'code'."""
    def tokens(lines: list[str]) -> list[tuple[int, str]]:
        found = []
        try:
            for t in tokenize.generate_tokens(io.StringIO("\n".join(lines)).readline):
                if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                                  tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
                    found.append((t.type, t.string))
        except (tokenize.TokenError, IndentationError, SyntaxError):
            pass  # a statement cut at the end of the diff: the tokens so far are enough
        return found

    old, new = tokens(mutant.removed), tokens(mutant.added)
    if len(old) != len(new) or old == new:
        return "code"
    for a, b in zip(old, new, strict=True):
        if a != b and not (a[0] == tokenize.STRING and (b[0] == tokenize.STRING
                                                         or b == (tokenize.NAME, "None"))):
            return "code"
    return "string"


def code(text: str) -> str:
    text = text if len(text) <= 90 else text[:87] + "…"
    return "`" + text.replace("`", "'").replace("|", "\\|") + "`" if text else "(nothing)"


def write_report() -> int:
    notes = json.loads(NOTES.read_text()) if NOTES.exists() else {}
    mutants: list[Mutant] = []
    for path in rules_files():
        meta = load_meta(path)
        if meta is None:
            continue
        for key, exit_code in meta["exit_code_by_key"].items():
            mutants.append(Mutant(key, path, status(exit_code)))
    if not mutants:
        print("mutants: no results in mutants/ (run `make mutants` first)", file=sys.stderr)
        return 1
    shown = [m for m in mutants if m.status in ("survived", "no tests", "suspicious")]
    for mutant in shown:
        diff_of(mutant)

    runs = json.loads(RUNS.read_text()) if RUNS.exists() else []
    not_run = sum(m.status == "not run" for m in mutants)
    out = ["# Mutation testing of the rules", "",
           "<!-- Generated by tools/mutation_report.py (`make mutants`); do not edit. "
           "Explanations of surviving mutants go in docs/mutation-notes.json. -->", "",
           "mutmut changes the rule engines in `mineboard/rules/` one small edit at a time (a "
           "mutant) and runs the rule tests that cover the changed function: the demo boards "
           "(`tests/test_demos.py`) and their kept transcripts (`tests/test_demo_transcripts.py`: "
           "every word, event, view and planner answer on the way), the clause tests, the "
           "refusal and engine tests of each ruleset (`tests/test_*_refusals.py`, "
           "`tests/test_*_engine.py`: every refusal's words, the planner, the loaders' errors) "
           "and the route odds (see `[tool.mutmut]` in pyproject.toml). "
           "The rules' memo caches are emptied before each test under mutation testing "
           "(tests/conftest.py), or a cache filled before mutmut forks would hide a mutant. "
           "A mutant the tests fail on is killed; one they pass survives, "
           "and is listed below until a demo or test kills it or it is explained as "
           "equivalent (it cannot change what the engine does). "
           "Tests outside that selection (the window's, the saves', the secrets') are not "
           "run, so a mutant listed here may be killed by the whole suite; *no tests* means no "
           "selected test calls the function at all. "
           "`make mutants` runs it (not part of `make test` or CI); "
           "`make mutants RULESET=naval_lines` runs one ruleset; "
           "`MUTANTS_MINUTES=30` bounds a run, and the next run goes on from where it stopped.",
           ""]
    partial = " — **partial**: " + f"{not_run} of {len(mutants)} mutants not run yet" \
        if not_run else ""
    out += [f"Results as of {today()}, commit {commit()}{partial}.", ""]
    if runs:
        last = runs[-1]
        per = f", {last['seconds'] / last['mutants']:.2f} s a mutant" if last["mutants"] else ""
        out += [f"Last run: {last['date']}, {last['ruleset']}, {last['mutants']} mutants in "
                f"{last['seconds'] / 60:.1f} min on {last['jobs']} workers{per}"
                f"{' (stopped by its time limit)' if last['stopped'] else ''}.", ""]
    out += ["| ruleset | mutants | run | killed | timeout | survived | no tests | suspicious "
            "| not run | score | explained |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for ruleset in RULESETS:
        group = [m for m in mutants if ruleset_of(m.path) == ruleset]
        n = {s: sum(m.status == s for m in group)
             for s in ("killed", "timeout", "survived", "no tests", "suspicious", "not run")}
        ran = len(group) - n["not run"]
        score = f"{100 * (n['killed'] + n['timeout']) / ran:.1f}%" if ran else "–"
        left = [m for m in group if m.status in ("survived", "no tests", "suspicious")]
        explained = sum(1 for m in left if note_of(notes, m)[0] == "equivalent")
        out.append(f"| {ruleset} | {len(group)} | {ran} | {n['killed']} | {n['timeout']} | "
                   f"{n['survived']} | {n['no tests']} | {n['suspicious']} | {n['not run']} | "
                   f"{score} | {explained} of {len(left)} |")
    out += ["", "Score: killed and timed out, of the mutants run. *What* says whether the "
            "mutant changes only a string literal (mostly a message's words; a clause id or a "
            "key is a string too) or code.", ""]
    for ruleset in RULESETS:
        left = [m for m in shown if ruleset_of(m.path) == ruleset]
        out += [f"## {ruleset}: surviving mutants", ""]
        if not left:
            out += ["None." if any(ruleset_of(m.path) == ruleset for m in mutants)
                    else "Not run yet.", ""]
            continue
        out += ["| mutant | where | status | what | change | explanation |",
                "|---|---|---|---|---|---|"]
        for m in sorted(left, key=lambda m: (str(m.path), m.line or 0, m.id)):
            short = m.id.rpartition(".")[2]
            where = f"{m.path.relative_to(RULES)}:{m.line}" if m.line else str(m.path)
            change = f"{code(' '.join(m.removed))} → {code(' '.join(m.added))}"
            out.append(f"| {short} | {where} | {m.status} | {kind(m)} | {change} | "
                       f"{note_of(notes, m)[1]} |")
        out.append("")
    leftover = sorted(k for k in notes if k not in {m.id for m in shown})
    if leftover:
        out += ["## Notes for mutants no longer surviving", "",
                "These notes in docs/mutation-notes.json explain mutants that are now killed "
                "or no longer made: delete them.", ""]
        out += [f"- {k}" for k in leftover] + [""]
    (ROOT / OUT).write_text("\n".join(out))
    SURVIVORS.write_text(json.dumps(
        [{"id": m.id, "path": str(m.path), "line": m.line, "status": m.status, "what": kind(m),
          "removed": m.removed, "added": m.added, "note": note_of(notes, m)[1]}
         for m in sorted(shown, key=lambda m: (str(m.path), m.line or 0, m.id))], indent=1))
    print(f"mutants: wrote {OUT} and {SURVIVORS}")
    return 0


def try_mutant(args: argparse.Namespace) -> int:
    """Plant one listed survivor in this checkout's source, run the given tests, put the
    source back: whether a new test or demo kills it, in seconds rather than a mutmut run."""
    listed = {m["id"].rpartition(".")[2]: m
              for m in json.loads(Path(args.survivors).read_text())}
    mutant = listed.get(args.mutant.rpartition(".")[2])
    if mutant is None or not mutant["line"] or not mutant["removed"]:
        print(f"mutants: {args.mutant} is not a listed survivor with a known line",
              file=sys.stderr)
        return 2
    path = Path(mutant["path"])
    original = path.read_text()
    lines = original.splitlines(keepends=True)
    start = mutant["line"] - 1
    old = [text.strip() for text in lines[start:start + len(mutant["removed"])]]
    if old != mutant["removed"]:
        print(f"mutants: {path}:{mutant['line']} no longer reads {mutant['removed'][0]!r}",
              file=sys.stderr)
        return 2
    indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
    planted = [indent + text + "\n" for text in mutant["added"]] or [indent + "pass\n"]
    try:
        path.write_text("".join(lines[:start] + planted + lines[start + len(old):]))
        code = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q",
                               "-p", "no:cacheprovider", *args.pytest],
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).returncode
    finally:
        path.write_text(original)
    print(f"mutants: {args.mutant} {'killed' if code else 'survived'} "
          f"({' '.join(args.pytest) or 'all tests'})")
    return 0


def note_of(notes: dict, m: Mutant) -> tuple[str, str]:
    """('equivalent' | 'other' | 'none', the explanation column's text)."""
    note = notes.get(m.id)
    if not note:
        return "none", "not yet killed"
    if note.get("change") and note["change"] != m.change:
        return "none", f"not yet killed (stale note, for {code(note['change'])})"
    why = note.get("why", "").replace("|", "\\|")
    return ("equivalent" if why.startswith("equivalent:") else "other"), why


def main() -> int:
    os.chdir(ROOT)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="run mutmut, then write the report")
    run_parser.add_argument("--ruleset", default="", help=f"one of {', '.join(RULESETS)}")
    run_parser.add_argument("--minutes", type=float, default=240, help="stop after (default 240)")
    run_parser.add_argument("--jobs", type=int, default=0, help="workers (default: all cores)")
    commands.add_parser("report", help="write docs/mutation.md from the results in mutants/")
    try_parser = commands.add_parser("try", help="plant one survivor, run tests, undo it")
    try_parser.add_argument("mutant", help="its id, e.g. x_check_buy__mutmut_32")
    try_parser.add_argument("pytest", nargs="*", help="the tests to run (pytest arguments)")
    try_parser.add_argument("--survivors", default=str(SURVIVORS),
                            help="the survivors file a report wrote")
    args = parser.parse_args()
    if args.command == "try":
        return try_mutant(args)
    return run(args) if args.command == "run" else write_report()


if __name__ == "__main__":
    sys.exit(main())
