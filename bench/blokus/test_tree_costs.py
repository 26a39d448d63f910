"""bench.blokus.tree_costs: its sums of the SDRAM controller's access times,
the check that golden's tree-unit costs cover the planned tree unit, and its
report."""
import random
import subprocess
import sys

import pytest

from bench.blokus import tree_costs as T
from golden.blokus import mcts as gm
from hdl.sdram_timing import MAX_WORDS, SdramCycles, access_cycles, schedule

t = SdramCycles(T.CLOCK_HZ)


def test_sdram_timings_access_cycles_are_the_schedules_length():
    rng = random.Random(25)
    cases = [(a, n, w) for a in range(0, 300, 7) for n in (1, 2, 3, 5, 6, 255, 256, 257)
             for w in (False, True)]
    cases += [(rng.randrange(1 << 22), rng.randrange(1, MAX_WORDS + 1), rng.random() < 0.5)
              for _ in range(500)]
    for addr, n, write in cases:
        assert access_cycles(addr, n, write, t) == schedule(addr, n, write, t)[1], \
            (addr, n, write)


def test_the_columns_tried_give_the_worst_of_every_column():
    for element in (1, 2, 6):
        step = T.gcd(element, T.ROW_WORDS)
        for n in list(range(1, 520)) + [MAX_WORDS - 1, MAX_WORDS]:
            for write in (False, True):
                assert (max(access_cycles(c, n, write, t) for c in T.starts(n, step, t))
                        == max(access_cycles(c, n, write, t)
                               for c in T.starts(n, step, t, every=True))), (element, n, write)


def test_worst_access_is_the_schedule_at_its_worst_alignment():
    # a LINK (2 words at an even address) never crosses a row: n + 4 for a read
    assert T.worst_access(2, False, 2, t) == schedule(0, 2, False, t)[1] == 6
    # six STATS words can cross one row (start at column 252): a cycle more
    assert T.worst_access(6, False, 6, t) == schedule(252, 6, False, t)[1] == 11
    assert T.worst_access(6, True, 6, t) == schedule(252, 6, True, t)[1] == 10
    # longer than one access: pieces of at most MAX_WORDS
    assert T.worst_access(3000, False, 1, t) > 3000


def test_golden_covers_the_tree_unit_at_every_child_count():
    assert T.shortfalls(t) == []


def test_the_cover_fails_with_the_costs_golden_charged_before(monkeypatch):
    for name, value in T.BEFORE.items():
        monkeypatch.setattr(gm, name, value)
    short = {name for name, *_ in T.shortfalls(t)}
    assert {"choice below the root, virtual loss", "back-up of a path node",
            "RAVE update of a child", "an expansion's writes"} <= short


@pytest.mark.parametrize("name", sorted(T.fitted(t)))
def test_one_cycle_less_in_any_fixed_part_falls_short(monkeypatch, name):
    monkeypatch.setattr(gm, name, getattr(gm, name) - 1)
    assert T.shortfalls(t), name


def test_goldens_fixed_parts_are_the_least_that_cover():
    assert T.fitted(t) == {name: getattr(gm, name) for name in T.fitted(t)}
    memory = T.fitted(t, memory=True)
    assert all(memory[name] < getattr(gm, name) for name in memory)


def test_report_rows_carry_golden_charges_and_add_up():
    rows = {(name, c): rest for name, c, *rest in T.rows(t)}
    golden, memory, unit, refresh = rows[("choice below the root, virtual loss", 8)]
    assert golden == gm.select_work(1, 8) == gm.SELECT_NODE_WORK + 8 * gm.CHILD_WORK
    assert memory == (T.worst_access(16, False, 2, t) + T.worst_access(6, False, 6, t)
                      + T.worst_access(2, False, 2, t) + T.worst_access(1, False, 1, t)
                      + T.worst_access(6, True, 6, t) + T.worst_access(2, True, 2, t))
    assert unit > memory and refresh == t.debt_max * t.rfc
    assert rows[("back-up of a path node", None)][0] == gm.BACKUP_NODE_WORK
    text = T.report(t)
    assert "| choice below the root, virtual loss | 1 | %d |" % gm.select_work(1, 1) in text
    assert "golden covers the tree unit with its refreshes at every one" in text


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
    assert sets["golden"] == {} and sets["before"] == T.BEFORE
    assert sets["memory"]["SELECT_NODE_WORK"] < gm.SELECT_NODE_WORK
