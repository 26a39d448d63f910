"""The interfaces of the Blokus search engine (blokus_search): what it is told,
what it answers, what it reports about its last search.

As a Verilog top level (bench/blokus/rtl_search.py) each Signal becomes the
port <argument>_<attribute>: command_op, answer_done, report_nodes, ...
"""
from hdl.blokus.search import DEPTH_BITS, NODE_BITS, SCORE_MAX, SCORE_MIN
from hdl.signals import check_widths, flag, signed, unsigned


class BlokusMove:
    """A move code's fields: a pass, or centre x, y (0..14), tile (0..20) and
    orientation digit (0..7)."""

    def __init__(self):
        self.is_pass = flag()
        self.x, self.y = unsigned(4), unsigned(4)
        self.tile, self.digit = unsigned(5), unsigned(3)


class SearchCommand(BlokusMove):
    """A command for the engine, read on the cycle `start` is high.

        op        2 bits: CMD_NEW (a fresh game with seat `seat_a`), CMD_OPP
                  (the opponent's move: the BlokusMove fields, any of the digits
                  that give the shape) or CMD_SEARCH (the board's move)
        start     one-cycle pulse: run `op` (only while the engine is idle)
        seat_a    with CMD_NEW: the board plays from (a,a), else from (5,5)
    """

    def __init__(self):
        super().__init__()
        self.op = unsigned(2)
        self.start = flag()
        self.seat_a = flag()


class SearchAnswer(BlokusMove):
    """The engine's answer to a command; the BlokusMove fields are the chosen
    move (lowest orientation digit; already applied to the board).

        done      one-cycle pulse: the command finished
        legal     with done after CMD_OPP: the move was legal and is applied
                  (an illegal move changes nothing)
        is_pass   with done after CMD_SEARCH: the board passes (no legal move)
    """

    def __init__(self):
        super().__init__()
        self.done = flag()
        self.legal = flag()


class SearchReport:
    """About the last search (valid from its `done` until the next search).

        nodes     NODE_BITS: nodes it spent (evaluations, and SCAN_NODES a
                  frame entered)
        score     signed: the chosen move's value (0 for a pass)
        depth     DEPTH_BITS: the deepest iteration finished (1: phase 1
                  only; 0 for a pass)
        cycles    32 bits: clock cycles from start to done

    The Signals may be passed in, so that blokus_top hands its own output
    ports to the engine.
    """

    def __init__(self, nodes=None, score=None, cycles=None, depth=None):
        self.nodes = unsigned(NODE_BITS) if nodes is None else nodes
        self.score = signed(SCORE_MIN, SCORE_MAX) if score is None else score
        self.cycles = unsigned(32) if cycles is None else cycles
        self.depth = unsigned(DEPTH_BITS) if depth is None else depth


class MctsReport:
    """About blokus_mcts_engine's last search (valid from its `done` until the
    next search starts; during a search they count), golden's MctsResult
    fields of the same names:

        nodes      SIZE_BITS: the tree's nodes
        playouts   REAL_BITS: the descents run
        work       CLOCK_BITS: the search's clock cycles by golden's clock
                   (its last job's end)
        visits     REAL_BITS: the answer's descents
        max_depth  PLY_BITS: the deepest tree path
        cycles     32 bits: clock cycles from CMD_SEARCH's start to its answer

    The Signals may be passed in, so that blokus_mcts_top hands its own
    output ports to the engine.
    """

    def __init__(self, nodes=None, playouts=None, work=None, visits=None, max_depth=None,
                 cycles=None):
        from hdl.blokus.playout import PLY_BITS
        from hdl.blokus.stats_update import REAL_BITS
        from hdl.blokus.tree_descent import SIZE_BITS
        from hdl.blokus.tree_unit import CLOCK_BITS

        given = {"nodes": nodes, "playouts": playouts, "work": work, "visits": visits,
                 "max_depth": max_depth, "cycles": cycles}
        widths = {"nodes": SIZE_BITS, "playouts": REAL_BITS, "work": CLOCK_BITS,
                  "visits": REAL_BITS, "max_depth": PLY_BITS, "cycles": 32}
        for name, bits in widths.items():
            setattr(self, name, given[name] if given[name] is not None else unsigned(bits))
        check_widths("MctsReport", [(name, getattr(self, name), bits)
                                    for name, bits in widths.items()])
