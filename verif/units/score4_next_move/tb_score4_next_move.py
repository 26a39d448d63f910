"""Unit bench of hdl/score4/next_move.py: the move the search's next GEN
makes, chosen a cycle ahead.

Reference: the block's docstring as a cycle model over score4_select's
reference (verif/units/score4_select: golden's move list laid out in slots).
In a cycle, the slots tried are none when `fresh`, else `tried`; move A is
open when `a_open`, except in PROBE (`probing`) when the entry was not
`found`; move B is the killer when `killer_valid`; `has` says whether some
slot is open. At the edge, sel / post / onehot take that cycle's first open
slot, and `cells` then is the post's landing cell on that cycle's board
(golden board.landing_cells; zero when no slot was open); gen_x = x | cells
with the x of the cycle it is read in, gen_tried the slots 0 .. sel.

Tests: random positions of random games (empty to nearly full boards), at
random slot counters, with move A and the killer free, full, equal or
absent, in every mode (fresh, probing with the entry found or not, neither);
the inputs change every cycle.
"""
import random

import cocotb
from cocotb.clock import Clock

from golden.score4.board import landing_cells
from golden.score4.encoding import NUM_POSTS, POST_MASK
from hdl.score4.select import SLOTS
from hdl.score4.tried import tried_bits
from verif import tb
from verif.units.common import CycleBench, Mismatches, score4_game_position
from verif.units.score4_select.tb_score4_select import expected

OUTPUTS = ("has", "sel", "post", "onehot", "cells", "gen_x", "gen_tried")
TOP = ((1 << NUM_POSTS) - 1) << 48          # the top level of the board


def choice(inputs):
    """score4_select's answer for one cycle's inputs: {has, post_onehot[, sel, post]}."""
    below = 0 if inputs["fresh"] else inputs["tried_count"]
    a_open = inputs["a_open"] and not (inputs["probing"] and not inputs["found"])
    a = inputs["a_post"] if a_open else None
    b = inputs["killer"] if inputs["killer_valid"] else None
    return expected((inputs["occ"] & TOP) >> 48, below, a, b)


def random_inputs(rng):
    x, y = score4_game_position(rng, rng.randint(0, 62))
    if rng.random() < 0.5:
        x, y = y, x
    count = rng.randint(0, SLOTS)
    mode = rng.choice(("fresh", "probe found", "probe missed", "comb"))
    return {"x": x, "occ": x | y, "tried_count": count, "tried": tried_bits(count, 0),
            "fresh": int(mode in ("fresh", "probe found", "probe missed")),
            "probing": int(mode.startswith("probe")), "found": int(mode == "probe found"),
            "a_open": int(rng.random() < 0.7), "a_post": rng.randrange(NUM_POSTS),
            "killer": rng.randrange(NUM_POSTS), "killer_valid": int(rng.random() < 0.6)}


@cocotb.test()
async def choices_against_the_slot_reference(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    rng = random.Random(int(tb.seed()))
    bench = CycleBench(dut, OUTPUTS)
    quiet = CycleBench(dut, ("has",))
    mismatches = Mismatches("score4_next_move")
    first = random_inputs(rng)
    await CycleBench(dut, ()).step({n: v for n, v in first.items() if n != "tried_count"})
    last = None                                 # the choice registered at the last edge
    counts = {"open": 0, "none": 0}
    for k in range(3000):
        inputs = random_inputs(rng)
        ports = {n: v for n, v in inputs.items() if n != "tried_count"}
        now = choice(inputs)
        out = await (quiet if last is None else bench).step(ports)
        what = "cycle %d" % k
        mismatches.expect(what + " has", now["has"], out["has"])
        if last is not None:
            want, occ = last
            cells = 0
            if want["has"]:
                cells = landing_cells(occ) & POST_MASK[want["post"]]
                mismatches.expect(what + " sel", want["sel"], out["sel"])
                mismatches.expect(what + " post", want["post"], out["post"])
                mismatches.expect(what + " gen_tried", tried_bits(want["sel"], 1),
                                  out["gen_tried"])
            mismatches.expect(what + " onehot", want["post_onehot"], out["onehot"])
            mismatches.expect(what + " cells", cells, out["cells"])
            mismatches.expect(what + " gen_x", inputs["x"] | cells, out["gen_x"])
        counts["open" if now["has"] else "none"] += 1
        last = (now, inputs["occ"])
    dut._log.info("cycles with an open slot / none: %r", counts)
    mismatches.check()
