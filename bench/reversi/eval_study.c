/* Reversi evaluation study: the mirror's search with a learned static value.
 *
 * The search is bench/reversi/mirror.c itself (included below), node for
 * node; only the static leaf's value differs: RV_LEAF_VALUE is
 * study_value, which is golden's evaluate until study_set loads weights,
 * and then, on the 8 x 8 board only, a sum of
 *   - linear terms by game stage (the disc count: STAGES of 10 discs):
 *     the disc difference on each of the 10 square classes of the 8 x 8
 *     board under its 8 symmetries, the C- and X-squares counted apart
 *     while their corner is empty ("live") and once it is taken ("dead"),
 *     the mobility difference, the potential mobility difference (empty
 *     cells next to the other side's discs) and a constant;
 *   - optional pattern tables by stage: the 4 edges (8 cells, 3^8 entries),
 *     the 4 corner 3 x 3 squares (3^9 entries) and the 8 corner 2 x 4
 *     rectangles (each corner's 4 edge cells and the 4 beside them, along
 *     the row and along the column: 3^8 entries) and the 2 main diagonals
 *     (corner to corner, 3^8 entries), each cell 0 empty, 1 the side to
 *     move's, 2 the other's.
 * Every weight is an integer in 1/16 of a disc of final margin; the fit
 * (bench/reversi/eval_study.py) writes them. This is a study: nothing of the
 * core reads it until a design chosen here moves into golden.
 */
#include <stdint.h>
#include <string.h>

#include "tables.h"

static int study_value(uint64_t me, uint64_t opp, uint64_t my, uint64_t their,
                       const RvGeometry *g, int stage);
#define RV_LEAF_VALUE study_value
#include "mirror.c"

#define STAGES 6
#define N_LINEAR 15
#define EDGE_ENTRIES 6561
#define CORNER_ENTRIES 19683
#define N_EDGES 4
#define N_CORNERS 4
#define N_RECTS 8
#define N_DIAGS 2

static int learned;                            /* 0: golden's evaluate */
static int32_t lin_w[STAGES][N_LINEAR];
static int32_t edge_w[STAGES][EDGE_ENTRIES];
static int32_t corner_w[STAGES][CORNER_ENTRIES];
static int32_t rect_w[STAGES][EDGE_ENTRIES];
static int32_t diag_w[STAGES][EDGE_ENTRIES];
static int use_edges, use_corners, use_rects, use_diags;

/* cells of each edge from one corner to the other, and of each corner's 3 x 3
 * from the corner outwards row by row (8 x 8, cell = 8 y + x) */
static int edge_cells[N_EDGES][8];
static int corner_cells[N_CORNERS][9];
static int rect_cells[N_RECTS][8];             /* from the corner along the edge, then the next line */
static int diag_cells[N_DIAGS][8];             /* from the top row down */
static int square_class[64];                   /* 0..9; C and X get 10, 11 when dead */
static int zone_corner[64];                    /* the corner cell a C- or X-square hangs on, or -1 */
static int tables_ready;

static void make_tables(void)
{
    for (int i = 0; i < 8; i++) {
        edge_cells[0][i] = i;                  /* top row */
        edge_cells[1][i] = 56 + i;             /* bottom row */
        edge_cells[2][i] = 8 * i;              /* left column */
        edge_cells[3][i] = 8 * i + 7;          /* right column */
        diag_cells[0][i] = 9 * i;              /* a1 .. h8 */
        diag_cells[1][i] = 7 * i + 7;          /* h1 .. a8 */
    }
    for (int k = 0; k < N_CORNERS; k++) {
        const int cx = (k & 1) ? 7 : 0, cy = (k & 2) ? 7 : 0;
        const int dx = (k & 1) ? -1 : 1, dy = (k & 2) ? -1 : 1;
        for (int j = 0; j < 9; j++)
            corner_cells[k][j] = 8 * (cy + dy * (j / 3)) + cx + dx * (j % 3);
        for (int j = 0; j < 8; j++) {
            const int along = j % 4, line = j / 4;
            rect_cells[2 * k][j] = 8 * (cy + dy * line) + cx + dx * along;      /* along the row */
            rect_cells[2 * k + 1][j] = 8 * (cy + dy * along) + cx + dx * line;  /* along the column */
        }
    }
    static const int class_of[4][4] = {
        { 0, 1, 2, 3 },                        /* (a, b) folded to a <= b */
        { 1, 4, 5, 6 },
        { 2, 5, 7, 8 },
        { 3, 6, 8, 9 },
    };
    for (int c = 0; c < 64; c++) {
        int x = c % 8, y = c / 8;
        const int fx = x < 4 ? x : 7 - x, fy = y < 4 ? y : 7 - y;
        square_class[c] = class_of[fx][fy];
        zone_corner[c] = -1;
        if (square_class[c] == 1 || square_class[c] == 4)
            zone_corner[c] = 8 * (y < 4 ? 0 : 7) + (x < 4 ? 0 : 7);
    }
    tables_ready = 1;
}

static int own_stage(uint64_t me, uint64_t opp)
{
    const int s = (POPC(me | opp) - 4) / 10;
    return s < STAGES ? s : STAGES - 1;
}

static int cell_code(uint64_t me, uint64_t opp, int c)
{
    return (me >> c) & 1 ? 1 : (opp >> c) & 1 ? 2 : 0;
}

/* the features of one 8 x 8 position for the side with discs `me`: linear
 * values, edge and corner indexes; returns the stage */
int study_features(uint64_t me, uint64_t opp, int32_t *linear, int32_t *edges,
                   int32_t *corners, int32_t *rects)
{
    if (!tables_ready)
        make_tables();
    const RvGeometry *g = &RV_GEOMETRY[RV_N_SIZES - 1];
    const uint64_t my = legal(me, opp, g), their = legal(opp, me, g);
    const uint64_t empty = g->full & ~(me | opp);
    memset(linear, 0, N_LINEAR * sizeof *linear);
    for (int c = 0; c < 64; c++) {
        const int code = cell_code(me, opp, c);
        if (!code)
            continue;
        int k = square_class[c];
        if (zone_corner[c] >= 0 && ((me | opp) >> zone_corner[c]) & 1)
            k = k == 1 ? 10 : 11;
        linear[k] += code == 1 ? 1 : -1;
    }
    linear[12] = POPC(my) - POPC(their);
    linear[13] = POPC(empty & neighbours(opp, g)) - POPC(empty & neighbours(me, g));
    linear[14] = 1;
    for (int e = 0; e < N_EDGES; e++) {
        int idx = 0;
        for (int i = 7; i >= 0; i--)
            idx = 3 * idx + cell_code(me, opp, edge_cells[e][i]);
        edges[e] = idx;
    }
    for (int k = 0; k < N_CORNERS; k++) {
        int idx = 0;
        for (int j = 8; j >= 0; j--)
            idx = 3 * idx + cell_code(me, opp, corner_cells[k][j]);
        corners[k] = idx;
    }
    for (int k = 0; k < N_RECTS; k++) {
        int idx = 0;
        for (int j = 7; j >= 0; j--)
            idx = 3 * idx + cell_code(me, opp, rect_cells[k][j]);
        rects[k] = idx;
    }
    return own_stage(me, opp);
}

static int study_value(uint64_t me, uint64_t opp, uint64_t my, uint64_t their,
                       const RvGeometry *g, int stage)
{
    if (!learned || g->width != 8 || g->height != 8)
        return evaluate(me, opp, my, their, g, stage);
    int32_t linear[N_LINEAR], edges[N_EDGES], corners[N_CORNERS], rects[N_RECTS];
    const int s = study_features(me, opp, linear, edges, corners, rects);
    int64_t v = 0;
    for (int i = 0; i < N_LINEAR; i++)
        v += (int64_t)lin_w[s][i] * linear[i];
    if (use_edges)
        for (int e = 0; e < N_EDGES; e++)
            v += edge_w[s][edges[e]];
    if (use_corners)
        for (int k = 0; k < N_CORNERS; k++)
            v += corner_w[s][corners[k]];
    if (use_rects)
        for (int k = 0; k < N_RECTS; k++)
            v += rect_w[s][rects[k]];
    if (use_diags)
        for (int d = 0; d < N_DIAGS; d++) {
            int idx = 0;
            for (int i = 7; i >= 0; i--)
                idx = 3 * idx + cell_code(me, opp, diag_cells[d][i]);
            v += diag_w[s][idx];
        }
    const int64_t cap = RV_WIN - 1;
    return (int)(v > cap ? cap : v < -cap ? -cap : v);
}

/* the study's static value of an 8 x 8 position for the side with discs me
 * (its own stage; golden's evaluate until study_set loads weights) */
int study_value_of(uint64_t me, uint64_t opp)
{
    const RvGeometry *g = &RV_GEOMETRY[RV_N_SIZES - 1];
    return study_value(me, opp, legal(me, opp, g), legal(opp, me, g), g, own_stage(me, opp));
}

/* load learned weights (linear: STAGES x N_LINEAR; edges, corners, rects,
 * diags: STAGES x entries, or NULL to leave them out); linear NULL: golden's
 * evaluate again */
void study_set(const int32_t *linear, const int32_t *edges, const int32_t *corners,
               const int32_t *rects, const int32_t *diags)
{
    if (!tables_ready)
        make_tables();
    learned = linear != NULL;
    if (!learned)
        return;
    memcpy(lin_w, linear, sizeof lin_w);
    use_edges = edges != NULL;
    use_corners = corners != NULL;
    use_rects = rects != NULL;
    use_diags = diags != NULL;
    if (use_edges)
        memcpy(edge_w, edges, sizeof edge_w);
    if (use_corners)
        memcpy(corner_w, corners, sizeof corner_w);
    if (use_rects)
        memcpy(rect_w, rects, sizeof rect_w);
    if (use_diags)
        memcpy(diag_w, diags, sizeof diag_w);
}

static uint64_t xorshift64(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* One 8 x 8 game from the start: `random_plies` uniformly random plies, then
 * the search at `budget` for both sides. Records the position before every
 * ply (discs of the side to move, of the other, and that side: 0 Black,
 * 1 White) in out_me / out_opp / out_side (room for 128), *out_n of them;
 * returns Black's discs minus White's at the end. With solve_empties > 0,
 * every move from that many empty cells on is the exact solver's (perfect
 * play), so the final margin is the exact value of every position from
 * there and of the first of them for the positions before: *out_solved is
 * the index of that first position (-1: none reached; -2: a solve ran out of
 * nodes). */
int study_play(uint64_t seed, uint64_t budget, int random_plies, int solve_empties,
               uint64_t *out_me, uint64_t *out_opp, int32_t *out_side, int32_t *out_n,
               int32_t *out_solved)
{
    *out_solved = -1;
    const int size = RV_N_SIZES - 1;
    const RvGeometry *g = &RV_GEOMETRY[size];
    uint64_t black = ((uint64_t)1 << 28) | ((uint64_t)1 << 35);
    uint64_t white = ((uint64_t)1 << 27) | ((uint64_t)1 << 36);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    int side = 0, n = 0, ply = 0;
    for (;;) {
        uint64_t me = side ? white : black, opp = side ? black : white;
        const uint64_t moves = legal(me, opp, g);
        if (!moves) {
            if (!legal(opp, me, g))
                break;
            side ^= 1;
            continue;
        }
        out_me[n] = me; out_opp[n] = opp; out_side[n] = side;
        n++;
        int c;
        if (ply < random_plies) {
            int k = (int)(xorshift64(&rng) % (uint64_t)POPC(moves));
            uint64_t x = moves;
            while (k--)
                x &= x - 1;
            c = CTZ(x);
        } else if (solve_empties > 0 && POPC(g->full & ~(me | opp)) <= solve_empties) {
            int64_t out[7];
            mirror_search_with(size, me, opp, RV_MAX_BUDGET, solve_empties, 1, out);
            if (out[4] != STOP_EXACT && out[4] != STOP_FORCED && out[4] != STOP_PASS)
                *out_solved = -2;
            else if (*out_solved == -1)
                *out_solved = n - 1;
            c = (int)out[0];
        } else {
            int64_t out[6];
            mirror_search(size, me, opp, budget, out);
            c = (int)out[0];
        }
        const uint64_t f = flips(me, opp, c, g);
        me |= f | ((uint64_t)1 << c);
        opp &= ~f;
        if (side) { white = me; black = opp; } else { black = me; white = opp; }
        side ^= 1;
        ply++;
    }
    *out_n = n;
    return POPC(black) - POPC(white);
}
