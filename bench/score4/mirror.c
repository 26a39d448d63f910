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
 *    for its side to move, and a move on cell c changes it only on the 4 or
 *    7 lines through c (move_info). The child receives -(ev + delta), since
 *    evaluate(y, x) = -evaluate(x, y) by definition.
 *  - "the bead wins" is "some line through c already holds 3 of x's beads"
 *    (c is free, so the 4th cell of that line is c), found in the same loop.
 *  - The abandoned iteration unwinds through a flag, not an exception.
 *
 * The transposition table is an array of 4096 entries cleared (all zero,
 * depth 0: not found) at every search, written depth-preferred (step d),
 * the killers an array of 64 posts (-1: unset), exactly as the docstring
 * defines them.
 */
#include <stdint.h>
#include <stdlib.h>
#include "tables.h"

typedef uint64_t u64;

#define POPC(v) __builtin_popcountll(v)
#define CTZ(v) __builtin_ctzll(v)

enum { R_FULL = 0, R_WIN = 1, R_BLOCK = 2, R_SEARCH = 3, R_FALLBACK = 4, R_BOOK = 5 };

#define TT_SIZE (1 << S4_TT_BITS)
#define TT_MASK (TT_SIZE - 1)

typedef struct {
    uint16_t check;     /* hash >> TT_BITS */
    uint8_t depth;      /* 0: cleared */
    uint8_t bound;      /* S4_LOWER, S4_UPPER, S4_EXACT */
    int16_t score;
    int8_t move;        /* post */
} Entry;

/* the rules a study can take back (mirror_study_search) */
#define STUDY_ALWAYS_REPLACE 1  /* every node's entry written (before depth-preferred) */
#define STUDY_NO_WIN_STEP 2     /* no step w: a win at once is found by trying moves */

typedef struct {
    u64 nodes;
    u64 budget;
    int abort;
    int rules;          /* a study's rules, not the core's: STUDY_* below */
    int killer[64];     /* post, -1: unset */
    Entry table[TT_SIZE];
} Ctx;

/* golden.score4.search.position_hash: x to move, colour popcount & 1. */
static uint32_t position_hash(u64 x, u64 y)
{
    const int k = POPC(x | y) & 1;
    uint32_t h = 0;
    for (u64 b = x; b; b &= b - 1)
        h ^= S4_ZOBRIST[k][CTZ(b)];
    for (u64 b = y; b; b &= b - 1)
        h ^= S4_ZOBRIST[k ^ 1][CTZ(b)];
    return h;
}

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

/* golden.score4.search.line_value: a threat's weight by its empty cell's
 * level (0-based: even = level 1 or 3). */
static inline int threat_value(int empty_cell)
{
    return S4_W[3] + (((empty_cell >> 4) & 1) ? -S4_THREAT_PARITY : S4_THREAT_PARITY);
}

static inline int line_value(u64 own, u64 line)
{
    const int k = POPC(own);
    return k == 3 ? threat_value(63 - __builtin_clzll(line & ~own)) : S4_W[k];
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
                s += line_value(a, S4_LINES[i]);
        } else if (b) {
            s -= line_value(b, S4_LINES[i]);
        }
    }
    return s;
}

/* x puts a bead on the free cell c: returns 1 when it wins; else 0 and
 * *delta = evaluate(x + c, y) - evaluate(x, y), line by line through c:
 * x's own line gains a bead (a threat's value counts its empty cell, the
 * line's last one besides c), a line of y's alone dies (a threat of y's had
 * c as its empty cell), a shared line stays 0. */
static inline int move_info(u64 x, u64 y, int c, int *delta)
{
    const u64 *m = S4_CELL_LINES[c];
    const u64 cbit = 1ULL << c;
    int n = S4_CELL_NLINES[c];
    int d = 0;
    for (int i = 0; i < n; i++) {
        const u64 a = x & m[i], b = y & m[i];
        if (!b) {
            const int k = POPC(a);
            if (k == 3)
                return 1;
            if (k == 2)
                d += threat_value(CTZ(m[i] & ~(a | cbit))) - S4_W[2];
            else
                d += S4_W[k + 1] - S4_W[k];
        } else if (!a) {
            d += POPC(b) == 3 ? threat_value(c) : S4_W[POPC(b)];
        }
    }
    *delta = d;
    return 0;
}

static inline int imax(int a, int b) { return a > b ? a : b; }

/* node(x, y, d, alpha, beta, ply) of the docstring below the root (ply >= 1);
 * ev = evaluate(x, y), h = position_hash(x, y). Returns the fail-soft value
 * for x; on an abandoned iteration sets cx->abort and returns 0. */
static int node(Ctx *cx, u64 x, u64 y, int ev, uint32_t h, int d, int alpha, int beta,
                int ply)
{
    const u64 occ = x | y;
    const u64 land = ((occ << S4_LEVEL_SHIFT) | S4_BOTTOM_LEVEL) & ~occ;
    const int colour = POPC(occ) & 1;
    /* step w: a win at once ends the node before the probe, no node counted */
    if (!(cx->rules & STUDY_NO_WIN_STEP))
        for (u64 b = land; b; b &= b - 1)
            if (completes_line(x, CTZ(b)))
                return S4_WIN - (ply + 1);
    Entry *e = &cx->table[h & TT_MASK];
    const uint16_t check = (uint16_t)(h >> S4_TT_BITS);
    /* the move list: hash move, killer, ORDER; each free post once */
    int posts[S4_NUM_POSTS + 2];
    int n = 0;
    int hash_move = -1;
    /* step d's verdict, from the entry as read here: another position's
     * deeper entry is not replaced */
    const int keep = e->depth && e->check != check && e->depth > d
                     && !(cx->rules & STUDY_ALWAYS_REPLACE);
    if (e->depth && e->check == check) {
        if (e->depth >= d && (e->bound == S4_EXACT
                              || (e->bound == S4_LOWER && e->score >= beta)
                              || (e->bound == S4_UPPER && e->score <= alpha)))
            return e->score;
        hash_move = e->move;
        if (land & S4_POST_MASK[hash_move])
            posts[n++] = hash_move;
    }
    const int killer = cx->killer[ply];
    if (killer >= 0 && killer != hash_move && (land & S4_POST_MASK[killer]))
        posts[n++] = killer;
    for (int k = 0; k < S4_NUM_POSTS; k++) {
        const int p = S4_ORDER[k];
        if ((land & S4_ORDER_MASK[k]) && p != hash_move && p != killer)
            posts[n++] = p;
    }
    int best = -S4_INF, best_move = -1;
    for (int i = 0; i < n; i++) {
        const int p = posts[i];
        const u64 bit = land & S4_POST_MASK[p];
        if (cx->nodes == cx->budget) {
            cx->abort = 1;
            return 0;
        }
        cx->nodes++;
        const int c = CTZ(bit);
        int delta, s;
        if (move_info(x, y, c, &delta)) {
            s = S4_WIN - (ply + 1);
        } else if ((occ | bit) == S4_FULL_BOARD) {
            s = 0;
        } else if (d == 1) {
            s = ev + delta;
        } else {
            s = -node(cx, y, x | bit, -(ev + delta), h ^ S4_ZOBRIST[colour][c], d - 1,
                      -beta, -imax(alpha, best), ply + 1);
            if (cx->abort)
                return 0;
        }
        if (s > best) {
            best = s;
            best_move = p;
        }
        if (imax(alpha, best) >= beta) {
            cx->killer[ply] = p;
            break;
        }
    }
    if (keep)
        return best;
    e->check = check;
    e->depth = (uint8_t)d;
    e->bound = best >= beta ? S4_LOWER : best <= alpha ? S4_UPPER : S4_EXACT;
    e->score = (int16_t)best;
    e->move = (int8_t)best_move;
    return best;
}

/* The root: the given moves in the given order, window (-INF, +INF), ply 0.
 * Returns the best score, *best_k the index (into cells/posts) of the first
 * move with that score. */
static int root(Ctx *cx, u64 x, u64 y, int ev, int d, int n,
                const int *posts, const int *cells, int *best_k)
{
    const u64 occ = x | y;
    const uint32_t h = position_hash(x, y);
    const int colour = POPC(occ) & 1;
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
            s = -node(cx, y, x | bit, -(ev + delta), h ^ S4_ZOBRIST[colour][cells[k]],
                      d - 1, -beta, -imax(alpha, best), 1);
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

/* golden.score4.book.book_move by hash, as the RTL looks it up: a position of
 * at most BOOK_PLIES beads whose hash is a book entry's (golden's tests prove
 * that no other position of so few beads shares one). Returns the post or -1. */
static int book_move(u64 mine, u64 theirs)
{
    if (POPC(mine | theirs) > S4_BOOK_PLIES)
        return -1;
    const uint32_t h = position_hash(mine, theirs);
    int lo = 0, hi = S4_BOOK_SIZE;
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (S4_BOOK_HASH[mid] < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < S4_BOOK_SIZE && S4_BOOK_HASH[lo] == h ? S4_BOOK_MOVE[lo] : -1;
}

/* search(position, budget) of the docstring, mine to move.
 * out[0] move (post index, -1 for None), out[1] nodes, out[2] depth,
 * out[3] score (0 when depth == 0: the score is None), out[4] reason
 * (0 full, 1 win, 2 block, 3 search, 4 fallback, 5 book). With use_book 0
 * the book step is skipped and the budget may exceed MAX_BUDGET (up to
 * 2**40: bench/score4/book.py scores the book's positions so). Returns
 * out[4], or -1 for a budget out of range or an impossible position (beads
 * shared). */
static int search(u64 mine, u64 theirs, u64 budget, int use_book, Ctx *warm,
                  int rules, int64_t *out)
{
    int posts[S4_NUM_POSTS], cells[S4_NUM_POSTS];
    int n = 0;
    out[0] = -1;
    out[1] = 0;
    out[2] = 0;
    out[3] = 0;
    out[4] = -1;
    if (budget < 1 || budget > (use_book ? S4_MAX_BUDGET : (1ULL << 40)) || (mine & theirs))
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
    if (use_book) {
        const int move = book_move(mine, theirs);
        if (move >= 0 && (land & S4_POST_MASK[move])) {
            out[0] = move;
            return (int)(out[4] = R_BOOK);
        }
    }

    /* the table cleared; one per call: thread-safe (a study's warm context
     * keeps its table from the last call instead) */
    Ctx *cx = warm ? warm : calloc(1, sizeof *cx);
    if (!cx)
        return -1;
    cx->nodes = 0;
    cx->abort = 0;
    cx->budget = budget;
    cx->rules = rules;
    for (int i = 0; i < 64; i++)
        cx->killer[i] = -1;
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
        const int score = root(cx, mine, theirs, ev, d, n, rposts, rcells, &bk);
        if (cx->abort)
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
    out[1] = (int64_t)cx->nodes;
    if (!warm)
        free(cx);
    out[2] = done_depth;
    out[3] = done_score;
    return (int)(out[4] = done_depth ? R_SEARCH : R_FALLBACK);
}

int mirror_search(u64 mine, u64 theirs, u64 budget, int64_t *out)
{
    return search(mine, theirs, budget, 1, NULL, 0, out);
}

/* The search without its book step (the book's own scores come from it). */
int mirror_tree_search(u64 mine, u64 theirs, u64 budget, int64_t *out)
{
    return search(mine, theirs, budget, 0, NULL, 0, out);
}

/* A study, not the core's search (bench/score4/warm_table.py): the same
 * search with a table kept from one call to the next in a context the
 * caller owns (killers, node count cleared each call). */
void *mirror_warm_new(void)
{
    return calloc(1, sizeof(Ctx));
}

void mirror_warm_free(void *ctx)
{
    free(ctx);
}

int mirror_warm_search(u64 mine, u64 theirs, u64 budget, void *ctx, int64_t *out)
{
    return search(mine, theirs, budget, 1, (Ctx *)ctx, 0, out);
}

/* A study, not the core's search (bench/score4/replacement.py,
 * win_step.py): the search with some of its rules as they were before,
 * `rules` a mask of STUDY_*. use_book as in search(). */
int mirror_study_search(u64 mine, u64 theirs, u64 budget, int use_book, int rules, int64_t *out)
{
    return search(mine, theirs, budget, use_book, NULL, rules, out);
}
