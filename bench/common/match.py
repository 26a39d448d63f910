"""The strength harness: games of our search against any opponent.

A game plugs in through an adapter, a subclass of ``Game`` (``bench/score4/
strength.py``, ``bench/blokus/strength.py``) that says how a game starts,
what the players see, which moves are legal, who won, which opponents it
has and how its report looks. The harness does the rest, the same for both:

* game g against opponent o: ``Game.setup(g)`` gives our seat and whether we
  move first (both alternate over the games, so every 2 or 4 games cover
  every combination); the first ``Game.opening_plies`` plies are uniformly
  random legal moves, so that deterministic pairings give different games
  (a game with ``paired_openings`` plays each opening twice, in games 2k
  and 2k + 1, once with each side first);
  then our search (a ``SearchPlayer`` at the budget) and the opponent take
  turns; every move of both is checked by the game's rules, and a move that
  breaks them stops the run with a message naming the player and the game;
* every random choice of game g against o comes from its own generator,
  seeded with (game name, seed, o, g), so a run is reproducible whatever
  ``--jobs`` and whatever order games finish in; ``games_digest`` hashes all
  the moves to check that;
* games run in ``--jobs`` processes with a progress bar counting W-D-L;
  every process builds its own opponents (an external engine: one program
  per process, ended when the process ends); or, with ``--scheduler
  ADDRESS`` / ``--cluster local:N``, one Dask task a game on the workers of
  a cluster (``bench.common.cluster``): each worker thread builds its own
  opponents after checking it has what the game needs (``Game.localise``),
  and the report says where the games ran;
* ``tally`` counts wins, draws and losses (and the score, a win 1, a draw
  1/2) of any selection of games: per opponent, per seat, per mover;
* the command line: ``--games``, ``--budget``, ``--jobs``, ``--opponents``,
  ``--seed``, ``--opening-plies``, ``--engine``, ``--out``, plus the game's
  own options (``Game.add_options`` / ``check_options``: Blokus adds
  ``--pentobi`` and ``--levels``), checked with one-line errors; the report
  is written only when every game ended. A game may drop an opponent it
  cannot play here (Pentobi without its program) with a one-line note; when
  nothing is left to play the command says so and writes no report.

Opponents every game has: ``random`` (a uniformly random legal move) and
``engine`` (an external program, ``--engine COMMAND``: see
``bench.common.engine``); a game adds its own (greedy, first legal move, our
search at another budget).

A game record (one dict per game, what ``Game.report`` gets): opponent,
game, seat, mirror_first, result ("W", "D", "L" for our search), plies,
moves (as text), times (seconds of each of our searches), searches (the
stats dict of each of our searches, with the ply it was made at),
their_moves (per opponent move: seconds, ply and what its ``last_stats()``
reports), and what ``Game.outcome`` adds.
"""
import argparse
import hashlib
import json
import multiprocessing
import multiprocessing.util
import os
import platform
import random
import shlex
import shutil
import sys
import threading
import time
from collections import namedtuple
from pathlib import Path

from . import cluster, report_file
from .engine import EngineError, EnginePlayer
from .mirror import MirrorBuildError
from .players import GameInfo, RulePlayer, SearchPlayer

MAX_OPENING_PLIES = 16
COMMON_OPPONENTS = ("random", "engine")


class IllegalMove(ValueError):
    """Raised by a game state's ``play`` for a move its rules refuse."""


class MatchError(RuntimeError):
    """A player broke the rules: the run stops (the message says who, where)."""


class Game:
    """What a game tells the harness. Subclasses set the attributes and
    implement the methods that raise NotImplementedError.

    Attributes: ``name`` (``score4``, ``blokus``: in seeds, messages, and the
    module ``bench.<name>.strength`` and report ``bench/results/<name>-
    strength.md``), ``default_games``, ``default_opening_plies``,
    ``opening_help`` (who gets the random opening plies), ``opponents`` (the
    default opponents, in report order), ``optional_opponents`` (more it
    plays only when named in ``--opponents``), ``rule_opponents`` ({name: (rule,
    deterministic)}: the opponents that are a ``RulePlayer``),
    ``digest_separator`` (between the moves of a game in ``games_digest``),
    ``compiled_mirror`` (the game's mirror module, ``bench.<game>.mirror``),
    ``golden_search`` (``golden.<game>.search``: ``check_budget``,
    ``DEFAULT_BUDGET``, read at run time)."""

    name = opening_help = None
    compiled_mirror = golden_search = None
    optional_opponents = ()
    default_games = 100
    default_opening_plies = 2
    paired_openings = False     # True: games 2k and 2k + 1 open with the same random plies
    opponents = ("random",)
    rule_opponents = {}
    digest_separator = " "

    @property
    def module(self):
        """The ``python -m`` name of the game's strength command."""
        return "bench.%s.strength" % self.name

    @property
    def default_out(self):
        return "bench/results/%s-strength.md" % self.name

    @property
    def description(self):
        """For ``--help``: the first paragraph of the adapter module's docstring."""
        return (sys.modules[type(self).__module__].__doc__ or "").split("\n\n")[0]

    # -- the rules
    def setup(self, number):
        """(our seat, we move first) in game ``number``."""
        raise NotImplementedError

    def start(self, seat, ours_first):
        """A new game's state: ``to_move`` (0: the first mover), ``over()``,
        ``view(side)``, ``play(side, move)`` (IllegalMove), ``outcome(our
        side)`` -> (result "W"/"D"/"L", {extra record fields})."""
        raise NotImplementedError

    def random_move(self, view, rng):
        """A uniformly random legal move of the side to move."""
        raise NotImplementedError

    def move_text(self, move):
        """A move as the records and the digest write it."""
        raise NotImplementedError

    def show_move(self, move):
        """A move in a message (default: as the records write it)."""
        return self.move_text(move)

    # -- our search
    def prepare(self):
        """Build and load the mirror, once per process (MirrorBuildError)."""
        self.compiled_mirror.load()

    def check_budget(self, budget):
        """ValueError for a budget the search does not take."""
        self.golden_search.check_budget(budget)

    def default_budget(self):
        return self.golden_search.DEFAULT_BUDGET

    def search(self, view, budget):
        """(move, stats dict) of our search at ``budget``."""
        raise NotImplementedError

    # -- the game's own options
    def add_options(self, ap):
        """Add the game's own options to the argparse parser ``ap``."""

    def check_options(self, ap, args, opponents):
        """Check the game's own options (``ap.error`` for a bad one) and settle
        the opponents: (opponents to play, options, notes). The game may add
        opponents or drop some (one it cannot play here); ``options`` (a dict)
        becomes ``match.options`` for its players and report; ``notes`` are
        one-line messages printed before the games (e.g. why an opponent was
        dropped)."""
        return opponents, {}, []

    def command_options(self, match):
        """(option, value, default) of the game's own options, for the
        command line that replays a run (written when value != default)."""
        return []

    def opponents_text(self, opponents):
        """The ``--opponents`` value that asks for ``opponents`` (the list
        ``check_options`` settled), for the command line that replays a run."""
        return ",".join(opponents)

    # -- the opponents
    def opening_plies(self, opponent, match):
        """Random plies that open a game against ``opponent`` (a player)."""
        return match.opening_plies

    def dialect(self):
        """How an external engine writes this game's moves (engine.Dialect)."""
        raise NotImplementedError

    def make_opponent(self, name, match):
        """The player ``name`` (one of ``opponents`` or COMMON_OPPONENTS)."""
        if name in self.rule_opponents:
            rule, deterministic = self.rule_opponents[name]
            return RulePlayer(rule, deterministic)
        if name == "random":
            return RulePlayer(self.random_move)
        if name == "engine":
            return EnginePlayer(match.engine, self.dialect())
        raise ValueError("unknown opponent %r" % (name,))

    def localise(self, match):
        """On a cluster worker, before its first game: make ``match`` (the
        worker's copy) use this machine's programs, or raise
        ``cluster.WorkerRefused`` saying what this worker lacks. Default:
        the ``--engine`` program must be here, by the same path."""
        if match.engine is not None:
            why = _engine_problem(match.engine)
            if why:
                raise cluster.WorkerRefused("%s cannot play the opponent 'engine': %s"
                                            % (cluster.where(), why))

    # -- the report
    def report(self, records, match, wall):
        """The Markdown report of a run."""
        raise NotImplementedError

    def main(self, argv=None):
        """The game's strength command (``python -m <module>``): see ``main``."""
        return main(self, argv)


class Match:
    """The settings of one run and, in each process, its players."""

    def __init__(self, game, budget, seed, games, jobs, opponents, opening_plies, engine,
                 out, command):
        self.game = game
        self.budget = budget
        self.seed = seed
        self.games = games
        self.fixed_games = games    # games against each fixed opponent (random and the rules)
        self.jobs = jobs
        self.opponents = list(opponents)
        self.opening_plies = opening_plies
        self.engine = engine
        self.out = out
        self.command = command
        self.options = {}           # the game's own options (Game.check_options)
        self.notes = []             # one-line notes printed before the games
        self.cluster = None         # cluster.spec_of: None, ("local", N), ("scheduler", ADDRESS)
        self.cluster_text = None    # the cluster the games ran on, once they ran
        self.rescheduled = 0        # games Dask started again after their worker died
        self.run_id = None
        self._players = {}

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_players"] = {}              # each process starts its own
        return state

    def games_against(self, opponent):
        """How many games ``opponent`` plays: ``fixed_games`` for random and the
        game's rule opponents, ``games`` for the others (engines)."""
        if opponent == "random" or opponent in self.game.rule_opponents:
            return self.fixed_games
        return self.games

    def our_search(self):
        return self._player(None, lambda: SearchPlayer(self.game.search, self.budget))

    def opponent(self, name):
        return self._player(name, lambda: self.game.make_opponent(name, self))

    def _player(self, key, make):
        if key not in self._players:
            self._players[key] = make()
        return self._players[key]

    def close(self):
        """End every player (external programs); the match may go on afterwards."""
        players, self._players = self._players, {}
        for player in players.values():
            player.close()


# --------------------------------------------------------------------- a game

def game_rng(game, seed, opponent, number):
    """The random generator of one game (every random choice in it)."""
    return random.Random("%s-strength:%d:%s:%d" % (game.name, seed, opponent, number))


def play_game(match, opponent_name, number):
    """One game of our search against ``opponent_name``: its record."""
    game = match.game
    rng = game_rng(game, match.seed, opponent_name, number)
    seat, ours_first = game.setup(number)
    ours = 0 if ours_first else 1
    ourselves, opponent = match.our_search(), match.opponent(opponent_name)
    opponent.new_game(GameInfo(number, seat, ours_first), 1 - ours)
    opening = game.opening_plies(opponent, match)
    # the opening's own generator: shared by the two games of a pair when the
    # game pairs its openings (each opening played once with each side first)
    opening_rng = (game_rng(game, match.seed, opponent_name + "-opening", number // 2)
                   if game.paired_openings else rng)
    state = game.start(seat, ours_first)
    moves, times, searches, their_moves = [], [], [], []
    while not state.over():
        side = state.to_move
        view = state.view(side)
        if len(moves) < opening:
            move, who = game.random_move(view, opening_rng), "the random opening"
        elif side == ours:
            t0 = time.perf_counter()
            move, stats = ourselves.search(view)
            times.append(time.perf_counter() - t0)
            stats = dict(stats, ply=len(moves))
            searches.append(stats)
            who = "the mirror"
        else:
            t0 = time.perf_counter()
            move, who = opponent.choose(view, rng), opponent_name
            theirs = {"seconds": time.perf_counter() - t0, "ply": len(moves)}
            theirs.update(opponent.last_stats() or {})
            their_moves.append(theirs)
        try:
            state.play(side, move)
        except IllegalMove as e:
            raise MatchError("%s played %s, which is illegal (%s), in game %s/%d"
                             % (who, _printable(game, move), e, opponent_name, number)) from None
        opponent.played(side, move)
        moves.append(game.move_text(move))
    result, extra = state.outcome(ours)
    record = {"opponent": opponent_name, "game": number, "seat": seat,
              "mirror_first": ours_first, "result": result, "plies": len(moves),
              "moves": moves, "times": times, "searches": searches,
              "their_moves": their_moves}
    record.update(extra)
    return record


def _printable(game, move):
    try:
        return game.show_move(move)
    except (ValueError, TypeError, KeyError, IndexError):
        return repr(move)


# ---------------------------------------------------------------- many games

_worker_match = None


def _start_worker(match):
    global _worker_match
    _worker_match = match
    match.game.prepare()
    multiprocessing.util.Finalize(match, match.close, exitpriority=10)


def _play_in_worker(task):
    return play_game(_worker_match, *task)


_cluster_matches = {}          # (run id, thread): the match a worker thread plays
_cluster_lock = threading.Lock()


def _play_on_cluster(match, opponent_name, number):
    """A Dask task: one game, on a worker. The first game of a run in a
    worker thread checks the worker (``Game.localise``, the mirror) and
    keeps its match (its players, engines) for the thread's next games."""
    key = (match.run_id, threading.get_ident())
    with _cluster_lock:
        mine = _cluster_matches.get(key)
    if mine is None:
        match.game.localise(match)
        try:
            match.game.prepare()
        except MirrorBuildError as e:
            raise cluster.WorkerRefused("%s cannot build the %s mirror: %s"
                                        % (cluster.where(), match.game.name, e)) from None
        with _cluster_lock:
            mine = _cluster_matches[key] = match
    return play_game(mine, opponent_name, number)


def _end_cluster_run(run_id):
    """On every worker after a run: end the run's players (external programs)."""
    with _cluster_lock:
        ended = [k for k in _cluster_matches if k[0] == run_id]
        matches = [_cluster_matches.pop(k) for k in ended]
    for match in matches:
        match.close()


def run_games(match, show_progress=True):
    """Play every game of the match: (records, wall seconds). Game g of
    every opponent is played before game g + 1 of any."""
    from tqdm import tqdm
    match.game.prepare()                         # compile once, before the workers
    most = max(match.games_against(o) for o in match.opponents)
    tasks = [(o, g) for g in range(most) for o in match.opponents
             if g < match.games_against(o)]
    executor = None
    if match.cluster is not None:
        executor = cluster.Executor(match.cluster, match.game.name + "-game").__enter__()
        match.run_id = executor.run_id
        match.cluster_text = executor.describe()
        match.jobs = executor.threads            # games in parallel, for the report
    print("%s strength: budget %d, %s, seed %d, %s"
          % (match.game.name, match.budget,
             ", ".join("%d games x %s" % (match.games_against(o), o) for o in match.opponents),
             match.seed, match.cluster_text or "%d jobs" % match.jobs), file=sys.stderr)
    t0 = time.time()
    records = []
    count = {"W": 0, "D": 0, "L": 0}
    bar = tqdm(total=len(tasks), unit="game", file=sys.stderr, disable=not show_progress)
    pool = None
    finished = False
    try:
        if executor is not None:
            results = executor.map_unordered(
                _play_on_cluster, [(match, o, g) for o, g in tasks],
                label=lambda task: "game %s/%d" % (task[1], task[2]))
        elif match.jobs == 1:
            results = (play_game(match, *task) for task in tasks)
        else:
            pool = multiprocessing.Pool(match.jobs, initializer=_start_worker,
                                        initargs=(match,))
            results = pool.imap_unordered(_play_in_worker, tasks, chunksize=1)
        for record in results:
            records.append(record)
            count[record["result"]] += 1
            bar.set_postfix(W=count["W"], D=count["D"], L=count["L"], refresh=False)
            bar.update(1)
        finished = True
    finally:
        bar.close()
        match.close()
        if executor is not None:
            match.rescheduled = executor.rescheduled
            executor.run_everywhere(_end_cluster_run, match.run_id)
            executor.close()
        if pool is not None:
            if finished:
                pool.close()                     # workers end their players
            else:
                pool.terminate()                 # engines see their stdin close
            pool.join()
    return records, time.time() - t0


# ------------------------------------------------------------------- counting

Tally = namedtuple("Tally", "games wins draws losses score")
Tally.__doc__ = "W-D-L of our search over some games; score in % (win 1, draw 1/2)."


def tally(records):
    wins = sum(r["result"] == "W" for r in records)
    draws = sum(r["result"] == "D" for r in records)
    losses = sum(r["result"] == "L" for r in records)
    n = len(records)
    return Tally(n, wins, draws, losses, 100.0 * (wins + 0.5 * draws) / n if n else 0.0)


def select(records, **where):
    """The records whose fields equal ``where`` (e.g. opponent="greedy", seat="A")."""
    return [r for r in records if all(r[k] == v for k, v in where.items())]


def mean(values):
    values = list(values)
    return sum(values) / float(len(values)) if values else 0.0


def games_digest(records, separator):
    """16 hex digits of sha256 over every game's moves (equal runs, equal digest)."""
    h = hashlib.sha256()
    for r in sorted(records, key=lambda r: (r["opponent"], r["game"])):
        h.update(("%s %d %s\n" % (r["opponent"], r["game"],
                                  separator.join(r["moves"]))).encode())
    return h.hexdigest()[:16]


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


# --------------------------------------------------------------- command line

def parse_args(game, argv):
    """The Match of a command line (SystemExit 2 with a one-line error when
    an option is wrong)."""
    known = tuple(game.opponents) + tuple(game.optional_opponents) + tuple(
        o for o in COMMON_OPPONENTS if o not in game.opponents)
    ap = argparse.ArgumentParser(prog="python -m " + game.module, description=game.description)
    ap.add_argument("--games", type=int, default=game.default_games,
                    help="games per opponent (default %(default)s)")
    ap.add_argument("--fixed-games", type=int, default=None, metavar="N",
                    help="games against each fixed opponent (random and the rule players "
                         "such as first and greedy), which take as long a game as an engine "
                         "but tell less (default: --games)")
    ap.add_argument("--budget", type=int, default=None,
                    help="nodes per move of the mirror (default: golden.%s.search."
                         "DEFAULT_BUDGET, now %d)" % (game.name, game.default_budget()))
    ap.add_argument("--jobs", type=int, default=2,
                    help="parallel games on this machine (default 2; not with --scheduler or "
                         "--cluster, where every worker thread plays one game at a time)")
    ap.add_argument("--opponents", default=",".join(game.opponents),
                    help="comma-separated, from %s (default: %s)"
                         % (",".join(known), ",".join(game.opponents)))
    ap.add_argument("--seed", type=int, default=None,
                    help="seed of every random choice (default: a random one, reported)")
    ap.add_argument("--opening-plies", type=int, default=game.default_opening_plies,
                    help="%s (default %d)" % (game.opening_help, game.default_opening_plies))
    ap.add_argument("--engine", metavar="COMMAND",
                    help="the opponent 'engine': a program (path and arguments) speaking "
                         "GTP over stdin/stdout (see bench/common/engine.py); adds 'engine' "
                         "to the opponents")
    ap.add_argument("--out", default=game.default_out,
                    help="Markdown report (default %(default)s)")
    ap.add_argument("--games-out", metavar="FILE",
                    help="also write every game's record (moves, both sides' times and "
                         "search statistics) to FILE, one JSON object a line")
    cluster.add_options(ap, "game")
    game.add_options(ap)
    args = ap.parse_args(argv)
    try:
        spec = cluster.spec_of(args)
    except ValueError as e:
        ap.error(str(e))
    opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
    bad = [o for o in opponents if o not in known]
    if bad or not opponents:
        ap.error("unknown opponent(s) %s; choose from %s" % (",".join(bad) or "(none given)",
                                                               ",".join(known)))
    if args.engine is not None:
        _check_engine(ap, args.engine)
        if "engine" not in opponents:
            opponents.append("engine")
    elif "engine" in opponents:
        ap.error("the opponent 'engine' needs --engine COMMAND (the program to play)")
    budget = game.default_budget() if args.budget is None else args.budget
    try:
        game.check_budget(budget)
    except ValueError as e:
        ap.error(str(e))
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be >= 1")
    if args.fixed_games is not None and args.fixed_games < 1:
        ap.error("--fixed-games must be >= 1")
    if not 0 <= args.opening_plies <= MAX_OPENING_PLIES:
        ap.error("--opening-plies must be in 0..%d" % MAX_OPENING_PLIES)
    opponents, options, notes = game.check_options(ap, args, opponents)
    seed = random.SystemRandom().randrange(1, 2 ** 31) if args.seed is None else args.seed
    command = [".venv/bin/python", "-m"] + game.module.split() + ["--games", str(args.games),
               "--seed", str(seed), "--jobs", str(args.jobs)]
    if args.fixed_games is not None and args.fixed_games != args.games:
        command += ["--fixed-games", str(args.fixed_games)]
    for option, value, default in (("--budget", budget, game.default_budget()),
                                   ("--opponents", game.opponents_text(opponents),
                                    ",".join(game.opponents)),
                                   ("--opening-plies", args.opening_plies,
                                    game.default_opening_plies),
                                   ("--engine", args.engine, None),
                                   ("--out", args.out, game.default_out)):
        if value != default:
            command += [option, str(value)]
    command += cluster.option_text(spec)
    match = Match(game, budget, seed, args.games, args.jobs, opponents, args.opening_plies,
                  args.engine, args.out, None)
    match.options, match.notes = options, notes
    match.cluster = spec
    if args.fixed_games is not None:
        match.fixed_games = args.fixed_games
    for option, value, default in game.command_options(match):
        if value != default:
            command += [option, str(value)]
    match.command = " ".join(shlex.quote(c) for c in command)
    match.games_out = args.games_out
    return match


def _engine_problem(command):
    """Why the ``--engine`` command cannot run here, or None."""
    try:
        argv = shlex.split(command)
    except ValueError as e:
        return "--engine %r: %s" % (command, e)
    if not argv:
        return "--engine: no program given"
    program = argv[0]
    found = shutil.which(program) if os.sep not in program else program
    if not found or not os.path.isfile(found):
        return "--engine: program %r not found" % program
    if not os.stat(found).st_mode & 0o111:
        return "--engine: %r is not executable" % program
    return None


def _check_engine(ap, command):
    why = _engine_problem(command)
    if why:
        ap.error(why)


def cluster_paragraph(match):
    """The report's note on where the games ran, for a run on a cluster."""
    return ("Run on %s, one Dask task a game (commit %s on every worker); %d game(s) "
            "started again on another worker after theirs was lost, each counted once. "
            "The machine named above ran the command, the workers the games."
            % (match.cluster_text, cluster.checkout_commit(), match.rescheduled))


def main(game, argv=None):
    """The strength command of ``game``; returns the exit status (0; 2 on an
    error, with a one-line message; 130 when interrupted)."""
    match = parse_args(game, sys.argv[1:] if argv is None else argv)
    for note in match.notes:
        print(note, file=sys.stderr)
    if not match.opponents:
        print("nothing left to play: no report written", file=sys.stderr)
        return 0
    out = Path(match.out)
    if not out.is_absolute():
        out = Path.cwd() / out
    for path in (out, Path(match.games_out) if match.games_out else None):
        why = None if path is None else report_file.unwritable(path)   # fail before the games
        if why is not None:
            print("error: cannot write %s: %s" % (path, why), file=sys.stderr)
            return 2
    try:
        records, wall = run_games(match)
    except (MirrorBuildError, EngineError, MatchError, cluster.ClusterError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: no report written", file=sys.stderr)
        return 130
    text = game.report(records, match, wall)
    if match.cluster is not None:
        text = text.rstrip("\n") + "\n\n" + cluster_paragraph(match) + "\n"
    try:
        if match.games_out:
            report_file.write(Path(match.games_out), "".join(
                json.dumps(r, sort_keys=True) + "\n"
                for r in sorted(records, key=lambda r: (r["opponent"], r["game"]))))
        report_file.write(out, text)
        from bench import charts
        charts.attach(out)          # the report's charts next to it, linked from it
    except OSError as e:
        print("error: cannot write %s: %s" % (out, e.strerror), file=sys.stderr)
        return 2
    print(text)
    print("written to %s" % out, file=sys.stderr)
    return 0
