/* Score-4 search mirror: golden/score4/search.py in C99, bit for bit.
 *
 * This file implements the steps of the module docstring of
 * golden.score4.search exactly: the same move, the same node count, the
 * same completed depth, the same root score and the same reason, for every
 * position and budget. bench/score4/test_mirror.py is the judge (it compares
 * every field with the golden model on random positions and budgets).
 *
 * Every table (lines, masks, move order, weights, WIN, INF, PROVEN) comes
 * from tables.h, written by bench/score4/gen_tables.py from the golden
 * model; bench/score4/mirror.py builds this file and calls it with ctypes.
 *
 * Speed, without changing any value:
 *  - evaluate() is kept incrementally: a node receives ev = evaluate(x, y)
 *    for its side to move, and a move on cell c changes it by the sum of
 *    DELTA[a][b] over the 4 or 7 lines through c (a, b: x's and y's beads on
 *    the line). The child receives -(ev + delta), since evaluate(y, x) =
 *    -evaluate(x, y) by definition. Lines not through c keep their term.
 *  - "the bead wins" is "some line through c already holds 3 of x's beads"
 *    (c is free, so the 4th cell of that line is c), found in the same loop.
 *  - The abandoned iteration unwinds through a flag, not an exception.
 */
#include <stdint.h>
#include "tables.h"

typedef uint64_t u64;

#define POPC(v) __builtin_popcountll(v)
#define CTZ(v) __builtin_ctzll(v)

enum { R_FULL = 0, R_WIN = 1, R_BLOCK = 2, R_SEARCH = 3, R_FALLBACK = 4 };

typedef struct {
    u64 nodes;
    u64 budget;
    int abort;
} Ctx;

/* golden.score4.board.completes_line: beads plus a bead on c hold a whole
 * line through c. */
static int completes_line(u64 beads, int c)
{
    u64 b = beads | (1ULL << c);
    const u64 *m = S4_CELL_LINES[c];
    int n = S4_CELL_NLINES[c];
    for (int i = 0; i < n; i++)
        if ((b & m[i]) == m[i])
            return 1;
    return 0;
}

/* golden.score4.search.evaluate, literally: over the 76 lines. */
int mirror_evaluate(u64 x, u64 y)
{
    int s = 0;
    for (int i = 0; i < S4_NUM_LINES; i++) {
        u64 a = x & S4_LINES[i];
        u64 b = y & S4_LINES[i];
        if (a) {
            if (!b)
                s += S4_W[POPC(a)];
        } else if (b) {
            s -= S4_W[POPC(b)];
        }
    }
    return s;
}

/* x puts a bead on the free cell c: returns 1 when it wins; else 0 and
 * *delta = evaluate(x + c, y) - evaluate(x, y). */
static inline int move_info(u64 x, u64 y, int c, int *delta)
{
    const u64 *m = S4_CELL_LINES[c];
    int n = S4_CELL_NLINES[c];
    int d = 0;
    for (int i = 0; i < n; i++) {
        int a = POPC(x & m[i]);
        if (a == 3)
            return 1;
        d += S4_DELTA[a][POPC(y & m[i])];
    }
    *delta = d;
    return 0;
}

static inline int imax(int a, int b) { return a > b ? a : b; }

/* node(x, y, d, alpha, beta, ply) of the docstring; ev = evaluate(x, y).
 * Not the root: moves in ORDER. Returns the fail-soft value for x; on an
 * abandoned iteration sets cx->abort and returns 0. */
static int node(Ctx *cx, u64 x, u64 y, int ev, int d, int alpha, int beta, int ply)
{
    const u64 occ = x | y;
    const u64 land = ((occ << S4_LEVEL_SHIFT) | S4_BOTTOM_LEVEL) & ~occ;
    int best = -S4_INF;
    for (int k = 0; k < S4_NUM_POSTS; k++) {
        const u64 bit = land & S4_ORDER_MASK[k];
        if (!bit)
            continue;
        if (cx->nodes == cx->budget) {
            cx->abort = 1;
            return 0;
        }
        cx->nodes++;
        int delta, s;
        if (move_info(x, y, CTZ(bit), &delta)) {
            s = S4_WIN - (ply + 1);
        } else if ((occ | bit) == S4_FULL_BOARD) {
            s = 0;
        } else if (d == 1) {
            s = ev + delta;
        } else {
            s = -node(cx, y, x | bit, -(ev + delta), d - 1, -beta,
                      -imax(alpha, best), ply + 1);
            if (cx->abort)
                return 0;
        }
        if (s > best)
            best = s;
        if (imax(alpha, best) >= beta)
            break;
    }
    return best;
}

/* The root: the given moves in the given order, window (-INF, +INF), ply 0.
 * Returns the best score, *best_k the index (into cells/posts) of the first
 * move with that score. */
static int root(Ctx *cx, u64 x, u64 y, int ev, int d, int n,
                const int *posts, const int *cells, int *best_k)
{
    const u64 occ = x | y;
    const int alpha = -S4_INF, beta = S4_INF;
    int best = -S4_INF, bk = -1;
    for (int k = 0; k < n; k++) {
        const u64 bit = 1ULL << cells[k];
        if (cx->nodes == cx->budget) {
            cx->abort = 1;
            return 0;
        }
        cx->nodes++;
        int delta, s;
        if (move_info(x, y, cells[k], &delta)) {
            s = S4_WIN - 1;
        } else if ((occ | bit) == S4_FULL_BOARD) {
            s = 0;
        } else if (d == 1) {
            s = ev + delta;
        } else {
            s = -node(cx, y, x | bit, -(ev + delta), d - 1, -beta,
                      -imax(alpha, best), 1);
            if (cx->abort)
                return 0;
        }
        if (s > best) {
            best = s;
            bk = k;
        }
        if (imax(alpha, best) >= beta)
            break;
    }
    (void)posts;
    *best_k = bk;
    return best;
}

/* search(position, budget) of the docstring, mine to move.
 * out[0] move (post index, -1 for None), out[1] nodes, out[2] depth,
 * out[3] score (0 when depth == 0: the score is None), out[4] reason
 * (0 full, 1 win, 2 block, 3 search, 4 fallback). Returns out[4], or -1
 * for a budget outside 1..MAX_BUDGET or an impossible position (beads
 * shared). */
int mirror_search(u64 mine, u64 theirs, u64 budget, int64_t *out)
{
    int posts[S4_NUM_POSTS], cells[S4_NUM_POSTS];
    int n = 0;
    out[0] = -1;
    out[1] = 0;
    out[2] = 0;
    out[3] = 0;
    out[4] = -1;
    if (budget < 1 || budget > S4_MAX_BUDGET || (mine & theirs))
        return -1;
    const u64 occ = mine | theirs;
    const u64 land = ((occ << S4_LEVEL_SHIFT) | S4_BOTTOM_LEVEL) & ~occ;
    for (int k = 0; k < S4_NUM_POSTS; k++) {
        const u64 bit = land & S4_ORDER_MASK[k];
        if (bit) {
            posts[n] = S4_ORDER[k];
            cells[n] = CTZ(bit);
            n++;
        }
    }
    if (n == 0)
        return (int)(out[4] = R_FULL);
    for (int k = 0; k < n; k++)
        if (completes_line(mine, cells[k])) {
            out[0] = posts[k];
            return (int)(out[4] = R_WIN);
        }
    for (int k = 0; k < n; k++)
        if (completes_line(theirs, cells[k])) {
            out[0] = posts[k];
            return (int)(out[4] = R_BLOCK);
        }

    Ctx cx = {0, budget, 0};
    const int ev = mirror_evaluate(mine, theirs);
    const int empties = S4_NUM_CELLS - POPC(occ);
    int answer = posts[0], done_depth = 0, done_score = 0;
    int rposts[S4_NUM_POSTS], rcells[S4_NUM_POSTS];
    for (int k = 0; k < n; k++) {
        rposts[k] = posts[k];
        rcells[k] = cells[k];
    }
    for (int d = 1;; d++) {
        int bk;
        const int score = root(&cx, mine, theirs, ev, d, n, rposts, rcells, &bk);
        if (cx.abort)
            break;
        const int move = rposts[bk];
        answer = move;
        done_depth = d;
        done_score = score;
        if ((score < 0 ? -score : score) >= S4_PROVEN || d >= empties)
            break;
        /* next root order: this iteration's best move, then the others in ORDER */
        int j = 0;
        for (int k = 0; k < n; k++)
            if (posts[k] == move) {
                rposts[j] = posts[k];
                rcells[j] = cells[k];
                j++;
            }
        for (int k = 0; k < n; k++)
            if (posts[k] != move) {
                rposts[j] = posts[k];
                rcells[j] = cells[k];
                j++;
            }
    }
    out[0] = answer;
    out[1] = (int64_t)cx.nodes;
    out[2] = done_depth;
    out[3] = done_score;
    return (int)(out[4] = done_depth ? R_SEARCH : R_FALLBACK);
}
