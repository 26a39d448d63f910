"""What a golden session answers to one thing the host does on the line.

The protocol testbenches' predictor is this function: every UartItem the
driver has put on the line goes through it, in order, into the golden
`Session` of the core under test, and what comes out is what the DUT must
send. Kept a plain function so that it is tested without a simulator.
"""
from verif.uart_agent import BREAK, BYTES, FRAMING_ERROR, GLITCH, IDLE


def reply(session, item, stall_bits):
    """Bytes the board answers to `item`, per the golden `session`.

    BYTES go to `feed`; a framing error and a break (which the receiver sees
    as one framing error, then waits for idle) to `framing_error`; a glitch
    shorter than half a bit is never seen by the receiver; IDLE time counts
    as a stall when it is at least `stall_bits` bit times. An idle time
    between half and the whole of `stall_bits` is refused: whether the
    hardware has timed out by then depends on where it started counting, so a
    sequence must not ask for it.
    """
    if item.kind == BYTES:
        return session.feed(item.data)
    if item.kind in (FRAMING_ERROR, BREAK):
        return session.framing_error()
    if item.kind == GLITCH:
        return b""
    if item.kind == IDLE:
        if item.bits >= stall_bits:
            return session.stall()
        if item.bits > stall_bits / 2:
            raise ValueError("idle of %g bits is too close to the stall limit of %d bits "
                             "to predict; use at most %d or at least %d"
                             % (item.bits, stall_bits, stall_bits // 2, stall_bits))
        return b""
    raise ValueError("unknown item kind %r" % item.kind)
