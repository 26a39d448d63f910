"""The order in which the tree unit serves the playout units: the longest-waiting first."""
from myhdl import always_comb, always_seq, block, downrange, intbv

from golden.blokus.mcts import BATCH
from hdl.signals import unsigned

UNIT_BITS = max(1, (BATCH - 1).bit_length())


@block
def blokus_unit_queue(clk, rst, request, take, head_valid, head):
    """golden.blokus.mcts.next_unit: the unit the tree unit serves next, of
    those waiting, the one that began to wait in the earliest cycle, the
    lower number of equals.

    Ports:
        clk, rst     in   clock, synchronous reset
        request      in   BATCH bits: unit u begins to wait in this cycle (one
                          cycle; a unit asks again only after it was taken)
        take         in   the tree unit takes `head` in this cycle (only while
                          head_valid)
        head_valid   out  a unit is waiting, this cycle's requests included
        head         out  UNIT_BITS: the unit next_unit names
    How: a waiting flag a unit and an order bit a pair of units (u began to
    wait before v, or in the same cycle with u < v), set as the requests
    come; the head is the waiting unit before every other. When no unit is
    waiting, the lowest unit requesting in the cycle is the head at once:
    golden's job starts in the cycle the unit begins to wait when the tree
    unit is free.
    """
    if len(request) != BATCH or len(head) != UNIT_BITS:
        raise ValueError("blokus_unit_queue: request must have %d bits and head %d"
                         % (BATCH, UNIT_BITS))
    waiting = unsigned(BATCH)
    earlier = unsigned(BATCH * BATCH)       # bit u * BATCH + v: u began to wait before v
    first_waiting, lowest_request = unsigned(UNIT_BITS), unsigned(UNIT_BITS)

    @always_comb
    def firsts():
        # the waiting unit no other waiting unit began earlier; the lowest request
        w = intbv(0)[UNIT_BITS:]
        r = intbv(0)[UNIT_BITS:]
        for u in downrange(BATCH):
            ahead = True
            for v in range(BATCH):
                if v != u and waiting[v] and not earlier[u * BATCH + v]:
                    ahead = False
            if waiting[u] and ahead:
                w[:] = u
            if request[u]:
                r[:] = u
        first_waiting.next = w
        lowest_request.next = r

    @always_comb
    def head_of():
        if waiting != 0:
            head.next = first_waiting
            head_valid.next = 1
        else:
            head.next = lowest_request
            head_valid.next = request != 0

    @always_seq(clk.posedge, reset=rst)
    def order():
        now = intbv(0)[BATCH:]            # the units waiting after this cycle
        joins = intbv(0)[BATCH:]          # those that begin to wait in it
        b = intbv(0)[BATCH * BATCH:]
        now[:] = waiting
        joins[:] = request
        b[:] = earlier
        if take:
            if waiting != 0:
                now[first_waiting] = 0
            else:
                joins[lowest_request] = 0
        for u in range(BATCH):
            if joins[u]:
                now[u] = 1
                for v in range(BATCH):
                    if v != u:
                        if waiting[v]:
                            b[v * BATCH + u] = 1
                            b[u * BATCH + v] = 0
                        elif joins[v]:
                            b[u * BATCH + v] = u < v
        waiting.next = now
        earlier.next = b

    return firsts, head_of, order
