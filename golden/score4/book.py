"""The Score-4 opening book: the core's move in the first positions of a game.

This module *is* the specification of the book the core holds. The RTL
(``hdl/score4/book.py``) and the C mirror read the same file, ``book.json``
beside this module, through ``entries()`` below.

What the book holds
-------------------
``book.json`` lists *canonical* positions (``canonical`` below), each with the
move the project's own search chose there at a budget far above the core's
(``bench/score4/book.py`` wrote the file; its header says how). They are the
positions with at most ``PLIES`` beads that a game reaches when the board
plays its book moves, from either seat, against every legal reply, with no
pass: the opponent's moves are all tried, the board's follow the book.

Symmetry
--------
The base has the 8 symmetries of a square (``SYMMETRIES``: a permutation of
the 16 posts each; a bead keeps its level). ``transform(bits, k)`` moves
every bead of a bitboard by symmetry k. The canonical form of a position
(mine, theirs) is the least pair ``(transform(mine, k), transform(theirs,
k))`` over k = 0..7 (compared as (mine, theirs) tuples of ints), and the
position's *frame* is the first k that gives it.

The lookup (``book_move``), the contract the RTL follows
-------------------------------------------------------
A position (mine to move) with at most ``PLIES`` beads whose canonical form
is a book entry has the book move ``INVERSE[k]`` applied to the entry's move,
k its frame. Every other position has none. ``entries()`` lists every position
with a book move (all 8 images of every entry, each once) with its move and
its ``position_hash``, sorted by hash: no two share a hash, and no position
of at most ``PLIES`` beads outside ``entries()`` has the hash of one inside
(``golden/tests/test_score4_book.py`` proves it over every such position),
so a lookup by hash restricted to positions of at most ``PLIES`` beads, as
the RTL makes it, is this lookup.

The search (``search.search``) takes the book move after its win and block
checks: reason ``"book"``, 0 nodes, depth 0, score None.
"""
import functools
import json
import os

from .board import landing_cells, popcount
from .encoding import NUM_POSTS, POST_MASK, SIZE

__all__ = ["PLIES", "SYMMETRIES", "INVERSE", "BOOK", "HEADER", "entries", "transform",
           "transform_post", "canonical", "book_move", "load", "first_exits"]

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "book.json")


def _symmetries():
    last = SIZE - 1
    maps = (lambda i, j: (i, j), lambda i, j: (last - j, i),
            lambda i, j: (last - i, last - j), lambda i, j: (j, last - i),
            lambda i, j: (last - i, j), lambda i, j: (i, last - j),
            lambda i, j: (j, i), lambda i, j: (last - j, last - i))
    out = []
    for f in maps:
        perm = []
        for p in range(NUM_POSTS):
            i, j = f(p % SIZE, p // SIZE)
            perm.append(i + SIZE * j)
        out.append(tuple(perm))
    return tuple(out)


SYMMETRIES = _symmetries()
"""SYMMETRIES[k][p]: the post that post p goes to under symmetry k (0 is the
identity; 1..3 rotate by 90, 180, 270 degrees; 4..7 reflect)."""

INVERSE = tuple(next(j for j in range(8)
                     if all(SYMMETRIES[j][SYMMETRIES[k][p]] == p for p in range(NUM_POSTS)))
                for k in range(8))
"""INVERSE[k]: the symmetry that undoes symmetry k."""


def transform_post(p, k):
    """Post p moved by symmetry k."""
    return SYMMETRIES[k][p]


def transform(bits, k):
    """A bitboard with every bead moved by symmetry k (levels kept)."""
    perm = SYMMETRIES[k]
    out = 0
    while bits:
        low = bits & -bits
        c = low.bit_length() - 1
        out |= 1 << (perm[c & 15] + (c & ~15))
        bits ^= low
    return out


def canonical(mine, theirs):
    """((mine', theirs'), k): the position's canonical form and its frame."""
    best, frame = None, 0
    for k in range(8):
        image = (transform(mine, k), transform(theirs, k))
        if best is None or image < best:
            best, frame = image, k
    return best, frame


def load(path=PATH):
    """(header dict, {(mine, theirs): move}) of a book file (canonical entries)."""
    with open(path) as f:
        data = json.load(f)
    table = {}
    for e in data["entries"]:
        key = (int(e["mine"], 16), int(e["theirs"], 16))
        if canonical(*key)[0] != key:
            raise ValueError("%s: entry %s is not canonical" % (path, e))
        if key in table:
            raise ValueError("%s: entry %s is listed twice" % (path, e))
        table[key] = int(e["move"])
    return data["header"], table


HEADER, BOOK = load()
PLIES = int(HEADER["plies"])
"""The most beads a book position holds."""


def book_move(mine, theirs):
    """The book's post for the position (mine to move), or None."""
    if popcount(mine | theirs) > PLIES:
        return None
    key, frame = canonical(mine, theirs)
    move = BOOK.get(key)
    if move is None:
        return None
    return transform_post(move, INVERSE[frame])


@functools.lru_cache(maxsize=None)
def entries():
    """(hash, move, mine, theirs) of every position with a book move (each
    image of each entry once), sorted by hash: the table the RTL scans."""
    from .search import position_hash   # search imports this module
    seen = {}
    for mine, theirs in BOOK:
        for k in range(8):
            m, t = transform(mine, k), transform(theirs, k)
            if (m, t) not in seen:
                move = book_move(m, t)
                if not landing_cells(m | t) & POST_MASK[move]:
                    raise ValueError("book move %d is not free in %#x/%#x" % (move, m, t))
                seen[(m, t)] = (position_hash(m, t), move)
    return tuple(sorted((h, move, m, t) for (m, t), (h, move) in seen.items()))


def first_exits():
    """{beads: (seat, replies)}: for each number of beads at which a game can
    first reach a board-to-move position outside the book, one such game:
    the board's seat ("first" or "second") and the opponent's replies
    (posts; None for a pass), found by a walk over every reply and pass
    while the board plays its book moves (for the tests of every layer)."""
    found = {}
    frontier = [("first", (), 0, 0)] + [("second", (p,), 0, landing_cells(0) & POST_MASK[p])
                                        for p in range(NUM_POSTS)]
    while frontier:
        nxt = []
        for seat, replies, m, t in frontier:
            move = book_move(m, t)
            if move is None:
                found.setdefault(popcount(m | t), (seat, replies))
                continue
            m2 = m | (landing_cells(m | t) & POST_MASK[move])
            land = landing_cells(m2 | t)
            nxt.append((seat, replies + (None,), m2, t))
            nxt += [(seat, replies + (p,), m2, t | (land & POST_MASK[p]))
                    for p in range(NUM_POSTS) if land & POST_MASK[p]]
        frontier = nxt
    return found

