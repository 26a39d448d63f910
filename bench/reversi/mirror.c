/* Reversi search mirror: golden/reversi/search.py in C99, node for node.
 *
 * This file implements golden.reversi.search exactly: the same move order
 * behind the same killer a ply,
 * the same node count (a move or a forced pass entered, the budget checked
 * before each), the same fail-soft alpha-beta, the same iterative deepening
 * with the last answer first at the root, the same stops and the same answer
 * when the budget stops an iteration. bench/reversi/test_mirror.py is the
 * judge (every field against the golden model on random positions and
 * budgets). Boards are golden's: cell (x, y) is bit y * width + x, sizes up
 * to 8 x 8; every table comes from tables.h (bench/reversi/gen_tables.py).
 * The abandoned iteration unwinds through a flag, not an exception.
 *
 * RV_LEAF_VALUE is the static leaf's value: golden's evaluate, unless a
 * study that includes this file (bench/reversi/eval_study.c) names its own;
 * the mirror built from this file alone is golden's.
 */
#include <stdint.h>
#include "tables.h"

typedef uint64_t u64;

#define POPC(v) __builtin_popcountll(v)
#define CTZ(v) __builtin_ctzll(v)

enum { STOP_PASS = 0, STOP_FORCED = 1, STOP_EXACT = 2, STOP_DEPTH = 3, STOP_BUDGET = 4, STOP_WLD = 5 };
enum { MIDGAME, WLD, EXACT };

typedef struct {
    const RvGeometry *g;
    u64 nodes, budget;
    int abort, leaf_seen, stage;
    int killer[RV_MAX_DEPTH + 1];             /* by ply: a cell, or -1 (golden's killers) */
} Tree;

static u64 step(u64 b, int k, const RvGeometry *g)
{
    const int s = g->shift[k];
    b &= g->premask[k];
    return s > 0 ? (b << s) & g->full : b >> -s;
}

/* golden.reversi.board.legal */
static u64 legal(u64 me, u64 opp, const RvGeometry *g)
{
    const u64 empty = g->full & ~(me | opp);
    u64 moves = 0;
    for (int k = 0; k < 8; k++) {
        u64 t = step(me, k, g) & opp;
        for (;;) {
            const u64 u = t | (step(t, k, g) & opp);
            if (u == t)
                break;
            t = u;
        }
        moves |= step(t, k, g) & empty;
    }
    return moves;
}

/* golden.reversi.board.flips (c empty: the callers only pass legal moves) */
static u64 flips(u64 me, u64 opp, int c, const RvGeometry *g)
{
    u64 out = 0;
    for (int k = 0; k < 8; k++) {
        u64 f = 0, x = step((u64)1 << c, k, g);
        while (x & opp) {
            f |= x;
            x = step(x, k, g);
        }
        if (x & me)
            out |= f;
    }
    return out;
}

static u64 neighbours(u64 b, const RvGeometry *g)
{
    u64 out = 0;
    for (int k = 0; k < 8; k++)
        out |= step(b, k, g);
    return out;
}

/* golden.reversi.patterns.index: an instance's 8 cells in base 3 (cell j
 * weighs 3^j; 1 me, 2 opp) */
static int pattern_index(u64 me, u64 opp, const int *cells)
{
    int i = 0;
    for (int j = 7; j >= 0; j--)
        i = 3 * i + (int)((me >> cells[j]) & 1) + 2 * (int)((opp >> cells[j]) & 1);
    return i;
}

/* golden.reversi.search.evaluate (the pattern tables on the 8 x 8 board only) */
static int evaluate(u64 me, u64 opp, u64 my, u64 their, const RvGeometry *g, int stage)
{
    const int *w = RV_EVAL_WEIGHTS[stage];
    const u64 occupied = me | opp;
    u64 dead = 0;
    for (int k = 0; k < 4; k++)
        if (occupied & g->corner[k])
            dead |= g->zone[k];
    int s = 0;
    for (int k = 0; k < RV_N_EVAL_CLASSES; k++) {
        const u64 live = g->eval_class[k] & ~dead;
        s += w[k] * (POPC(me & live) - POPC(opp & live));
    }
    s += w[RV_C_DEAD] * (POPC(me & dead & g->c_mask) - POPC(opp & dead & g->c_mask));
    s += w[RV_X_DEAD] * (POPC(me & dead & g->x_mask) - POPC(opp & dead & g->x_mask));
    s += w[RV_MOBILITY] * (POPC(my) - POPC(their));
    const u64 empty = g->full & ~occupied;
    s += w[RV_POTENTIAL] * (POPC(empty & neighbours(opp, g)) - POPC(empty & neighbours(me, g)));
    if (RV_PATTERN_GROUPS && g->width == 8 && g->height == 8) {
        const int k = stage * (RV_PATTERN_GROUPS ? RV_PATTERN_GROUPS : 1) / RV_STAGES;
        for (int e = 0; e < RV_N_EDGE_INSTANCES; e++)
            s += RV_EDGE_TABLE[k][pattern_index(me, opp, RV_EDGE_CELLS[e])];
        for (int r = 0; r < RV_N_RECT_INSTANCES; r++)
            s += RV_RECT_TABLE[k][pattern_index(me, opp, RV_RECT_CELLS[r])];
    }
    return s + w[RV_CONSTANT];
}

/* golden.reversi.search.stage_of */
static int stage_of(int discs, const RvGeometry *g)
{
    const int x = discs > 4 ? discs - 4 : 0;
    const int s = x * RV_STAGES / (POPC(g->full) - 4);
    return s < RV_STAGES - 1 ? s : RV_STAGES - 1;
}

#ifndef RV_LEAF_VALUE
#define RV_LEAF_VALUE evaluate
#endif

static int terminal(u64 me, u64 opp)
{
    const int d = POPC(me) - POPC(opp);
    return d > 0 ? RV_WIN + d : d < 0 ? -RV_WIN + d : 0;
}

static int negamax(Tree *t, u64 me, u64 opp, int d, int alpha, int beta, int ply)
{
    const RvGeometry *g = t->g;
    const u64 my = legal(me, opp, g), their = legal(opp, me, g);
    if (!my && !their)
        return terminal(me, opp);
    if (d == 0) {
        t->leaf_seen = 1;
        return RV_LEAF_VALUE(me, opp, my, their, g, t->stage);
    }
    if (!my) {
        if (t->nodes == t->budget) {
            t->abort = 1;
            return 0;
        }
        t->nodes++;
        return -negamax(t, opp, me, d - 1, -beta, -alpha, ply + 1);
    }
    int best = -RV_INF;
    const int killer = t->killer[ply];
    const u64 first = killer >= 0 ? my & ((u64)1 << killer) : 0;
    for (int k = -1; k < g->n_classes; k++) {   /* the killer, then the move order */
        u64 x = k < 0 ? first : my & g->class_mask[k] & ~first;
        while (x) {
            const int c = CTZ(x);
            x &= x - 1;
            if (t->nodes == t->budget) {
                t->abort = 1;
                return 0;
            }
            t->nodes++;
            const u64 f = flips(me, opp, c, g);
            const int s = -negamax(t, opp & ~f, me | f | ((u64)1 << c), d - 1, -beta,
                                   -(alpha > best ? alpha : best), ply + 1);
            if (t->abort)
                return 0;
            if (s > best) {
                best = s;
                if (best >= beta) {
                    t->killer[ply] = c;
                    return best;
                }
            }
        }
    }
    return best;
}

/* search(position, budget) with the solver from `empties` empty cells after
 * `after` midgame iterations (golden's ENDGAME_EMPTIES and ENDGAME_AFTER for
 * mirror_search; other values for studies): out = {move (-1: pass), score,
 * nodes, depth, stop, score_known, nodes when the win/loss/draw solve ended
 * (0: it did not)}; returns 0, or -1 for a size the mirror does not play. */
int mirror_search_with(int size, u64 me, u64 opp, u64 budget, int empties, int after,
                       int64_t *out)
{
    if (size < 0 || size >= RV_N_SIZES || budget < 1 || budget > RV_MAX_BUDGET)
        return -1;
    if (empties < 0 || 2 * empties >= RV_MAX_DEPTH || after < 1 || after >= RV_MAX_DEPTH)
        return -1;
    const RvGeometry *g = &RV_GEOMETRY[size];
    if ((me & opp) || ((me | opp) & ~g->full))
        return -1;
    const u64 moves = legal(me, opp, g);
    int order[64], n = 0;
    for (int k = 0; k < g->n_classes; k++)
        for (u64 x = moves & g->class_mask[k]; x; x &= x - 1)
            order[n++] = CTZ(x);
    out[0] = -1; out[1] = 0; out[2] = 0; out[3] = 0; out[4] = STOP_PASS; out[5] = 0; out[6] = 0;
    if (n == 0)
        return 0;
    if (n == 1) {
        out[0] = order[0];
        out[4] = STOP_FORCED;
        return 0;
    }
    Tree t = { g, 0, budget, 0, 0, 0, {0} };
    for (int i = 0; i <= RV_MAX_DEPTH; i++)
        t.killer[i] = -1;
    const int root_discs = POPC(me | opp);
    const int endgame = POPC(g->full) - root_discs <= empties;
    int answer = order[0], score = 0, depth = 0, stop = STOP_DEPTH, known = 0;
    int root[64];
    for (int i = 0; i < n; i++)
        root[i] = order[i];
    int phase = MIDGAME, d = 1;
    for (;;) {
        int plies = d, alpha = -RV_INF, beta = RV_INF;
        if (phase == WLD) {
            plies = RV_MAX_DEPTH; alpha = -1; beta = 1;
        } else if (phase == EXACT) {
            plies = RV_MAX_DEPTH; alpha = score >= 1 ? 0 : -RV_INF;
        }
        t.leaf_seen = 0;
        t.stage = stage_of(root_discs + plies, g);
        int best = -RV_INF, best_move = -1, aborted = 0;
        for (int i = 0; i < n; i++) {
            const int c = root[i];
            if (t.nodes == t.budget) {
                aborted = 1;
                break;
            }
            t.nodes++;
            const u64 f = flips(me, opp, c, g);
            const int s = -negamax(&t, opp & ~f, me | f | ((u64)1 << c), plies - 1, -beta,
                                   -(alpha > best ? alpha : best), 1);
            if (t.abort) {
                aborted = 1;
                break;
            }
            if (s > best) {
                best = s;
                best_move = c;
                if (best >= beta)               /* the root's cut: only WLD's beta */
                    break;
            }
        }
        if (aborted) {
            if (best_move >= 0 && !(phase == WLD && best < 0)) {
                answer = best_move;
                score = best;
                known = 1;
            }
            stop = phase == EXACT ? STOP_WLD : STOP_BUDGET;
            break;
        }
        if (!(phase == WLD && best < 0))        /* a proven loss keeps the midgame's move */
            answer = best_move;
        score = best;
        known = 1;
        depth = plies;
        if (phase == WLD)
            out[6] = (int64_t)t.nodes;
        if (!t.leaf_seen) {
            if (phase == WLD && score != 0) {
                phase = EXACT;
            } else {
                stop = STOP_EXACT;
                break;
            }
        } else if (plies == RV_MAX_DEPTH) {
            break;
        } else if (endgame && d == after) {
            phase = WLD;
        } else {
            d++;
        }
        root[0] = answer;                       /* the answer first, then the order */
        for (int i = 0, j = 1; i < n; i++)
            if (order[i] != answer)
                root[j++] = order[i];
    }
    out[0] = answer; out[1] = score; out[2] = (int64_t)t.nodes; out[3] = depth;
    out[4] = stop; out[5] = known;
    return 0;
}

/* golden.reversi.search.search(position, budget) */
int mirror_search(int size, u64 me, u64 opp, u64 budget, int64_t *out)
{
    int64_t all[7];
    const int r = mirror_search_with(size, me, opp, budget, RV_ENDGAME_EMPTIES,
                                     RV_ENDGAME_AFTER, all);
    for (int i = 0; i < 6; i++)
        out[i] = all[i];
    return r;
}

/* golden.reversi.search.evaluate of (me, opp) at a stage, with both sides' legal moves */
int mirror_evaluate(int size, u64 me, u64 opp, int stage)
{
    if (size < 0 || size >= RV_N_SIZES || stage < 0 || stage >= RV_STAGES)
        return 0;
    const RvGeometry *g = &RV_GEOMETRY[size];
    return evaluate(me, opp, legal(me, opp, g), legal(opp, me, g), g, stage);
}
