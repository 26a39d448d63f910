"""Blokus Duo regression: the core's protocol testbench (32 clocks per bit) at
budget 2 and at budget 1 (its games: the protocol's corners are the same at
every budget), a thinking configuration (budget 40) for games and
one the core ends with all 21 tiles, two games at budget 3000 whose searches
go deep (the budget running out in every part of the search, and searches
that finish every iteration), the first exchanges of a game at the real 50 MHz /
115200 configuration (a whole game there: make sim-long), the DE2 top, and
the proof that the bench fails when the core answers one wrong byte; and the
Monte-Carlo core (blokus_mcts_top), its engine's corners, a game and a
game's opening per commit, its line's corners and whole games in
make sim-long, and its DE2 top (blokus_mcts_de2) with the SDRAM chip's model
on the board's pins."""
import os
import xml.etree.ElementTree as ET

import pytest

from hdl import configs
from simulation import runner
from verif.tb import ENV_COVERAGE, ENV_GOLDEN_TEAM

TESTBENCH = "verif.blokus.tb_blokus"
HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.parametrize("config,tests", [
    ("blokus_mcts_root", ["BlokusMctsSmoke", "BlokusMctsCorners", "BlokusMctsGame"]),
    ("blokus_mcts_fast", ["BlokusMctsOpening"]),
])
def test_mcts_core(config, tests):
    """(First in the file: the longest runs start early under pytest -n.)
    The Monte-Carlo core (blokus_mcts_top on the SDRAM chip's model) at the
    smallest budget (the root's expansion alone: the engine's protocol
    corners and a whole game, about two minutes under Icarus) and at a few
    playouts a move (a game's opening, about a minute and a half)."""
    runner.run(config, TESTBENCH, testcase=tests)


@pytest.mark.parametrize("config,tests", [
    ("blokus_deep", ["BlokusDeep"]),                          # the longest: early
    ("blokus_fast", ["BlokusGames", "BlokusCorners", "BlokusOpponentAll21",
                     "BlokusHostFast", "BlokusHostSlow"]),
    ("blokus_budget1", ["BlokusGames"]),     # the corners: blokus_fast's (a minute, as long)
    ("blokus_think", ["BlokusGames", "BlokusCoreAll21"]),
])
def test_core(config, tests):
    runner.run(config, TESTBENCH, testcase=tests)


@pytest.mark.slow
@pytest.mark.parametrize("config,tests", [
    ("blokus_mcts_root", ["BlokusMctsLineCorners", "BlokusMctsGames"]),
    ("blokus_mcts_fast", ["BlokusMctsGames"]),
])
def test_mcts_core_long(config, tests):
    """Every corner with the line's faults, and whole games at the smallest
    budget and at a few playouts a move (about 17 minutes under Icarus, 13
    on two workers): make sim-long."""
    runner.run_config(configs.get(config), TESTBENCH, config + "_long", testcase=tests)


def test_de2_board():
    runner.run("blokus_fast", "verif.blokus.tb_de2", toplevel="blokus_de2")


def test_mcts_de2_board():
    """blokus_mcts_de2 on a board with the SDRAM chip's model on its pins, at a
    few playouts a move."""
    runner.run("blokus_mcts_fast", "verif.blokus.tb_mcts_de2", toplevel="blokus_mcts_de2",
               harness=os.path.join(HERE, "blokus_mcts_de2_board.v"))


def test_core_real_clock():
    """The hello and two moves at 50 MHz and 115200 baud."""
    runner.run("blokus_50m", TESTBENCH, testcase=["BlokusSmoke"])


@pytest.mark.slow
def test_core_real_clock_whole_game():
    """One whole game at 50 MHz and 115200 baud (about 600 k cycles): make sim-long."""
    runner.run_config(configs.get("blokus_50m"), TESTBENCH, "blokus_50m_game",
                      testcase=["BlokusOneGame"])


# -- the bench can fail ----------------------------------------------------------
CORE = configs.get("blokus_fast")     # built with the team code "Tb"
WRONG_TEAM = "Tc"


def smoke_with_golden_team(team, label):
    """BlokusSmoke on the blokus_fast core, its golden model told the team
    code `team`, in build/sim/<label>/ (no coverage kept)."""
    return runner.run_config(CORE, TESTBENCH, label, testcase=["BlokusSmoke"],
                             extra_env={ENV_GOLDEN_TEAM: team, ENV_COVERAGE: ""})


def first_failure(label):
    """The message of the first failed cocotb test of the run in build/sim/<label>/."""
    results = runner.SIM_ROOT / label / TESTBENCH.rsplit(".", 1)[-1] / "results.xml"
    failure = ET.parse(results).find(".//testcase/failure")
    return failure.get("message") if failure is not None else None


def test_bench_passes_when_the_team_codes_match():
    """The control of the next test: the same run without the fault passes."""
    smoke_with_golden_team(CORE.team, "blokus_fast_same_team")


def test_scoreboard_fails_on_a_wrong_byte():
    """The golden model says team Tc, the core (built with Tb) answers the
    hello with 1Tb: one wrong byte, which must fail the bench with a message
    naming the exchange, both values and the run's seed."""
    assert CORE.team != WRONG_TEAM
    # under pytest, cocotb_tools' runner exits (SystemExit) on a failed test
    # before simulation.runner's own assertion (AssertionError) is reached
    with pytest.raises((SystemExit, AssertionError)):
        smoke_with_golden_team(WRONG_TEAM, "blokus_fast_wrong_team")
    want = "exchange #1 bytes b'0': expected %r, DUT sent %r (seed %d)" % (
        b"1" + WRONG_TEAM.encode(), b"1" + CORE.team.encode(), runner.run_seed())
    message = first_failure("blokus_fast_wrong_team")
    assert message is not None and want in message, "want %r in %r" % (want, message)
