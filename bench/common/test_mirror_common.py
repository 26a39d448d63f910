"""The shared mirror builder, fingerprint and proof ledger, and the generated header,
on a tiny C library of their own (a second of gcc)."""
import ctypes
import textwrap

import pytest

from bench.common import mirror as M
from bench.common import tables as T

ADD_C = "#include \"tables.h\"\nint add(int a, int b) { return a + b + OFFSET; }\n"


class Header(T.GeneratedHeader):
    """A GeneratedHeader under a temporary folder."""

    def __init__(self, folder, offset=0):
        super().__init__("toy", lambda: T.defines("", [("OFFSET", offset)]))
        self.path = folder / "tables.h"


def toy_mirror(tmp_path, source=ADD_C, offset=0, check=None, inputs=("code.py",)):
    c_file = tmp_path / "toy.c"
    c_file.write_text(source)
    (tmp_path / "build").mkdir(exist_ok=True)
    return M.CompiledMirror(title="Toy", source=c_file, tables=Header(tmp_path / "build", offset),
                            c_standard="c99",
                            signatures={"add": ((ctypes.c_int, ctypes.c_int), ctypes.c_int)},
                            proof_inputs=[str(tmp_path / p) for p in inputs], check=check)


# ------------------------------------------------------------------ normalised

def _fingerprint_of(tmp_path, text):
    path = tmp_path / "code.py"
    path.write_text(textwrap.dedent(text))
    return M.normalised(path)


BASE = '''
    """Module doc."""
    DEFAULT_BUDGET = 100
    LIMIT = 7
    X = 1
    """X's doc."""

    def f(a):
        """f's doc."""
        try:
            return a + LIMIT    # a comment
        finally:
            "a string in finally"
    '''


@pytest.mark.parametrize("edit, same", [
    (lambda t: t.replace("Module doc.", "Other doc."), True),
    (lambda t: t.replace("X's doc.", "changed"), True),
    (lambda t: t.replace("f's doc.", "changed"), True),
    (lambda t: t.replace("a string in finally", "changed"), True),
    (lambda t: t.replace("# a comment", "# another"), True),
    (lambda t: t.replace("DEFAULT_BUDGET = 100", "DEFAULT_BUDGET = 99"), True),
    (lambda t: t.replace("LIMIT = 7", "LIMIT = 8"), False),
    (lambda t: t.replace("a + LIMIT", "a - LIMIT"), False),
    (lambda t: t.replace('"""f\'s doc."""', "print(1)"), False),
])
def test_normalised_keeps_code_and_drops_documentation(tmp_path, edit, same):
    assert (_fingerprint_of(tmp_path, edit(BASE)) == _fingerprint_of(tmp_path, BASE)) == same


def test_normalised_keeps_a_body_that_was_only_a_docstring(tmp_path):
    text = _fingerprint_of(tmp_path, 'class A:\n    """Only a doc."""\n')
    assert b"Pass" in text
    c_file = tmp_path / "x.c"
    c_file.write_bytes(b"/* a comment counts in C */ int x;\n")
    assert M.normalised(c_file) == c_file.read_bytes()


# ---------------------------------------------------------- build and load

def test_builds_once_and_loads_with_the_signatures(tmp_path):
    mirror = toy_mirror(tmp_path, offset=10)
    lib_path = mirror.build()
    assert lib_path.parent == tmp_path / "build" and lib_path.name.startswith("mirror-")
    assert mirror.build() == lib_path                  # the same inputs: no new build
    assert mirror.load().add(2, 3) == 15
    other = toy_mirror(tmp_path, offset=11)            # new tables: a new library
    assert other.build() != lib_path and other.load().add(2, 3) == 16


def test_build_errors_are_one_clear_message(tmp_path, monkeypatch):
    broken = toy_mirror(tmp_path, source="int add(int a, int b) { return a + ; }\n")
    with pytest.raises(M.MirrorBuildError, match="could not compile the Toy mirror"):
        broken.build()
    monkeypatch.setenv("CC", "no-such-cc")
    with pytest.raises(M.MirrorBuildError, match="C compiler 'no-such-cc' not found"):
        toy_mirror(tmp_path).build()


def test_the_check_runs_at_load(tmp_path):
    def refuse(lib):
        raise M.MirrorBuildError("constants differ")
    with pytest.raises(M.MirrorBuildError, match="constants differ"):
        toy_mirror(tmp_path, check=refuse).load()


def test_command_line_reports_a_build_error(tmp_path, capsys):
    broken = toy_mirror(tmp_path, source="syntax error\n")
    status = M.command_line(broken, "toy", "Toy.", [], lambda parser: None, lambda args: None)
    assert status == 2 and "error: could not compile" in capsys.readouterr().err


# ------------------------------------------------------------- proof ledger

def test_a_run_counts_only_when_all_its_chunks_passed(tmp_path):
    (tmp_path / "code.py").write_text("X = 1\n")
    mirror = toy_mirror(tmp_path)
    assert mirror.proof_status() is None
    for chunk in range(2):
        mirror.record_proof_chunk("5-30-3", chunk, 3, seed=5, planned=30, random_positions=10,
                                  positions=11, searches=50)
    assert mirror.proof_status() is None               # chunk 2 missing
    mirror.record_proof_chunk("5-30-3", 2, 3, seed=5, planned=30, random_positions=10,
                              positions=12, searches=60)
    assert mirror.proof_status() == {"positions": 34, "searches": 160, "random_positions": 30,
                                     "seed": 5, "fingerprint": mirror.fingerprint()}
    # a smaller complete run does not hide the larger one; a short one does not count
    mirror.record_proof_chunk("6-3-1", 0, 1, seed=6, planned=3, random_positions=3,
                              positions=3, searches=9)
    mirror.record_proof_chunk("7-90-1", 0, 1, seed=7, planned=90, random_positions=80,
                              positions=80, searches=99)
    assert mirror.proof_status()["seed"] == 5
    (mirror.proof_dir / ("%s-garbage-000.json" % mirror.fingerprint())).write_text("{not json")
    assert mirror.proof_status()["seed"] == 5
    (tmp_path / "code.py").write_text("X = 2\n")       # the code changed: nothing proven
    assert mirror.proof_status() is None


def test_planned_positions(monkeypatch):
    monkeypatch.delenv(M.POSITIONS_VARIABLE, raising=False)
    assert M.planned_positions(300) == 300
    monkeypatch.setenv(M.POSITIONS_VARIABLE, "3000")
    assert M.planned_positions(300) == 3000
    for bad in ("many", "0", "-5"):
        monkeypatch.setenv(M.POSITIONS_VARIABLE, bad)
        with pytest.raises(ValueError, match="MIRROR_POSITIONS=.*a positive number"):
            M.planned_positions(300)


def test_log_uniform_budget():
    import random
    rng = random.Random(3)
    budgets = [M.log_uniform_budget(rng, 10000) for _ in range(2000)]
    assert 1 <= min(budgets) and max(budgets) <= 10000
    assert 0.4 < sum(b < 100 for b in budgets) / 2000.0 < 0.6


# ------------------------------------------------------------ the header

def test_header_is_framed_and_rewritten_only_when_it_changes(tmp_path):
    header = Header(tmp_path, offset=3)
    text = header.text()
    assert text.startswith("/* Generated by bench/toy/gen_tables.py from golden.toy.encoding")
    assert "#ifndef TOY_MIRROR_TABLES_H\n#define TOY_MIRROR_TABLES_H\n" in text
    assert "#define OFFSET 3\n" in text and text.endswith("#endif\n")
    path = header.write()
    first = path.stat().st_mtime_ns, path.stat().st_ino
    assert header.write() == path and (path.stat().st_mtime_ns, path.stat().st_ino) == first
    path.write_text("edited by hand")
    header.write()
    assert path.read_text() == text


def test_header_command_line(tmp_path, capsys):
    header = Header(tmp_path)
    assert header.main([str(tmp_path / "out.h")]) == 0
    assert (tmp_path / "out.h").read_text() == header.text()
    assert header.main(["--help"]) == 0
    assert header.main(["a", "b"]) == 2 and "usage" in capsys.readouterr().err
    assert header.main(["/proc/version/t.h"]) == 2
    assert "error: cannot write /proc/version/t.h" in capsys.readouterr().err
