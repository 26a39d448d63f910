"""The Reversi player core: its search engine and blocks, its top level
(`reversi_top`) and its DE2 top level (`reversi_de2`).

The board is held in the *max layout*: a core built for boards up to
``side`` x ``side`` keeps cell (x, y) at bit ``y * side + x`` whatever the
game's size, so that one set of shifts serves every size; the cells of a
smaller game's board are the top-left ``width`` x ``height`` of it, and the
tables of hdl/reversi/tables.py (from golden's geometry) say which.
"""
