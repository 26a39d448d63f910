"""The Monte-Carlo tree unit's operations against the SDRAM controller: the
costs golden charges for them, checked to cover what the tree unit the docs
plan will take.

    python -m bench.blokus.tree_costs [--games N --seed S] [--out bench/results/blokus-tree-costs.md]

Golden's schedule charges the tree unit a cost for each operation
(golden/blokus/mcts.py: ``select_work``, ``write_work``, ``rave_scan_work``,
``BACKUP_NODE_WORK``, ``KEY_FLAG_WORK``, ``RAVE_UPDATE_WORK``), and the tree
unit pads each operation to it, so that the RTL spends golden's cycles
exactly (docs/blokus-mcts.md, "The tree unit's operations"). The SDRAM
controller (hdl/sdram_controller.py) gives every access's exact time
(hdl/sdram_timing.py's ``schedule``). This bench adds up the accesses each
operation makes with the tree's layout (four arrays by node number: KEY 1
word, SUMMARY 2, STATS 6, LINK 2) and the latencies of the blocks built, at
the worst alignment of each array's words in the rows, for every child
count a node can have (1 to golden's MAX_CHILDREN, 1,023):

- **memory**: the accesses alone, one after the other (the controller runs
  one at a time): a bound no tree unit can beat;
- **tree unit**: the plan: each access asked for ``HANDOFF`` cycles after the
  data it needs is there (a selection's choice after its summaries, a write
  after its update), the LINK of the child chosen (and below the root its
  KEY word) read while its virtual loss is computed;
- **refreshes**: what the refreshes that can fall due inside it add at most
  (one due every `refresh_interval` cycles, `refresh_wait_max` owed at its
  start).

Golden's costs must cover the tree unit with its refreshes for every child
count (``shortfalls`` is empty), and they are the least that do (``fit``),
so that the schedule wastes no cycle the plan does not need. With ``--games
N`` the report also gives the playouts a move: golden's search (its C
mirror, built again with each set of costs in a temporary folder) on the
positions of N games of today's core against itself
(``playout_unit.game_positions``), by phase, with golden's costs, with the
costs golden charged before the plan (a model that did not cover the
memory) and with the memory's bound. It changes nothing in golden.
"""
import argparse
import random
import sys
import tempfile
from functools import lru_cache
from math import gcd
from pathlib import Path

from bench.common import mirror as common
from bench.common import report_file
from bench.common.tables import write_if_changed
from golden.blokus import mcts as gm
from hdl.blokus.child_select import LATENCY as SELECT_LATENCY
from hdl.blokus.tree_expand import PIPE as WRITE_PIPE
from hdl.blokus.rave_match import LATENCY as RAVE_LATENCY
from hdl.blokus.stats_update import LATENCY as UPDATE_LATENCY
from hdl.sdram_timing import COL_BITS, MAX_WORDS, SdramCycles, access_cycles

DEFAULT_OUT = "bench/results/blokus-tree-costs.md"
CLOCK_HZ = 50_000_000
KEY, SUMMARY, STATS, LINK = 1, 2, 6, 2             # words a node in each array
CHILDREN = (1, 2, 4, 8, 16, 32, 64, 128, 300, 600, 1023)
MAX_CHILDREN = gm.MAX_CHILDREN
HANDOFF = 2              # from the data an access needs to the controller taking it
ON_CHIP_LATENCY = 1      # the root's keys and summaries (blokus_root_children): latency 2,
                         # the first address given with the start
ROW_WORDS = 1 << COL_BITS
# What golden charged before the plan (a model written before the memory was built)
BEFORE = {"ROOT_SELECT_WORK": 32, "SELECT_NODE_WORK": 32, "SLACK_SHIFT": 31,
          "WRITE_NODE_WORK": 0, "WRITE_WORK": 12, "WRITE_SLACK_SHIFT": 31,
          "BACKUP_NODE_WORK": 24, "KEY_FLAG_WORK": 0, "ROOT_RAVE_SCAN_WORK": 0,
          "RAVE_SCAN_WORK": 0, "RAVE_UPDATE_WORK": 24}


def starts(n, step, t, every=False):
    """The columns (multiples of `step`) where an access of n words may take
    longest: its cycles depend on the column only through the rows it touches
    and the pads of a first or last segment shorter than the pad, so the
    worst is at a column whose first or last segment is at most a pad and a
    step long (or at 0). `every`: all columns (the test checks both give the
    same worst)."""
    near = max(t.pad_read, t.pad_write) + 1 + step
    return [col for col in range(0, ROW_WORDS, step)
            if every or col == 0 or ROW_WORDS - col <= near or 0 < (col + n) % ROW_WORDS <= near]


@lru_cache(maxsize=None)
def worst_access(words, write, element, t):
    """The most cycles an access of `words` words takes at any start that is a
    multiple of `element` (an array of `element`-word entries), in pieces of at
    most MAX_WORDS."""
    step = gcd(element, ROW_WORDS)
    total = 0
    while words:
        n = min(words, MAX_WORDS)
        total += max(access_cycles(col, n, write, t) for col in starts(n, step, t))
        words -= n
    return total


def refresh_cycles(cycles, t):
    """The most cycles refreshes add to an operation of `cycles` cycles
    (refreshes that fall due while it waits for refreshes included)."""
    extra = 0
    while True:
        more = ((cycles + extra) // t.refresh_interval + t.debt_max) * t.rfc
        if more == extra:
            return extra
        extra = more


def _read(words, element, t):
    return worst_access(words, False, element, t)


def _write(words, element, t):
    return worst_access(words, True, element, t)


def virtual_loss(t, memory=False, key=False):
    """The chosen child's STATS read, updated and written and its SUMMARY
    written; its LINK read while the update runs, and its KEY word with it
    when `key` (below the root: the root's keys are on chip)."""
    reads = _read(LINK, LINK, t) + (_read(KEY, KEY, t) if key else 0)
    if memory:
        return _read(STATS, STATS, t) + reads + _write(STATS, STATS, t) + _write(SUMMARY, SUMMARY, t)
    beside = reads + HANDOFF * (2 if key else 1)
    return (_read(STATS, STATS, t) + HANDOFF + max(UPDATE_LATENCY, beside)
            + _write(STATS, STATS, t) + HANDOFF + _write(SUMMARY, SUMMARY, t) + HANDOFF)


def select_root(c, t, memory=False):
    """A choice at the root among c children (their summaries on chip), then
    the virtual loss."""
    if memory:
        return virtual_loss(t, True)
    return c + ON_CHIP_LATENCY + SELECT_LATENCY + virtual_loss(t)


def select_below(c, t, memory=False):
    """A choice below the root (c children's summaries read), then the
    virtual loss."""
    if memory:
        return _read(SUMMARY * c, SUMMARY, t) + virtual_loss(t, True, key=True)
    return (_read(SUMMARY * c, SUMMARY, t) + HANDOFF + SELECT_LATENCY
            + virtual_loss(t, key=True))


def back_up_node(t, memory=False):
    """One node's back-up (or a RAVE update): STATS read, updated, written;
    SUMMARY written."""
    accesses = _read(STATS, STATS, t) + _write(STATS, STATS, t) + _write(SUMMARY, SUMMARY, t)
    return accesses if memory else accesses + 3 * HANDOFF + UPDATE_LATENCY


def key_flag(t, memory=False):
    """A KEY word written again with its flag (the back-up of a node whose
    real passes RAVE_CHILD_MAX)."""
    return _write(KEY, KEY, t) + (0 if memory else HANDOFF)


def rave_root(c, t, memory=False):
    """RAVE's match of the root's c children's keys (on chip)."""
    return 0 if memory else c + ON_CHIP_LATENCY + RAVE_LATENCY


def rave_below(c, t, memory=False):
    """RAVE's match of a node's c children's keys, read from the SDRAM."""
    return _read(KEY * c, KEY, t) + (0 if memory else HANDOFF + RAVE_LATENCY)


def expansion_writes(c, t, memory=False):
    """An expansion's writes of c children (KEY, SUMMARY, STATS and LINK of
    each, the parent's LINK), their words streamed from the scan's list
    through the prior's value into a queue (its first word queued
    WRITE_PIPE + 1 cycles after the start), each access asked for once its
    first word waits."""
    accesses = [_write(w * c, w, t) for w in (KEY, SUMMARY, STATS, LINK)] + [_write(LINK, LINK, t)]
    return sum(accesses) + (0 if memory else WRITE_PIPE + 1 + HANDOFF * len(accesses))


# (name, golden's cost of c children, the plan's cycles, children matter,
#  golden's fixed part, cycles a child, slack shift)
OPERATIONS = (
    ("choice at the root, virtual loss", lambda c: gm.select_work(0, c), select_root, True,
     "ROOT_SELECT_WORK", "ROOT_CHILD_WORK", "SLACK_SHIFT"),
    ("choice below the root, virtual loss", lambda c: gm.select_work(1, c), select_below, True,
     "SELECT_NODE_WORK", "CHILD_WORK", "SLACK_SHIFT"),
    ("an expansion's writes", gm.write_work, expansion_writes, True,
     "WRITE_NODE_WORK", "WRITE_WORK", "WRITE_SLACK_SHIFT"),
    ("back-up of a path node", lambda c: gm.BACKUP_NODE_WORK, lambda c, t, m=False:
     back_up_node(t, m), False, "BACKUP_NODE_WORK", None, None),
    ("a KEY word's flag", lambda c: gm.KEY_FLAG_WORK, lambda c, t, m=False: key_flag(t, m),
     False, "KEY_FLAG_WORK", None, None),
    ("RAVE's match at the root", lambda c: gm.rave_scan_work(0, c), rave_root, True,
     "ROOT_RAVE_SCAN_WORK", "RAVE_KEY_WORK", None),
    ("RAVE's match below the root", lambda c: gm.rave_scan_work(1, c), rave_below, True,
     "RAVE_SCAN_WORK", "RAVE_KEY_WORK", "SLACK_SHIFT"),
    ("RAVE update of a child", lambda c: gm.RAVE_UPDATE_WORK, lambda c, t, m=False:
     back_up_node(t, m), False, "RAVE_UPDATE_WORK", None, None),
)


def needed(plan, c, t, memory=False):
    """The most cycles an operation of c children takes: its accesses (and,
    for the plan, latencies) and the refreshes that can fall inside it."""
    cycles = plan(c, t, memory)
    if not plan(c, t, True):
        return cycles                  # on chip: no access for a refresh to delay
    return cycles + refresh_cycles(cycles, t)


def counts(per_child):
    return range(1, MAX_CHILDREN + 1) if per_child else (1,)


def fit(plan, per_child, child_work, shift, t, memory=False):
    """The least fixed part A with A + child_work * c + (c >> shift) covering
    `needed` for every child count (shift None: no slack)."""
    slack = (lambda c: 0) if shift is None else (lambda c: c >> shift)
    return max(needed(plan, c, t, memory) - child_work * c - slack(c) for c in counts(per_child))


def fitted(t, memory=False):
    """{golden's fixed-part constant: the least that covers} for the plan
    (or the memory's bound), with golden's cycles a child and slack shifts."""
    out = {}
    for name, _, plan, per_child, fixed, child, shift in OPERATIONS:
        value = fit(plan, per_child, getattr(gm, child) if child else 0,
                    getattr(gm, shift) if shift else None, t, memory)
        out[fixed] = max(out.get(fixed, 0), value)
    return out


def shortfalls(t):
    """[(operation, children, golden's cost, what the plan needs)] wherever
    golden's cost does not cover the plan with its refreshes."""
    out = []
    for name, golden, plan, per_child, *_ in OPERATIONS:
        for c in counts(per_child):
            need = needed(plan, c, t)
            if golden(c) < need:
                out.append((name, c, golden(c), need))
    return out


def rows(t):
    """The report's rows: (operation, children or None, golden, memory,
    tree unit, refreshes)."""
    out = []
    for name, golden, plan, per_child, *_ in OPERATIONS:
        for c in (CHILDREN if per_child else (1,)):
            unit = plan(c, t)
            out.append((name, c if per_child else None, golden(c), plan(c, t, True), unit,
                        needed(plan, c, t) - unit))
    return out


def cost_sets(t):
    """{name: golden's tree-unit constants} for the playouts a move: golden's
    own costs, what golden charged before the plan, and the memory's bound
    (the accesses alone with their refreshes, golden's cycles a child)."""
    return {"golden": {}, "before": dict(BEFORE), "memory": fitted(t, memory=True)}


class _FixedHeader(object):
    """A generated header rendered once (with patched constants), for CompiledMirror."""

    def __init__(self, path, text):
        self.path = Path(path)
        self._text = text

    def write(self, path=None):
        return write_if_changed(self.path if path is None else path, self._text)


def mirror_with(costs, work_dir):
    """golden's search in C (bench/blokus/mcts_mirror.c) built with `costs`
    in place of golden's tree-unit constants, in `work_dir`."""
    from . import gen_tables, mcts_mirror
    saved = {name: getattr(gm, name) for name in costs}
    try:
        for name, value in costs.items():
            setattr(gm, name, value)
        text = gen_tables.HEADER.text()
    finally:
        for name, value in saved.items():
            setattr(gm, name, value)
    base = mcts_mirror.MIRROR
    return common.CompiledMirror(
        title="Blokus MCTS mirror (tree costs)", source=base.source,
        tables=_FixedHeader(Path(work_dir) / "tables.h", text), c_standard=base.c_standard,
        signatures=base.signatures, proof_inputs=(), includes=base.includes,
        prefix="mcts-mirror-costs")


def playout_rows(t, games, seed):
    """[(cost set, phase, positions, playouts a move, tree unit busy %)]."""
    from . import mcts_mirror
    from .playout_unit import PHASES, game_positions
    positions = game_positions(games, seed)
    out = []
    with tempfile.TemporaryDirectory(prefix="tree-costs-") as work:
        for k, (name, costs) in enumerate(cost_sets(t).items()):
            folder = Path(work) / str(k)
            folder.mkdir()
            built, saved = mirror_with(costs, folder), mcts_mirror.MIRROR
            mcts_mirror.MIRROR = built
            try:
                for low, high, phase in PHASES:
                    results = [mcts_mirror.search(view) for ply, view in positions
                               if low <= ply <= high]
                    results = [r for r in results if r.move is not None and r.playouts]
                    if not results:
                        continue
                    print("%s, %s: %d positions" % (name, phase, len(results)), file=sys.stderr,
                          flush=True)
                    out.append((name, phase, len(results),
                                sum(r.playouts for r in results) / len(results),
                                100.0 * sum(r.tree_work for r in results)
                                / sum(r.work for r in results)))
            finally:
                mcts_mirror.MIRROR = saved
    return out


def _constants(costs):
    return ", ".join("`%s` %d" % kv for kv in sorted(costs.items())) or "as golden"


def report(t, playouts=(), games=0, seed=None):
    plan, memory = fitted(t), fitted(t, memory=True)
    lines = ["# The Monte-Carlo tree unit's operations against the SDRAM", "",
             "Written by `python -m bench.blokus.tree_costs` (`make bench-blokus-tree-costs`) "
             "from `hdl/sdram_timing.py` at %d MHz and golden's costs "
             "(`golden/blokus/mcts.py`); it measures nothing that runs, it adds up the SDRAM "
             "controller's exact access times (every one checked against the RTL by its unit "
             "bench) for the accesses each operation of the tree unit makes in the plan of "
             "`docs/blokus-mcts.md` (\"The tree unit's operations\"), each array's entries at "
             "their worst place in the rows. Latencies of the blocks built: the selection's "
             "choice %d cycles after its last summary (`blokus_child_select`), a statistics "
             "update %d (`blokus_stats_update`), RAVE's match %d (`blokus_rave_match`), an "
             "expansion's word %d from the scan's list through the prior's value, then its "
             "queue (`blokus_tree_expand`); the root's keys and summaries in a RAM on chip "
             "(%d cycle)."
             % (t.clk_hz // 1_000_000, SELECT_LATENCY, UPDATE_LATENCY, RAVE_LATENCY,
                WRITE_PIPE + 1, ON_CHIP_LATENCY), "",
             "- golden: what golden's schedule charges the tree unit, which pads the operation "
             "to it;",
             "- memory: the accesses alone, one after the other (no tree unit can do better "
             "with one controller);",
             "- tree unit: the plan, each access asked for %d cycles after the data it needs "
             "is there;" % HANDOFF,
             "- refreshes: the most the refreshes falling due inside it add (one due every %d "
             "cycles, %d cycles each, up to %d owed at its start); none for the root's "
             "matches, which read no SDRAM." % (t.refresh_interval, t.rfc, t.debt_max), "",
             "| operation | children | golden | memory | tree unit | refreshes | golden's "
             "margin |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, c, golden, mem, unit, refresh in rows(t):
        lines.append("| %s | %s | %d | %d | %d | %d | %+d |" % (
            name, "-" if c is None else c, golden, mem, unit, refresh, golden - unit - refresh))
    short = shortfalls(t)
    lines += ["", "## The cover", "",
              "Golden's costs are a fixed part, cycles a child and a slack of one cycle every "
              "2^%d children (2^%d for an expansion's writes) for the rows crossed, the "
              "pieces of %d words and the refreshes of long runs. Checked for every child "
              "count from 1 to %d: %s" % (
                  gm.SLACK_SHIFT, gm.WRITE_SLACK_SHIFT, MAX_WORDS, MAX_CHILDREN,
                  "golden covers the tree unit with its refreshes at every one."
                  if not short else "**golden falls short at %d of them** (first: %s with %d "
                  "children, %d against %d)." % ((len(short),) + short[0])), "",
              "| golden's constant | golden | the least that covers the tree unit | "
              "the least that covers the memory alone |", "|---|---:|---:|---:|"]
    for name in plan:
        lines.append("| `%s` | %d | %d | %d |" % (name, getattr(gm, name), plan[name],
                                                   memory[name]))
    lines += ["", "Golden's fixed parts equal the least that cover the plan, so the tree "
              "unit's padding wastes no cycle the plan does not need; a tree unit that "
              "overlapped its accesses with its blocks' latencies could come down to the "
              "memory's column."]
    if playouts:
        sets = cost_sets(t)
        lines += ["", "## Playouts a move with each set of costs", "",
                  "Golden's search (its C mirror at `DEFAULT_BUDGET`, 0.8 s at 50 MHz less the "
                  "reserve) on the positions of %d games of today's core against itself (seed "
                  "%d), built with golden's costs, with the costs golden charged before the "
                  "plan (a model written before the memory was built: %s) and with the "
                  "memory's bound (%s)." % (games, seed, _constants(sets["before"]),
                                            _constants(sets["memory"])), "",
                  "| costs | phase | positions | playouts a move (mean) | vs golden's | tree unit "
                  "busy |", "|---|---|---:|---:|---:|---:|"]
        base = {phase: mean for name, phase, n, mean, busy in playouts if name == "golden"}
        for name, phase, n, mean, busy in playouts:
            lines.append("| %s | %s | %d | %.0f | %+.1f %% | %.0f %% |" % (
                name, phase, n, mean, 100.0 * (mean / base[phase] - 1), busy))
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m bench.blokus.tree_costs",
        description="The Monte-Carlo tree unit's operations against the SDRAM controller's "
                    "exact access times: golden's costs checked to cover them.")
    ap.add_argument("--games", type=int, default=0,
                    help="also search the positions of this many games with each set of costs "
                         "(default 0: the table only)")
    ap.add_argument("--seed", type=int, default=None, help="the games' seed (default: random, "
                                                            "printed)")
    ap.add_argument("--out", default=DEFAULT_OUT, help="report file (default %(default)s)")
    args = ap.parse_args(argv)
    if args.games < 0:
        print("error: --games must be 0 or more", file=sys.stderr)
        return 2
    why = report_file.unwritable(args.out)
    if why:
        print("error: %s" % why, file=sys.stderr)
        return 2
    t = SdramCycles(CLOCK_HZ)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    playouts = ()
    if args.games:
        print("seed %d" % seed, file=sys.stderr)
        playouts = playout_rows(t, args.games, seed)
    text = report(t, playouts, args.games, seed)
    report_file.write(Path(args.out), text)
    print("wrote %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
