"""The games the mutation run knows, one entry a core: its top module, the
testbench classes that cover its own logic, and its search engine's own
build and bench. Everything else in bench.mutation is the same for every
core: a new core is one entry here (and its blocks' unit benches in
verif/units/)."""
from collections import namedtuple

Game = namedtuple("Game", "top suites search")
# top: the core's top module (its Verilog is mutated in the first suite's
#   configuration); suites: (configuration, testbench module, cocotb tests)
#   in the order they run, the first that fails kills, so the later (slower)
#   ones run only on the first's survivors; search: the search engine's own
#   build and bench (Search), or None

Search = namedtuple("Search", "block module tests")
# block: the search engine's block function, also the named configuration
#   (hdl/configs.py) that builds it alone; module: its testbench, which
#   --suite BLOCK:TEST runs; tests: the tests the search's blocks run after
#   the core's suites in every run (() when too slow for that: --suite only)

GAMES = {
    # Measured (Icarus, nice 10, the machine shared): Score4Corners 24 to 33 s,
    # Score4Games 86 to 116 s; Score-4's tb_search takes 12 min (--suite only)
    "score4": Game("score4_top",
                   [("score4_fast", "verif.score4.tb_score4", ("Score4Corners",)),
                    ("score4_fast", "verif.score4.tb_score4", ("Score4Games",))],
                   Search("score4_search", "verif.score4.tb_search", ())),
    # BlokusHostFast 12 to 19 s, BlokusOpponentAll21 14 to 27 s, BlokusCorners
    # 77 to 288 s
    "blokus": Game("blokus_top",
                   [("blokus_fast", "verif.blokus.tb_blokus", ("BlokusHostFast",)),
                    ("blokus_fast", "verif.blokus.tb_blokus", ("BlokusOpponentAll21",)),
                    ("blokus_fast", "verif.blokus.tb_blokus", ("BlokusCorners",))],
                   None),
    # ReversiCorners 45 to 68 s, ReversiCells (every answer cell) about 60 s
    # (ReversiPositions 8.6 min, too long for
    # every survivor: --suite reversi_fast:ReversiPositions); the search
    # engine's bench (173 s; a fault mostly fails it within seconds) runs
    # first on every search mutant
    "reversi": Game("reversi_top",
                    [("reversi_fast", "verif.reversi.tb_reversi", ("ReversiCorners",)),
                     ("reversi_fast", "verif.reversi.tb_reversi", ("ReversiCells",))],
                    Search("reversi_search", "verif.reversi.tb_search",
                           ("search_matches_golden", "passes_and_ends"))),
}

# Unit benches whose build holds blocks of other names than the unit's
# (hdl/units.py): in a core, a site of one of those blocks belongs to the
# unit, and is mutated in the unit's build as the unit's own are.
UNIT_MEMBERS = {"reversi_rules": ("reversi_moves", "reversi_flips")}

# A game's own blocks are named after it (score4_checker; not helpers such
# as decoder): inside another block they are blocks of their own.
GAME_BLOCK_PREFIXES = tuple(game + "_" for game in GAMES)
