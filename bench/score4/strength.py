"""How strong is the core's search? Games of the C mirror against fixed opponents.

    python -m bench.score4.strength [--games N] [--budget B] [--jobs J]
        [--opponents random,greedy,tenth,engine] [--seed S] [--opening-plies K]
        [--engine COMMAND] [--out bench/results/score4-strength.md]

The player measured is ``bench.score4.mirror`` (the golden search,
``golden.score4.search.search``, compiled; proven equal by
``bench/score4/test_mirror.py``) at budget B nodes per move; B defaults to
``golden.score4.search.DEFAULT_BUDGET``, read at run time. It plays N games
against each opponent, alternately first (even game numbers) and second:

``random``
    a uniformly random legal post.
``greedy``
    the 1-ply greedy player: the first post in ``SEARCH_ORDER`` whose bead
    wins (completes a line of its own through the landing cell); else the
    first post in ``SEARCH_ORDER`` whose bead blocks (would complete a line of
    the opponent's there); else a post maximising
    ``golden.score4.search.evaluate(own + bead, opponent's)`` after the move.
    Several posts with that maximum: the game's random generator chooses
    uniformly among them (listed in ``SEARCH_ORDER``), so games differ;
    ``greedy_move(..., rng=None)`` takes the first in ``SEARCH_ORDER``.
``tenth``
    the mirror itself at budget ``max(1, B // 10)``. Both players are then
    deterministic, so each such game starts with K (``--opening-plies``,
    default 2) uniformly random plies, one per side for K = 2; then the
    searches play. "Mirror first" then means the mirror's side owns the
    first bead, the random opening plies included.
``engine``
    an external program (``--engine COMMAND``) speaking GTP over a pipe
    (``bench.common.engine``; posts written as the protocol's two digits,
    e.g. ``23``); deterministic as far as we know, so its games open with K
    random plies as ``tenth``'s do. After each of its moves it is asked
    ``last_search`` (optional) for its depth and nodes.

Openings are paired: games 2k and 2k + 1 open with the same K random plies,
the mirror first in the even game and second in the odd one.

Rules: the players alternate beads; a bead wins when it completes 4 in a line
(of its owner's beads) through the cell it lands on; a full board without a
win is a draw. A player always has a move until the board is full.

The games, seeds, seats, parallel jobs, W-D-L counts and the command line
are the shared harness's (``bench.common.match``): every random choice of
game g against opponent o comes from its own generator seeded with (S, o,
g), so a run is reproducible whatever --jobs and the order games finish in;
the report gives a digest of all the games' moves to check that. Times are
wall-clock seconds of the mirror's calls (ctypes), nodes are those the
search reports; both only for the measured player (budget B).

The Markdown report holds, per opponent and colour: games, wins, draws and
losses of the mirror; per opponent: mirror moves, average and maximum
seconds and nodes per move, average completed depth, how its moves were
decided; and the settings, the mirror's proof status
(``mirror.proof_status()``: positions checked equal to the golden model by
the last complete ``MIRROR_POSITIONS=...`` run on the current sources).
"""
import platform
import sys
import time

from golden.score4 import search as S
from golden.score4.board import Position, completes_line, drop_cell
from golden.score4.encoding import FULL_BOARD, NUM_POSTS, SEARCH_ORDER, post_to_text, text_to_post

from bench.common import match as harness
from bench.common import mirror as common_mirror
from bench.common.engine import Dialect
from bench.common.players import SearchPlayer

from . import mirror

OPPONENTS = ("random", "greedy", "tenth")


# ------------------------------------------------------------------ players

def free_posts(occupied):
    """[(post, landing cell)] of the non-full posts, in SEARCH_ORDER."""
    cells = ((p, drop_cell(occupied, p)) for p in SEARCH_ORDER)
    return [(p, c) for p, c in cells if c is not None]


def random_move(pos, rng):
    """A uniformly random non-full post (drawn from the posts by index)."""
    return rng.choice(sorted(p for p, _ in free_posts(pos.mine | pos.theirs)))


def greedy_move(pos, rng=None):
    """The 1-ply greedy player of the module docstring."""
    mine, theirs = pos.mine, pos.theirs
    moves = free_posts(mine | theirs)
    for p, c in moves:
        if completes_line(mine, c):
            return p
    for p, c in moves:
        if completes_line(theirs, c):
            return p
    scored = [(S.evaluate(mine | 1 << c, theirs), p) for p, c in moves]
    top = max(s for s, _ in scored)
    ties = [p for s, p in scored if s == top]
    return ties[0] if rng is None else rng.choice(ties)


def tenth_budget(budget):
    return max(1, budget // 10)


def engine_text(post):
    """A post as an engine reads it: the protocol's two digits (e.g. 23)."""
    return post_to_text(post).decode("ascii")


def engine_move(text):
    """A post from an engine's answer (the protocol's two digits, e.g. 23)."""
    post = text_to_post(text.strip().encode("ascii", "replace"))
    if post is None:
        raise ValueError("Score-4 has no pass")
    return post


# -------------------------------------------------------------------- games

class Board:
    """A game in progress: beads by side (0 moves first)."""

    def __init__(self):
        self.beads = [0, 0]
        self.to_move = 0
        self.winner = None

    def over(self):
        return self.winner is not None or (self.beads[0] | self.beads[1]) == FULL_BOARD

    def view(self, side):
        return Position(self.beads[side], self.beads[1 - side])

    def play(self, side, post):
        """A bead of ``side`` on ``post``; it wins when it completes 4 in a line."""
        mine, theirs = self.beads[side], self.beads[1 - side]
        if not (isinstance(post, int) and 0 <= post < NUM_POSTS):
            raise harness.IllegalMove("not a post")
        cell = drop_cell(mine | theirs, post)
        if cell is None:
            raise harness.IllegalMove("the post is full")
        if completes_line(mine, cell):
            self.winner = side
        self.beads[side] = mine | 1 << cell
        self.to_move = 1 - side

    def outcome(self, ours):
        if self.winner is None:
            return "D", {}
        return ("W" if self.winner == ours else "L"), {}


# ------------------------------------------------------------------- report

def proof_line():
    return common_mirror.proof_line(
        mirror.proof_status(), "golden.score4.search",
        "MIRROR_POSITIONS=10000 .venv/bin/python -m pytest -n 2 bench/score4/test_mirror.py")


def _result_rows(records, opponents):
    """The rows of the results table: per opponent, the mirror first, second, both."""
    for o in opponents:
        for label, first in (("first", True), ("second", False), ("both", None)):
            where = {"opponent": o} if first is None else {"opponent": o, "mirror_first": first}
            games = harness.select(records, **where)
            if not games:
                continue
            t = harness.tally(games)
            yield ("| %s | %s | %d | %d | %d | %d | %.1f %% | %.1f |"
                   % ("**%s**" % o if first is None else o, label, t.games, t.wins, t.draws,
                      t.losses, t.score, harness.mean(r["plies"] for r in games)))


def _cost_rows(records, opponents):
    """The rows of the cost table: per opponent and in all, the mirror's moves."""
    for o in opponents + ["all"]:
        games = records if o == "all" else harness.select(records, opponent=o)
        times = [t for r in games for t in r["times"]]
        searches = [s for r in games for s in r["searches"]]
        if not times:
            continue
        reasons = {}
        for s in searches:
            reasons[s["reason"]] = reasons.get(s["reason"], 0) + 1
        yield ("| %s | %d | %.4f | %.4f | %.0f | %d | %.2f | %s |"
               % ("**all**" if o == "all" else o, len(times), harness.mean(times), max(times),
                  harness.mean(s["nodes"] for s in searches), max(s["nodes"] for s in searches),
                  harness.mean(s["depth"] for s in searches),
                  ", ".join("%s %d" % (k, reasons[k]) for k in mirror.REASONS if k in reasons)))


PHASES = ((0, 19, "plies 1-20"), (20, 39, "plies 21-40"), (40, 64, "plies 41-64"))


def _phase_cells(moves, key):
    """Per game phase: 'average (max)' of ``key`` over the moves with it, or '-'."""
    cells = []
    for low, high, _ in PHASES:
        values = [m[key] for m in moves if low <= m["ply"] <= high and key in m]
        cells.append("%.1f (%d)" % (harness.mean(values), max(values)) if values else "-")
    return cells


def _engine_rows(records):
    """Rows of the engine table: per seat of the mirror, both sides' depths and times."""
    for label, first in (("first", True), ("second", False), ("both", None)):
        where = {"opponent": "engine"} if first is None else {"opponent": "engine",
                                                               "mirror_first": first}
        games = harness.select(records, **where)
        if not games:
            continue
        ours = [s for r in games for s in r["searches"] if s["reason"] == "search"]
        ours_t = [t for r in games for t in r["times"]]
        theirs = [m for r in games for m in r.get("their_moves", [])]
        searched = [m for m in theirs if m.get("depth", 0) > 0]
        nodes = [m["nodes"] for m in searched if "nodes" in m]
        yield ("| %s | %s | %s | %.2f | %s | %.2f | %s | %d of %d |"
               % ("**both**" if first is None else label,
                  " / ".join(_phase_cells(ours, "depth")), "%.2f" % harness.mean(ours_t),
                  max(ours_t),
                  " / ".join(_phase_cells(searched, "depth")),
                  harness.mean(m["seconds"] for m in theirs) if theirs else 0.0,
                  "%.0f" % harness.mean(nodes) if nodes else "-",
                  len(theirs) - len(searched), len(theirs)))


def report(records, match, wall):
    opps = [o for o in OPPONENTS if o in match.opponents] + \
        [o for o in match.opponents if o not in OPPONENTS]
    out = [
        "# Score-4 strength benchmark", "",
        "The mirror of the core's search (`bench/score4/mirror.c`, equal to "
        "`golden.score4.search`) at **%d nodes per move** against fixed opponents. "
        "Generated by `bench/score4/strength.py`; see `bench/README.md`." % match.budget, "",
        "| setting | value |", "|---|---|",
        "| command | `%s` |" % match.command,
        "| budget B (nodes/move) | %d (golden `DEFAULT_BUDGET` = %d at run time) |"
        % (match.budget, S.DEFAULT_BUDGET)]
    if "tenth" in opps:
        out.append("| `tenth` opponent budget | %d (max(1, B // 10)), after %d random opening "
                   "plies |" % (tenth_budget(match.budget), match.opening_plies))
    if "engine" in opps:
        out.append("| `engine` opponent | `%s`, after %d random opening plies |"
                   % (match.engine, match.opening_plies))
    out += [
        "| games per opponent | %s (mirror first in even-numbered games) |"
        % ", ".join("%s %d" % (o, match.games_against(o)) for o in opps),
        "| seed | %d |" % match.seed,
        "| jobs | %d |" % match.jobs,
        "| mirror proof | %s |" % proof_line(),
        "| games digest | `%s` (sha256 of every game's moves; equal runs, equal digest) |"
        % harness.games_digest(records, match.game.digest_separator),
        "| machine | %s, Python %s |" % (harness.cpu_name(), platform.python_version()),
        "| date | %s, wall time %.1f s |" % (time.strftime("%Y-%m-%d %H:%M:%S"), wall), "",
        "## Results (the mirror's wins, draws, losses)", "",
        "| opponent | mirror plays | games | wins | draws | losses | score | avg plies |",
        "|---|---|---:|---:|---:|---:|---:|---:|"]
    out += _result_rows(records, opps)
    out += [
        "", "Score = (wins + draws / 2) / games.", "",
        "## Cost of the mirror's moves (budget %d)" % match.budget, "",
        "| opponent | moves | avg s/move | max s/move | avg nodes/move | max nodes/move "
        "| avg depth | decided by |",
        "|---|---:|---:|---:|---:|---:|---:|---|"]
    out += _cost_rows(records, opps)
    out += [
        "", "Depth: the last completed iteration (0 when none completed: the pre-checks "
        "\"win\"/\"block\", or \"fallback\"). Seconds are wall-clock per call on the "
        "machine above with %d games in parallel." % match.jobs]
    if "engine" in opps and any(r.get("their_moves") for r in records):
        out += [
            "", "## Depths reached against `engine`", "",
            "Average (maximum) completed depth per game phase (%s), over the mirror's "
            "searched moves and over the engine's searched moves (depth > 0 in its "
            "`last_search` answer; its other moves are book moves, instant wins or "
            "forced answers); seconds are wall-clock per move; the engine's nodes are "
            "its own count per searched move."
            % ", ".join(label for _, _, label in PHASES), "",
            "| mirror plays | mirror depth | mirror avg s | mirror max s | engine depth "
            "| engine avg s | engine avg nodes | engine moves not searched |",
            "|---|---|---:|---:|---|---:|---:|---:|"]
        out += _engine_rows(records)

    return "\n".join(out) + "\n"


class Score4(harness.Game):
    name = "score4"
    default_games = 200
    opening_help = ("random plies opening each game against a deterministic opponent "
                    "('tenth', 'engine')")
    opponents = OPPONENTS
    rule_opponents = {"greedy": (greedy_move, False)}
    digest_separator = ""
    paired_openings = True                      # each opening once with each side first
    compiled_mirror = mirror
    golden_search = S
    report = staticmethod(report)

    def setup(self, number):
        return None, number % 2 == 0            # no seats: the mirror first in even games

    def start(self, seat, ours_first):
        return Board()

    random_move = staticmethod(random_move)

    def move_text(self, post):
        return "%x" % post                      # one hex digit: the digest of earlier runs

    show_move = staticmethod(engine_text)       # in messages: the protocol's 11..44

    def search(self, view, budget):
        move, nodes, depth, _, reason = self.compiled_mirror.search_position(view, budget)
        return move, {"nodes": nodes, "depth": depth, "reason": reason}

    def opening_plies(self, opponent, match):
        return match.opening_plies if opponent.deterministic else 0

    def dialect(self):
        return Dialect(move_text=engine_text, parse_move=engine_move,
                       stats_command="last_search")

    def make_opponent(self, name, match):
        if name == "tenth":
            return SearchPlayer(self.search, tenth_budget(match.budget))
        return super().make_opponent(name, match)


GAME = Score4()
main = GAME.main


if __name__ == "__main__":
    sys.exit(main())
