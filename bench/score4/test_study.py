"""bench/score4/study.py: the paired games the studies play and the seat
tally of their reports."""
from bench.score4 import study


def first_free(pos):
    return next(p for p in range(16) if pos.can_play(p))


def test_a_pair_opens_alike_and_swaps_the_seats():
    seen = {}

    def choose(g):
        def pick(side, pos, ply):
            seen.setdefault(g, []).append((side, ply, pos.mine, pos.theirs))
            return first_free(pos)
        return pick

    results = [study.paired_game(2024, g, choose(g)) for g in range(4)]
    # the first chosen move is at ply 2, from the opening's position
    assert [seen[g][0][1] for g in range(4)] == [2, 2, 2, 2]
    assert seen[0][0][2:] == seen[1][0][2:]           # games 0 and 1 open alike
    assert seen[2][0][2:] == seen[3][0][2:]
    assert seen[0][0][0] == "new" and seen[1][0][0] == "old"
    # both sides play alike, so the pair's results are each other's mirror
    assert results[0] + results[1] == 1.0 and results[2] + results[3] == 1.0
    # the moves alternate between the sides
    assert [s for s, _, _, _ in seen[0][:4]] == ["new", "old", "new", "old"]


def test_seat_scores():
    results = [(0, 1.0), (1, 0.0), (2, 0.5), (3, 1.0), (4, 1.0), (5, 0.0)]
    rows, se = study.seat_scores(results)
    assert rows[0] == ("first", 3, 2, 1, 0, 2.5 / 3)
    assert rows[1] == ("second", 3, 1, 0, 2, 1 / 3)
    assert rows[2] == ("both", 6, 3, 1, 2, 3.5 / 6)
    assert abs(se - (3.5 / 6 * (1 - 3.5 / 6) / 6) ** 0.5) < 1e-12
