"""The Score-4 opening book (golden/score4/book.py, book.json)."""
import json

import pytest

from golden.score4 import book as B
from golden.score4.board import EMPTY, Position, landing_cells
from golden.score4.encoding import NUM_CELLS, NUM_POSTS, POST_MASK
from golden.score4.search import explain, position_hash, search
from golden.score4.session import Session


def _positions(max_beads):
    """Every position (mine, theirs) of at most max_beads beads: any split of
    colours, beads stacked by gravity (passes allowed)."""
    level = {(0, 0)}
    out = set(level)
    for _ in range(max_beads):
        nxt = set()
        for m, t in level:
            land = landing_cells(m | t)
            while land:
                bit = land & -land
                nxt.add((m | bit, t))
                nxt.add((m, t | bit))
                land ^= bit
        out |= nxt
        level = nxt
    return out


def test_symmetries_are_the_square_group():
    assert B.SYMMETRIES[0] == tuple(range(NUM_POSTS))
    assert len(set(B.SYMMETRIES)) == 8
    for k in range(8):
        assert sorted(B.SYMMETRIES[k]) == list(range(NUM_POSTS))
        for j in range(8):                    # closed under composition
            assert tuple(B.SYMMETRIES[j][B.SYMMETRIES[k][p]] for p in range(NUM_POSTS)) \
                in B.SYMMETRIES
        assert all(B.transform_post(B.transform_post(p, k), B.INVERSE[k]) == p
                   for p in range(NUM_POSTS))
    # a symmetry keeps every line a line: the 76 lines map onto themselves
    from golden.score4.encoding import LINES
    for k in range(8):
        assert {B.transform(m, k) for m in LINES} == set(LINES)


def test_hash_lookup_is_the_book():
    """The RTL looks the book up by position_hash among positions of at most
    PLIES beads: over every such position, a hash is a book entry's only for
    that entry's own position (so the two lookups agree everywhere)."""
    table = {h: (move, m, t) for h, move, m, t in B.entries()}
    assert len(table) == len(B.entries()), "two book positions share a hash"
    found = 0
    for m, t in _positions(B.PLIES):
        hit = table.get(position_hash(m, t))
        want = B.book_move(m, t)
        if hit is None:
            assert want is None, (hex(m), hex(t))
        else:
            assert (hit[1], hit[2]) == (m, t), "hash collision: %#x/%#x" % (m, t)
            assert hit[0] == want
            found += 1
    assert found == len(B.entries())


def test_every_book_move_is_legal_and_symmetric():
    for h, move, m, t in B.entries():
        assert landing_cells(m | t) & POST_MASK[move]
        assert bin(m | t).count("1") <= B.PLIES
        assert h == position_hash(m, t)
        # an image's move is the image of the move, up to a symmetry of the image
        for k in range(8):
            m2, t2 = B.transform(m, k), B.transform(t, k)
            moved = B.transform_post(move, k)
            alt = B.book_move(m2, t2)
            assert alt == moved or any(
                (B.transform(m2, j), B.transform(t2, j)) == (m2, t2)
                and B.transform_post(moved, j) == alt for j in range(8))


def _reach(seat):
    """The positions (board to move) a game reaches with the board on its
    book moves and the opponent on every legal post, up to PLIES beads."""
    level = [(0, 0)] if seat == "first" else \
        [(0, landing_cells(0) & POST_MASK[p]) for p in range(NUM_POSTS)]
    out = []
    while level and bin(level[0][0] | level[0][1]).count("1") <= B.PLIES:
        out += level
        nxt = []
        for m, t in level:
            move = B.book_move(m, t)
            assert move is not None, "the book has no move at %#x/%#x" % (m, t)
            m2 = m | (landing_cells(m | t) & POST_MASK[move])
            land = landing_cells(m2 | t)
            nxt += [(m2, t | (land & POST_MASK[p])) for p in range(NUM_POSTS)
                    if land & POST_MASK[p]]
        level = nxt
    return out


@pytest.mark.parametrize("seat", ["first", "second"])
def test_the_book_covers_every_reply(seat):
    reached = _reach(seat)
    assert len({bin(m | t).count("1") for m, t in reached}) == (B.PLIES + 2 - (seat == "second")) // 2
    for m, t in reached:
        r = search(Position(m, t), 1)
        assert (r.reason, r.nodes, r.depth, r.score) == ("book", 0, 0, None)
        assert r.move == B.book_move(m, t)


def test_the_book_holds_only_what_a_game_reaches():
    reached = {B.canonical(m, t)[0] for seat in ("first", "second") for m, t in _reach(seat)}
    assert reached == set(B.BOOK)


def test_search_order_win_block_book():
    """The book applies only where no win or block is (step 3b); with
    use_book=False the tree search answers."""
    r, how = explain(EMPTY, 50, use_book=False)
    assert r.reason == "search" and r.nodes == 50
    assert explain(EMPTY, 50)[0].reason == "book"
    # more beads than PLIES: never the book, whatever the hash
    pos = EMPTY
    for p in (0, 1, 2, 3, 5)[:B.PLIES + 1]:
        pos = pos.play_mine(p) if len(bin(pos.occupied)) % 2 else pos.play_theirs(p)
    assert bin(pos.occupied).count("1") == B.PLIES + 1
    assert search(pos, 1).reason != "book"


def _session_game(seat, replies):
    """[(beads, reason)] of the board's answers in a Session game where the
    opponent plays `replies` (posts, None: a pass) after opening or not."""
    s = Session(budget=200)
    s.feed(b"0")
    out = []
    requests = ([b"A00"] if seat == "first" else []) + [
        b"A00" if p is None else b"A%d%d" % (p % 4 + 1, p // 4 + 1) for p in replies]
    for r in requests:
        s.feed(r)
        pos = s.last_search
        out.append((bin(s.position.mine | s.position.theirs).count("1") - 1, pos.reason))
    return out


def test_session_leaves_the_book_at_every_ply():
    """For every bead count at which a game can leave the book (the opponent
    passes, or the book's plies run out), one such game in a Session: every
    answer before it comes from the book, and the first outside it is
    searched (or blocked: a reply that lines up three beads). Leaving at 1 bead (a pass after the opening) and at PLIES + 1
    (the book's end) is always possible."""
    leaves = B.first_exits()
    assert {1, B.PLIES + 1} <= set(leaves) <= set(range(1, B.PLIES + 3)), leaves
    for k, (seat, replies) in sorted(leaves.items()):
        game = _session_game(seat, list(replies))
        assert [r for _, r in game[:-1]] == ["book"] * (len(game) - 1), (k, game)
        assert game[-1][0] == k and game[-1][1] in ("search", "block"), (k, game)


def test_load_refuses_a_bad_book(tmp_path):
    bad = tmp_path / "book.json"
    entry = {"mine": "%016x" % 1, "theirs": "%016x" % 0, "move": 0}   # not canonical? check
    key, _ = B.canonical(1, 0)
    if key == (1, 0):
        entry["mine"] = "%016x" % 8                                   # post 3: an image of 0
    bad.write_text(json.dumps({"header": {"plies": 4}, "entries": [entry]}))
    with pytest.raises(ValueError, match="not canonical"):
        B.load(str(bad))
    good = {"mine": "%016x" % key[0], "theirs": "%016x" % key[1], "move": 0}
    bad.write_text(json.dumps({"header": {"plies": 4}, "entries": [good, good]}))
    with pytest.raises(ValueError, match="twice"):
        B.load(str(bad))


def test_book_file_header_matches():
    assert B.HEADER["plies"] == B.PLIES
    assert 0 < B.PLIES < NUM_CELLS
