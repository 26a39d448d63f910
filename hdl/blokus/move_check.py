"""The opponent's move check of the Blokus engine: a move code -> does it fit the opponent's maps?"""
from myhdl import Signal, always_comb, always_seq, block, concat, enum, intbv

from hdl.blokus.move_code import blokus_move_code
from hdl.blokus.tables import J_BITS, J_FIRST, N_SHAPES
from hdl.signals import unsigned


@block
def blokus_move_check(clk, rst, start, move, pending_shapes, scan_load, scan_walk, scan_advance,
                      done, fits, step, shape):
    """Checks a move code against the opponent's maps, with the engine's window scan.

    Ports:
        clk, rst      in   clock, synchronous reset
        start         in   one-cycle pulse: check `move` (read at this edge)
        move          in   BlokusMove (hdl/blokus/search_ports.py): x, y, tile,
                           digit; any of the digits that give the shape
        pending_shapes in  the scan's 91 registered bits: after walks and an
                           advance, the shapes legal on the window's step
                           (blokus_window_scan, fed the opponent's maps)
        scan_load     out  the scan must take the opponent's maps now
                           (the window on step J_FIRST)
        scan_walk     out  the scan must move one step on
        scan_advance  out  the scan must register the window's legal shapes
        done          out  one-cycle pulse: `fits` holds the answer
        fits          out  the move is legal for the opponent
        step, shape   out  the move as the engine places it: window step
                           (Y * 16 + X - 2 of its canonical centre) and shape
                           index; valid with done
    The code (tile, digit) gives the shape (CODE_SHAPE) and the shift from
    the centre written to the shape's canonical centre (CODE_DX1, CODE_DY1:
    golden.blokus.encoding canonical_move). Counting the cycle of `start`
    as cycle 0: a canonical centre off the board fails with done in cycle 2;
    otherwise the scan is loaded in cycle 2, walked step - J_FIRST steps,
    advanced once (its legal shapes registered: the checker's logic and a
    91-to-1 pick do not fit one cycle together), and the shape's bit read
    (registered): done in cycle step - J_FIRST + 5. The window checks the rest
    (cells free, a corner of the opponent's own, no shared edge, the tile
    unused, the first move on its seat).
    """
    t_check = enum("IDLE", "MAP", "LOAD", "SHIFT", "PICK", "TEST")
    state = Signal(t_check.IDLE)
    centre_x1, centre_y1 = unsigned(5), unsigned(5)     # canonical centre + 1: 2..15 on the board
    code_x1, code_y1 = unsigned(5), unsigned(5)         # the same, of the code at the inputs
    shape_of_code = Signal(intbv(0, min=0, max=N_SHAPES))
    steps_left = unsigned(J_BITS)       # window steps to the move's centre
    code = blokus_move_code(move, shape_of_code, code_x1, code_y1)

    @always_comb
    def outputs():
        scan_load.next = state == t_check.LOAD
        scan_walk.next = state == t_check.SHIFT and steps_left != 0
        scan_advance.next = state == t_check.SHIFT and steps_left == 0
        done.next = state == t_check.TEST

    @always_seq(clk.posedge, reset=rst)
    def control():
        if state == t_check.IDLE:
            if start:
                shape.next = shape_of_code
                centre_x1.next = code_x1
                centre_y1.next = code_y1
                state.next = t_check.MAP
        elif state == t_check.MAP:
            if centre_x1 < 2 or centre_x1 > 15 or centre_y1 < 2 or centre_y1 > 15:
                fits.next = 0
                state.next = t_check.TEST
            else:
                # (centre_y1 - 1) * 16 + (centre_x1 - 1) - 2
                step.next = concat(centre_y1[4:], centre_x1[4:]) - 19
                state.next = t_check.LOAD
        elif state == t_check.LOAD:             # scan_load
            steps_left.next = step - J_FIRST
            state.next = t_check.SHIFT
        elif state == t_check.SHIFT:
            if steps_left == 0:                 # scan_advance
                state.next = t_check.PICK
            else:                               # scan_walk
                steps_left.next = steps_left - 1
        elif state == t_check.PICK:
            fits.next = pending_shapes[shape]
            state.next = t_check.TEST
        else:                                   # TEST: done
            state.next = t_check.IDLE

    return code, outputs, control
