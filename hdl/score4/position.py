"""The Score-4 search's node: its position, ply, hash and depth left."""
from myhdl import Signal, always_comb, always_seq, block, intbv

from golden.score4.encoding import NUM_CELLS
from golden.score4.search import HASH_BITS, WIN
from hdl.score4.zobrist import score4_zobrist


@block
def score4_position(clk, rst, load, me, opp, hashing, cell_addr, root_colour, iterate, diter,
                    descend, chk_x, chk_cell, child_hash, ascend, pop_bead, pop_hash,
                    x, y, occ, occ_r, ply, colour, dleft, node_hash, win_here):
    """The node the search is at, moved down and up the tree.

    Ports:
        clk, rst     in   clock, synchronous reset (active high)
        load         in   at this edge: the root (me, opp), ply 0, hash 0
        me, opp      in   64 bits: the root, me to move
        hashing      in   at this edge, while cell_addr < 64: XOR the keys of
                          the beads on cell cell_addr into node_hash (the
                          search's CLEAR: the root's hash, summed cell by cell
                          from cell_addr 0 to 63); colour = root_colour
        cell_addr    in   the CLEAR counter: its low 6 bits are the cell
        root_colour  in   the root's colour (score4_prescan: the beads' parity)
        iterate      in   at this edge: a new iteration from the root
                          (colour = root_colour, dleft = diter, win_here =
                          WIN - 1)
        diter        in   the iteration's depth
        descend      in   at this edge: to the child (y, chk_x) with hash
                          child_hash; ply + 1, colour flipped, dleft - 1
        chk_x        in   64 bits: x with the move's bead
        chk_cell     in   64 bits: the bead, one-hot
        child_hash   in   HASH_BITS bits: the child's position_hash
        ascend       in   at this edge: back to the parent, which had the bead
                          pop_bead (one-hot) and the hash pop_hash (from its
                          frame, score4_frame_stack); ply - 1
        x, y         out  64 bits, registered: the position, x to move
        occ          out  64 bits: x | y
        occ_r        out  64 bits, registered: the same, from registers of
                          their own (for the slot choice, few fan-out)
        ply          out  0..63, registered
        colour       out  registered: x's colour (golden ZOBRIST's index)
        dleft        out  registered: plies left at the node (diter - ply)
        node_hash    out  HASH_BITS bits, registered: position_hash(x, y)
        win_here     out  14-bit signed, registered: WIN - (ply + 1), the
                          score of a win made at this ply
    At most one of load, hashing, iterate, descend, ascend at an edge.
    """
    key_cell = Signal(intbv(0)[6:])
    not_root_colour = Signal(bool(0))
    key_x = Signal(intbv(0)[HASH_BITS:])       # ZOBRIST of a bead of x / y on `key_cell`
    key_y = Signal(intbv(0)[HASH_BITS:])
    rom_x = score4_zobrist(root_colour, key_cell, key_x)
    rom_y = score4_zobrist(not_root_colour, key_cell, key_y)

    @always_comb
    def keys():
        key_cell.next = cell_addr[6:]
        not_root_colour.next = not root_colour

    @always_comb
    def occupancy():
        occ.next = x | y

    @always_seq(clk.posedge, reset=rst)
    def moves():
        if load:
            x.next = me
            y.next = opp
            occ_r.next = me | opp
            ply.next = 0
            node_hash.next = 0
        elif hashing:
            colour.next = root_colour
            if cell_addr < NUM_CELLS:
                if x[key_cell]:
                    if y[key_cell]:
                        node_hash.next = node_hash ^ key_x ^ key_y
                    else:
                        node_hash.next = node_hash ^ key_x
                elif y[key_cell]:
                    node_hash.next = node_hash ^ key_y
        elif iterate:
            colour.next = root_colour
            dleft.next = diter
            win_here.next = WIN - 1
        elif descend:
            x.next = y
            y.next = chk_x
            occ_r.next = occ | chk_cell
            ply.next = ply + 1
            colour.next = not colour
            dleft.next = dleft - 1
            node_hash.next = child_hash
            win_here.next = win_here - 1
        elif ascend:
            x.next = y & ~pop_bead
            occ_r.next = occ & ~pop_bead
            y.next = x
            ply.next = ply - 1
            colour.next = not colour
            dleft.next = dleft + 1
            win_here.next = win_here + 1
            node_hash.next = pop_hash

    return rom_x, rom_y, keys, occupancy, moves
