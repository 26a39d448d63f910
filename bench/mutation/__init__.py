"""Mutation run: how many single RTL faults the regression catches (issue 15).

    python -m bench.mutation [--seed N] [--per-block N] [--blocks A,B] [--jobs N]
                             [--out bench/results/mutation.md] [--work DIR]
    python -m bench.mutation --only ID,ID [--suite SPEC] ...   # re-check survivors of a new draw
    python -m bench.mutation --rerun ID,ID [--suite SPEC] ...  # ... of the recorded run
    python -m bench.mutation --rewrite-report | --list

What it does, in order:

1. Baselines. Every suite a chosen block needs runs once unmutated, each in
   its own folder under build/mutation/baseline/. A suite is a part of the
   regression: a unit bench is its pytest folder (verif/units/<block>/, with
   its own parameters), a core suite is a few testbench classes on one named
   configuration (games.GAMES; a block of a core's search runs its engine's
   own bench first where the table says so). Each baseline must pass; its wall time sets
   the suite's timeout; the Verilog it built is what the mutants are made of.
2. Mutants. The generated Verilog is cut into sites (the statements of the
   always blocks and the assigns); each site belongs to the block whose
   MyHDL instance path its names carry (`serial_front_end0_byte_fifo0_wr`:
   byte_fifo). A block with a unit bench is mutated in its unit's own
   Verilog, every other block in its core's (`score4_top.v`, `blokus_top.v`,
   `reversi_top.v`).
   Every single fault of the kinds in KINDS is listed; --per-block of them
   are drawn for each block, taking the kinds in turn, from a random
   generator seeded with the run's seed and the block's name (so a block's
   sample does not depend on which other blocks run).
3. Runs. A mutant that Icarus cannot compile is left out of the score. The
   others run the block's suites, each in build/mutation/<mutant>/, with
   the mutated file replacing the built one (simulation.runner's
   SIM_VERILOG_OVERRIDE): the first suite that fails kills the mutant, a
   suite that passes its timeout kills it too ("killed (timeout)"), and a
   mutant every suite passes has survived. Every run uses the run's seed,
   so the stimulus is the baseline's.
4. Report (--out): killed / survived per block and per core, and every
   survivor with its file:line, block, fault and verdict (the examined
   survivors' verdicts: bench/mutation_notes.json). build/mutation/ keeps
   results.json (every mutant and its outcome, as they finish); the run's
   record, bench/results/mutation_run.json, is what the report is made of
   (--rewrite-report writes it again; --rerun runs its mutants again).

A core's score counts the blocks its Verilog contains: its own logic and
the unit blocks it instantiates (the UART blocks count for every core).
The DE2 board tops (display panels) are not mutated.

The package, one file for each part:

    games.py    the cores, one entry each: top module, core suites, search
                engine's own build and bench; unit benches holding other blocks
    faults.py   the fault catalogue: sites of generated Verilog, the blocks
                they belong to, every single fault of a line, the sample
    suites.py   the suites that cover each block (unit benches, CORE_SUITES,
                --suite), the blocks each core holds
    verilog.py  the Verilog mutants are made of and moved to (the conversion
                cache, a baseline's build, another build of the block)
    runner.py   baselines, one mutant against its suites, every mutant of a
                run: --jobs threads here, or one Dask task a mutant with
                --scheduler ADDRESS / --cluster local:N (bench.common.cluster)
    report.py   the report and the survivors' verdicts
    cli.py      the command line
    paths.py    where a run reads and writes
"""
