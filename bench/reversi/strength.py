"""How strong is the Reversi core's search? Games of the C mirror at 8 x 8 against fixed opponents and an Othello engine.

    python -m bench.reversi.strength [--games N] [--budget B] [--jobs J]
        [--opponents random,first,tenth,midgame,baseline,engine] [--seed S]
        [--opening-plies K] [--engine COMMAND]
        [--nboard COMMAND [--nboard-dir DIR] [--depths 1,4,8]]
        [--baseline COMMIT [--baseline-budget N]]
        [--out bench/results/reversi-strength.md]

The player measured is ``bench.reversi.mirror`` (the golden search,
``golden.reversi.search.search``, compiled; proven equal by
``bench/reversi/test_mirror.py``; the RTL engine equals golden node for node,
verif/reversi/) at budget B nodes per move; B defaults to
``golden.reversi.search.DEFAULT_BUDGET`` (the core's budget for 1 s a move at
50 MHz), read at run time. It plays N games on the standard 8 x 8 board
against each opponent, Black (first) in even games and White in odd ones:

``random``
    a uniformly random legal move (a pass when it has none).
``first``
    the contest text's "stupid gamer": the first legal move in cell order
    (a1, b1, ... row by row from the top).
``tenth``
    the mirror itself at budget ``max(1, B // 10)``.
``midgame`` (only when named)
    the mirror itself at budget B without its endgame solver (golden's
    search with ``ENDGAME_EMPTIES`` 0: iterative deepening to the end of
    the game, as before the solver), to measure what the solver is worth.
``baseline`` (only when named, or with ``--baseline COMMIT``)
    the Reversi search of an earlier commit, its own code: the commit's
    tree extracted under ``build/reversi-baseline/`` and its own mirror
    built there and played in a process of its own
    (``bench/reversi/baseline.py``), at that commit's own
    ``DEFAULT_BUDGET`` (``--baseline-budget N`` to change it). The default
    commit is 1e4d4d5, the search issue 31 was filed against (square
    weights plus mobility, no endgame solver, 2,467,232 nodes). A commit
    that is not in the history of HEAD, or whose mirror does not build, is
    a one-line error.
``engine``
    an external Othello program (``--engine COMMAND``) speaking GTP over a
    pipe (``bench.common.engine``): ``boardsize 8``, ``clear_board``, ``play
    b d3``, ``genmove w``; moves are written as a column letter a..h and a
    row number 1..8 from the top (golden's cell names, lower case), a pass as
    ``pass``. Edax in GTP mode (``edax -gtp -level L``) speaks it. A
    benchmark takes the built program's path; without ``--engine`` the
    ``engine`` opponent is left out with a note.
``nboard-dD``
    an Othello program speaking the NBoard protocol (``--nboard COMMAND``,
    started in ``--nboard-dir``; ``bench/reversi/nboard.py``) at search depth
    D, one opponent per ``--depths`` entry (default 1,4,8). NTest (built
    from its source, run as ``ntest x`` in a folder that holds its
    coefficients and a parameters.txt without book or randomness) speaks it.

Deterministic pairings (``tenth``, ``midgame``, ``baseline``, ``engine``) open each game with K random
plies (``--opening-plies``, default 4); openings are paired: games 2k and
2k + 1 play the same opening, the mirror Black in one and White in the other.

Rules: golden.reversi.board (the usual Othello rules; a player with no move
passes; the game ends when neither has one); the result is by disc count.

Harness, seeds, jobs, W-D-L and the command line: ``bench.common.match``.
"""
import platform
import sys
import time
from pathlib import Path

from golden.reversi import search as S
from golden.reversi.board import start
from golden.reversi.encoding import BLACK

from bench.common import cluster
from bench.common import match as harness
from bench.common import mirror as common_mirror
from bench.common.engine import Dialect
from bench.common.players import SearchPlayer
from hdl.reversi.search import CYCLES_PER_NODE, FIXED_CYCLES, worst_case_cycles

from . import baseline, mirror
from .nboard import NBoardPlayer

OPPONENTS = ("random", "first", "tenth")
OPTIONAL_OPPONENTS = ("midgame", "baseline")
SIZE = 8
COLUMNS = "abcdefgh"


def move_text(move):
    """A cell as golden names it, lower case (d3), or 'pass'."""
    if move is None:
        return "pass"
    return "%s%d" % (COLUMNS[move % SIZE], move // SIZE + 1)


def parse_move(text):
    """A cell from an engine's answer (d3, D3) or None for a pass."""
    t = text.strip().lower()
    if t == "pass":
        return None
    if len(t) < 2 or t[0] not in COLUMNS or not t[1:].isdigit() or not 1 <= int(t[1:]) <= SIZE:
        raise ValueError("not an 8 x 8 Othello move: %r" % text)
    return (int(t[1:]) - 1) * SIZE + COLUMNS.index(t[0])


def random_move(pos, rng):
    moves = pos.legal_moves()
    return rng.choice(moves) if moves else None


def first_move(pos, rng=None):
    moves = pos.legal_moves()
    return moves[0] if moves else None


def tenth_budget(budget):
    return max(1, budget // 10)


class Board:
    """A game in progress; side 0 (Black) moves first."""

    def __init__(self):
        self.pos = start(SIZE, SIZE)

    @property
    def to_move(self):
        return 0 if self.pos.to_move == BLACK else 1

    def over(self):
        return self.pos.game_over()

    def view(self, side):
        return self.pos

    def play(self, side, move):
        if side != self.to_move:
            raise harness.IllegalMove("not this side's turn")
        if not self.pos.is_legal(move):
            raise harness.IllegalMove("not a legal move here")
        self.pos = self.pos.play(move)

    def outcome(self, ours):
        black, white = self.pos.score()
        mine, theirs = (black, white) if ours == 0 else (white, black)
        result = "W" if mine > theirs else "L" if mine < theirs else "D"
        return result, {"discs": [mine, theirs]}


def proof_line():
    return common_mirror.proof_line(mirror.proof_status(), "golden.reversi.search",
                                    "make bench-proof-reversi")


def _result_rows(records, opponents):
    for o in opponents:
        for label, first in (("Black", True), ("White", False), ("both", None)):
            where = {"opponent": o} if first is None else {"opponent": o, "mirror_first": first}
            games = harness.select(records, **where)
            if not games:
                continue
            t = harness.tally(games)
            margin = harness.mean(r["discs"][0] - r["discs"][1] for r in games)
            yield ("| %s | %s | %d | %d-%d-%d | %.1f %% | %+.1f |"
                   % ("**%s**" % o if first is None else o, label, t.games, t.wins, t.draws,
                      t.losses, t.score, margin))


def _cost_rows(records, opponents):
    for o in opponents + ["all"]:
        games = records if o == "all" else harness.select(records, opponent=o)
        times = [t for r in games for t in r["times"]]
        searches = [s for r in games for s in r["searches"]]
        if not times:
            continue
        stops = {}
        for s in searches:
            stops[s["stop"]] = stops.get(s["stop"], 0) + 1
        yield ("| %s | %d | %.3f | %.3f | %.0f | %.2f | %s |"
               % ("**all**" if o == "all" else o, len(times), harness.mean(times), max(times),
                  harness.mean(s["nodes"] for s in searches),
                  harness.mean(s["depth"] for s in searches),
                  ", ".join("%s %d" % (k, stops[k]) for k in S.STOPS if k in stops)))


def report(records, match, wall):
    opps = [o for o in OPPONENTS if o in match.opponents] + \
        [o for o in match.opponents if o not in OPPONENTS]
    out = [
        "# Reversi strength benchmark", "",
        "The mirror of the core's search (`bench/reversi/mirror.c`, equal to "
        "`golden.reversi.search`, which the RTL engine equals node for node) at **%d nodes "
        "per move** on the 8 x 8 board. Generated by `bench/reversi/strength.py`; see "
        "`bench/README.md`." % match.budget, "",
        "| setting | value |", "|---|---|",
        "| command | `%s` |" % match.command,
        "| budget B (nodes/move) | %d (golden `DEFAULT_BUDGET` = %d at run time) |"
        % (match.budget, S.DEFAULT_BUDGET)]
    if "tenth" in opps:
        out.append("| `tenth` opponent budget | %d (max(1, B // 10)) |"
                   % tenth_budget(match.budget))
    if "midgame" in opps:
        out.append("| `midgame` opponent | the mirror at budget %d without its endgame solver "
                   "(ENDGAME_EMPTIES 0; golden's is %d) |" % (match.budget, S.ENDGAME_EMPTIES))
    if "baseline" in opps:
        b = match.options["baseline"]
        tree = Path(b["tree"])
        if tree.is_relative_to(baseline.REPO):
            tree = tree.relative_to(baseline.REPO)
        out.append("| `baseline` opponent | the search of commit %s (%s: %s), its own golden "
                   "model and mirror, extracted by `git archive` and built in `%s`, at **%d "
                   "nodes per move** (its `DEFAULT_BUDGET` then: %d) |"
                   % (b["commit"][:7], b["date"], b["subject"].replace("|", "/"), tree,
                      b["budget"], b["default_budget"]))
    if "engine" in opps:
        out.append("| `engine` opponent | `%s` |" % match.engine)
    if "nboard" in match.options:
        out.append("| `nboard-dD` opponents | `%s` in `%s`, NBoard protocol, `set depth D` |"
                   % (match.options["nboard"], match.options["nboard_dir"] or "."))
    out += [
        "| opening | %d random plies before deterministic pairings (`tenth`, `midgame`, `baseline`, "
        "`engine`), the "
        "same opening in games 2k and 2k + 1 with the colours swapped |" % match.opening_plies,
        "| games per opponent | %s (the mirror Black in even-numbered games) |"
        % ", ".join("%s %d" % (o, match.games_against(o)) for o in opps),
        "| seed | %d |" % match.seed,
        "| jobs | %d |" % match.jobs,
        "| mirror proof | %s |" % proof_line(),
        "| games digest | `%s` |" % harness.games_digest(records, match.game.digest_separator),
        "| machine | %s, Python %s |" % (harness.cpu_name(), platform.python_version()),
        "| date | %s, wall time %.1f s |" % (time.strftime("%Y-%m-%d %H:%M:%S"), wall), "",
        "## Results (the mirror's W-D-L)", "",
        "| opponent | mirror plays | games | W-D-L | score | mean disc margin |",
        "|---|---|---:|---|---:|---:|"]
    out += _result_rows(records, opps)
    out += [
        "", "Score = (wins + draws / 2) / games; disc margin: the mirror's discs minus the "
        "opponent's at the end.", "",
        "## Cost of the mirror's moves (budget %d)" % match.budget, "",
        "| opponent | moves | avg s/move | max s/move | avg nodes/move | avg depth | stops |",
        "|---|---:|---:|---:|---:|---:|---|"]
    out += _cost_rows(records, opps)
    if "baseline" in opps:
        theirs = [t for r in harness.select(records, opponent="baseline")
                  for t in r["their_moves"] if "nodes" in t]
        if theirs:
            out += ["", "The baseline's moves: %d, %.3f s, %.0f nodes and depth %.2f on average."
                    % (len(theirs), harness.mean(t["seconds"] for t in theirs),
                       harness.mean(t["nodes"] for t in theirs),
                       harness.mean(t["depth"] for t in theirs))]
    out += ["", "Depth: the last completed iteration. Seconds are wall-clock per call of the "
            "C mirror with %d games in parallel (the RTL takes at most %d + %d cycles a node: "
            "%.2f s at 50 MHz for B nodes)." % (match.jobs, FIXED_CYCLES, CYCLES_PER_NODE,
                                                worst_case_cycles(match.budget) / 5e7)]
    return "\n".join(out) + "\n"


class Reversi(harness.Game):
    name = "reversi"
    default_games = 40
    default_opening_plies = 4
    opening_help = ("random plies opening each game against a deterministic opponent "
                    "('tenth', 'midgame', 'baseline', 'engine')")
    opponents = OPPONENTS
    optional_opponents = OPTIONAL_OPPONENTS
    rule_opponents = {"first": (first_move, True)}
    digest_separator = " "
    paired_openings = True
    compiled_mirror = mirror
    golden_search = S
    report = staticmethod(report)

    def setup(self, number):
        return None, number % 2 == 0            # the mirror Black in even games

    def start(self, seat, ours_first):
        return Board()

    random_move = staticmethod(random_move)
    move_text = staticmethod(move_text)

    def search(self, view, budget):
        r = self.compiled_mirror.search(view, budget)
        return r.move, {"nodes": r.nodes, "depth": r.depth, "stop": r.stop}

    def search_midgame(self, view, budget):
        """The search without the endgame solver (ENDGAME_EMPTIES 0)."""
        r, _ = self.compiled_mirror.search_with(view, budget, 0, S.ENDGAME_AFTER)
        return r.move, {"nodes": r.nodes, "depth": r.depth, "stop": r.stop}

    def opening_plies(self, opponent, match):
        return match.opening_plies if opponent.deterministic else 0

    def dialect(self):
        return Dialect(move_text=move_text, parse_move=parse_move,
                       setup=("boardsize %d" % SIZE, "clear_board"))

    def make_opponent(self, name, match):
        if name == "tenth":
            return SearchPlayer(self.search, tenth_budget(match.budget))
        if name == "midgame":
            return SearchPlayer(self.search_midgame, match.budget)
        if name == "baseline":
            b = match.options.get("baseline") or self.baseline_options(None, None)
            try:
                return baseline.BaselinePlayer(b["tree"], b["budget"])
            except baseline.BaselineError as e:
                raise harness.MatchError(str(e)) from None
        if name.startswith("nboard-d"):
            return NBoardPlayer(match.options["nboard"], int(name[len("nboard-d"):]),
                                cwd=match.options.get("nboard_dir"), move_text=move_text,
                                parse_move=parse_move)
        return super().make_opponent(name, match)

    def add_options(self, ap):
        ap.add_argument("--nboard", metavar="COMMAND",
                        help="an Othello program speaking the NBoard protocol (e.g. NTest: "
                             "'/path/to/ntest x'); adds nboard-dD opponents, one per --depths")
        ap.add_argument("--nboard-dir", metavar="DIR",
                        help="the folder the NBoard program runs in (where it finds its data)")
        ap.add_argument("--depths", metavar="D,D",
                        help="the NBoard program's search depths, 1..30 (default 1,4,8)")
        ap.add_argument("--baseline", metavar="COMMIT",
                        help="the commit whose Reversi search the opponent 'baseline' is "
                             "(its own tree, mirror and tables, built under "
                             "build/reversi-baseline/); adds 'baseline' to the opponents "
                             "(default %s, the search issue 31 was filed against)"
                             % baseline.DEFAULT_SHORT)
        ap.add_argument("--baseline-budget", type=int, metavar="N",
                        help="the baseline's nodes per move (default: its own DEFAULT_BUDGET "
                             "at that commit)")

    @staticmethod
    def baseline_options(revision, budget):
        """The baseline's settings (match.options["baseline"]): extracted and
        built; BaselineError (one line) when it cannot be played."""
        found = baseline.prepare(revision or baseline.DEFAULT_REVISION)
        if budget is None:
            budget = found.default_budget
        if not 1 <= budget <= found.max_budget:
            raise baseline.BaselineError("--baseline-budget must be in 1..%d, not %d"
                                         % (found.max_budget, budget))
        # the command line that replays a run names the commit, not a name that moves (HEAD~2)
        return dict(found._asdict(), budget=budget,
                    revision=(baseline.DEFAULT_SHORT if found.commit == baseline.DEFAULT_REVISION
                              else found.commit[:12]))

    def check_options(self, ap, args, opponents):
        depths = [1, 4, 8]
        if args.depths is not None:
            try:
                depths = [int(d) for d in args.depths.split(",") if d.strip()]
            except ValueError:
                ap.error("--depths takes whole numbers separated by commas, not %r"
                         % args.depths)
            if not depths or any(not 1 <= d <= 30 for d in depths):
                ap.error("--depths must be between 1 and 30, not %r" % args.depths)
            if args.nboard is None:
                ap.error("--depths goes with --nboard COMMAND")
        if args.nboard_dir is not None and args.nboard is None:
            ap.error("--nboard-dir goes with --nboard COMMAND")
        options = {}
        if args.baseline is not None and "baseline" not in opponents:
            opponents = opponents + ["baseline"]
        if "baseline" in opponents:
            try:
                options["baseline"] = self.baseline_options(args.baseline, args.baseline_budget)
            except baseline.BaselineError as e:
                ap.error(str(e))
        elif args.baseline_budget is not None:
            ap.error("--baseline-budget goes with the opponent 'baseline' (or --baseline COMMIT)")
        if args.nboard is None:
            return opponents, options, []
        import os
        import shlex
        import shutil
        program = shlex.split(args.nboard)[0] if args.nboard.strip() else ""
        if not program or shutil.which(program) is None:
            ap.error("--nboard: %r is not a program here (give the built program's path)"
                     % program)
        if args.nboard_dir is not None and not os.path.isdir(args.nboard_dir):
            ap.error("--nboard-dir: %r is not a folder" % args.nboard_dir)
        names = ["nboard-d%d" % d for d in depths]
        options.update({"nboard": args.nboard, "nboard_dir": args.nboard_dir, "depths": depths})
        return opponents + [n for n in names if n not in opponents], options, []

    def command_options(self, match):
        o = match.options
        out = []
        if "baseline" in o:
            b = o["baseline"]
            out += [("--baseline", b["revision"], baseline.DEFAULT_SHORT),
                    ("--baseline-budget", b["budget"], b["default_budget"])]
        if "nboard" in o:
            out += [("--nboard", o["nboard"], None), ("--nboard-dir", o["nboard_dir"], None),
                    ("--depths", ",".join(str(d) for d in o["depths"]), "1,4,8")]
        return out

    def opponents_text(self, opponents):
        return ",".join(o for o in opponents if not o.startswith("nboard-d"))

    def localise(self, match):
        """On a cluster worker: the --nboard program (and --nboard-dir) must be
        here, and the baseline is extracted and built here (from this
        worker's repository)."""
        super().localise(match)
        o = match.options
        if "baseline" in o:
            try:
                b = self.baseline_options(o["baseline"]["commit"], o["baseline"]["budget"])
            except baseline.BaselineError as e:
                raise cluster.WorkerRefused("%s cannot play baseline: %s"
                                            % (cluster.where(), e)) from None
            o["baseline"] = dict(o["baseline"], tree=b["tree"])
        if "nboard" not in o:
            return
        import os
        import shlex
        import shutil
        program = shlex.split(o["nboard"])[0]
        if shutil.which(program) is None:
            raise cluster.WorkerRefused("%s cannot play nboard: %r is not a program there"
                                        % (cluster.where(), program))
        if o["nboard_dir"] is not None and not os.path.isdir(o["nboard_dir"]):
            raise cluster.WorkerRefused("%s cannot play nboard: no folder %r there"
                                        % (cluster.where(), o["nboard_dir"]))


GAME = Reversi()
main = GAME.main


if __name__ == "__main__":
    sys.exit(main())
