"""RAVE's test and weight for the children of one path node, streamed in one a cycle."""
from myhdl import always_comb, always_seq, block, concat

from golden.blokus.mcts import KEY_PASS, KEY_SATURATED, RAVE_W8
from hdl.blokus.playout import PLY_BITS, RECORD_BITS
from hdl.blokus.tables import J_BITS, N_TILES, SHAPE_BITS, SHAPE_TILE
from hdl.pipelined_divider import pipelined_divider
from hdl.register import register
from hdl.signals import flag, unsigned

KEY_WORD_BITS = 16           # golden's key_word: the key (15 bits) and the saturated flag
assert KEY_SATURATED == 1 << (KEY_WORD_BITS - 1) and KEY_PASS < KEY_SATURATED
WEIGHT_BITS = 8              # RAVE_W8 * (n - j) // (n - i) < RAVE_W8 <= 255, as j > i
if RAVE_W8 >= 1 << WEIGHT_BITS:
    raise ValueError("blokus_rave_match: golden's RAVE_W8 = %d needs more than %d weight bits"
                     % (RAVE_W8, WEIGHT_BITS))
NUMERATOR_BITS = (RAVE_W8 * ((1 << PLY_BITS) - 1)).bit_length()
RESULT_BITS = 9              # 0, 128 or 256 for the mover's loss, draw or win
RECORD_LATENCY = 2           # the playout unit's record: data two cycles after the address
DIVIDER_LATENCY = WEIGHT_BITS + 1
LATENCY = RECORD_LATENCY + 1 + DIVIDER_LATENCY + 1
"""Cycles from a child's key word on the inputs to its update on the outputs:
the record's read, the match registered, the weight's division, the update
registered."""
# the shape field of a key to its tile; the pass key's 127 and the other
# unused codes read tile 0 (a pass never matches: its key is tested apart)
SHAPE_TILE_ROM = tuple(SHAPE_TILE) + (0,) * ((1 << SHAPE_BITS) - len(SHAPE_TILE))


@block
def blokus_rave_match(clk, rst, child_valid, key_word, mover_opp, node_ply, moves, mover_result,
                      placed_me, placed_opp, record_addr, record_data, valid_out, update, n8_add,
                      w8_add, ahead_valid, ahead_update):
    """golden.blokus.mcts.rave_update for each child of path node i, from its
    KEY word and the descent's record of placements.

    Ports (the node's, held while its children stream):
        clk, rst       in   clock, synchronous reset
        mover_opp      in   the side choosing among the node's children is OPP
        node_ply       in   PLY_BITS: i, the node's place on the path (the
                            root 0), i < moves
        moves          in   PLY_BITS: n, the descent's moves (tree and playout)
        mover_result   in   RESULT_BITS: the descent's result for that side
                            (0, 128 or 256)
        placed_me, placed_opp  in  N_TILES each: the tiles each side placed in
                            the descent (their record words are meaningful)
    Ports (a child a cycle):
        child_valid    in   a child's KEY word enters
        key_word       in   KEY_WORD_BITS: golden's key_word (the key, KEY_PASS
                            for a pass, KEY_SATURATED when real > RAVE_CHILD_MAX)
        record_addr    out  32 * side + tile: the record word the child needs
                            (the playout unit's `record_addr`), from key_word
                            in the same cycle
        record_data    in   RECORD_BITS, RECORD_LATENCY cycles after
                            record_addr: the placement of that tile by that side,
                            (step, shape, ply) from the top bit down
        valid_out      out  the child that entered LATENCY cycles ago leaves
        update         out  RAVE updates it (golden's rave_update is not None)
        n8_add, w8_add out  WEIGHT_BITS each: what it adds to the child's n8
                            and w8 (0 without an update)
        ahead_valid, ahead_update  out  (registers) valid_out and update of
                            the next cycle, for a user whose control must not
                            wait for this cycle's answer (blokus_tree_rave's
                            match_some)
    How: the key's shape gives its tile and the record's address at once; two
    cycles later the record's (step, shape) is turned into golden's key
    ((step + 2) << 7 | shape) and compared, with its ply against i; the match
    registered; the weight RAVE_W8 * (n - j) // (n - i) (golden's RAVE_W8 *
    (rest - (j - i)) // rest) through a pipelined restoring divider, with the
    match and the result beside it; w8's share is the weight, half of it or
    none for a result of 256, 128 or 0. A new child every cycle.
    """
    for name, port, bits in (("key_word", key_word, KEY_WORD_BITS),
                             ("node_ply", node_ply, PLY_BITS), ("moves", moves, PLY_BITS),
                             ("mover_result", mover_result, RESULT_BITS),
                             ("placed_me", placed_me, N_TILES), ("placed_opp", placed_opp, N_TILES),
                             ("record_addr", record_addr, 6),
                             ("record_data", record_data, RECORD_BITS),
                             ("n8_add", n8_add, WEIGHT_BITS), ("w8_add", w8_add, WEIGHT_BITS)):
        if len(port) != bits:
            raise ValueError("blokus_rave_match: %s must have %d bits, not %d"
                             % (name, bits, len(port)))
    shape_in = unsigned(SHAPE_BITS)
    tile_in = unsigned(5)
    placed_in = flag()
    # the child's way to the record's data: stage 1, stage 2 (data there)
    key1, key2 = unsigned(KEY_WORD_BITS - 1), unsigned(KEY_WORD_BITS - 1)
    live1, live2 = flag(), flag()          # valid, placed by the mover, not saturated, not a pass
    valid1, valid2 = flag(), flag()
    rec_key, rec_ply = unsigned(KEY_WORD_BITS - 1), unsigned(PLY_BITS)
    rec_centre = unsigned(J_BITS)          # 16 Y + X = the record's window step + 2
    match_comb = flag()
    # stage 3: the match and the division's operands
    match3, valid3 = flag(), flag()
    numerator = unsigned(NUMERATOR_BITS)
    rest = unsigned(PLY_BITS)
    weight, weight_valid = unsigned(WEIGHT_BITS), flag()
    divider = pipelined_divider(clk, rst, valid3, numerator, rest, weight_valid, weight)

    @always_comb
    def address():
        shape_in.next = key_word[SHAPE_BITS:0]

    @always_comb
    def tile_rom():
        tile_in.next = SHAPE_TILE_ROM[shape_in]

    @always_comb
    def address_out():
        record_addr.next = concat(mover_opp, tile_in)
        if mover_opp:
            placed_in.next = placed_opp[tile_in]
        else:
            placed_in.next = placed_me[tile_in]

    @always_comb
    def record_fields():
        rec_centre.next = record_data[RECORD_BITS:SHAPE_BITS + PLY_BITS] + 2
        rec_ply.next = record_data[PLY_BITS:0]

    @always_comb
    def record_key():
        # a concat of signals only: MyHDL's concat takes no expressions
        rec_key.next = concat(rec_centre, record_data[SHAPE_BITS + PLY_BITS:PLY_BITS])

    @always_comb
    def compare():
        match_comb.next = live2 and rec_key == key2 and rec_ply > node_ply

    @always_seq(clk.posedge, reset=rst)
    def stages():
        key1.next = key_word[KEY_WORD_BITS - 1:0]
        valid1.next = child_valid
        live1.next = (child_valid and placed_in and not key_word[KEY_WORD_BITS - 1]
                      and key_word[KEY_WORD_BITS - 1:0] != KEY_PASS)
        key2.next = key1
        valid2.next = valid1
        live2.next = live1
        match3.next = match_comb
        valid3.next = valid2
        numerator.next = RAVE_W8 * (moves - rec_ply)
        rest.next = moves - node_ply

    # the match waits for the weight
    match_line = [match3] + [flag() for _ in range(DIVIDER_LATENCY)]
    delays = [register(clk, rst, match_line[k], match_line[k + 1]) for k in range(DIVIDER_LATENCY)]
    match_due = match_line[DIVIDER_LATENCY]

    @always_comb
    def ahead():
        ahead_valid.next = weight_valid
        ahead_update.next = match_due

    @always_seq(clk.posedge, reset=rst)
    def update_out():
        valid_out.next = weight_valid
        update.next = match_due
        if match_due:
            n8_add.next = weight
            if mover_result[8]:
                w8_add.next = weight
            elif mover_result[7]:
                w8_add.next = weight >> 1
            else:
                w8_add.next = 0
        else:
            n8_add.next = 0
            w8_add.next = 0

    return (divider, address, tile_rom, address_out, record_fields, record_key, compare, stages,
            delays, ahead, update_out)
