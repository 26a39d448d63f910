"""The game controller's ASCII screen, built only from what the game master
sends the controller (Status1, Status2, End, OK/NOK).

The layout follows the contest text's "ASCII mode": for each player its
name, last move, points and time; then the board with column letters across,
row numbers down, ``N`` empty, ``B`` Black, ``W`` White, tab separated
(``golden.reversi.board.Position.render``); then the commands.
"""
from golden.reversi.board import Position
from golden.reversi.encoding import (BLACK, OP_END, OP_OK, OP_STATUS1, OP_STATUS2, WHITE,
                                     cell_name, decode, decode_board, name_text, size_ok,
                                     xy_move)

COMMANDS = "Commands: (s) step by step mode  (c) continuous mode  (ch) change board size  " \
           "(q) quit  (r) restart"


def show_name(raw):
    """A received name as printable text (``golden.reversi.encoding.name_text``:
    other bytes as \\xNN, a backslash doubled)."""
    return name_text(raw)


class Screen(object):
    """What a controller knows: ``feed_frame(frame)`` with each complete
    frame the game master sent it; ``render()`` the screen text."""

    def __init__(self):
        self.position = None            # a Position (to_move unknown: Black)
        self.last = None                # last move on the board (cell) or None
        self.last_of = {BLACK: None, WHITE: None}
        self.names = {BLACK: "", WHITE: ""}
        self.points = {BLACK: 0, WHITE: 0}
        self.times = {BLACK: None, WHITE: None}
        self.ends = 0
        self.oks = 0
        self.noks = 0
        self.status1 = 0
        self.status2 = 0
        self.bad = 0                    # frames that cannot be shown (bad board)

    def feed_frame(self, frame):
        """Take one frame; returns its opcode."""
        op = frame[0]
        m = decode(frame)
        if op == OP_STATUS1:
            if not size_ok(m.width, m.height):
                self.bad += 1
                return op
            try:
                black, white = decode_board(m.board, m.width, m.height)
            except ValueError:
                self.bad += 1
                return op
            self.status1 += 1
            self.position = Position(m.width, m.height, black, white)
            self.last = xy_move(m.last_x, m.last_y, m.width, m.height)
            if self.last is None:
                self.last_of = {BLACK: None, WHITE: None}
            else:
                mover = self.position.cell(self.last)
                if mover in (BLACK, WHITE):
                    self.last_of[mover] = self.last
        elif op == OP_STATUS2:
            self.status2 += 1
            for colour, (points, timer, name) in ((BLACK, m.black), (WHITE, m.white)):
                self.points[colour] = points
                self.times[colour] = timer
                self.names[colour] = show_name(name)
        elif op == OP_END:
            self.ends += 1
        elif op == OP_OK:
            if m.ok:
                self.oks += 1
            else:
                self.noks += 1
        return op

    def player_lines(self, colour):
        last = self.last_of[colour]
        width = self.position.width if self.position else 8
        t = self.times[colour]
        return ["%s Player : %s" % ("Black" if colour == BLACK else "White",
                                    self.names[colour] or "-"),
                "Last Move : %s" % ("-" if last is None else cell_name(last, width)),
                "Points : %d" % self.points[colour],
                "Time : %s" % ("-" if t is None else "%d ms" % t)]

    def render(self, commands=True):
        lines = self.player_lines(BLACK) + [""] + self.player_lines(WHITE) + [""]
        if self.position is None:
            lines.append("(no board yet)")
        else:
            lines.append(self.position.render())
        if commands:
            lines += ["", COMMANDS]
        return "\n".join(lines)
