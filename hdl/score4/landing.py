"""Where a bead dropped on a post lands."""
from myhdl import Signal, always_comb, block, concat, intbv

from golden.score4.encoding import NUM_CELLS, NUM_POSTS
from hdl.decoder import decoder


@block
def score4_landing(occ, post, land, onehot, free, free_cells=None):
    """Gravity: the cell a bead dropped on `post` lands on.

    Ports:
        occ         in   64 bits: occupied cells
        post        in   4 bits: the post
        land        out  6 bits: the landing cell (post + 16 * height)
        onehot      out  64 bits: that cell as a mask (all zero if the post is full)
        free        out  the post has room
        free_cells  out  empty cells on the post (0..4), as wide as its signal
                         (optional)
    """
    l0, l1, l2, l3 = [Signal(intbv(0)[NUM_POSTS:]) for _ in range(4)]   # occupancy by level
    height = Signal(intbv(0)[2:])
    mask = Signal(intbv(0)[NUM_CELLS:])
    dec = decoder(land, mask)

    @always_comb
    def levels():
        l0.next = occ[16:0]
        l1.next = occ[32:16]
        l2.next = occ[48:32]
        l3.next = occ[64:48]

    @always_comb
    def gravity():
        free.next = not l3[post]
        if not l0[post]:
            height.next = 0
        elif not l1[post]:
            height.next = 1
        elif not l2[post]:
            height.next = 2
        else:
            height.next = 3

    @always_comb
    def cell():
        land.next = concat(height, post)

    @always_comb
    def out():
        if l3[post]:
            onehot.next = 0
        else:
            onehot.next = mask

    if free_cells is None:
        return dec, levels, gravity, cell, out

    @always_comb
    def room():
        if l3[post]:
            free_cells.next = 0
        elif l2[post]:
            free_cells.next = 1
        elif l1[post]:
            free_cells.next = 2
        elif l0[post]:
            free_cells.next = 3
        else:
            free_cells.next = 4

    return dec, levels, gravity, cell, out, room
