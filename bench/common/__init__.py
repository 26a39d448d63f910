"""What the two games' benchmarks share; each game plugs in through a thin adapter.

* ``mirror``: builds a compiled mirror (C search + generated tables -> a
  shared library loaded by ctypes), fingerprints what its proof covers and
  keeps the proof ledger (``bench/<game>/mirror.py`` is the adapter).
* ``tables``: frames a mirror's generated C header and writes it only when
  its text changes (``bench/<game>/gen_tables.py`` computes the tables).
* ``match``: the strength harness: games of the mirror against any
  opponent, seats alternating, openings varied, W-D-L per opponent and seat,
  games in parallel, the command line (``bench/<game>/strength.py`` describes
  the game and renders its report).
* ``players``: the opponents every game has: random, a rule (greedy, first),
  our own search at a budget.
* ``engine``: an opponent that is an external program speaking a GTP-style
  line protocol over a pipe (Pentobi for Blokus, an adapter to a Rust engine
  for Score-4).
* ``rtl_speed``: what both RTL speed benchmarks (``bench/<game>/speed.py``)
  do around the simulation: budgets, option checks, progress, the report.
* ``report_file``: a report file checked writable before a long run and
  written after it.
"""
