"""Board reset: a push button, synchronised, plus a power-on reset."""
from myhdl import Signal, always, always_comb, block, concat, intbv


@block
def reset_sync(clk, key_n, rst, cycles=16):
    """rst is high for `cycles` clocks after configuration and while key_n is low.

    Ports:
        clk    in   clock
        key_n  in   push button, active low, asynchronous
        rst    out  synchronous reset, active high
    The button passes two flip-flops before it is used; after it is released
    (or after configuration, registers starting at 0) `rst` stays high until
    the counter has run `cycles` clocks.
    """
    if cycles < 1:
        raise ValueError("reset_sync: cycles must be 1 or more, not %r" % (cycles,))
    sync = Signal(intbv(0)[2:])
    count = Signal(intbv(0, min=0, max=cycles + 1))
    # count == cycles, registered with count: rst drives every register of
    # the core, and decoded from count its compare stood in front of that
    # fan-out (the longest path of the 10 x 10 Reversi build, 71.0 MHz); an
    # inverter folds into the registers' logic. A register that starts at 0
    # after configuration, so rst is high from the first clock
    ready = Signal(bool(0))

    @always(clk.posedge)
    def seq():
        sync.next = concat(sync[0], key_n)
        if not sync[1]:
            count.next = 0
            ready.next = 0
        elif count != cycles:
            count.next = count + 1
            ready.next = count == cycles - 1

    @always_comb
    def out():
        rst.next = not ready

    return seq, out

