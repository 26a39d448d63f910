"""What the unit benches of the Monte-Carlo tree unit's operations share
(verif/units/blokus_tree_*): the block on the SDRAM controller with the
chip's model on its pins, an operation started and timed against golden's
cost, and the gaps between operations."""
from cocotb.triggers import RisingEdge
from cocotb.utils import get_sim_time

from hdl.sdram_timing import SdramCycles
from verif.sdram_model import SdramModel
from verif.tb import TbConfig
from verif.units.common import start_unit

LATE = 40          # cycles past golden's cost an operation is waited for before it counts as hung
MINIMUM = 8        # the least times a bench sees each case it names in a run


def more_cases(n, cases, limit, seen, minimum=MINIMUM):
    """Whether a bench that has played `n` operations plays another: its
    first `cases`, then more (`limit` in all at most) while a case of
    `seen` (case -> times seen) is under `minimum`: a case drawn at random
    falls short on some seeds, never all of them once the bench plays on."""
    return n < cases or (n < limit and any(v < minimum for v in seen.values()))


def check_cases(seen, seed, minimum=MINIMUM):
    """Fail, naming the seed, when a case of `seen` came fewer than `minimum` times."""
    short = {k: v for k, v in seen.items() if v < minimum}
    assert not short, "seed %s: too few cases %s (at least %d each)" % (seed, short, minimum)


async def start_on_sdram(dut, inputs, rng):
    """Clock and reset the block, start the chip's model (its seed from
    `rng`) and wait out the controller's power-up: (model, SdramCycles)."""
    cfg = TbConfig.from_env()
    t = SdramCycles(cfg.clk_hz)
    model = SdramModel(dut, cfg.clk_period_ps, seed=rng.getrandbits(32))
    await model.start_until_ready(start_unit(dut, low=inputs), cfg.clk_hz)
    return model, t


async def timed_operation(dut, cost, each_cycle=None, after_start=None):
    """Pulse `start`, then wait for `done`: the cycles from the edge that took
    `start` to `done` (golden's cost when the block spends it exactly), or
    None when `done` did not come within cost + LATE. `each_cycle()` runs
    after every edge until then (to watch other outputs); `after_start()`
    once, right after the edge that took `start` (to change the inputs a
    block takes with `start`)."""
    period = TbConfig.from_env().clk_period_ps
    edge = lambda: int(get_sim_time("ps")) // period      # noqa: E731
    dut.start.value = 1
    await RisingEdge(dut.clk)
    started = edge()
    dut.start.value = 0
    if after_start is not None:
        after_start()
    for _ in range(cost + LATE):
        await RisingEdge(dut.clk)
        if each_cycle is not None:
            each_cycle()
        if int(dut.done.value):
            # done is registered at the edge `cost` cycles after the start's and seen at the next
            return edge() - started - 1
    return None


async def random_gap(dut, rng, t):
    """Wait before the next operation: none (back to back) half the time, a
    few cycles, or nearly a refresh interval (so that one falls due inside
    the next). Returns the cycles waited."""
    gap = rng.choice((0, 0, rng.randrange(1, 30), rng.randrange(t.refresh_interval - 80,
                                                                t.refresh_interval)))
    for _ in range(gap):
        await RisingEdge(dut.clk)
    return gap


class LastCycle:
    """Watches an operation's `last` (pass it as timed_operation's
    `each_cycle`): it must be high in one cycle only, the one before `done`
    (so that the tree unit's control can start the next operation at its
    end). `read()`, if given, runs in that cycle; its answer is `value`."""

    def __init__(self, dut, read=None):
        self.dut, self.read = dut, read
        self.cycles, self.lasts, self.done_at, self.value = 0, [], None, None

    def __call__(self):
        self.cycles += 1
        if int(self.dut.last.value):
            self.lasts.append(self.cycles)
            if self.read is not None:
                self.value = self.read()
        if int(self.dut.done.value) and self.done_at is None:
            self.done_at = self.cycles

    def expected(self):
        """The cycles `last` should have been high in: the one before `done`."""
        return [] if self.done_at is None else [self.done_at - 1]


# golden's Monte-Carlo tree in the SDRAM model, for the benches that run its walks and searches
def tree_arrays():
    """The tree's four arrays: (base, words a node), in node_words' order."""
    from hdl.blokus.tree_layout import (KEY_BASE, LINK_BASE, LINK_WORDS, STATS_BASE,
                                        STATS_WORDS, SUMMARY_BASE, SUMMARY_WORDS)
    return ((KEY_BASE, 1), (SUMMARY_BASE, SUMMARY_WORDS), (STATS_BASE, STATS_WORDS),
            (LINK_BASE, LINK_WORDS))


def copy_tree(tree):
    """A copy of golden's Tree."""
    from golden.blokus import mcts as M
    out = M.Tree()
    for name in ("key", "first", "count", "n8", "w8", "real"):
        setattr(out, name, list(getattr(tree, name)))
    return out


def node_words(tree, node):
    """Golden's node's KEY, SUMMARY, STATS and LINK words as the tree keeps them."""
    from golden.blokus import mcts as M
    from hdl.blokus.tree_layout import link_words, stats_words, summary_words
    n8, w8, real = tree.n8[node], tree.w8[node], tree.real[node]
    first = tree.first[node] if tree.first[node] >= 0 else 0
    return ([M.key_word(tree.key[node], real)],
            summary_words(M.child_summary(n8, w8)) if n8 else [0, 0],
            stats_words(n8, w8, real), link_words(first, tree.count[node]))


def memory_words(model, node):
    """The node's four arrays' words in the SDRAM model."""
    return tuple([model.mem.get(base + size * node + k) for k in range(size)]
                 for base, size in tree_arrays())


def load_tree(model, tree):
    """Every node's words into the SDRAM model."""
    for node in range(len(tree)):
        for (base, size), block in zip(tree_arrays(), node_words(tree, node)):
            for k, word in enumerate(block):
                model.mem[base + size * node + k] = word


async def load_root_children(dut, tree, we, addr, key, summary):
    """The root's children's KEY words and summaries into the root's RAM,
    through the bench top's ports of those names, one a cycle."""
    getattr(dut, we).value = 1
    for c in tree.children(0):
        words = node_words(tree, c)
        getattr(dut, addr).value, getattr(dut, key).value = c - 1, words[0][0]
        getattr(dut, summary).value = words[1][0] | words[1][1] << 16
        await RisingEdge(dut.clk)
    getattr(dut, we).value = 0


def scanned_moves(tree, node, state):
    """The moves of golden's scan of `state` at `node` just expanded, in scan
    order, as the list the expansion reads: (key, h) each (KEY_PASS, 0 for a pass)."""
    from golden.blokus import board as B
    from golden.blokus import mcts as M
    p, pos = state.to_move, state.pos
    other = B.anchor_map(pos, 1 - p)
    return [(M.KEY_PASS, 0) if tree.key[c] == M.PASS
            else (tree.key[c], M.prior_heuristic(pos, p, tree.key[c], other))
            for c in tree.children(node)]


STATISTICS = ("statistics (tree plies, deepest path, expansions, the tree unit's busy cycles, "
              "children read, the tree's nodes, the expansions' moves scored)")


def golden_statistics(result):
    """golden's MctsResult of a search: the statistics the tree unit counts."""
    return (result.tree_plies, result.max_depth, result.expansions, result.tree_work,
            result.scanned, result.nodes, result.scored)


def dut_statistics(dut):
    """The same, from the tree unit's ports of those names on the bench's top."""
    return tuple(int(getattr(dut, name).value)
                 for name in ("tree_plies", "max_depth", "expansions", "busy", "scanned", "nodes",
                              "scored"))


def golden_search(rng, pos, budget, last_opp=0):
    """golden's search (`last_opp`: the squares of the opponent's last move)
    with what the bench needs: the tree after the root's expansion, its
    cost, each unit's descents in order (play_out's cycles, the result,
    moves, placements), the scans in order (node, count, best, the list,
    cycles, moves found, then the unit),
    the final tree, and the result."""
    from golden.blokus import mcts as M

    caught = {"tree0": None, "start": None, "units": [[] for _ in range(M.BATCH)], "order": [],
              "scans": [], "search": None}
    expand_m, down, play_out, expand_f = M._Search.expand, M._Search.down, M._Search.play_out, \
        M.expand

    def catch_expand_m(self, node, state):
        if caught["search"] is None:
            caught["search"] = self
        done, work = expand_m(self, node, state)
        if caught["start"] is None:
            caught["start"] = work
        return done, work

    def catch_expand_f(tree, node, state, max_children=None):
        n0 = len(tree)
        done, moves, scans = expand_f(tree, node, state, max_children)
        listed = scanned_moves(tree, node, state) if done else []
        assert not done or tree.first[node] == n0
        best = max(h for _, h in listed) if listed else 0
        caught["scans"].append([node, max(1, min(moves, M.MAX_CHILDREN)), best, listed,
                                M.expand_work(scans, moves),     # a walk's replay added below
                                moves])
        if caught["start"] is None:              # the root's: unit 0 scans it
            caught["scans"][-1].append(0)
        return done, moves, scans

    def catch_down(self):
        if caught["tree0"] is None:
            caught["tree0"] = copy_tree(self.tree)
        scans = len(caught["scans"])
        d, st, work = down(self)
        if len(caught["scans"]) > scans:
            scan = caught["scans"][-1]
            scan[4] += M.replay_work(d.keys[:d.path.index(scan[0])])
        return d, st, work

    def catch_play_out(self, unit, d, st):
        for scan in caught["scans"]:             # the walk's scan: this unit's
            if len(scan) == 6:
                scan.append(unit)
        leaf = M.KEY_PASS if d.keys[-1] == M.PASS else d.keys[-1]
        path = (len(d.path), leaf)
        work = play_out(self, unit, d, st)
        placed = M.rave_placements(d.keys, d.movers)
        masks = [0, 0]
        for side, tile in placed:
            masks[side] |= 1 << tile
        caught["units"][unit].append((work, d.result, len(d.keys), masks, placed, path))
        caught["order"].append(unit)
        return work
    M._Search.expand, M._Search.down, M._Search.play_out, M.expand = \
        catch_expand_m, catch_down, catch_play_out, catch_expand_f
    try:
        result = M.search(pos, budget=budget, last_opp=last_opp)
    finally:
        M._Search.expand, M._Search.down, M._Search.play_out, M.expand = \
            expand_m, down, play_out, expand_f
    return caught, result
