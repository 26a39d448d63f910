"""bench.blokus.tree_costs: its sums of the SDRAM controller's access times and its report."""
import subprocess
import sys

from bench.blokus import tree_costs as T
from golden.blokus import mcts as gm
from hdl.sdram_timing import SdramCycles, schedule

t = SdramCycles(T.CLOCK_HZ)


def test_worst_access_is_the_schedule_at_its_worst_alignment():
    # a LINK (2 words at an even address) never crosses a row: n + 4 for a read
    assert T.worst_access(2, False, 2, t) == schedule(0, 2, False, t)[1] == 6
    # six STATS words can cross one row (start at column 252): a cycle more
    assert T.worst_access(6, False, 6, t) == schedule(252, 6, False, t)[1] == 11
    assert T.worst_access(6, True, 6, t) == schedule(252, 6, True, t)[1] == 10
    # longer than one access: pieces of at most MAX_WORDS
    assert T.worst_access(3000, False, 1, t) > 3000


def test_report_rows_carry_golden_charges_and_add_up():
    rows = {(name, c): rest for name, c, *rest in T.rows(t)}
    golden, memory, order, refresh = rows[("selection at a node below the root", 8)]
    assert golden == gm.SELECT_NODE_WORK + 8 * gm.CHILD_WORK
    assert memory == (T.worst_access(2, False, 2, t) + T.worst_access(16, False, 2, t)
                      + T.worst_access(6, False, 6, t) + T.worst_access(6, True, 6, t)
                      + T.worst_access(2, True, 2, t))
    assert order > memory and refresh == t.debt_max * t.rfc
    assert rows[("back-up of a path node", None)][0] == gm.BACKUP_NODE_WORK
    text = T.report(t)
    assert "| selection at a node below the root | 1 | %d |" % (gm.SELECT_NODE_WORK
                                                               + gm.CHILD_WORK) in text


def test_unwritable_out_is_refused_without_a_traceback(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = subprocess.run([sys.executable, "-m", "bench.blokus.tree_costs", "--out",
                        str(blocker / "r.md")], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("error:") and "Traceback" not in r.stderr


def test_mirror_with_patches_its_own_header_and_restores_golden(tmp_path):
    before = gm.SELECT_NODE_WORK
    built = T.mirror_with({"SELECT_NODE_WORK": 999}, tmp_path)
    text = built.tables.write().read_text()
    assert "BK_MC_SELECT_NODE_WORK 999" in text.replace("(", " ").replace(")", " ")
    assert gm.SELECT_NODE_WORK == before
    sets = T.cost_sets(t)
    assert sets["golden"] == {}
    assert sets["memory"]["SELECT_NODE_WORK"] < sets["in order"]["SELECT_NODE_WORK"]
