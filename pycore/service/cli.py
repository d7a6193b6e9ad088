"""Command line: ``python -m pycore solve|advise|policies|komi GAME ...``.

Human-readable output by default, one JSON object with ``--json``. Bad input
prints one line naming the problem (and the valid choices) and exits with
status 2. Solves report progress on stderr. The games, their parameters
(``--goal``, ``--joker``, ...) and the help texts come from the registry's
game descriptions; every command goes through the JSON API.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import stat
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from pycore.jeopardy.play.table_simulation import KIND, table_figures
from pycore.jeopardy.rules.hints import OBJECTIVES
from pycore.jeopardy.solving.budget import LIVE_MEMORY_BYTES, MOST_WORK_SECONDS, WORK_SECONDS, set_memory_budget

from ..core.errors import InvalidRequestError, PycoreError
from ..core.parallel import using_workers
from ..core.params import decimal_number_of, shown, whole_number_of
from ..core.quiz import DEFAULT_COUNT, MAX_COUNT
from ..core.registry import find_game, find_game_class, game_classes, parameter_names, untaken_params, variant_class
from ..store.prebuilt import check_writable, tables_dir, write_result
from . import api
from .cli_format import format_result
from .kinds import kind_of
from .seat_policies import STAND_IN_NAME
from .tables import run_tables

PROFILE_WORKERS_HELP = ("three players with a turn limit (Pig, GRO): processes the sweeps run on, at most the machine's "
                        "cores (default 1; the chances are the same)")
#: whether the command being read asked for --json (set by main before parsing: a malformed
#: argument is then reported as JSON too)
_json_errors = False


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # a list of numbers starting with a minus (--scores -2500,0) is a value, as -2500 is:
        # argparse took it for an option ("expected one argument")
        self._negative_number_matcher = re.compile(r"^-\d+(,-?\d+)*$|^-\d*\.\d+$")

    def error(self, message: str) -> None:  # one line, status 2 (one JSON object under --json)
        if _json_errors:
            _print_error(InvalidRequestError(message), as_json=True)
            self.exit(2)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _print_error(exc: BaseException, as_json: bool, prefix: str = "error") -> None:
    """An error as one line on stderr, or under ``--json`` as one JSON object on stdout
    (``{"error": {"type", "message"}}``, as the API's ``handle`` reports it)."""
    if as_json:
        print(json.dumps({"error": {"type": type(exc).__name__, "message": str(exc)}}))
    else:
        print(f"python -m pycore: {prefix}: {exc}" if prefix else f"python -m pycore: {exc}", file=sys.stderr)


class _Progress:
    """Progress of a solve on stderr: a live line on a terminal; otherwise (a log
    file, CI) one line when a stage is done and, in long stages, one line every
    ``LOG_EVERY`` seconds, so offline runs of an hour can be followed."""

    LOG_EVERY = 30.0

    def __init__(self, label: str, quiet: bool) -> None:
        self.label, self.quiet = label, quiet
        self.tty = sys.stderr.isatty()
        self.used = False
        self.last_line = time.monotonic()

    def __call__(self, stage: str, fraction: float) -> None:
        if self.quiet:
            return
        self.used = True
        if self.tty:
            sys.stderr.write(f"\rsolving {self.label}: {stage} {fraction:4.0%}")
        elif fraction >= 1.0 or time.monotonic() - self.last_line >= self.LOG_EVERY:
            self.last_line = time.monotonic()
            sys.stderr.write(f"solving {self.label}: {stage} {'done' if fraction >= 1.0 else f'{fraction:.0%}'}\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self.used and self.tty:
            sys.stderr.write("\n")


def _seats(text: str) -> int | list[int]:
    """``play``'s seats: one whole number, or several separated by commas (your seats at a
    table of three: ``1,3``)."""
    seats = [_whole(part) for part in text.split(",")]
    return seats[0] if len(seats) == 1 else seats


def _whole(text: str) -> int:
    """A command-line whole number: ASCII digits with an optional sign, at most 18 (not
    ``5_0``, not other scripts' digits, not thousands of digits)."""
    number = whole_number_of(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"a whole number such as 50 is needed, not {shown(text)}")
    return number


#: the least memory a solve may be given, in GB (1 MB: less rounds to nothing; Pig to 10 needs 2 MB)
LEAST_GIGABYTES = 0.001


def _gigabytes(text: str) -> float:
    """A memory size in GB: a decimal number such as 4 or 2.5, from 0.01 to 1024."""
    number = decimal_number_of(text)
    if number is None or not LEAST_GIGABYTES <= number <= 1024:
        raise argparse.ArgumentTypeError(f"a size in GB from {LEAST_GIGABYTES} to 1024 such as 4 is needed, "
                                         f"not {shown(text)}")
    return number


def _seconds(text: str) -> float:
    """A time budget in seconds: a decimal number above 0, at most a day."""
    number = decimal_number_of(text)
    if number is None or not 0 < number <= MOST_WORK_SECONDS:
        raise argparse.ArgumentTypeError(f"seconds above 0 and at most {MOST_WORK_SECONDS:.0f} such as 600 are "
                                         f"needed, not {shown(text)}")
    return number


def _workers(text: str) -> int:
    """A count of processes: one to the machine's cores."""
    number, cores = _whole(text), os.cpu_count() or 1
    if not 1 <= number <= cores:
        raise argparse.ArgumentTypeError(f"1 to {cores} (this machine's cores) is needed, not {number}")
    return number


def _param_args(parser: argparse.ArgumentParser, kind: str | None = None, ranges: bool = False) -> None:
    """One option per parameter name of the registered games (of a kind), help from their
    descriptions; ``ranges``: each number may be a range (the designer's FROM:TO:STEP)."""
    seen: dict[str, list] = {}
    for cls in game_classes(kind):
        for p in cls.parameters:
            seen.setdefault(p.name, []).append((cls, p))
    for name, owners in seen.items():
        first = owners[0][1]
        games = ", ".join(cls.name for cls, _ in owners)
        if len({p.help for _, p in owners}) > 1:  # (pig-turns' turns in all, pig-3's turns left): each its own
            helps: dict[str, list[str]] = {}
            for cls, p in owners:
                helps.setdefault(p.help, []).append(cls.name)
            first = replace(first, help="; ".join(f"{', '.join(names)}: {text}" for text, names in helps.items()))
            games = "by game"
        # turn_model is written --turn-model (the parameter's name is accepted too)
        spellings = dict.fromkeys([f"--{name.replace('_', '-')}", f"--{name}"])
        if first.choices:
            text = f"{games}: {first.help}: {', '.join(first.choices)} (default {first.default})"
            parser.add_argument(*spellings, dest=name, help=text)
        elif first.text:
            parser.add_argument(*spellings, dest=name, help=f"{games}: {first.help}")
        elif ranges:
            parser.add_argument(*spellings, dest=name, help=f"{games}: {first.help} (a value, or FROM:TO:STEP to vary it)")
        else:
            parser.add_argument(*spellings, dest=name, type=_whole, help=f"{games}: {first.help} (game default if omitted)")


def _game_args(parser: argparse.ArgumentParser) -> None:
    names = [g.name for g in game_classes()]
    parser.add_argument("game", help=f"game name or alias ({', '.join(names)})")
    _param_args(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    _budget_args(parser)


def _budget_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--memory", type=_gigabytes, help="GB a solve may use (default 1, what a phone's browser "
                        "tab gives; the app refuses larger solves by name): e.g. --memory 4 for Pig to 400")
    parser.add_argument("--max-seconds", dest="max_seconds", type=_seconds,
                        help=f"seconds of work beyond one solve (a policy's evaluation, a designer's table) a command "
                        f"may take here (default {WORK_SECONDS:.0f}; estimated first and refused past it, naming what "
                        "fits): e.g. --max-seconds 600 to evaluate a rule on Zombie Dice")


def _objective_arg(parser: argparse.ArgumentParser) -> None:
    text = "; ".join(f"{k}: {v}" for k, v in OBJECTIVES.items())
    parser.add_argument("--objective", choices=list(OBJECTIVES), help=f"two-player games: {text} (default win)")


def _position_args(parser: argparse.ArgumentParser) -> None:
    """A position: a two-player game's state, or a scorecard game's card, dice and rerolls."""
    parser.add_argument("--state", help="two-player games: state as key=value pairs, e.g. i=10,j=20,k=5")
    parser.add_argument("--scorecard", help='scorecard games: filled boxes, e.g. "1s:3,fh:25,y:50,yb:1" (empty: a fresh card)')
    parser.add_argument("--dice", help="scorecard games: the dice showing, e.g. 13356 (omit at the start of a turn); "
                        "two-player games with choices after a roll (Farkle): the roll, e.g. 1,5,5,2,3,4: each "
                        "choice it allows, best first (its number of dice is the dice rolled)")
    parser.add_argument("--faces", help="two-player games: what a roll from the state showed, e.g. 155234 (Farkle): "
                        "each choice it allows, best first")
    parser.add_argument("--turn-total", dest="turn_total", type=_whole,
                        help="two-player games: the points at stake this turn (with --scores, instead of --state)")
    parser.add_argument("--scores", help="every player's score, the mover's first and then in seat order, e.g. 4000,5500 "
                        "(three players: 40,55,20; negative ones too: --scores -2500,0)")
    parser.add_argument("--rolls-left", dest="rolls_left", type=_whole, help="scorecard games: rerolls left (0-2)")
    parser.add_argument("--target", type=_whole, help="scorecard games: a final score to reach (play for it; near the game's end)")


def _offline_args(parser: argparse.ArgumentParser) -> None:
    scorecard = [g.name for g in game_classes("scorecard")]
    parser.add_argument("game", nargs="?", default=scorecard[0], help=f"a scorecard game ({', '.join(scorecard)})")
    _param_args(parser, "scorecard")
    parser.add_argument("--workers", type=_workers, default=min(2, os.cpu_count() or 1),
                        help="processes, at most the machine's cores (default 2)")
    parser.add_argument("--out", help="directory (default: the repository's prebuilt_tables/)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pycore", description="Exact optimal play of jeopardy dice games.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("solve", help="solve a game: P(first player wins) under optimal play (or a turn's points)")
    _game_args(p)
    _objective_arg(p)
    p.add_argument("--fresh", action="store_true", default=None,
                   help="solve again instead of reading the shipped table (Zombie Dice: 5 minutes)")
    p = sub.add_parser("advise", help="roll or hold? (scorecard games: which dice to keep, which box to fill)")
    _game_args(p)
    _objective_arg(p)
    _position_args(p)
    p = sub.add_parser("policies", help="human-playable policies against optimal play")
    _game_args(p)
    p.add_argument("--workers", type=_workers, default=1, help=PROFILE_WORKERS_HELP)
    p = sub.add_parser("komi", help="P(first player wins) for each head start, and the fairest")
    _game_args(p)
    p.add_argument("--max-points", type=_whole, help="largest head start listed (default goal / 4)")
    p = sub.add_parser("design", help="vary one parameter (e.g. --goal 20:100:10): first-player edge, fairest "
                       "head start, expected turns, how much skill matters")
    p.add_argument("game", help=f"a two-player game ({', '.join(g.name for g in game_classes('jeopardy'))})")
    _param_args(p, "jeopardy", ranges=True)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    _budget_args(p)
    p = sub.add_parser("evaluate", help="a policy (a paper's name or your rule) against optimal play, exactly")
    _game_args(p)
    p.add_argument("--policy", required=True, help='a policy name, or a rule such as "k < 20 and i + k < 100"')
    p.add_argument("--against", help="the opponent: optimal (default), a policy name, or a rule")
    p.add_argument("--everyone", action="store_true", help="three players: also every player following it "
                   "(--policy stand-in: the two-player advice against the strongest opponent)")
    p.add_argument("--workers", type=_workers, default=1, help=PROFILE_WORKERS_HELP)
    p = sub.add_parser("play", help="a whole game with seeded dice (jeopardy games: your player against another, in a "
                       "game for three in one or two seats; "
                       "scorecard games: one player); its record and review (each decision, the best one, its cost)")
    _game_args(p)
    p.add_argument("--seed", type=_whole, required=True, help="the dice's seed (the same seed, the same dice)")
    p.add_argument("--policy", help="your player: optimal (default), a policy name, or a rule such as \"k < 20\" "
                   "(scorecard games: optimal or greedy)")
    p.add_argument("--against", help="jeopardy games: the computer's player in the other seats: optimal (default), a "
                   "policy name, or a rule")
    p.add_argument("--seat", type=_seats, help="jeopardy games: your seat: 1 (default: you move first) or 2; for three "
                   "players 1 to 3, or two of them such as 1,3")
    p.add_argument("--komi", type=_whole, help="two-player games: the first player's head start in points (negative: the second's)")
    p = sub.add_parser("review", help="the review of a saved game record (play's, or one entered at the table)")
    _game_args(p)
    p.add_argument("--record", required=True, help="a file holding the record (JSON), or - for standard input")
    p = sub.add_parser("link", help="the shareable URL fragment of a state")
    _game_args(p)
    _position_args(p)
    p = sub.add_parser("distribution", help="scorecard games: the exact final-score distribution of optimal play")
    _game_args(p)
    p = sub.add_parser("tables", help="rebuild prebuilt_tables/ (every variant a game ships) and its manifest")
    p.add_argument("--game", dest="only", help="rebuild only this game's tables (the others stay as listed)")
    p.add_argument("--out", help="directory (default: the repository's prebuilt_tables/)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.add_argument("--workers", type=_workers, default=os.cpu_count() or 1,
                   help="processes the many-player sweeps run on, at most the machine's cores (default: all; the "
                   "tables are the same)")
    p.add_argument("--add-policies", type=_whole, metavar="N", help="keep the tables; evaluate at most N more of the "
                   "papers' policies of each table of three or more players that lacks some (GRO for three's: about "
                   "half an hour of two cores each)")
    p = sub.add_parser("target-curve", help="scorecard games, offline: best chance of each final score vs expected-score play")
    _offline_args(p)
    p.add_argument("--max-target", dest="max_target", type=_whole, default=300, help="largest target (default 300)")
    p = sub.add_parser("beat-optimal", help="scorecard games, offline: the best chance of beating an optimal player's score")
    _offline_args(p)
    p.add_argument("--cap", type=_whole, default=700, help="scores from here up pay as this one (default 700)")
    p = sub.add_parser("table-figures", help="jeopardy games, offline: simulated tables of 4 to 8 players advised by the "
                       "two-player stand-in, each seat's chance (prebuilt_tables/, shown beside the table's advice)")
    _game_args(p)
    p.add_argument("--seats", default="4-8", help="the table sizes simulated: 4-8 (default), or one number")
    p.add_argument("--games", type=_whole, default=20_000, help="games a table size, everyone on the stand-in (default 20000)")
    p.add_argument("--rule-games", dest="rule_games", type=_whole,
                   help="games a table size with one seat on the game's first named policy (default: --games)")
    p.add_argument("--seed", type=_whole, default=1, help="the dice's seed (default 1)")
    p.add_argument("--out", help="directory (default: the repository's prebuilt_tables/)")
    p = sub.add_parser("quiz", help="Test yourself: a set of positions from whole games, each move's value; "
                       "with --answers, the set graded (yours and the game's named policies')")
    _game_args(p)
    p.add_argument("--seed", type=_whole, default=1, help="the set's seed (the same seed, the same set; default 1)")
    p.add_argument("--count", type=_whole, help=f"positions in the set (1 to {MAX_COUNT}; default {DEFAULT_COUNT})")
    mix = p.add_mutually_exclusive_group()
    mix.add_argument("--close-calls", dest="mix", action="store_const", const="close",
                     help="close calls only: the best two moves under 2 points apart")
    mix.add_argument("--everything", dest="mix", action="store_const", const="all",
                     help="every decision (default: decisions with something at stake, those people miss more often)")
    p.add_argument("--answers", help="your moves, one a position, comma-separated as the set names them: "
                   "roll, hold, an option's number, keep 335, box fh")
    sub.add_parser("games", help="list the games")
    sub.add_parser("reference", help="this command line's reference in Markdown (docs/cli-reference.md)")
    p = sub.add_parser("rules", help="a game's rules: how to play, and its rule sets as data (Farkle)")
    _game_args(p)
    return parser


def _words_of(request: dict) -> dict | None:
    """The command line's words for the kind of the game a request names (None: a request of
    every game)."""
    return kind_of(find_game_class(request["game"])).words if isinstance(request.get("game"), str) else None


def _policy_args(request: dict, games_policies: list[str]) -> dict:
    """--policy / --against: a policy's name if it is one, otherwise a rule."""
    for option, key in (("policy", ""), ("against", "against_")):
        if option in request:
            text = request.pop(option)
            if text.strip().lower() in games_policies:
                request[key + "policy"] = text
            else:
                request[key + "rule"] = text
    return request


def _position_request(request: dict) -> dict:
    """A two-player position given as ``--scores``, ``--turn-total`` and ``--dice`` (the roll
    just made, whose number of dice is the game's dice-rolled variable), as the API's state and
    faces; InvalidRequestError naming what does not fit."""
    game_cls = variant_class(find_game_class(request["game"]), request)  # (pig --players 3: three scores)
    if not kind_of(game_cls).position_by_scores or not ({"dice", "turn_total", "scores"} & request.keys()):
        return request
    if "state" in request and ({"turn_total", "scores"} & request.keys()):
        raise InvalidRequestError("give the position as --state, or as --scores and --turn-total, not both")
    out = {k: v for k, v in request.items() if k not in ("dice", "turn_total", "scores")}
    if "dice" in request:
        out["faces"] = request["dice"]
    if "state" in request:
        return out
    parts = {}
    if "scores" in request:
        scores = [whole_number_of(s) for s in request["scores"].split(",")]
        # one a player, in seat order from the mover (a table of three: i, j, l)
        seats = [v for v in game_cls.anchor_vars if v != "p"] if game_cls.players > 2 else [
            game_cls.score_var, game_cls.opponent_var]
        if len(scores) != len(seats) or None in scores:
            whose = ("the mover's and the opponent's, e.g. 4000,5500" if len(seats) == 2 else
                     f"the mover's and the next players' in seat order, e.g. {','.join(map(str, (40, 55, 20, 70)[:len(seats)]))}")
            raise InvalidRequestError(
                f"--scores must be {'two' if len(seats) == 2 else len(seats)} whole numbers, {whose}, got {shown(request['scores'])}"
            )
        parts.update(zip(seats, scores, strict=True))
    if "turn_total" in request:
        parts[game_cls.turn_vars[0]] = request["turn_total"]
    rolled = game_cls.page.roll_entry.get("dice")
    if "dice" in request and isinstance(rolled, str):
        parts[rolled] = sum(c in "0123456789" for c in request["dice"])  # (the faces parse_faces reads)
    out["state"] = ",".join(f"{k}={v}" for k, v in parts.items())
    return out


def _design_request(request: dict) -> dict:
    """``--goal 20:100:10 --bound 200`` as the API's design request: the one parameter given as a
    range (or a list) is varied, the others are fixed; ``--max-seconds`` is the table's budget."""
    cls = variant_class(find_game_class(request["game"]), request)  # pig --turns 4:40:4: Pig with a turn limit
    known = {p.name: p for p in cls.parameters}
    varied = [k for k, v in request.items() if k in known and isinstance(v, str) and (":" in v or "," in v)]
    if len(varied) != 1:
        raise InvalidRequestError(
            f"give exactly one of {cls.name}'s parameters ({', '.join(known)}) as a range, e.g. --goal 20:100:10"
        )
    out = {"game": cls.name, "param": varied[0], "values": request[varied[0]]}
    if "max_seconds" in request:
        out["max_seconds"] = request["max_seconds"]
    for name, value in request.items():
        if name in known and name != varied[0]:
            out[name] = value if known[name].choices or known[name].text else known[name].from_text(cls.name, value)
    return out


#: the largest record file read, in bytes (20,000 moves of Farkle take about 1.2 MB)
RECORD_BYTES = 10_000_000


def _read_record(path: str) -> str:
    """A record file's text (``-``: standard input), at most RECORD_BYTES; a regular file only
    (a FIFO or a device would block or never end); InvalidRequestError naming the file."""
    if path == "-":
        text = sys.stdin.read(RECORD_BYTES + 1)
    else:
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise InvalidRequestError(f"the record {path!r} is not a regular file")
            with open(path, encoding="utf-8") as handle:
                text = handle.read(RECORD_BYTES + 1)
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidRequestError(f"cannot read the record {path!r}: {exc}") from None
    if len(text) > RECORD_BYTES:
        raise InvalidRequestError(f"the record {path!r} is longer than {RECORD_BYTES:,} characters")
    return text


def _writable_directory(path: str | None) -> None:
    """Refuse an output directory that cannot be written, before any computing (a result of
    many minutes would otherwise be lost at the end); made if missing."""
    folder = Path(path) if path else tables_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise InvalidRequestError(f"cannot write to the directory {str(folder)!r} (--out): {exc.strerror or exc}") from None


def _check_params(request: dict) -> None:
    """Refuse a parameter of another game (``solve pig --joker free``), naming the game's own."""
    if not isinstance(request.get("game"), str):
        return
    base = find_game_class(request["game"])
    cls = variant_class(base, request)
    untaken = untaken_params(base, cls, request, parameter_names())
    said = next((text for text in untaken.values() if text), None)
    if said:  # (players 4: the numbers that are games)
        raise InvalidRequestError(f"{base.name}: {said}")
    foreign = list(untaken)
    if foreign:
        flags = ", ".join(f"--{p.name.replace('_', '-')}" for p in cls.parameters) or "none"
        raise InvalidRequestError(f"{cls.name} has no {', '.join('--' + n.replace('_', '-') for n in foreign)} "
                                  f"(its parameters: {flags})")


def _table_figures(request: dict, progress) -> int:
    """``table-figures``: the simulated tables' figures of one game and rule set, written to
    ``prebuilt_tables/`` (or ``--out``) and listed in its manifest."""
    seats = str(request.pop("seats"))
    low, _, high = seats.partition("-")
    if not (low.isdigit() and (high or low).isdigit() and 4 <= int(low) <= int(high or low) <= 8):
        raise InvalidRequestError(f"--seats is a table size from 4 to 8 or a range such as 4-8, got {seats!r}")
    options = {k: request.pop(k) for k in ("games", "rule_games", "seed", "out") if k in request}
    game = api.game_from_args(request)
    if getattr(game, "players", 2) != 2 or getattr(game, "table_end", None) is None:
        raise InvalidRequestError(f"table-figures is for two-player jeopardy games played at a table, not {game.name}")
    _writable_directory(options.get("out"))
    check_writable(game, KIND, options.get("out"))
    result = table_figures(game, range(int(low), int(high or low) + 1), options["games"], options.get("rule_games"),
                           options["seed"], progress)
    progress.close()
    path = write_result(game, result, options.get("out"))
    for row in result["tables"]:
        chances = " ".join(f"{100 * c:.1f}" for c in row["chances"])
        rule = row.get("rule")
        said = f"; {rule['name']} in one seat: {100 * rule['chance']:.2f}% ± {100 * rule['standard_error']:.2f}%" if rule else ""
        print(f"{row['players']} players, {row['games']} games: each seat's chance (%) {chances}, "
              f"± {100 * max(row['standard_errors']):.2f} at most{said}")
    print(f"{path} ({result['seconds']} s)")
    return 0


def cli_reference(width: int = 100) -> str:
    """Every command's help, as ``--help`` prints it at ``width`` columns, in Markdown: the page
    docs/cli-reference.md is this text (a test compares them)."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)  # (argparse wraps to the terminal's width)
    try:
        parser = build_parser()
        commands = parser._subparsers._group_actions[0].choices
        parts = ["# Command line reference", "",
                 "Made from the parser by `python -m pycore reference > docs/cli-reference.md`; a test checks it.",
                 "", "```text", parser.format_help().rstrip(), "```"]
        for name, command in commands.items():
            parts += ["", f"## {name}", "", "```text", command.format_help().rstrip(), "```"]
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    if sys.stderr is None:  # started with stderr closed: progress and errors go nowhere, not to stdout
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (for the process's life)
    if sys.stdout is None:  # started with stdout closed: the answer cannot be given
        print("python -m pycore: error: standard output is closed", file=sys.stderr)
        return 2
    global _json_errors
    _json_errors = "--json" in (sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    as_json = bool(getattr(args, "json", False))
    if args.command == "reference":
        sys.stdout.write(cli_reference())
        return 0
    request = {k: v for k, v in vars(args).items() if k not in ("command", "json", "quiet", "memory") and v is not None}
    workers = request.pop("workers", 1)  # (how the work is run, not what is asked)
    memory = getattr(args, "memory", None)  # (each command sets it: main may run again in one process)
    set_memory_budget(LIVE_MEMORY_BYTES if memory is None else round(memory * 1e9))
    try:
        _check_params(request)
        if args.command == "evaluate":
            game = find_game(args.game)
            if "evaluate" not in kind_of(game).actions:
                raise InvalidRequestError(f"evaluate is for two-player games; {game.name} is played alone "
                                          f"(try: python -m pycore play {game.name} --seed 1 --policy greedy)")
            request = _policy_args(request, [p.name.lower() for p in game.human_policies()] + ["optimal", STAND_IN_NAME])
    except PycoreError as exc:
        _print_error(exc, as_json)
        return 2
    progress = _Progress(getattr(args, "game", None) or "tables", getattr(args, "quiet", False))
    try:
        if args.command == "solve" and kind_of(find_game(args.game)).solved_fresh:
            request["fresh"] = True  # the command line solves (a scorecard game's prebuilt table is for the app)
        if args.command in ("advise", "link"):
            request = _position_request(request)
        if args.command == "design":
            request = _design_request(request)
        if args.command == "review":
            request["record"] = _read_record(request["record"])
        if args.command == "quiz" and "answers" in request:
            request["answers"] = [a.strip() for a in request["answers"].split(",")]
        if args.command in ("target-curve", "beat-optimal"):
            from ..scorecard.target_curve import beat_optimal, target_curve

            game = api.game_from_args(request)
            if not kind_of(game).offline_results:
                raise InvalidRequestError(f"{args.command} is for scorecard games, not {game.name}")
            _writable_directory(request.get("out"))
            check_writable(game, "targets" if args.command == "target-curve" else "beat-optimal", request.get("out"))
            if args.command == "target-curve":
                result = target_curve(game, args.max_target, args.workers, progress=progress)
                lines = [
                    f"P(final >= {row['target']}): {row['p_reach_target_play']:.4f} playing for it, "
                    f"{row['p_reach_playing_for_points']:.4f} playing for points (+{row['gain']:.4f})"
                    for row in result["curve"][150::25]
                ]
            else:
                result = beat_optimal(game, args.cap, args.workers, progress=progress)
                lines = [
                    f"P(beat an optimal player): {result['p_win_playing_to_win']:.4f} playing to win, "
                    f"{result['p_win_playing_for_points']:.4f} playing for points (+{result['gain']:.4f}; "
                    f"exact within {result['truncation_bound']:.1e})"
                ]
            progress.close()
            path = write_result(game, result, request.get("out"))
            print("\n".join(lines + [f"{path} ({result['seconds']} s)"]))
            return 0
        if args.command == "table-figures":
            return _table_figures(request, progress)
        if args.command == "tables":
            _writable_directory(request.get("out"))
            with using_workers(workers):
                lines = run_tables(request.get("out"), args.only, args.add_policies, progress)
            progress.close()
            print("\n".join(lines))
            return 0
        with using_workers(workers):
            result = api.call(args.command, request, progress)
    except PycoreError as exc:
        progress.close()
        _print_error(exc, as_json)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: long solves and evaluations stop cleanly
        progress.close()
        again = " (run it again to go on from the last stage it kept)" if args.command == "tables" else ""
        print(f"python -m pycore: {args.command} cancelled{again}", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: one line, as the API reports it, not a traceback
        progress.close()
        _print_error(RuntimeError(f"internal error ({type(exc).__name__}: {exc}); please report it"), as_json, prefix="")
        return 1
    progress.close()
    try:
        if as_json:
            print(json.dumps(result, allow_nan=False))
        else:
            print(format_result(args.command, result, _words_of(request)))
        sys.stdout.flush()
    except BrokenPipeError:  # piped into head: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (no second error at exit)
    except OSError as exc:  # stdout closed or full (a closed descriptor, a full disk)
        print(f"python -m pycore: error: cannot write the answer ({exc.strerror or exc})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
