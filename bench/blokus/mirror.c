/* Blokus Duo search mirror: golden/blokus/search.py in C (GNU C99), bit for bit.
 *
 * The steps of the module docstring of golden.blokus.search, exactly.
 * Phase 1: the candidates are the legal moves of ME in scan order (centre Y,
 * centre X, shape index in ALL_SHAPES order), evaluated while nodes < budget:
 * score = W_SIZE * squares + reach(after, ME) - W_OPP * reach(after, OPP), where
 * reach counts the legal placements of the shapes of REACH_TILES (a, b, c, d),
 * held or not (no used-tile check; 0 without an anchor);
 * the TOP_K best are kept, by score then scan order. If the budget ran out in
 * phase 1, the first kept is the answer. Phase 2: for each kept candidate m
 * in that order, the opponent's legal replies in the position after m are
 * evaluated in scan order from the opponent's side (one node each, the
 * budget checked before each); value(m) = W_SIZE * squares(m) - the best
 * reply (m's phase-1 score without a reply); once a best exists, m is dropped
 * as soon as W_SIZE * squares(m) - reply so far <= best value; a later
 * candidate wins only when strictly better. A budget ending inside phase 2
 * drops the candidate being examined and answers phase 2's best so far, or
 * phase 1's best if phase 2 finished none. A pass (no move, score 0, 0 nodes)
 * only without a legal move. bench/blokus/test_mirror.py is the judge (move,
 * score, nodes and moves compared with the golden model).
 *
 * Every table and constant (shapes, tile sizes, board mask, weights, TOP_K,
 * budgets, REACH_TILES, MAX_REACH) comes from tables.h,
 * written by bench/blokus/gen_tables.py from the golden model;
 * bench/blokus/mirror.py builds this file and calls it with ctypes.
 *
 * Representation: a padded 16 x 16 bitboard of golden.blokus.encoding (cell
 * (X, Y) = bit 16 Y + X) is 16 uint16 rows, row Y bit X; one row vector is
 * 256 bits (GCC vector extension: one AVX2 register where available).
 * The golden maps, row-wise:
 *   edge_map(own)   = (own <<1 | own >>1 | own up a row | own down a row) & ON_BOARD
 *   corner_map(own) = (each of own up/down a row, shifted <<1 and >>1) & ON_BOARD
 *   free  = ON_BOARD & ~(own | other | edge_map(own))
 *   anchor = used ? corner_map(own) & free : start & free
 * A placement of a shape with its bounding box's top-left on (c, y) is legal
 * when every square (y + i, c + j) is a free cell and one is an anchor. With
 * F[i][j] = the rows of free moved up i rows (row y holds row y + i) and
 * shifted right j columns (a column past 15 is lost = not free), the legal
 * top-left cells of the shape are AND_k F[cell k] & OR_k A[cell k]: exactly
 * the golden "allowed & touch" (golden shifts the whole 256-bit integer, so a
 * square past column 15 wraps into the next row; the shape then also covers
 * the border column 15, which is never free, so both agree: the legal set is
 * "all squares on free cells, one on an anchor" in both).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tables.h"

typedef uint16_t v16 __attribute__((vector_size(32)));
typedef uint64_t v4 __attribute__((vector_size(32)));

#define NROWS 16
#define PAD 5          /* zero rows after a board, for loads moved up 0..4 rows */

static inline v16 load16(const uint16_t *p)
{
    v16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline int is_zero(v16 v)
{
    v4 q = (v4)v;
    return (q[0] | q[1] | q[2] | q[3]) == 0;
}

static inline int popcount256(v16 v)
{
    v4 q = (v4)v;
    return __builtin_popcountll(q[0]) + __builtin_popcountll(q[1])
         + __builtin_popcountll(q[2]) + __builtin_popcountll(q[3]);
}

static v16 ON_BOARD_V;

/* own moved down one row (row y holds row y - 1) and up one row. */
static inline void vertical(v16 own, v16 *down, v16 *up)
{
    uint16_t buf[NROWS + 2];
    buf[0] = 0;
    memcpy(buf + 1, &own, sizeof own);
    buf[NROWS + 1] = 0;
    *down = load16(buf);
    *up = load16(buf + 2);
}

static inline v16 edge_map(v16 own)
{
    v16 dn, up;
    vertical(own, &dn, &up);
    return ((own << 1) | (own >> 1) | dn | up) & ON_BOARD_V;
}

static inline v16 corner_map(v16 own)
{
    v16 dn, up;
    vertical(own, &dn, &up);
    return ((dn << 1) | (dn >> 1) | (up << 1) | (up >> 1)) & ON_BOARD_V;
}

typedef struct {
    v16 own, other;
    uint32_t used;
    v16 start;          /* the player's start cell (one bit) */
} Side;

static inline void maps(const Side *s, v16 *free, v16 *anchor)
{
    *free = ON_BOARD_V & ~(s->own | s->other | edge_map(s->own));
    if (s->used)
        *anchor = corner_map(s->own) & *free;
    else
        *anchor = s->start & *free;
}

/* Cell index of each square of each shape into F / A (row * 5 + col). */
static uint8_t SHAPE_IDX[BK_N_SHAPES][BK_MAX_CELLS];
static int ready;

static void init(void)
{
    if (ready)
        return;
    memcpy(&ON_BOARD_V, BK_ON_BOARD, sizeof ON_BOARD_V);
    for (int s = 0; s < BK_N_SHAPES; s++)
        for (int k = 0; k < BK_SHAPES[s].n; k++)
            SHAPE_IDX[s][k] = (uint8_t)(BK_SHAPES[s].cell[k][0] * 5 + BK_SHAPES[s].cell[k][1]);
    ready = 1;
}

/* F[i*5+j] = free moved up i rows and right j columns; A likewise. */
static inline void shifted(v16 free, v16 anchor, v16 F[25], v16 A[25])
{
    uint16_t fb[NROWS + PAD], ab[NROWS + PAD];
    memcpy(fb, &free, sizeof free);
    memcpy(ab, &anchor, sizeof anchor);
    memset(fb + NROWS, 0, PAD * sizeof(uint16_t));
    memset(ab + NROWS, 0, PAD * sizeof(uint16_t));
    for (int i = 0; i < 5; i++) {
        v16 f = load16(fb + i), a = load16(ab + i);
        for (int j = 0; j < 5; j++) {
            F[i * 5 + j] = f >> j;
            A[i * 5 + j] = a >> j;
        }
    }
}

/* The legal top-left cells of shape s. */
static inline v16 legal_tl(int s, const v16 F[25], const v16 A[25])
{
    const uint8_t *ix = SHAPE_IDX[s];
    v16 allowed = F[ix[0]], touch = A[ix[0]];
    for (int k = 1; k < BK_SHAPES[s].n; k++) {
        allowed &= F[ix[k]];
        touch |= A[ix[k]];
    }
    return allowed & touch;
}

/* Legal (shape, top-left) pairs of the side over the shapes of the tiles in
 * the mask (bit t = tile t), by its free and anchor maps alone (golden
 * _count). */
static int count_tiles(const Side *sd, uint32_t tiles)
{
    v16 free, anchor, F[25], A[25];
    maps(sd, &free, &anchor);
    if (is_zero(anchor))
        return 0;
    shifted(free, anchor, F, A);
    int n = 0;
    for (int t = 0; t < BK_N_TILES; t++) {
        if (!((tiles >> t) & 1))
            continue;
        for (int s = BK_TILE_FIRST[t]; s < BK_TILE_FIRST[t + 1]; s++)
            n += popcount256(legal_tl(s, F, A));
    }
    return n;
}

/* golden.blokus.search.mobility of the side: its unplayed tiles. */
static int mobility(const Side *sd)
{
    return count_tiles(sd, ~sd->used & ((1u << BK_N_TILES) - 1));
}

/* golden.blokus.search.reach of the side: the shapes of REACH_TILES, whether
 * or not the side still holds those tiles. */
static int reach(const Side *sd)
{
    uint32_t tiles = 0;
    for (int i = 0; i < BK_N_REACH_TILES; i++)
        tiles |= 1u << BK_REACH_TILES[i];
    return count_tiles(sd, tiles);
}

static v16 rows_of(const uint16_t *rows)
{
    return load16(rows);
}

static v16 start_vec(int b)
{
    uint16_t r[NROWS];
    memset(r, 0, sizeof r);
    r[b >> 4] = (uint16_t)(1u << (b & 15));
    return load16(r);
}

/* Scan key of a move: ((Y * 16 + X) << 7) | shape index. */
#define KEY(x, y, s) ((((y) * 16 + (x)) << 7) | (s))

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The legal moves of the side as scan keys, sorted; returns their number. */
static int candidates(const Side *sd, int *keys)
{
    v16 free, anchor, F[25], A[25];
    maps(sd, &free, &anchor);
    if (is_zero(anchor))
        return 0;
    shifted(free, anchor, F, A);
    int n = 0;
    for (int t = 0; t < BK_N_TILES; t++) {
        if ((sd->used >> t) & 1)
            continue;
        for (int s = BK_TILE_FIRST[t]; s < BK_TILE_FIRST[t + 1]; s++) {
            v16 l = legal_tl(s, F, A);
            if (is_zero(l))
                continue;
            for (int y = 0; y < NROWS; y++) {
                unsigned bits = l[y];
                while (bits) {
                    int c = __builtin_ctz(bits);
                    bits &= bits - 1;
                    keys[n++] = KEY(c - BK_SHAPES[s].dcol0, y - BK_SHAPES[s].drow0, s);
                }
            }
        }
    }
    qsort(keys, (size_t)n, sizeof *keys, cmp_int);
    return n;
}

/* The squares of the move with key k as rows. */
static v16 move_mask(int k)
{
    int s = k & 127, cell = k >> 7;
    int x = cell & 15, y = cell >> 4;
    int c = x + BK_SHAPES[s].dcol0, r = y + BK_SHAPES[s].drow0;
    uint16_t m[NROWS];
    memset(m, 0, sizeof m);
    for (int i = 0; i < BK_SHAPES[s].n; i++)
        m[r + BK_SHAPES[s].cell[i][0]] |= (uint16_t)(1u << (c + BK_SHAPES[s].cell[i][1]));
    return load16(m);
}

/* The position after the move with key k of `mover` (the other side is `rest`). */
static void after_move(const Side *mover, const Side *rest, int k, Side *mover2, Side *rest2)
{
    v16 m = move_mask(k);
    *mover2 = *mover;
    *rest2 = *rest;
    mover2->own |= m;
    mover2->used |= 1u << BK_SHAPES[k & 127].tile;
    rest2->other |= m;
}

/* golden.blokus.search.evaluate of the move with key k of `me` (either player:
 * `me` is the side moving, `opp` the other). */
static int evaluate(const Side *me, const Side *opp, int k)
{
    Side me2, opp2;
    after_move(me, opp, k, &me2, &opp2);
    return BK_W_SIZE * BK_TILE_SIZE[BK_SHAPES[k & 127].tile] + reach(&me2)
         - BK_W_OPP * reach(&opp2);
}

static void sides(const uint16_t *me_rows, const uint16_t *opp_rows, uint32_t used_me,
                  uint32_t used_opp, int start_me, int start_opp, Side *me, Side *opp)
{
    init();
    me->own = opp->other = rows_of(me_rows);
    me->other = opp->own = rows_of(opp_rows);
    me->used = used_me;
    opp->used = used_opp;
    me->start = start_vec(start_me);
    opp->start = start_vec(start_opp);
}

static int bad_args(const uint16_t *me_rows, const uint16_t *opp_rows, int start_me, int start_opp)
{
    for (int y = 0; y < NROWS; y++)
        if ((me_rows[y] | opp_rows[y]) & ~BK_ON_BOARD[y] || (me_rows[y] & opp_rows[y]))
            return 1;
    if (start_me < 0 || start_me > 255 || start_opp < 0 || start_opp > 255)
        return 1;
    return 0;
}

static void decode(int k, int64_t *out)
{
    int s = k & 127, cell = k >> 7;
    out[0] = cell & 15;
    out[1] = cell >> 4;
    out[2] = BK_SHAPES[s].tile;
    out[3] = BK_SHAPES[s].r;
}

/* The nodes spent by one search against its budget, and the key buffers of
 * its plies (one scan's moves each). */
typedef struct {
    long nodes, budget;
    int out;                /* the budget ran out (golden STOPS index + 1): unwind */
    int *keys;              /* (BK_MAX_DEPTH + 1) x BK_MAX_MOVES */
} Spend;

enum { STOP_PHASE1 = 1, STOP_ENTER, STOP_LEAVES, STOP_INNER };

static inline int spend_node(Spend *sp, int where)
{
    if (sp->nodes >= sp->budget) {
        sp->out = where;
        return 0;
    }
    sp->nodes++;
    return 1;
}

static inline int spend_expansion(Spend *sp)
{
    if (sp->nodes + BK_SCAN_NODES > sp->budget) {
        sp->out = STOP_ENTER;
        return 0;
    }
    sp->nodes += BK_SCAN_NODES;
    return 1;
}

/* Insert (v, k) into the sorted kept list (golden _kept: by score, equal
 * scores in arrival order); the TOP_K-th falls off. */
static inline void keep(int *top_key, int *top_score, int *ntop, int k, int v)
{
    if (*ntop == BK_TOP_K && v <= top_score[*ntop - 1])
        return;
    int j = *ntop < BK_TOP_K ? (*ntop)++ : *ntop - 1;
    while (j > 0 && top_score[j - 1] < v) {
        top_score[j] = top_score[j - 1];
        top_key[j] = top_key[j - 1];
        j--;
    }
    top_score[j] = v;
    top_key[j] = k;
}

/* golden _value: the value of `mover`'s move k (evaluation s1) searched
 * depth >= 2 plies deep in (alpha, beta); sp->out set when the budget ran out. */
static int value(const Side *mover, const Side *rest, int k, int s1, int depth,
                 int alpha, int beta, Spend *sp)
{
    Side mv2, rs2;
    after_move(mover, rest, k, &mv2, &rs2);
    int base = BK_W_SIZE * BK_TILE_SIZE[BK_SHAPES[k & 127].tile];
    if (!spend_expansion(sp))
        return 0;
    int *replies = sp->keys + (size_t)depth * BK_MAX_MOVES;
    int nr = candidates(&rs2, replies);     /* the replies are the other side's */
    int any = 0, best = 0;
    if (depth == 2) {
        for (int i = 0; i < nr; i++) {
            if (!spend_node(sp, STOP_LEAVES))
                return 0;
            int e = evaluate(&rs2, &mv2, replies[i]);
            if (!any || e > best) {
                best = e;
                any = 1;
            }
            if (best >= base - alpha)
                break;
        }
    } else {
        int top_key[BK_TOP_K], top_score[BK_TOP_K], ntop = 0;
        for (int i = 0; i < nr; i++) {
            if (!spend_node(sp, STOP_INNER))
                return 0;
            keep(top_key, top_score, &ntop, replies[i], evaluate(&rs2, &mv2, replies[i]));
        }
        for (int j = 0; j < ntop; j++) {
            int ralpha = base - beta;
            if (any && best > ralpha)
                ralpha = best;
            int v = value(&rs2, &mv2, top_key[j], top_score[j], depth - 1, ralpha,
                          base - alpha, sp);
            if (sp->out)
                return 0;
            if (!any || v > best) {
                best = v;
                any = 1;
            }
            if (best >= base - alpha)
                break;
        }
    }
    return any ? base - best : s1;
}

static int finish(int key, int score, long nodes, int moves, int depth, int stop, int64_t *out)
{
    if (key < 0)
        out[0] = out[1] = out[2] = out[3] = -1;
    else
        decode(key, out);
    out[4] = score;
    out[5] = nodes;
    out[6] = moves;
    out[7] = depth;
    out[8] = stop;
    return 0;
}

/* The search. out: x, y, t, r (all -1 for a pass), score, nodes, moves, depth,
 * stop (0: the budget did not run out, else golden STOPS index + 1).
 * Returns 0, or -1 for bad arguments (cells off the board or on both sides,
 * start bit out of range, budget out of 1..MAX_BUDGET), -2 out of memory. */
int mirror_search(const uint16_t *me_rows, const uint16_t *opp_rows, uint32_t used_me,
                  uint32_t used_opp, int start_me, int start_opp, int budget, int64_t *out)
{
    int top_key[BK_TOP_K], top_score[BK_TOP_K], ntop = 0;
    Side me, opp;
    if (budget < 1 || budget > BK_MAX_BUDGET || bad_args(me_rows, opp_rows, start_me, start_opp))
        return -1;
    sides(me_rows, opp_rows, used_me, used_opp, start_me, start_opp, &me, &opp);
    Spend sp = {0, budget, 0, malloc(sizeof(int) * (BK_MAX_DEPTH + 1) * BK_MAX_MOVES)};
    if (!sp.keys)
        return -2;
    int *keys = sp.keys;
    int n = candidates(&me, keys);
    int scored = 0;

    /* Phase 1: the TOP_K best, by score then scan order. */
    for (int i = 0; i < n; i++) {
        if (!spend_node(&sp, STOP_PHASE1))
            break;
        keep(top_key, top_score, &ntop, keys[i], evaluate(&me, &opp, keys[i]));
        scored++;
    }
    int rc;
    if (scored == 0)
        rc = finish(-1, 0, 0, n, 0, 0, out);
    else if (scored < n)                            /* the budget ran out in phase 1 */
        rc = finish(top_key[0], top_score[0], sp.nodes, n, 1, STOP_PHASE1, out);
    else {
        /* The iterations: depth 2 .. MAX_DEPTH, the previous best first. */
        int done = 0, done_value = top_score[0], done_depth = 1;
        sp.out = 0;
        for (int depth = 2; depth <= BK_MAX_DEPTH && !sp.out; depth++) {
            int best = -1, best_value = 0;
            for (int j = 0; j < ntop; j++) {
                int c = j == 0 ? done : (j - 1 < done ? j - 1 : j);     /* golden root_order */
                int v = value(&me, &opp, top_key[c], top_score[c], depth,
                              best < 0 ? -BK_INF : best_value, BK_INF, &sp);
                if (sp.out)
                    break;
                if (best < 0 || v > best_value) {
                    best = c;
                    best_value = v;
                }
            }
            if (best >= 0) {
                done = best;
                done_value = best_value;
                if (!sp.out)
                    done_depth = depth;
            }
        }
        rc = finish(top_key[done], done_value, sp.nodes, n, done_depth, sp.out, out);
    }
    free(sp.keys);
    return rc;
}

/* The constants of tables.h: TOP_K, MAX_BUDGET, DEFAULT_BUDGET, W_SIZE, W_OPP,
 * MAX_MOVES, MAX_REACH and REACH_TILES as a tile mask (bit t = tile t), checked
 * against the golden model by mirror.py. */
void mirror_constants(int64_t *out)
{
    out[0] = BK_TOP_K;
    out[8] = BK_MAX_DEPTH;
    out[9] = BK_SCAN_NODES;
    out[10] = BK_INF;
    out[1] = BK_MAX_BUDGET;
    out[2] = BK_DEFAULT_BUDGET;
    out[3] = BK_W_SIZE;
    out[4] = BK_W_OPP;
    out[5] = BK_MAX_MOVES;
    out[6] = BK_MAX_REACH;
    int64_t mask = 0;
    for (int i = 0; i < BK_N_REACH_TILES; i++)
        mask |= (int64_t)1 << BK_REACH_TILES[i];
    out[7] = mask;
}

/* Every legal move of ME in scan order with its score: out[5 i .. 5 i + 4] =
 * x, y, t, r, score for i < the return value (at most max_moves written), or
 * -1 for bad arguments. */
int mirror_candidates(const uint16_t *me_rows, const uint16_t *opp_rows, uint32_t used_me,
                      uint32_t used_opp, int start_me, int start_opp, int max_moves,
                      int64_t *out)
{
    int keys[BK_MAX_MOVES];
    Side me, opp;
    if (bad_args(me_rows, opp_rows, start_me, start_opp))
        return -1;
    sides(me_rows, opp_rows, used_me, used_opp, start_me, start_opp, &me, &opp);
    int n = candidates(&me, keys);
    for (int i = 0; i < n && i < max_moves; i++) {
        decode(keys[i], out + 5 * i);
        out[5 * i + 4] = evaluate(&me, &opp, keys[i]);
    }
    return n;
}

/* One side from its arguments; 0, or -1 for bad arguments. */
static int one_side(const uint16_t *own_rows, const uint16_t *other_rows, uint32_t used,
                    int start, Side *sd)
{
    init();
    if (bad_args(own_rows, other_rows, start, start))
        return -1;
    sd->own = rows_of(own_rows);
    sd->other = rows_of(other_rows);
    sd->used = used;
    sd->start = start_vec(start);
    return 0;
}

/* golden.blokus.search.mobility(position, player): own = the player's squares,
 * other = the other player's, used and start the player's; -1 for bad arguments. */
int mirror_mobility(const uint16_t *own_rows, const uint16_t *other_rows, uint32_t used,
                    int start)
{
    Side sd;
    if (one_side(own_rows, other_rows, used, start, &sd) < 0)
        return -1;
    return mobility(&sd);
}

/* golden.blokus.search.reach(position, player), arguments as mirror_mobility
 * (used only tells whether the first tile is down). */
int mirror_reach(const uint16_t *own_rows, const uint16_t *other_rows, uint32_t used,
                 int start)
{
    Side sd;
    if (one_side(own_rows, other_rows, used, start, &sd) < 0)
        return -1;
    return reach(&sd);
}
