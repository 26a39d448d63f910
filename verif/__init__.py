"""cocotb + pyuvm verification of the cores against the golden model.

Generic pieces live here (UART agent, exchange scoreboard, coverage, runner);
each unit has its own folder (`verif/uart/`, later `verif/score4/`...) with a
cocotb module `tb_*.py` and the pytest file `test_*.py` that runs it.
"""
