"""MyHDL sources of the Score-4, Blokus Duo and Reversi cores and their UART.

Importing this package writes nothing; Verilog is produced only by
`python -m hdl.build` (see `hdl/build.py`), into `build/`.
"""
