"""The headline figures README.md and docs/benchmarks.md quote, each with the
line of `bench/results/` it comes from (test_docs.py checks each pair).

A figure: (page, `after` (the page text from this heading on, or None), a
regex with one or more groups on the page, its results file, a regex with as
many groups there, options). Both texts are searched with their whitespace
collapsed to single spaces, so a figure may wrap. The page's value must be the
source's rounded to the page's precision (`1,913` = `1913`, `17.6` = `17.58`),
after `scale` (e.g. 0.001 for a page in s and a source in ms), or within `tol`
when the page says "about".
"""

W = r"(\d+)-(\d+)-(\d+)"            # W-D-L as the pages write it
N = r"(\d[\d,]*)"                    # an integer, with or without thousands commas
F = r"([\d.]+)"                      # a decimal

S4_SPEED = "bench/results/score4-speed.md"
S4_STRENGTH = "bench/results/score4-strength.md"
S4_ENGINE = "bench/results/score4-strength-engine.md"
S4_ENGINE_10S = "bench/results/score4-strength-engine-10s.md"
S4_BOOK = "golden/score4/book.json"          # the book's own header: how it was made
S4_BOOK_T11 = "bench/results/score4-book.md"
S4_WARM = "bench/results/score4-warm-table.md"
S4_REPLACE = "bench/results/score4-replacement.md"
S4_WIN_STEP = "bench/results/score4-win-step.md"
S4_WIN_STEP_8M = "bench/results/score4-win-step-8m.md"
S4_REPLACE_8M = "bench/results/score4-replacement-8m.md"
SYNTH = "bench/results/synth.md"
SYNTH_RV10 = "bench/results/synth-reversi-10.md"
SYNTH_RV12 = "bench/results/synth-reversi-12.md"
BK_SPEED = "bench/results/blokus-speed.md"
BK_STRENGTH = "bench/results/blokus-strength.md"
BK_TARGETS = "bench/results/blokus-strength-targets.md"
BK_MCTS = "bench/results/blokus-mcts-golden-%s.md"      # l5, l6, l7, alphabeta
RV_STRENGTH = "bench/results/reversi-strength.md"
RV_WEIGHTS = "bench/results/reversi-strength-weights.md"   # the learned weights alone (seed 3301)
RV_D12 = "bench/results/reversi-strength-d12.md"
RV_SOLVER = "bench/results/reversi-strength-solver.md"
RV_BASELINE = "bench/results/reversi-strength-baseline.md"
RV_SOLVER_D12 = "bench/results/reversi-strength-solver-d12.md"
BK_TREE_COSTS = "bench/results/blokus-tree-costs.md"
BK_SYNTH_UNITS = "bench/results/synth-blokus-playout-unit.md"
BK_FIT = "bench/results/blokus-mcts-search-fit%s.md"        # "" or "-cce2eea"
BK_CORE_FIT = "bench/results/blokus-mcts-core-fit%s.md"      # the whole Monte-Carlo core: "", "-inline-code"
RV_SOLVER_FIRST = "bench/results/reversi-strength-solver-first-d%d.md"
RV_ENDGAME = "bench/results/reversi-endgame.md"
RV_STUDY = "bench/results/reversi-eval-study.md"
RV_PATTERNS_D8 = "bench/results/reversi-eval-patterns-d8-%s.md"
RV_PATTERNS = "bench/results/reversi-strength-patterns.md"
RV_PATTERNS_D12 = "bench/results/reversi-strength-patterns-d12.md"
RV_PATTERNS_BASELINE = "bench/results/reversi-strength-patterns-baseline.md"
RV_KILLERS = "bench/results/reversi-strength-killers.md"
RV_KILLERS_D12 = "bench/results/reversi-strength-killers-d12.md"
RV_KILLER_MATCH = "bench/results/reversi-killers.md"

SYNTH_S4 = r"## score4_de2 .*?"
SYNTH_BK = r"## blokus_de2 .*?"
SYNTH_RV = r"## reversi_de2 .*?"


def _engine_both(both_cells=r"\d+"):
    return r"\| \*\*engine\*\* \| both \| %s \| (\d+) \| (\d+) \| (\d+) \| %s %%" % (both_cells, F)


def _pentobi(level):
    return r"\| pentobi-%d \| \d+ \| (\d+) \| (\d+) \| (\d+) \| %s %%" % (level, F)


def _pentobi_elo(level):
    return r"\| %d \| \d+ \| \d+ \| [\d-]+ \| [\d.]+ %% \| ([^|]+?) \|" % level


def _reversi(opponent):
    return r"\| \*\*%s\*\* \| both \| \d+ \| (\d+)-(\d+)-(\d+) \| %s %%" % (opponent, F)


# the rows of the report before the pattern tables (its opponents: random, first and NTest
# at depths 4 and 8), each name exactly (the tables' rows below add ", with the tables")
REVERSI_ROWS = [("random", "random"), (r"first legal \(the contest's sample player\)", "first"),
                ("NTest, depth 4", "nboard-d4"), ("NTest, depth 8", "nboard-d8")]
# ... and of the core of record (bench/results/reversi-strength.md: the tables and the killers)
REVERSI_RECORD_ROWS = [("random", "random"), ("first legal", "first"),
                       ("the search of 1e4d4d5", "baseline"),
                       ("NTest, depth 4", "nboard-d4"), ("NTest, depth 8", "nboard-d8")]
# ... and before the killers, with the pattern tables
REVERSI_PATTERN_ROWS = [("random", "random"), ("first legal", "first"),
                        ("NTest, depth 4", "nboard-d4"), ("NTest, depth 8", "nboard-d8")]


FIGURES = [
    # ---- README.md: the status paragraph and the searches ------------------------------
    ("README.md", None, r"Score-4 searches %s M nodes/s" % F,
     S4_SPEED, r"\| 100000 \|(?: [^|]* \|){5} %s \|" % F, {}),
    ("README.md", None, r"(\d+) of its 105 M4K",
     SYNTH, SYNTH_S4 + r"\| M4K blocks \| (\d+) \|", {}),
    ("README.md", None, r"won %s %% against the\s+public T11 engine at 3 s" % F,
     S4_ENGINE, _engine_both().replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"and %s at the contest's 10 s" % W,
     S4_ENGINE_10S, _engine_both().replace(" %s %%" % F, ""), {}),
    ("README.md", None, r"with an Fmax proxy of %s MHz; Blokus" % F,
     SYNTH, SYNTH_S4 + r"Fmax proxy [^|]*\| %s MHz" % F, {}),
    ("README.md", None, r"Blokus Duo searches %s M nodes/s" % F,
     BK_SPEED, r"default budget, 4 positions \| \*\*%s M\*\*" % F, {}),
    ("README.md", None, r"\(%s M evaluations/s\)" % F,
     BK_SPEED, r"default budget, 4 positions \| \*\*[\d.]+ M\*\* \| %s M" % F, {}),
    ("README.md", None, r"\(%s s measured at worst\)" % F,
     BK_SPEED, r"\| 19999741 \(default\) \|(?: [^|]* \|){5} %s ms \|" % F, {"scale": 0.001}),
    ("README.md", None, r"has an Fmax proxy of %s MHz" % F,
     SYNTH, SYNTH_BK + r"Fmax proxy [^|]*\| %s MHz" % F, {}),
    ("README.md", None, r"It takes %s LUT4 and (\d+) M4K, and its Fmax proxy is %s MHz" % (N, F),
     SYNTH, SYNTH_RV + r"\| LUT4 \| (\d+) \|.*?\| M4K blocks \| (\d+) \|.*?Fmax proxy [^|]*\| %s MHz" % F,
     {}),
    ("README.md", None, r"scores %s %% against Pentobi level 5" % F,
     BK_TARGETS, _pentobi(5).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"and %s %% against level 6 over" % F,
     BK_TARGETS, _pentobi(6).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"\*\*%s \(%s %%\) against T11 at 3 s" % (W, F),
     S4_ENGINE, _engine_both(), {}),
    ("README.md", None, r"ends a node\) it won %s over 40 games at the contest's 10 s" % W,
     S4_ENGINE_10S, _engine_both(r"40").replace(" %s %%" % F, ""), {}),
    ("README.md", None, r"already there \(%s M nodes/s" % F,
     BK_SPEED, r"default budget, 4 positions \| \*\*%s M\*\*" % F, {}),
    ("README.md", None, r"%s %% at level 3" % F,
     BK_STRENGTH, _pentobi(3).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"and %s %% at level 4" % F,
     BK_STRENGTH, _pentobi(4).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"%s %% at level 5 and" % F,
     BK_TARGETS, _pentobi(5).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"at level 5 and %s %% at level 6" % F,
     BK_TARGETS, _pentobi(6).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"%s %% at level 7" % F,
     BK_STRENGTH, _pentobi(7).replace(r"(\d+) \| (\d+) \| (\d+)", r"\d+ \| \d+ \| \d+"), {}),
    ("README.md", None, r"an Elo of about %s on Pentobi" % N,
     BK_TARGETS, r"Mirror's Elo over all levels \(maximum likelihood\): (\d+)", {"tol": 5}),
    ("README.md", None, r"it scored %s \(%s %%\) against level 5" % (W, F),
     BK_MCTS % "l5", r"\| pentobi-5 \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("README.md", None, r"and %s \(%s %%\) against level 6 over" % (W, F),
     BK_MCTS % "l6", r"\| pentobi-6 \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("README.md", None, r"and %s\s+against the alpha-beta search" % W,
     BK_MCTS % "alphabeta", r"\| alphabeta \| \d+ \| %s \|" % W, {}),
    ("docs/blokus-mcts.md", None, r"\| Pentobi level 5 \| \d+ \| \d+ \| %s \| \*\*%s %%" % (W, F),
     BK_MCTS % "l5", r"\| pentobi-5 \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("docs/blokus-mcts.md", None, r"\| Pentobi level 6 \| \d+ \| \d+ \| %s \| \*\*%s %%" % (W, F),
     BK_MCTS % "l6", r"\| pentobi-6 \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("docs/blokus-mcts.md", None, r"\| Pentobi level 7 \| \d+ \| \d+ \| %s \| \*\*%s %%" % (W, F),
     BK_MCTS % "l7", r"\| pentobi-7 \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("docs/blokus-mcts.md", None, r"its default budget\) \| \d+ \| \d+ \| %s \| \*\*%s %%" % (W, F),
     BK_MCTS % "alphabeta", r"\| alphabeta \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("docs/blokus-mcts.md", None, r"on a third seed, %s \(\*\*%s %% \+-" % (W, F),
     BK_MCTS % "l5-2936", r"\| pentobi-5 \| \d+ \| %s \| %s %%" % (W, F), {}),
    ("docs/blokus-core.md", None, r"it scored \*\*%s %% against level 5 and" % F,
     BK_MCTS % "l5", r"\| pentobi-5 \| \d+ \| \d+-\d+-\d+ \| %s %%" % F, {}),
    ("docs/blokus-core.md", None, r"and %s %% against\s+level 6 \(200 games each\)" % F,
     BK_MCTS % "l6", r"\| pentobi-6 \| \d+ \| \d+-\d+-\d+ \| %s %%" % F, {}),

    # ---- docs/benchmarks.md: Score-4 ---------------------------------------------------
] + [
    ("docs/benchmarks.md", "## Score-4", r"\| %s \| %s \| %s \| %s M \| %s s \|" % (page, N, F, F, F),
     S4_SPEED, r"\| %d \| (\d+) \| \d+ \| \d+ \| %s \| [\d.]+ \| %s \| %s s \|" % (budget, F, F, F), {})
    for page, budget in (("1,000", 1000), ("10,000", 10000), ("100,000", 100000),
                         ("1,000,000", 1000000))
] + [
    ("docs/benchmarks.md", "## Score-4", r"measured \*\*%s s\*\* \(%s cycles, depth (\d+)\)" % (F, N),
     S4_SPEED, r"\| 1 \| 79999128 \| (\d+) \| (\d+) \| %s s" % F, {"order": (2, 1, 0)}),
    ("docs/benchmarks.md", "## Score-4", r"and \*\*%s s\*\* \(%s cycles, depth (\d+)\), each" % (F, N),
     S4_SPEED, r"\| 2 \| 79999128 \| (\d+) \| (\d+) \| %s s" % F, {"order": (2, 1, 0)}),
    ("docs/benchmarks.md", "## Score-4",
     r"cycle for cycle the same\): %s M nodes/s at 1,000,000 nodes against [\d.]+ M before, %s cycles a node"
     % (F, F),
     S4_SPEED, r"\| 1000000 \| \d+ \| \d+ \| \d+ \| %s \| [\d.]+ \| %s \|" % (F, F), {"order": (1, 0)}),
    ("docs/score4-core.md", None, r"about %s cycles per node, \*\*%s M nodes/s\*\* at 50 MHz at 1,000,000" % (F, F),
     S4_SPEED, r"\| 1000000 \| \d+ \| \d+ \| \d+ \| %s \| [\d.]+ \| %s \|" % (F, F), {}),
    ("docs/score4-core.md", None,
     r"budget: %s cycles = \*\*%s s\*\* \(depth (\d+)\), the longer of the\s+benchmark's two runs" % (N, F),
     S4_SPEED, r"\| 2 \| 79999128 \| (\d+) \| (\d+) \| %s s" % F, {"order": (1, 2, 0)}),
    ("docs/benchmarks.md", "## Score-4", r"\| random \| (\d+) \| (\d+) \| (\d+) \| %s %% \|" % F,
     S4_STRENGTH, r"\| \*\*random\*\* \| both \| \d+ \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F, {}),
    ("docs/benchmarks.md", "## Score-4", r"\| greedy \([^|]*\) \| (\d+) \| (\d+) \| (\d+) \| %s %% \|" % F,
     S4_STRENGTH, r"\| \*\*greedy\*\* \| both \| \d+ \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F, {}),
    ("docs/benchmarks.md", "## Score-4", r"\| tenth \([^|]*\) \| (\d+) \| (\d+) \| (\d+) \| %s %% \|" % F,
     S4_STRENGTH, r"\| \*\*tenth\*\* \| both \| \d+ \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F, {}),
    ("docs/benchmarks.md", "## Score-4", r"\| \*\*both\*\* \| 40 \| (\d+) \| (\d+) \| (\d+) \| \*\*%s %%\*\*" % F,
     S4_ENGINE, _engine_both(), {}),
    ("docs/benchmarks.md", "**At the contest's 10 s a move**",
     r"\| \*\*both\*\* \| 40 \| (\d+) \| (\d+) \| (\d+) \| \*\*%s %%\*\*" % F,
     S4_ENGINE_10S, _engine_both(r"40"), {}),
    ("docs/benchmarks.md", "**At the contest's 10 s a move**",
     r"\| first \| 20 \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F,
     S4_ENGINE_10S, r"\| engine \| first \| 20 \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F, {}),
    ("docs/benchmarks.md", "**At the contest's 10 s a move**",
     r"\| second \| 20 \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F,
     S4_ENGINE_10S, r"\| engine \| second \| 20 \| (\d+) \| (\d+) \| (\d+) \| %s %%" % F, {}),
    ("docs/benchmarks.md", "**At the contest's 10 s a move**",
     r"\(%s s and %s M nodes per searched move" % (F, F),
     S4_ENGINE_10S, r"\| \*\*both\*\* \|(?: [^|]* \|){4} %s \| (\d+) \| \d+ of \d+ \|" % F,
     {"scale": (1, 1e-6)}),
    ("docs/score4-core.md", "**Strength.** With the book",
     r"\*\*%s \(%s %%\)\*\*, %s\s+moving first and %s second" % (W, F, W, W),
     S4_ENGINE_10S, r"\| engine \| first \| \d+ \| (\d+) \| (\d+) \| (\d+) \|.*?\| engine \| second "
     r"\| \d+ \| (\d+) \| (\d+) \| (\d+) \|.*?\| \*\*engine\*\* \| both \| \d+ \| (\d+) \| (\d+) "
     r"\| (\d+) \| %s %%" % F, {"order": (6, 7, 8, 9, 0, 1, 2, 3, 4, 5)}),
    ("docs/benchmarks.md", "## Score-4", r"T11 used %s s and %s M nodes per searched move" % (F, F),
     S4_ENGINE, r"\| \*\*both\*\* \|(?: [^|]* \|){4} %s \| (\d+) \| \d+ of \d+ \|" % F,
     {"scale": (1, 1e-6)}),
    ("docs/benchmarks.md", "## Score-4",
     r"%s LUT4 and %s flip-flops, %s %% to %s %% of the EP2C35's logic elements; (\d+) M4K" % (N, N, F, F),
     SYNTH, SYNTH_S4 + r"\| LUT4 \| (\d+) \|.*?\| flip-flops \| (\d+) \|.*?\| %s%% \.\. %s%% \|.*?"
     r"\| M4K blocks \| (\d+) \|" % (F, F), {}),
    ("docs/benchmarks.md", "## Score-4", r"51 M4K\)\. Fmax proxy %s MHz" % F,
     SYNTH, SYNTH_S4 + r"Fmax proxy [^|]*\| %s MHz" % F, {}),

    # ---- docs/benchmarks.md: Blokus Duo ------------------------------------------------
    ("docs/benchmarks.md", "## Blokus Duo", r"median %s cycles = %s us; worst %s cycles = \*\*%s us\*\*" % (N, F, N, F),
     BK_SPEED, r"\| median over the 64 positions [^|]*\| (\d+) \| %s us \| \| \*\*worst\*\*[^|]*\| (\d+) \| \*\*%s us\*\*"
     % (F, F), {}),
    ("docs/benchmarks.md", "## Blokus Duo", r"\*\*%s M\*\* at the default budget \(%s M evaluations and (\d+) k frames" % (F, F),
     BK_SPEED, r"default budget, 4 positions \| \*\*%s M\*\* \| %s M \| (\d+) k" % (F, F), {}),
    ("docs/benchmarks.md", "## Blokus Duo", r"frames a second\); %s M at 100,000" % F,
     BK_SPEED, r"budget 100000, all positions \| \*\*%s M\*\*" % F, {}),
    ("docs/benchmarks.md", "## Blokus Duo", r"worst measured \| %s cycles = \*\*%s s\*\*" % (N, F),
     BK_SPEED, r"\| 19999741 \(default\) \|(?: [^|]* \|){4} (\d+) \| %s ms \|" % F, {"scale": (1, 0.001)}),
] + [
    ("docs/score4-core.md", "### Why this search", r"scored \*\*%s \(%s %%\)\*\* against the search that clears it, over (\d+)" % (W, F),
     S4_WARM, r"\| \*\*both\*\* \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| \*\*%s %%\*\*" % F,
     {"order": (1, 2, 3, 4, 0)}),
    ("docs/score4-core.md", "### Why this search",
     r"Step w, a win at once ends the node .*?"
     r"completes \*\*%s plies against %s\*\*, and over\s+(\d+) games from paired openings it won "
     r"\*\*%s \(%s %% \+- %s\)\*\*,\s+%s %% moving first and %s %% second \(seed (\d+);" % (F, F, W, F, F, F, F),
     S4_WIN_STEP, r"\| seed \| (\d+) \|.*?\| with step w \| \d+ \| %s \|.*?\| without step w \| \d+ \| %s \|.*?"
     r"\| first \| \d+ \| [\d-]+ \| %s %% \| \| second \| \d+ \| [\d-]+ \| %s %% \| "
     r"\| \*\*both\*\* \| (\d+) \| %s \| \*\*%s %%\*\* \(\+- %s\)" % (F, F, F, F, W, F, F),
     {"order": (1, 2, 5, 6, 7, 8, 9, 10, 3, 4, 0)}),
    ("docs/score4-core.md", "### Why this search",
     r"At 8 M nodes,\s+a fresh seed and (\d+) games \(`score4-win-step-8m.md`\), \*\*%s plies\s+against %s\*\* "
     r"and \*\*%s \(%s %% \+- %s\)\*\*" % (F, F, W, F, F),
     S4_WIN_STEP_8M, r"\| with step w \| \d+ \| %s \|.*?\| without step w \| \d+ \| %s \|.*?"
     r"\| \*\*both\*\* \| (\d+) \| %s \| \*\*%s %%\*\* \(\+- %s\)" % (F, F, W, F, F),
     {"order": (2, 0, 1, 3, 4, 5, 6, 7)}),
    ("docs/benchmarks.md", None, r"\| %s s for (\d+) games at 2 M nodes on 2 cores \(a synthesis" % N,
     S4_WIN_STEP, r"wall time %s s .*?\| \*\*both\*\* \| (\d+) \|" % N, {}),
    ("docs/score4-core.md", "### Why this search",
     r"Depth-preferred replacement \(30 Nov 2026\).*?"
     r"completes \*\*%s plies against %s\*\*, and over\s+(\d+) games from paired openings it won "
     r"\*\*%s \(%s %% \+- %s\)\*\*,\s+%s %% moving first and %s %% second" % (F, F, W, F, F, F, F),
     S4_REPLACE, r"\| depth-preferred \| \d+ \| %s \|.*?\| always replace \| \d+ \| %s \|.*?"
     r"\| first \| \d+ \| [\d-]+ \| %s %% \| \| second \| \d+ \| [\d-]+ \| %s %% \| "
     r"\| \*\*both\*\* \| (\d+) \| %s \| \*\*%s %%\*\* \(\+- %s\)" % (F, F, F, F, W, F, F),
     {"order": (0, 1, 4, 5, 6, 7, 8, 9, 2, 3)}),
    ("docs/score4-core.md", "### Why this search",
     r"\(`score4-replacement-8m.md`\), \*\*%s plies against\s+%s\*\* and \*\*%s \(%s %% \+- %s\)\*\*"
     % (F, F, W, F, F),
     S4_REPLACE_8M, r"\| depth-preferred \| \d+ \| %s \|.*?\| always replace \| \d+ \| %s \|.*?"
     r"\| \*\*both\*\* \| \d+ \| %s \| \*\*%s %%\*\* \(\+- %s\)" % (F, F, W, F, F), {}),
    ("docs/benchmarks.md", None, r"\| %s s for (\d+) games at 2 M nodes on 2 cores" % N,
     S4_REPLACE, r"wall time %s s .*?\| \*\*both\*\* \| (\d+) \|" % N, {}),
    ("docs/benchmarks.md", None, r"\| %s s \(17 min\) at 1 job for the (\d+) games of record" % N,
     S4_WARM, r"wall time %s s .*?\| \*\*both\*\* \| (\d+) \|" % N, {}),
    ("docs/score4-core.md", "## The opening book", r"took\s+%s s on 2 cores" % N,
     S4_BOOK, r'"seconds": ([\d.]+), "per_ply"', {}),
    ("docs/score4-core.md", "## The opening book", r"\*\*(\d+) of (\d+) \(4\)\*\*",
     S4_BOOK, r'"4": \{ "entries": (\d+), "default_differs": (\d+)', {"order": (1, 0)}),
    ("docs/score4-core.md", "## The opening book",
     r"holds (\d+) of\s+our (\d+) entries .*? agree, up to a symmetry of the position, in (\d+) "
     r"and differ in (\d+)",
     S4_BOOK_T11, r"(\d+) canonical entries.*?T11 holds (\d+) of ours; the moves agree \(up to a "
     r"symmetry fixing the position\) in (\d+) of them, differ in (\d+)", {"order": (1, 0, 2, 3)}),
] + [
    ("docs/benchmarks.md", "## Blokus Duo", r"\| %s \| %s \| (\d+) / (\d+) \| %s \| %s ms \|" % (page, N, N, F),
     BK_SPEED, r"\| %d \| \d+ \| (\d+) / \d+ \| (\d+) / (\d+) \| \d+ \| (\d+) \| %s ms \|" % (budget, F), {})
    for page, budget in (("1", 1), ("1,000", 1000), ("10,000", 10000), ("100,000", 100000))
] + [
    ("docs/benchmarks.md", "## Blokus Duo",
     r"\| 19,999,741 \(default, 4 positions\) \| %s \| (\d+) / (\d+) \| %s \| %s ms \|" % (N, N, F),
     BK_SPEED, r"\| 19999741 \(default\) \| \d+ \| (\d+) / \d+ \| (\d+) / (\d+) \| \d+ \| (\d+) \| %s ms \|" % F, {}),
] + [
    ("docs/benchmarks.md", "## Blokus Duo", r"\| %s \| %s \| %s %% \|" % (name, W, F),
     BK_STRENGTH, r"\| %s \| \d+ \| (\d+) \| (\d+) \| (\d+) \| %s %%" % (source, F), {})
    for name, source in (("random", "random"), ("first legal move", "first"),
                         (r"greedy \([^|]*\)", "greedy"))
] + [
    ("docs/benchmarks.md", "## Blokus Duo", r"\| Pentobi level %d \(\d+\) \| %s \| %s %% \| ([^|]+?) \|" % (level, W, F),
     BK_STRENGTH, _pentobi(level) + r".*?" + _pentobi_elo(level), {})
    for level in (3, 4, 5, 6, 7)
] + [
    ("docs/benchmarks.md", "## Blokus Duo", r"Fitted over all levels: \*\*(\d+)\*\*",
     BK_STRENGTH, r"Mirror's Elo over all levels \(maximum likelihood\): (\d+)", {}),
    ("docs/benchmarks.md", "## Blokus Duo", r"The mirror spent %s s a move on average on the shared machine \(%s M nodes" % (F, F),
     BK_STRENGTH, r"Mirror moves: \d+, %s ms average, [\d.]+ ms max per search [^;]*; (\d+) nodes average" % F,
     {"scale": (0.001, 1e-6)}),
] + [
    ("docs/benchmarks.md", "## Blokus Duo",
     r"\| Pentobi level %d \(\d+\) \| %s \| %s %% \| (\d+) \((\d+) to (\d+)\) \|" % (level, W, F),
     BK_TARGETS, r"\| %d \| \d+ \| \d+ \| %s \| %s %% \| (\d+) \| (\d+) to (\d+) \|" % (level, W, F), {})
    for level in (5, 6)
] + [
    ("docs/benchmarks.md", "## Blokus Duo", r"Fitted over both: \*\*(\d+)\*\*",
     BK_TARGETS, r"Mirror's Elo over all levels \(maximum likelihood\): (\d+)", {}),
    ("docs/benchmarks.md", "## Blokus Duo",
     r"%s LUT4 and %s flip-flops, %s %% to %s %% of the EP2C35's logic elements; (\d+) M4K blocks.*?"
     r"Fmax proxy %s MHz" % (N, N, F, F, F),
     SYNTH, SYNTH_BK + r"\| LUT4 \| (\d+) \|.*?\| flip-flops \| (\d+) \|.*?\| %s%% \.\. %s%% \|.*?"
     r"\| M4K blocks \| (\d+) \|.*?Fmax proxy [^|]*\| %s MHz" % (F, F, F), {}),
] + [
    ("docs/synth.md", "## Larger Reversi boards",
     r"\| boards up to 10 x 10 \(`bench/results/synth-reversi-10.md`\) \| %s \| %s \|"
     r"[^|]*\|[^|]*\| %s MHz" % (N, N, F),
     SYNTH_RV10, r"\| LUT4 \| (\d+) \|.*?\| flip-flops \| (\d+) \|.*?Fmax proxy [^|]*\| %s MHz" % F,
     {}),
    ("docs/synth.md", "## Larger Reversi boards",
     r"\| boards up to 12 x 12 \(`bench/results/synth-reversi-12.md`\) \| %s \| %s \|"
     r"[^|]*\|[^|]*\| %s MHz" % (N, N, F),
     SYNTH_RV12, r"\| LUT4 \| (\d+) \|.*?\| flip-flops \| (\d+) \|.*?Fmax proxy [^|]*\| %s MHz" % F,
     {}),
] + [
    ("docs/benchmarks.md", "## Reversi", r"\| %s \| %s \| %s %% \|" % (name, W, F),
     RV_WEIGHTS, _reversi(source), {})
    for name, source in REVERSI_ROWS
] + [
    ("docs/benchmarks.md", "## Reversi", r"\| %s, of record \| %s \| %s %% \|" % (name, W, F),
     RV_STRENGTH, _reversi(source), {})
    for name, source in REVERSI_RECORD_ROWS
] + [
    ("docs/benchmarks.md", "## Reversi", r"Against NTest at depth 8 the search averaged %s M nodes and depth %s\s+"
     r"a move in that run" % (F, F),
     RV_STRENGTH, r"\| nboard-d8 \|(?: [^|]* \|){3} (\d+) \| %s \|" % F, {"scale": (1e-6, 1)}),
    ("docs/benchmarks.md", "## Reversi", r"the mean disc margin was\s+([+-][\d.]+)\. The first target",
     RV_STRENGTH, r"\| \*\*nboard-d8\*\* \| both \| \d+ \| \d+-\d+-\d+ \| [\d.]+ % \| ([+-][\d.]+) \|", {}),
    ("docs/reversi-core.md", None, r"NTest at depth 4 \*\*%s \(%s %%\)\*\* and at depth 8 \*\*%s \(%s %%\)\*\*\s+"
     r"over 100 games each, and \*\*[\d-]+ \([\d.]+ %%\)\*\* against the search issue 31" % (W, F, W, F),
     RV_STRENGTH, _reversi("nboard-d4") + r".*?" + _reversi("nboard-d8"), {}),
    ("docs/reversi-core.md", None, r"\*\*%s \(%s %%\)\*\* against the search issue 31\s+was filed against" % (W, F),
     RV_STRENGTH, _reversi("baseline"), {}),
    ("docs/benchmarks.md", None, r"and first-legal\) took %s s \(\d+ min\) in the report's run" % N,
     RV_STRENGTH, r"wall time (\d+)\.\d+ s", {}),
    ("docs/reversi-core.md", None, r"Against depth 8 the core's search averaged %s M nodes a move" % F,
     RV_STRENGTH, r"\| nboard-d8 \|(?: [^|]* \|){3} (\d+) \|", {"scale": (1e-6,)}),
    ("docs/benchmarks.md", "## Reversi", r"against depth 8\) is not: %s %% is one standard error" % F,
     RV_STRENGTH, r"\| \*\*nboard-d8\*\* \| both \| \d+ \| \d+-\d+-\d+ \| %s %%" % F, {}),
] + [
    ("docs/benchmarks.md", "## Reversi", r"\| %s, with the tables \| %s \| %s %% \|" % (name, W, F),
     RV_PATTERNS, _reversi(source), {})
    for name, source in REVERSI_PATTERN_ROWS
] + [
    ("docs/benchmarks.md", "## Reversi", r"At depth 12 it scored %s \(%s %%\) over 40 games \(seed 5603" % (W, F),
     RV_PATTERNS_D12, _reversi("nboard-d12"), {}),
    ("docs/benchmarks.md", "## Reversi", r"Against NTest at depth\s+8 the search averaged %s M nodes and reached depth %s" % (F, F),
     RV_PATTERNS, r"\| nboard-d8 \|(?: [^|]* \|){3} (\d+) \| %s \|" % F, {"scale": (1e-6, 1)}),
    ("docs/reversi-core.md", None, r"NTest at depth 4 \*\*%s \(%s %%\)\*\* and at depth 8 \*\*%s \(%s %%\)\*\*\s+"
     r"over 100 games each, mean disc margins of ([+-][\d.]+) and ([+-][\d.]+)" % (W, F, W, F),
     RV_PATTERNS, _reversi("nboard-d4") + r" \| ([+-][\d.]+) \|.*?" + _reversi("nboard-d8")
     + r" \| ([+-][\d.]+) \|", {"order": (0, 1, 2, 3, 5, 6, 7, 8, 4, 9)}),
    ("docs/reversi-core.md", None, r"at depth 12\s+%s \(%s %%\) over 40 games \(seed 5603" % (W, F),
     RV_PATTERNS_D12, _reversi("nboard-d12"), {}),
    ("docs/reversi-core.md", None, r"the core of record scored\s+\*\*%s \(%s %%\) over 100 games\*\*, a mean disc "
     r"margin of \+([\d.]+) \(seed\s+5605" % (W, F),
     RV_PATTERNS_BASELINE, _reversi("baseline") + r" \| \+([\d.]+) \|", {}),
    ("docs/benchmarks.md", "## Reversi", r"it scored %s \(%s %%, a mean disc margin of\s+\+([\d.]+)\) over 100 "
     r"games \(seed 5605" % (W, F),
     RV_PATTERNS_BASELINE, _reversi("baseline") + r" \| \+([\d.]+) \|", {}),
    ("README.md", None, r"killers it scores %s against\s+NTest at depth 4" % W,
     RV_KILLERS, _reversi("nboard-d4").replace(" %s %%" % F, ""), {}),
    ("README.md", None, r"and %s at depth 8 over 100 games each" % W,
     RV_KILLERS, _reversi("nboard-d8").replace(" %s %%" % F, ""), {}),
] + [
    ("docs/benchmarks.md", "## Reversi", r"\| %s, with killers \| %s \| %s %% \|" % (name, W, F),
     RV_KILLERS, _reversi(source), {})
    for name, source in REVERSI_PATTERN_ROWS
] + [
    ("docs/benchmarks.md", "## Reversi", r"At depth 12 it scored %s \(%s %%\) over 40 games \(seed 5705" % (W, F),
     RV_KILLERS_D12, _reversi("nboard-d12"), {}),
    ("docs/benchmarks.md", "## Reversi", r"Against NTest at depth 8\s+it averaged %s M nodes and depth %s" % (F, F),
     RV_KILLERS, r"\| nboard-d8 \|(?: [^|]* \|){3} (\d+) \| %s \|" % F, {"scale": (1e-6, 1)}),
    ("docs/benchmarks.md", "## Reversi", r"without them\s+\(commit d4ad960\), %s \(%s %%\) over 200 games" % (W, F),
     RV_KILLER_MATCH, _reversi("baseline"), {}),
    ("docs/reversi-core.md", None, r"scored \*\*%s\s+\(%s %%\)\*\* against the same search without them" % (W, F),
     RV_KILLER_MATCH, _reversi("baseline"), {}),
    ("docs/reversi-core.md", None, r"NTest at depth 4 %s \(%s %%\) and at depth 8 %s \(%s %%\) over\s+100 games each, "
     r"mean disc margins of ([+-][\d.]+) and ([+-][\d.]+)" % (W, F, W, F),
     RV_KILLERS, _reversi("nboard-d4") + r" \| ([+-][\d.]+) \|.*?" + _reversi("nboard-d8")
     + r" \| ([+-][\d.]+) \|", {"order": (0, 1, 2, 3, 5, 6, 7, 8, 4, 9)}),
    ("docs/reversi-core.md", None, r"at depth 12 %s\s+\(%s %%\) over 40 games \(seed 5705" % (W, F),
     RV_KILLERS_D12, _reversi("nboard-d12"), {}),
] + [
    ("docs/benchmarks.md", "## Reversi", r"before the solver it reached\s+depth %s on average at its budget" % F,
     RV_WEIGHTS, r"\| \*\*all\*\* \|(?: [^|]* \|){4} %s \|" % F, {}),
    ("docs/benchmarks.md", "## Reversi", r"at depth 12 it scored %s \(%s %%\) over 40 games" % (W, F),
     RV_D12, _reversi("nboard-d12"), {}),
    ("docs/reversi-core.md", None, r"at depth 12 %s \(%s %%\) over 40 games" % (W, F),
     RV_D12, _reversi("nboard-d12"), {}),
    # ---- the endgame solver: its strength and its reach ----------------------------------
    ("docs/benchmarks.md", "## Reversi", r"\| NTest, depth 4, with the solver \| %s \| %s %% \|" % (W, F),
     RV_SOLVER, _reversi("nboard-d4"), {}),
    ("docs/benchmarks.md", "## Reversi", r"\| NTest, depth 8, with the solver \| %s \| %s %% \|" % (W, F),
     RV_SOLVER, _reversi("nboard-d8"), {}),
    ("docs/reversi-core.md", None, r"At depth 12 \(the moonshot\) it scored\s+%s \(%s %%\)" % (W, F),
     RV_SOLVER_D12, _reversi("nboard-d12"), {}),
    ("docs/benchmarks.md", "## Reversi", r"with the endgame solver\s+%s \(%s %%\) \(seed 4701" % (W, F),
     RV_SOLVER_D12, _reversi("nboard-d12"), {}),
    ("docs/reversi-core.md", None, r"scored \*\*%s \(%s %%\) over 100 games\*\*, a mean" % (W, F),
     RV_BASELINE, _reversi("baseline"), {}),
    ("docs/benchmarks.md", "## Reversi", r"with the solver, scored %s \(%s %%, a" % (W, F),
     RV_BASELINE, _reversi("baseline"), {}),
    ("docs/blokus-mcts.md", None, r"costs give ([\d,]+) playouts\s+a move in the opening",
     BK_TREE_COSTS, r"\| golden \| plies 2-9 \| \d+ \| (\d+) \|", {}),
    ("docs/blokus-mcts.md", None, r"where the costs before gave (\d+\.\d) %, (\d+\.\d) % and (\d+\.\d) %\s+more",
     BK_TREE_COSTS, r"\| before \| plies 2-9 \| \d+ \| \d+ \| \+(\d+\.\d) %.*?\| before \| plies 10-19 \| \d+ \| "
     r"\d+ \| \+(\d+\.\d) %.*?\| before \| plies 20-29 \| \d+ \| \d+ \| \+(\d+\.\d) %", {}),
    ("docs/blokus-mcts.md", None, r"would get (\d+\.\d) %,\s+(\d+\.\d) % and (\d+\.\d) % more than the plan",
     BK_TREE_COSTS, r"\| memory \| plies 2-9 \| \d+ \| \d+ \| \+(\d+\.\d) %.*?\| memory \| plies 10-19 \| \d+ \| "
     r"\d+ \| \+(\d+\.\d) %.*?\| memory \| plies 20-29 \| \d+ \| \d+ \| \+(\d+\.\d) %", {}),
    ("docs/blokus-mcts.md", None, r"playouts a move in the opening \(plies 2-9\), ([\d,]+) in plies 10-19 and\s+([\d,]+) "
     r"in plies 20-29",
     BK_TREE_COSTS, r"\| golden \| plies 10-19 \| \d+ \| (\d+) \|.*?\| golden \| plies 20-29 \| \d+ \| (\d+) \|", {}),
    ("docs/blokus-mcts.md", None, r"the tree unit is busy (\d+) %, (\d+) % and (\d+) % of the time, so late",
     BK_TREE_COSTS, r"\| golden \| plies 2-9 \| \d+ \| \d+ \| [^|]* \| (\d+) %.*?\| golden \| plies 10-19 \| \d+ "
     r"\| \d+ \| [^|]* \| (\d+) %.*?\| golden \| plies 20-29 \| \d+ \| \d+ \| [^|]* \| (\d+) %", {}),
]
# the tree unit's operations built: the page's table (LUT4, flip-flops, Fmax proxy) and the synthesis
FIGURES += [
    ("docs/blokus-mcts.md", None, r"\| `%s` \|[^|]*\| %s \| %s \| %s MHz \|" % (block, N, N, F),
     BK_SYNTH_UNITS, r"\| `%s`(?: \([^|]*\))? \| (\d+) \| (\d+) \| \d+ \| \d+ \| [^|]* \| %s MHz \|"
     % (block, F), {})
    for block in ("blokus_tree_update", "blokus_tree_select", "blokus_tree_rave",
                  "blokus_tree_expand", "blokus_tree_backup", "blokus_tree_descent",
                  "blokus_tree_unit", "blokus_explore", "blokus_playout", "blokus_playout_unit",
                  "blokus_child_select", "blokus_expand_scan", "blokus_stats_update")
]
FIGURES += [
    ("docs/reversi-core.md", None, r"NTest at depth 4 \*\*%s \(%s %%\)\*\* and at depth 8" % (W, F),
     RV_SOLVER, _reversi("nboard-d4"), {}),
    ("docs/reversi-core.md", None, r"and at depth 8 \*\*%s \(%s %%\)\*\*" % (W, F),
     RV_SOLVER, _reversi("nboard-d8"), {}),
    ("docs/reversi-core.md", None, r"scored %s \(%s %%\) at depth 4 \(seed 4302\)" % (W, F),
     RV_SOLVER_FIRST % 4, _reversi("nboard-d4"), {}),
    ("docs/reversi-core.md", None, r"\(seed 4302\) and\s*%s \(%s %%\) at depth 8" % (W, F),
     RV_SOLVER_FIRST % 8, _reversi("nboard-d8"), {}),
    ("docs/benchmarks.md", "## Reversi", r"finished for all 20 positions of 15\s*empties, (\d+) of 16, (\d+) of 17 and (\d+) of 18",
     RV_ENDGAME, r"\| 16 \| 20 \| (\d+) \|.*?\| 17 \| 20 \| (\d+) \|.*?\| 18 \| 20 \| (\d+) \|", {}),
    ("docs/reversi-core.md", None, r"NTest at depth 4 \*\*%s \(%s %%\) over 100 games\*\*" % (W, F),
     RV_WEIGHTS, _reversi("nboard-d4"), {}),
    ("docs/benchmarks.md", "## Reversi", r"in the study they scored %s against depth 4" % W,
     RV_STUDY, r"\| linear, 15 weights a stage \| \*\*%s\*\*" % W, {}),
    # the pattern tables' study at the core's budget against NTest at depth 8
    ("docs/benchmarks.md", "## Reversi", r"they scored %s \(%s %%\)\s+against NTest at depth 8 "
     r"with three stage groups" % (W, F), RV_PATTERNS_D8 % "groups3", _reversi("nboard-d8"), {}),
    ("docs/benchmarks.md", "## Reversi", r"and %s \(%s %%\) with one\s+pair for every stage"
     % (W, F), RV_PATTERNS_D8 % "groups1", _reversi("nboard-d8"), {}),
    ("docs/benchmarks.md", "## Reversi", r"where the current weights scored %s \(%s %%\) on the\s+same"
     % (W, F), RV_PATTERNS_D8 % "current", _reversi("nboard-d8"), {}),
    ("docs/reversi-core.md", None, r"that chose them measured %s at depth 8 at 2,631,713" % W,
     RV_PATTERNS_D8 % "groups3", _reversi("nboard-d8").replace(" %s %%" % F, ""), {}),
    ("docs/reversi-core.md", None, r"nodes and\s+%s at 2,322,099 on the same 100 openings" % W,
     RV_PATTERNS_D8 % "groups3-budget17", _reversi("nboard-d8").replace(" %s %%" % F, ""), {}),
    ("docs/reversi-core.md", None, r"measured no loss\s+from it: %s at 2,322,099 nodes against %s" % (W, W),
     RV_PATTERNS_D8 % "groups3-budget17", _reversi("nboard-d8").replace(" %s %%" % F, ""), {}),
]

# two playout units, not three (docs/blokus-mcts.md): the units compared on the same
# openings, the three-unit strength of record, the blocks as the Cyclone II builds them
BK_UNITS = "bench/results/blokus-mcts-golden-units-%d-s%d.md"
BK_MCTS_3 = "bench/results/blokus-mcts-golden-3units-%s.md"
_PENTOBI5 = r"\| pentobi-5 \| \d+ \| %s \| %s %% \+- %s \| [^|]* \| (\d+) \|" % (W, F, F)
_UNIT_CELL = r"%s \((?:\*\*)?%s %% \+- %s(?:\*\*)?\), %s" % (W, F, F, N)
FIGURES += [
    ("docs/blokus-mcts.md", "### Two playout units",
     r"\| %d \| \d+ \|%s %s" % (seed, r"[^|]*\|" * column, _UNIT_CELL),
     BK_UNITS % (units, seed), _PENTOBI5, {})
    for seed, units, column in ((5204, 3, 0), (5204, 2, 1), (5202, 3, 0), (5202, 2, 1),
                                (5201, 3, 0), (5201, 1, 2))
] + [
    ("docs/blokus-mcts.md", None,
     r"\| Pentobi level %d \| %d \| \d+ \| %s \| %s %% \+- %s \|" % (level, seed, W, F, F),
     BK_MCTS_3 % ("l%d" % level), r"\| pentobi-%d \| \d+ \| %s \| %s %% \+- %s \|" % (level, W, F, F),
     {})
    for level, seed in ((5, 2933), (6, 2934), (7, 2937))
] + [
    ("docs/blokus-mcts.md", None,
     r"default budget\) \| 2935 \| \d+ \| %s \| %s %% \+- %s \|" % (W, F, F),
     BK_MCTS_3 % "alphabeta", r"\| alphabeta \| \d+ \| %s \| %s %% \+- %s \|" % (W, F, F), {}),
]
FIGURES += [
    ("docs/blokus-mcts.md", "### Two playout units",
     r"\| `%s` \(%s[^|]*\) \| %s \| %s \| (\d+) \| %s \| (\d+) \|" % (block, what, N, N, N),
     BK_SYNTH_UNITS, r"\| `%s` \(%s[^|]*\) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|"
     % (block, what), {})
    for block, what in (("blokus_playout", "a playout unit without"),
                        ("blokus_playout_unit", "a playout unit with"),
                        ("blokus_tree_unit", "two units"))
] + [
    ("docs/blokus-mcts.md", "### Two playout units",
     r"3 x 9,701 \+ %s = %s LUT4 of the netlist" % (N, N),
     BK_SYNTH_UNITS, r"3 x 9701 \+ (\d+) = (\d+) LUT4 of the netlist", {}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"took 2 x %s \+ %s = %s LUT4 of the netlist \(%s without\s+the scan sides\)" % (N, N, N, N),
     BK_SYNTH_UNITS, r"with its scan side: 2 x (\d+) \+ (\d+) = (\d+), which leaves \d+ .*?"
     r"Without the scan sides \(2 x \d+ \+ \d+ = (\d+)\)", {}),
    # the whole search's logic elements by the packing model (synth.fit), before and after
    # the sums' delay went to a RAM, and the generic count of the same day
] + [
    ("docs/blokus-mcts.md", "### Two playout units",
     r"\| %s \| %s \| %s \| %s \| \*\*%s\*\* \| %s %% \|" % (row, N, N, N, N, F),
     source, r"\| LUT4 \(LUT4 cells and two a carry cell\) \| (\d+) \| \| \| flip-flops \| (\d+) \| \| "
     r"\| flip-flops in the LE of the LUT4 that feeds them \| (\d+) \| \| \| \*\*LEs by the model\*\* "
     r"\(LUT4 \+ the other flip-flops\) \| \*\*(\d+)\*\* \| \*\*([\d.]+) %\*\*", {})
    for row, source in ((r"before \(commit cce2eea\)", BK_FIT % "-cce2eea"),
                        (r"the sums' delay in a RAM \(`hdl/delay_line.py`\)", BK_FIT % "-delay-ram"),
                        (r"and the policy's weights summed by groups of equal weight "
                         r"\(`hdl/grouped_weighted_sum.py`\)", BK_FIT % "-grouped"),
                        (r"and the expansion's free map read from the window scan "
                         r"\(`forbidden7`\)", BK_FIT % ""))
] + [
    ("docs/blokus-mcts.md", "### Two playout units",
     r"Both ends now: at least %s \(every flip-flop packed\), at most\s+%s" % (N, N), BK_FIT % "",
     r"\| LEs at the least \(max\(LUT4, FF\)\) \| (\d+) \|.*?\| LEs at the most \(LUT4 \+ FF\) \| (\d+) \|",
     {}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"generic count of `make synth-report`'s check is\s+%s LUT4 and %s flip-flops, %s, with %s M4K"
     % (N, N, N, N), BK_SYNTH_UNITS,
     r"the shared map: (\d+) LUT4, (\d+) flip-flops \((\d+) together\), (\d+) M4K", {}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"the search leaves %s logic elements for the rest of the core" % N, BK_FIT % "",
     r"within the EP2C35 \((\d+) LEs left\)", {}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"%s of the flip-flops that stood alone at\s+cce2eea were fed" % N,
     BK_FIT % "-cce2eea", r"a flip-flop (\d+),", {}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"with\s+the sums' delay in a RAM \(below\), %s:" % N, BK_FIT % "-delay-ram",
     r"a flip-flop (\d+),", {}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"takes %s logic elements by the model, its move check %s,\s+the serial front end %s, the "
     r"parser %s and the sender %s, %s in\s+all" % (N, N, N, N, N, N), BK_SYNTH_UNITS,
     r"`blokus_board` (\d+) .*?`blokus_move_check` (\d+), `serial_front_end` (\d+) .*?"
     r"`blokus_parser` (\d+), `message_tx` (\d+): (\d+) in all", {}),
    ("README.md", None, r"move check and\s+serial blocks \(%s\)" % N, BK_SYNTH_UNITS,
     r"`message_tx` \d+: (\d+) in all", {}),
    ("README.md", None, r"search takes %s of its 33,216 logic elements \(%s LUT4" % (N, N),
     BK_FIT % "", r"\*\*LEs by the model\*\* \(LUT4 \+ the other flip-flops\) \| \*\*(\d+)\*\*.*?"
     r"\| LEs at the least \(max\(LUT4, FF\)\) \| (\d+) \|", {}),
    ("docs/blokus-core.md", None, r"with two units takes %s of the\s+EP2C35's 33,216" % N,
     BK_FIT % "", r"\*\*LEs by the model\*\* \(LUT4 \+ the other flip-flops\) \| \*\*(\d+)\*\*", {}),
    ("docs/synth.md", None, r"measures %s generic LUT4 and %s flip-flops, %s" % (N, N, N),
     BK_SYNTH_UNITS, r"the shared map: (\d+) LUT4, (\d+) flip-flops \((\d+) together\)", {}),
    ("docs/synth.md", None, r"against the %s LUT4 of its ECP5 netlist" % N, BK_FIT % "",
     r"\| LEs at the least \(max\(LUT4, FF\)\) \| (\d+) \|", {}),
] + [
    ("docs/blokus-mcts.md", None, r"groups\), the report's flow gave %s MHz at the same seed" % F,
     BK_SYNTH_UNITS, r"\(commit 030f949's Verilog\).*?: \*\*%s MHz\*\*" % F, {}),
    # the whole search's Fmax proxy, routed (router2), and with the reset on a global line
    ("docs/blokus-mcts.md", None, r"\*\*Its Fmax proxy: %s MHz, %s with the reset on a global line"
     % (F, F), BK_SYNTH_UNITS, r"routed %s MHz, the path the reset net alone.*?routed \*\*%s MHz\*\*, "
     r"the path inside a playout unit" % (F, F), {}),
    ("README.md", None, r"routed whole, is %s MHz" % F, BK_SYNTH_UNITS,
     r"\(commit 030f949's Verilog\).*?: \*\*%s MHz\*\*" % F, {}),
    ("README.md", None, r"before the last cuts %s, and\s+%s with the reset on a global" % (F, F),
     BK_SYNTH_UNITS, r"routed %s MHz, the path the reset net alone.*?routed \*\*%s MHz\*\*, "
     r"the path inside a playout unit" % (F, F), {}),
]
BK_PLAYOUT_UNIT = "bench/results/blokus-playout-unit.md"
FIGURES += [
    ("docs/blokus-mcts.md", "The playout-unit report's table of the unit's cycles",
     r"\| %s \| %s \| %s \| (\d+) \| %s \| (\d+) \| (\d+) %% \| (\d+) %% \|" % (phase, N, F, N),
     BK_PLAYOUT_UNIT, r"\| %s \| \d+ \| (\d+) \| %s \| (\d+) \| (\d+) \| (\d+) \| (\d+) %% \| (\d+) %% \|"
     % (phase, F), {})
    for phase in ("plies 2-9", "plies 10-19", "plies 20-29")
] + [
    ("docs/blokus-mcts.md", None, r"gets %s playouts a move in\s+the opening on the same positions with its two units" % N,
     BK_PLAYOUT_UNIT, r"\| plies 2-9 \| \d+ \| (\d+) \|", {}),
    ("docs/blokus-mcts.md", None, r"held at most %s nodes on these positions" % N,
     BK_PLAYOUT_UNIT, r"\| plies 2-9 \| (?:[^|]*\|){9} (\d+) \|", {}),
]
FIGURES += [
    ("docs/blokus-mcts.md", "**The playout unit's blocks**",
     r"\| `%s` \([^|]*\) \| %s \| %s \| (\d+) \|" % (block, N, N),
     BK_PLAYOUT_UNIT, r"\| `%s` \| (\d+) \| (\d+) \| (\d+) \|" % block, {})
    for block in ("blokus_local_cells", "blokus_policy_weights", "blokus_policy_draw",
                  "blokus_placement", "blokus_playout")
]
# the whole Monte-Carlo core (blokus_mcts_top) by synth.fit's packing model
_CORE_FIT_LES = (r"\*\*LEs by the model\*\* \(LUT4 \+ the other flip-flops\) \| \*\*(\d+)\*\*.*?"
                 r"within the EP2C35 \((\d+) LEs left\)")
FIGURES += [
    ("docs/blokus-mcts.md", "### Its size",
     r"takes \*\*%s of the EP2C35's 33,216 logic elements\*\*: %s LUT4 of the netlist and %s "
     r"flip-flops, with %s of the 35 multipliers\. That leaves \*\*%s\*\*" % (N, N, N, N, N),
     BK_CORE_FIT % "",
     r"\| LUT4 \(LUT4 cells and two a carry cell\) \| (\d+) \|.*?\| flip-flops \| (\d+) \|.*?"
     r"\*\*LEs by the model\*\* \(LUT4 \+ the other flip-flops\) \| \*\*(\d+)\*\*.*?"
     r"\| 18 x 18 multipliers \| (\d+) \|.*?within the EP2C35 \((\d+) LEs left\)",
     {"order": (2, 0, 1, 3, 4)}),
    ("docs/blokus-mcts.md", "### Two playout units",
     r"By the model the\s+whole core takes %s logic elements, %s left" % (N, N), BK_CORE_FIT % "",
     _CORE_FIT_LES, {}),
    ("README.md", None, r"whole, it takes %s logic elements by\s+the model, %s left" % (N, N),
     BK_CORE_FIT % "", _CORE_FIT_LES, {}),
    ("docs/blokus-mcts.md", "### Its size",
     r"`blokus_move_code`, which both engines now share\) measured %s, with\s+%s LUT4 and the "
     r"same flip-flops: %s left" % (N, N, N), BK_CORE_FIT % "-inline-code",
     r"\| LUT4 \(LUT4 cells and two a carry cell\) \| (\d+) \|.*?"
     r"\*\*LEs by the model\*\* \(LUT4 \+ the other flip-flops\) \| \*\*(\d+)\*\*.*?"
     r"within the EP2C35 \((\d+) LEs left\)", {"order": (1, 0, 2)}),
]
BK_DE2_FIT = "bench/results/blokus-mcts-de2-fit.md"     # the Monte-Carlo core's DE2 top level
FIGURES += [
    ("docs/blokus-mcts.md", "### Its size",
     r"`blokus_mcts_de2` \(the core with the displays, LEDs and\s+the SDRAM's pins\) takes "
     r"%s logic elements by the same model, %s left" % (N, N), BK_DE2_FIT, _CORE_FIT_LES, {}),
    ("docs/blokus-mcts.md", "### On the board",
     r"By the packing model it takes\s+%s logic elements, %s left" % (N, N), BK_DE2_FIT,
     _CORE_FIT_LES, {}),
]
BK_CORE_SYNTH = "bench/results/synth-blokus-mcts-core.md"
FIGURES += [
    ("docs/blokus-mcts.md", "### Its size", r"\*\*Fmax proxy: %s MHz\*\*" % F, BK_CORE_SYNTH,
     r"\| Fmax proxy \(LFE5U-45K, registered I/O\) \| %s MHz" % F, {}),
    ("docs/blokus-mcts.md", "### Its size", r"M4K: %s by the generic count" % N, BK_CORE_SYNTH,
     r"\| M4K blocks \| (\d+) \|", {}),
    ("README.md", None, r"the whole core's %s, under 75" % F, BK_CORE_SYNTH,
     r"\| Fmax proxy \(LFE5U-45K, registered I/O\) \| %s MHz" % F, {}),
]
