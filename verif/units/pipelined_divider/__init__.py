"""Unit bench of hdl/pipelined_divider.py: verif/units/pipelined_divider/tb_pipelined_divider.py."""
