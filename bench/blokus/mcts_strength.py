"""How strong is a setting of the issue-25 MCTS study? Games of ``bench.blokus.mcts`` against Pentobi.

    python -m bench.blokus.mcts_strength [--budget PLAYOUTS] [--knob NAME=VALUE ...]
        [--label TEXT] [--games N] [--jobs J] [--seed S] [--pentobi PATH] [--levels 5]
        [--opponents pentobi] [--games-out FILE.jsonl] [--out FILE.md]

The player measured is the Monte-Carlo tree search of ``bench/blokus/mcts.c``
(not the core's search: the study that chooses the core's next one, see
docs/blokus-mcts.md) with ``--budget`` playouts a move (default 1000) and
the knobs of ``bench.blokus.mcts.Params`` changed by ``--knob`` (repeatable,
e.g. ``--knob local=0 --knob explore=0.1``). Its random generator is seeded
from the position alone (a CRC of both sides' squares and tiles), so its
answer is a function of the position and the knobs, and a run replays.

The games are the Blokus strength harness's (``bench.blokus.strength``:
the same rules, every move checked with the golden rules, Pentobi started
afresh each game at each of ``--levels``, default 5), with the openings
**paired**: games 2k and 2k + 1 start with the same random first move of
each side (``--opening-plies``, default 2) from the same seat, and the study
plays the first mover in one and the second in the other, so an opening
that favours one side favours the study once and its opponent once. The
first mover's seat alternates every pair.

The report gives per opponent W-D-L, the score with its standard error, the
mean square margin (opponent's squares left minus ours) with its standard
error, playouts and playout plies a move, and seconds a move of both sides.
``bench.blokus.mcts_sweep`` gathers the ``--games-out`` records of many
settings into one table.
"""
import sys
import zlib

from golden.blokus.board import OPP
from golden.blokus.encoding import OTHER_SEAT

from bench.common import match as harness
from . import mcts
from . import strength

DEFAULT_PLAYOUTS = 1000


def mean_se(values):
    """(mean, standard error of the mean) of a list (SE 0 for fewer than 2)."""
    values = list(values)
    n = len(values)
    if not n:
        return 0.0, 0.0
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, (var / n) ** 0.5


def game_points(record):
    return {"W": 1.0, "D": 0.5, "L": 0.0}[record["result"]]


class BlokusMcts(strength.Blokus):
    name = "blokus-mcts"
    paired_openings = True
    opponents = ("pentobi", "random", "first", "greedy")

    def __init__(self):
        self.params = mcts.Params()
        self.label = None
        self._previous_opp = None

    @property
    def module(self):
        return "bench.blokus.mcts_strength"

    @property
    def default_out(self):
        return "build/bench/blokus/mcts-strength.md"

    def setup(self, number):
        """Games 2k and 2k + 1: the same first mover's seat ('5' for even k,
        'A' for odd), the study first in 2k and second in 2k + 1."""
        first_seat = "5" if (number // 2) % 2 == 0 else "A"
        ours_first = number % 2 == 0
        return (first_seat if ours_first else OTHER_SEAT[first_seat]), ours_first

    def prepare(self):
        mcts.load()

    def check_budget(self, budget):
        if budget < 1:
            raise ValueError("the budget is in playouts a move, at least 1, not %d" % budget)

    def default_budget(self):
        return DEFAULT_PLAYOUTS

    def _last_opp(self, view):
        """The opponent's squares placed since our last search in this game
        (its last move), 0 when it is not known."""
        cells = view.cells[OPP]
        prev, self._previous_opp = self._previous_opp, cells
        if prev is not None and prev & ~cells == 0:
            new = cells & ~prev
            if bin(new).count("1") <= 5:
                return new
        return cells if bin(cells).count("1") <= 5 else 0

    def search(self, view, budget):
        key = b"".join(v.to_bytes(32, "little") for v in list(view.cells) + list(view.used))
        seed = zlib.crc32(key) | 1
        r = mcts.search(view, self.params._replace(playouts=budget), self._last_opp(view),
                        seed=seed)
        return r.move, {"nodes": r.playouts, "playout_plies": r.playout_plies,
                        "tree_plies": r.tree_plies, "depth": r.max_depth,
                        "visits": r.visits, "mean": r.mean, "cycles": r.cycles,
                        "playout_moves": r.playout_moves}

    def add_options(self, ap):
        super().add_options(ap)
        ap.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                        help="change one knob of bench.blokus.mcts.Params (%s); repeatable"
                             % ", ".join(sorted(mcts.KNOB_TYPES)))
        ap.add_argument("--label", default=None,
                        help="the setting's name in the report and the sweep table")

    def check_options(self, ap, args, opponents):
        try:
            changes = mcts.parse_knobs(args.knob)
        except ValueError as e:
            ap.error("--knob: %s" % e)
        if "playouts" in changes:
            ap.error("--knob: give the playouts as --budget")
        self.params = mcts.Params()._replace(**changes)
        self.label = args.label or (" ".join("%s=%s" % kv for kv in sorted(changes.items()))
                                    or "defaults")
        if args.opponents == ",".join(self.opponents):      # not given: Pentobi alone
            opponents = ["pentobi"]
        if args.levels is None and ("pentobi" in opponents or args.pentobi is not None):
            args.levels = "5"
        opponents, options, notes = super().check_options(ap, args, opponents)
        options = dict(options, knobs=dict(self.params._asdict()), label=self.label)
        return opponents, options, notes

    def command_options(self, match):
        out = super().command_options(match)
        defaults = mcts.Params()._asdict()
        for name, value in match.options["knobs"].items():
            if name != "playouts" and value != defaults[name]:
                out.append(("--knob", "%s=%s" % (name, value), None))
        out.append(("--label", match.options["label"], None))
        return out

    @staticmethod
    def report(records, match, wall):
        return report(records, match, wall)


def summary(records, opponent):
    """The figures of one setting against one opponent (the sweep's row)."""
    games = harness.select(records, opponent=opponent)
    t = harness.tally(games)
    score, score_se = mean_se(game_points(r) for r in games)
    marg, marg_se = mean_se(r["left"][1] - r["left"][0] for r in games)
    searches = [s for r in games for s in r["searches"]]
    return {"opponent": opponent, "games": t.games, "wins": t.wins, "draws": t.draws,
            "losses": t.losses, "score": 100 * score, "score_se": 100 * score_se,
            "margin": marg, "margin_se": marg_se,
            "playouts": harness.mean(s["nodes"] for s in searches),
            "plies_per_playout": (sum(s["playout_plies"] for s in searches)
                                  / max(1, sum(s["nodes"] for s in searches))),
            "seconds": harness.mean(t for r in games for t in r["times"]),
            "their_seconds": harness.mean(m["seconds"] for r in games
                                          for m in r["their_moves"])}


def report(records, match, wall):
    knobs = match.options["knobs"]
    out = ["# Blokus MCTS study: %s" % match.options["label"], "",
           "`bench/blokus/mcts.c` at %d playouts a move, knobs: %s." % (
               match.budget, ", ".join("`%s=%s`" % (k, v) for k, v in knobs.items()
                                       if k != "playouts")), "",
           "| opponent | games | W-D-L | score | mean margin (squares) | playouts a move "
           "| plies a playout | s/move ours / theirs |",
           "|---|---:|---|---:|---:|---:|---:|---:|"]
    for o in match.opponents:
        s = summary(records, o)
        out.append("| %s | %d | %d-%d-%d | %.1f %% +- %.1f | %+.2f +- %.2f | %.0f | %.1f "
                   "| %.3f / %.3f |"
                   % (o, s["games"], s["wins"], s["draws"], s["losses"], s["score"],
                      s["score_se"], s["margin"], s["margin_se"], s["playouts"],
                      s["plies_per_playout"], s["seconds"], s["their_seconds"]))
    out += ["", "+- : one standard error. Openings paired (each opening played with the "
            "study first and second); %s; seed %d; %.0f s for the run with %d jobs."
            % (harness.cpu_name(),
               match.seed, wall, match.jobs), "",
            "Command: `%s`" % match.command]
    out += strength.pentobi_section(records, match)
    return "\n".join(out) + "\n"


GAME = BlokusMcts()
main = GAME.main


if __name__ == "__main__":
    sys.exit(main())
