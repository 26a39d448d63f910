"""The Monte-Carlo tree unit's operations against the SDRAM controller: what
golden charges for them, and what the memory needs.

    python -m bench.blokus.tree_costs [--games N --seed S] [--out bench/results/blokus-tree-costs.md]

Golden's schedule charges the tree unit fixed cycles (golden/blokus/mcts.py:
``SELECT_NODE_WORK``, ``CHILD_WORK``, ``WRITE_WORK``, ``BACKUP_NODE_WORK``,
``RAVE_KEY_WORK``, ``RAVE_UPDATE_WORK``), a model written before the memory
was built. The SDRAM controller (hdl/sdram_controller.py) now gives every
access's exact time (hdl/sdram_timing.py's ``schedule``). This bench adds up
the accesses each operation makes with the tree's layout of
docs/blokus-mcts.md (four arrays by node number: KEY 1 word, SUMMARY 2,
STATS 6, LINK 2) and the latencies of the blocks already built, at the
worst alignment of each array's words in the rows, and compares:

- **memory**: the accesses alone, one after the other (the controller runs
  one at a time): a bound no tree unit can beat;
- **in order**: each access started when the data it needs is there (a
  selection's value after its summaries, a write after its update), the
  simplest control;
- **refreshes**: what the refreshes that can fall due inside the operation
  add at most (one due every `refresh_interval` cycles, `refresh_wait_max`
  owed at its start).

Golden's constants must cover the tree unit's cycles (it pads each operation
to golden's cost), so where they do not, golden's schedule, its playouts a
move and the strength measured with it are optimistic. With ``--games N``
the report also says by how much: golden's search (its C mirror, built again
with each set of costs in a temporary folder) on the positions of N games of
today's core against itself (``playout_unit.game_positions``), playouts a
move and the tree unit's busy share by phase, with golden's costs and with
the two sets above. It changes nothing in golden.
"""
import argparse
import random
import sys
import tempfile
from math import gcd
from pathlib import Path

from bench.common import mirror as common
from bench.common import report_file
from bench.common.tables import write_if_changed
from golden.blokus import mcts as gm
from hdl.blokus.child_select import LATENCY as SELECT_LATENCY
from hdl.blokus.stats_update import LATENCY as UPDATE_LATENCY
from hdl.blokus.rave_match import LATENCY as RAVE_LATENCY
from hdl.sdram_timing import COL_BITS, MAX_WORDS, SdramCycles, access_cycles

DEFAULT_OUT = "bench/results/blokus-tree-costs.md"
CLOCK_HZ = 50_000_000
KEY, SUMMARY, STATS, LINK = 1, 2, 6, 2             # words a node in each array
CHILDREN = (1, 2, 4, 8, 16, 32, 64, 128, 300)


def worst_access(words, write, element, t):
    """The most cycles an access of `words` words takes at any start that is a
    multiple of `element` (an array of `element`-word entries), in pieces of at
    most MAX_WORDS."""
    step = gcd(element, 1 << COL_BITS)
    total = 0
    while words:
        n = min(words, MAX_WORDS)
        total += max(access_cycles(col, n, write, t) for col in range(0, 1 << COL_BITS, step))
        words -= n
    return total


def refresh_cycles(cycles, t):
    """The most cycles refreshes add to an operation of `cycles` cycles."""
    return (cycles // t.refresh_interval + t.debt_max) * t.rfc


def select_node(c, t):
    """(memory, in order) of a selection at a node below the root with c
    children: its LINK, its children's summaries, the choice, the virtual
    loss on the child chosen (its STATS read, updated, written, its SUMMARY
    written)."""
    link = worst_access(LINK, False, LINK, t)
    summaries = worst_access(SUMMARY * c, False, SUMMARY, t)
    stats_in = worst_access(STATS, False, STATS, t)
    stats_out = worst_access(STATS, True, STATS, t)
    summary_out = worst_access(SUMMARY, True, SUMMARY, t)
    memory = link + summaries + stats_in + stats_out + summary_out
    return memory, memory + SELECT_LATENCY + UPDATE_LATENCY


def back_up_node(t):
    """(memory, in order) of one path node's back-up: STATS read, updated,
    written; SUMMARY written."""
    memory = (worst_access(STATS, False, STATS, t) + worst_access(STATS, True, STATS, t)
              + worst_access(SUMMARY, True, SUMMARY, t))
    return memory, memory + UPDATE_LATENCY


def rave_keys(c, t):
    """(memory, in order) of RAVE's scan of a node's c children's keys."""
    memory = worst_access(KEY * c, False, KEY, t)
    return memory, memory + RAVE_LATENCY


def expansion_writes(c, t):
    """(memory, in order) of an expansion's writes of c children (KEY,
    SUMMARY, STATS, LINK of each, the parent's LINK)."""
    memory = (worst_access(KEY * c, True, KEY, t) + worst_access(SUMMARY * c, True, SUMMARY, t)
              + worst_access(STATS * c, True, STATS, t) + worst_access(LINK * c, True, LINK, t)
              + worst_access(LINK, True, LINK, t))
    return memory, memory


def rows(t):
    """The report's rows: (operation, children, golden, memory, in order, refreshes)."""
    out = []
    for c in CHILDREN:
        mem, order = select_node(c, t)
        out.append(("selection at a node below the root", c,
                    gm.SELECT_NODE_WORK + gm.CHILD_WORK * c, mem, order, refresh_cycles(order, t)))
    mem, order = back_up_node(t)
    out.append(("back-up of a path node", None, gm.BACKUP_NODE_WORK, mem, order,
                refresh_cycles(order, t)))
    out.append(("RAVE update of a child", None, gm.RAVE_UPDATE_WORK, mem, order,
                refresh_cycles(order, t)))
    for c in CHILDREN:
        mem, order = rave_keys(c, t)
        out.append(("RAVE's scan of the keys", c, gm.RAVE_KEY_WORK * c, mem, order,
                    refresh_cycles(order, t)))
    for c in CHILDREN:
        mem, order = expansion_writes(c, t)
        out.append(("an expansion's writes", c, gm.WRITE_WORK * c, mem, order,
                    refresh_cycles(order, t)))
    return out


def cost_sets(t):
    """{name: golden's tree-unit constants} for golden's own costs and the two
    readings of the table: the memory's bound and the accesses in order, each
    with the refreshes an operation may meet (the per-child costs stay
    golden's: the table's figures per child are within them)."""
    refresh = t.debt_max * t.rfc
    mem_sel, order_sel = (v - gm.CHILD_WORK for v in select_node(1, t))
    mem_back, order_back = back_up_node(t)
    return {
        "golden": {},
        "memory": {"SELECT_NODE_WORK": mem_sel + refresh,
                   "BACKUP_NODE_WORK": mem_back + refresh,
                   "RAVE_UPDATE_WORK": mem_back + refresh},
        "in order": {"SELECT_NODE_WORK": order_sel + refresh,
                     "BACKUP_NODE_WORK": order_back + refresh,
                     "RAVE_UPDATE_WORK": order_back + refresh},
    }


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


def report(t, playouts=(), games=0, seed=None):
    lines = ["# The Monte-Carlo tree unit's operations against the SDRAM", "",
             "Written by `python -m bench.blokus.tree_costs` (`make bench-blokus-tree-costs`) "
             "from `hdl/sdram_timing.py` at %d MHz and golden's constants "
             "(`golden/blokus/mcts.py`); it measures nothing that runs, it adds up the SDRAM "
             "controller's exact access times (every one checked against the RTL by its unit "
             "bench) for the accesses each operation makes, each array's entries at their "
             "worst place in the rows. Latencies of the blocks built: the selection's choice "
             "%d cycles after its last summary (`blokus_child_select`), a statistics update %d "
             "(`blokus_stats_update`), RAVE's match %d (`blokus_rave_match`)."
             % (t.clk_hz // 1_000_000, SELECT_LATENCY, UPDATE_LATENCY, RAVE_LATENCY), "",
             "- golden: what golden's schedule charges the tree unit now;",
             "- memory: the accesses alone, one after the other (no tree unit can do better "
             "with one controller);",
             "- in order: each access begun when the data it needs is there (the simplest "
             "control);",
             "- refreshes: the most the refreshes falling due inside it add (one due every %d "
             "cycles, %d cycles each, up to %d owed at its start)."
             % (t.refresh_interval, t.rfc, t.debt_max), "",
             "| operation | children | golden | memory | in order | refreshes | in order + "
             "refreshes over golden |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, c, golden, mem, order, refresh in rows(t):
        lines.append("| %s | %s | %d | %d | %d | %d | %+d |" % (
            name, "-" if c is None else c, golden, mem, order, refresh, order + refresh - golden))
    sel = {c: select_node(c, t) for c in CHILDREN}
    lines += ["", "## What it says", "",
              "- A selection below the root costs golden %d cycles plus %d a child; the memory "
              "alone needs %d plus about %d a child (the LINK, the summaries, and the virtual "
              "loss's read, write and summary write of the child chosen), in order %d, and "
              "refreshes up to %d more: golden's fixed part is short by %d to %d cycles a node."
              % (gm.SELECT_NODE_WORK, gm.CHILD_WORK, sel[1][0] - 2, gm.CHILD_WORK, sel[1][1] - 2,
                 refresh_cycles(sel[1][1], t), sel[1][0] - 2 - gm.SELECT_NODE_WORK,
                 sel[1][1] - 2 + refresh_cycles(sel[1][1], t) - gm.SELECT_NODE_WORK),
              "- A back-up or a RAVE update of a node: golden charges %d cycles; the memory "
              "needs %d at worst (STATS read and written, SUMMARY written, a row crossed), "
              "reached only if the update's %d-cycle latency is hidden behind the next node's "
              "accesses (a pipelined back-up); in order it needs %d."
              % (gm.BACKUP_NODE_WORK, back_up_node(t)[0], UPDATE_LATENCY, back_up_node(t)[1]),
              "- RAVE's key scan and an expansion's writes pay the controller's fixed part once "
              "an access (4 or 3 cycles and a cycle a row): short for few children, "
              "within golden's charge for many.",
              "",
              "So before the tree unit can pad every operation to golden's cost, golden's costs "
              "must rise to the tree unit's, or the tree unit must make fewer accesses (for "
              "example the virtual loss kept on chip for the descents under way instead of "
              "written to the SDRAM); either changes golden's schedule, its playouts a move and "
              "the strength measured with it (docs/blokus-mcts.md, issue 25)."]
    if playouts:
        sets = cost_sets(t)
        lines += ["", "## Playouts a move with each set of costs", "",
                  "Golden's search (its C mirror at `DEFAULT_BUDGET`, 0.8 s at 50 MHz less the "
                  "reserve) on the positions of %d games of today's core against itself (seed "
                  "%d), built with golden's tree-unit costs and with the two readings of the "
                  "table, each with the refreshes an operation may meet: %s." % (
                      games, seed, "; ".join(
                          "%s: %s" % (name, ", ".join("`%s` %d" % kv for kv in sorted(c.items()))
                                      or "as golden") for name, c in sets.items())), "",
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
                    "exact access times, beside golden's charges.")
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
