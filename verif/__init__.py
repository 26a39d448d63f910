"""cocotb + pyuvm verification of the cores against the golden model.

Generic pieces live here (UART agent, exchange scoreboard, coverage, runner);
each unit has its own folder (`verif/uart/`, `verif/score4/`, `verif/blokus/`,
`verif/reversi/`, one per RTL block under `verif/units/`) with a
cocotb module `tb_*.py` and the pytest file `test_*.py` that runs it.
"""
