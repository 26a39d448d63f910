"""Single RTL blocks built on their own for their unit benches (verif/units/).

UNITS maps a unit name to (builder, default baud, takes budget/team), as
hdl.build.UNITS does; a builder takes a Config and returns [(module name,
block instance)]. hdl.build merges this table into its own. Each unit's
module name is its unit name, so the simulation runner drives it directly,
and its ports keep the names of the block's arguments.

The block parameters that the Config does not carry (queue depths, widths,
the stall limit) are the constants below; a unit bench imports them from here
so that its reference model uses the same values as the build.
"""

FIFO_DEPTH = 4             # byte_fifo: small, so that random traffic fills it often
FIFO_WIDTH = 8
MESSAGE_NBYTES = 4         # message_tx: Blokus' longest answer ...
MESSAGE_DEPTH = 4          # ... into a queue that two messages in a row fill
PARSER_STALL_CYCLES = 96   # blokus_parser: silence that drops a partial message
                           # (the cores use hdl.params.STALL_BITS bit times; the
                           # rule is the same at any length, a short one is cheap)


def _signals():
    """Constructors of the signals a builder needs: (clk, rst, bits(n), flag(v))."""
    from myhdl import ResetSignal, Signal, intbv

    return (Signal(bool(0)), ResetSignal(0, active=1, isasync=False),
            lambda n: Signal(intbv(0)[n:]), lambda v=0: Signal(bool(v)))


def _uart_rx(cfg):
    """The serial receiver alone (hdl/uart_rx.py)."""
    from hdl.uart_rx import uart_rx

    clk, rst, bits, flag = _signals()
    return [("uart_rx", uart_rx(clk, rst, flag(1), bits(8), flag(), flag(), flag(),
                                divisor=cfg.divisor))]


def _uart_tx(cfg):
    """The serial transmitter alone (hdl/uart_tx.py)."""
    from hdl.uart_tx import uart_tx

    clk, rst, bits, flag = _signals()
    return [("uart_tx", uart_tx(clk, rst, flag(1), bits(8), flag(), flag(),
                                divisor=cfg.divisor))]


def _byte_fifo(cfg):
    """The queue (hdl/byte_fifo.py), FIFO_DEPTH words of FIFO_WIDTH bits."""
    from hdl.byte_fifo import byte_fifo

    clk, rst, bits, flag = _signals()
    return [("byte_fifo", byte_fifo(clk, rst, bits(FIFO_WIDTH), flag(), bits(FIFO_WIDTH),
                                    flag(), flag(1), flag(), depth=FIFO_DEPTH,
                                    width=FIFO_WIDTH))]


def _message_tx(cfg):
    """The transmit side of a core (hdl/message_tx.py): messages of up to
    MESSAGE_NBYTES bytes through a MESSAGE_DEPTH-byte queue."""
    from myhdl import Signal, intbv

    from hdl.message_tx import message_tx

    clk, rst, bits, flag = _signals()
    length = Signal(intbv(0, min=0, max=MESSAGE_NBYTES + 1))
    return [("message_tx", message_tx(clk, rst, flag(1), flag(), bits(8 * MESSAGE_NBYTES),
                                      length, flag(), divisor=cfg.divisor,
                                      nbytes=MESSAGE_NBYTES, depth=MESSAGE_DEPTH))]


def _score4_parser(cfg):
    """The Score-4 request parser (hdl/score4/parser.py)."""
    from hdl.score4.parser import score4_parser

    clk, rst, bits, flag = _signals()
    return [("score4_parser", score4_parser(clk, rst, bits(8), flag(), flag(), bits(8), flag(),
                                            bits(8), bits(8)))]


def _blokus_parser(cfg):
    """The Blokus Duo message parser (hdl/blokus/parser.py), stall limit
    PARSER_STALL_CYCLES."""
    from hdl.blokus.parser import EV_BITS, blokus_parser

    clk, rst, bits, flag = _signals()
    return [("blokus_parser", blokus_parser(clk, rst, bits(8), flag(), flag(), bits(EV_BITS),
                                            flag(), bits(8), bits(8), bits(8),
                                            stall_cycles=PARSER_STALL_CYCLES))]


def _blokus_topk(cfg):
    """The phase-1 candidate list (hdl/blokus/topk.py) with the widths and the
    K the Blokus search gives it."""
    from myhdl import Signal, intbv

    from hdl.blokus.search import SCORE_MAX, SCORE_MIN, TOP_K
    from hdl.blokus.tables import J_BITS, N_SHAPES
    from hdl.blokus.topk import blokus_topk

    clk, rst, bits, flag = _signals()
    score = lambda: Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))
    shape = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    return [("blokus_topk", blokus_topk(clk, rst, flag(), flag(), score(), bits(J_BITS), shape(),
                                        Signal(intbv(0, min=0, max=TOP_K + 1)), score(),
                                        bits(J_BITS), shape(),
                                        Signal(intbv(0, min=0, max=TOP_K + 1)), k=TOP_K))]


def _lowest_one(cfg):
    """The priority picker (hdl/lowest_one.py) at the width the Blokus search
    uses: one bit per shape, a shape index out.

    It is converted inside a wrapper, as in the search, so that its internal
    signals get an instance prefix: at the top its signal `packed` would keep
    that name, a SystemVerilog keyword that Icarus (-g2012) refuses."""
    from myhdl import block

    from hdl.blokus.tables import N_SHAPES, SHAPE_BITS
    from hdl.lowest_one import lowest_one

    @block
    def lowest_one_unit(vec, index, rest):
        return lowest_one(vec, index, rest)

    _, _, bits, _ = _signals()
    return [("lowest_one", lowest_one_unit(bits(N_SHAPES), bits(SHAPE_BITS), bits(N_SHAPES)))]


def _score4_probe(cfg):
    """The Score-4 table's probe (hdl/score4/probe.py) and cut (cut.py) logic,
    joined combinationally: the whole of golden's step a, which the search
    splits over EVAL and PROBE with a register between."""
    from myhdl import Signal, always_comb, block, intbv

    from golden.score4.search import CHECK_BITS, DEPTH_BITS
    from hdl.score4.checker import SCORE_MAX, SCORE_MIN
    from hdl.score4.cut import score4_cut
    from hdl.score4.probe import score4_probe
    from hdl.score4.table import CUT_BITS, ENTRY_BITS

    clk, rst, bits, flag = _signals()

    def score():
        return Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))

    @block
    def score4_probe_unit(entry, check, dleft, alpha, beta, found, usable, move, score):
        deep = Signal(bool(0))
        low = Signal(intbv(0)[CUT_BITS:])         # the fields score4_cut reads

        @always_comb
        def low_fields():
            low.next = entry[CUT_BITS:]
        return (score4_probe(entry, check, dleft, found, deep), low_fields,
                score4_cut(low, deep, alpha, beta, usable, move, score))

    return [("score4_probe", score4_probe_unit(bits(ENTRY_BITS), bits(CHECK_BITS), bits(DEPTH_BITS),
                                               score(), score(), flag(), flag(), bits(4),
                                               score()))]


def _score4_killers(cfg):
    """The Score-4 search's killer registers (hdl/score4/killers.py)."""
    from myhdl import Signal, intbv

    from hdl.score4.killers import PLIES, score4_killers

    clk, rst, bits, flag = _signals()
    return [("score4_killers", score4_killers(clk, flag(), Signal(intbv(0, min=0, max=PLIES)),
                                              flag(), flag(),
                                              Signal(intbv(0, min=0, max=PLIES)), flag(),
                                              bits(4), bits(4), flag()))]


def _score4_win_cells(cfg):
    """The cells where a bead of either side would win (hdl/score4/win_cells.py)."""
    from hdl.score4.win_cells import score4_win_cells

    clk, rst, bits, flag = _signals()
    return [("score4_win_cells", score4_win_cells(clk, bits(64), bits(64), bits(64), bits(64)))]


def _score4_child_hash(cfg):
    """The hashes of a position's children (hdl/score4/child_hash.py)."""
    from golden.score4.search import HASH_BITS
    from hdl.score4.child_hash import score4_child_hash

    clk, rst, bits, flag = _signals()
    return [("score4_child_hash", score4_child_hash(clk, bits(64), flag(), bits(HASH_BITS),
                                                    bits(16), bits(HASH_BITS)))]


# unit name -> (builder, default baud, takes budget/team); the unit benches pass
# their own clk_hz and baud (hdl.build.make_config) where the block has a divisor
UNITS = {
    "uart_rx": (_uart_rx, 115200, False),
    "uart_tx": (_uart_tx, 115200, False),
    "byte_fifo": (_byte_fifo, 115200, False),
    "message_tx": (_message_tx, 115200, False),
    "score4_parser": (_score4_parser, 9600, False),
    "blokus_parser": (_blokus_parser, 115200, False),
    "blokus_topk": (_blokus_topk, 115200, False),
    "lowest_one": (_lowest_one, 115200, False),
    "score4_probe": (_score4_probe, 9600, False),
    "score4_killers": (_score4_killers, 9600, False),
    "score4_win_cells": (_score4_win_cells, 9600, False),
    "score4_child_hash": (_score4_child_hash, 9600, False),
}
