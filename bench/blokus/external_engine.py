"""Pentobi's GTP engine as a Blokus Duo opponent: its move notation, how it
is started, its levels' ratings and the Elo estimate they give.

Pentobi (https://github.com/enz/pentobi, GPL) is not part of this project:
the user builds its GTP engine, ``pentobi-gtp``, from Pentobi's own source
by Pentobi's own instructions and gives the benchmark its path
(``--pentobi PATH`` or ``PENTOBI_GTP=PATH``). This module holds only our
side of the link: the translation of moves and the command line.

Pentobi's notation (its GTP doc, ``pentobi_gtp/Pentobi-GTP.md``, and its
blksgf format): a move is the list of the cells of the piece, comma
separated, e.g. ``e9,d10,e10,f10,e11``; a cell is a column letter ``a``..``n``
(left to right) and a row number ``1``..``14`` counted from the BOTTOM row.
Colours are ``b`` (Purple, moves first) and ``w`` (Orange). Pentobi's
``genmove`` answers ``pass`` for a colour without a legal move, and
``resign`` unless resignation is off (we start it with ``--noresign``, so
every game is played out and scored by the rules); its ``play`` refuses a
pass ("play pass not supported"): a side that passes is simply not asked
(colours are explicit in ``play`` and ``genmove``).

Start cells: Pentobi's ``b`` starts on ``e10`` and ``w`` on ``j5``. Golden
cells are (x, y), x the column, y the row counted from the TOP, both 1..14,
so cell (x, y) is Pentobi's column letter x and row 15 - y: ``e10`` is (5, 5),
seat '5''s start cell, and ``j5`` is (10, 10), seat 'A''s.

Frames: Pentobi always plays ``b`` first (as a Duo game is meant to go). When
the first mover of our game holds seat '5', the cells are written as above
(the *plain* frame: b = seat '5'). When the first mover holds seat 'A', the
board is turned by 180 degrees for Pentobi (the *turned* frame: golden (x, y)
is written as (15 - x, 15 - y), which takes (10, 10) to (5, 5) = ``e10``),
so that ``b`` is again the first mover on ``e10``. The turn maps the Duo
board, its start cells and the 21 pieces onto themselves, so every position
and every legal move has its twin; the translation is exact both ways.

Seeds: Pentobi's search is deterministic for a given ``--seed`` with one
thread. Every game starts a fresh ``pentobi-gtp`` with the seed
``game_seed(run seed, level, game)``, so games differ and a run replays.

Ratings: Pentobi's own Elo scale of its Duo levels 1..7 (``LEVEL_ELO``:
level 1 = 1000, level 7 = 2134). ``elo_from_score`` turns the mirror's score
against one level into the rating that score implies (with a 95 % interval);
``elo_fit`` fits one rating to the games against all levels (maximum
likelihood).
"""
import math
import os
import random
import shutil

from golden.blokus.encoding import OTHER_SEAT, SHAPES, SIZE, move_cells

from bench.common.engine import Dialect, EnginePlayer

ENV = "PENTOBI_GTP"
LEVELS = tuple(range(1, 8))                  # the levels with a rating (issue 13's scale)
DEFAULT_LEVELS = (3, 4, 5, 6, 7)
# The ratings of Pentobi's Duo levels 1..7 that issue 13 gives (Pentobi's own
# scale: self-play Elo differences scaled down, level 1 anchored at 1000).
LEVEL_ELO = {1: 1000, 2: 1189, 3: 1378, 4: 1567, 5: 1755, 6: 1945, 7: 2134}
COLUMNS = "abcdefghijklmn"
COLOURS = ("b", "w")                         # first mover, second mover
PREFIX = "pentobi-"                          # opponent names: pentobi-3, ...


# ------------------------------------------------------------------ notation

def turn(x, y):
    """The cell (x, y) turned by 180 degrees on the 14 x 14 board."""
    return SIZE + 1 - x, SIZE + 1 - y


def cell_text(x, y, turned=False):
    """Golden cell (x, y) in Pentobi's notation (``e10`` for (5, 5) plain)."""
    if turned:
        x, y = turn(x, y)
    if not (1 <= x <= SIZE and 1 <= y <= SIZE):
        raise ValueError("cell (%d, %d) is off the board" % (x, y))
    return "%s%d" % (COLUMNS[x - 1], SIZE + 1 - y)


def parse_cell(text, turned=False):
    """Golden (x, y) of a Pentobi cell (``e10``); ValueError if it is none."""
    text = text.strip().lower()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        raise ValueError("%r is not a cell (a..n then 1..14)" % text)
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        raise ValueError("%r: row %d is off the board (1..14)" % (text, row))
    x, y = COLUMNS.index(text[0]) + 1, SIZE + 1 - row
    return turn(x, y) if turned else (x, y)


def _shape_table():
    """{normalised cells (sorted (dy, dx) from the top-left): (tile, digit,
    drow0, dcol0)} over the 91 shapes of ``golden.blokus.encoding``."""
    table = {}
    for shapes in SHAPES:
        for sh in shapes:
            table[tuple(sorted(sh.cells))] = (sh.tile, sh.r, sh.drow0, sh.dcol0)
    return table


SHAPE_OF_CELLS = _shape_table()


def move_text(move, turned=False):
    """A move (x, y, tile, digit) as Pentobi writes it: its cells, sorted by
    Pentobi's row then column as Pentobi itself writes them. None (a pass)
    gives None: Pentobi has no pass to play, so nothing is sent."""
    if move is None:
        return None
    cells = [cell_text(x, y, turned) for x, y in move_cells(move)]
    return ",".join(sorted(cells, key=lambda c: (int(c[1:]), c[0])))


def parse_move(text, turned=False):
    """The move of Pentobi's text: the golden code tuple (x, y, tile, digit)
    with the lowest digit that names the shape (as golden generates moves),
    or None for ``pass``. ValueError for anything else (``resign`` included)."""
    text = text.strip().lower()
    if text == "pass":
        return None
    if text == "resign":
        raise ValueError("Pentobi resigned (it should run with --noresign)")
    words = text.split(",")
    if not text or any(not w.strip() for w in words):
        raise ValueError("%r is not a list of cells" % text)
    cells = [parse_cell(w, turned) for w in words]
    if len(set(cells)) != len(cells):
        raise ValueError("%r names a cell twice" % text)
    left = min(x for x, _ in cells)
    top = min(y for _, y in cells)
    key = tuple(sorted((y - top, x - left) for x, y in cells))
    if key not in SHAPE_OF_CELLS:
        raise ValueError("%r is not the shape of a Blokus piece" % text)
    tile, digit, drow0, dcol0 = SHAPE_OF_CELLS[key]
    return (left - dcol0, top - drow0, tile, digit)


def dialect(first_seat):
    """The engine.Dialect of a game whose first mover holds ``first_seat``
    ('5': the plain frame; 'A': the turned frame)."""
    if first_seat not in OTHER_SEAT:
        raise ValueError("seat must be '5' or 'A', not %r" % (first_seat,))
    turned = first_seat == "A"
    return Dialect(move_text=lambda m: move_text(m, turned),
                   parse_move=lambda t: parse_move(t, turned),
                   colours=COLOURS, setup=("clear_board",))


# ------------------------------------------------------------------- program

def command(path, level, seed):
    """The argv that starts Pentobi for one game."""
    return [path, "--game", "duo", "--level", str(level), "--nobook",
            "--seed", str(seed), "--threads", "1", "--noresign"]


def game_seed(run_seed, level, number):
    """Pentobi's --seed in game ``number`` against ``level`` of a run seeded
    ``run_seed`` (1..2**31 - 1, reproducible)."""
    return random.Random("pentobi:%d:%d:%d" % (run_seed, level, number)).randrange(1, 2 ** 31)


def opponent_name(level):
    return "%s%d" % (PREFIX, level)


def level_of(name):
    """The level of an opponent name ``pentobi-L``, or None."""
    if name.startswith(PREFIX) and name[len(PREFIX):].isdigit():
        return int(name[len(PREFIX):])
    return None


def parse_levels(text):
    """The levels of ``--levels`` ("3,4,5" or "3-7"), sorted, without repeats;
    ValueError with a one-line reason."""
    levels = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        ends = part.split("-")
        if len(ends) > 2 or not all(e.strip().isdigit() for e in ends):
            raise ValueError("--levels: %r is not a level or a range like 3-7" % part)
        low, high = int(ends[0]), int(ends[-1])
        if low > high or low not in LEVELS or high not in LEVELS:
            raise ValueError("--levels: %r is outside Pentobi's levels %d..%d"
                             % (part, LEVELS[0], LEVELS[-1]))
        levels.update(range(low, high + 1))
    if not levels:
        raise ValueError("--levels: no level given")
    return tuple(sorted(levels))


def find_binary(option, environ=None):
    """(path, None) of the Pentobi GTP engine to play, from ``--pentobi``
    (``option``) or else ``$PENTOBI_GTP``; (None, why) when there is none to
    play, ``why`` a one-line message. ``option`` naming no runnable program
    is the caller's error (it was asked for explicitly); an unusable
    ``$PENTOBI_GTP`` only skips Pentobi."""
    environ = os.environ if environ is None else environ
    if option:
        return option, None
    path = environ.get(ENV, "").strip()
    if not path:
        return None, ("Pentobi skipped: no pentobi-gtp given (--pentobi PATH or %s=PATH; "
                      "build it from Pentobi's source, see docs/benchmarks.md)" % ENV)
    why = unusable(path)
    if why:
        return None, "Pentobi skipped: $%s (%s) %s" % (ENV, path, why)
    return path, None


def unusable(path):
    """Why ``path`` cannot be run as a program, or None."""
    found = shutil.which(path) if os.sep not in path else path
    if not found or not os.path.isfile(found):
        return "is not found"
    if not os.access(found, os.X_OK):
        return "is not executable"
    return None


class PentobiPlayer(EnginePlayer):
    """pentobi-gtp at one level: a fresh program per game (its seed is the
    game's), the game's frame chosen from the seat of its first mover."""

    def __init__(self, path, level, run_seed, timeout):
        super().__init__(None, dialect("5"), timeout)
        self.path = path
        self.level = level
        self.run_seed = run_seed

    def new_game(self, info, side):
        self.close()                 # the seed is the game's: start a fresh program
        first_seat = info.seat if info.ours_first else OTHER_SEAT[info.seat]
        self.command = command(self.path, self.level,
                               game_seed(self.run_seed, self.level, info.number))
        self.dialect = dialect(first_seat)
        super().new_game(info, side)


# ---------------------------------------------------------------------- Elo

def expected(diff):
    """Expected score of a player rated ``diff`` above its opponent."""
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def diff_of(score):
    """The rating difference whose expected score is ``score`` (0 < score < 1)."""
    return 400.0 * math.log10(score / (1.0 - score))


def wilson(score, n, z=1.96):
    """The 95 % Wilson interval (low, high) of a score fraction over n games."""
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_from_score(rating, wins, draws, losses):
    """The mirror's rating implied by its games against one opponent rated
    ``rating``: dict with ``elo`` (the point estimate), ``bound`` (None, or
    ">=" / "<=" when the score was 100 % / 0 %: then the estimate is the one
    of half a game less / more, (n - 1/2) / n or (1/2) / n, a bound rather
    than a value, as no finite rating explains a perfect score), ``low`` and
    ``high`` (the ratings at the ends of the score's 95 % Wilson interval;
    None for an end at 0 % or 100 %, i.e. unbounded), ``score`` (%) and
    ``games``. None when there are no games."""
    n = wins + draws + losses
    if n == 0:
        return None
    s = (wins + 0.5 * draws) / n
    bound = None
    clamped = s
    if s >= 1.0:
        clamped, bound = (n - 0.5) / n, ">="
    elif s <= 0.0:
        clamped, bound = 0.5 / n, "<="
    low, high = wilson(s, n)
    return {"elo": rating + diff_of(clamped), "bound": bound, "score": 100.0 * s,
            "games": n,
            "low": None if low <= 0.0 else rating + diff_of(low),
            "high": None if high >= 1.0 else rating + diff_of(high)}


def elo_fit(results):
    """One rating for the mirror from its games against several rated
    opponents, ``results`` = [(rating, wins, draws, losses)]: the maximum-
    likelihood rating, where the expected total score equals the actual one
    (found by bisection). None when there are no games or the score is 0 %
    or 100 % over all of them (no finite rating fits)."""
    games = [(r, w + d + l, w + 0.5 * d) for r, w, d, l in results if w + d + l]
    total = sum(points for _, _, points in games)
    count = sum(n for _, n, _ in games)
    if not count or total <= 0 or total >= count:
        return None
    low, high = -2000.0, 6000.0
    for _ in range(100):
        mid = (low + high) / 2
        if sum(n * expected(mid - r) for r, n, _ in games) < total:
            low = mid
        else:
            high = mid
    return (low + high) / 2
