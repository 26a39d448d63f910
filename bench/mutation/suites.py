"""The suites that cover each block: a unit's bench, a core's testbench
classes (CORE_SUITES), the --suite specs, and which blocks each core holds."""
import sys
from collections import namedtuple

from . import paths
from .faults import scan_verilog
from .games import GAMES
from .verilog import config_verilog


# Derived from games.GAMES: each core's suites in their order, its top
# module, and the block builds with a testbench of their own (--suite
# CONFIG:TEST runs a core mutant of that block there; map_by_text finds its
# lines in that build).
CORE_SUITES = {core: game.suites for core, game in GAMES.items()}
CORE_TOPS = {core: game.top for core, game in GAMES.items()}
SUB_BENCHES = {game.search.block: game.search.module for game in GAMES.values() if game.search}


Suite = namedtuple("Suite", "name argv config top optional", defaults=(False,))
# config: a configuration suite's configuration (None: a unit bench);
# top: the module the suite builds, where a mutant's lines must be found;
# optional: a suite of a block's own build that a mutant whose lines are not
# found there skips (its verdict is then its other suites'), where a --suite
# reports it "not run on" that build
CORE_RUN = ("from hdl import configs; from simulation import runner; "
            "runner.run(%r, %r, testcase=%r)")


def unit_blocks():
    """The blocks that have a unit bench: verif/units/<block>/tb_<block>.py."""
    root = paths.REPO / "verif" / "units"
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


def core_suite(config, module, tests, optional=False):
    """A configuration suite: cocotb `tests` of `module` on the named
    configuration (a core's, or one of SUB_BENCHES)."""
    from hdl import configs

    unit = configs.CONFIGS[config].unit
    return Suite("%s %s" % (config, ",".join(tests)),
                 [sys.executable, "-c", CORE_RUN % (config, module, list(tests))], config,
                 next((t for c, t in CORE_TOPS.items() if c == unit), unit), optional)


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
            outside = [b for b in blocks if not in_block(b, unit)]
        else:
            raise UsageError("--suite %s: %r builds %s, which has no testbench here (cores: %s; "
                             "blocks: %s)" % (spec, config, unit, ", ".join(CORE_SUITES),
                                              ", ".join(SUB_BENCHES)))
        if outside:
            raise UsageError("--suite %s: the %s build does not hold block %s"
                             % (spec, unit, ", ".join(outside)))
        source = (paths.REPO / (module.replace(".", "/") + ".py")).read_text()
        missing = [t for t in tests
                   if "class %s(" % t not in source and "async def %s(" % t not in source]
        if not tests or missing:
            raise UsageError("--suite %s: name tests of %s (missing: %s)"
                             % (spec, module, ", ".join(missing) or "none given"))
        suites.append(core_suite(config, module, tests))
    return suites


class UsageError(Exception):
    """Bad input: printed as one line, exit status 2."""


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


def in_block(block, outer):
    """True when `block` is `outer` or lies in it (score4_search/score4_cut)."""
    return block == outer or block.startswith(outer + "/")


def suites_of(block, layout, units):
    """The suites that cover a block: its unit bench; else its core's
    suites, for a block of the core's search after the search engine's own
    bench when games.GAMES runs it by default (on the search's own build,
    skipped by a mutant whose lines are not found there)."""
    if block in units:
        return [unit_suite(block)]
    core = next(c for c, (_, _, blocks) in layout.items() if block in blocks)
    search = GAMES[core].search
    first = [core_suite(search.block, search.module, search.tests, optional=True)] \
        if search and search.tests and in_block(block, search.block) else []
    return first + core_suites(core)


def config_names():
    from hdl import configs

    return set(configs.CONFIGS)
