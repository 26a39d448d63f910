"""A playout unit's copy of its descent's path, fed to it as it replays: one small RAM."""
from myhdl import always_comb, always_seq, block, concat

from golden.blokus.mcts import KEY_PASS
from hdl.blokus.playout import (KEY_BITS as SLOT_BITS, PLY_BITS, REPLAY_MOVE_CYCLES,
                                REPLAY_PASS_CYCLES)
from hdl.blokus.kept_store import blokus_kept_store
from hdl.blokus.tables import SHAPE_BITS
from hdl.blokus.tree_layout import KEY_BITS
from hdl.signals import check_widths, flag, unsigned

CENTRE_BITS = KEY_BITS - SHAPE_BITS      # a tree key's 16 Y + X (the playout's step + 2)
if SLOT_BITS != KEY_BITS + 1:
    raise ValueError("blokus_path_feed turns a %d-bit tree key into a %d-bit move slot: the "
                     "slot is the key's fields and a flag" % (KEY_BITS, SLOT_BITS))
if min(REPLAY_MOVE_CYCLES, REPLAY_PASS_CYCLES) < 2:
    raise ValueError("blokus_path_feed reads the next move in the two cycles after a take, but "
                     "blokus_playout takes it %d cycles after a move, %d after a pass"
                     % (REPLAY_MOVE_CYCLES, REPLAY_PASS_CYCLES))


@block
def blokus_path_feed(clk, rst, key_we, key_level, key, scan_start, scan_level, scan_key, give,
                     give_len, give_key, unit_start, path_valid, path_key, path_end, path_scan,
                     path_ready):
    """The keys of a playout unit's descent, kept as the tree unit's walk
    writes its path, and fed to the unit (blokus_playout's path ports) with
    no cycle lost, for a playout (after the walk) or a scan (during it).

    Ports:
        key_we, key_level, key  in  one cycle: the path's level `key_level`
                          (PLY_BITS) is the move `key` (the tree's key,
                          KEY_PASS for a pass); the walk's path writes for
                          this unit, the root's (level 0) included. Every
                          level but the last of a scan or a playout must be
                          written two cycles or more before its start (the
                          last one comes in scan_key or give_key)
        scan_start   in   one cycle: the walk scans its node at `scan_level`
                          (PLY_BITS); the unit replays levels 1 ..
                          scan_level and scans (path_scan); at level 0 (the
                          root's expansion) path_scan comes with the start
        scan_key     in   the tree key of the node at scan_level, from the
                          cycle after `scan_start` until the scan is over
                          (the walk's register: its level's write comes in
                          that cycle, too late for a scan of level 1)
        give         in   one cycle: play out the descent of `give_len`
                          (PLY_BITS) levels, the root's included: the unit
                          replays levels 1 .. give_len - 1 and plays out
                          (path_end); the last level (the walk's leaf) is
                          `give_key` (KEY_BITS, with give: the walk writes
                          it a cycle later)
        unit_start   out  the unit's `start` (scan_start or give): the feed
                          and the unit must both be idle then
        path_valid, path_key, path_end, path_scan  out  the unit's path,
                          the next item presented from the cycle after
                          `unit_start` and after each taken (path_scan
                          with `unit_start` for a scan of level 0)
        path_ready   in   the unit takes the item presented
    How: a RAM of a slot a level (blokus_kept_store: two cycles of read
    latency), written converted, read ahead at the level presented next
    (level 1 while idle, so that the first item is there the cycle after the
    start). The last level of a scan comes from `scan_key`, of a playout
    from `give_key` (the walk writes them too late for the RAM).
    """
    check_widths("blokus_path_feed", (
        ("key_level", key_level, PLY_BITS), ("key", key, KEY_BITS),
        ("scan_level", scan_level, PLY_BITS), ("scan_key", scan_key, KEY_BITS),
        ("give_len", give_len, PLY_BITS), ("give_key", give_key, KEY_BITS),
        ("path_key", path_key, SLOT_BITS)))
    key_slot, scan_slot, read_slot = unsigned(SLOT_BITS), unsigned(SLOT_BITS), unsigned(SLOT_BITS)
    give_slot, leaf_slot = unsigned(SLOT_BITS), unsigned(SLOT_BITS)   # a playout's last level
    give_step = unsigned(CENTRE_BITS + 1)
    read_addr = unsigned(PLY_BITS)
    key_step, scan_step = unsigned(CENTRE_BITS + 1), unsigned(CENTRE_BITS + 1)
    active, scanning = flag(), flag()
    level, items = unsigned(PLY_BITS), unsigned(PLY_BITS)   # the level presented, the last one

    @always_comb
    def steps():
        # centre - 2 modulo 2^CENTRE_BITS (a word that is not a move's, at any
        # time the key is not written, must not go negative)
        key_step.next = key[KEY_BITS:SHAPE_BITS] + (1 << CENTRE_BITS) - 2
        scan_step.next = scan_key[KEY_BITS:SHAPE_BITS] + (1 << CENTRE_BITS) - 2
        give_step.next = give_key[KEY_BITS:SHAPE_BITS] + (1 << CENTRE_BITS) - 2

    @always_comb
    def conversions():
        if key == KEY_PASS:
            key_slot.next = 0
        else:
            key_slot.next = concat(True, key_step[CENTRE_BITS:], key[SHAPE_BITS:])
        if scan_key == KEY_PASS:
            scan_slot.next = 0
        else:
            scan_slot.next = concat(True, scan_step[CENTRE_BITS:], scan_key[SHAPE_BITS:])
        if give_key == KEY_PASS:
            give_slot.next = 0
        else:
            give_slot.next = concat(True, give_step[CENTRE_BITS:], give_key[SHAPE_BITS:])

    @always_comb
    def presented():
        unit_start.next = scan_start or give
        path_valid.next = active and level <= items
        path_end.next = active and level > items and not scanning
        # a scan of level 0 (the root's expansion) has no path: its end goes
        # with the start
        path_scan.next = ((active and level > items and scanning)
                          or (scan_start and scan_level == 0 and not active))
        if level == items and scanning:
            path_key.next = scan_slot
        elif level == items:
            path_key.next = leaf_slot
        else:
            path_key.next = read_slot
        # the level presented next, read at each edge and there two edges
        # later: level 1 while idle, there the cycle after a start; after a
        # take, the next level from the take's edge, there two cycles later,
        # when the unit is ready again at the soonest (checked above against
        # blokus_playout's cycles). The RAM's output is registered: straight
        # from the block RAM into the unit's placement and record addresses it
        # held the playout unit's proxy at 73.2 MHz.
        if active and path_ready:
            read_addr.next = level + 1
        elif active:
            read_addr.next = level
        else:
            read_addr.next = 1

    ram = blokus_kept_store(clk, key_we, key_level, key_slot, read_addr, read_slot,
                            depth=1 << PLY_BITS)

    @always_seq(clk.posedge, reset=rst)
    def leaf():
        if give and not active:
            leaf_slot.next = give_slot

    @always_seq(clk.posedge, reset=rst)
    def control():
        if active:
            if path_ready and level > items:
                active.next = False
            elif path_ready:
                level.next = level + 1
        elif scan_start:
            active.next = scan_level != 0
            scanning.next = True
            level.next = 1
            items.next = scan_level
        elif give:
            active.next = True
            scanning.next = False
            level.next = 1
            items.next = give_len - 1

    return steps, conversions, presented, ram, leaf, control
