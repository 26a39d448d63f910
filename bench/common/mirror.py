"""One builder and prover for the games' compiled mirrors.

A compiled mirror is a game's search in C (``bench/<game>/mirror.c``) with
tables generated from the golden model (``bench/<game>/gen_tables.py``),
called through ctypes. A game describes its mirror once:

    MIRROR = CompiledMirror(title="Score-4", source=HERE / "mirror.c",
                            tables=gen_tables.HEADER, c_standard="c99",
                            signatures={...}, proof_inputs=(...))

and gets:

* ``build()``: at first use the tables are written and the C compiled with
  gcc (``$CC`` if set) into ``build/bench/<game>/mirror-<hash>.so``, the hash
  covering the C source, the tables, the compiler and its flags: any change
  gives a new file, so the library is rebuilt exactly when its inputs change,
  and parallel processes never load a half-written one;
* ``load()``: the library with the ctypes signatures set (and the game's
  ``check`` run on it), once per process;
* the proof ledger: ``bench/<game>/test_mirror.py`` records each chunk of an
  equality run that passed under ``build/bench/<game>/proof/``, keyed by
  ``fingerprint()`` (a hash of the sources the equality depends on);
  ``proof_status()`` gives the largest run whose chunks all passed on the
  current sources.

``planned_positions``, ``log_uniform_budget`` and ``proof_run_id`` are the
pieces both proof tests use.
"""
import ast
import ctypes
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Tried in turn: the first set the compiler accepts is used.
FLAG_SETS = (
    ["-O2", "-march=native"],
    ["-O2", "-mpopcnt"],
    ["-O2"],
)
COMMON_FLAGS = ["-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]

COMMON_PROOF_INPUTS = ("bench/common/mirror.py", "bench/common/tables.py")
"""Shared sources every mirror's proof also covers: the builder (flags, loading)
and the header writer of the tables."""

POSITIONS_VARIABLE = "MIRROR_POSITIONS"


class MirrorBuildError(RuntimeError):
    """The C mirror could not be compiled or loaded."""


def digest(parts):
    """16 hex digits of sha256 over ``parts`` (bytes, or anything str() gives)."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


def _shown(path):
    """A path for messages: from the repository root when it is inside."""
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def _is_bare_string(statement):
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


def normalised(path):
    """What of a file a proof depends on: for Python, its code; other files
    (C, headers) byte for byte.

    Python is reduced to its syntax tree (comments and line numbers are not in
    it) without any statement that is only a string constant, in every block
    (function and class bodies, ``else``, ``finally``, ``except``): module,
    function and class docstrings and the string "attribute docs" written
    under assignments. Python evaluates such a statement and throws it away,
    so no edit of one can change what the search, the wrapper or the test
    computes; the only way to read one back is ``__doc__``, which no proof
    input reads (the benchmarks use it for ``--help`` texts). Stripping them
    lets the documentation be edited without voiding a 13-minute proof. Keeping
    them would void it for nothing, and stripping only the first docstring of
    each block would keep the attribute docs. (The two games' copies of this
    function used to differ in code -- the Score-4 one popped the docstring
    before dropping every bare string, the Blokus one only dropped every bare
    string -- but gave the same bytes on every file of the repository; both
    missed ``else``/``finally`` blocks, which this one covers.)

    Also dropped, as before and as docs/changing-a-search.md promises: the
    value of ``DEFAULT_BUDGET`` (the benchmark's budget, not the search: it
    changes with the RTL's cycle bound, and any new value is one more budget
    in 1..MAX_BUDGET, a range the search code handles whatever the value)."""
    data = path.read_bytes()
    if path.suffix != ".py":
        return data
    tree = ast.parse(data)
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                # documentation only, never behaviour: see the docstring
                kept = [s for s in block if not _is_bare_string(s)]
                # a body must not be empty; orelse/finalbody may
                setattr(node, field, kept or ([ast.Pass()] if field == "body" else []))
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "DEFAULT_BUDGET"):
            node.value = ast.Constant(None)
    return ast.dump(tree).encode()


class CompiledMirror:
    """A game's C search: build, load, fingerprint, proof ledger.

    ``title``: the game's name in messages; ``source``: the C file;
    ``tables``: its generated header (``bench.common.tables.GeneratedHeader``:
    the C includes it; its folder also holds the library and the proof
    records); ``c_standard``: gcc's ``-std``;
    ``signatures``: {C function: (argument ctypes, result ctype)};
    ``proof_inputs``: the repository paths the equality depends on (golden
    search and board, the C, the generator, the adapter, the test), to which
    ``COMMON_PROOF_INPUTS`` are added; ``check(lib)``: optional, raises
    MirrorBuildError when the loaded library is not what the golden model
    wants; ``includes``: other C files the source includes (in its folder),
    hashed with it so that a change to them rebuilds the library;
    ``prefix``: the library's file name before its hash."""

    def __init__(self, title, source, tables, c_standard, signatures, proof_inputs,
                 check=None, includes=(), prefix="mirror"):
        self.title = title
        self.source = Path(source)
        self.tables = tables
        self.build_dir = tables.path.parent
        self.proof_dir = self.build_dir / "proof"
        self.c_standard = c_standard
        self.signatures = dict(signatures)
        self.proof_inputs = tuple(proof_inputs) + COMMON_PROOF_INPUTS
        self.check = check
        self.includes = tuple(Path(p) for p in includes)
        self.prefix = prefix
        self._lib = None

    # -------------------------------------------------------------- building

    def _compiler(self):
        cc = os.environ.get("CC") or "gcc"
        path = shutil.which(cc)
        if path is None:
            raise MirrorBuildError(
                "C compiler %r not found: the %s mirror (%s) is compiled at first use. "
                "Install gcc (Debian: apt-get install gcc) or set CC to a GNU C compiler."
                % (cc, self.title, _shown(self.source)))
        return path

    def build(self, verbose=False):
        """Compile the mirror if needed; return the path of the shared library."""
        tables = Path(self.tables.write())
        cc = self._compiler()
        fixed = ["-std=" + self.c_standard] + COMMON_FLAGS
        inputs = [self.source.read_bytes(), tables.read_bytes(), cc]
        inputs += [p.read_bytes() for p in self.includes]
        errors = []
        for flags in FLAG_SETS:
            lib = self.build_dir / ("%s-%s.so" % (self.prefix, digest(inputs + flags + fixed)))
            if lib.exists():
                return lib
            fd, tmp = tempfile.mkstemp(dir=str(self.build_dir), prefix="." + self.prefix + "-",
                                       suffix=".so")
            os.close(fd)
            cmd = ([cc] + flags + fixed + ["-I", str(tables.parent), "-o", tmp, str(self.source)]
                   + ["-lm"])
            if verbose:
                print(" ".join(cmd), file=sys.stderr)
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  universal_newlines=True)
            if proc.returncode == 0:
                os.replace(tmp, str(lib))
                return lib
            os.unlink(tmp)
            errors.append("$ %s\n%s" % (" ".join(cmd), proc.stdout))
        raise MirrorBuildError("could not compile the %s mirror:\n%s"
                               % (self.title, "\n".join(errors)))

    def load(self):
        """The ctypes library (built and loaded once per process)."""
        if self._lib is None:
            lib = ctypes.CDLL(str(self.build()))
            for name, (argtypes, restype) in self.signatures.items():
                function = getattr(lib, name)
                function.argtypes = list(argtypes)
                function.restype = restype
            if self.check is not None:
                self.check(lib)
            self._lib = lib
        return self._lib

    # ------------------------------------------------------------- the proof

    def fingerprint(self):
        """Hash of what the mirror's equality depends on (``proof_inputs``,
        Python files as code only: see ``normalised``)."""
        return digest([normalised(REPO / p) for p in self.proof_inputs])

    def record_proof_chunk(self, run, chunk, chunks, seed, planned, random_positions,
                           positions, searches):
        """Called by a proof test for each chunk that passed. ``planned``: the
        random positions of the whole run (its ``MIRROR_POSITIONS``);
        ``random_positions``: those this chunk checked; ``positions`` and
        ``searches``: everything the chunk checked (random positions and any
        other kind)."""
        self.proof_dir.mkdir(parents=True, exist_ok=True)
        record = {"fingerprint": self.fingerprint(), "run": run, "chunk": chunk,
                  "chunks": chunks, "seed": seed, "planned": planned,
                  "random_positions": random_positions, "positions": positions,
                  "searches": searches}
        path = self.proof_dir / ("%s-%s-%03d.json" % (record["fingerprint"], run, chunk))
        fd, tmp = tempfile.mkstemp(dir=str(self.proof_dir), prefix=".chunk-")
        with os.fdopen(fd, "w") as f:
            json.dump(record, f)
        os.replace(tmp, str(path))

    def proof_status(self):
        """The largest complete equality run on the current sources, or None:
        {"positions", "searches", "random_positions", "seed", "fingerprint"}
        (positions: all kinds checked; random_positions: the run's
        ``MIRROR_POSITIONS``). A run counts only when every one of its chunks
        passed and recorded itself."""
        fp = self.fingerprint()
        runs = {}
        for name in glob.glob(str(self.proof_dir / ("%s-*.json" % fp))):
            try:
                with open(name) as f:
                    record = json.load(f)
                runs.setdefault(record["run"], []).append(record)
            except (OSError, ValueError, KeyError, TypeError):
                continue                     # unreadable: that run is not complete
        best = None
        for records in runs.values():
            try:
                status = _complete_run(records, fp)
            except (KeyError, TypeError):
                continue
            if status and (best is None or status["positions"] > best["positions"]):
                best = status
        return best


def _complete_run(records, fp):
    """The status of one run's chunk records, None if a chunk is missing."""
    first = records[0]
    if len({r["chunk"] for r in records}) != first["chunks"]:
        return None
    if sum(r["random_positions"] for r in records) != first["planned"]:
        return None
    return {"positions": sum(r["positions"] for r in records),
            "searches": sum(r["searches"] for r in records),
            "random_positions": first["planned"], "seed": first["seed"], "fingerprint": fp}


# ------------------------------------------------------ pieces of the proof tests

def planned_positions(default):
    """The random positions of this run: ``$MIRROR_POSITIONS``, else ``default``."""
    text = os.environ.get(POSITIONS_VARIABLE, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError("%s=%r: a positive number of positions, e.g. %s=3000"
                         % (POSITIONS_VARIABLE, text, POSITIONS_VARIABLE))
    return value


def log_uniform_budget(rng, top):
    """A budget in 1..top, log-uniform (as many below sqrt(top) as above)."""
    return int(round(top ** rng.random()))


def proof_line(status, golden, how_to_prove, full=10000):
    """The strength reports' line on a mirror's proof: ``status`` its
    ``proof_status()``, ``golden`` the search module's name, ``how_to_prove``
    the command that runs the proof, ``full`` the positions of a whole proof."""
    if status is None:
        return "**none recorded for the current sources** (run `%s`)" % how_to_prove
    return ("%d positions (%d searches) checked equal to `%s` on the current sources (seed %d, "
            "fingerprint %s)%s" % (status["positions"], status["searches"], golden,
                                   status["seed"], status["fingerprint"],
                                   "" if status["random_positions"] >= full
                                   else " -- fewer than the %s of the proof run" % format(full, ",")))


def proof_run_id(seed, planned, chunks):
    """The name under which a run's chunks are recorded."""
    return "%d-%d-%d" % (seed, planned, chunks)


# ------------------------------------------------------------ command line

def command_line(mirror, prog, description, argv, add_options, measure):
    """``python -m bench.<game>.mirror``: build, print the library and the
    proof status, then ``measure(args)`` (the game's own options, added by
    ``add_options(parser)``; a ValueError it raises is a bad option). Returns
    the exit status: 2 with a one-line error when the mirror cannot be built or
    an option is wrong."""
    import argparse
    ap = argparse.ArgumentParser(prog=prog, description=description)
    add_options(ap)
    args = ap.parse_args(argv)
    try:
        print("library:", mirror.build(verbose=True))
        print("proof:", mirror.proof_status())
        measure(args)
    except (MirrorBuildError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return 0
