"""Golden models of the Score-4, Blokus Duo and Reversi cores (Reversi: also its game master).

Pure Python (3.9 syntax, so the unchanged model also runs under PyPy 3.9):
rules, byte-level protocol sessions and the exact move each core chooses.
Nothing here knows about hardware, MyHDL or cocotb, and nothing here imports
another package of this project.
"""
