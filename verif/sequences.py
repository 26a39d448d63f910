"""Sequence pieces shared by the protocol testbenches of both cores."""
from pyuvm import ConfigDB, uvm_sequence

from verif import tb
from verif.uart_agent import BYTES, UartItem


async def send(seq, data, kind=BYTES, **kw):
    """Put one UartItem on the sequence's sequencer and wait until it is out."""
    item = UartItem("host", kind, data, **kw)
    await seq.start_item(item)
    await seq.finish_item(item)


async def send_after(seq, prefix, data, kind=BYTES, **kw):
    """Send the partial message `prefix` (if any), then `data` as one item of
    `kind`: a byte, fault or pause that hits the parser in that state."""
    if prefix:
        await send(seq, prefix)
    await send(seq, data, kind, **kw)


class Exchange(uvm_sequence):
    """Base: send a message and wait for the core's complete answer. How long
    an answer may take comes from the core's adapter ("CORE" in the ConfigDB,
    a verif.core_env.Core)."""

    async def pre_body(self):
        self.sb = ConfigDB().get(None, "", "SCOREBOARD")
        self.cfg = ConfigDB().get(None, "", "CFG")
        self.core = ConfigDB().get(None, "", "CORE")

    async def ask(self, data):
        """Send `data` as one run; return the core's answer (waits for it)."""
        before = len(self.sb.exchanges)
        await send(self, data)
        ok = await self.sb.wait_drained(self.timeout_ps())
        assert ok, "no complete answer to %r in time (seed %s)" % (data, tb.seed())
        return self.sb.exchanges[-1].actual if len(self.sb.exchanges) > before else b""

    def timeout_ps(self):
        return self.core.answer_timeout_ps(self.cfg)
