"""An expansion's scan with a window scan of its own: blokus_window_scan and blokus_expand_score."""
from myhdl import block

from hdl.blokus.expand_score import blokus_expand_score
from hdl.blokus.tables import N_SHAPES
from hdl.blokus.window_scan import WindowLoan, blokus_window_scan
from hdl.signals import flag, unsigned


@block
def blokus_expand_scan(clk, rst, start, forbidden, anchors, used, used_open, other_anchors, busy,
                       done, out_valid, out_key, out_heuristic, moves, best, found,
                       max_children=None):
    """golden.blokus.mcts.expand's moves of the side to move P, in scan order,
    each with its prior heuristic, and their best: blokus_expand_score
    driving a blokus_window_scan of its own on P's maps.

    Ports: blokus_expand_score's, with
        forbidden      in   P's forbidden map (ext layout: the complement of
                            golden's free_map), held until `done`
        anchors        in   P's anchor map (ext), held like `forbidden`
    (A playout unit has no scan of its own for its expansions: it borrows
    its draw's, see blokus_playout_unit; this block is the expansion's
    scan alone, as its unit bench drives it.)
    """
    scan = WindowLoan()
    window_legal, pending_shapes = unsigned(N_SHAPES), unsigned(N_SHAPES)
    scanner = blokus_window_scan(clk, rst, scan.load, forbidden, anchors, scan.used, flag(),
                                 scan.advance, scan.issue, window_legal, pending_shapes,
                                 scan.pending_any, scan.pending_new, scan.lowest, scan.step,
                                 scan.more_steps, forbidden7=scan.forbidden7)
    expansion = blokus_expand_score(clk, rst, start, used, used_open, other_anchors,
                                    scan, busy, done, out_valid, out_key, out_heuristic, moves,
                                    best, found, max_children=max_children)
    return scanner, expansion
