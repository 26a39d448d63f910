"""Unit bench of the Reversi player's parser, hdl/reversi/parser.py (boards
up to REVERSI_SIDE, stall limit REVERSI_PARSER_STALL_CYCLES: hdl/units.py).

Reference: golden.reversi.encoding.Reader (the framing: complete frames,
bad bytes, framing errors, stalls), fed the same bytes, framing errors and
silences; each frame it gives is the event the parser must push, in order:
Player OK with its colour, OK, NOK, End, Next Turn with its last move, size
and whether its board is usable (size_ok for the core's side, and
decode_board accepts it), every other message "ignored". A usable Next
Turn's discs must be in the board slot, in the max layout, when its event
is pushed; the bench takes the slot then, as the core's controller does.

Checked: every event once, in order, with its fields; the slot; n_bad,
n_frame and n_stall equal the Reader's counts at the end; n_lost 0.

Tests: the slot left full (a second usable Next Turn lost and counted, the
first board kept; taken, the next one through); random traffic of every
message kind (Next Turns of every size from
1 x 1 to 16 x 16, good and bad boards, names of every length), garbage,
framing errors and stalls between and inside messages, bytes spaced as the
line spaces them (the board walker needs five cycles a byte); every byte
value at a message start and after each opcode.
"""
import random

import cocotb
from cocotb.triggers import RisingEdge

from golden.reversi import encoding as E
from hdl.reversi import tables as T
from hdl.reversi.parser import (EV_END, EV_IGNORED, EV_NEXT_TURN, EV_NOK, EV_OK, EV_PLAYER_OK,
                                ev_fields)
from hdl.units import REVERSI_PARSER_STALL_CYCLES, REVERSI_SIDE
from verif.units.common import Mismatches, start_unit

FERR, STALL = "framing error", "stall"
GAP = 6                              # cycles between bytes at least: the walker's four and two


def expected_event(frame):
    """The event fields golden's frame must give."""
    op = frame[0]
    if op == E.OP_PLAYER_OK:
        return {"kind": EV_PLAYER_OK, "colour": frame[1]}
    if op == E.OP_OK:
        return {"kind": EV_OK if frame[1] == E.OK else EV_NOK}
    if op == E.OP_END:
        return {"kind": EV_END}
    if op != E.OP_NEXT_TURN:
        return {"kind": EV_IGNORED}
    x, y, w, h = frame[1:5]
    out = {"kind": EV_NEXT_TURN, "last_x": x, "last_y": y, "width": w, "height": h, "usable": 0}
    if E.size_ok(w, h, REVERSI_SIDE):
        try:
            black, white = E.decode_board(frame[5:], w, h)
        except ValueError:
            return out
        out.update(usable=1, black=T.to_max(black, w, REVERSI_SIDE),
                   white=T.to_max(white, w, REVERSI_SIDE))
    return out


class ParserDriver:
    def __init__(self, dut):
        self.dut = dut
        self.reader = E.Reader()
        self.expected = []
        self.got = []
        cocotb.start_soon(self._watch())

    async def _watch(self):
        dut = self.dut
        while True:
            await RisingEdge(dut.clk)
            dut.slot_take.value = 0
            if int(dut.ev_push.value):
                f = ev_fields(int(dut.ev.value))
                event = {"kind": f["kind"]}
                if f["kind"] == EV_PLAYER_OK:
                    event["colour"] = f["colour"]
                elif f["kind"] == EV_NEXT_TURN:
                    event.update((k, f[k]) for k in ("last_x", "last_y", "width", "height",
                                                     "usable"))
                    if f["usable"]:
                        if not int(dut.slot_full.value):
                            event["slot"] = "empty"
                        event.update(black=int(dut.slot_black.value),
                                     white=int(dut.slot_white.value))
                        dut.slot_take.value = 1
                self.got.append(event)

    async def idle(self, cycles):
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)

    async def byte(self, b, gap=GAP):
        dut = self.dut
        dut.rx_data.value = b
        dut.rx_valid.value = 1
        await RisingEdge(dut.clk)
        dut.rx_valid.value = 0
        self.expected += [expected_event(f) for f in self.reader.feed(bytes([b]))]
        await self.idle(gap)

    async def send(self, item):
        if item == FERR:
            self.dut.rx_ferr.value = 1
            await RisingEdge(self.dut.clk)
            self.dut.rx_ferr.value = 0
            self.reader.framing_error()
            await self.idle(GAP)
        elif item == STALL:
            await self.idle(REVERSI_PARSER_STALL_CYCLES + 3)
            self.reader.stall()
        else:
            for b in item:
                await self.byte(b, random.randint(GAP, GAP + 4))

    def check(self, what):
        m = Mismatches("reversi_parser, " + what)
        for k, (want, got) in enumerate(zip(self.expected, self.got)):
            if not m.expect("event #%d" % k, want, got):
                break
        m.expect("events", len(self.expected), len(self.got))
        counts = {"n_bad": self.reader.bad_bytes, "n_frame": self.reader.framing_errors,
                  "n_stall": self.reader.stalls, "n_lost": 0}
        m.expect("counters", {k: min(255, v) for k, v in counts.items()},
                 {k: int(getattr(self.dut, k).value) for k in counts})
        m.check()


def random_board_frame(rng):
    """A Next Turn (or Status1): sizes mostly playable, boards mostly good."""
    op = rng.choice((E.OP_NEXT_TURN,) * 5 + (E.OP_STATUS1,))
    w, h = rng.choice(((rng.choice(E.SIZES[:3]), rng.choice(E.SIZES[:3])),
                       (rng.randint(1, 16), rng.randint(1, 16)),
                       (REVERSI_SIDE, REVERSI_SIDE)))
    cells = [rng.choice((E.EMPTY, E.BLACK, E.WHITE)) for _ in range(w * h)]
    data = bytearray(E.pack_board(cells))
    if rng.random() < 0.15:                                   # a 0b11 cell
        k = rng.randrange(len(data))
        data[k] |= 0xC0 >> (2 * rng.randrange(4))
    if rng.random() < 0.2 and (w * h) % 4:                    # a padding cell not 0
        slot = rng.randrange((w * h) % 4, 4)
        data[-1] |= rng.randint(1, 3) << (6 - 2 * slot)
    x, y = rng.choice(((rng.randrange(w), rng.randrange(h)), (0xFF, 0xFF), (rng.randrange(256),
                                                                           rng.randrange(256))))
    return bytes([op, x, y, w, h]) + bytes(data)


def random_message(rng):
    kind = rng.choice(("board", "board", "player_ok", "ok", "end", "connect", "new_move",
                       "status2", "control", "garbage", "bad_code"))
    if kind == "board":
        return random_board_frame(rng)
    if kind == "player_ok":
        return bytes([E.OP_PLAYER_OK, rng.choice(E.COLOURS)])
    if kind == "ok":
        return bytes([E.OP_OK, rng.choice((E.OK, E.NOK))])
    if kind == "end":
        return bytes([E.OP_END])
    if kind == "connect":
        n = rng.choice((0, 1, 12, rng.randint(0, 40)))
        return bytes([E.OP_CONNECT, n]) + bytes(rng.randrange(256) for _ in range(n))
    if kind == "new_move":
        return bytes([E.OP_NEW_MOVE, rng.randrange(256), rng.randrange(256)])
    if kind == "status2":
        n1, n2 = rng.randint(0, 6), rng.randint(0, 6)
        return (bytes([E.OP_STATUS2, 1, 2, 3, n1]) + bytes(65 for _ in range(n1))
                + bytes([4, 5, 6, n2]) + bytes(66 for _ in range(n2)))
    if kind == "control":
        return bytes([E.OP_CONTROL, 8, 8, 0, 1])
    if kind == "bad_code":
        return bytes([rng.choice((E.OP_OK, E.OP_PLAYER_OK, E.OP_NEXT_TURN)),
                      rng.choice((3, 7, 0x55, 0, 17))])
    return bytes(rng.randrange(256) for _ in range(rng.randint(1, 3)))


def every_kind(rng):
    """One whole message of each event kind, in random order: OK, NOK, End,
    Player OK, a usable Next Turn (the smallest size, a random good board), an
    unusable one (a 0b11 cell) and an ignored message."""
    w = E.SIZES[0]
    good = bytes([E.OP_NEXT_TURN, rng.randrange(w), rng.randrange(w), w, w]) + E.pack_board(
        [rng.choice((E.EMPTY, E.BLACK, E.WHITE)) for _ in range(w * w)])
    bad = bytearray(good)
    bad[5] |= 0xC0
    out = [bytes([E.OP_OK, E.OK]), bytes([E.OP_OK, E.NOK]), bytes([E.OP_END]),
           bytes([E.OP_PLAYER_OK, rng.choice(E.COLOURS)]), good, bytes(bad),
           bytes([E.OP_CONTROL, 8, 8, 0, 1])]
    rng.shuffle(out)
    return out


async def start(dut):
    await start_unit(dut, low=("rx_valid", "rx_ferr", "slot_take"))
    return ParserDriver(dut)


@cocotb.test()
async def random_traffic(dut):
    rng = random.Random(cocotb.RANDOM_SEED)
    drv = await start(dut)
    # 150 random messages, and one of each kind sent whole at random places
    # among them (the random ones alone missed OK or NOK on about 1 seed in 400)
    sure = every_kind(rng)
    places = set(rng.sample(range(150 + len(sure)), len(sure)))
    for k in range(150 + len(sure)):
        if k in places:                 # after a stall: no frame left open by garbage
            await drv.send(STALL)
            await drv.send(sure.pop())
            continue
        msg = random_message(rng)
        r = rng.random()
        if r < 0.06:                                  # cut short by a framing error or a stall
            await drv.send(msg[:rng.randint(1, len(msg))])
            await drv.send(rng.choice((FERR, STALL)))
        else:
            await drv.send(msg)
            if r < 0.1:
                await drv.send(rng.choice((FERR, STALL)))
    await drv.idle(10)
    drv.check("random traffic")
    kinds = {e["kind"] for e in drv.expected}
    assert kinds == {EV_PLAYER_OK, EV_OK, EV_NOK, EV_END, EV_NEXT_TURN, EV_IGNORED}, kinds
    assert any(e.get("usable") for e in drv.expected)
    assert any(e["kind"] == EV_NEXT_TURN and not e["usable"] for e in drv.expected)


@cocotb.test()
async def slot_full_loses_the_next_board(dut):
    """The slot not taken: a second usable Next Turn is lost (n_lost, no
    event), an unusable one still gives its event; taken, the next usable
    one comes through with its board."""
    rng = random.Random(cocotb.RANDOM_SEED + 3)
    dut.slot_take.value = 0
    await start_unit(dut, low=("rx_valid", "rx_ferr", "slot_take"))
    mismatches = Mismatches("reversi_parser, slot full")
    frames = []
    for _ in range(3):
        w, h = rng.choice(((4, 4), (6, 8), (8, 8)))
        cells = [rng.choice((E.EMPTY, E.BLACK, E.WHITE)) for _ in range(w * h)]
        frames.append(bytes([E.OP_NEXT_TURN, 0, 0, w, h]) + E.pack_board(cells))
    unusable = bytes([E.OP_NEXT_TURN, 0, 0, 10, 10]) + bytes(25)

    async def send(frame):
        for b in frame:
            dut.rx_data.value = b
            dut.rx_valid.value = 1
            await RisingEdge(dut.clk)
            dut.rx_valid.value = 0
            for _ in range(GAP):
                await RisingEdge(dut.clk)

    pushes = []

    async def watch():
        while True:
            await RisingEdge(dut.clk)
            if int(dut.ev_push.value):
                pushes.append(ev_fields(int(dut.ev.value)))
    cocotb.start_soon(watch())
    await send(frames[0])
    await send(frames[1])                                  # lost: the slot still holds frames[0]
    await send(unusable)                                   # its event comes, no slot needed
    for _ in range(10):                                    # the last board's walk and event
        await RisingEdge(dut.clk)
    mismatches.expect("n_lost after a second board", 1, int(dut.n_lost.value))
    mismatches.expect("events before the take", [1, 0],
                      [e["usable"] for e in pushes])
    first = frames[0]
    w = first[3]
    black, white = E.decode_board(first[5:], w, first[4])
    mismatches.expect("the slot still holds the first board",
                      (T.to_max(black, w, REVERSI_SIDE), T.to_max(white, w, REVERSI_SIDE)),
                      (int(dut.slot_black.value), int(dut.slot_white.value)))
    dut.slot_take.value = 1
    await RisingEdge(dut.clk)
    dut.slot_take.value = 0
    await send(frames[2])
    for _ in range(10):
        await RisingEdge(dut.clk)
    third = frames[2]
    w = third[3]
    black, white = E.decode_board(third[5:], w, third[4])
    mismatches.expect("the third board", (T.to_max(black, w, REVERSI_SIDE),
                                           T.to_max(white, w, REVERSI_SIDE), 1),
                      (int(dut.slot_black.value), int(dut.slot_white.value),
                       int(dut.slot_full.value)))
    mismatches.expect("events", 3, len(pushes))
    mismatches.check()


@cocotb.test()
async def every_byte_after_each_opcode(dut):
    """At a message start and after each opcode: each byte value, then a
    valid Next Turn of the start position, which must come through."""
    drv = await start(dut)
    black, white = E.geometry(8, 8).start()
    good = E.encode_next_turn(None, black, white, 8, 8)
    for prefix in [b""] + [bytes([op]) for op in E.OPCODES]:
        for value in range(0, 256, 1 if not prefix else 3):
            await drv.send(prefix + bytes([value]))
            await drv.send(STALL)
            await drv.send(good)
        if not prefix:
            # the counters now, before the bytes after the opcodes saturate
            # them: a byte taken for an opcode at a message start is one bad
            # byte fewer and one stall more (the table's entry for 110 set
            # to 1 survived the check at the end alone)
            await drv.idle(10)
            drv.check("every byte at a message start")
    await drv.idle(10)                      # the last board's walk and event
    drv.check("every byte after each opcode")
