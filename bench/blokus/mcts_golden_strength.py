"""How strong is the golden Monte-Carlo search? Games of ``golden.blokus.mcts`` (its C mirror) against Pentobi.

    python -m bench.blokus.mcts_golden_strength [--budget CYCLES] [--games N] [--jobs J]
        [--seed S] [--pentobi PATH] [--levels 5] [--games-out FILE.jsonl] [--out FILE.md]

The player measured is the search the core will build
(``golden/blokus/mcts.py``, played by its C mirror ``mcts_mirror.c``, equal
to it on every field by ``test_mcts_mirror.py``) at ``--budget`` clock cycles
a move (golden's schedule of ``BATCH`` playout units and a tree unit; default
``DEFAULT_BUDGET``: 0.8 s at 50 MHz less golden's reserve for the work under
way). Its answer is a function of the position, the
opponent's last move and the budget: no seed. Everything else (Pentobi
afresh each game, paired openings, every move checked with the golden
rules, the report's columns) is the study's harness
(``bench.blokus.mcts_strength``), whose records ``mcts_sweep`` can also read.

``--units N`` plays golden's schedule with N playout units (1 to
``MAX_UNITS``) instead of the core's ``BATCH``: the study of other builds.

``--opponents alphabeta`` plays the core's search of today instead: the
alpha-beta search (``golden/blokus/search.py``) by its proven C mirror at its
``DEFAULT_BUDGET`` of 19,999,741 nodes (about 2.5 s a move on one core).
"""
from golden.blokus import mcts as golden_mcts
from golden.blokus import search as golden_search

from . import mcts_mirror, mirror, strength
from .mcts_strength import BlokusMcts, report as study_report


def alphabeta_move(view, rng=None):
    """The core's search of today (alpha-beta, its C mirror) at its default budget."""
    return mirror.choose(view, golden_search.DEFAULT_BUDGET)


class BlokusGoldenMcts(BlokusMcts):
    name = "blokus-mcts-golden"
    opponents = ("pentobi", "alphabeta", "random", "first", "greedy")
    rule_opponents = dict(strength.Blokus.rule_opponents, alphabeta=(alphabeta_move, True))

    @property
    def module(self):
        return "bench.blokus.mcts_golden_strength"

    @property
    def default_out(self):
        return "build/bench/blokus/mcts-golden-strength.md"

    def prepare(self):
        mcts_mirror.MIRROR.load()

    def check_budget(self, budget):
        golden_mcts.check_budget(budget)

    def default_budget(self):
        return golden_mcts.DEFAULT_BUDGET

    def search(self, view, budget):
        r = mcts_mirror.search(view, budget, self._last_opp(view), units=self.units)
        return r.move, {"nodes": r.playouts, "playout_plies": r.playout_plies,
                        "tree_plies": r.tree_plies, "depth": r.max_depth,
                        "visits": r.visits, "work": r.work, "scanned": r.scanned,
                        "tree_nodes": r.nodes}

    units = golden_mcts.BATCH

    def add_options(self, ap):
        super().add_options(ap)
        ap.add_argument("--units", type=int, default=golden_mcts.BATCH, metavar="N",
                        help="playout units in golden's schedule, 1..%d (default %d, the core's)"
                             % (golden_mcts.MAX_UNITS, golden_mcts.BATCH))

    def check_options(self, ap, args, opponents):
        if args.knob:
            ap.error("--knob: the golden search has no knobs (golden/blokus/mcts.py's "
                     "constants define it)")
        try:
            self.units = golden_mcts.check_units(args.units)
        except ValueError as e:
            ap.error("--units: %s" % e)
        plural = "s" if self.units > 1 else ""
        args.label = args.label or ("golden" if self.units == golden_mcts.BATCH
                                    else "golden, %d unit%s" % (self.units, plural))
        opponents, options, notes = super().check_options(ap, args, opponents)
        return opponents, dict(options, units=self.units), notes

    def command_options(self, match):
        out = super().command_options(match)
        if match.options.get("units", golden_mcts.BATCH) != golden_mcts.BATCH:
            out.append(("--units", str(match.options["units"]), None))
        return out

    @staticmethod
    def report(records, match, wall):
        text = study_report(records, match, wall)
        first = text.index("\n\n") + 2
        second = text.index("\n\n", first) + 2
        units = match.options.get("units", golden_mcts.BATCH)
        what = ("`golden/blokus/mcts.py` (played by its C mirror `bench/blokus/mcts_mirror.c`) "
                "at a budget of %d clock cycles a move%s, %d playout unit%s%s; the playouts a "
                "move are the mean.\n\n"
                % (match.budget, " (`DEFAULT_BUDGET`)"
                   if match.budget == golden_mcts.DEFAULT_BUDGET else "", units,
                   "s" if units > 1 else "",
                   " (the core's `BATCH`)" if units == golden_mcts.BATCH else
                   " (not the core's %d: `--units`)" % golden_mcts.BATCH))
        return ("# Blokus: the golden Monte-Carlo search against Pentobi\n\n" + what
                + text[second:])


GAME = BlokusGoldenMcts()
main = GAME.main

if __name__ == "__main__":
    main()
