"""Single RTL blocks built on their own for their unit benches (verif/units/)
and their formal proofs (verif/formal/).

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
FRONT_END_DEPTH = 4        # serial_front_end: an event queue that a few messages fill
PARSER_STALL_CYCLES = 96   # blokus_parser: silence that drops a partial message
                           # (the cores use hdl.params.STALL_BITS bit times; the
                           # rule is the same at any length, a short one is cheap)
# The Blokus search's blocks are built with the search's own widths and depth
# (hdl/blokus/search.py): a frame index of PLY_BITS bits, TOP_K kept moves a
# frame, scores and windows signed in SCORE_MIN .. SCORE_MAX - 1.
KEPT_ADDR_BITS = 6         # blokus_kept_store: word f * TOP_K + i (PLY_BITS + K_BITS) ...
KEPT_BITS = 33             # ... of (score: 18 bits, step: J_BITS, shape: SHAPE_BITS)


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


def _serial_front_end(cfg):
    """The receive side of a core (hdl/serial_front_end.py) with the Score-4
    parser (its new game is one byte, so a test fills the queue quickly) and
    a FRONT_END_DEPTH-message queue.

    The wrapper's ports are flat and named as the cores name them (uart_rx,
    n_glitch, n_overflow, ...), so the generated Verilog of the front end
    reads here as in a core: bench/mutation.py maps a core's front-end
    mutant onto this build by its text."""
    from myhdl import block

    from hdl.score4.parser import score4_parser
    from hdl.serial_front_end import EventQueue, LineFaults, serial_front_end

    clk, rst, bits, flag = _signals()

    @block
    def serial_front_end_unit(clk, rst, uart_rx, word, empty, pop, n_bad, n_frame, n_glitch,
                              n_overflow):
        events = EventQueue(width=len(word))
        events.word, events.empty, events.pop = word, empty, pop
        return serial_front_end(clk, rst, uart_rx, events,
                                LineFaults(n_bad, n_frame, n_glitch, n_overflow),
                                parser=score4_parser, divisor=cfg.divisor,
                                depth=FRONT_END_DEPTH)

    return [("serial_front_end", serial_front_end_unit(clk, rst, flag(1), bits(8), flag(1),
                                                       flag(), bits(8), bits(8), bits(8),
                                                       bits(8)))]


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


def _popcount(cfg):
    """The carry-save popcount (hdl/popcount.py) at the width the
    Blokus reach count gives it (MAX_REACH bits, three layers a stage), inside
    a wrapper as in blokus_reach, so that its adders carry the instance names
    they have in the core."""
    from myhdl import block

    from golden.blokus.search import MAX_REACH
    from hdl.popcount import popcount

    @block
    def popcount_unit(clk, rst, vec, count):
        return popcount(clk, rst, vec, count)

    clk, rst, bits, _ = _signals()
    return [("popcount", popcount_unit(clk, rst, bits(MAX_REACH), bits(MAX_REACH.bit_length())))]


def _popcount_tiles(cfg):
    """The carry-save popcount with no register (hdl/popcount.py,
    combinational) at the width blokus_mcts_search counts each side's tiles
    with (N_TILES bits)."""
    from myhdl import block

    from hdl.blokus.tables import N_TILES
    from hdl.popcount import popcount

    @block
    def popcount_tiles_unit(clk, rst, vec, count):
        return popcount(clk, rst, vec, count, combinational=True)

    clk, rst, bits, _ = _signals()
    return [("popcount_tiles", popcount_tiles_unit(clk, rst, bits(N_TILES),
                                                   bits(N_TILES.bit_length())))]


def _delay_line(cfg):
    """hdl/delay_line.py at four delays on one input: the shortest
    (MIN_CYCLES), one that fills its RAM (5 cycles, 4 words all in flight),
    the shortest that needs 8 words (6) and blokus_stats_update's (its
    summary's latency, 19 cycles in 32 words)."""
    from myhdl import block

    from hdl.blokus.child_summary import LATENCY as SUMMARY_LATENCY
    from hdl.delay_line import MIN_CYCLES, delay_line

    @block
    def delay_line_unit(clk, rst, data_in, out_short, out_full, out_over, out_stats):
        return (delay_line(clk, rst, data_in, out_short, MIN_CYCLES),
                delay_line(clk, rst, data_in, out_full, 5),
                delay_line(clk, rst, data_in, out_over, 6),
                delay_line(clk, rst, data_in, out_stats, SUMMARY_LATENCY))

    clk, rst, bits, _ = _signals()
    return [("delay_line", delay_line_unit(clk, rst, bits(12), bits(12), bits(12), bits(12),
                                                   bits(12)))]


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
    def score4_probe_unit(entry, check, dleft, alpha, beta, found, usable, move, score, keep):
        deep = Signal(bool(0))
        low = Signal(intbv(0)[CUT_BITS:])         # the fields score4_cut reads

        @always_comb
        def low_fields():
            low.next = entry[CUT_BITS:]
        return (score4_probe(entry, check, dleft, found, deep, keep), low_fields,
                score4_cut(low, deep, alpha, beta, usable, move, score))

    return [("score4_probe", score4_probe_unit(bits(ENTRY_BITS), bits(CHECK_BITS), bits(DEPTH_BITS),
                                               score(), score(), flag(), flag(), bits(4),
                                               score(), flag()))]


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


def _score4_win_now(cfg):
    """The Score-4 search's step w: the child GEN makes won at once (hdl/score4/win_now.py)."""
    from golden.score4.search import DEPTH_BITS
    from hdl.score4.win_now import score4_win_now

    clk, rst, bits, flag = _signals()
    return [("score4_win_now", score4_win_now(clk, bits(64), bits(64), bits(16),
                                              bits(DEPTH_BITS + 1), flag(), flag()))]


def _score4_select(cfg):
    """The Score-4 search's next move slot (hdl/score4/select.py)."""
    from myhdl import Signal, intbv

    from hdl.score4.select import SLOTS, score4_select

    clk, rst, bits, flag = _signals()
    return [("score4_select", score4_select(bits(16), bits(SLOTS), flag(), bits(4), bits(16),
                                            flag(), bits(4), bits(16), flag(),
                                            Signal(intbv(0, min=0, max=SLOTS + 1)), bits(4),
                                            bits(16)))]


def _score4_child_hash(cfg):
    """The hashes of a position's children (hdl/score4/child_hash.py)."""
    from golden.score4.search import HASH_BITS
    from hdl.score4.child_hash import score4_child_hash

    clk, rst, bits, flag = _signals()
    return [("score4_child_hash", score4_child_hash(clk, bits(64), flag(), bits(HASH_BITS),
                                                    bits(16), bits(HASH_BITS)))]


def _score4_value():
    """A Score-4 score, value or window edge (14-bit signed)."""
    from hdl.score4.checker import SCORE_MAX, SCORE_MIN
    from hdl.signals import signed

    return signed(SCORE_MIN, SCORE_MAX)


def _score4_slot():
    """A Score-4 slot counter, 0 .. SLOTS."""
    from myhdl import Signal, intbv

    from hdl.score4.select import SLOTS

    return Signal(intbv(0, min=0, max=SLOTS + 1))


def _score4_prescan(cfg):
    """The Score-4 search's win and block pre-scan (hdl/score4/prescan.py)."""
    from myhdl import Signal, intbv

    from hdl.score4.prescan import score4_prescan

    clk, rst, bits, flag = _signals()
    return [("score4_prescan", score4_prescan(clk, rst, flag(), bits(64), bits(64), bits(64),
                                              bits(4), flag(), flag(), flag(), bits(3),
                                              Signal(intbv(0, min=0, max=65)), flag(),
                                              bits(64)))]


def _score4_book(cfg):
    """The Score-4 opening book's scan (hdl/score4/book.py)."""
    from myhdl import Signal, intbv

    from golden.score4.search import HASH_BITS
    from hdl.score4.book import score4_book
    from hdl.score4.table import ENTRIES

    clk, rst, bits, flag = _signals()
    return [("score4_book", score4_book(clk, rst, flag(), flag(),
                                        Signal(intbv(0, min=0, max=ENTRIES)), bits(HASH_BITS),
                                        Signal(intbv(0, min=0, max=65)), flag(), bits(4)))]


def _score4_frame_stack(cfg):
    """The Score-4 search's frame stack (hdl/score4/frame_stack.py)."""
    from myhdl import Signal, intbv

    from golden.score4.search import HASH_BITS
    from hdl.score4.frame_stack import STACK_DEPTH, score4_frame_stack
    from hdl.score4.select import SLOTS

    clk, rst, bits, flag = _signals()
    value, slot = _score4_value, _score4_slot

    def frame():
        """The FRAME_FIELDS, each a signal of its width."""
        return [slot(), value(), value(), value(), value(), bits(4), flag(), bits(4), bits(4),
                bits(64), bits(HASH_BITS), flag()]

    pushed, popped = frame(), frame()
    return [("score4_frame_stack", score4_frame_stack(
        clk, flag(), Signal(intbv(0, min=0, max=STACK_DEPTH)), flag(), *pushed, *popped,
        bits(SLOTS)))]


def _score4_combine(cfg):
    """The Score-4 search's COMB step (hdl/score4/combine.py), combinational."""
    from hdl.score4.combine import score4_combine

    clk, rst, bits, flag = _signals()
    value = _score4_value
    return [("score4_combine", score4_combine(flag(), flag(), flag(), value(), value(), value(),
                                              value(), value(), value(), value(), value(),
                                              flag(), flag()))]


def _score4_next_move(cfg):
    """The Score-4 search's move generation (hdl/score4/next_move.py)."""
    from hdl.score4.next_move import score4_next_move
    from hdl.score4.select import SLOTS

    clk, rst, bits, flag = _signals()
    return [("score4_next_move", score4_next_move(
        clk, bits(64), bits(64), bits(SLOTS), flag(), flag(), flag(), flag(), bits(4), bits(4),
        flag(), flag(), _score4_slot(), bits(4), bits(16), bits(64), bits(64), bits(SLOTS)))]


def _score4_position(cfg):
    """The Score-4 search's node (hdl/score4/position.py)."""
    from myhdl import Signal, intbv

    from golden.score4.search import DEPTH_BITS, HASH_BITS, WIN
    from hdl.score4.checker import SCORE_MAX, SCORE_MIN
    from hdl.score4.frame_stack import STACK_DEPTH
    from hdl.score4.position import score4_position
    from hdl.score4.table import ENTRIES

    clk, rst, bits, flag = _signals()
    return [("score4_position", score4_position(
        clk, rst, flag(), bits(64), bits(64), flag(), Signal(intbv(0, min=0, max=ENTRIES)),
        flag(), flag(), Signal(intbv(0, min=0, max=66)), flag(), bits(64), bits(64),
        bits(HASH_BITS), flag(), bits(64), bits(HASH_BITS), bits(64), bits(64), bits(64),
        bits(64), Signal(intbv(0, min=0, max=STACK_DEPTH)), flag(), bits(DEPTH_BITS + 1),
        bits(HASH_BITS), Signal(intbv(WIN - 1, min=SCORE_MIN, max=SCORE_MAX))))]


def _score4_table_access(cfg):
    """The Score-4 search's use of its table (hdl/score4/table_access.py):
    the M4K table, the children's hashes, probe, cut and entry."""
    from myhdl import Signal, intbv

    from golden.score4.search import DEPTH_BITS, HASH_BITS
    from hdl.score4.table import ENTRIES
    from hdl.score4.table_access import score4_table_access

    clk, rst, bits, flag = _signals()
    value = _score4_value
    return [("score4_table_access", score4_table_access(
        clk, flag(), Signal(intbv(0, min=0, max=ENTRIES)), flag(), bits(HASH_BITS),
        bits(DEPTH_BITS + 1), value(), value(), value(), value(), bits(4), bits(64), flag(),
        bits(16), bits(HASH_BITS), bits(4), flag(), flag(), bits(4), value(), flag()))]


def _blokus_value():
    """A Blokus score, value or window edge, as wide as the search's."""
    from hdl.blokus.search import SCORE_MAX, SCORE_MIN
    from hdl.signals import signed

    return signed(SCORE_MIN, SCORE_MAX)


def _blokus_shape():
    """A Blokus shape index, 0 .. N_SHAPES - 1."""
    from myhdl import Signal, intbv

    from hdl.blokus.tables import N_SHAPES

    return Signal(intbv(0, min=0, max=N_SHAPES))


def _blokus_eval_pipeline(cfg):
    """The Blokus search's evaluation pipeline (hdl/blokus/eval_pipeline.py):
    maps, reach unit and score, PIPE stages.

    Converted inside a wrapper whose `step` and `shape` ports are copied
    (combinationally) into the block's stage-1 tags: the block keeps its
    stage 1 in a list of signals with the later stages, which MyHDL cannot
    convert as a top-level port (in the search they are the control's
    registers). The copy adds no delay."""
    from myhdl import Signal, always_comb, block, intbv

    from hdl.blokus.eval_pipeline import PIPE, blokus_eval_pipeline
    from hdl.blokus.tables import EXT_BITS, J_BITS, N_SHAPES

    clk, rst, bits, flag = _signals()
    shape_index = lambda: Signal(intbv(0, min=0, max=N_SHAPES))

    @block
    def blokus_eval_pipeline_unit(clk, rst, step, shape, valid, board_me, board_opp, first_me,
                                  first_opp, seat_a, trial_on, mover_opp, threshold, placed,
                                  node_score, node_score_r, reaches_r, out_step, out_shape,
                                  forbidden_me, anchors_me, forbidden_opp, anchors_opp):
        stage1_step, stage1_shape = bits(J_BITS), shape_index()

        @always_comb
        def stage1():
            # `pass` makes this an always block: MyHDL declares the stage
            # tags (one list) as regs only when their stage 1 is a reg too
            stage1_step.next = step
            stage1_shape.next = shape
            pass

        return stage1, blokus_eval_pipeline(clk, rst, stage1_step, stage1_shape, valid,
                                            board_me, board_opp, first_me, first_opp, seat_a,
                                            trial_on, mover_opp, threshold, placed, node_score,
                                            node_score_r, reaches_r, out_step, out_shape,
                                            forbidden_me, anchors_me, forbidden_opp, anchors_opp)

    return [("blokus_eval_pipeline",
             blokus_eval_pipeline_unit(clk, rst, bits(J_BITS), shape_index(), bits(PIPE),
                                       bits(EXT_BITS), bits(EXT_BITS), flag(1), flag(1),
                                       flag(), flag(), flag(), _blokus_value(), bits(EXT_BITS),
                                       _blokus_value(), _blokus_value(), flag(), bits(J_BITS),
                                       shape_index(),
                                       bits(EXT_BITS), bits(EXT_BITS), bits(EXT_BITS),
                                       bits(EXT_BITS)))]


def _blokus_window_scan(cfg):
    """The Blokus move generator (hdl/blokus/window_scan.py): a side's maps
    past the 5 x 5 window, its legal moves in scan order."""
    from hdl.blokus.tables import EXT_BITS, J_BITS, N_SHAPES, SHAPE_BITS
    from hdl.blokus.window_scan import blokus_window_scan

    clk, rst, bits, flag = _signals()
    return [("blokus_window_scan",
             blokus_window_scan(clk, rst, flag(), bits(EXT_BITS), bits(EXT_BITS), bits(21),
                                flag(), flag(), flag(), bits(N_SHAPES), bits(N_SHAPES),
                                flag(), flag(), bits(SHAPE_BITS), bits(J_BITS), flag()))]


def _blokus_ply_stack(cfg):
    """The frames of the Blokus search's line (hdl/blokus/ply_stack.py), with
    the ports' widths the search gives them."""
    from myhdl import Signal, intbv

    from golden.blokus.search import TOP_K
    from hdl.blokus.eval_pipeline import COUNT_BITS
    from hdl.blokus.ply_stack import blokus_ply_stack
    from hdl.blokus.search import PLY_BITS
    from hdl.blokus.tables import J_BITS, N_SHAPES

    clk, rst, bits, flag = _signals()
    value = _blokus_value
    shape = lambda: Signal(intbv(0, min=0, max=N_SHAPES))
    base = lambda: Signal(intbv(0, min=0, max=1 << COUNT_BITS))
    entries = lambda: Signal(intbv(0, min=0, max=TOP_K + 1))
    return [("blokus_ply_stack",
             blokus_ply_stack(clk, rst, bits(PLY_BITS), flag(), flag(), base(), value(), value(),
                              value(), value(), bits(J_BITS), shape(), flag(), flag(), value(), flag(),
                              value(), flag(), entries(), base(), entries(), entries(),
                              bits(J_BITS), shape(), flag(), value(), value(), value(),
                              value(), flag(), flag(), entries(), flag(), value()))]


def _blokus_board(cfg):
    """The Blokus engine's position and the line searched on it
    (hdl/blokus/board.py), with the search's widths."""
    from hdl.blokus.board import blokus_board
    from hdl.blokus.tables import EXT_BITS, N_TILES

    clk, rst, bits, flag = _signals()
    return [("blokus_board",
             blokus_board(clk, rst, flag(), flag(), flag(), flag(), flag(), flag(), flag(), flag(),
                          bits(EXT_BITS), bits(N_TILES), bits(EXT_BITS), bits(EXT_BITS),
                          bits(N_TILES), bits(N_TILES), flag(), bits(EXT_BITS), bits(EXT_BITS),
                          flag(1), flag(1), bits(N_TILES), bits(N_TILES)))]


REVERSI_SIDE = 8           # the Reversi rule blocks' unit build: boards up to 8 x 8


def _reversi_rules(cfg):
    """The Reversi rule blocks (hdl/reversi/moves.py, flips.py) side by side:
    both sides' legal moves and the flips of one move, boards up to
    REVERSI_SIDE (a smaller game through `full`); also the search's
    pipelined flips (`flipped_q`, registered on clk)."""
    from myhdl import block

    from hdl.reversi.flips import reversi_flips
    from hdl.reversi.moves import reversi_moves

    n = REVERSI_SIDE * REVERSI_SIDE
    clk, rst, bits, flag = _signals()

    @block
    def reversi_rules_unit(clk, me, opp, full, move_bit, my_moves, their_moves, flipped,
                           flipped_q):
        return (reversi_moves(me, opp, full, my_moves, side=REVERSI_SIDE),
                reversi_moves(opp, me, full, their_moves, side=REVERSI_SIDE),
                reversi_flips(me, opp, move_bit, flipped, side=REVERSI_SIDE),
                reversi_flips(me, opp, move_bit, flipped_q, side=REVERSI_SIDE, clk=clk))

    return [("reversi_rules", reversi_rules_unit(clk, bits(n), bits(n), bits(n), bits(n),
                                                 bits(n), bits(n), bits(n), bits(n)))]


def _reversi_evaluate(cfg):
    """The Reversi search's static evaluation (hdl/reversi/evaluate.py),
    pipelined as the search builds it, boards up to REVERSI_SIDE, its value
    and disc difference as wide as the search's values; inside a wrapper,
    so that its signals carry the names they have in the core."""
    from myhdl import Signal, block, intbv

    from hdl.reversi.evaluate import STAGE_BITS, reversi_evaluate
    from hdl.reversi.search import SCORE_MAX, SCORE_MIN
    from hdl.reversi.tables import sizes

    n = REVERSI_SIDE * REVERSI_SIDE
    clk, rst, bits, _ = _signals()
    value = lambda: Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))

    @block
    def reversi_evaluate_unit(clk, rst, me, opp, my_moves, their_moves, size, stage, value,
                              diff):
        return reversi_evaluate(me, opp, my_moves, their_moves, size, stage, value, diff,
                                side=REVERSI_SIDE, clk=clk, rst=rst)

    size = Signal(intbv(0, min=0, max=len(sizes(REVERSI_SIDE))))
    stage = Signal(intbv(0)[STAGE_BITS:])
    return [("reversi_evaluate", reversi_evaluate_unit(clk, rst, bits(n), bits(n), bits(n),
                                                       bits(n), size, stage, value(), value()))]


REVERSI_PARSER_STALL_CYCLES = 96   # reversi_parser's unit build (the core: STALL_BITS bit times)


def _reversi_parser(cfg):
    """The Reversi player's parser (hdl/reversi/parser.py), boards up to
    REVERSI_SIDE, stall limit REVERSI_PARSER_STALL_CYCLES."""
    from hdl.reversi.parser import EV_BITS, reversi_parser

    n = REVERSI_SIDE * REVERSI_SIDE
    clk, rst, bits, flag = _signals()
    return [("reversi_parser", reversi_parser(
        clk, rst, bits(8), flag(), flag(), bits(EV_BITS), flag(), bits(8), bits(8), bits(8),
        bits(8), bits(n), bits(n), flag(), flag(), side=REVERSI_SIDE,
        stall_cycles=REVERSI_PARSER_STALL_CYCLES))]


def _reversi_search(cfg):
    """The Reversi search engine (hdl/reversi/search.py), boards up to
    REVERSI_SIDE."""
    from myhdl import Signal, intbv

    from hdl.reversi.search import BUDGET_BITS, DEPTH_BITS, SCORE_MAX, SCORE_MIN
    from hdl.reversi.tables import sizes

    from hdl.reversi.search import reversi_search

    n = REVERSI_SIDE * REVERSI_SIDE
    clk, rst, bits, flag = _signals()
    return [("reversi_search", reversi_search(
        clk, rst, flag(), bits(n), bits(n), Signal(intbv(0, min=0, max=len(sizes(REVERSI_SIDE)))),
        bits(BUDGET_BITS), flag(), flag(), flag(), bits((n - 1).bit_length()),
        Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX)), bits(BUDGET_BITS), bits(DEPTH_BITS),
        bits(3), bits(32), side=REVERSI_SIDE))]


def _blokus_kept_store(cfg):
    """The Blokus search's kept-move RAM (hdl/blokus/kept_store.py): a word
    (score, step, shape) for each of TOP_K entries of MAX_DEPTH frames."""
    from golden.blokus.search import MAX_DEPTH, TOP_K
    from hdl.blokus.kept_store import blokus_kept_store
    from hdl.blokus.search import K_BITS, PLY_BITS
    from hdl.blokus.tables import J_BITS, SHAPE_BITS

    assert KEPT_ADDR_BITS == PLY_BITS + K_BITS
    assert KEPT_BITS == len(_blokus_value()) + J_BITS + SHAPE_BITS
    clk, rst, bits, flag = _signals()
    return [("blokus_kept_store",
             blokus_kept_store(clk, flag(), bits(KEPT_ADDR_BITS), bits(KEPT_BITS),
                               bits(KEPT_ADDR_BITS), bits(KEPT_BITS),
                               depth=MAX_DEPTH * TOP_K))]


def _blokus_move_check(cfg):
    """The Blokus engine's check of the opponent's move (hdl/blokus/move_check.py):
    a move code against the window scan's legal shapes."""
    from hdl.blokus.move_check import blokus_move_check
    from hdl.blokus.search_ports import BlokusMove
    from hdl.blokus.tables import J_BITS, N_SHAPES

    clk, rst, bits, flag = _signals()
    return [("blokus_move_check",
             blokus_move_check(clk, rst, flag(), BlokusMove(), bits(N_SHAPES), flag(), flag(),
                               flag(), flag(), flag(), bits(J_BITS), _blokus_shape()))]


def _score4_checker(cfg):
    """The Score-4 line checker and evaluation (hdl/score4/checker.py), proven
    against golden's lines in verif/formal."""
    from myhdl import Signal, intbv

    from hdl.score4.checker import SCORE_MAX, SCORE_MIN, score4_checker

    clk, rst, bits, flag = _signals()
    return [("score4_checker", score4_checker(clk, bits(64), bits(64), bits(64), flag(), flag(),
                                              Signal(intbv(0, min=SCORE_MIN, max=SCORE_MAX))))]


def _score4_landing(cfg):
    """Gravity (hdl/score4/landing.py), with its room output, proven against
    golden's drop_cell in verif/formal."""
    from myhdl import Signal, intbv

    from hdl.score4.landing import score4_landing

    clk, rst, bits, flag = _signals()
    return [("score4_landing", score4_landing(bits(64), bits(4), bits(6), bits(64), flag(),
                                              Signal(intbv(0, min=0, max=5))))]


def _blokus_checker(cfg):
    """The 91-shape window checker (hdl/blokus/checker.py), proven against
    golden's shapes in verif/formal."""
    from hdl.blokus.tables import EXT_BITS, N_SHAPES, N_TILES

    clk, rst, bits, flag = _signals()
    from hdl.blokus.checker import blokus_checker

    return [("blokus_checker", blokus_checker(bits(EXT_BITS), bits(EXT_BITS), bits(N_TILES),
                                              bits(N_SHAPES)))]


def _blokus_local_cells(cfg):
    """A playout's local cells (hdl/blokus/local_cells.py), combinational."""
    from hdl.blokus.local_cells import blokus_local_cells
    from hdl.blokus.tables import EXT_BITS

    _, _, bits, _ = _signals()
    return [("blokus_local_cells", blokus_local_cells(bits(EXT_BITS), bits(EXT_BITS),
                                                      bits(EXT_BITS), bits(EXT_BITS)))]


def _blokus_window_check(cfg):
    """A move checked on the ring board's 7 x 7 window (hdl/blokus/window_check.py),
    combinational."""
    from hdl.blokus.ring_board import WINDOW_BITS
    from hdl.blokus.window_check import blokus_window_check

    _, _, bits, flag = _signals()
    return [("blokus_window_check", blokus_window_check(
        bits(25), bits(WINDOW_BITS), bits(25), bits(4), bits(4), flag(), bits(4),
        bits(4), flag(), flag()))]


def _blokus_ring_board(cfg):
    """The Monte-Carlo core's position in two rings (hdl/blokus/ring_board.py)."""
    from hdl.blokus.ring_board import WINDOW_BITS, blokus_ring_board
    from hdl.blokus.tables import EXT_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_ring_board", blokus_ring_board(
        clk, rst, flag(), flag(), flag(), flag(), bits(WINDOW_BITS), bits(EXT_BITS),
        bits(EXT_BITS), bits(WINDOW_BITS), bits(WINDOW_BITS)))]


def _blokus_policy_weights(cfg):
    """A playout step's two weight sums (hdl/blokus/policy_weights.py, with
    hdl/blokus/touch.py inside)."""
    from hdl.blokus.policy_weights import STEP_BITS, blokus_policy_weights
    from hdl.blokus.tables import EXT_BITS, N_SHAPES

    clk, rst, bits, _ = _signals()
    return [("blokus_policy_weights", blokus_policy_weights(clk, rst, bits(N_SHAPES),
                                                            bits(EXT_BITS), bits(N_SHAPES),
                                                            bits(STEP_BITS), bits(STEP_BITS)))]


def _blokus_policy_draw(cfg):
    """A playout's draw of one move (hdl/blokus/policy_draw.py): the window
    scan, the weight sums, two RAMs, the bisection and the walk."""
    from myhdl import block

    from hdl.blokus.policy_draw import blokus_policy_draw
    from hdl.blokus.tables import EXT_BITS, J_BITS, SHAPE_BITS
    from hdl.blokus.window_scan import WindowLoan

    clk, rst, bits, flag = _signals()

    @block
    def blokus_policy_draw_unit(clk, rst, start, forbidden, anchors, used, used_open, local_map,
                                seed, busy, done, found, step, shape, rng):
        # its window scan never lent: a playout unit lends it (blokus_playout_unit's bench)
        return blokus_policy_draw(clk, rst, start, forbidden, anchors, used, used_open,
                                  local_map, seed, busy, done, found, step, shape, rng,
                                  WindowLoan())

    return [("blokus_policy_draw", blokus_policy_draw_unit(
        clk, rst, flag(), bits(EXT_BITS), bits(EXT_BITS), bits(21), bits(21), bits(EXT_BITS),
        bits(32), flag(), flag(), flag(), bits(J_BITS), bits(SHAPE_BITS), bits(32)))]


def _blokus_playout(cfg):
    """A playout unit (hdl/blokus/playout.py): a descent's tree moves and
    golden's playout from there, with the draw, the placement, the maps and
    the record of the moves."""
    from myhdl import block

    from hdl.blokus.playout import KEY_BITS, PLY_BITS, RECORD_BITS, blokus_playout
    from hdl.blokus.tables import EXT_BITS
    from hdl.blokus.window_scan import WindowLoan

    clk, rst, bits, flag = _signals()

    @block
    def blokus_playout_alone(clk, rst, start, cells_me, cells_opp, used_me, used_opp, seat_a,
                             opp_to_move, passes, placed, last_me, last_me_before, last_opp,
                             last_opp_before, seed, path_valid, path_key, path_end, path_scan,
                             path_ready, busy, done, result, plies, rng, end_used_me,
                             end_used_opp, record_addr, record_data, scan_done,
                             other_anchors, mover_used, used_open):
        # its draw's window scan never lent: blokus_playout_unit's bench lends it
        return blokus_playout(clk, rst, start, cells_me, cells_opp, used_me, used_opp, seat_a,
                              opp_to_move, passes, placed, last_me, last_me_before, last_opp,
                              last_opp_before, seed, path_valid, path_key, path_end, path_scan,
                              path_ready, busy, done, result, plies, rng, end_used_me,
                              end_used_opp, record_addr, record_data, scan_done,
                              other_anchors, mover_used, used_open, WindowLoan())

    return [("blokus_playout", blokus_playout_alone(
        clk, rst, flag(), bits(EXT_BITS), bits(EXT_BITS), bits(21), bits(21), flag(), flag(),
        bits(2), bits(6), bits(KEY_BITS), bits(KEY_BITS), bits(KEY_BITS), bits(KEY_BITS),
        bits(32), flag(), bits(KEY_BITS), flag(), flag(), flag(), flag(), flag(), bits(9),
        bits(PLY_BITS), bits(32), bits(21), bits(21), bits(6), bits(RECORD_BITS), flag(),
        bits(EXT_BITS), bits(21), bits(21)))]


def _blokus_playout_unit(cfg):
    """A playout unit with its side of the tree's scans (hdl/blokus/playout_unit.py):
    blokus_playout, blokus_expand_scan on the position it holds, and
    blokus_path_feed keeping its descent's path."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.expand_score import FOUND_BITS
    from hdl.blokus.playout import KEY_BITS, PLAYOUT_CYCLE_BITS, PLY_BITS, RECORD_BITS
    from hdl.blokus.playout_unit import blokus_playout_unit
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.tables import EXT_BITS
    from hdl.blokus.tree_layout import KEY_BITS as TREE_KEY_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_playout_unit", blokus_playout_unit(
        clk, rst, bits(EXT_BITS), bits(EXT_BITS), bits(21), bits(21), flag(), flag(), bits(2),
        bits(6), bits(KEY_BITS), bits(KEY_BITS), bits(KEY_BITS), bits(KEY_BITS), bits(32),
        flag(), bits(PLY_BITS), bits(TREE_KEY_BITS), flag(), bits(PLY_BITS),
        bits(TREE_KEY_BITS), flag(), bits(PLY_BITS), bits(TREE_KEY_BITS), flag(), flag(), bits(9),
        bits(PLY_BITS),
        bits(32), bits(21), bits(21), bits(6), bits(RECORD_BITS), flag(), bits(CHILD_BITS),
        bits(HEURISTIC_BITS), flag(), bits(CHILD_BITS), bits(TREE_KEY_BITS),
        bits(HEURISTIC_BITS), bits(FOUND_BITS), bits(PLAYOUT_CYCLE_BITS)))]


def _pipelined_divider(cfg):
    """The pipelined restoring divider (hdl/pipelined_divider.py) at a size of
    its own (24-bit numerator, 16-bit denominator, 9 quotient bits): the
    Blokus selection value uses it at 48 / 32 / 17."""
    from hdl.pipelined_divider import pipelined_divider

    clk, rst, bits, flag = _signals()
    return [("pipelined_divider", pipelined_divider(clk, rst, flag(), bits(24), bits(16), flag(),
                                                    bits(9)))]


def _blokus_child_summary(cfg):
    """The two words the Monte-Carlo tree keeps of a child for its selection
    (hdl/blokus/child_summary.py, with hdl/pipelined_divider.py inside)."""
    from hdl.blokus.child_summary import SUMMARY_BITS, VISIT_BITS, blokus_child_summary

    clk, rst, bits, flag = _signals()
    return [("blokus_child_summary", blokus_child_summary(clk, rst, flag(), bits(VISIT_BITS),
                                                          bits(VISIT_BITS), flag(),
                                                          bits(SUMMARY_BITS)))]


def _blokus_uct_score(cfg):
    """A child's selection value in the Monte-Carlo tree, from its summary
    (hdl/blokus/uct_score.py)."""
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.uct_score import EXPLORE_BITS, SCORE_BITS, blokus_uct_score

    clk, rst, bits, flag = _signals()
    return [("blokus_uct_score", blokus_uct_score(clk, rst, flag(), bits(SUMMARY_BITS),
                                                  bits(EXPLORE_BITS), flag(), flag(),
                                                  bits(SCORE_BITS)))]


def _blokus_prior_score(cfg):
    """The expansion's prior heuristic of a move in the Monte-Carlo tree
    (hdl/blokus/prior_score.py)."""
    from hdl.blokus.prior_score import HEURISTIC_BITS, blokus_prior_score
    from hdl.blokus.tables import SHAPE_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_prior_score", blokus_prior_score(clk, rst, flag(), bits(SHAPE_BITS), bits(49),
                                                      bits(25), flag(), bits(HEURISTIC_BITS)))]


def _blokus_expand_scan(cfg):
    """An expansion's moves with their prior heuristics (hdl/blokus/expand_scan.py,
    with the window scan and hdl/blokus/prior_score.py inside)."""
    from hdl.blokus.expand_scan import blokus_expand_scan
    from hdl.blokus.expand_score import FOUND_BITS, KEY_BITS, MOVES_BITS
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.tables import EXT_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_expand_scan", blokus_expand_scan(
        clk, rst, flag(), bits(EXT_BITS), bits(EXT_BITS), bits(21), bits(21), bits(EXT_BITS),
        flag(), flag(), flag(), bits(KEY_BITS), bits(HEURISTIC_BITS), bits(MOVES_BITS),
        bits(HEURISTIC_BITS), bits(FOUND_BITS)))]


EXPAND_TEST_CAP = 9                  # the capped expansion scan's children (a unit bench's build)


def _blokus_expand_scan_capped(cfg):
    """blokus_expand_scan keeping a node's first EXPAND_TEST_CAP moves (golden's
    MAX_CHILDREN is never reached by a game's position; this build reaches it)."""
    from hdl.blokus.expand_scan import blokus_expand_scan
    from hdl.blokus.expand_score import FOUND_BITS, KEY_BITS, MOVES_BITS
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.tables import EXT_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_expand_scan_capped", blokus_expand_scan(
        clk, rst, flag(), bits(EXT_BITS), bits(EXT_BITS), bits(21), bits(21), bits(EXT_BITS),
        flag(), flag(), flag(), bits(KEY_BITS), bits(HEURISTIC_BITS), bits(MOVES_BITS),
        bits(HEURISTIC_BITS), bits(FOUND_BITS), max_children=EXPAND_TEST_CAP))]


def _blokus_child_select(cfg):
    """The child a Monte-Carlo selection takes at a node (hdl/blokus/child_select.py,
    with hdl/blokus/uct_score.py inside)."""
    from hdl.blokus.child_select import CHILD_BITS, blokus_child_select
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.uct_score import EXPLORE_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_child_select", blokus_child_select(
        clk, rst, flag(), bits(EXPLORE_BITS), flag(), flag(), bits(SUMMARY_BITS), flag(),
        bits(CHILD_BITS)))]


def _blokus_rave_match(cfg):
    """RAVE's test and weight for a path node's children in the Monte-Carlo tree
    (hdl/blokus/rave_match.py, with hdl/pipelined_divider.py inside)."""
    from hdl.blokus.playout import PLY_BITS, RECORD_BITS
    from hdl.blokus.rave_match import (KEY_WORD_BITS, RESULT_BITS, WEIGHT_BITS,
                                       blokus_rave_match)

    clk, rst, bits, flag = _signals()
    return [("blokus_rave_match", blokus_rave_match(
        clk, rst, flag(), bits(KEY_WORD_BITS), flag(), bits(PLY_BITS), bits(PLY_BITS),
        bits(RESULT_BITS), bits(21), bits(21), bits(6), bits(RECORD_BITS), flag(), flag(),
        bits(WEIGHT_BITS), bits(WEIGHT_BITS), flag(), flag()))]


def _blokus_prior_value(cfg):
    """A new child's prior w8 and summary in the Monte-Carlo tree
    (hdl/blokus/prior_value.py)."""
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.prior_value import W8_BITS, blokus_prior_value

    clk, rst, bits, flag = _signals()
    return [("blokus_prior_value", blokus_prior_value(
        clk, rst, flag(), bits(HEURISTIC_BITS), bits(HEURISTIC_BITS), flag(), bits(W8_BITS),
        bits(SUMMARY_BITS)))]


def _blokus_stats_update(cfg):
    """A tree node's statistics updated and its summary made anew
    (hdl/blokus/stats_update.py, with hdl/blokus/child_summary.py inside)."""
    from hdl.blokus.child_summary import SUMMARY_BITS, VISIT_BITS
    from hdl.blokus.stats_update import ADD_BITS, REAL_BITS, blokus_stats_update

    clk, rst, bits, flag = _signals()
    return [("blokus_stats_update", blokus_stats_update(
        clk, rst, flag(), bits(VISIT_BITS), bits(VISIT_BITS), bits(REAL_BITS), bits(ADD_BITS),
        bits(ADD_BITS), flag(), flag(), bits(VISIT_BITS), bits(VISIT_BITS), bits(REAL_BITS),
        bits(SUMMARY_BITS), flag(), flag()))]


def _blokus_unit_queue(cfg):
    """The order in which the Monte-Carlo tree unit serves the playout units
    (hdl/blokus/unit_queue.py)."""
    from golden.blokus.mcts import BATCH
    from hdl.blokus.unit_queue import UNIT_BITS, blokus_unit_queue

    clk, rst, bits, flag = _signals()
    return [("blokus_unit_queue", blokus_unit_queue(clk, rst, bits(BATCH), flag(), flag(),
                                                    bits(UNIT_BITS)))]


def _blokus_tree_update(cfg):
    """The tree unit's update of a node (hdl/blokus/tree_update.py) on the SDRAM controller."""
    from hdl.blokus.stats_update import ADD_BITS
    from hdl.blokus.tree_layout import KEY_BITS, NODE_BITS
    from hdl.blokus.tree_update import blokus_tree_update_on_sdram
    from hdl.sdram_timing import ADDR_BITS, BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_update", blokus_tree_update_on_sdram(
        clk, rst, flag(), bits(NODE_BITS), bits(ADDR_BITS), bits(ADD_BITS), bits(ADD_BITS),
        flag(), flag(), bits(KEY_BITS), flag(), flag(), flag(), flag(), flag(), flag(), flag(), flag(), bits(BANK_BITS),
        bits(ROW_BITS), bits(2), bits(DATA_BITS), flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_root_clear(cfg):
    """The root's words written as golden's empty tree has them (hdl/blokus/root_clear.py)
    on the SDRAM controller."""
    from hdl.blokus.root_clear import blokus_root_clear_on_sdram
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_root_clear", blokus_root_clear_on_sdram(
        clk, rst, flag(), flag(), flag(), flag(), flag(), flag(), flag(), bits(BANK_BITS),
        bits(ROW_BITS), bits(2), bits(DATA_BITS), flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_unit_port(cfg):
    """A playout unit's side of the tree unit's ports (hdl/blokus/unit_port.py),
    built for unit 1 (of golden's BATCH)."""
    from golden.blokus.mcts import BATCH
    from hdl.blokus.playout import PLY_BITS
    from hdl.blokus.unit_port import blokus_unit_port
    from hdl.blokus.unit_queue import UNIT_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_unit_port", blokus_unit_port(
        clk, rst, 1, flag(), flag(), bits(UNIT_BITS), bits(BATCH), bits(PLY_BITS), bits(BATCH),
        bits(21), bits(21), flag(), flag(), flag(), bits(32), flag(), bits(32), bits(PLY_BITS),
        bits(21), bits(21), bits(PLY_BITS), bits(21), bits(21)))]


def _blokus_path_feed(cfg):
    """A playout unit's copy of its descent's path, fed to its replay
    (hdl/blokus/path_feed.py)."""
    from hdl.blokus.path_feed import blokus_path_feed
    from hdl.blokus.playout import KEY_BITS as SLOT_BITS, PLY_BITS
    from hdl.blokus.tree_layout import KEY_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_path_feed", blokus_path_feed(
        clk, rst, flag(), bits(PLY_BITS), bits(KEY_BITS), flag(), bits(PLY_BITS), bits(KEY_BITS),
        flag(), bits(PLY_BITS), bits(KEY_BITS), flag(), flag(), bits(SLOT_BITS), flag(), flag(),
        flag()))]


def _blokus_tree_select(cfg):
    """The tree unit's choice at a node with its virtual loss
    (hdl/blokus/tree_select.py) on the SDRAM controller and the root's RAM."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.stats_update import REAL_BITS
    from hdl.blokus.tree_layout import KEY_BITS, NODE_BITS
    from hdl.blokus.tree_select import blokus_tree_select_on_sdram
    from hdl.blokus.uct_score import EXPLORE_BITS
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_select", blokus_tree_select_on_sdram(
        clk, rst, flag(), flag(), bits(NODE_BITS), bits(CHILD_BITS), bits(EXPLORE_BITS), flag(),
        flag(), flag(), bits(NODE_BITS), bits(KEY_BITS), bits(NODE_BITS), bits(CHILD_BITS),
        bits(REAL_BITS), flag(), flag(), bits(CHILD_BITS), bits(DATA_BITS), bits(SUMMARY_BITS),
        flag(), bits(CHILD_BITS), bits(SUMMARY_BITS), flag(), flag(), flag(), flag(), flag(),
        bits(BANK_BITS), bits(ROW_BITS), bits(2), bits(DATA_BITS), flag(), bits(DATA_BITS),
        clk_hz=cfg.clk_hz))]


def _blokus_tree_rave(cfg):
    """The tree unit's RAVE match at a path node (hdl/blokus/tree_rave.py) on the
    SDRAM controller and the root's RAM."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.playout import PLY_BITS, RECORD_BITS
    from hdl.blokus.rave_match import RESULT_BITS, WEIGHT_BITS
    from hdl.blokus.tables import N_TILES
    from hdl.blokus.tree_layout import NODE_BITS
    from hdl.blokus.tree_rave import MATCH_BITS, blokus_tree_rave_on_sdram
    from hdl.sdram_timing import ADDR_BITS, BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_rave", blokus_tree_rave_on_sdram(
        clk, rst, flag(), flag(), bits(NODE_BITS), bits(CHILD_BITS), flag(), bits(PLY_BITS),
        bits(PLY_BITS), bits(RESULT_BITS), bits(N_TILES), bits(N_TILES), bits(6),
        bits(RECORD_BITS), flag(), flag(), flag(), bits(MATCH_BITS), flag(), bits(MATCH_BITS),
        bits(CHILD_BITS), bits(NODE_BITS), bits(ADDR_BITS), bits(WEIGHT_BITS), bits(WEIGHT_BITS), flag(), bits(CHILD_BITS),
        bits(DATA_BITS), flag(),
        flag(), flag(), flag(), flag(), bits(BANK_BITS), bits(ROW_BITS), bits(2),
        bits(DATA_BITS), flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_tree_backup(cfg):
    """The tree unit's back-up of a descent (hdl/blokus/tree_backup.py) on the
    SDRAM controller, the tree unit's statistics update and the root's RAM."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.playout import PLY_BITS, RECORD_BITS
    from hdl.blokus.rave_match import KEY_WORD_BITS, RESULT_BITS
    from hdl.blokus.tables import N_TILES
    from hdl.blokus.tree_backup import PathEntry, blokus_tree_backup_on_sdram
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_backup", blokus_tree_backup_on_sdram(
        clk, rst, flag(), bits(PLY_BITS), bits(RESULT_BITS), bits(PLY_BITS), bits(N_TILES),
        bits(N_TILES), bits(PLY_BITS), PathEntry(), bits(6), bits(RECORD_BITS), flag(), flag(),
        flag(), flag(), flag(), bits(CHILD_BITS), bits(KEY_WORD_BITS), bits(SUMMARY_BITS), flag(), flag(),
        bits(CHILD_BITS), bits(KEY_WORD_BITS), bits(SUMMARY_BITS), flag(), flag(), flag(), flag(),
        flag(), bits(BANK_BITS), bits(ROW_BITS), bits(2), bits(DATA_BITS), flag(),
        bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_tree_descent(cfg):
    """The tree unit's walk down a descent (hdl/blokus/tree_descent.py) on the
    SDRAM controller, the tree unit's statistics update, the root's RAM and
    the list of a scan's moves."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.playout import PLY_BITS
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.rave_match import KEY_WORD_BITS
    from hdl.blokus.tree_backup import PathEntry
    from hdl.blokus.tree_descent import SIZE_BITS, TILE_BITS, blokus_tree_descent_on_sdram
    from hdl.blokus.tree_layout import KEY_BITS
    from hdl.blokus.uct_score import EXPLORE_BITS
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_descent", blokus_tree_descent_on_sdram(
        clk, rst, flag(), flag(), bits(CHILD_BITS), bits(EXPLORE_BITS), bits(2), bits(TILE_BITS),
        bits(TILE_BITS), bits(SIZE_BITS), flag(), flag(), flag(), bits(PLY_BITS), bits(SIZE_BITS),
        bits(KEY_BITS), flag(), flag(), bits(PLY_BITS), PathEntry(), flag(), bits(PLY_BITS),
        bits(KEY_BITS), flag(), bits(CHILD_BITS), bits(HEURISTIC_BITS), flag(), bits(CHILD_BITS),
        bits(SUMMARY_BITS), flag(), bits(KEY_WORD_BITS), flag(), flag(),
        bits(CHILD_BITS), bits(KEY_WORD_BITS), bits(HEURISTIC_BITS), bits(SUMMARY_BITS), flag(),
        flag(), flag(), flag(), flag(), bits(BANK_BITS), bits(ROW_BITS), bits(2), bits(DATA_BITS),
        flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_tree_unit(cfg):
    """The Monte-Carlo search's tree unit (hdl/blokus/tree_unit.py) on the SDRAM controller."""
    from golden.blokus.mcts import BATCH
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.playout import PLY_BITS, RECORD_BITS
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.rave_match import RESULT_BITS
    from hdl.blokus.stats_update import REAL_BITS
    from hdl.blokus.tables import N_TILES
    from hdl.blokus.tree_descent import SIZE_BITS, TILE_BITS
    from hdl.blokus.tree_layout import KEY_BITS
    from hdl.blokus.expand_score import FOUND_BITS
    from hdl.blokus.tree_unit import (BUDGET_BITS, CLOCK_BITS, EXPANSIONS_BITS, PLIES_BITS,
                                      SCANNED_BITS, SCORED_BITS, blokus_tree_unit_on_sdram)
    from hdl.blokus.unit_queue import UNIT_BITS
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_unit", blokus_tree_unit_on_sdram(
        clk, rst, flag(), bits(BUDGET_BITS), bits(2), bits(TILE_BITS), bits(TILE_BITS),
        bits(BATCH), bits(BATCH * RESULT_BITS), bits(BATCH * PLY_BITS), bits(BATCH * N_TILES),
        bits(BATCH * N_TILES), bits(6), bits(BATCH * RECORD_BITS), bits(BATCH), bits(BATCH),
        bits(PLY_BITS), bits(KEY_BITS), bits(CLOCK_BITS), bits(REAL_BITS), flag(), flag(),
        bits(CHILD_BITS), bits(REAL_BITS), flag(), bits(KEY_BITS), bits(SIZE_BITS),
        bits(PLIES_BITS), bits(PLY_BITS), bits(EXPANSIONS_BITS),
        bits(CLOCK_BITS), bits(SCANNED_BITS), bits(SCORED_BITS), flag(), bits(UNIT_BITS),
        bits(PLY_BITS), bits(KEY_BITS), flag(), bits(CHILD_BITS), bits(HEURISTIC_BITS),
        bits(FOUND_BITS), bits(CHILD_BITS),
        bits(KEY_BITS), bits(HEURISTIC_BITS), bits(BATCH), bits(PLY_BITS), bits(KEY_BITS),
        flag(), flag(), flag(), flag(), flag(), bits(BANK_BITS), bits(ROW_BITS), bits(2),
        bits(DATA_BITS), flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_mcts_search(cfg):
    """The Blokus core's Monte-Carlo search (hdl/blokus/mcts_search.py): the
    tree unit, golden's BATCH playout units with their scan sides, the list
    of a scan's moves and the SDRAM controller, the chip's pins outside."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.mcts_search import blokus_mcts_search
    from hdl.blokus.playout import KEY_BITS, PLY_BITS
    from hdl.blokus.stats_update import REAL_BITS
    from hdl.blokus.tables import EXT_BITS
    from hdl.blokus.tree_descent import SIZE_BITS
    from hdl.blokus.tree_layout import KEY_BITS as TREE_KEY_BITS
    from hdl.blokus.tree_unit import (BUDGET_BITS, CLOCK_BITS, EXPANSIONS_BITS, PLIES_BITS,
                                      SCANNED_BITS, SCORED_BITS)
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_mcts_search", blokus_mcts_search(
        clk, rst, flag(), bits(BUDGET_BITS), bits(EXT_BITS), bits(EXT_BITS), bits(21), bits(21),
        flag(), bits(2), bits(6), bits(KEY_BITS), flag(), flag(), bits(CHILD_BITS),
        bits(REAL_BITS), bits(TREE_KEY_BITS), bits(SIZE_BITS), bits(PLIES_BITS),
        bits(CLOCK_BITS + 1), bits(REAL_BITS), bits(CLOCK_BITS), flag(), bits(PLIES_BITS),
        bits(PLY_BITS), bits(EXPANSIONS_BITS), bits(CLOCK_BITS), bits(SCANNED_BITS),
        bits(SCORED_BITS), flag(),
        flag(), flag(), flag(), flag(), bits(BANK_BITS), bits(ROW_BITS), bits(2),
        bits(DATA_BITS), flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_tree_expand(cfg):
    """The tree unit's writes of an expansion (hdl/blokus/tree_expand.py) on the
    SDRAM controller, with the list of the scan's moves."""
    from hdl.blokus.child_select import CHILD_BITS
    from hdl.blokus.child_summary import SUMMARY_BITS
    from hdl.blokus.prior_score import HEURISTIC_BITS
    from hdl.blokus.tree_expand import blokus_tree_expand_on_sdram
    from hdl.blokus.tree_layout import KEY_BITS, NODE_BITS
    from hdl.sdram_timing import BANK_BITS, DATA_BITS, ROW_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_tree_expand", blokus_tree_expand_on_sdram(
        clk, rst, flag(), bits(NODE_BITS), bits(NODE_BITS), bits(CHILD_BITS),
        bits(HEURISTIC_BITS), flag(), flag(), flag(), flag(), bits(CHILD_BITS), bits(KEY_BITS), flag(), bits(CHILD_BITS),
        bits(KEY_BITS), bits(HEURISTIC_BITS), flag(), flag(), bits(CHILD_BITS), bits(DATA_BITS),
        bits(SUMMARY_BITS), flag(), flag(), flag(), flag(), flag(), bits(BANK_BITS),
        bits(ROW_BITS), bits(2), bits(DATA_BITS), flag(), bits(DATA_BITS), clk_hz=cfg.clk_hz))]


def _blokus_explore(cfg):
    """A node's exploration factor from its descents (hdl/blokus/explore.py)."""
    from hdl.blokus.explore import blokus_explore
    from hdl.blokus.stats_update import REAL_BITS
    from hdl.blokus.uct_score import EXPLORE_BITS

    clk, rst, bits, flag = _signals()
    return [("blokus_explore", blokus_explore(clk, rst, flag(), bits(REAL_BITS), flag(),
                                              bits(EXPLORE_BITS)))]


def _sdram_controller(cfg):
    """The DE2's SDRAM controller (hdl/sdram_controller.py) at the build's clock."""
    from hdl.sdram_controller import sdram_controller
    from hdl.sdram_timing import (ADDR_BITS, BANK_BITS, DATA_BITS, LEN_BITS, ROW_BITS)

    clk, rst, bits, flag = _signals()
    return [("sdram_controller", sdram_controller(
        clk, rst, flag(), flag(), bits(ADDR_BITS), bits(LEN_BITS), flag(), flag(),
        bits(DATA_BITS), flag(), bits(DATA_BITS), flag(), flag(), flag(), flag(), flag(),
        flag(), bits(BANK_BITS), bits(ROW_BITS), bits(2), bits(DATA_BITS), flag(),
        bits(DATA_BITS), clk_hz=cfg.clk_hz))]


# unit name -> (builder, default baud, takes budget/team); the unit benches pass
# their own clk_hz and baud (hdl.build.make_config) where the block has a divisor
UNITS = {
    "uart_rx": (_uart_rx, 115200, False),
    "uart_tx": (_uart_tx, 115200, False),
    "byte_fifo": (_byte_fifo, 115200, False),
    "message_tx": (_message_tx, 115200, False),
    "score4_parser": (_score4_parser, 9600, False),
    "blokus_parser": (_blokus_parser, 115200, False),
    "serial_front_end": (_serial_front_end, 9600, False),
    "blokus_topk": (_blokus_topk, 115200, False),
    "lowest_one": (_lowest_one, 115200, False),
    "popcount": (_popcount, 115200, False),
    "popcount_tiles": (_popcount_tiles, 115200, False),
    "delay_line": (_delay_line, 115200, False),
    "score4_probe": (_score4_probe, 9600, False),
    "score4_killers": (_score4_killers, 9600, False),
    "score4_win_cells": (_score4_win_cells, 9600, False),
    "score4_win_now": (_score4_win_now, 9600, False),
    "score4_child_hash": (_score4_child_hash, 9600, False),
    "score4_select": (_score4_select, 9600, False),
    "score4_prescan": (_score4_prescan, 9600, False),
    "score4_book": (_score4_book, 9600, False),
    "score4_frame_stack": (_score4_frame_stack, 9600, False),
    "score4_combine": (_score4_combine, 9600, False),
    "score4_next_move": (_score4_next_move, 9600, False),
    "score4_position": (_score4_position, 9600, False),
    "score4_table_access": (_score4_table_access, 9600, False),
    "blokus_eval_pipeline": (_blokus_eval_pipeline, 115200, False),
    "blokus_window_scan": (_blokus_window_scan, 115200, False),
    "blokus_ply_stack": (_blokus_ply_stack, 115200, False),
    "blokus_kept_store": (_blokus_kept_store, 115200, False),
    "blokus_board": (_blokus_board, 115200, False),
    "reversi_rules": (_reversi_rules, 115200, False),
    "reversi_evaluate": (_reversi_evaluate, 115200, False),
    "reversi_search": (_reversi_search, 115200, False),
    "reversi_parser": (_reversi_parser, 115200, False),
    "blokus_move_check": (_blokus_move_check, 115200, False),
    "score4_checker": (_score4_checker, 9600, False),
    "score4_landing": (_score4_landing, 9600, False),
    "blokus_checker": (_blokus_checker, 115200, False),
    "blokus_local_cells": (_blokus_local_cells, 115200, False),
    "blokus_window_check": (_blokus_window_check, 115200, False),
    "blokus_ring_board": (_blokus_ring_board, 115200, False),
    "blokus_policy_weights": (_blokus_policy_weights, 115200, False),
    "blokus_policy_draw": (_blokus_policy_draw, 115200, False),
    "blokus_playout": (_blokus_playout, 115200, False),
    "blokus_playout_unit": (_blokus_playout_unit, 115200, False),
    "blokus_child_summary": (_blokus_child_summary, 115200, False),
    "blokus_uct_score": (_blokus_uct_score, 115200, False),
    "blokus_prior_score": (_blokus_prior_score, 115200, False),
    "blokus_expand_scan": (_blokus_expand_scan, 115200, False),
    "blokus_expand_scan_capped": (_blokus_expand_scan_capped, 115200, False),
    "blokus_child_select": (_blokus_child_select, 115200, False),
    "blokus_rave_match": (_blokus_rave_match, 115200, False),
    "blokus_prior_value": (_blokus_prior_value, 115200, False),
    "blokus_stats_update": (_blokus_stats_update, 115200, False),
    "blokus_unit_queue": (_blokus_unit_queue, 115200, False),
    "pipelined_divider": (_pipelined_divider, 115200, False),
    "sdram_controller": (_sdram_controller, 115200, False),
    "blokus_tree_update": (_blokus_tree_update, 115200, False),
    "blokus_root_clear": (_blokus_root_clear, 115200, False),
    "blokus_unit_port": (_blokus_unit_port, 115200, False),
    "blokus_path_feed": (_blokus_path_feed, 115200, False),
    "blokus_tree_select": (_blokus_tree_select, 115200, False),
    "blokus_tree_rave": (_blokus_tree_rave, 115200, False),
    "blokus_tree_expand": (_blokus_tree_expand, 115200, False),
    "blokus_tree_backup": (_blokus_tree_backup, 115200, False),
    "blokus_tree_descent": (_blokus_tree_descent, 115200, False),
    "blokus_tree_unit": (_blokus_tree_unit, 115200, False),
    "blokus_mcts_search": (_blokus_mcts_search, 115200, False),
    "blokus_explore": (_blokus_explore, 115200, False),
}
