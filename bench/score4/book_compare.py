"""Compare our Score-4 opening book with T11retsujitu/ScoreFourAI's (a yardstick).

    python -m bench.score4.book_compare --t11-book PATH [--book golden/score4/book.json]
                                        [--out bench/results/score4-book.md]

T11's book is ``data/opening_book.json`` in github.com/T11retsujitu/ScoreFourAI;
extract it (not into this project), e.g. from a clone::

    git show HEAD:data/opening_book.json > /tmp/t11-opening_book.json

Its format (``score-four-opening-book/2``, written by its ``src/score_four/book.py``)::

    {"format": ..., "entries": {"KEY": [move, score, depth, ply], ...}}

* KEY is a decimal int ``(b0 << 64) | b1``: b0 the first player's beads, b1
  the second's (NOT side to move: the side to move follows from the number of
  beads, the first player moves when it is even). Cell ``z*16 + y*4 + x``
  (x, y, z in 0..3, z upward, gravity along z): the same bits as our cell
  ``(x-1) + 4*(y-1) + 16*(z-1)``, x, y, z in 1..4, and the same 76 lines.
* move is a post ``y*4 + x`` (0..15), our post index, in the frame of KEY
  (KEY is T11's own canonical form, the least key over the 8 symmetries;
  its move is stated in that same frame). score is from the mover's view.
  Version 1 entries ``[move, score, ply]`` and the web export
  ``[move, score]`` share the key and move, so any list whose first two
  items are move and score is read.

Each T11 entry is converted to (mine, theirs, move), put in our canonical
frame (``golden.score4.book.canonical``), and looked up for every canonical
entry of our book. Two moves agree when a symmetry that fixes the position
takes one to the other (on an empty board every corner is the same move).
"""
import argparse
import json
import os
import shlex
import sys

from golden.score4 import book as B
from golden.score4.board import landing_cells, popcount
from golden.score4.encoding import NUM_POSTS, POST_MASK, post_to_text

from ..common import report_file

DEFAULT_OUT = "bench/results/score4-book.md"
HOW_TO_GET = ("extract data/opening_book.json from github.com/T11retsujitu/ScoreFourAI, "
              "e.g. git show HEAD:data/opening_book.json > /tmp/t11-opening_book.json")
MASK64 = (1 << 64) - 1


class InputError(Exception):
    """A book file that cannot be read: the message is printed as it is."""


def t11_position(key):
    """(mine, theirs) of a T11 key, mine the side to move."""
    if not 0 <= key < 1 << 128:
        raise ValueError("key %d is not a 128-bit pair of bitboards" % key)
    first, second = key >> 64, key & MASK64
    if first & second:
        raise ValueError("key %d has a cell of both sides" % key)
    if popcount(first) - popcount(second) not in (0, 1):
        raise ValueError("key %d: the first player has not 0 or 1 bead more" % key)
    if popcount(first | second) % 2 == 0:       # even: the first player moves
        return first, second
    return second, first


def t11_entry(key, move):
    """T11's entry as ours: ((mine, theirs) canonical, move in that frame)."""
    mine, theirs = t11_position(key)
    if not (isinstance(move, int) and 0 <= move < NUM_POSTS
            and landing_cells(mine | theirs) & POST_MASK[move]):
        raise ValueError("key %d: move %r is not a free post 0..15" % (key, move))
    canon, frame = B.canonical(mine, theirs)
    return canon, B.transform_post(move, frame)


def load_t11(path):
    """{our canonical (mine, theirs): (move, score)} of T11's book file."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError) as e:
        raise InputError("cannot read the T11 book %s (%s); %s"
                         % (path, getattr(e, "strerror", None) or e, HOW_TO_GET))
    except ValueError as e:
        raise InputError("the T11 book %s is not JSON (%s)" % (path, e))
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise InputError("the T11 book %s has no \"entries\" object: is it "
                         "data/opening_book.json of T11retsujitu/ScoreFourAI?" % path)
    table = {}
    for k, v in entries.items():
        try:
            if not (isinstance(v, list) and len(v) >= 2):
                raise ValueError("entry %s is not a list [move, score, ...]" % k)
            if not k.isdigit():
                raise ValueError("key %r is not a decimal integer" % k)
            canon, move = t11_entry(int(k), v[0])
        except ValueError as e:
            raise InputError("the T11 book %s: %s" % (path, e))
        table[canon] = (move, v[1])
    return table


def same_move(mine, theirs, a, b):
    """True when a symmetry fixing the position takes post a to post b."""
    return any(B.transform(mine, k) == mine and B.transform(theirs, k) == theirs
               and B.transform_post(a, k) == b for k in range(8))


def line_of(mine, theirs):
    """Posts of a game (alternating, with gravity) that reaches the position."""
    def undo(last, other, n):       # last: the beads of the side that moved last
        if n == 0:
            return []
        occupied = last | other
        tops = occupied & ~(occupied >> 16)         # beads with nothing above
        for p in range(NUM_POSTS):
            cell = last & tops & POST_MASK[p]
            if cell:
                rest = undo(other, last & ~cell, n - 1)
                if rest is not None:
                    return rest + [p]
        return None
    return undo(theirs, mine, popcount(mine | theirs))


def text(p):
    """The contest's x y text of post p (e.g. "23")."""
    return post_to_text(p).decode()


def compare(ours, t11):
    """One row per entry of our book {(mine, theirs): move}, by beads then key:
    (beads, mine, theirs, our move, T11's (move, score) or None, agree)."""
    rows = []
    for (mine, theirs), move in ours.items():
        theirs_entry = t11.get((mine, theirs))
        agree = theirs_entry is not None and same_move(mine, theirs, move, theirs_entry[0])
        rows.append((popcount(mine | theirs), mine, theirs, move, theirs_entry, agree))
    return sorted(rows, key=lambda r: r[:3])


def report(rows, command, book_path, t11_path, t11_size):
    """The Markdown report of compare()'s rows."""
    held = [r for r in rows if r[4] is not None]
    agree = sum(r[5] for r in held)
    out = ["# Score-4 opening book against T11retsujitu/ScoreFourAI's", "",
           "`%s`" % command, "",
           "Our book `%s`: %d canonical entries; T11's book `%s`: %d positions. "
           "T11 holds %d of ours; the moves agree (up to a symmetry fixing the "
           "position) in %d of them, differ in %d." % (
               book_path, len(rows), t11_path, t11_size, len(held), agree,
               len(held) - agree), "",
           "| beads | our entries | T11 holds | agree | differ |",
           "|---:|---:|---:|---:|---:|"]
    for n in sorted({r[0] for r in rows}):
        level = [r for r in rows if r[0] == n]
        h = [r for r in level if r[4] is not None]
        a = sum(r[5] for r in h)
        out.append("| %d | %d | %d | %d | %d |" % (n, len(level), len(h), a, len(h) - a))
    out += ["", "## Disagreements", ""]
    differ = [r for r in held if not r[5]]
    if not differ:
        out.append("None.")
    else:
        out += ["Posts as the contest writes them (x y, 1..4), all in our canonical "
                "frame of the position; the line is one game reaching it.", "",
                "| beads | line | ours | T11 | T11 score |", "|---:|---|---|---|---:|"]
        for n, mine, theirs, move, (t_move, t_score), _ in differ:
            line = " ".join(text(p) for p in line_of(mine, theirs) or []) or "(empty)"
            out.append("| %d | %s | %s | %s | %s |" % (n, line, text(move), text(t_move), t_score))
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m bench.score4.book_compare",
        description="Compare our Score-4 opening book with the one of "
                    "T11retsujitu/ScoreFourAI and write a Markdown report.")
    parser.add_argument("--t11-book", required=True, metavar="PATH",
                        help="T11's data/opening_book.json, extracted from its repository "
                             "(git show HEAD:data/opening_book.json > PATH)")
    parser.add_argument("--book", default=B.PATH,
                        help="our book file (default: golden/score4/book.json)")
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help="the report written (default %(default)s)")
    args = parser.parse_args(argv)
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        t11 = load_t11(args.t11_book)
        try:
            _, ours = B.load(args.book)
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise InputError("cannot read our book %s: %s" % (args.book, e))
        rows = compare(ours, t11)
        text_out = report(rows, shlex.join(["python", "-m", "bench.score4.book_compare"] + argv),
                          os.path.relpath(args.book), args.t11_book, len(t11))
        try:
            report_file.write(args.out, text_out)   # makes the folder
        except OSError as e:
            raise InputError("cannot write the report %s: %s" % (args.out, e.strerror or e))
    except InputError as e:
        print("book_compare: %s" % e, file=sys.stderr)
        return 2
    held = [r for r in rows if r[4] is not None]
    print("our entries %d, held by T11 %d, agree %d, differ %d; report %s"
          % (len(rows), len(held), sum(r[5] for r in held),
             sum(not r[5] for r in held), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
