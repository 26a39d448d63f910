"""Shared encoding of Reversi (Othello): THE numbering and the message bytes.

The golden model, the RTL generators, the testbenches and the host tools all
import this module, so it holds plain data and small pure functions only
(standard library, Python 3.9 syntax, no imports from the rest of the
project). docs/protocol-reversi.md explains every choice for contest teams.

Board and coordinates
---------------------
* A board is ``width`` x ``height`` cells (the messages' "Board Size X" and
  "Board Size Y"). Both sides are even and in ``MIN_SIZE`` .. ``MAX_SIZE``
  (4..16): odd sides have no centre 2 x 2 to start from, a 2-wide board has
  no legal move at all, and 16 keeps a cell index in 8 bits, a Next Turn
  message within 64 board bytes and a column within the letters A..P.
* Cell ``(x, y)``: ``x`` the column, 0 at the left, growing to the right;
  ``y`` the row, 0 at the top, growing downwards. The origin (0, 0) is the
  top-left cell, the first cell of the board bytes. In text (the seed's
  ASCII board) column x is the letter ``chr(ord('A') + x)`` and row y the
  number ``y + 1``: (3, 2) is ``D3``.
* Cell index ``c = y * width + x`` (row-major, the order of the board
  bytes). A side's bitboard is an int with bit c set for each of its discs.
* ``NO_MOVE`` (0xFF) in both coordinates means "no move": the last move of a
  Next Turn or Status1 when there was none (start of a game, the opponent
  passed), and a pass in a New Move. Any coordinate pair that is not a cell
  of the board reads as no move in a Next Turn / Status1 (it is only shown);
  in a New Move only (0xFF, 0xFF) is a pass, anything else off the board is
  an illegal move.

Cell codes (2 bits): ``EMPTY`` 0b00, ``BLACK`` 0b01, ``WHITE`` 0b10,
``UNUSED`` 0b11 (never valid). ``BLACK`` and ``WHITE`` are also the colour
codes of Player OK. Black moves first.

Board bytes (Next Turn, Status1)
--------------------------------
Cells in index order (rows top to bottom, each left to right), 4 cells a
byte, the first cell in the two highest bits: cell c is bits
``7 - 2*(c % 4)`` .. ``6 - 2*(c % 4)`` of byte ``c // 4``. With both sides
even, width * height is a multiple of 4, so a board is exactly
``width * height / 4`` bytes (``board_bytes``). The seed's examples: the 2 x 2
board W B / B W is ``0x96``; the 4 x 4 board W B . . / . W B . / . B W . /
. . . . is ``0x90 0x24 0x18 0x00``. (Sizes the framing accepts but the game
refuses, 1..16 odd or 2, take ``ceil(width * height / 4)`` bytes; the unused
low bits of the last byte are 0.)

Messages (first byte: the opcode; every field one byte unless said)
-------------------------------------------------------------------
======================  =====  =============================================
``OP_CONNECT``          0x01   name length n (0..255), n name bytes
``OP_OK``               0x02   ``OK`` 0x01 / ``NOK`` 0x00
``OP_NEW_MOVE``         0x03   X, Y (0xFF 0xFF: pass)
``OP_END``              0x04   (nothing)
``OP_NEXT_TURN``        0x05   last X, last Y, width, height, board bytes
``OP_STATUS1``          0x06   as Next Turn
``OP_STATUS2``          0x07   for Black then White: points, timer (16 bits,
                               MSB first, milliseconds), name length n,
                               n name bytes
``OP_CONTROL``          0x08   new width, new height (0, 0: no change),
                               mode (``MODE_CONTINUOUS`` 0x00 /
                               ``MODE_STEP`` 0x01), restart (0x00 / 0x01)
``OP_PLAYER_OK``        0x10   colour (``BLACK`` 0x01 / ``WHITE`` 0x02)
======================  =====  =============================================

Framing (``Reader``): how every receiver splits a byte stream
-------------------------------------------------------------
Messages are read by their length, which the opcode and the length fields
give. At a message start a byte that is not an opcode is a *bad byte*:
dropped and counted, the next byte is again a message start. Inside a
message only these fields are checked, because they are needed to frame it
or are one of a few codes: the OK/NOK byte (0x00 or 0x01), the Player OK
colour (0x01 or 0x02) and the width and height of a Next Turn or Status1
(1..16: a larger or zero size cannot be a board of this protocol, and
refusing it at once keeps a garbled byte from swallowing up to 16 kB of
what follows). A byte that fails its check drops the partial message as a
bad byte and is **not** read again as an opcode. Every other field is taken
as it comes and judged by the receiver when the message is complete. A
framing error (stop bit 0) or a stall (the line idle ``STALL_BITS`` bit
times inside a message) drops a partial message.
"""

from collections import namedtuple

# ------------------------------------------------------------------- sizes
MIN_SIZE = 4                    # the smallest side of a game board
MAX_SIZE = 16                   # the largest side (protocol and golden model)
DEFAULT_SIZE = 8                # the standard board; the core's default maximum
FRAME_MAX_SIZE = 16             # a Next Turn/Status1 side above this (or 0) breaks the frame
SIZES = tuple(range(MIN_SIZE, MAX_SIZE + 1, 2))   # the sides a game may have

BAUD = 115200                   # the core's serial line, 8N1
STALL_BITS = 11520              # idle bit times that drop a partial message (100 ms at 115200)
TIME_LIMIT_MS = 1000            # a player's time for one move (game master default)
MAX_ILLEGAL = 3                 # the illegal move that loses the game (the third)
MAX_NAME = 255                  # the longest name a Connect can carry

# ------------------------------------------------------------ cell codes
EMPTY = 0
BLACK = 1
WHITE = 2
UNUSED = 3
COLOURS = (BLACK, WHITE)
COLOUR_NAMES = {BLACK: "Black", WHITE: "White"}
CELL_LETTERS = {EMPTY: "N", BLACK: "B", WHITE: "W"}   # the seed's ASCII board


def other(colour):
    """The other colour (BLACK <-> WHITE)."""
    if colour not in COLOURS:
        raise ValueError("not a colour: %r" % (colour,))
    return BLACK + WHITE - colour


# --------------------------------------------------------------- opcodes
OP_CONNECT = 0x01
OP_OK = 0x02
OP_NEW_MOVE = 0x03
OP_END = 0x04
OP_NEXT_TURN = 0x05
OP_STATUS1 = 0x06
OP_STATUS2 = 0x07
OP_CONTROL = 0x08
OP_PLAYER_OK = 0x10
OPCODES = (OP_CONNECT, OP_OK, OP_NEW_MOVE, OP_END, OP_NEXT_TURN, OP_STATUS1,
           OP_STATUS2, OP_CONTROL, OP_PLAYER_OK)
OP_NAMES = {OP_CONNECT: "connect", OP_OK: "ok", OP_NEW_MOVE: "new_move",
            OP_END: "end", OP_NEXT_TURN: "next_turn", OP_STATUS1: "status1",
            OP_STATUS2: "status2", OP_CONTROL: "control",
            OP_PLAYER_OK: "player_ok"}

OK = 0x01
NOK = 0x00
MODE_CONTINUOUS = 0x00
MODE_STEP = 0x01
NO_RESTART = 0x00
RESTART = 0x01
NO_MOVE = 0xFF
TIMER_MAX = 0xFFFF              # Status2 timers saturate here
POINTS_MAX = 0xFF               # Status2 points saturate here (only 16 x 16 can pass it)

# ------------------------------------------------------------ geometry


def size_ok(width, height, max_size=MAX_SIZE):
    """True when width x height is a game board: both even, MIN_SIZE..max_size."""
    return all(isinstance(v, int) and not isinstance(v, bool)
               and MIN_SIZE <= v <= max_size and v % 2 == 0
               for v in (width, height))


def check_size(width, height, max_size=MAX_SIZE):
    """Return (width, height) if size_ok, else raise ValueError."""
    if not size_ok(width, height, max_size):
        raise ValueError("a board is W x H with W and H even in %d..%d, not %r x %r"
                         % (MIN_SIZE, max_size, width, height))
    return width, height


def board_bytes(width, height):
    """Number of board bytes of a width x height board (ceil(cells / 4))."""
    return (width * height + 3) // 4


def cell_index(x, y, width, height):
    """Cell index y * width + x of (x, y); ValueError off the board."""
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError("(%r, %r) is off the %d x %d board" % (x, y, width, height))
    return y * width + x


def cell_xy(c, width, height=None):
    """(x, y) of cell index c."""
    if c < 0 or (height is not None and c >= width * height):
        raise ValueError("cell %r is off the board" % (c,))
    return c % width, c // width


def cell_name(c, width):
    """Text name of cell c: column letter and row number from 1, e.g. 'D3'."""
    x, y = c % width, c // width
    return "%s%d" % (chr(ord("A") + x), y + 1)


def parse_cell_name(text, width, height):
    """Cell index of a name like 'D3' or 'd3' (ValueError if off the board)."""
    text = text.strip()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ValueError("not a cell name: %r" % (text,))
    x = ord(text[0].upper()) - ord("A")
    y = int(text[1:]) - 1
    return cell_index(x, y, width, height)


def move_name(move, width):
    """cell_name, or 'pass' for None."""
    return "pass" if move is None else cell_name(move, width)


def name_text(raw):
    """A received name (bytes) as printable text: printable ASCII as it is,
    a backslash as ``\\\\``, every other byte as ``\\xNN`` (so ``03 01`` shows
    as ``\\x03\\x01``); a name never reaches a log or a screen raw."""
    out = []
    for b in bytes(raw):
        if b == 0x5C:
            out.append("\\\\")
        elif 0x20 <= b < 0x7F:
            out.append(chr(b))
        else:
            out.append("\\x%02x" % b)
    return "".join(out)


class Geometry(object):
    """Everything the rules and the search need about one board size.

    ``shifts``: for the 8 directions (in ``DIRECTIONS`` order) a pair
    (amount, premask): a bitboard ``b`` moves one step that way as
    ``(b & premask) << amount`` (amount > 0; then ``& full``) or
    ``(b & premask) >> -amount``; premask clears the column that would
    wrap. ``weight[c]``: the square weight of cell c (``square_weight``);
    ``classes``: ((weight, mask), ...) by decreasing weight; ``order``: the
    cells by decreasing weight, equal weights by increasing index (the
    search's move order); ``rank[c]``: the place of cell c in ``order``;
    ``corner_zones``: for the 4 corners (top-left, top-right, bottom-left,
    bottom-right) a pair (corner bit, mask of its 3 neighbours: the two
    C-squares beside it on the edges and the X-square diagonally in).
    """

    __slots__ = ("width", "height", "cells", "full", "shifts", "weight",
                 "classes", "order", "rank", "column_mask", "row_mask",
                 "corner_zones")

    def __init__(self, width, height):
        self.width, self.height = width, height
        n = self.cells = width * height
        self.full = (1 << n) - 1
        not_left = sum(1 << (y * width) for y in range(height)) ^ self.full
        not_right = sum(1 << (y * width + width - 1) for y in range(height)) ^ self.full
        self.column_mask = tuple(sum(1 << (y * width + x) for y in range(height))
                                 for x in range(width))
        self.row_mask = tuple(((1 << width) - 1) << (y * width) for y in range(height))
        shifts = []
        for dx, dy in DIRECTIONS:
            pre = self.full
            if dx == 1:
                pre &= not_right
            elif dx == -1:
                pre &= not_left
            shifts.append((dy * width + dx, pre))
        self.shifts = tuple(shifts)
        self.weight = tuple(square_weight(c % width, c // width, width, height)
                            for c in range(n))
        ws = sorted(set(self.weight), reverse=True)
        self.classes = tuple((w, sum(1 << c for c in range(n) if self.weight[c] == w))
                             for w in ws)
        self.order = tuple(sorted(range(n), key=lambda c: (-self.weight[c], c)))
        rank = [0] * n
        for i, c in enumerate(self.order):
            rank[c] = i
        self.rank = tuple(rank)
        zones = []
        for cx, cy, sx, sy in ((0, 0, 1, 1), (width - 1, 0, -1, 1),
                               (0, height - 1, 1, -1), (width - 1, height - 1, -1, -1)):
            c = cy * width + cx
            zone = ((1 << (c + sx)) | (1 << (c + sy * width))
                    | (1 << (c + sy * width + sx)))
            zones.append((1 << c, zone))
        self.corner_zones = tuple(zones)

    def start(self):
        """(black, white) bitboards of the start position: the centre 2 x 2,
        White on its top-left and bottom-right cells, Black on the other two
        (the seed's 8 x 8 figure: D4 and E5 White, E4 and D5 Black)."""
        w, h = self.width, self.height
        x0, y0 = w // 2 - 1, h // 2 - 1
        tl = y0 * w + x0
        white = (1 << tl) | (1 << (tl + w + 1))
        black = (1 << (tl + 1)) | (1 << (tl + w))
        return black, white


DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""(dx, dy) of the 8 directions: E, SE, S, SW, W, NW, N, NE (y grows downwards)."""

# Square weights by (a, b) = the smaller and the larger of min(dist to the
# left/right edge, 3) and min(dist to the top/bottom edge, 3): the classic
# 8 x 8 table (corner 100, C -20, A 10, B 5, X -50, the rest -2 / -1),
# extended to every size by the distance to the nearest edges.
WEIGHT_TABLE = {(0, 0): 100, (0, 1): -20, (0, 2): 10, (0, 3): 5,
                (1, 1): -50, (1, 2): -2, (1, 3): -2,
                (2, 2): -1, (2, 3): -1, (3, 3): -1}
WEIGHT_BITS = 8                 # each weight fits a signed byte


CLASS_KEYS = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3))
"""The square classes of the learned evaluation, by the same (a, b) as
WEIGHT_TABLE: corner, C, A, B, X, c2, d2, c3, d3, d4 (on 8 x 8: a1, b1, c1,
d1, b2, c2, d2, c3, d3, d4 and their images under the board's symmetries)."""


def square_class(x, y, width, height):
    """The index in CLASS_KEYS of cell (x, y) on a width x height board."""
    dx = min(x, width - 1 - x, 3)
    dy = min(y, height - 1 - y, 3)
    return CLASS_KEYS.index((min(dx, dy), max(dx, dy)))


def square_weight(x, y, width, height):
    """Static weight of cell (x, y) on a width x height board (see
    WEIGHT_TABLE): a function of the distances to the nearest edges."""
    dx = min(x, width - 1 - x, 3)
    dy = min(y, height - 1 - y, 3)
    return WEIGHT_TABLE[(min(dx, dy), max(dx, dy))]


_GEOMETRY = {}


def geometry(width, height):
    """The (cached) Geometry of a width x height board; sizes must be size_ok."""
    key = (width, height)
    g = _GEOMETRY.get(key)
    if g is None:
        check_size(width, height)
        g = _GEOMETRY[key] = Geometry(width, height)
    return g


# ---------------------------------------------------------- board bytes

def pack_board(cells):
    """Board bytes of a sequence of cell codes in index order (4 a byte,
    first cell in the high bits, the last byte's unused bits 0)."""
    out = bytearray()
    for i in range(0, len(cells), 4):
        b = 0
        for k in range(4):
            v = cells[i + k] if i + k < len(cells) else 0
            if v not in (EMPTY, BLACK, WHITE, UNUSED):
                raise ValueError("cell code must be 0..3, not %r" % (v,))
            b |= v << (6 - 2 * k)
        out.append(b)
    return bytes(out)


def unpack_board(data, width, height):
    """The width * height cell codes (0..3, UNUSED kept) of board bytes."""
    n = width * height
    if len(data) != board_bytes(width, height):
        raise ValueError("a %d x %d board is %d bytes, not %d"
                         % (width, height, board_bytes(width, height), len(data)))
    return [(data[c >> 2] >> (6 - 2 * (c & 3))) & 3 for c in range(n)]


def bitboards_to_cells(black, white, width, height):
    """Cell codes of two bitboards (a cell in both is UNUSED)."""
    return [((black >> c) & 1) | (((white >> c) & 1) << 1) for c in range(width * height)]


def cells_to_bitboards(cells):
    """(black, white) of cell codes; ValueError on UNUSED (0b11)."""
    black = white = 0
    for c, v in enumerate(cells):
        if v == BLACK:
            black |= 1 << c
        elif v == WHITE:
            white |= 1 << c
        elif v != EMPTY:
            raise ValueError("cell %d holds the unused code 0b11" % c)
    return black, white


def encode_board(black, white, width, height):
    """Board bytes of two disjoint bitboards."""
    if black & white:
        raise ValueError("a cell is both black and white")
    if (black | white) >> (width * height):
        raise ValueError("a disc lies off the %d x %d board" % (width, height))
    return pack_board(bitboards_to_cells(black, white, width, height))


def decode_board(data, width, height):
    """(black, white) of board bytes; ValueError on a 0b11 cell or on set
    padding bits."""
    cells = unpack_board(data, width, height)
    n = width * height
    if n % 4 and data[-1] & ((1 << (2 * (4 - n % 4))) - 1):
        raise ValueError("padding bits of the last board byte are not 0")
    return cells_to_bitboards(cells)


# ------------------------------------------------------------- messages

def _name_bytes(name):
    if isinstance(name, str):
        name = name.encode("latin-1")
    name = bytes(name)
    if len(name) > MAX_NAME:
        raise ValueError("a name is at most %d bytes" % MAX_NAME)
    return name


def move_xy(move, width):
    """(X, Y) bytes of a cell index, (NO_MOVE, NO_MOVE) for None."""
    if move is None:
        return NO_MOVE, NO_MOVE
    return move % width, move // width


def xy_move(x, y, width, height):
    """Cell index of (x, y) if it is on the board, else None (no move)."""
    if 0 <= x < width and 0 <= y < height:
        return y * width + x
    return None


def encode_connect(name):
    name = _name_bytes(name)
    return bytes((OP_CONNECT, len(name))) + name


def encode_player_ok(colour):
    if colour not in COLOURS:
        raise ValueError("not a colour: %r" % (colour,))
    return bytes((OP_PLAYER_OK, colour))


def encode_ok(ok=True):
    return bytes((OP_OK, OK if ok else NOK))


def encode_new_move(x, y):
    """New Move of coordinates (x, y) (0..255 each; NO_MOVE, NO_MOVE = pass)."""
    return bytes((OP_NEW_MOVE, x, y))


def encode_end():
    return bytes((OP_END,))


def encode_board_message(op, last, black, white, width, height):
    """Next Turn (op OP_NEXT_TURN) or Status1 (OP_STATUS1). ``last``: the last
    move's cell index or None."""
    lx, ly = move_xy(last, width)
    return bytes((op, lx, ly, width, height)) + encode_board(black, white, width, height)


def encode_next_turn(last, black, white, width, height):
    return encode_board_message(OP_NEXT_TURN, last, black, white, width, height)


def encode_status1(last, black, white, width, height):
    return encode_board_message(OP_STATUS1, last, black, white, width, height)


def encode_status2(black_player, white_player):
    """Status2 from two (points, timer_ms, name) triples, Black's first;
    points saturate at 255 and timers at 65535."""
    out = bytearray((OP_STATUS2,))
    for points, timer, name in (black_player, white_player):
        name = _name_bytes(name)
        t = max(0, min(int(timer), TIMER_MAX))
        out += bytes((max(0, min(int(points), POINTS_MAX)), t >> 8, t & 0xFF, len(name)))
        out += name
    return bytes(out)


def encode_control(width=0, height=0, mode=MODE_CONTINUOUS, restart=NO_RESTART):
    return bytes((OP_CONTROL, width, height, mode, restart))


Connect = namedtuple("Connect", "name")
PlayerOk = namedtuple("PlayerOk", "colour")
OkNok = namedtuple("OkNok", "ok")
NewMove = namedtuple("NewMove", "x y")
End = namedtuple("End", "")
BoardMessage = namedtuple("BoardMessage", "op last_x last_y width height board")
Status2 = namedtuple("Status2", "black white")      # each (points, timer, name)
Control = namedtuple("Control", "width height mode restart")


def decode(frame):
    """A complete framed message (bytes, as ``Reader`` yields) -> a namedtuple:
    Connect(name), PlayerOk(colour), OkNok(ok: bool), NewMove(x, y), End(),
    BoardMessage(op, last_x, last_y, width, height, board: the raw board
    bytes), Status2(black, white) or Control(width, height, mode, restart).
    Judges nothing beyond the framing (see ``decode_board``)."""
    frame = bytes(frame)
    op = frame[0]
    if op == OP_CONNECT:
        return Connect(frame[2:])
    if op == OP_PLAYER_OK:
        return PlayerOk(frame[1])
    if op == OP_OK:
        return OkNok(frame[1] == OK)
    if op == OP_NEW_MOVE:
        return NewMove(frame[1], frame[2])
    if op == OP_END:
        return End()
    if op in (OP_NEXT_TURN, OP_STATUS1):
        return BoardMessage(op, frame[1], frame[2], frame[3], frame[4], frame[5:])
    if op == OP_STATUS2:
        players = []
        i = 1
        for _ in range(2):
            n = frame[i + 3]
            players.append((frame[i], (frame[i + 1] << 8) | frame[i + 2],
                            frame[i + 4:i + 4 + n]))
            i += 4 + n
        return Status2(players[0], players[1])
    if op == OP_CONTROL:
        return Control(frame[1], frame[2], frame[3], frame[4])
    raise ValueError("not an opcode: %#04x" % op)


class Reader(object):
    """Splits a received byte stream into messages by the framing rules of
    the module docstring. ``feed(data)`` returns the list of complete
    frames (bytes, opcode first); counters ``bad_bytes``, ``framing_errors``
    and ``stalls``; ``partial`` is the partial message (b"" at a message
    start)."""

    def __init__(self):
        self._msg = bytearray()
        self._need = 0              # bytes still needed for the current field plan
        self.bad_bytes = 0
        self.framing_errors = 0
        self.stalls = 0

    @property
    def partial(self):
        return bytes(self._msg)

    def framing_error(self):
        """A frame with stop bit 0: counted; drops a partial message."""
        self.framing_errors += 1
        del self._msg[:]

    def stall(self):
        """The line idle STALL_BITS bit times: drops a partial message
        (counted only when there was one)."""
        if self._msg:
            self.stalls += 1
            del self._msg[:]

    def _complete_length(self):
        """The total length of the partial message if it is known now, else
        None; raises ValueError when its last byte broke the frame."""
        m = self._msg
        op, n = m[0], len(m)
        if op == OP_END:
            return 1
        if op in (OP_OK, OP_PLAYER_OK):
            if n >= 2:
                allowed = (OK, NOK) if op == OP_OK else COLOURS
                if m[1] not in allowed:
                    raise ValueError("bad code")
            return 2
        if op == OP_NEW_MOVE:
            return 3
        if op == OP_CONTROL:
            return 5
        if op == OP_CONNECT:
            return 2 + m[1] if n >= 2 else None
        if op in (OP_NEXT_TURN, OP_STATUS1):
            if n == 4 or n == 5:
                if not 1 <= m[n - 1] <= FRAME_MAX_SIZE:
                    raise ValueError("bad size")
            if n < 5:
                return None
            return 5 + board_bytes(m[3], m[4])
        # OP_STATUS2: points, timer, timer, len, name..., points, timer, timer, len, name...
        if n < 5:
            return None
        second = 5 + m[4]
        if n < second + 4:
            return None
        return second + 4 + m[second + 3]

    def feed(self, data):
        frames = []
        m = self._msg
        for b in bytes(data):
            if not m:
                if b in OPCODES:
                    m.append(b)
                else:
                    self.bad_bytes += 1
                    continue
            else:
                m.append(b)
            try:
                total = self._complete_length()
            except ValueError:
                self.bad_bytes += 1
                del m[:]
                continue
            if total is not None and len(m) == total:
                frames.append(bytes(m))
                del m[:]
        return frames


def split_messages(data):
    """All complete frames of a byte string (a fresh Reader): for tests/tools."""
    return Reader().feed(data)
