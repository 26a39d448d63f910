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
   configuration (CORE_SUITES). Each baseline must pass; its wall time sets
   the suite's timeout; the Verilog it built is what the mutants are made of.
2. Mutants. The generated Verilog is cut into sites (the statements of the
   always blocks and the assigns); each site belongs to the block whose
   MyHDL instance path its names carry (`serial_front_end0_byte_fifo0_wr`:
   byte_fifo). A block with a unit bench is mutated in its unit's own
   Verilog, every other block in its core's (`score4_top.v`, `blokus_top.v`).
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
the unit blocks it instantiates (the UART blocks count for both cores).
The DE2 board tops (display panels) are not mutated.
"""
import argparse
import functools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import namedtuple
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WORK_ROOT = REPO / "build" / "mutation"
RESULTS_JSON = WORK_ROOT / "results.json"    # every finished mutant, rewritten as they finish
RUN_RECORD = REPO / "bench" / "results" / "mutation_run.json"   # the last whole run: what
                               # its report is made of (committed with it; --rerun reads it)
RUN_JSON = RUN_RECORD          # where a run writes its record (--work: in that folder)
DEFAULT_OUT = "bench/results/mutation.md"
DEFAULT_PER_BLOCK = 6
NICE = 10                      # simulations run at this niceness: the machine is shared

# The regression's parts that cover each core's own logic: (configuration,
# testbench module, cocotb tests), in the order they run; the first that
# fails kills, so the later (slower) ones run only on the first's survivors.
# Measured (Icarus, nice 10, the machine shared): Score4Corners 24 to 33 s,
# Score4Games 86 to 116 s, BlokusHostFast 12 to 19 s, BlokusOpponentAll21 14
# to 27 s, BlokusCorners 77 to 288 s; the other classes of make sim take 2 to
# 12 min each (docs/mutation.md).
CORE_SUITES = {
    "score4": [("score4_fast", "verif.score4.tb_score4", ("Score4Corners",)),
               ("score4_fast", "verif.score4.tb_score4", ("Score4Games",))],
    "blokus": [("blokus_fast", "verif.blokus.tb_blokus", ("BlokusHostFast",)),
               ("blokus_fast", "verif.blokus.tb_blokus", ("BlokusOpponentAll21",)),
               ("blokus_fast", "verif.blokus.tb_blokus", ("BlokusCorners",))],
}
CORE_TOPS = {"score4": "score4_top", "blokus": "blokus_top"}
# Testbenches of a block a core instantiates, built on its own as a named
# configuration (hdl/configs.py): --suite CONFIG:TEST runs a core mutant of
# that block there (map_by_text finds its lines in that build).
SUB_BENCHES = {"score4_search": "verif.score4.tb_search"}

KINDS = (
    "comparison negated",      # == <-> !=
    "comparison boundary",     # < <-> <=, > <-> >=
    "arithmetic swapped",      # + <-> -
    "logic swapped",           # && <-> ||
    "bitwise swapped",         # & <-> |, ^ -> |
    "shift reversed",          # << <-> >>
    "negation dropped",        # !x -> x, ~x -> x
    "condition negated",       # if (c) -> if (!(c))
    "constant +1",
    "constant -1",
    "register bit stuck",      # every assignment of a register, one bit forced to 0 or 1
)

SWAPS = {
    "==": ("comparison negated", "!="), "!=": ("comparison negated", "=="),
    "<": ("comparison boundary", "<="), "<=": ("comparison boundary", "<"),
    ">": ("comparison boundary", ">="), ">=": ("comparison boundary", ">"),
    "+": ("arithmetic swapped", "-"), "-": ("arithmetic swapped", "+"),
    "&&": ("logic swapped", "||"), "||": ("logic swapped", "&&"),
    "&": ("bitwise swapped", "|"), "|": ("bitwise swapped", "&"), "^": ("bitwise swapped", "|"),
    "<<": ("shift reversed", ">>"), ">>": ("shift reversed", "<<"),
}
BINARY_ONLY = {"+", "-", "&", "|", "^"}      # also unary in Verilog: mutated only as binary

TOKEN = re.compile(r"""
    (?P<literal>\d+'s?[bdhoBDHO][0-9a-fA-F_]+ | '[bdhoBDHO][0-9a-fA-F_]+ | \d+)
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<op>===|!==|==|!=|<=|>=|&&|\|\||<<<|>>>|<<|>>|[-+*/%<>!~&|^?:])
  | (?P<other>\S)
""", re.VERBOSE)
LITERAL = re.compile(r"^(?:(\d+)?'(s?)([bdhoBDHO]))?([0-9a-fA-F_]+)$")
RADIX = {"b": 2, "o": 8, "d": 10, "h": 16}

LHS = r"[A-Za-z_][\w]*(?:\[[^\]]+\])*"
IF_LINE = re.compile(r"^(\s*(?:else )?if )\((.*)\)( begin)$")
CASE_LINE = re.compile(r"^(\s*case[zx]? )\((.*)\)$")
CASE_ITEM = re.compile(r"^(\s*[\w', ]+: )(begin)$")
CASE_ASSIGN = re.compile(r"^(\s*[\w', ]+: " + LHS + r" (?:<=|=) )(.*)(;)$")
ASSIGN_LINE = re.compile(r"^(\s*" + LHS + r" (?:<=|=) )(.*)(;)$")
CONT_ASSIGN = re.compile(r"^(assign " + LHS + r" = )(.*)(;)$")
NBA = re.compile(r"^(\s*)([A-Za-z_]\w*)(?:\[(\d+)\])? <= .*;$")
REG_DECL = re.compile(r"^reg (?:signed )?(?:\[(\d+):0\] )?(\w+);$")

Site = namedtuple("Site", "line block clocked text")
Mutant = namedtuple("Mutant", "id block kind line description edits")
# edits: ((line number, new text), ...); line: the first edited line (1-based)


# -- reading generated Verilog ---------------------------------------------------------

def block_function_names(hdl_root=REPO / "hdl"):
    """The names of every MyHDL @block function under hdl/: MyHDL names an
    instance after its function and a counter (byte_fifo0)."""
    names = set()
    for path in Path(hdl_root).rglob("*.py"):
        names.update(re.findall(r"@block\s*\n\s*def (\w+)\(", path.read_text()))
    return names


@functools.lru_cache(maxsize=8)
def _instance_pattern(block_names):
    """One regex for an instance name (a block name and its counter, then _)."""
    alternatives = "|".join(re.escape(b) for b in sorted(block_names, key=len, reverse=True))
    return re.compile(r"(%s)\d+_" % alternatives)


def instance_path(name, block_names):
    """The instance path a generated Verilog name starts with, as a list of
    block function names: serial_front_end0_byte_fifo0_wr ->
    [serial_front_end, byte_fifo]."""
    pattern = _instance_pattern(frozenset(block_names))
    path, pos = [], 0
    while True:
        m = pattern.match(name, pos)
        if not m:
            return path
        path.append(m.group(1))
        pos = m.end()


GAME_BLOCK_PREFIXES = ("score4_", "blokus_")   # a game's own blocks (not helpers as decoder)


def block_of(path, unit_blocks, top):
    """The block a site belongs to: the deepest instance on its path that is
    a unit with its own bench; else the first level of the path, joined by
    '/' to the second when that is a game's own block
    (score4_search/score4_checker; score4_search/decoder is score4_search);
    else `top` (the module's own logic)."""
    for name in reversed(path):
        if name in unit_blocks:
            return name
    if not path:
        return top
    if len(path) > 1 and path[1].startswith(GAME_BLOCK_PREFIXES):
        return path[0] + "/" + path[1]
    return path[0]


def scan_verilog(text, block_names, unit_blocks, top, outer=()):
    """The sites of one generated Verilog file and its registers.

    Returns (sites, registers): sites in file order, one per statement line
    of an always block and per assign; registers {name: (width, line of its
    first non-blocking assignment)} for the plain (not array) regs assigned
    in clocked always blocks. `outer` is the instance path of the module
    itself (a unit's file: [unit])."""
    lines = text.split("\n")
    widths = {}
    sites, registers = [], {}
    k = 0
    while k < len(lines):
        line = lines[k]
        decl = REG_DECL.match(line)
        if decl:
            widths[decl.group(2)] = int(decl.group(1)) + 1 if decl.group(1) else 1
        if line.startswith("always "):
            header = line
            while "begin:" not in lines[k]:
                k += 1
                header += " " + lines[k].strip()
            label = re.search(r"begin: (\w+)", header).group(1)
            clocked = "posedge" in header or "negedge" in header
            block = block_of(list(outer) + instance_path(label, block_names), unit_blocks, top)
            k += 1
            while lines[k] != "end":
                sites.append(Site(k + 1, block, clocked, lines[k]))
                nba = NBA.match(lines[k]) if clocked else None
                if nba and nba.group(2) in widths and nba.group(2) not in registers:
                    registers[nba.group(2)] = (widths[nba.group(2)], k + 1)
                k += 1
        elif line.startswith("assign "):
            paths = [instance_path(n, block_names) for n in re.findall(r"[A-Za-z_]\w*", line[7:])]
            deepest = max(paths, key=len)
            block = block_of(list(outer) + deepest, unit_blocks, top)
            sites.append(Site(k + 1, block, False, line))
        k += 1
    return sites, registers


# -- faults of one line ------------------------------------------------------------------

def shift_literal(text, delta):
    """A Verilog integer literal plus `delta`, in the same base and width;
    None when the result does not fit (below 0, or past the width)."""
    m = LITERAL.match(text)
    if not m:
        return None
    width, signed, base, digits = m.groups()
    radix = RADIX[base.lower()] if base else 10
    try:
        value = int(digits.replace("_", ""), radix) + delta
    except ValueError:
        return None
    if value < 0 or (width and value >= 1 << int(width)):
        return None
    if not base:
        return str(value)
    body = {2: "{:b}", 8: "{:o}", 10: "{:d}", 16: "{:x}"}[radix].format(value)
    if radix != 10:
        body = body.zfill(len(digits.replace("_", "")))
    return "%s'%s%s%s" % (width or "", signed, base, body)


def _tokens(expr):
    """[(kind, text, start, end)] of an expression."""
    return [(m.lastgroup, m.group(), m.start(), m.end()) for m in TOKEN.finditer(expr)]


def expression_faults(expr):
    """Every single fault of an expression: [(kind, description, new expression)]."""
    faults = []
    tokens = _tokens(expr)

    def operand(i):
        return 0 <= i < len(tokens) and (tokens[i][0] in ("literal", "name")
                                         or tokens[i][1] in (")", "]", "}"))

    for i, (kind, text, start, end) in enumerate(tokens):
        edit = None
        if kind == "op" and text in SWAPS:
            binary = operand(i - 1)
            if text in BINARY_ONLY and not binary:
                continue
            if text in ("+", "-") and tokens[i - 1][0] == "literal" and \
                    i + 1 < len(tokens) and tokens[i + 1][0] == "literal":
                continue           # a constant expression (a slice's 5-1): not logic
            fault, new = SWAPS[text]
            edit = [(fault, "%s -> %s" % (text, new), new)]
        elif kind == "op" and text in ("!", "~"):
            edit = [("negation dropped", "%s dropped" % text, "")]
        elif kind == "literal":
            edit = []
            for delta, fault in ((1, "constant +1"), (-1, "constant -1")):
                new = shift_literal(text, delta)
                if new is not None:
                    edit.append((fault, "%s -> %s" % (text, new), new))
        for fault, description, new in edit or ():
            faults.append((fault, description, expr[:start] + new + expr[end:]))
    return faults


def line_faults(text):
    """Every single fault of one statement line of generated Verilog:
    [(kind, description, new line)]; a line without an expression has none."""
    m = IF_LINE.match(text)
    if m:
        head, cond, tail = m.groups()
        faults = [("condition negated", "if (c) -> if (!(c))", "%s(!(%s))%s" % (head, cond, tail))]
        return faults + [(k, d, "%s(%s)%s" % (head, new, tail))
                         for k, d, new in expression_faults(cond)]
    for pattern in (CASE_LINE, CASE_ITEM, CASE_ASSIGN, ASSIGN_LINE, CONT_ASSIGN):
        m = pattern.match(text)
        if m:
            head, expr = m.group(1), m.group(2)
            tail = m.group(3) if pattern.groups >= 3 else ""
            if pattern is CASE_LINE:
                head, tail = head + "(", ")"
            if pattern is CASE_ITEM:           # "3'b001: begin": the label
                label_end = len(head) - 2
                return [(k, d, new + text[label_end:])
                        for k, d, new in expression_faults(text[:label_end])]
            return [(k, d, head + new + tail) for k, d, new in expression_faults(expr)]
    return []


# -- the mutants of a file -----------------------------------------------------------------

def candidate_mutants(sites, registers, blocks, rng):
    """Every single-fault mutant of the sites in `blocks`, per block:
    {block: [Mutant without id]}. Operator and constant faults edit one
    line; a stuck register bit (its bit and value drawn from `rng`, one
    candidate per register and value) edits every non-blocking assignment
    of the register, adding `reg[bit] <= value;` after it."""
    by_block = {}
    for site in sites:
        if site.block not in blocks:
            continue
        for kind, description, new in line_faults(site.text):
            if new != site.text:
                by_block.setdefault(site.block, []).append(
                    Mutant(None, site.block, kind, site.line, description, ((site.line, new),)))
    block_at = {site.line: site.block for site in sites}
    assignments = {}
    for site in sites:
        nba = NBA.match(site.text) if site.clocked else None
        if nba and nba.group(2) in registers:
            assignments.setdefault(nba.group(2), []).append(site)
    for reg in sorted(registers, key=lambda r: registers[r][1]):
        width, first = registers[reg]
        block = block_at[first]
        if block not in blocks:
            continue
        bit = rng.randrange(width)
        target = "%s[%d]" % (reg, bit) if width > 1 else reg
        for value in (0, 1):
            edits = []
            for site in assignments[reg]:
                index = NBA.match(site.text).group(3)
                if index is None or int(index) == bit:
                    edits.append((site.line, "%s %s <= 1'b%d;" % (site.text, target, value)))
            if edits:
                by_block.setdefault(block, []).append(
                    Mutant(None, block, "register bit stuck", first,
                           "%s stuck at %d" % (target, value), tuple(edits)))
    return by_block


def sample_block(block, candidates, per_block, seed):
    """`per_block` of a block's candidates (all when fewer), drawn with a
    generator seeded by (seed, block), the kinds taken in turn so that one
    kind with thousands of sites (a ROM's constants) does not fill the
    sample. Ids are <block>#<n>, n from 1."""
    rng = random.Random("%d:%s" % (seed, block))
    groups = {}
    for mutant in candidates:
        groups.setdefault(mutant.kind, []).append(mutant)
    order = sorted(groups)
    rng.shuffle(order)
    for kind in order:
        rng.shuffle(groups[kind])
    chosen = []
    while len(chosen) < per_block and any(groups.values()):
        for kind in order:
            if groups[kind] and len(chosen) < per_block:
                chosen.append(groups[kind].pop())
    return [m._replace(id="%s#%d" % (block, n + 1)) for n, m in enumerate(chosen)]


def apply_mutant(text, mutant):
    """The Verilog text with the mutant's line edits made."""
    lines = text.split("\n")
    for line, new in mutant.edits:
        lines[line - 1] = new
    return "\n".join(lines)


# -- suites -------------------------------------------------------------------------------

Suite = namedtuple("Suite", "name argv config top")
# config: a configuration suite's configuration (None: a unit bench);
# top: the module the suite builds, where a mutant's lines must be found
CORE_RUN = ("from hdl import configs; from simulation import runner; "
            "runner.run(%r, %r, testcase=%r)")


def unit_blocks():
    """The blocks that have a unit bench: verif/units/<block>/tb_<block>.py."""
    root = REPO / "verif" / "units"
    return sorted(p.name for p in root.iterdir() if (p / ("tb_%s.py" % p.name)).exists())


def unit_suite(block):
    """A unit block's suite: its pytest folder, as the regression runs it."""
    return Suite("verif/units/" + block,
                 [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                  "verif/units/" + block], None, block)


FORMAL_SUITE = "formal:"       # a suite name: a formal proof's make sim tasks


def formal_suite(name):
    """A formal proof's suite: the tasks make sim runs of it (verif/formal),
    on its block's Verilog (the override label formal_<proof>)."""
    from verif.formal import proofs

    proof = proofs.by_name([name])[0]
    return Suite(FORMAL_SUITE + name, [sys.executable, "-m", "verif.formal", "--quick", "--jobs",
                                       "1", name], None, proof.unit)


def core_suite(config, module, tests):
    """A configuration suite: cocotb `tests` of `module` on the named
    configuration (a core's, or one of SUB_BENCHES)."""
    from hdl import configs

    unit = configs.CONFIGS[config].unit
    return Suite("%s %s" % (config, ",".join(tests)),
                 [sys.executable, "-c", CORE_RUN % (config, module, list(tests))], config,
                 next((t for c, t in CORE_TOPS.items() if c == unit), unit))


def core_suites(core):
    """A core's suites (CORE_SUITES), in their order."""
    return [core_suite(*entry) for entry in CORE_SUITES[core]]


def extra_suites(specs, blocks, layout, units):
    """--suite (for --only and --rerun): the suites the mutants of `blocks` run
    on instead of their own. A spec is CONFIG:TEST,TEST (tests of another
    configuration of the blocks' core, or of SUB_BENCHES' build of a block
    they lie in), unit:BLOCK (a unit bench whose build holds their lines) or
    formal:PROOF (a proof's make sim tasks on its block's Verilog).
    A UsageError for an unknown configuration or unit, one that cannot hold
    the blocks, or a test its testbench does not define."""
    from hdl import configs

    def core_of(block):
        return next((c for c, (_, _, bl) in layout.items() if block in bl and not bl[block]), None)

    suites = []
    for spec in specs:
        config, _, tests = spec.partition(":")
        if config == "formal":
            from verif.formal import proofs

            known = [p.name for p in proofs.proofs()]
            if tests not in known:
                raise UsageError("--suite %s: no proof %r (proofs: %s)"
                                 % (spec, tests, ", ".join(known)))
            suites.append(formal_suite(tests))
            continue
        if config == "unit":
            if tests not in units:
                raise UsageError("--suite %s: no unit bench %r (units: %s)"
                                 % (spec, tests, ", ".join(units)))
            suites.append(unit_suite(tests))
            continue
        tests = tuple(t.strip() for t in tests.split(",") if t.strip())
        if config not in configs.CONFIGS:
            raise UsageError("--suite %s: no configuration %r (hdl/configs.py)" % (spec, config))
        unit = configs.CONFIGS[config].unit
        if unit in CORE_SUITES:
            module = CORE_SUITES[unit][0][1]
            outside = [b for b in blocks if core_of(b) != unit]
        elif unit in SUB_BENCHES:
            module = SUB_BENCHES[unit]
            outside = [b for b in blocks if not (b == unit or b.startswith(unit + "/"))]
        else:
            raise UsageError("--suite %s: %r builds %s, which has no testbench here (cores: %s; "
                             "blocks: %s)" % (spec, config, unit, ", ".join(CORE_SUITES),
                                              ", ".join(SUB_BENCHES)))
        if outside:
            raise UsageError("--suite %s: the %s build does not hold block %s"
                             % (spec, unit, ", ".join(outside)))
        source = (REPO / (module.replace(".", "/") + ".py")).read_text()
        missing = [t for t in tests
                   if "class %s(" % t not in source and "async def %s(" % t not in source]
        if not tests or missing:
            raise UsageError("--suite %s: name tests of %s (missing: %s)"
                             % (spec, module, ", ".join(missing) or "none given"))
        suites.append(core_suite(config, module, tests))
    return suites


def map_by_text(mutant, source_text, target_text, prefixes):
    """The mutant's edits made in `target_text`, another build that holds the
    mutated block (a unit's or a sub-block's own build): the text, or None
    when a changed line is not found there exactly once.

    A line is known by its always block's label, its place in that block and
    its text (an assign: by its text), each with the instance `prefixes`
    taken out, longest first (the block's path in the source, e.g.
    blokus_search0_blokus_board0_ then blokus_search0_): the generated names
    of two builds of a block differ only by those prefixes."""
    def strip(text):
        for prefix in prefixes:
            text = text.replace(prefix, "")
        return text

    def keys(lines):
        out, label, base = [], None, 0
        for k, line in enumerate(lines):
            found = re.search(r"begin: (\w+)", line)
            if found and label is None:
                label, base = strip(found.group(1)), k
            out.append((label, k - base if label else 0, strip(line).strip()))
            if line == "end":
                label = None
        return out

    source, target = source_text.split("\n"), target_text.split("\n")
    where = {}
    for k, key in enumerate(keys(target)):
        where.setdefault(key, []).append(k)
    source_keys = keys(source)
    for line, text in mutant.edits:
        places = where.get(source_keys[line - 1], [])
        if len(places) != 1:
            return None
        old = target[places[0]]
        target[places[0]] = old[:len(old) - len(old.lstrip())] + strip(text).strip()
    return "\n".join(target)


_VERILOG_LOCK = threading.Lock()
_verilog_made = {}


def config_verilog(config, top):
    """The Verilog file `top`.v of a named configuration, from the conversion
    cache, in build/mutation/verilog/<config>/ (copied once a process: the
    mutants' threads share it)."""
    from hdl import build, configs

    with _VERILOG_LOCK:
        if (config, top) not in _verilog_made:
            out = WORK_ROOT / "verilog" / config
            shutil.rmtree(out, ignore_errors=True)
            paths, _ = build.convert_cached(configs.get(config), str(out))
            _verilog_made[config, top] = Path(
                [p for p in paths if os.path.basename(p) == top + ".v"][0])
        return _verilog_made[config, top]


def mapped_mutant(mutant, source, other):
    """The mutant's edits made in `other`, the same module built with another
    configuration: the text, or None when a line the mutant changes differs
    there (the configurations differ only in a few constants)."""
    ours, theirs = source.read_text().split("\n"), other.read_text().split("\n")
    if len(ours) != len(theirs) or any(ours[line - 1] != theirs[line - 1]
                                       for line, _ in mutant.edits):
        return None
    return apply_mutant(other.read_text(), mutant)


def run_suite(suite, work, seed, timeout, override=None):
    """Run one suite in `work` (its SIM_BUILD_ROOT) at niceness NICE; returns
    ("pass" | "fail" | "timeout", seconds, log tail). A timeout kills the
    suite's whole process group."""
    env = dict(os.environ, SEED=str(seed), SIM_BUILD_ROOT=str(work),
               SIM_VERILOG_OVERRIDE=json.dumps(override or {}))
    work.mkdir(parents=True, exist_ok=True)
    start = time.time()
    with open(work / "log.txt", "w") as log:
        proc = subprocess.Popen(["nice", "-n", str(NICE)] + suite.argv, cwd=REPO, env=env,
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            code = None
    seconds = time.time() - start
    tail = (work / "log.txt").read_text(errors="replace")[-3000:]
    return ("timeout" if code is None else "pass" if code == 0 else "fail"), seconds, tail


def failure_line(log_tail):
    """The line of a failed suite's log that says why (the first assertion or
    error), so that results.json shows each kill was a test failing."""
    for line in log_tail.splitlines():
        if re.search(r"(Assertion|Runtime|Value|Key|Index|Type)Error|FAIL|mismatch", line):
            return line.strip()[:300]
    return log_tail.strip().splitlines()[-1][:300] if log_tail.strip() else ""


def built_verilog(work, top):
    """The Verilog file `top`.v a baseline built under `work` (the first
    configuration label when a suite builds several): (label, path)."""
    found = sorted(work.glob("*/*/verilog/%s.v" % top))
    if not found:
        raise RuntimeError("the baseline in %s built no %s.v" % (work, top))
    return found[0].parents[2].name, found[0]


def compiles(path, top):
    """True when Icarus compiles the file with `top` as its top level."""
    proc = subprocess.run(["nice", "-n", str(NICE), "iverilog", "-g2012", "-o", os.devnull,
                           "-s", top, str(path)], capture_output=True, text=True)
    return proc.returncode == 0


# -- the run ----------------------------------------------------------------------------

class UsageError(Exception):
    """Bad input: printed as one line, exit status 2."""


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m bench.mutation",
        description="Inject single faults into the generated Verilog, run the part of the "
                    "regression that covers each faulty block, and report killed / survived "
                    "per block and per core (docs/mutation.md).")
    p.add_argument("--seed", type=int, help="the run's seed (default: $SEED, else random; printed)")
    p.add_argument("--per-block", type=int, default=DEFAULT_PER_BLOCK, metavar="N",
                   help="mutants drawn per block (default %d)" % DEFAULT_PER_BLOCK)
    p.add_argument("--blocks", metavar="A,B",
                   help="only these blocks, or every block of a core named score4 or blokus "
                        "(default: all; --list shows them)")
    p.add_argument("--jobs", type=int, default=2, metavar="N",
                   help="mutants simulated at once (default 2)")
    p.add_argument("--out", default=DEFAULT_OUT, metavar="FILE",
                   help="the report (default %s)" % DEFAULT_OUT)
    p.add_argument("--work", metavar="DIR", type=Path,
                   help="where baselines, mutants, results.json and a whole run's record go "
                        "(default build/mutation; two runs at once need two)")
    p.add_argument("--only", metavar="ID,ID",
                   help="run only these mutants (ids from a report, e.g. 'byte_fifo#3'; "
                        "same seed and --per-block as that run); prints, writes no report")
    p.add_argument("--rerun", metavar="ID,ID",
                   help="run these mutants of the last whole run again, as %s records them "
                        "(their Verilog must not have changed); prints, writes no report"
                        % os.path.relpath(RUN_RECORD, REPO))
    p.add_argument("--suite", action="append", metavar="SPEC",
                   help="with --only or --rerun: run the mutants on these suites instead of "
                        "their own: CONFIG:TEST,TEST (tests of another configuration of their "
                        "core, e.g. blokus_deep:BlokusDeep, or of a block's own build, e.g. "
                        "score4_search:table_cases) or unit:BLOCK (a unit bench whose build "
                        "holds the mutated lines, e.g. unit:serial_front_end); repeatable")
    p.add_argument("--rewrite-report", action="store_true",
                   help="write the last run's report again (from its record) with "
                        "the verdicts bench/mutation_notes.json holds now; runs nothing")
    p.add_argument("--list", action="store_true",
                   help="list the blocks, their cores and suites; run nothing")
    return p


def _check_args(args):
    if args.per_block < 1:
        raise UsageError("--per-block must be 1 or more, not %d" % args.per_block)
    if not 1 <= args.jobs <= 8:
        raise UsageError("--jobs must be between 1 and 8, not %d" % args.jobs)
    if args.seed is not None and not 0 <= args.seed < 2 ** 31:
        raise UsageError("--seed must be between 0 and 2**31 - 1")
    if args.suite and not (args.only or args.rerun):
        raise UsageError("--suite goes with --only or --rerun (it re-checks chosen survivors)")
    if args.only and args.rerun:
        raise UsageError("--only draws the mutants again, --rerun reads them from the last "
                         "run: give one of them")
    if not (args.only or args.rerun or args.list) or args.rewrite_report:
        from bench.common.report_file import unwritable
        reason = unwritable(args.out)
        if reason:
            raise UsageError("cannot write the report --out %s: %s" % (args.out, reason))


def scan_core(core, path, block_names, units):
    """scan_verilog of a core's Verilog, its own blocks named after the core
    where their name does not say it (score4/serial_front_end: both cores
    have one)."""
    sites, registers = scan_verilog(path.read_text(), block_names, units, CORE_TOPS[core])
    own = [s._replace(block=core + "/" + s.block)
           if s.block not in units and not s.block.startswith(core) else s for s in sites]
    return own, registers


def core_layout(block_names, units):
    """For each core: the Verilog of its first suite's configuration, from
    the conversion cache (label, path), and the blocks it contains
    {block: is a unit}."""
    layout = {}
    for core, top in CORE_TOPS.items():
        config = CORE_SUITES[core][0][0]
        path = config_verilog(config, top)
        sites, _ = scan_core(core, path, block_names, units)
        layout[core] = (config, path, {s.block: s.block in units for s in sites})
    return layout


def choose_blocks(request, layout, units):
    """The blocks --blocks names (a core's name: all of its blocks), in a
    fixed order; a UsageError naming the known ones for an unknown name."""
    known = sorted(set(units) | {b for _, _, blocks in layout.values() for b in blocks})
    if not request:
        return known
    chosen = set()
    for name in (n.strip() for n in request.split(",") if n.strip()):
        if name in layout:
            chosen.update(layout[name][2])
        elif name in known:
            chosen.add(name)
        else:
            raise UsageError("unknown block %r; known: %s, or a core: %s"
                             % (name, ", ".join(known), ", ".join(sorted(layout))))
    return [b for b in known if b in chosen]


def suites_of(block, layout, units):
    """The suites that cover a block: its unit bench, else its core's suites."""
    if block in units:
        return [unit_suite(block)]
    core = next(c for c, (_, _, blocks) in layout.items() if block in blocks)
    return core_suites(core)


def run_baselines(suites, seed, jobs):
    """Each suite once, unmutated: {suite name: seconds}; a UsageError-like
    RuntimeError when one fails (the regression itself is broken)."""
    from tqdm import tqdm

    times = {}

    def one(suite):
        work = WORK_ROOT / "baseline" / suite.name.replace("/", "_").replace(" ", "_")
        shutil.rmtree(work, ignore_errors=True)
        status, seconds, tail = run_suite(suite, work, seed, timeout=3600)
        if status != "pass":
            raise RuntimeError("the unmutated baseline of %s did not pass (log: %s):\n%s"
                               % (suite.name, work / "log.txt", tail[-1500:]))
        return suite.name, seconds, work

    with ThreadPoolExecutor(jobs) as pool, tqdm(total=len(suites), desc="baselines",
                                                  unit="suite") as bar:
        for name, seconds, work in pool.map(one, suites):
            times[name] = (seconds, work)
            bar.update()
    return times


def timeout_for(baseline_seconds):
    """A suite's time limit under a mutant: three times its baseline, at least 60 s."""
    return max(60.0, 3 * baseline_seconds)


def suite_verilog(suite, baselines):
    """The build a suite runs that is not the mutant's own: (label, Verilog
    path): a configuration's from the conversion cache, a unit bench's from
    its baseline."""
    if suite.config is not None:
        return suite.config, config_verilog(suite.config, suite.top)
    if suite.name.startswith(FORMAL_SUITE):
        from verif.formal import proofs

        proof = proofs.by_name([suite.name[len(FORMAL_SUITE):]])[0]
        with _VERILOG_LOCK:
            path = proofs.block_verilog(proof, WORK_ROOT / "formal-verilog" / proof.name)
        return proofs.override_label(proof), path
    return built_verilog(baselines[suite.name][1], suite.top)


def instance_prefixes(block, top):
    """The name prefixes a core block's lines carry that the build whose top
    is `top` (the block or one it lies in) does not, to try in turn: none (a
    unit built in a wrapper that keeps the core's names), then the instance
    path down to `top`, deepest first (blokus_search0_blokus_board0_, then
    blokus_search0_ for the signals the search hands the board's ports)."""
    path = block.split("/")
    if path[0] in CORE_TOPS:                     # score4/serial_front_end: the core's own
        path = path[1:]
    depth = path.index(top) + 1 if top in path else len(path)
    return [(), tuple("".join(p + "0_" for p in path[:k]) for k in range(depth, 0, -1))]


def run_mutant(mutant, source, top, label, suites, baselines, seed):
    """Run one mutant; returns its result dict."""
    work = WORK_ROOT / mutant.id.replace("/", "_").replace("#", "_")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    mutated = work / source.name
    mutated.write_text(apply_mutant(source.read_text(), mutant))
    result = dict(mutant._asdict(), file=os.path.relpath(source, REPO), top=top, label=label,
                  original=[source.read_text().split("\n")[line - 1] for line, _ in mutant.edits])
    start = time.time()
    if not compiles(mutated, top):
        result.update(status="invalid", by=None)
    else:
        result.update(status="survived", by=None)
        for suite in suites:
            run_label, run_file, run_name = label, mutated, source.name
            if suite.top != top or suite.config not in (None, label):   # another build
                run_label, other = suite_verilog(suite, baselines)
                if suite.top == top:               # another configuration of the same module
                    text = mapped_mutant(mutant, source, other)
                else:                              # a build of the mutated block on its own
                    text = next((t for t in (map_by_text(mutant, source.read_text(),
                                                         other.read_text(), prefix)
                                             for prefix in instance_prefixes(mutant.block,
                                                                             suite.top))
                                 if t is not None), None)
                run_name, run_file = other.name, work / ("%s_%s" % (run_label, other.name))
                if text is not None:
                    run_file.write_text(text)
                if text is None or not compiles(run_file, suite.top):
                    result.update(status="not run on " + run_label, by=suite.name)
                    break
            status, seconds, tail = run_suite(
                suite, work / "run", seed, timeout_for(baselines[suite.name][0]),
                override={run_label: {run_name: str(run_file)}})
            if status != "pass":
                result.update(status="killed" if status == "fail" else "killed (timeout)",
                              by=suite.name, evidence=failure_line(tail))
                break
    result["seconds"] = round(time.time() - start, 1)
    if result["status"] != "survived":
        shutil.rmtree(work, ignore_errors=True)       # a survivor's mutant file is kept
    else:
        shutil.rmtree(work / "run", ignore_errors=True)
    return result


def mutants_for(blocks, layout, units, block_names, baselines, per_block, seed):
    """The sampled mutants of each block with where they apply:
    [(mutant, source file, top module, label, suites)] and the number of
    candidates per block."""
    jobs, candidates_per_block = [], {}
    by_source = {}
    for block in blocks:
        if block in units and "verif/units/" + block not in baselines:
            continue                 # not run (--only names other blocks' mutants)
        if block in units:
            seconds, work = baselines["verif/units/" + block]
            label, path = built_verilog(work, block)
            source = (path, block, label, (block,))
        else:
            core = next(c for c, (_, _, bl) in layout.items() if block in bl)
            label, path = layout[core][0], layout[core][1]
            source = (path, CORE_TOPS[core], label, ())
        by_source.setdefault(source, []).append(block)
    for (path, top, label, outer), source_blocks in by_source.items():
        if outer:
            sites, registers = scan_verilog(path.read_text(), block_names, units, top, outer)
        else:
            core = next(c for c, t in CORE_TOPS.items() if t == top)
            sites, registers = scan_core(core, path, block_names, units)
        rng = random.Random("%d:%s:registers" % (seed, top))
        candidates = candidate_mutants(sites, registers, set(source_blocks), rng)
        for block in source_blocks:
            candidates_per_block[block] = len(candidates.get(block, []))
            suites = suites_of(block, layout, units)
            for mutant in sample_block(block, candidates.get(block, []), per_block, seed):
                jobs.append((mutant, path, top, label, suites))
    return jobs, candidates_per_block


def main(argv=None):
    args = _parser().parse_args(argv)
    try:
        _check_args(args)
        return _main(args)
    except UsageError as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as exc:
        print("error: %s" % exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def use_work_root(path):
    """Put this process's folders (baselines, mutants, results.json) under
    `path` instead of build/mutation/."""
    global WORK_ROOT, RESULTS_JSON, RUN_JSON
    WORK_ROOT, RESULTS_JSON, RUN_JSON = path, path / RESULTS_JSON.name, path / RUN_JSON.name


def _main(args):
    from simulation.seed import run_seed

    if args.work:
        use_work_root(args.work.resolve())
    if args.rewrite_report:
        return rewrite_report(args.out)
    if args.rerun:
        return rerun(args)
    if args.only or args.list:                  # never touches a run's files
        use_work_root(WORK_ROOT / ("only" if args.only else "list"))
    block_names = block_function_names()
    units = unit_blocks()
    layout = core_layout(block_names, units)
    blocks = choose_blocks(args.blocks, layout, units)
    if args.list:
        return _list(blocks, layout, units)
    if args.seed is not None:
        os.environ["SEED"] = str(args.seed)
    seed = run_seed()
    print("mutation run seed: %d (replay with --seed %d)" % (seed, seed), flush=True)
    started = time.time()
    wanted = {i.strip() for i in (args.only or "").split(",") if i.strip()}
    tested = sorted({i.rsplit("#", 1)[0] for i in wanted}) if wanted else blocks
    unknown = [b for b in tested if b not in blocks]
    if unknown:
        raise UsageError("--only names mutants of %s, not among the blocks chosen"
                         % ", ".join(unknown))
    extra = extra_suites(args.suite, tested, layout, units) if args.suite else None
    suites = {}
    for block in tested:
        for suite in extra or suites_of(block, layout, units):
            suites[suite.name] = suite
    baselines = run_baselines(list(suites.values()), seed, args.jobs)
    jobs, candidates = mutants_for(blocks, layout, units, block_names, baselines,
                                   args.per_block, seed)
    if extra:
        jobs = [job[:4] + (extra,) for job in jobs]
    if wanted:
        missing = wanted - {m.id for m, *_ in jobs}
        if missing:
            raise UsageError("no mutant %s in this run's sample (same --seed, --per-block "
                             "and --blocks as the run that listed it?)"
                             % ", ".join(sorted(missing)))
        jobs = [j for j in jobs if j[0].id in wanted]
    results = _run_all(jobs, baselines, seed, args.jobs)
    if args.only:
        return print_outcomes(results)
    command = "python -m bench.mutation --seed %d --per-block %d%s --jobs %d --out %s" % (
        seed, args.per_block, " --blocks " + args.blocks if args.blocks else "", args.jobs,
        args.out)
    now, commit = now_and_commit()
    run = dict(seed=seed, command=command, seconds=round(time.time() - started), date=now,
               commit=commit,
               per_block=args.per_block, candidates=candidates,
               baselines={name: round(sec, 1) for name, (sec, _) in baselines.items()},
               cores={core: sorted(bl) for core, (_, _, bl) in layout.items()}, results=results)
    RUN_JSON.write_text(json.dumps(run, indent=1))
    return write_report(run, args.out)


def print_outcomes(results):
    for r in results:
        print("%s %s: %s%s%s" % (r["id"], r["description"], r["status"],
                                 " by " + r["by"] if r["by"] else "",
                                 " (%s)" % r["evidence"] if r.get("evidence") else ""))
    return 0


def rerun(args):
    """--rerun: mutants of the last whole run (RUN_RECORD) run again, on
    --suite's suites or their own; the outcomes are printed."""
    from simulation.seed import run_seed

    if not RUN_RECORD.exists():
        raise UsageError("no %s: run the mutation run first" % os.path.relpath(RUN_RECORD, REPO))
    run = json.loads(RUN_RECORD.read_text())
    by_id = {r["id"]: r for r in run["results"]}
    wanted = [i.strip() for i in args.rerun.split(",") if i.strip()]
    unknown = [i for i in wanted if i not in by_id]
    if unknown:
        raise UsageError("no mutant %s in %s; its survivors: %s" % (
            ", ".join(unknown), os.path.relpath(RUN_RECORD, REPO),
            ", ".join(r["id"] for r in run["results"] if r["status"] == "survived")))
    use_work_root(WORK_ROOT / "rerun")
    units = unit_blocks()
    layout = core_layout(block_function_names(), units)
    os.environ["SEED"] = str(args.seed if args.seed is not None else run["seed"])
    seed = run_seed()
    print("re-running %d mutant(s) of the run of seed %d with seed %d"
          % (len(wanted), run["seed"], seed), flush=True)
    chosen = [by_id[i] for i in wanted]
    extra = extra_suites(args.suite, sorted({r["block"] for r in chosen}), layout, units) \
        if args.suite else None
    suites = {}
    for r in chosen:
        for suite in extra or suites_of(r["block"], layout, units):
            suites[suite.name] = suite
    own_units = {r["top"] for r in chosen if r["label"] not in config_names()}
    for unit in own_units:                      # a unit mutant is made of its baseline's Verilog
        suites.setdefault(unit_suite(unit).name, unit_suite(unit))
    baselines = run_baselines(list(suites.values()), seed, args.jobs)
    jobs = []
    for r in chosen:
        if r["label"] in config_names():
            source = config_verilog(r["label"], r["top"])
        else:
            source = built_verilog(baselines[unit_suite(r["top"]).name][1], r["top"])[1]
        lines = source.read_text().split("\n")
        now = [lines[line - 1] if line <= len(lines) else None for line, _ in r["edits"]]
        if now != r["original"]:
            raise RuntimeError("%s: the Verilog changed since the run (%s line %d now reads %r, "
                               "the run mutated %r)" % (r["id"], source.name, r["line"],
                                                        now[0], r["original"][0]))
        mutant = Mutant(r["id"], r["block"], r["kind"], r["line"], r["description"],
                        tuple((line, text) for line, text in r["edits"]))
        jobs.append((mutant, source, r["top"], r["label"],
                     extra or suites_of(r["block"], layout, units)))
    return print_outcomes(_run_all(jobs, baselines, seed, args.jobs))


def config_names():
    from hdl import configs

    return set(configs.CONFIGS)


def write_report(run, out):
    """Write the report of `run` (as run.json holds it) with the current notes."""
    from bench.common.report_file import write

    write(out, report(run, load_notes()))
    print("wrote %s" % out)
    return 0


def rewrite_report(out):
    """--rewrite-report: the last run's report again, from run.json, with the
    verdicts bench/mutation_notes.json holds now."""
    if not RUN_JSON.exists():
        raise UsageError("no %s: run the mutation run first" % os.path.relpath(RUN_JSON, REPO))
    return write_report(json.loads(RUN_JSON.read_text()), out)


def _run_all(jobs, baselines, seed, n_jobs):
    """Every mutant, `n_jobs` at once, with a progress bar; results in job order."""
    from tqdm import tqdm

    results = [None] * len(jobs)
    lock = threading.Lock()
    with ThreadPoolExecutor(n_jobs) as pool, tqdm(total=len(jobs), desc="mutants",
                                                    unit="mutant") as bar:
        def one(index):
            mutant, source, top, label, suites = jobs[index]
            results[index] = run_mutant(mutant, source, top, label, suites, baselines, seed)
            with lock:
                RESULTS_JSON.write_text(json.dumps([r for r in results if r], indent=1))
                bar.set_postfix_str("%s %s" % (mutant.id, results[index]["status"]))
                bar.update()
        list(pool.map(one, range(len(jobs))))
    return results


# -- the report ---------------------------------------------------------------------------

NOTES = REPO / "bench" / "mutation_notes.json"
VERDICTS = ("killed", "equivalent", "open")   # open: a real gap, left with its reason


def survivor_key(result):
    """What identifies a survivor across runs: its block, its fault and the
    text of the (first) line it changes."""
    return (result["block"], result["description"], result["original"][0].strip())


def load_notes(path=NOTES):
    """The verdicts on examined survivors (bench/mutation_notes.json): a list
    of {block, fault, line, verdict: killed | equivalent | open, note}, as
    {survivor_key: (verdict, note)}."""
    if not Path(path).exists():
        return {}
    try:
        entries = json.loads(Path(path).read_text())
        notes = {(e["block"], e["fault"], e["line"]): (e["verdict"], e["note"]) for e in entries}
    except (ValueError, KeyError, TypeError) as exc:
        raise RuntimeError("%s is not a list of {block, fault, line, verdict, note}: %s"
                           % (path, exc)) from None
    bad = sorted({v for v, _ in notes.values()} - set(VERDICTS))
    if bad:
        raise RuntimeError("%s: verdicts must be one of %s, not %s"
                           % (path, ", ".join(VERDICTS), ", ".join(bad)))
    return notes


def tally(results):
    """Counts of a list of results: killed (by a failure), timeout, survived,
    invalid, scored (all but invalid) and the killed share of the scored."""
    count = {s: sum(r["status"] == s for r in results)
             for s in ("killed", "killed (timeout)", "survived", "invalid")}
    scored = len(results) - count["invalid"]
    killed = count["killed"] + count["killed (timeout)"]
    return dict(count, scored=scored, total_killed=killed,
                percent=100.0 * killed / scored if scored else None)


def _percent(value):
    return "-" if value is None else "%.1f %%" % value


def now_and_commit():
    """The time (UTC, to the minute) and the short commit of the work tree."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                                capture_output=True, text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    return now, commit


def report(run, notes):
    """The Markdown report of a run (the dict run.json holds) with the
    survivors' verdicts `notes` (load_notes)."""
    results, candidates, cores = run["results"], run["candidates"], run["cores"]
    blocks = sorted({r["block"] for r in results} | set(candidates))
    now, commit = now_and_commit()
    out = ["# Mutation run", "",
           "How many single RTL faults the regression catches (issue 15; how to run and read "
           "this: [docs/mutation.md](../../docs/mutation.md)).", "",
           "- date: %s, on commit %s (with the work tree's changes)"
           % (run.get("date", now), run.get("commit", commit)),
           "- seed: %d" % run["seed"],
           "- command: `%s`" % run["command"],
           "- run time: %.0f min (baselines included), at most %d mutants per block "
           "(all of a block's candidates when it has fewer)" % (run["seconds"] / 60,
                                                                  run["per_block"])]
    out += ["- " + line for line in run.get("notes", ())]         # a run made of parts
    if run.get("date", now) != now:
        out.append("- this report: written %s on commit %s from the run's record "
                   "(bench/results/mutation_run.json) with the verdicts of "
                   "bench/mutation_notes.json as they were then" % (now, commit))
    out.append("")

    out += ["## Suites", "",
            "A mutant of a block with a unit bench runs that bench (its pytest folder); a "
            "mutant of a core's own logic runs the core suite below. A suite is killed at three "
            "times its baseline time (at least 60 s).", "",
            "| suite | baseline | timeout |", "|---|---|---|"]
    for name, base in sorted(run["baselines"].items()):
        out.append("| `%s` | %.0f s | %.0f s |" % (name, base, timeout_for(base)))
    out.append("")

    adjusted = []
    for r in results:
        verdict = notes.get(survivor_key(r), (None, None))[0] if r["status"] == "survived" else None
        if verdict == "equivalent":
            continue
        adjusted.append(dict(r, status="killed") if verdict == "killed" else r)
    out += ["## Per core", "",
            "A core counts every block its Verilog holds. *Run*: as measured. *After the "
            "survivors*: a survivor that a new test (or a part of make sim the suites leave "
            "out) kills counts as killed, one that is equivalent to the original design is "
            "left out, an open one stays a survivor.", "",
            "| core | killed | killed (timeout) | survived | scored | not compiled | run | "
            "after the survivors |", "|---|---|---|---|---|---|---|---|"]
    for core, core_blocks in sorted(cores.items()):
        mine = [r for r in results if r["block"] in core_blocks]
        if not mine:
            continue
        t = tally(mine)
        after = tally([r for r in adjusted if r["block"] in core_blocks])
        out.append("| %s | %d | %d | %d | %d | %d | %s | %s |" % (
            core, t["killed"], t["killed (timeout)"], t["survived"], t["scored"], t["invalid"],
            _percent(t["percent"]), _percent(after["percent"])))
    out.append("")

    out += ["## Per block", "",
            "| block | cores | candidates | killed | killed (timeout) | survived | not compiled "
            "| killed % |", "|---|---|---|---|---|---|---|---|"]
    for block in blocks:
        t = tally([r for r in results if r["block"] == block])
        in_cores = ", ".join(c for c, bl in sorted(cores.items()) if block in bl)
        out.append("| %s | %s | %d | %d | %d | %d | %d | %s |" % (
            block, in_cores, candidates.get(block, 0), t["killed"], t["killed (timeout)"],
            t["survived"], t["invalid"], _percent(t["percent"])))
    out.append("")

    survivors = [r for r in results if r["status"] == "survived"]
    out += ["## Survivors", ""]
    if not survivors:
        out += ["None.", ""]
    for r in survivors:
        verdict, note = notes.get(survivor_key(r), (None, "not examined yet"))
        out += ["### %s" % r["id"], "",
                "- where: `%s:%d` (%s)" % (r["file"], r["line"], r["block"]),
                "- fault: %s (%s)" % (r["description"], r["kind"]),
                "- line: `%s`" % r["original"][0].strip(),
                "- mutant: `%s`%s" % (r["edits"][0][1].strip(),
                                      " and %d more lines alike" % (len(r["edits"]) - 1)
                                      if len(r["edits"]) > 1 else ""),
                "- verdict: %s" % ("**%s**: %s" % (verdict, note) if verdict else note), ""]
    return "\n".join(out)


def _list(blocks, layout, units):
    """--list: each block, the cores that hold it and the suites that cover it."""
    for block in blocks:
        suites = ", ".join(s.name for s in suites_of(block, layout, units))
        cores = ", ".join(c for c, (_, _, bl) in layout.items() if block in bl)
        print("%-36s cores: %-14s suites: %s" % (block, cores or "-", suites))
    return 0


if __name__ == "__main__":
    sys.exit(main())
