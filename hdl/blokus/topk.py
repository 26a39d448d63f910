"""The best K candidates of phase 1, kept sorted as they arrive."""
from myhdl import Signal, always_comb, always_seq, block, intbv


@block
def blokus_topk(clk, rst, clear, insert, v, j, s, q, out_v, out_j, out_s, count, k=8):
    """A sorted list of up to `k` (score, centre, shape) entries.

    Ports:
        clk, rst   in   clock, synchronous reset
        clear      in   empty the list
        insert     in   add (v, j, s): it goes before the first entry with a
                        lower score, so equal scores keep their arrival order;
                        the k-th entry falls off when the list is full
        v, j, s    in   the candidate's score (signed), window index, shape
        q          in   which entry to read (0 = the best)
        out_v/j/s  out  entry q, registered: valid the cycle after q settles
                        (meaningless when q >= count)
        count      out  entries held, 0..k
    Every entry compares itself with the candidate in parallel; entry i takes
    entry i - 1, the candidate, or keeps its own, all in one cycle.
    """
    sv = lambda: Signal(intbv(0, min=v.min, max=v.max))
    ev = [sv() for _ in range(k)]
    ej = [Signal(intbv(0)[len(j):]) for _ in range(k)]
    es = [Signal(intbv(0, min=s.min, max=s.max)) for _ in range(k)]
    valid = [Signal(bool(0)) for _ in range(k)]
    gt = [Signal(bool(0)) for _ in range(k)]
    first_gt = Signal(bool(0))             # "entry -1" never moves down
    entries = [_entry(clk, rst, clear, insert, v, j, s,
                      ev[i - 1] if i else ev[0], ej[i - 1] if i else ej[0],
                      es[i - 1] if i else es[0], valid[i - 1] if i else valid[0],
                      gt[i - 1] if i else first_gt,
                      ev[i], ej[i], es[i], valid[i], gt[i])
               for i in range(k)]
    # read entry q through a chain of selectors (no list indexing in the Verilog)
    cv = [sv() for _ in range(k)]
    cj = [Signal(intbv(0)[len(j):]) for _ in range(k)]
    cs = [Signal(intbv(0, min=s.min, max=s.max)) for _ in range(k)]
    sels = [_select(q, i, ev[i], ej[i], es[i],
                    cv[i + 1] if i + 1 < k else ev[i], cj[i + 1] if i + 1 < k else ej[i],
                    cs[i + 1] if i + 1 < k else es[i], cv[i], cj[i], cs[i])
            for i in range(k)]
    top_v, top_j, top_s = cv[0], cj[0], cs[0]

    @always_seq(clk.posedge, reset=rst)
    def read():
        out_v.next = top_v
        out_j.next = top_j
        out_s.next = top_s

    @always_seq(clk.posedge, reset=rst)
    def counter():
        if clear:
            count.next = 0
        elif insert and count != k:
            count.next = count + 1

    return entries, sels, read, counter


@block
def _entry(clk, rst, clear, insert, v, j, s, up_v, up_j, up_s, up_valid, up_gt,
           my_v, my_j, my_s, my_valid, my_gt):
    """One entry: gt = the candidate beats it (or it is empty)."""
    @always_comb
    def beats():
        my_gt.next = (not my_valid) or v > my_v

    @always_seq(clk.posedge, reset=rst)
    def update():
        if clear:
            my_valid.next = 0
        elif insert:
            if up_gt:
                my_v.next = up_v
                my_j.next = up_j
                my_s.next = up_s
                my_valid.next = up_valid
            elif my_gt:
                my_v.next = v
                my_j.next = j
                my_s.next = s
                my_valid.next = 1

    return beats, update


@block
def _select(q, i, ev, ej, es, nv, nj, ns, ov, oj, os_):
    """(ov, oj, os_) = entry i when q == i, else what the next selector gives."""
    @always_comb
    def pick():
        if q == i:
            ov.next = ev
            oj.next = ej
            os_.next = es
        else:
            ov.next = nv
            oj.next = nj
            os_.next = ns
    return pick
