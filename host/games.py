"""Score-4 and Blokus Duo as the referee sees them (Reversi has its own game
master, host/reversi/): the board of both players, the
protocol messages it sends, the checks of every answer, the end of the game,
the display in the contest host's style and the N/R/B board files.

Seats: seat 0 moves first, seat 1 second. Marks on the board are given by
the caller (the referee draws player 1's pieces as '1' whichever seat it has).
Every rule and message comes from the golden model's encoding and rules
(golden/score4, golden/blokus); nothing here is a second copy of them.
"""
from golden.blokus import board as bboard
from golden.blokus import encoding as benc
from golden.score4 import board as sboard
from golden.score4 import encoding as senc


class Malformed(ValueError):
    """An answer that is not a well-formed move code of the game."""


class BoardFileError(ValueError):
    """A board file that cannot be read or reached by play."""


def _show(data):
    """Bytes as a readable literal for messages (b'5\\r' -> "5\\r")."""
    return '"%s"' % bytes(data).decode("latin-1").encode("unicode_escape").decode("ascii")


def _compact(text):
    """A typed move without its spaces (and commas, brackets), lower case:
    '5 3 e 0' -> '53e0', '(2, 3)' -> '23'."""
    return "".join(c for c in text.strip().lower() if not (c.isspace() or c in ",()"))


def _parse_typed(game, text):
    """A move typed by a person or read from a moves file: its code, spaces
    allowed; 'pass' or 'p' passes."""
    t = _compact(text)
    if t in ("pass", "p"):
        return None
    return game.parse(t.encode("latin-1", "replace"))


def _side_by_side(blocks, gap="   "):
    """Blocks of text lines next to each other, each block as wide as its widest line."""
    widths = [max(len(line) for line in b) for b in blocks]
    return [gap.join(line.ljust(w) for line, w in zip(parts, widths)).rstrip()
            for parts in zip(*blocks)]


def _board_chars(text, n):
    chars = [c for c in text if c in "NRBnrb"]
    junk = [c for c in text if not (c in "NRBnrb" or c.isspace() or c in ",;[]|")]
    if junk:
        raise BoardFileError("unexpected character %r (a board file holds only N, R and B)" % junk[0])
    if len(chars) != n:
        raise BoardFileError("a board file holds %d cells of N, R or B; this one has %d" % (n, len(chars)))
    return [c.upper() for c in chars]


# --------------------------------------------------------------------------- Score-4
class Score4Game:
    name = "score4"
    title = "Score-4"
    baud = 9600
    time_limit = 10.0
    hello = b"0"
    hello_len = 3
    reply_len = 2
    end_message = b""
    pass_code = b"00"
    human_hello = b"R00"
    move_help = ("two digits x y: x the column 1..4 (left to right), y the row 1..4",
                 "(bottom to top); as 23 or 2 3; 00 or pass passes")      # lines

    def __init__(self):
        self.beads = [0, 0]
        self.history = []          # (seat, move); move = post index or None (pass)

    # -- protocol ---------------------------------------------------------------
    def check_hello(self, data):
        """Why the answer to '0' is wrong, or None."""
        if data != b"R00":
            return "answered %s to '0' instead of \"R00\"" % _show(data)
        return None

    def hello_name(self, data):
        return ""

    def request(self, seat):
        """The message that asks seat `seat` for its move."""
        if not self.history:
            return b"A00"
        return b"A" + self.code(self.history[-1][1])

    def code(self, move):
        return senc.move_to_text(move)

    def parse(self, data):
        """Move (post index, None = pass) of an answer; Malformed if not a code."""
        data = bytes(data)
        if data == b"00":
            return None
        if len(data) == 2 and all(0x31 <= b <= 0x34 for b in data):
            return senc.text_to_post(data)
        raise Malformed("%s is not a move: two digits 1..4 (x then y), or 00 to pass" % _show(data))

    def parse_text(self, text):
        """A move typed by a person (23, '2 3', pass)."""
        return _parse_typed(self, text)

    # -- rules -------------------------------------------------------------------
    def occupied(self):
        return self.beads[0] | self.beads[1]

    def why_illegal(self, seat, move):
        if move is None:
            return None
        if sboard.drop_cell(self.occupied(), move) is None:
            x, y = senc.post_xy(move)
            return "post (%d,%d) is full" % (x, y)
        return None

    def legal_moves(self, seat):
        land = sboard.landing_cells(self.occupied())
        return [p for p in range(senc.NUM_POSTS) if land & senc.POST_MASK[p]]

    def apply(self, seat, move):
        if move is not None:
            c = sboard.drop_cell(self.occupied(), move)
            self.beads[seat] |= 1 << c
        self.history.append((seat, move))

    def result(self):
        """None while the game goes on; else (winner seat or None, reason)."""
        if not self.history:
            return None
        seat, move = self.history[-1]
        if move is not None and sboard.has_four(self.beads[seat]):
            return seat, "four in a line"
        if self.occupied() == senc.FULL_BOARD:
            return None, "the board is full"
        if len(self.history) >= 2 and self.history[-2][1] is None and move is None:
            return None, "both players passed"
        return None

    def points(self, seat):
        return sboard.popcount(self.beads[seat])

    points_name = "beads"

    # -- display -------------------------------------------------------------------
    def render(self, marks=("1", "2")):
        lines = ["---------------------- Board ----------------------",
                 "     level 1   level 2   level 3   level 4"]
        for y in range(4, 0, -1):
            row = " %d  " % y
            for z in range(1, 5):
                for x in range(1, 5):
                    c = senc.cell_index(x, y, z)
                    row += " " + (marks[0] if self.beads[0] >> c & 1 else
                                  marks[1] if self.beads[1] >> c & 1 else ".")
                row += "  " if z < 4 else ""
            lines.append(row.rstrip())
        lines.append("     1 2 3 4   1 2 3 4   1 2 3 4   1 2 3 4   (x; y is the row)")
        lines.append("---------------------------------------------------")
        return "\n".join(lines)

    # -- board files (N/R/B; R = seat 0, B = seat 1) ---------------------------------
    def board_text(self):
        """Rows y = 4..1; on each row the 4 levels left to right, x = 1..4."""
        rows = []
        for y in range(4, 0, -1):
            parts = []
            for z in range(1, 5):
                s = ""
                for x in range(1, 5):
                    c = senc.cell_index(x, y, z)
                    s += "R" if self.beads[0] >> c & 1 else "B" if self.beads[1] >> c & 1 else "N"
                parts.append(s)
            rows.append(" ".join(parts))
        return "\n".join(rows) + "\n"

    @classmethod
    def moves_from_board(cls, text, node_limit=200000):
        """A sequence of move codes, R (seat 0) first and alternating, that
        reaches the board in `text` (gravity respected, no line completed)."""
        chars = _board_chars(text, 64)
        side = [0, 0]
        k = 0
        for y in range(4, 0, -1):
            for z in range(1, 5):
                for x in range(1, 5):
                    c = senc.cell_index(x, y, z)
                    if chars[k] == "R":
                        side[0] |= 1 << c
                    elif chars[k] == "B":
                        side[1] |= 1 << c
                    k += 1
        occ = side[0] | side[1]
        if (occ >> 16) & ~occ:
            raise BoardFileError("a bead floats above an empty cell")
        n0, n1 = sboard.popcount(side[0]), sboard.popcount(side[1])
        if n0 not in (n1, n1 + 1):
            raise BoardFileError("R has %d beads and B %d: R moves first, so R has as many as B "
                                 "or one more" % (n0, n1))
        if sboard.has_four(side[0]) or sboard.has_four(side[1]):
            raise BoardFileError("the position is already won (four in a line)")
        budget = [node_limit]
        seen = set()

        def dfs(placed, turn, moves):
            if placed == occ:
                return moves
            if placed in seen or budget[0] <= 0:
                return None
            budget[0] -= 1
            land = sboard.landing_cells(placed)
            for p in range(senc.NUM_POSTS):
                bit = land & senc.POST_MASK[p]
                if bit and bit & side[turn]:
                    r = dfs(placed | bit, 1 - turn, moves + [p])
                    if r is not None:
                        return r
            seen.add(placed)
            return None

        moves = dfs(0, 0, [])
        if moves is None:
            raise BoardFileError("no alternating order of moves (R first) builds this board")
        return [senc.post_to_text(p).decode() for p in moves]


# --------------------------------------------------------------------------- Blokus
# What each orientation digit does to the drawing (golden/blokus/encoding.py, ORIENT).
ORIENT_WORDS = ("as drawn", "mirrored left-right", "turned 90 deg clockwise",
                "mirrored about the main diagonal", "turned 180 deg", "mirrored top-bottom",
                "turned 90 deg counter-clockwise", "mirrored about the other diagonal")
CENTRE_MARK = "@"
PICTURE_KEY = ("'#' a square, '@' the square at the code's X Y, '.' empty;\n"
               "rows are drawn top down, as on the board (row 1 at the top).")


def tile_picture(t, r):
    """Orientation `r` of tile `t` as its 5 x 5 drawing (golden's encoding),
    the centre square drawn CENTRE_MARK."""
    rows = list(benc.oriented_grid(t, r))
    rows[2] = rows[2][:2] + CENTRE_MARK + rows[2][3:]
    return rows


class BlokusGame:
    name = "blokus"
    title = "Blokus Duo"
    baud = 115200
    time_limit = 1.0
    hello = b"0"
    hello_len = 3
    reply_len = 4
    end_message = b"9"
    pass_code = b"0000"
    human_hello = b"1HU"
    move_help = ("the 4-character code X Y t r: X, Y the column and row of the tile's",
                 "'@' square (1..9, a..e), t the tile a..u, r its orientation 0..7",
                 "('t' draws them); as 53e0 or 5 3 e 0; 0000 or pass passes")      # lines
    points_name = "points"

    def __init__(self):
        self.pos = bboard.Position("5")     # ME = seat 0 covers (5,5), OPP = seat 1 (a,a)
        self.history = []

    def check_hello(self, data):
        if len(data) != 3 or data[:1] != b"1" or not all(48 <= b < 127 for b in data[1:]):
            return "answered %s to '0' instead of \"1\" and its two-character team code" % _show(data)
        return None

    def hello_name(self, data):
        return bytes(data[1:]).decode("latin-1")

    def request(self, seat):
        if not self.history:
            return b"25"
        if len(self.history) == 1:
            return b"3A" + self.code(self.history[0][1])
        return b"4" + self.code(self.history[-1][1])

    def code(self, move):
        return benc.encode_move(move)

    def parse(self, data):
        data = bytes(data)
        if not benc.code_ok(data):
            raise Malformed("%s is not a move code: X and Y in 1..9/a..e, tile a..u, "
                            "orientation 0..7, or 0000 to pass" % _show(data))
        return benc.decode_move(data)

    def parse_text(self, text):
        """A move typed by a person (53e0, '5 3 e 0', pass)."""
        return _parse_typed(self, text)

    # -- the tiles drawn, for people -----------------------------------------------------
    def tiles_text(self, seat):
        """The 21 tiles as drawn at orientation 0, seven a row, each headed by
        its letter and size, or 'used' once `seat` has placed it."""
        used = self.pos.used[seat]
        blocks = [["%s %-4s" % (benc.TILE_LETTERS[t], "used" if used >> t & 1 else
                                "(%d)" % benc.TILE_SIZE[t])] + tile_picture(t, 0)
                  for t in range(benc.N_TILES)]
        lines = []
        for i in range(0, benc.N_TILES, 7):
            lines += _side_by_side(blocks[i:i + 7]) + [""]
        return "\n".join(lines + [PICTURE_KEY, "'t e' shows tile e in its 8 orientation digits."])

    def orientations_text(self, letter):
        """Tile `letter` in its 8 orientations side by side, each digit under its picture."""
        t = benc.TILE_OF_CHAR.get(letter) if len(letter) == 1 else None
        if t is None:
            raise ValueError("no tile '%s': the tiles are a..u ('t' draws them)" % letter)
        blocks = [tile_picture(t, r) + ["  %d  " % r] for r in range(benc.N_ORIENT)]
        words = ["%d %s" % (r, w) for r, w in enumerate(ORIENT_WORDS)]
        return "\n".join(["tile %s (size %d); the orientation digit is the code's 4th character:"
                          % (letter, benc.TILE_SIZE[t])] + _side_by_side(blocks) + [
            "; ".join(words[:4]), "; ".join(words[4:]), PICTURE_KEY,
            "e.g. 53%s2: this tile as under 2, its '@' square on column 5, row 3." % letter])

    def why_illegal(self, seat, move):
        why = bboard.check(self.pos, seat, move)
        if why == bboard.NO_START:
            cell = self.pos.start[seat]
            why += " (%s,%s)" % (benc.COORD_CHARS[cell[0]], benc.COORD_CHARS[cell[1]])
        return why

    def legal_moves(self, seat):
        return bboard.legal_moves(self.pos, seat)

    def apply(self, seat, move):
        self.pos.apply(seat, move)
        self.history.append((seat, move))

    def result(self):
        if not self.history:
            return None
        pos = self.pos
        if pos.used[0] == benc.ALL_TILES or pos.used[1] == benc.ALL_TILES:
            reason = "all 21 tiles placed"
        elif pos.passes >= 2:
            reason = "both players passed"
        else:
            return None
        a0, a1 = bboard.squares_left(pos, 0), bboard.squares_left(pos, 1)
        return (None if a0 == a1 else 0 if a0 < a1 else 1), reason

    def points(self, seat):
        return bboard.score(self.pos, seat)

    def squares_left(self, seat):
        return bboard.squares_left(self.pos, seat)

    def render(self, marks=("1", "2")):
        """The contest host's display: available tiles, then the board with
        its border drawn '+' (coordinates 0..f)."""
        lines = ["----------------- Available Tiles -----------------",
                 "         " + "".join(" " + c for c in benc.TILE_LETTERS)]
        order = sorted((0, 1), key=lambda s: marks[s])
        for s in order:
            used = self.pos.used[s]
            lines.append("Player %s:" % marks[s]
                         + "".join(" %d" % (0 if used >> t & 1 else 1) for t in range(benc.N_TILES)))
        lines.append("---------------------- Board ----------------------")
        lines.append("  " + "".join(" " + benc.COORD_CHARS[x] if x < 15 else " f" for x in range(16)))
        for y in range(16):
            row = " " + (benc.COORD_CHARS[y] if y < 15 else "f")
            for x in range(16):
                if x in (0, 15) or y in (0, 15):
                    ch = "+"
                else:
                    b = 1 << benc.bit(x, y)
                    ch = marks[0] if self.pos.cells[0] & b else marks[1] if self.pos.cells[1] & b else " "
                row += " " + ch
            lines.append(row)
        lines.append("---------------------------------------------------")
        return "\n".join(lines)

    # -- board files -----------------------------------------------------------------
    def board_text(self):
        """14 rows (Y = 1 first) of 14 cells (X = 1 first): N empty, R the
        first player (start (5,5)), B the second (start (a,a))."""
        rows = []
        for y in range(1, benc.SIZE + 1):
            s = ""
            for x in range(1, benc.SIZE + 1):
                b = 1 << benc.bit(x, y)
                s += "R" if self.pos.cells[0] & b else "B" if self.pos.cells[1] & b else "N"
            rows.append(s)
        return "\n".join(rows) + "\n"

    @classmethod
    def moves_from_board(cls, text):
        """Move codes, R first and alternating (a pass where one colour has no
        tile left to show), that reach the board in `text`. Tiles of one colour
        never share an edge, so each edge-connected group of a colour is one
        tile; each is named by its shape, and a colour's tiles are ordered from
        its start cell outwards along corner contacts."""
        chars = _board_chars(text, benc.SIZE * benc.SIZE)
        shapes = {}
        for t in range(benc.N_TILES):
            for r in range(benc.N_ORIENT):
                offs = benc.OFFSETS[t][r]
                minc = min(dc for dr, dc in offs)
                minr = min(dr for dr, dc in offs)
                norm = frozenset((dc - minc, dr - minr) for dr, dc in offs)
                shapes.setdefault(norm, (t, r, -minc, -minr))
        per_side = []
        for colour, start in (("R", (5, 5)), ("B", (10, 10))):
            cells = set()
            for i, ch in enumerate(chars):
                if ch == colour:
                    cells.add((i % benc.SIZE + 1, i // benc.SIZE + 1))
            groups = []
            while cells:
                todo = [cells.pop()]
                group = set(todo)
                while todo:
                    x, y = todo.pop()
                    for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        if n in cells:
                            cells.discard(n)
                            group.add(n)
                            todo.append(n)
                groups.append(group)
            moves = {}
            for g in groups:
                mx, my = min(x for x, y in g), min(y for x, y in g)
                found = shapes.get(frozenset((x - mx, y - my) for x, y in g))
                if found is None:
                    raise BoardFileError("%s cells %s form no tile" % (colour, sorted(g)))
                t, r, cx, cy = found
                if any(m[2] == t for m in moves.values()):
                    raise BoardFileError("%s uses tile %s twice" % (colour, benc.TILE_LETTERS[t]))
                moves[frozenset(g)] = (mx + cx, my + cy, t, r)
            order = []
            placed = set()
            left = dict(moves)
            first = [g for g in left if start in g]
            if left and not first:
                raise BoardFileError("no %s tile covers its start cell (%d,%d)" % ((colour,) + start))
            while left:
                corner = {(x + dx, y + dy) for x, y in placed for dx in (-1, 1) for dy in (-1, 1)}
                nxt = first if not placed else [g for g in left if g & corner]
                if not nxt:
                    raise BoardFileError("%s tiles not joined by corners to its start tile" % colour)
                g = sorted(nxt, key=lambda g: left[g])[0]
                order.append(left.pop(g))
                placed |= g
                first = None
            per_side.append(order)
        r_moves, b_moves = per_side
        if (not r_moves and b_moves) or (len(b_moves) == 0 and len(r_moves) > 1):
            raise BoardFileError("one colour has tiles and the other none: a first move cannot be a pass")
        seq = []
        for i in range(max(len(r_moves), len(b_moves))):
            for side in (r_moves, b_moves):
                seq.append(side[i] if i < len(side) else None)
        while seq and seq[-1] is None:
            seq.pop()
        return [benc.encode_move(m).decode() for m in seq]


GAMES = {"score4": Score4Game, "blokus": BlokusGame}
