"""Unit bench of hdl/blokus/expand_scan.py built to keep a node's first
EXPAND_TEST_CAP moves (hdl/units.py), against golden's expand with that
cap: golden's MAX_CHILDREN (1,023) is above every position's moves, so this
build is where the cap acts. Every ply of random games, from the side to
move: the moves given (the first EXPAND_TEST_CAP in scan order), their h,
their count and best, and the cycles, which count every move the scan
issued (golden's expand_work). The run must see capped positions and
positions under the cap."""
import random

import cocotb

from hdl.units import EXPAND_TEST_CAP
from verif.units.blokus_expand_scan.tb_blokus_expand_scan import INPUTS, check_cases, game_cases
from verif.units.common import start_unit


@cocotb.test()
async def capped_games(dut):
    """Every ply of random games, the scan keeping EXPAND_TEST_CAP moves."""
    await start_unit(dut, low=INPUTS)
    # one game, then more until both kinds are in: a game's side can go from
    # more than EXPAND_TEST_CAP moves to none, and one game alone had no
    # position under the cap on about 1 seed in 240 (seed 205)
    cases = game_cases(random, 1, cap=EXPAND_TEST_CAP)
    while not ({"capped", "moves"} <= {case[3] for case in cases}):
        cases += game_cases(random, 1, cap=EXPAND_TEST_CAP)
    kinds = await check_cases(dut, cases, "capped at %d" % EXPAND_TEST_CAP)
    assert kinds.get("capped") and kinds.get("moves"), \
        "the game gave no capped position or none under the cap: %s" % kinds
