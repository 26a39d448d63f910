"""In-order scoreboard: the DUT's bytes against the golden model's, per exchange.

A predictor writes one `Expected` per host item (what the golden model says
the DUT answers to it, possibly nothing); the monitor writes every byte the
DUT sends. Each non-empty expectation collects as many DUT bytes as it has,
then compares the two messages. A byte that arrives while nothing is
expected is an error of the exchange that came last. Every mismatch is
reported with the exchange, both values and the run's seed, and fails the
test in check_phase; so does an answer that never came.
"""
from cocotb.triggers import Event, First, Timer
from cocotb.utils import get_sim_time
from pyuvm import uvm_component, uvm_subscriber

from verif.tb import seed


class Expected:
    """What the DUT must send in answer to one host item."""

    def __init__(self, label, data, sent_ps=None):
        self.label = label
        self.data = bytes(data)
        self.sent_ps = get_sim_time("ps") if sent_ps is None else sent_ps


class Exchange:
    """A finished exchange: the request, the expected and actual answers, timing."""

    def __init__(self, expected, actual, first_ps, last_ps):
        self.label = expected.label
        self.expected = expected.data
        self.actual = bytes(actual)
        self.sent_ps = expected.sent_ps
        self.first_ps = first_ps
        self.last_ps = last_ps

    @property
    def ok(self):
        return self.expected == self.actual


class ExchangeScoreboard(uvm_component):
    """Compares messages, not waveforms. Exports: `expected_export`, `actual_export`."""

    def build_phase(self):
        self.expected_export = uvm_subscriber.uvm_AnalysisImp(
            "expected_export", self, self._on_expected)
        self.actual_export = uvm_subscriber.uvm_AnalysisImp(
            "actual_export", self, self._on_actual)
        self.pending = []          # [Expected, bytearray received, first byte time]
        self.exchanges = []        # finished Exchange objects, in order
        self.errors = []
        self.last_label = "(none yet)"
        self._drained = Event()
        self._drained.set()

    # -- inputs -----------------------------------------------------------
    def _on_expected(self, exp):
        self.last_label = exp.label
        if exp.data:
            self.pending.append([exp, bytearray(), None])
            self._drained.clear()

    def _on_actual(self, byte):
        if not byte.stop_ok:
            self._error("DUT sent 0x%02x with a 0 stop bit after exchange %s"
                        % (byte.value, self.last_label))
        if not self.pending:
            self._error("unexpected byte %r (0x%02x) from the DUT after exchange %s"
                        % (chr(byte.value), byte.value, self.last_label))
            return
        head = self.pending[0]
        head[1].append(byte.value)
        if head[2] is None:
            head[2] = byte.time_ps
        if len(head[1]) == len(head[0].data):
            self.pending.pop(0)
            ex = Exchange(head[0], head[1], head[2], byte.time_ps)
            self.exchanges.append(ex)
            if not ex.ok:
                self._error("exchange %s: expected %r, DUT sent %r"
                            % (ex.label, ex.expected, ex.actual))
            if not self.pending:
                self._drained.set()

    def _error(self, text):
        msg = "%s (seed %s)" % (text, seed())
        self.errors.append(msg)
        self.logger.error(msg)

    # -- for sequences ----------------------------------------------------
    async def wait_drained(self, timeout_ps):
        """Wait until every expected answer has arrived; False on timeout."""
        if self._drained.is_set():
            return True
        await First(self._drained.wait(), Timer(timeout_ps, unit="ps"))
        return self._drained.is_set()

    # -- verdict ----------------------------------------------------------
    def check_phase(self):
        for exp, got, _ in self.pending:
            self._error("exchange %s: expected %r, DUT sent only %r"
                        % (exp.label, exp.data, bytes(got)))
        self.pending = []
        assert not self.errors, "%d scoreboard error(s); first: %s" % (
            len(self.errors), self.errors[0])
