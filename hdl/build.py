"""Generate Verilog for a unit of this project, into build/ (never on import).

    python -m hdl.build --core {score4|blokus|blokus_mcts|reversi|uart_echo|...} [--clk-hz HZ]
                        [--baud BAUD]
                        [--budget N] [--team XX] [--out DIR] [--print-config]
    python -m hdl.build --config NAME [--out DIR]      # a named configuration
    python -m hdl.build --all [--out DIR]               # every core there is
    python -m hdl.build --list                          # every unit --core builds

Output is deterministic (no date header) and self-contained: each file holds
every submodule it needs. A conversion is written to a fresh folder first, so
a failed one never leaves a truncated file in DIR.

Conversions are cached (``convert_cached``): a configuration whose inputs (the
configuration itself, every non-test source of hdl/ and golden/, the MyHDL
version) have not changed since it was last converted is copied from
build/cache/verilog/ instead of converted again (a Blokus core takes about a
minute). `make verilog`, `make quartus`, the bridge and the testbenches share
the cache.
"""
import argparse
import contextlib
import fcntl
import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from hdl import configs
from hdl.params import ConfigError

DEFAULT_OUT = os.path.join("build", "verilog")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE_ROOT = os.path.join(REPO, "build", "cache", "verilog")
CACHE_KEEP = 40            # conversions kept in the cache; the least recently used go


def _uart_echo(cfg):
    """Top levels of the UART test unit: [(module name, block instance)]."""
    from myhdl import ResetSignal, Signal, intbv

    from hdl.uart_echo import uart_echo

    clk = Signal(bool(0))
    rst = ResetSignal(0, active=1, isasync=False)
    rx, tx = Signal(bool(1)), Signal(bool(1))
    inst = uart_echo(clk, rst, rx, tx, Signal(intbv(0)[16:]), Signal(intbv(0)[8:]),
                     Signal(intbv(0)[8:]), Signal(intbv(0)[8:]),
                     divisor=cfg.divisor)
    return [("uart_echo", inst)]


def _score4_search(cfg):
    """The Score-4 search engine alone (unit-tested against the golden search)."""
    from myhdl import ResetSignal

    from hdl.score4.checker import SCORE_MAX, SCORE_MIN
    from hdl.score4.search import NODE_BITS, score4_search
    from hdl.signals import flag, signed, unsigned

    inst = score4_search(flag(), ResetSignal(0, active=1, isasync=False), flag(), unsigned(64),
                         unsigned(64), unsigned(NODE_BITS), flag(), flag(), unsigned(4),
                         unsigned(NODE_BITS), unsigned(7), signed(SCORE_MIN, SCORE_MAX),
                         unsigned(3), unsigned(32))
    return [("score4_search", inst)]


def _blokus_search(cfg):
    """The Blokus search engine alone (its cycle counts: hdl/tests, bench/blokus).
    Its ports are clk, rst, budget and command_*, answer_*, report_* (the
    interfaces of hdl/blokus/search_ports.py, as MyHDL names their Signals)."""
    from myhdl import ResetSignal

    from hdl.blokus.search import NODE_BITS, blokus_search
    from hdl.blokus.search_ports import SearchAnswer, SearchCommand, SearchReport
    from hdl.signals import flag, unsigned

    inst = blokus_search(flag(), ResetSignal(0, active=1, isasync=False), SearchCommand(),
                         unsigned(NODE_BITS), SearchAnswer(), SearchReport())
    return [("blokus_search", inst)]


def _score4(cfg):
    """The Score-4 core: score4_top and the DE2 top level score4_de2."""
    from hdl.core_ports import core_pins
    from hdl.de2_panel import de2_pins
    from hdl.score4.de2 import score4_de2
    from hdl.score4.ports import Score4Status
    from hdl.score4.top import score4_top

    kw = dict(divisor=cfg.divisor,
              budget=cfg.budget if cfg.budget is not None else _golden_default("score4"))
    return [("score4_top", score4_top(*core_pins(), **Score4Status().ports(), **kw)),
            ("score4_de2", score4_de2(*de2_pins(), **kw))]


def _blokus(cfg):
    """The Blokus Duo core: blokus_top and the DE2 top level blokus_de2."""
    from hdl.blokus.de2 import blokus_de2
    from hdl.blokus.ports import BlokusStatus
    from hdl.blokus.top import blokus_top
    from hdl.core_ports import core_pins
    from hdl.de2_panel import de2_pins

    budget = cfg.budget if cfg.budget is not None else _golden_default("blokus")
    team = cfg.team if cfg.team is not None else DEFAULT_TEAM
    kw = dict(divisor=cfg.divisor, budget=budget, team=team, stall_cycles=cfg.stall_cycles)
    return [("blokus_top", blokus_top(*core_pins(), **BlokusStatus().ports(), **kw)),
            ("blokus_de2", blokus_de2(*de2_pins(), **kw))]


def _blokus_mcts(cfg):
    """The Blokus Duo core with the Monte-Carlo search: blokus_mcts_top (the
    SDRAM chip's pins among its ports) and the DE2 top level blokus_mcts_de2."""
    from hdl.blokus.mcts_de2 import blokus_mcts_de2
    from hdl.blokus.ports import MctsStatus
    from hdl.blokus.top import blokus_mcts_top
    from hdl.core_ports import core_pins
    from hdl.de2_panel import de2_pins
    from hdl.sdram_pins import dram_pins

    budget = cfg.budget if cfg.budget is not None else _golden_default("blokus_mcts")
    team = cfg.team if cfg.team is not None else DEFAULT_TEAM
    kw = dict(divisor=cfg.divisor, budget=budget, team=team, stall_cycles=cfg.stall_cycles,
              clk_hz=cfg.clk_hz)
    return [("blokus_mcts_top", blokus_mcts_top(*core_pins(), **MctsStatus().ports(), **kw)),
            ("blokus_mcts_de2", blokus_mcts_de2(*de2_pins(), *dram_pins(), **kw))]


def _reversi(cfg):
    """The Reversi player core: reversi_top and the DE2 top level reversi_de2,
    boards up to max_size (default golden's DEFAULT_SIZE, 8), named golden's
    DEFAULT_NAME."""
    from golden.reversi.encoding import DEFAULT_SIZE, STALL_BITS
    from golden.reversi.session import DEFAULT_NAME
    from hdl.core_ports import core_pins
    from hdl.de2_panel import de2_pins
    from hdl.reversi.de2 import reversi_de2
    from hdl.reversi.ports import ReversiStatus
    from hdl.reversi.top import reversi_top

    budget = cfg.budget if cfg.budget is not None else _golden_default("reversi")
    side = cfg.max_size if cfg.max_size is not None else DEFAULT_SIZE
    kw = dict(divisor=cfg.divisor, budget=budget, side=side, player_name=DEFAULT_NAME,
              stall_cycles=STALL_BITS * cfg.divisor)
    return [("reversi_top", reversi_top(*core_pins(), **ReversiStatus().ports(), **kw)),
            ("reversi_de2", reversi_de2(*de2_pins(), **kw))]


DEFAULT_TEAM = "01"


def _golden_default(core):
    if core == "reversi":
        from golden.reversi.search import DEFAULT_BUDGET
    elif core == "blokus":
        from golden.blokus.search import DEFAULT_BUDGET
    elif core == "blokus_mcts":
        from golden.blokus.mcts import DEFAULT_BUDGET
    else:
        from golden.score4.search import DEFAULT_BUDGET
    return DEFAULT_BUDGET


def _game(core):
    """The golden package of a core (its search and session)."""
    if core == "blokus":
        import golden.blokus.search as search
    elif core == "blokus_mcts":
        import golden.blokus.mcts as search
    elif core == "reversi":
        import golden.reversi.search as search
    else:
        import golden.score4.search as search
    return search


# unit name -> (builder, default baud, takes budget/team). The cores join this
# table as they land; a unit not listed here cannot be asked for.
UNITS = {
    "uart_echo": (_uart_echo, 115200, False),
    "score4_search": (_score4_search, 9600, False),
    "blokus_search": (_blokus_search, 115200, False),
    "score4": (_score4, 9600, True),
    "blokus": (_blokus, 115200, True),
    "blokus_mcts": (_blokus_mcts, 115200, True),
    "reversi": (_reversi, 115200, True),
}
LINT_DEBT = {"blokus_mcts": 275}
"""Units not yet lint-clean, with the most Verilator -Wall warnings they may
have (their DE2 top level, which holds the whole core): the Monte-Carlo core
carries blokus_mcts_search's MyHDL width warnings (272 of them, issue 25), one
of blokus_mcts_top's, and two of blokus_mcts_de2's: the board shows neither
the report's `nodes` nor its `work`.
hdl/tests/test_build.py holds them to it; the count may only go down, and at 0
the unit leaves this table."""
# the single blocks that have a unit bench of their own (verif/units/): hdl/units.py
from hdl.units import UNITS as _BLOCK_UNITS  # noqa: E402

UNITS.update(_BLOCK_UNITS)
CORES = tuple(name for name in ("score4", "blokus", "reversi") if name in UNITS)
GAME_UNITS = CORES + ("blokus_mcts",)
"""The units built with a budget, a CORE_top and a DE2 top level CORE_de2 (a
Quartus project each: synth.quartus): the cores, and the Monte-Carlo Blokus
core, whose DE2 top level uses the board's SDRAM. CORES leaves it out of the
synthesis report's defaults (synth.report: its synthesis alone takes a quarter
of an hour)."""


def make_config(unit, clk_hz=None, baud=None, budget=None, team=None, max_size=None):
    """A checked Config for `unit` with defaults filled in (ConfigError if bad)."""
    if unit not in UNITS:
        raise ConfigError("unknown unit %r; buildable here: %s"
                          % (unit, ", ".join(sorted(UNITS))))
    _, default_baud, game = UNITS[unit]
    if not game and (budget is not None or team is not None):
        raise ConfigError("%s takes no --budget or --team" % unit)
    if max_size is not None:
        if unit != "reversi":
            raise ConfigError("--max-size is for the reversi core only")
        if isinstance(max_size, bool) or not isinstance(max_size, int) or max_size % 2 \
                or not 4 <= max_size <= 16:
            raise ConfigError("--max-size must be an even board side from 4 to 16, not %r"
                              % (max_size,))
    cfg = configs.Config(unit, configs.DEFAULT_CLK_HZ if clk_hz is None else clk_hz,
                         default_baud if baud is None else baud, budget, team, max_size)
    cfg.divisor  # raises ConfigError with the reason when clk/baud cannot work
    if unit in GAME_UNITS:
        try:
            _game(unit).check_budget(cfg.budget if budget is not None
                                     else _golden_default(unit))
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    if team is not None:
        if unit not in ("blokus", "blokus_mcts"):
            raise ConfigError("--team is for the blokus core only (units blokus and blokus_mcts)")
        if not (isinstance(team, str) and len(team) == 2 and team.isascii()
                and team.isalnum()):
            raise ConfigError("--team must be exactly two ASCII letters or digits, not %r"
                              % (team,))
    return cfg


def describe(cfg):
    """The configuration as a dict, with the budget and its worst case for a core."""
    d = cfg.as_dict()
    if cfg.unit != "reversi":
        d.pop("max_size", None)         # the other units have no such setting
    if cfg.unit in GAME_UNITS:
        if cfg.unit == "blokus":
            from hdl.blokus import TIME_LIMIT_S as time_limit_s, worst_case_cycles
            d["team"] = cfg.team if cfg.team is not None else DEFAULT_TEAM
        elif cfg.unit == "blokus_mcts":
            from hdl.blokus import TIME_LIMIT_S as time_limit_s
            from hdl.blokus.mcts_engine import mcts_worst_case_cycles as worst_case_cycles
            d["team"] = cfg.team if cfg.team is not None else DEFAULT_TEAM
        elif cfg.unit == "reversi":
            from golden.reversi.encoding import DEFAULT_SIZE, STALL_BITS, TIME_LIMIT_MS
            from hdl.reversi.search import worst_case_cycles
            time_limit_s = TIME_LIMIT_MS / 1000.0
            d["max_size"] = cfg.max_size if cfg.max_size is not None else DEFAULT_SIZE
            d["stall_cycles"] = STALL_BITS * cfg.divisor       # Reversi's own stall rule
        else:
            from hdl.score4 import TIME_LIMIT_S as time_limit_s, worst_case_cycles
        d["budget"] = cfg.budget if cfg.budget is not None else _golden_default(cfg.unit)
        d["worst_case_cycles"] = worst_case_cycles(d["budget"])
        d["worst_case_seconds"] = round(d["worst_case_cycles"] / cfg.clk_hz, 6)
        d["time_limit_seconds"] = time_limit_s
    return d


def convert(cfg, out_dir):
    """Write the Verilog of `cfg` into `out_dir`; return the paths written.

    MyHDL orders some statements (the reset assignments of an `always_seq`)
    by iterating a set of names, so its output follows Python's string-hash
    seed. The conversion therefore always runs with PYTHONHASHSEED=0: here
    when this process has it, otherwise in a child process that does.
    """
    if os.environ.get("PYTHONHASHSEED") == "0":
        return _convert_here(cfg, out_dir)
    env = dict(os.environ, PYTHONHASHSEED="0")
    code = ("import json, sys; from hdl import build, configs; "
            "paths = build._convert_here(configs.Config(**json.loads(sys.argv[1])), sys.argv[2]); "
            "print(json.dumps(paths))")
    proc = subprocess.run([sys.executable, "-c", code, json.dumps(cfg._asdict()), out_dir],
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise ConfigError("conversion of %s failed:\n%s" % (cfg.unit, proc.stderr.strip()))
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _frame_records(frame):
    """What inspect.getouterframes(frame) gives, from `frame` outwards, as plain
    (frame, file name, line, function name, None, None) tuples: without the
    source positions and lines, which MyHDL never reads."""
    records = []
    while frame is not None:
        code = frame.f_code
        records.append((frame, code.co_filename, frame.f_lineno, code.co_name, None, None))
        frame = frame.f_back
    return records


@contextlib.contextmanager
def _quick_frame_records():
    """MyHDL names every block and instance from inspect.stack() (and
    getouterframes), and uses only each record's frame and function name. On
    Python 3.11 each record also costs a search of the code's positions and a
    read of its source line: for the Score-4 core that was more than half of
    a 40-second conversion, and make sim converts a dozen configurations. Inside
    this context both return the cheap records of _frame_records; the Verilog
    is byte for byte the same (hdl/tests/test_build.py checks it)."""
    stack, outer = inspect.stack, inspect.getouterframes
    inspect.stack = lambda context=1: _frame_records(sys._getframe(1))
    inspect.getouterframes = lambda frame, context=1: _frame_records(frame)
    try:
        yield
    finally:
        inspect.stack, inspect.getouterframes = stack, outer


def _convert_here(cfg, out_dir, quick=True):
    with _quick_frame_records() if quick else contextlib.nullcontext():
        return _convert_blocks(cfg, out_dir)


def _convert_blocks(cfg, out_dir):
    builder = UNITS[cfg.unit][0]
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for name, inst in builder(cfg):
        tmp = tempfile.mkdtemp(prefix="hdlbuild-")
        try:
            inst.convert(hdl="Verilog", path=tmp, name=name, testbench=False,
                         no_myhdl_header=True)
            src = os.path.join(tmp, name + ".v")
            dst = os.path.join(out_dir, name + ".v")
            shutil.move(src, dst)
            written.append(dst)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    return written


def source_key(cfg):
    """Digest of everything the Verilog of `cfg` depends on: the configuration,
    the MyHDL version and every non-test Python source and JSON table of hdl/
    and golden/ (golden/score4/book.json and golden/reversi/evaluation.json
    are built into ROMs: a cache keyed on the .py files alone served the last
    book's Verilog after a new book was written)."""
    import myhdl
    h = hashlib.sha256(json.dumps(cfg._asdict(), sort_keys=True).encode())
    h.update(myhdl.__version__.encode())
    for folder in ("hdl", "golden"):
        root = os.path.join(REPO, folder)
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d not in ("tests", "__pycache__"))
            for name in sorted(filenames):
                if name.endswith((".py", ".json")):
                    path = os.path.join(dirpath, name)
                    h.update(os.path.relpath(path, REPO).encode())
                    with open(path, "rb") as fh:
                        h.update(fh.read())
    return h.hexdigest()[:24]


def convert_cached(cfg, out_dir, log=None):
    """`convert`, but copied from the cache when the inputs are unchanged.

    Returns (paths written, True if it was converted now). Several processes
    may ask for the same configuration at once (pytest -n): one converts, the
    others wait for it on a lock and copy."""
    key = source_key(cfg)
    entry = os.path.join(CACHE_ROOT, "%s-%s" % (cfg.unit, key))
    os.makedirs(CACHE_ROOT, exist_ok=True)
    fresh = False
    with open(entry + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(os.path.join(entry, ".done")):
            if log is not None:
                log.write("converting %s to Verilog (cached in %s)\n"
                          % (cfg.unit, os.path.relpath(CACHE_ROOT)))
                log.flush()
            tmp = tempfile.mkdtemp(prefix=".tmp-", dir=CACHE_ROOT)
            try:
                convert(cfg, tmp)
                with open(os.path.join(tmp, ".done"), "w") as fh:
                    fh.write(json.dumps(cfg._asdict(), sort_keys=True) + "\n")
                shutil.rmtree(entry, ignore_errors=True)
                os.replace(tmp, entry)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            fresh = True
        os.utime(entry)
        os.makedirs(out_dir, exist_ok=True)
        written = []
        for name in sorted(os.listdir(entry)):
            if name.endswith(".v"):
                dst = os.path.join(out_dir, name)
                shutil.copyfile(os.path.join(entry, name), dst)
                written.append(dst)
    _prune_cache()
    return written, fresh


def _prune_cache():
    """Keep the CACHE_KEEP most recently used conversions."""
    try:
        entries = [os.path.join(CACHE_ROOT, n) for n in os.listdir(CACHE_ROOT)
                   if not n.startswith(".") and not n.endswith(".lock")]
        entries.sort(key=os.path.getmtime, reverse=True)
    except OSError:
        return
    for old in entries[CACHE_KEEP:]:
        if time.time() - os.path.getmtime(old) > 60:   # never one another process just made
            shutil.rmtree(old, ignore_errors=True)
            try:
                os.unlink(old + ".lock")
            except OSError:
                pass


def check_out_dir(path):
    """A ConfigError unless `path` is (or can be made) a writable folder."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise ConfigError("--out %s is a file, not a folder: name a folder to write the "
                          "Verilog into" % path)
    try:
        os.makedirs(path, exist_ok=True)
        probe = tempfile.NamedTemporaryFile(dir=path, prefix=".probe-")
        probe.close()
    except OSError as exc:
        raise ConfigError("cannot write into --out %s: %s" % (path, exc.strerror or exc)) from None


class _Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line, `error: ... (see --help)`, exit 2
    (host.cli.Parser's rule; hdl sits below host, so it has its own)."""

    def error(self, message):
        self.exit(2, "error: %s (see --help)\n" % message)


def unknown_unit(name):
    """The one-line complaint about a --core that is not a unit."""
    return ("unknown unit %r: the cores are %s; `python -m hdl.build --list` lists all %d units"
            % (name, ", ".join(CORES) or "none yet", len(UNITS)))


def _parser():
    p = _Parser(
        prog="python -m hdl.build",
        description="Generate the Verilog of a core (or of a test unit) into build/.")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--core", metavar="UNIT",
                      help="the unit to build: a core (%s; blokus_mcts: the Blokus core with "
                           "the Monte-Carlo search and its tree in the SDRAM) or a block with a unit "
                           "bench (--list names them all)" % (", ".join(CORES) or "none yet"))
    what.add_argument("--list", action="store_true",
                      help="list every unit --core builds, cores first, and exit")
    what.add_argument("--config", metavar="NAME",
                      help="a named configuration from hdl/configs.py (%s)"
                      % ", ".join(sorted(configs.CONFIGS)))
    what.add_argument("--all", action="store_true",
                      help="every core at its default configuration")
    p.add_argument("--clk-hz", type=int, metavar="HZ",
                   help="clock frequency (default %d)" % configs.DEFAULT_CLK_HZ)
    p.add_argument("--baud", type=int, help="serial bit rate (default: the game's)")
    p.add_argument("--budget", type=int, metavar="N", help="search nodes per move")
    p.add_argument("--team", metavar="XX", help="Blokus team code (default 01)")
    p.add_argument("--max-size", type=int, metavar="N",
                   help="Reversi: the largest board side it plays, even, 4..16 (default 8; "
                        "it plays every even size up to it)")
    p.add_argument("--out", metavar="DIR", default=DEFAULT_OUT,
                   help="output folder (default %s)" % DEFAULT_OUT)
    p.add_argument("--print-config", action="store_true",
                   help="print the effective configuration as JSON and write nothing")
    return p


def main(argv=None):
    args = _parser().parse_args(argv)
    if args.list:
        try:
            print("\n".join(list(CORES) + sorted(u for u in UNITS if u not in CORES)))
            sys.stdout.flush()
        except BrokenPipeError:         # `--list | head`: the reader has all it wanted
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    try:
        if args.core is not None and args.core not in UNITS:
            raise ConfigError(unknown_unit(args.core))
        if args.all:
            cfgs = [make_config(u) for u in (CORES or ("uart_echo",))]
        elif args.config:
            cfgs = [configs.get(args.config)]
            cfgs[0].divisor
        else:
            cfgs = [make_config(args.core, args.clk_hz, args.baud, args.budget, args.team,
                                args.max_size)]
        for cfg in cfgs:
            d = describe(cfg)
            if d.get("worst_case_seconds", 0) > d.get("time_limit_seconds", 1e9):
                print("warning: budget %d may take %.2f s per move at %d Hz, over the %g s limit"
                      % (d["budget"], d["worst_case_seconds"], cfg.clk_hz, d["time_limit_seconds"]),
                      file=sys.stderr)
            if args.print_config:
                print(json.dumps(d, sort_keys=True))
        if args.print_config:
            return 0
        check_out_dir(args.out)
        for cfg in cfgs:
            paths, fresh = convert_cached(cfg, args.out, log=sys.stdout)
            for path in paths:
                print("wrote %s%s" % (path, "" if fresh else " (from the cache: inputs unchanged)"))
    except (ConfigError, KeyError) as exc:
        print("error: %s" % (exc.args[0] if exc.args else exc), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
