"""A playout unit's side of the tree unit's ports, in the Monte-Carlo search."""
from myhdl import always_comb, always_seq, block

from golden.blokus.mcts import UNIT_SEEDS
from hdl.blokus.playout import PLY_BITS
from hdl.blokus.tables import N_TILES
from hdl.signals import check_widths, unsigned


@block
def blokus_unit_port(clk, rst, unit, start, scan_start, scan_unit, give, give_len, key_we,
                     used_me, used_opp, unit_scan_start, unit_give, unit_key_we, seed, unit_done,
                     unit_rng, unit_plies, unit_end_me, unit_end_opp, moves, placed_me,
                     placed_opp):
    """Playout unit `unit`'s starts, generator and descent for blokus_tree_unit.

    Ports:
        unit         (a constant) the unit's number
        start        in   the search starts
        scan_start, scan_unit, give, give_len, key_we  in  blokus_tree_unit's
        used_me, used_opp  in  the root's tiles
        unit_scan_start, unit_give, unit_key_we  out  the unit's own
        seed         out  32 bits: the unit's generator: golden's
                          UNIT_SEEDS[unit] from `start`, then the state after
                          each of its playouts (its `rng` at `done`)
        unit_done, unit_rng, unit_plies, unit_end_me, unit_end_opp  in  the
                          unit's (blokus_playout_unit)
        moves        out  PLY_BITS: the moves of its last descent, the tree's
                          (give_len - 1, kept at `give`) and the playout's
        placed_me, placed_opp  out  21 bits: the tiles the descent placed
    """
    check_widths("blokus_unit_port", (("give_len", give_len, PLY_BITS),
                                      ("moves", moves, PLY_BITS), ("seed", seed, 32),
                                      ("placed_me", placed_me, N_TILES),
                                      ("placed_opp", placed_opp, N_TILES)))
    if not 0 <= unit < len(UNIT_SEEDS) or unit >= len(give):
        raise ValueError("blokus_unit_port: unit %r is not one of the search's units" % (unit,))
    path_moves = unsigned(PLY_BITS)
    first_seed = UNIT_SEEDS[unit]

    @always_comb
    def ports():
        unit_scan_start.next = scan_start and scan_unit == unit
        unit_give.next = give[unit]
        unit_key_we.next = key_we[unit]
        moves.next = path_moves + unit_plies
        placed_me.next = unit_end_me & ~used_me
        placed_opp.next = unit_end_opp & ~used_opp

    @always_seq(clk.posedge, reset=rst)
    def state():
        if start:
            seed.next = first_seed
        elif unit_done:
            seed.next = unit_rng
        if give[unit]:
            path_moves.next = give_len - 1

    return ports, state
