"""How strong is the Blokus core's search? Games of the C mirror against fixed opponents.

    python -m bench.blokus.strength [--games N] [--budget B] [--jobs J]
        [--opponents random,first,greedy,pentobi,engine] [--seed S] [--opening-plies K]
        [--pentobi PATH] [--levels 3,4,5,6,7] [--engine COMMAND]
        [--out bench/results/blokus-strength.md]

The player measured is ``bench.blokus.mirror`` (the golden search,
``golden.blokus.search.search``, compiled; proven equal by
``bench/blokus/test_mirror.py``) at a budget of B nodes per move; B defaults
to ``golden.blokus.search.DEFAULT_BUDGET``, read at run time (phase 1: every
legal move scored by its size and the reach of both sides, the placements of
the small tiles a, b, c, d each could still make; then iterative deepening,
alpha-beta over the ``TOP_K`` best moves at every ply, up to ``MAX_DEPTH``
plies or until the budget runs out). It plays N games (default 100) against
each opponent:

``random``
    a uniformly random legal move (``golden.blokus.board.legal_moves``).
``first``
    the first legal move in ``golden.blokus.board.first_legal_move`` order
    (tiles 'a'..'u', shapes, row, column): the contest's minimum bar.
``greedy``
    the largest tile it can place; among those, the move that makes the most
    new corner cells for itself (cells that are anchors of its own after the
    move and were not before: free, diagonal to its squares, not edge-adjacent
    to them); remaining ties drawn at random by the game's generator.
``pentobi``
    Pentobi's GTP engine (``pentobi-gtp``, built by the user from Pentobi's
    source; the project holds none of it) at each level of ``--levels``
    (default 3..7), one opponent ``pentobi-L`` per level, each started afresh
    for every game as ``PATH --game duo --level L --nobook --seed S
    --threads 1 --noresign`` with a seed S of the game's own
    (``bench.blokus.external_engine``: its cell-list notation, the board turned for
    Pentobi when seat 'A' moves first, its levels' ratings). The program is
    ``--pentobi PATH`` (which also adds ``pentobi`` to the opponents) or
    else ``$PENTOBI_GTP``; without either, or when ``$PENTOBI_GTP`` names no
    program, Pentobi is skipped with a one-line note and the other opponents
    play. The report adds a table per level with the Elo rating the mirror's
    score implies on Pentobi's scale of its levels.
``engine``
    an external program (``--engine COMMAND``) speaking GTP over a pipe
    (``bench.common.engine``; moves written as the protocol's codes, e.g.
    ``55u0``, a pass as ``pass``).

Every game: game g gives the mirror seat '5' (start cell (5, 5)) for even g,
'A' ((a, a)) for odd g, and the first move for g % 4 in {0, 1}, so each
4 games cover every (seat, first mover) pair. The first K plies
(``--opening-plies``, default 2: both players' first moves) are uniformly
random legal moves (from the game's generator): the mirror and ``first`` are
deterministic, so without this every game of a pairing would be the same;
the mirror's own search starts at its second move. A player
without a legal move passes. The game ends as the contest host ends it: two
passes in a row, or a player has placed all 21 tiles. Score, as the spec
(``golden.blokus.board.score``): minus the squares of the unplaced tiles, +15
for all 21, +20 instead if the last was 'a'; the winner has fewer squares
left (the same as the higher score), equal is a draw.

The games, seeds, seats, parallel jobs, W-D-L counts and the command line
are the shared harness's (``bench.common.match``): every random choice of
game g against opponent o comes from its own generator seeded with (S, o,
g), so a run is reproducible whatever --jobs and the order games finish in;
the report gives a digest of all the games' moves. Every move of both
players is checked with the golden rules.

The Markdown report gives per opponent: games, wins / draws / losses, score
percentage (win 1, draw 1/2), mean square margin (opponent's squares left
minus the mirror's), mean spec scores, the target of the issue (100 % against
``random`` and ``first``, 90 % against ``greedy``) and whether it is met;
per opponent and (seat, first mover); the mirror's time and nodes per move;
games per second; the seed, the exact command and the mirror's proof status.
"""
import multiprocessing
import subprocess
import sys

from golden.blokus import board as B
from golden.blokus import search as S
from golden.blokus.encoding import OTHER_SEAT, TILE_SIZE, decode_move, move_str

from bench.common import cluster
from bench.common import match as harness
from bench.common.engine import Dialect

from . import mirror
from . import external_engine as pentobi
from .mirror_positions import swapped

OPPONENTS = ("random", "first", "greedy")            # the fixed opponents
DEFAULT_OPPONENTS = OPPONENTS + ("pentobi",)         # pentobi: when its program is found
PENTOBI_TIMEOUT = 600.0     # seconds a Pentobi answer may take (level 9: a minute a move)
TARGETS = {"random": 100.0, "first": 100.0, "greedy": 90.0}
ME, OPP = B.ME, B.OPP


# ------------------------------------------------------------------ players

def random_move(pos, rng):
    """A uniformly random legal move of ME, None without one."""
    moves = B.legal_moves(pos, ME)
    return rng.choice(moves) if moves else None


def first_move(pos, rng=None):
    """golden.blokus.board.first_legal_move for ME."""
    return B.first_legal_move(pos, ME)


def new_corners(pos, move):
    """Cells that are anchors of ME after ``move`` and were not before."""
    before = B.anchor_map(pos, ME)
    after = pos.copy()
    after.apply(ME, move)
    return bin(B.anchor_map(after, ME) & ~before).count("1")


def greedy_move(pos, rng=None):
    """The largest tile, then the most new corner cells; ties at random
    (the first in generation order when rng is None)."""
    moves = B.legal_moves(pos, ME)
    if not moves:
        return None
    big = max(TILE_SIZE[m[2]] for m in moves)
    scored = [(new_corners(pos, m), m) for m in moves if TILE_SIZE[m[2]] == big]
    top = max(c for c, _ in scored)
    ties = [m for c, m in scored if c == top]
    return ties[0] if rng is None else rng.choice(ties)


def engine_text(move):
    """A move as an engine reads it: its code, or ``pass``."""
    return "pass" if move is None else move_str(move)


def engine_move(text):
    """A move from an engine's answer: a code (``55u0``) or ``pass``."""
    text = text.strip()
    return None if text.lower() == "pass" else decode_move(text)


# -------------------------------------------------------------------- games

class Board:
    """A game in progress, seen from the first mover (golden ME)."""

    def __init__(self, first_seat):
        self.pos = B.Position(first_seat)
        self.to_move = ME

    def over(self):
        return B.game_over(self.pos)

    def view(self, side):
        return self.pos if side == ME else swapped(self.pos)

    def play(self, side, move):
        why = B.check(self.pos, side, move)
        if why is not None:
            raise harness.IllegalMove(why)
        if move is None and B.has_legal_move(self.view(side), ME):
            raise harness.IllegalMove("a pass with a legal move")
        self.pos.apply(side, move)
        self.to_move = 1 - side

    def outcome(self, ours):
        """Fewer squares left wins; left and spec scores as (ours, theirs)."""
        left = (B.squares_left(self.pos, ours), B.squares_left(self.pos, 1 - ours))
        result = "W" if left[0] < left[1] else ("L" if left[0] > left[1] else "D")
        return result, {"left": left,
                        "score": (B.score(self.pos, ours), B.score(self.pos, 1 - ours))}


# ------------------------------------------------------------------- report

def proof_line():
    st = mirror.proof_status()
    if st is None:
        return ("**none recorded for the current sources** (run `make bench-proof-blokus`)")
    return ("proven equal to `golden.blokus.search` on %d positions (%d searches, seed %d, "
            "fingerprint %s)" % (st["positions"], st["searches"], st["seed"], st["fingerprint"]))


def margin(records):
    """Mean of the opponent's squares left minus the mirror's."""
    return harness.mean(r["left"][1] - r["left"][0] for r in records)


def _opponent_rows(records, opponents):
    for o in opponents:
        games = harness.select(records, opponent=o)
        t = harness.tally(games)
        target = TARGETS.get(o)
        yield ("| %s | %d | %d | %d | %d | %.1f %% | %+.2f | %.2f / %.2f | %s | %s |"
               % (o, t.games, t.wins, t.draws, t.losses, t.score, margin(games),
                  harness.mean(r["score"][0] for r in games),
                  harness.mean(r["score"][1] for r in games),
                  "-" if target is None else "%.0f %%" % target,
                  "-" if target is None else ("yes" if t.score >= target else "**no**")))


def _seat_rows(records, opponents):
    for o in opponents:
        for seat in ("5", "A"):
            for first in (True, False):
                games = harness.select(records, opponent=o, seat=seat, mirror_first=first)
                if not games:
                    continue
                t = harness.tally(games)
                yield ("| %s | %s | %s | %d | %d-%d-%d | %.1f %% | %+.2f | %.1f |"
                       % (o, seat, "first" if first else "second", t.games, t.wins, t.draws,
                          t.losses, t.score, margin(games),
                          harness.mean(r["plies"] for r in games)))


def _elo_text(estimate):
    """'1234' or '>= 1234' / '<= 1234' (a perfect or zero score), and the
    95 % range as 'low to high' (an open end written as '-inf' / 'inf')."""
    if estimate is None:
        return "-", "-"
    value = "%s%.0f" % ({">=": ">= ", "<=": "<= "}.get(estimate["bound"], ""), estimate["elo"])
    low = "-inf" if estimate["low"] is None else "%.0f" % estimate["low"]
    high = "inf" if estimate["high"] is None else "%.0f" % estimate["high"]
    return value, "%s to %s" % (low, high)


def pentobi_levels(match):
    """The Pentobi opponents of the match as (level, name), by level."""
    return sorted((pentobi.level_of(o), o) for o in match.opponents
                  if pentobi.level_of(o) is not None)


def pentobi_section(records, match):
    """The report's lines on the games against Pentobi (none without them)."""
    levels = pentobi_levels(match)
    if not levels:
        return []
    rows, results = [], []
    for level, name in levels:
        games = harness.select(records, opponent=name)
        t = harness.tally(games)
        rating = pentobi.LEVEL_ELO.get(level)
        estimate = (None if rating is None
                    else pentobi.elo_from_score(rating, t.wins, t.draws, t.losses))
        if rating is not None:
            results.append((rating, t.wins, t.draws, t.losses))
        elo, interval = _elo_text(estimate)
        theirs = [m["seconds"] for r in games for m in r["their_moves"]]
        rows.append("| %d | %s | %d | %d-%d-%d | %.1f %% | %s | %s | %+.2f | %.3f / %.3f |"
                    % (level, "-" if rating is None else "%d" % rating, t.games, t.wins,
                       t.draws, t.losses, t.score, elo, interval, margin(games),
                       harness.mean(theirs), max(theirs or [0.0])))
    fit = pentobi.elo_fit(results)
    options = match.options
    out = [
        "", "## Against Pentobi", "",
        "Pentobi's GTP engine (%s, `%s`; not part of this project: built from Pentobi's own "
        "source) at levels %s, %d games per level, started afresh for every game as "
        "`pentobi-gtp --game duo --level L --nobook --seed S --threads 1 --noresign`, S drawn "
        "for the game from the run's seed (so games differ and a run replays); the mirror's "
        "seat and move order alternate as for every opponent, and %s. Pentobi always plays "
        "its colour `b` first from `e10`: when seat A moves first the board is turned by "
        "180 degrees for it (see `bench/blokus/external_engine.py`)."
        % (options.get("pentobi_version") or "version unknown", options.get("pentobi"),
           ",".join(str(level) for level, _ in levels), match.games,
           "both players' first moves are random" if match.opening_plies == 2
           else "the first %d plies are random" % match.opening_plies), "",
        "| Pentobi level | level's rating | games | W-D-L | score | mirror's Elo | 95 % range "
        "| mean margin (squares) | Pentobi s/move avg / max |",
        "|---:|---:|---:|---|---:|---:|---|---:|---:|"]
    out += rows
    out += [
        "", "**Mirror's Elo over all levels (maximum likelihood): %s.**"
        % ("%.0f" % fit if fit is not None else
           "no finite value (every game won or every game lost; see the bounds above)"), "",
        "Ratings: Pentobi's own scale of its Duo levels (level 1 = 1000 ... level 7 = 2134; "
        "self-play Elo differences scaled down by Pentobi's author to "
        "approximate play against people). Mirror's Elo against a level = the level's "
        "rating + 400 log10(s / (1 - s)), s the score; at 100 %% or 0 %% no finite rating "
        "fits, so the value is that of half a game less (or more), marked >= (or <=), a "
        "bound rather than an estimate. 95 %% range: the ratings at the ends of the "
        "score's Wilson interval (an end at 0 %% or 100 %% is open). The fit over all levels "
        "is the rating whose expected total score equals the actual one. Few games give "
        "wide ranges; Pentobi's seconds are wall-clock per genmove (pipe included), one "
        "thread, with %d games in parallel." % match.jobs]
    return out


def games_line(match):
    """'100 games against each opponent', or the fixed opponents' count apart."""
    counts = sorted({match.games_against(o) for o in match.opponents}, reverse=True)
    if len(counts) == 1:
        return "%d games against each opponent" % counts[0]
    return ("%d games against each engine, %d against each fixed opponent"
            % (match.games, match.fixed_games))


def report(records, match, wall):
    times = [t for r in records for t in r["times"]]
    nodes = [s["nodes"] for r in records for s in r["searches"]]
    out = [
        "## Strength (compiled mirror at the default budget)", "",
        "The mirror of the core's search (`bench/blokus/mirror.c`, %s) at a budget of **%d "
        "nodes per move**%s, %s, seed %d, %d games in parallel. "
        "The search: every legal move scored by size and reach (the placements of the "
        "small tiles a, b, c, d each side could still make, held or not), then iterative "
        "deepening to %d plies, alpha-beta over the %d best moves at every ply."
        % (proof_line(), match.budget,
           " (`DEFAULT_BUDGET`)" if match.budget == S.DEFAULT_BUDGET else "",
           games_line(match), match.seed, match.jobs, S.MAX_DEPTH, S.TOP_K), "",
        "    %s" % match.command, "",
        "| opponent | games | wins | draws | losses | score | mean margin (squares) "
        "| mean score mirror / opponent | target | met |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    out += _opponent_rows(records, match.opponents)
    out += [
        "", "Score = (wins + draws / 2) / games. Margin = opponent's squares left minus the "
        "mirror's (89 squares each). Scores as the spec: minus squares left, +15 for all 21 "
        "tiles, +20 if the last was `a`. Opponents: `random` (uniform legal move), `first` "
        "(`golden.blokus.board.first_legal_move`), `greedy` (largest tile, then most new "
        "corner cells for itself, ties at random)%s%s. **%s** legal moves (seeded), so "
        "that games of deterministic players differ."
        % ("" if not pentobi_levels(match) else
           ", `pentobi-L` (Pentobi's GTP engine at level L, see below)",
           "" if match.engine is None else ", `engine` (`%s`)" % match.engine,
           "Both players' first moves are random" if match.opening_plies == 2
           else "The first %d plies are random" % match.opening_plies), "",
        "| opponent | mirror seat | mirror moves | games | W-D-L | score | mean margin "
        "| avg plies |",
        "|---|---|---|---:|---|---:|---:|---:|"]
    out += _seat_rows(records, match.opponents)
    out += [
        "", "Mirror moves: %d, %.2f ms average, %.2f ms max per search (wall clock, ctypes "
        "call included); %.0f nodes average, %d max (the budget is %d). "
        "%d games in %.1f s: %.2f games/s with %d jobs on %s (%d CPUs, shared). "
        "Games digest (sha256 of all moves): `%s`."
        % (len(times), 1e3 * harness.mean(times), 1e3 * max(times or [0]), harness.mean(nodes),
           max(nodes or [0]), match.budget, len(records), wall, len(records) / wall,
           match.jobs, harness.cpu_name(), multiprocessing.cpu_count(),
           harness.games_digest(records, match.game.digest_separator))]
    out += pentobi_section(records, match)
    return "\n".join(out) + "\n"


def pentobi_version(path):
    """What ``path --version`` prints (``Pentobi 31.0-dev``), or None."""
    try:
        p = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, universal_newlines=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    text = p.stdout.strip().splitlines()
    return text[0] if p.returncode == 0 and text else None


class Blokus(harness.Game):
    name = "blokus"
    default_games = 100
    opening_help = "random plies opening every game (2: both players' first moves)"
    opponents = DEFAULT_OPPONENTS
    rule_opponents = {"first": (first_move, True), "greedy": (greedy_move, False)}
    digest_separator = " "
    compiled_mirror = mirror
    golden_search = S
    report = staticmethod(report)

    def setup(self, number):
        """(mirror's seat, mirror moves first) of game ``number``."""
        return ("5" if number % 2 == 0 else "A"), (number % 4) < 2

    def start(self, seat, ours_first):
        return Board(seat if ours_first else OTHER_SEAT[seat])

    random_move = staticmethod(random_move)

    move_text = staticmethod(move_str)

    def search(self, view, budget):
        r = self.compiled_mirror.search(view, budget)
        return r.move, {"nodes": r.nodes}

    def dialect(self):
        return Dialect(move_text=engine_text, parse_move=engine_move)

    # -- Pentobi
    def add_options(self, ap):
        ap.add_argument("--pentobi", metavar="PATH",
                        help="Pentobi's GTP engine (pentobi-gtp, built from Pentobi's source; "
                             "see docs/benchmarks.md) to play at each of --levels; adds "
                             "'pentobi' to the opponents (default: $%s when the opponents "
                             "include pentobi; without either, Pentobi is skipped with a "
                             "note)" % pentobi.ENV)
        ap.add_argument("--levels", metavar="LEVELS",
                        help="Pentobi levels to play, comma-separated or a range such as "
                             "3-7, from %d..%d (default %s); one opponent pentobi-L each, "
                             "--games games each"
                             % (pentobi.LEVELS[0], pentobi.LEVELS[-1],
                                ",".join(map(str, pentobi.DEFAULT_LEVELS))))

    def check_options(self, ap, args, opponents):
        """``pentobi`` among the opponents (or --pentobi) becomes pentobi-L
        for each level when the program is there, and is dropped with a
        note when it is not."""
        levels = pentobi.DEFAULT_LEVELS
        if args.levels is not None:
            try:
                levels = pentobi.parse_levels(args.levels)
            except ValueError as e:
                ap.error(str(e))
        if args.pentobi is not None:
            why = pentobi.unusable(args.pentobi)
            if why:
                ap.error("--pentobi: %r %s" % (args.pentobi, why))
            if "pentobi" not in opponents:
                opponents = opponents + ["pentobi"]
        if "pentobi" not in opponents:
            if args.levels is not None:
                ap.error("--levels: the opponents do not include pentobi "
                         "(add it to --opponents or give --pentobi PATH)")
            return opponents, {}, []
        path, why = pentobi.find_binary(args.pentobi)
        version = None if path is None else pentobi_version(path)
        if path is not None and version is None:
            if args.pentobi is not None:
                ap.error("--pentobi: %r --version failed: is it pentobi-gtp?" % path)
            why = ("Pentobi skipped: $%s (%s) --version failed: is it pentobi-gtp?"
                   % (pentobi.ENV, path))
            path = None
        at = opponents.index("pentobi")
        rest = [o for o in opponents if o != "pentobi"]
        if path is None:
            return rest, {}, [why]
        names = [pentobi.opponent_name(level) for level in levels]
        return (rest[:at] + names + rest[at:],
                {"pentobi": path, "levels": levels, "pentobi_version": version,
                 "pentobi_from_env": args.pentobi is None}, [])

    def localise(self, match):
        """On a cluster worker: Pentobi is this machine's ``$PENTOBI_GTP``
        when the run took it from the environment, else the same --pentobi
        path, which must run here."""
        super().localise(match)
        if "pentobi" not in match.options:
            return
        if match.options.get("pentobi_from_env"):
            path, why = pentobi.find_binary(None)
        else:
            path = match.options["pentobi"]
            why = pentobi.unusable(path)
            why = why and "--pentobi %s %s" % (path, why)
        if path is None or why:
            raise cluster.WorkerRefused("%s cannot play Pentobi: %s" % (cluster.where(), why))
        match.options = dict(match.options, pentobi=path)

    def command_options(self, match):
        if "pentobi" not in match.options:
            return []
        return [("--pentobi", match.options["pentobi"], None),
                ("--levels", ",".join(map(str, match.options["levels"])),
                 ",".join(map(str, pentobi.DEFAULT_LEVELS)))]

    def opponents_text(self, opponents):
        """pentobi-L for every level written as the one name ``pentobi``."""
        names = []
        for o in opponents:
            o = "pentobi" if pentobi.level_of(o) is not None else o
            if o not in names:
                names.append(o)
        return ",".join(names)

    def make_opponent(self, name, match):
        level = pentobi.level_of(name)
        if level is not None:
            return pentobi.PentobiPlayer(match.options["pentobi"], level, match.seed,
                                         PENTOBI_TIMEOUT)
        return super().make_opponent(name, match)


GAME = Blokus()
main = GAME.main


if __name__ == "__main__":
    sys.exit(main())
