"""Unit bench of hdl/score4/book.py: the opening book's scan during CLEAR.

Reference: golden.score4.book.book_move (by position) and entries() (the
ROM's order). Each case is one search as score4_search drives the unit:
`launch`, a few PRE cycles, then CLEAR with clr_addr 0 .. ENTRIES - 1 and
the root's hash as score4_position gives it (a partial sum, here random
bits, before clr_addr 64; the hash from then on), `empties` the root's.

Checked at every cycle: `hit` is low until the cycle after the compare of
the root's ROM word (clr_addr = SCAN_START + index + SCAN_LATENCY, index its
place in entries()), and from then on high with `hit_move` = golden's book
move; at the last CLEAR cycle (where the search reads them) hit is golden's
verdict and hit_move its move; a launch clears hit (a book root followed by
a root outside the book reads no hit).

Cases: book positions of every ply (images of entries drawn at random),
positions of at most PLIES beads outside the book (legal games where one
side passed), positions of more beads, and the hash of a book entry given
with one bead too many (empties = 64 - PLIES - 1): the beads' gate must
keep hit low.
"""
import random

import cocotb

from golden.score4 import book as B
from golden.score4.board import landing_cells
from golden.score4.encoding import NUM_CELLS
from golden.score4.search import HASH_BITS, position_hash
from hdl.score4.book import SCAN_LATENCY, SCAN_START
from hdl.score4.table import ENTRIES
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position, start_unit

OUTPUTS = ("hit", "hit_move")
IDLE = {"launch": 0, "clearing": 0, "clr_addr": 0, "root_hash": 0, "empties": NUM_CELLS}


def passed_position(rng, beads):
    """A position of `beads` beads where one side passed once (mine to move):
    never a book position, whose beads alternate."""
    while True:
        x = y = 0
        for k in range(beads):
            land = landing_cells(x | y)
            cells = [c for c in range(NUM_CELLS) if land >> c & 1]
            x, y = y, x | 1 << rng.choice(cells)
            if k == 0:
                x, y = y, x                  # the first reply is a pass
        if B.book_move(x, y) is None:
            return x, y


async def one_search(bench, mismatches, what, root_hash, empties, want_move, rng):
    """Drive one launch + PRE + CLEAR; want_move: the post a hit must give, or None."""
    index = None
    if want_move is not None:
        index = [h for h, _, _, _ in B.entries()].index(root_hash)
    await bench.step(dict(IDLE, launch=1))
    for _ in range(rng.randint(1, 70)):                    # PRE
        got = await bench.step(dict(IDLE, empties=empties))
    mismatches.expect(what + ": hit after launch", 0, got["hit"])
    for addr in range(ENTRIES):
        shown = root_hash if addr >= SCAN_START else rng.getrandbits(HASH_BITS)
        got = await bench.step(dict(IDLE, clearing=1, clr_addr=addr, root_hash=shown,
                                    empties=empties))
        # the outputs as the edge of clr_addr = addr saw them: the compares
        # of the words read up to clr_addr = addr - SCAN_LATENCY
        due = index is not None and addr >= SCAN_START + index + SCAN_LATENCY
        if not mismatches.expect("%s: hit at clr_addr %d" % (what, addr), int(due), got["hit"]):
            return
        if due and not mismatches.expect("%s: hit_move at clr_addr %d" % (what, addr),
                                         want_move, got["hit_move"]):
            return
    mismatches.expect(what + ": hit when CLEAR ends", int(want_move is not None), got["hit"])


@cocotb.test()
async def book_and_other_roots(dut):
    await start_unit(dut, low=tuple(IDLE))
    rng = random.Random(int(tb.seed()))
    bench = CycleBench(dut, OUTPUTS)
    mismatches = Mismatches("score4_book")
    entries = B.entries()
    by_beads = {}
    for h, move, m, t in entries:
        by_beads.setdefault(bin(m | t).count("1"), []).append((h, move, m, t))
    cases = []
    for beads in sorted(by_beads):                         # every ply of the book
        cases += [("book %d beads" % beads,) + rng.choice(by_beads[beads])
                  for _ in range(3)]
    cases.append(("book, first entry",) + entries[0])
    cases.append(("book, last entry",) + entries[-1])      # the scan's last word
    for beads in range(2, B.PLIES + 1):
        m, t = passed_position(rng, beads)
        cases.append(("outside, %d beads after a pass" % beads, position_hash(m, t), None, m, t))
    for _ in range(4):
        m, t = score4_game_position(rng, rng.randint(B.PLIES + 1, 40))
        cases.append(("outside, %d beads" % bin(m | t).count("1"), position_hash(m, t),
                      None, m, t))
    rng.shuffle(cases)
    gate = rng.choice(entries)
    cases.insert(rng.randint(0, len(cases)), ("a book hash with PLIES + 1 beads", gate[0],
                                              "gate", None, None))
    seen = set()
    for what, h, move, m, t in cases:
        if move == "gate":
            await one_search(bench, mismatches, what, h, NUM_CELLS - B.PLIES - 1, None, rng)
            continue
        golden_move = B.book_move(m, t)
        mismatches.expect(what + ": the case's golden verdict", move, golden_move)
        await one_search(bench, mismatches, what, h, NUM_CELLS - bin(m | t).count("1"),
                         golden_move, rng)
        seen.add(golden_move is not None)
    mismatches.check()
    assert seen == {True, False}, seen
