"""People at the console: the tiles drawn ('t', 't e'), the legal moves paged
('l', 'l 2'), moves typed with spaces and echoed, every command in 'h', and
the keys of step mode."""
import pytest

from golden.blokus import encoding as benc
from host import games, players
from host.tests.helpers import read_transcript, run_referee


def _blokus(stdin, *extra):
    """A person moving first at Blokus against golden:1; its console output."""
    code, out, err = run_referee(["blokus", "human", "golden:1", "--seed", "1"] + list(extra),
                                 stdin=stdin)
    assert code == 0
    return out, err


# ------------------------------------------------------------------- the tiles
def test_t_draws_the_21_tiles():
    out, err = _blokus("t\n")
    assert err == ""
    assert "a (1)    b (2)    c (3)    d (3)    e (4)    f (4)    g (4)\n" in out
    for letter, size in zip(benc.TILE_LETTERS, benc.TILE_SIZE):
        assert "%s (%d)" % (letter, size) in out
    # tile p (a T of five) as the spec draws it, its centre '@'
    assert "..#..    ..#..    ..#..    .##..    .#...    .#...    ..#..\n" \
           "..@#.    ..@..    ..@##    ..@#.    .#@#.    .#@#.    .#@#.\n" \
           "..#..    .###.    .....    ...#.    ...#.    ..#..    ..#..\n" in out
    assert "'#' a square, '@' the square at the code's X Y" in out


def test_t_marks_used_tiles():
    out, err = _blokus("5 3 e 0\nt\n")
    assert "a (1)    b (2)    c (3)    d (3)    e used   f (4)    g (4)" in out


def test_t_letter_draws_its_8_orientation_digits():
    out, err = _blokus("t e\nt z\nt e f\n")
    assert "\n".join([
        ".....   .....   .....   .....   ..#..   ..#..   .....   .....",
        "..#..   ..#..   .....   .....   ..#..   ..#..   .....   .....",
        "..@..   ..@..   ##@#.   .#@##   ..@..   ..@..   .#@##   ##@#.",
        "..#..   ..#..   .....   .....   ..#..   ..#..   .....   .....",
        "..#..   ..#..   .....   .....   .....   .....   .....   .....",
        "  0       1       2       3       4       5       6       7",
        "0 as drawn; 1 mirrored left-right; 2 turned 90 deg clockwise; 3 mirrored about the main "
        "diagonal"]) in out
    assert err == ("error: no tile 'z': the tiles are a..u ('t' draws them)\n"
                   "error: 't' takes one tile letter a..u, not 'e f'\n")


@pytest.mark.parametrize("t", range(benc.N_TILES))
def test_the_pictures_are_the_golden_orientations(t):
    """Each picture's squares are the cells a move with that digit covers."""
    text = games.BlokusGame().orientations_text(benc.TILE_LETTERS[t])
    rows = text.splitlines()[1:6]
    for r in range(benc.N_ORIENT):
        drawn = {(row - 2, col - 2) for row in range(5) for col in range(5)
                 if rows[row][8 * r + col] in "#@"}
        assert drawn == {(y - 5, x - 5) for x, y in benc.move_cells((5, 5, t, r))}
        assert rows[2][8 * r + 2] == "@"


# ------------------------------------------------------------ the legal moves
def test_l_lists_the_legal_moves_in_pages():
    out, err = _blokus("l\nl 2\nl 99\nl x\n")
    g = games.BlokusGame()
    codes = [g.code(m).decode() for m in g.legal_moves(0)]
    pages = -(-len(codes) // players.LIST_PAGE)
    assert "legal moves (%d), page 1 of %d; 'l 2': the next page:" % (len(codes), pages) in out
    assert "legal moves (%d), page 2 of %d; 'l 3': the next page:" % (len(codes), pages) in out
    listed = [c for line in out.splitlines() if line.startswith("  ") and len(line.split()[0]) == 4
              for c in line.split()]
    assert listed == codes[:2 * players.LIST_PAGE]
    assert err == ("error: 'l' takes a page number 1..%d, not '99'\n" % pages
                   + "error: 'l' takes a page number 1..%d, not 'x'\n" % pages)


def test_l_last_page_and_score4():
    code, out, err = run_referee(["score4", "human", "golden"], stdin="l\n")
    assert "legal moves (16), page 1 of 1:\n  11 21 31 41 12 22 32 42 13 23\n  33 43 14 24 34 44\n" in out


# ------------------------------------------------------------ typing a move
@pytest.mark.parametrize("typed,code", [("5 3 e 0", "53e0"), ("53e0", "53e0"), ("5 5 A 0", "55a0"),
                                        (" 6 4 f 7 ", "64f7")])
def test_moves_typed_with_spaces_are_echoed(tmp_path, typed, code):
    t = tmp_path / "t.jsonl"
    out, err = _blokus(typed + "\n", "--transcript", str(t))
    assert err == ""
    assert "you typed: %s -> %s\n" % (typed.strip(), code) in out
    assert [r["got"] for r in read_transcript(t) if r["t"] == "x" and r["p"] == 0][1] == code


def test_illegal_typed_move_is_echoed_then_refused():
    out, err = _blokus("3 3 e 0\n")
    assert "you typed: 3 3 e 0 -> 33e0" in out
    assert err == "error: 33e0 is illegal: first tile not covering its start cell (5,5)\n"


def test_b_is_a_command_and_b_3_e_0_a_move():
    out, err = _blokus("board\nb\n")
    assert out.count("---------------------- Board") == 3 and err == ""
    code, out, err = run_referee(["blokus", "golden:1", "human"], stdin="a a e 0\nb 3 e 0\n")
    assert "you typed: a a e 0 -> aae0" in out and "you typed: b 3 e 0 -> b3e0" in out


# -------------------------------------------------------------------- help
def test_h_lists_every_command():
    out, err = _blokus("h\n")
    for key, name, arg, what, game in players.HUMAN_COMMANDS:
        assert "\n  %-9s %s\n" % (key + arg, what) in out
    assert "  a move    the 4-character code X Y t r" in out and "5 3 e 0" in out
    assert "legal moves (" in out
    assert "your move ('1'; b board, l list, t tiles, h help, q quit): " in out
    code, out, err = run_referee(["score4", "human", "golden"], stdin="?\n")
    assert "  l [PAGE]  list the legal moves" in out and "t [TILE]" not in out


# ---------------------------------------------------------------- step mode
def test_step_mode_says_what_each_key_does():
    code, out, err = run_referee(["score4", "golden:20", "random", "--step", "--seed", "1"],
                                 stdin="h\nx\nn\nb\nq\n")
    assert code == 0
    prompt = "(Enter: next move, c: continuous, b: board, h: help, q: quit) "
    assert out.count(prompt) == 5
    assert "  Enter (or n)  play the next move\n" in out and "  c             continuous play" in out
    assert "  q             leave: the game is abandoned" in out
    assert err == "error: unknown key 'x' (Enter: next move, c: continuous, b: board, h: help, q: quit)\n"
    assert out.count("== Move") == 2 and "** Game abandoned (q)." in out


def test_step_keys_in_help(capsys):
    with pytest.raises(SystemExit):
        run_referee(["--help"])
    assert "Enter: next move, c: continuous, b: board, h: help, q: quit" in \
        " ".join(capsys.readouterr().out.split())
