"""The formal proofs under pytest (make sim): every proof's k-induction, and
its cover unless that one is deep (make formal runs those too), plus faults
put back into the generated Verilog that the proofs must find, so that a
proof that cannot fail would show here.

The faults are edits of the generated Verilog text; each test first checks
that the text it edits is there, so a change of the generated code fails the
test loudly instead of proving an unedited design.
"""
import pytest

from verif.formal import proofs as P
from verif.formal import reference


def _assert_all_passed(outcomes):
    failed = [line for o in outcomes if not o.passed for line in o.describe()]
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("proof", [p for p in P.proofs() if p.sim_tasks], ids=lambda p: p.name)
def test_proof(proof, tmp_path):
    _assert_all_passed(P.run_proof(proof, root=tmp_path, tasks=P.tasks_of(proof, deep=False)))


def _generated(proof, tmp_path):
    return P.block_verilog(proof, tmp_path / "rtl").read_text()


def _edit(text, old, new):
    assert text.count(old) == 1, "the generated Verilog no longer holds %r" % old
    return text.replace(old, new)


def _prove_fails(proof, text, tmp_path, search=True):
    """The prove task on edited Verilog must fail. With `search` (the fault
    shows within the cover's depth) it must find a trace from reset; without,
    the induction failing is enough (a bounded search a frame time deep takes
    minutes)."""
    (outcome,) = P.run_proof(proof, root=tmp_path / "fault", verilog_text=text, tasks=["prove"],
                             search=search)
    assert outcome.traces, "a failing proof must leave its counterexample VCD"
    if search:
        assert outcome.status == "FAIL" and outcome.reached, "\n".join(outcome.describe())
    else:
        assert outcome.status in ("FAIL", "UNKNOWN"), "\n".join(outcome.describe())
    return outcome


def test_message_tx_registered_push_is_found(tmp_path):
    """The byte-loss bug of message_tx's history: the push into the queue
    registered a cycle late, so it acted on a `full` flag one push stale and
    a byte vanished when the queue filled. Put back, the proof fails."""
    proof = P.by_name(["message_tx"])[0]
    text = _generated(proof, tmp_path)
    text = _edit(text, "assign q_push = ((left != 0) && (!q_full));",
                 "reg q_push_late = 1'b0;\n"
                 "always @(posedge clk) q_push_late <= ((left != 0) && (!q_full));\n"
                 "assign q_push = q_push_late;")
    text = _edit(text, "assign q_din = out[32-1:(32 - 8)];",
                 "reg [7:0] q_din_late = 0;\n"
                 "always @(posedge clk) q_din_late <= out[32-1:(32 - 8)];\n"
                 "assign q_din = q_din_late;")
    _prove_fails(proof, text, tmp_path)


def test_byte_fifo_full_flag_one_early_is_found(tmp_path):
    proof = P.by_name(["byte_fifo"])[0]
    text = _edit(_generated(proof, tmp_path),
                 "assign full = ((wr[2] != rd[2]) && (wr[2-1:0] == rd[2-1:0]));",
                 "assign full = ((wr - rd) >= 3);")
    _prove_fails(proof, text, tmp_path)


def test_uart_tx_bit_order_is_found(tmp_path):
    proof = P.by_name(["uart_tx"])[0]
    text = _edit(_generated(proof, tmp_path), "{1'b1, data, 1'b0}",
                 "{1'b1, data[0], data[7:1], 1'b0}")
    _prove_fails(proof, text, tmp_path, search=False)


def test_uart_rx_sampling_off_by_one_is_found(tmp_path):
    """A stop bit that ends the frame a cycle late: the clean frame's `valid`
    comes a cycle after the property's time."""
    proof = P.by_name(["uart_rx"])[0]
    text = _generated(proof, tmp_path)
    stop = text.index("3'b011: begin")
    head, tail = text[:stop], text[stop:]
    tail = _edit(tail[:400], "(16 - 1)", "16") + tail[400:]
    _prove_fails(proof, head + tail, tmp_path, search=False)


def test_score4_parser_stuck_after_opener_is_found(tmp_path):
    """`A` in the middle of a request no longer starts it over."""
    proof = P.by_name(["score4_parser"])[0]
    text = _generated(proof, tmp_path)
    assert text.count("state <= 2'b01;") == 2
    first = text.index("state <= 2'b01;")
    second = text.index("state <= 2'b01;", first + 1)
    text = text[:second] + "state <= state;" + text[second + len("state <= 2'b01;"):]
    _prove_fails(proof, text, tmp_path)


def test_blokus_parser_stall_never_ends_is_found(tmp_path):
    proof = P.by_name(["blokus_parser"])[0]
    text = _edit(_generated(proof, tmp_path), "if ((idle == 96)) begin", "if ((idle == 97)) begin")
    _prove_fails(proof, text, tmp_path, search=False)


def test_landing_full_post_is_found(tmp_path):
    """A post whose top level is taken reported as having room."""
    proof = P.by_name(["score4_landing"])[0]
    text = _generated(proof, tmp_path)
    old = "free = (!l3[post]);"
    assert text.count(old) == 1, "the generated Verilog no longer holds %r" % old
    _prove_fails(proof, text.replace(old, "free = (!l2[post]);"), tmp_path)


def test_blokus_checker_extra_square_is_found(tmp_path):
    """One shape's mask with one square too many: the 91-shape check must see it."""
    from hdl.blokus.tables import SHAPE_MASK

    proof = P.by_name(["blokus_checker"])[0]
    mask = SHAPE_MASK[40]
    extra = next(b for b in range(25) if not mask >> b & 1)
    text = _edit(_generated(proof, tmp_path), "assign _shape40_m = 25'd%d;" % mask,
                 "assign _shape40_m = 25'd%d;" % (mask | 1 << extra))
    _prove_fails(proof, text, tmp_path)


def test_score4_checker_line_missing_is_found(tmp_path, monkeypatch):
    """The reference is golden's: a reference without one of its 76 lines
    disagrees with the RTL, so the proof compares something real."""
    from golden.score4.encoding import LINES

    proof = P.by_name(["score4_checker"])[0]
    full = reference.verilog("score4_checker")
    mask = "64'h%x" % LINES[40]
    term = "(x & %s) == %s" % (mask, mask)
    assert full.count(term) == 4          # a line of 4 cells: once for each
    broken = full.replace(" || " + term, "").replace(term + " || ", "")
    assert term not in broken
    monkeypatch.setitem(reference.GENERATORS, "score4_checker", lambda: broken)
    (outcome,) = P.run_proof(proof, root=tmp_path, tasks=["prove"])
    assert outcome.status == "FAIL" and outcome.reached, "\n".join(outcome.describe())


def test_score4_eval_threat_parity_flipped_is_found(tmp_path):
    """One line's table in the RTL with a threat's parity flipped (the empty
    cell's level read as even): the evaluation's proof must see it."""
    proof = P.by_name(["score4_eval"])[0]
    text = _edit(_generated(proof, tmp_path), "        7: score4_line_term0_bits = 506;",
                 "        7: score4_line_term0_bits = 486;")
    _prove_fails(proof, text, tmp_path)
