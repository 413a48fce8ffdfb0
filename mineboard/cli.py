"""The ``mineboard`` command. Headless subcommands never import Qt.

Every failure is one line on stderr: exit 2 for a bad argument or unusable file, exit 1
for a check that failed (an illegal action, a map with problems). Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from mineboard import __version__
from mineboard.core.errors import BadInput, IllegalAction, MineboardError
from mineboard.core.words import count_of

EXIT_FAILED_CHECK = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE: a defect of the program, not of the input


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: {message}\n")


def _whole(limits: Any) -> Any:
    """An argument type: a whole number within ``limits`` (a schema Range; open sides get
    0 and 100,000), so an odds query cannot ask for hours of work."""
    low = int(limits.low) if limits.low is not None else 0
    high = int(limits.high) if limits.high is not None else 100_000

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return parse


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"{text!r}: each side must be 200–8000 pixels")
    return w, h


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    from mineboard.core.limits import MAX_SEED
    from mineboard.core.schema import Range

    parser = _Parser(prog="mineboard", description="Lay, sweep and run through minefields.")
    parser.add_argument("--version", action="version", version=f"mineboard {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="open the board window (default scenario if none)")
    play.add_argument("file", nargs="?", default="northsea-1940",
                      help="a bundled scenario name, a scenario file or a save")
    play.add_argument("--seed", type=_whole(Range(0, MAX_SEED)), default=None,
                      help="fix the dice (tests, examples); marked in the save as predictable")
    play.add_argument("--open-table", action="store_true",
                      help="all sides agree: undo past dice and teacher view allowed")

    sub.add_parser("rulesets", help="list the rule systems")

    shot = sub.add_parser("screenshot", help="render the board window offscreen to a PNG")
    shot.add_argument("file", nargs="?", default="northsea-1940",
                      help="a bundled scenario name, a scenario file or a save")
    shot.add_argument("--out", type=Path, required=True)
    shot.add_argument("--size", type=_size, default=(1600, 1000), help="WxH, e.g. 1920x1080")
    shot.add_argument("--side", default=None, help="draw what this nation's side may see")
    shot.add_argument("--teacher", action="store_true", help="draw everything")

    validate = sub.add_parser("validate", help="check a map, scenario or save file")
    validate.add_argument("file", type=Path)
    _add_passphrase_option(validate, "to open a sealed save")

    run = sub.add_parser("run", help="play a scripted action list headless")
    run.add_argument("scenario", help="a bundled scenario name or a scenario file")
    run.add_argument("--seed", type=_whole(Range(0, MAX_SEED)), default=None,
                     help="fix the dice (default: a fresh secret seed); the report shows it")
    run.add_argument("--actions", type=Path, required=True,
                     help="JSON list of actions (see docs/actions.md)")
    run.add_argument("--json", action="store_true", help="print JSON")
    run.add_argument("--side", default=None, help="print only what this side may see")
    run.add_argument("--save", type=Path, default=None, help="also write a save file")
    run.add_argument("--open-table", action="store_true",
                     help="all sides agree: undo past dice and teacher view allowed")
    _add_passphrase_option(run, "to seal that side's secrets in the --save file")

    from mineboard import pbem_cli

    pbem_cli.add_parser(sub, _passphrase)

    bench = sub.add_parser("bench", help="measure the performance budgets")
    bench.add_argument("names", nargs="*", help="only these benchmarks")
    bench.add_argument("--runs", type=_whole(Range(1, 1000)), default=None)
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--compare-mc", action="store_true",
                       help="also time a numpy Monte Carlo of 10,000 trials of each odds "
                            "crossing, and print the ratio and the simulation's error")
    bench.add_argument("--chart", type=Path, default=None, metavar="FILE.svg",
                       help="draw the scale curves (cost against zones, hexes, mines…)")

    odds = sub.add_parser("odds", help="exact odds of a mine resolution")
    rulesets = odds.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=_Parser,
                                   required=True)
    for ruleset_id, query in _odds_queries(argv):
        _add_query_options(rulesets.add_parser(ruleset_id, help=_first_line(query.__doc__)),
                           query)
    return parser


def _passphrase(text: str) -> tuple[str, str]:
    side, sep, phrase = text.partition("=")
    if not sep or not side or not phrase:
        raise argparse.ArgumentTypeError(f"{text!r} is not SIDE=PASSPHRASE")
    return side, phrase


def _add_passphrase_option(parser: argparse.ArgumentParser, purpose: str) -> None:
    parser.add_argument("--passphrase", type=_passphrase, action="append", default=[],
                        metavar="SIDE=PASSPHRASE",
                        help=f"a side's passphrase {purpose} (repeat per side; visible to "
                             "other users of this machine while it runs: for scripts)")


def _passphrases(args: argparse.Namespace, state: Any | None = None) -> dict[str, str]:
    """The --passphrase options by side; with ``state``, nations are read as their sides and
    an unknown one is refused."""
    from mineboard.core.game import seat_for

    found: dict[str, str] = {}
    for name, phrase in args.passphrase:
        side = seat_for(state, name, "--passphrase") if state is not None else name
        found[side] = phrase
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; whatever happens, one line on stderr, never a traceback."""
    try:
        code = _dispatch(argv)
        sys.stdout.flush()  # a reader that left shows here, not as Python's shutdown noise
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `mineboard run … | head`: the reader left; say nothing more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:  # a defect of ours: the details go to a file, not the screen
        from mineboard.crash import crash_report

        print(f"mineboard: internal error ({type(exc).__name__}); please report it with "
              f"{crash_report(exc)}", file=sys.stderr)
        return EXIT_INTERNAL


def _dispatch(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return _COMMANDS[args.command](args)
    except IllegalAction as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    except MineboardError as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def cmd_rulesets(args: argparse.Namespace) -> int:
    import mineboard.rules  # noqa: F401  (names the rulesets)
    from mineboard.core.registry import registered

    for rid, ruleset in sorted(registered().items()):
        print(f"{rid}\t{ruleset.clause_prefix}\t{ruleset.title}")
    return 0


def _odds_queries(argv: Sequence[str]) -> list[tuple[str, type]]:
    """The odds queries the parser needs: none for another command, only the named
    ruleset's when it is known (one small module loads, not every ruleset), else every one
    (for help and for the error that lists them)."""
    import mineboard.rules  # noqa: F401  (names the rulesets)
    from mineboard.core.registry import odds_query, ruleset_ids

    args = [a for a in argv if not a.startswith("-")]
    if args[:1] != ["odds"]:
        return []  # another command: the odds options are never read
    ids = ruleset_ids()
    wanted = [args[1]] if len(args) > 1 and args[1] in ids else ids
    return [(rid, query) for rid in wanted if (query := odds_query(rid)) is not None]


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().splitlines()[0].split(": ", 1)[-1] if doc else ""


def _add_query_options(parser: argparse.ArgumentParser, query: type) -> None:
    """One option per field of the ruleset's odds query, typed from its hint."""
    import typing

    from mineboard.core.schema import Range, json_fields

    for f in json_fields(query):
        annotated = typing.get_origin(f.hint) is typing.Annotated
        base = typing.get_args(f.hint)[0] if annotated else f.hint
        limits = next((m for m in getattr(f.hint, "__metadata__", ()) if isinstance(m, Range)),
                      Range(0, 100_000))
        flag = "--" + f.key.replace("_", "-")
        if base is bool:
            parser.add_argument(flag, dest=f.name, action="store_true", help=f.doc)
        else:
            parser.add_argument(flag, dest=f.name, type=_whole(limits) if base is int else str,
                                required=f.required, help=f.doc,
                                **({} if f.required else {"default": _default_of(query, f.name)}))
    parser.add_argument("--json", action="store_true")


def _default_of(query: type, name: str) -> Any:
    import dataclasses

    field = next(f for f in dataclasses.fields(query) if f.name == name)
    return field.default


def cmd_odds(args: argparse.Namespace) -> int:
    import dataclasses

    from mineboard.core.registry import odds_query

    query_type = odds_query(args.ruleset)
    assert query_type is not None  # only rulesets with one get an odds subcommand
    fields = dataclasses.fields(query_type)  # type: ignore[arg-type]
    preview = query_type(**{f.name: getattr(args, f.name) for f in fields}).preview()
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, **preview.data}))
        return 0
    print(preview.title)
    print(f"  {preview.axis}:")
    width = max((len(label) for label, _p in preview.outcomes), default=0)
    for label, p in preview.outcomes:
        print(f"    {label:<{width}} {float(p):8.5f}  {'█' * round(float(p) * 40)}  {p}")
    print(f"  {preview.summary}")
    return 0


def _read_actions(path: Path, codec: Any) -> list[Any]:
    from mineboard.resources import read_json

    data, _ = read_json(path)
    if isinstance(data, dict) and "actions" in data:
        data = data["actions"]
    if not isinstance(data, list):
        raise BadInput(str(path), "must be a JSON list of actions")
    return [codec.parse(item, f"{path}: action {i}") for i, item in enumerate(data)]


def cmd_run(args: argparse.Namespace) -> int:
    from mineboard.core.game import PUBLIC, TEACHER, seat_for
    from mineboard.core.table import Table
    from mineboard.persistence.saves import write_save
    from mineboard.persistence.scenario import load_scenario
    from mineboard.persistence.sealing import Seals
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario(args.scenario))
    actions = _read_actions(args.actions, scenario.ruleset.codec)
    game = scenario.new_game(args.seed, Table(open=args.open_table))
    public = game.observe(PUBLIC).view
    seat = TEACHER if args.side is None else seat_for(public, args.side, "--side")
    seals = Seals.from_passphrases(_passphrases(args, public))
    failure = None
    for index, action in enumerate(actions):
        mover = game.seat_to_move()
        try:
            game.play(action, by=mover)
        except IllegalAction as exc:
            # The mover's reason may rest on the mover's secrets: a report for another
            # side says only that the action was refused.
            why = f": {exc.reason} [{exc.clause}]" if seat in (TEACHER, mover) else ""
            failure = f"action {index} ({action.kind}) refused{why}; nothing of it was applied"
            break
    if args.save:
        write_save(args.save, scenario, game, seals)
    report = game.observe(seat).summary()
    briefing = scenario.briefing_for(seat)
    if briefing:
        report["briefing"] = briefing
    if args.json:
        if failure:
            report["error"] = failure
        print(json.dumps(report, indent=1, ensure_ascii=False))
    else:
        _print_report(report)
    if failure:
        print(f"mineboard: {failure}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    return 0


def _print_report(report: dict[str, Any]) -> None:
    state = report["state"]
    dice = report["dice"]
    seed = f"seed {dice['seed']}" if "seed" in dice else f"dice {dice['commitment'][:12]}…"
    print(f"{report['ruleset']} · {seed} · turn {state.get('turn')} · "
          f"{state.get('nation')} · {state.get('phase_name', state.get('phase'))}")
    for side, text in report.get("briefing", {}).items():
        print(f"  briefing for {side}: {text}")
    for event in report["events"]:
        clause = f"{event['clause']}: " if event["clause"] else ""
        print(f"  {clause}{event['text']}")
    print("state:")
    print(json.dumps(state, indent=1, ensure_ascii=False))


def cmd_validate(args: argparse.Namespace) -> int:
    from mineboard.maps.geojson import MapInvalid, board_from_json
    from mineboard.persistence.documents import read_document
    from mineboard.persistence.saves import loaded_from
    from mineboard.persistence.scenario import scenario_from_data

    path: Path = args.file
    doc = read_document(path)
    try:
        if doc.kind == "map":
            board = board_from_json(doc.data, doc.where, doc.digest)
            print(f"{path}: ok — {board.kind} map {board.id!r}, {len(board.places)} places, "
                  f"{len(board.ways)} ways")
        elif doc.kind == "scenario":
            scenario = scenario_from_data(doc.data, doc.where, doc.folder)
            print(f"{path}: ok — {scenario.ruleset.id} scenario on map {scenario.board.id!r}")
        else:
            game = loaded_from(doc, _passphrases(args)).game
            replayed = count_of(len(game.records), "action")
            print(f"{path}: ok — {game.ruleset.id} save, {replayed} replayed")
    except MapInvalid as exc:
        for problem in exc.problems:
            print(f"{path}: {problem}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    except BadInput as exc:
        print(f"mineboard: {exc}", file=sys.stderr)
        return EXIT_FAILED_CHECK
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from mineboard.persistence.documents import read_document
    from mineboard.resources import resolve_scenario

    read_document(resolve_scenario(args.file), "scenario", "save")  # a bad name: one line now
    if not _has_display():
        raise BadInput("play", "no display to open the window on (DISPLAY and "
                               "WAYLAND_DISPLAY are unset); `mineboard screenshot` draws "
                               "the board without one")
    try:
        from mineboard.qt.app import run_app
    except ImportError:  # no Qt on this machine: show the scenario as text instead
        return _print_scenario(args)
    from mineboard.core.table import Table

    return int(run_app(args.file, args.seed, Table(open=args.open_table)))


def _has_display() -> bool:
    """Whether Qt can open a window here: without one it aborts the process with a page of
    plugin messages, so say it in one line first. (Windows and macOS always have one.)"""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def _print_scenario(args: argparse.Namespace) -> int:
    from mineboard.core.game import PUBLIC
    from mineboard.persistence.scenario import load_scenario
    from mineboard.resources import resolve_scenario

    scenario = load_scenario(resolve_scenario(args.file))
    game = scenario.new_game(args.seed)
    print(scenario.title)
    _print_report(game.observe(PUBLIC).summary())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    import importlib.util

    from mineboard import bench

    if importlib.util.find_spec("PySide6") is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        import mineboard.qt.bench  # noqa: F401  (registers the benchmarks that draw)
    unknown = [n for n in args.names if n not in bench.BENCHES]
    if unknown:
        raise BadInput(unknown[0], f"no such benchmark (known: {', '.join(bench.BENCHES)})")
    if args.chart is not None and args.chart.suffix.lower() != ".svg":
        raise BadInput(str(args.chart), "the chart is written as SVG; name it .svg")
    results = bench.run(args.names or None, args.runs)
    compared = bench.compare_monte_carlo(10_000) if args.compare_mc else []
    if args.chart is not None:
        from mineboard.atomic import write_atomic
        from mineboard.bench_chart import scale_chart

        write_atomic(args.chart, scale_chart(results))
    if args.json:
        print(json.dumps({"results": results, "monte_carlo": compared}, indent=1))
        return 0
    print(f"{'benchmark':<34} {'min':>9} {'median':>9} {'max':>9}  ms   budget")
    for r in results:
        verdict = "" if r["budget_ms"] is None else (
            f"{r['budget_ms']:>7g}  {'ok' if r['within_budget'] else 'OVER'}")
        print(f"{r['name']:<34} {r['min_ms']:>9.3f} {r['median_ms']:>9.3f} "
              f"{r['max_ms']:>9.3f}      {verdict}")
    if compared:
        print(f"\n{'exact odds vs Monte Carlo (10k)':<34} {'exact':>9} {'mc':>9} {'ratio':>7}"
              f" {'mc error':>9} {'1 s.e.':>8}")
        for c in compared:
            print(f"{c['name']:<34} {c['exact_ms']:>9.3f} {c['mc_ms']:>9.3f} {c['ratio']:>7.3f}"
                  f" {c['max_abs_error']:>9.5f} {c['standard_error']:>8.5f}")
    return 0


def cmd_screenshot(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from mineboard.qt.app import screenshot

    if args.out.suffix.lower() != ".png":
        raise BadInput(str(args.out), "the screenshot is written as PNG; name it .png")
    screenshot(args.file, args.out, args.size, args.side, args.teacher)
    print(f"wrote {args.out}")
    return 0


def cmd_pbem(args: argparse.Namespace) -> int:
    from mineboard import pbem_cli

    return pbem_cli.run(args)


_COMMANDS = {"pbem": cmd_pbem, "screenshot": cmd_screenshot, "bench": cmd_bench,
             "rulesets": cmd_rulesets, "odds": cmd_odds, "run": cmd_run,
             "validate": cmd_validate, "play": cmd_play}
