/* Blokus Duo Monte-Carlo tree search, the study of issue 25 (GNU C99).
 *
 * Not the core's search (yet): a compiled search whose knobs (McParams, the
 * same fields as bench.blokus.mcts.Params) the sweep (bench/blokus/
 * mcts_sweep.py, docs/blokus-mcts.md) varies against Pentobi, to choose what
 * the hardware will build. Every move comes from the mirror's move generator
 * (mirror.c, included below: the bitboard rows, the free and anchor maps,
 * the legal top-left cells of a shape), so the rules are the proven ones.
 *
 * One search: a tree of moves from the position (ME to move), grown by
 * descents, `batch` at a time (chosen one after the other, each with a
 * virtual loss on its path, then backed up in order: what `batch` playout
 * units running at once would do), until `playouts` descents or, when
 * `cycles` > 0, until the modelled cycles a unit spent (mc_cycles) reach it.
 * A descent:
 *   1. selection: from the root, the child with the largest
 *        select_mode 0: mean + explore * sqrt(ln(N + 1) / n)
 *        select_mode 1: mean + prior * explore * sqrt(N) * ln(N + 1) / n
 *      (n, mean: the child's visits and mean result for the player who made
 *      its move, prior and RAVE visits included; N: the parent's descents);
 *   2. expansion: a leaf that has been visited `expand_after` times (the root
 *      at once) gets its children while the tree has room (`tree_nodes`):
 *      the legal moves of the side to move (a pass when it has none; in the
 *      opening only big tiles, see tile_allowed), each scored by the prior
 *      heuristic
 *        h = size + prior_block * (its squares on the other side's anchors)
 *                 + prior_attach * (its own corner cells left usable),
 *      the `root_width` (root) or `tree_width` (below) best kept (0: all),
 *      each starting with `prior_visits` visits at the value
 *        select_mode 0: 0.1 + 0.9 * exp(-0.3 * (h_best - h))
 *        select_mode 1: (the parent's mean) * sqrt(g), g = exp((h - h_best) / prior_temp)
 *      and the prior g / (sum of g);
 *   3. playout: from there to the end of the game, each side's move drawn by
 *      the policy: among its legal moves (in the opening the big tiles only,
 *      as in expansion), with `local` on, those with a square on a "local"
 *      cell (a usable corner cell of the other side's last `local_moves`
 *      moves, or with `local_adj` a usable cell edge-adjacent to one; local
 *      2: two such squares before one); among them a move of shape s with
 *      probability proportional to
 *        size_base ^ size(s) * attach_base ^ (corner cells of s - 1);
 *   4. back-up: the result (mc_result) for the player who made each move of
 *      the path; with rave_weight > 0, RAVE (mc_rave).
 * The answer is the root child with the most descents (a pass with no legal
 * move; the first legal move when the tree has no room for the root's
 * children). The game ends as the contest host ends it: two passes in a row,
 * or a side has placed all 21 tiles. The random generator is xorshift64*
 * from `seed`, so the answer is a function of the position, knobs and seed.
 *
 * Counted for the hardware estimate: the playout plies (moves drawn), the
 * tree plies walked, the expansions, the legal moves seen in playout plies
 * and in expansions, the modelled cycles.
 */
#include <math.h>
#include "mirror.c"

#define MC_PASS (-1)

typedef struct {
    int playouts;
    double explore, prior_block, prior_attach;
    int prior_visits, tree_width, expand_after;
    int local, local_moves;
    double size_base, attach_base;
    int open_big;
    double margin_weight, margin_scale;
    int local_adj, open_schedule, margin_mode, select_mode;
    double prior_temp, rave_weight, rave_parent_max, rave_child_max;
    int tree_nodes, batch, root_width;
    double cycles, ply_cycles, descent_cycles, expand_move_cycles;
    uint64_t seed;
} McParams;

typedef struct {
    Side s[2];              /* s[p]: own = p's squares, other = the other's */
    v16 last[2][2];         /* each side's last two moves' squares ([0] the newest) */
    int to_move, passes, moves[2];
    int placed;             /* tiles on the board, both sides */
} McState;

typedef struct {
    int key;                /* move key (mirror KEY), MC_PASS */
    int first;              /* first child in the pool, -1 before expansion */
    int nchild;
    float n, w;             /* visits and result sum (prior and RAVE included) */
    float n_real;           /* descents through the node */
    float prior;            /* share of the parent's priors (select_mode 1) */
} McNode;

typedef struct {
    McNode *pool;
    int used, cap;
    uint64_t rng;
    long playout_plies, tree_plies, expansions;
    long playout_moves, expansion_moves;   /* legal moves seen: playout plies, expansions */
    int max_depth;
    double m_n, m_mean, m_m2;        /* running margin statistics (margin_mode 1) */
    double root_mean;                /* mean result for ME so far */
} McTree;

static double SHAPE_W[BK_N_SHAPES];
static int SHAPE_CORNERS[BK_N_SHAPES];
static double w_size_base = -1, w_attach_base = -1;

static inline uint64_t mc_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static inline double mc_uniform(uint64_t *s)
{
    return (double)(mc_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

/* Corner cells of a shape alone: diagonal to a square, not edge-adjacent. */
static int shape_corners(int s)
{
    int grid[9][9];
    memset(grid, 0, sizeof grid);
    for (int k = 0; k < BK_SHAPES[s].n; k++)
        grid[BK_SHAPES[s].cell[k][0] + 2][BK_SHAPES[s].cell[k][1] + 2] = 1;
    int n = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (grid[r][c])
                continue;
            int edge = 0, diag = 0;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int rr = r + dr, cc = c + dc;
                    if ((!dr && !dc) || rr < 0 || rr > 8 || cc < 0 || cc > 8 || !grid[rr][cc])
                        continue;
                    if (dr && dc)
                        diag = 1;
                    else
                        edge = 1;
                }
            n += diag && !edge;
        }
    return n;
}

static void mc_weights(const McParams *p)
{
    if (p->size_base == w_size_base && p->attach_base == w_attach_base)
        return;
    for (int s = 0; s < BK_N_SHAPES; s++) {
        SHAPE_CORNERS[s] = shape_corners(s);
        SHAPE_W[s] = pow(p->size_base, BK_TILE_SIZE[BK_SHAPES[s].tile])
                   * pow(p->attach_base, SHAPE_CORNERS[s] - 1);
    }
    w_size_base = p->size_base;
    w_attach_base = p->attach_base;
}

static inline v16 free_of(const Side *sd)
{
    return ON_BOARD_V & ~(sd->own | sd->other | edge_map(sd->own));
}

static void mc_play(McState *st, int key)
{
    int p = st->to_move;
    st->last[p][1] = st->last[p][0];
    if (key == MC_PASS) {
        st->passes++;
        st->last[p][0] = (v16){0};
    } else {
        v16 m = move_mask(key);
        st->s[p].own |= m;
        st->s[p].used |= 1u << BK_SHAPES[key & 127].tile;
        st->s[1 - p].other |= m;
        st->last[p][0] = m;
        st->passes = 0;
        st->moves[p]++;
        st->placed++;
    }
    st->to_move = 1 - p;
}

static inline int all_placed(const Side *sd)
{
    return sd->used == (1u << BK_N_TILES) - 1;
}

static inline int mc_over(const McState *st)
{
    return st->passes >= 2 || all_placed(&st->s[0]) || all_placed(&st->s[1]);
}

static int squares_left(const Side *sd)
{
    int n = 0;
    for (int t = 0; t < BK_N_TILES; t++)
        if (!((sd->used >> t) & 1))
            n += BK_TILE_SIZE[t];
    return n;
}

/* The result for player 0 (ME) at the end of a game. margin_mode 0: the
 * win/draw/loss blended with the margin over margin_scale; 1: the win/draw/
 * loss plus margin_weight * sigmoid of the margin against the mean and
 * deviation of this search's playouts so far (a quality bonus). */
static double mc_result(McTree *tr, const McState *st, const McParams *prm)
{
    int margin = squares_left(&st->s[1]) - squares_left(&st->s[0]);
    double wl = margin > 0 ? 1.0 : margin < 0 ? 0.0 : 0.5;
    if (prm->margin_mode == 1) {
        double bonus = 0;
        if (tr->m_n > 1) {
            double var = tr->m_m2 / (tr->m_n - 1);
            if (var > 0) {
                double x = (margin - tr->m_mean) / sqrt(var);
                bonus = prm->margin_weight * (-1.0 + 2.0 / (1.0 + exp(-2.0 * x)));
            }
        }
        tr->m_n += 1;
        double d = margin - tr->m_mean;
        tr->m_mean += d / tr->m_n;
        tr->m_m2 += d * (margin - tr->m_mean);
        return wl + bonus;
    }
    double m = margin / prm->margin_scale;
    m = m > 1 ? 1 : m < -1 ? -1 : m;
    return (1 - prm->margin_weight) * wl + prm->margin_weight * (0.5 + 0.5 * m);
}

/* May side p play tile t now? open_schedule 0: only 5-square tiles in its
 * first open_big moves; 1: by the tiles on the board (both sides): fewer
 * than 4, at least 5 squares; fewer than 6, at least 4; fewer than 10, 3. */
static inline int tile_allowed(const McState *st, int p, int t, const McParams *prm)
{
    if (prm->open_schedule) {
        int least = st->placed < 4 ? 5 : st->placed < 6 ? 4 : st->placed < 10 ? 3 : 1;
        return BK_TILE_SIZE[t] >= least;
    }
    return st->moves[p] >= prm->open_big || BK_TILE_SIZE[t] == 5;
}

/* Is tile t one side p may draw in a playout: unplayed, and in the first
 * pass allowed by the opening filter (the second pass, when the first found
 * no move, drops the filter). */
static inline int considered(const McState *st, int p, int t, const McParams *prm, int pass)
{
    return !((st->s[p].used >> t) & 1) && (pass || tile_allowed(st, p, t, prm));
}

/* One playout move of the side to move by the policy; MC_PASS without one. */
static int mc_policy_move(const McState *st, const McParams *prm, uint64_t *rng, long *seen)
{
    int p = st->to_move;
    const Side *sd = &st->s[p];
    v16 free, anchor, F[25], A[25];
    maps(sd, &free, &anchor);
    if (is_zero(anchor))
        return MC_PASS;
    shifted(free, anchor, F, A);
    v16 L = {0}, LS[25];
    int use_local = 0;
    if (prm->local) {
        v16 recent = st->last[1 - p][0];
        if (prm->local_moves > 1)
            recent |= st->last[1 - p][1];
        if (!is_zero(recent)) {
            v16 opp_free = free_of(&st->s[1 - p]);
            L = corner_map(recent) & opp_free;
            if (prm->local_adj)
                L |= edge_map(L) & opp_free;
            L &= free;
            if (!is_zero(L)) {
                v16 dummy[25];
                shifted(L, L, LS, dummy);
                use_local = 1;
            }
        }
    }
    static __thread v16 tier_vec[3][BK_N_SHAPES];
    double total[3] = {0, 0, 0};
    int any = 0;
    for (int pass = 0; pass < 2 && !any; pass++) {   /* pass 1: ignore open_big */
        for (int t = 0; t < BK_N_TILES; t++) {
            if (!considered(st, p, t, prm, pass))
                continue;
            for (int s = BK_TILE_FIRST[t]; s < BK_TILE_FIRST[t + 1]; s++) {
                v16 l = legal_tl(s, F, A);
                if (is_zero(l)) {
                    tier_vec[0][s] = tier_vec[1][s] = tier_vec[2][s] = (v16){0};
                    continue;
                }
                any = 1;
                *seen += popcount256(l);
                v16 one = {0}, two = {0};
                if (use_local) {
                    const uint8_t *ix = SHAPE_IDX[s];
                    for (int k = 0; k < BK_SHAPES[s].n; k++) {
                        v16 x = LS[ix[k]] & l;
                        two |= one & x;
                        one |= x;
                    }
                }
                if (prm->local == 1) {
                    two = (v16){0};
                }
                tier_vec[2][s] = two;
                tier_vec[1][s] = one & ~two;
                tier_vec[0][s] = l & ~one;
                for (int q = 0; q < 3; q++)
                    total[q] += popcount256(tier_vec[q][s]) * SHAPE_W[s];
            }
        }
        if (!any)
            continue;
        int q = total[2] > 0 ? 2 : total[1] > 0 ? 1 : 0;
        double r = mc_uniform(rng) * total[q];
        int last_s = -1;
        for (int t = 0; t < BK_N_TILES; t++) {
            if (!considered(st, p, t, prm, pass))
                continue;
            for (int s = BK_TILE_FIRST[t]; s < BK_TILE_FIRST[t + 1]; s++) {
                int c = popcount256(tier_vec[q][s]);
                if (!c)
                    continue;
                last_s = s;
                double ws = c * SHAPE_W[s];
                if (r < ws) {
                    int j = (int)(r / SHAPE_W[s]);
                    if (j >= c)
                        j = c - 1;
                    v16 v = tier_vec[q][s];
                    for (int y = 0; y < NROWS; y++) {
                        unsigned bits = v[y];
                        int pc = __builtin_popcount(bits);
                        if (j >= pc) {
                            j -= pc;
                            continue;
                        }
                        while (j--)
                            bits &= bits - 1;
                        int col = __builtin_ctz(bits);
                        return KEY(col - BK_SHAPES[s].dcol0, y - BK_SHAPES[s].drow0, s);
                    }
                }
                r -= ws;
            }
        }
        /* rounding: the last shape's first move */
        if (last_s >= 0) {
            v16 v = tier_vec[q][last_s];
            for (int y = 0; y < NROWS; y++)
                if (v[y]) {
                    int col = __builtin_ctz(v[y]);
                    return KEY(col - BK_SHAPES[last_s].dcol0, y - BK_SHAPES[last_s].drow0, last_s);
                }
        }
    }
    return MC_PASS;
}

/* The prior heuristic of move k of the side to move. */
static double mc_heuristic(const McState *st, int k, const McParams *prm, v16 opp_anchor)
{
    int p = st->to_move;
    const Side *sd = &st->s[p];
    v16 m = move_mask(k);
    double h = BK_TILE_SIZE[BK_SHAPES[k & 127].tile];
    h += prm->prior_block * popcount256(m & opp_anchor);
    if (prm->prior_attach != 0) {
        v16 own2 = sd->own | m;
        v16 usable = corner_map(m) & ON_BOARD_V & ~(own2 | sd->other | edge_map(own2));
        h += prm->prior_attach * popcount256(usable);
    }
    return h;
}

typedef struct { int key; double h; } McCand;

static int cmp_cand(const void *a, const void *b)
{
    const McCand *x = a, *y = b;
    if (x->h != y->h)
        return x->h < y->h ? 1 : -1;
    return (x->key > y->key) - (x->key < y->key);
}

/* Give node i its children (the side to move of st); 0 when the pool is
 * full. parent_mean: the mean result so far for the side to move (the
 * children's mover), which select_mode 1 scales the initial values by. */
static int mc_expand(McTree *tr, int i, const McState *st, const McParams *prm,
                     double parent_mean)
{
    static __thread int keys[BK_MAX_MOVES];
    static __thread McCand cand[BK_MAX_MOVES];
    int p = st->to_move;
    int n = candidates(&st->s[p], keys);
    int m = 0;
    if (n > 0) {
        int big = 0;
        for (int i2 = 0; i2 < n; i2++)
            big |= tile_allowed(st, p, BK_SHAPES[keys[i2] & 127].tile, prm);
        v16 of, oa;
        maps(&st->s[1 - p], &of, &oa);
        for (int i2 = 0; i2 < n; i2++) {
            if (big && !tile_allowed(st, p, BK_SHAPES[keys[i2] & 127].tile, prm))
                continue;
            cand[m].key = keys[i2];
            cand[m].h = mc_heuristic(st, keys[i2], prm, oa);
            m++;
        }
        qsort(cand, (size_t)m, sizeof *cand, cmp_cand);
        int width = i == 0 ? prm->root_width : prm->tree_width;
        if (width > 0 && m > width)
            m = width;
    } else {
        cand[0].key = MC_PASS;
        cand[0].h = 0;
        m = 1;
    }
    if (tr->used + m > tr->cap)
        return 0;
    double hbest = cand[0].h, sum_g = 0;
    for (int c = 0; c < m; c++)
        sum_g += exp((cand[c].h - hbest) / prm->prior_temp);
    McNode *node = &tr->pool[i];
    node->first = tr->used;
    node->nchild = m;
    for (int c = 0; c < m; c++) {
        McNode *ch = &tr->pool[tr->used++];
        double v, g = exp((cand[c].h - hbest) / prm->prior_temp);   /* gamma / max gamma */
        if (prm->select_mode == 1)
            v = parent_mean * sqrt(g);
        else
            v = 0.1 + 0.9 * exp(-0.3 * (hbest - cand[c].h));
        ch->key = cand[c].key;
        ch->first = -1;
        ch->nchild = 0;
        ch->n = (float)prm->prior_visits;
        ch->w = (float)(prm->prior_visits * v);
        ch->n_real = 0;
        ch->prior = (float)(g / sum_g);
    }
    tr->expansions++;
    tr->expansion_moves += n;
    return 1;
}

/* select_mode 0: UCT, mean + explore * sqrt(ln(N + 1) / n); 1: the prior
 * scales the exploration, mean + prior * explore * sqrt(N) * ln(N + 1) / n. */
static int mc_select(const McTree *tr, const McNode *node, const McParams *prm)
{
    double N = node->n_real;
    double lnN = log(N + 1.0), f = prm->explore * sqrt(N) * lnN;
    double best = -1e300;
    int arg = node->first;
    for (int c = node->first; c < node->first + node->nchild; c++) {
        const McNode *ch = &tr->pool[c];
        double v;
        if (ch->n <= 0)
            v = 1e9;
        else if (prm->select_mode == 1)
            v = ch->w / ch->n + ch->prior * f / ch->n;
        else
            v = ch->w / ch->n + prm->explore * sqrt(lnN / ch->n);
        if (v > best) {
            best = v;
            arg = c;
        }
    }
    return arg;
}

#define MC_MAX_PLIES 128
#define MC_KEYS 65536

/* RAVE as Pentobi describes it in its documentation of the idea (values
 * added to the children's own, weight falling with the distance): for each
 * node of the path, each child whose move its mover played later in the
 * descent gets the result with weight rave_weight * (1 - distance / rest). */
static void mc_rave(McTree *tr, const int *path, int depth, const int *keys,
                    const int *movers, int nmoves, double r0, const McParams *prm)
{
    static __thread int first_play[MC_KEYS];
    static __thread signed char played_by[MC_KEYS];
    static __thread int ready_rave;
    if (!ready_rave) {
        memset(played_by, -1, sizeof played_by);
        ready_rave = 1;
    }
    int i = nmoves - 1;
    for (; i >= depth; i--)                     /* the playout's moves */
        if (keys[i] != MC_PASS) {
            played_by[keys[i]] = (signed char)movers[i];
            first_play[keys[i]] = i;
        }
    for (i = depth - 1; i >= 0; i--) {          /* move i leaves node path[i] */
        McNode *node = &tr->pool[path[i]];
        if (node->n_real <= prm->rave_parent_max && node->first >= 0) {
            int mover = movers[i];
            double r = mover == 0 ? r0 : 1.0 - r0;
            double dist = 1.0 / (nmoves - i);
            for (int c = node->first; c < node->first + node->nchild; c++) {
                McNode *ch = &tr->pool[c];
                if (ch->key == MC_PASS || played_by[ch->key] != mover
                    || ch->n_real > prm->rave_child_max)
                    continue;
                double wgt = prm->rave_weight * (1.0 - (first_play[ch->key] - i) * dist);
                ch->n += (float)wgt;
                ch->w += (float)(wgt * r);
            }
        }
        if (keys[i] != MC_PASS) {
            played_by[keys[i]] = (signed char)movers[i];
            first_play[keys[i]] = i;
        }
    }
    for (i = 0; i < nmoves; i++)
        if (keys[i] != MC_PASS)
            played_by[keys[i]] = -1;
}

typedef struct {
    int path[MC_MAX_PLIES + 1], keys[2 * MC_MAX_PLIES], movers[2 * MC_MAX_PLIES];
    int depth, nmoves;
    double r0;
} McDescent;

/* Selection, expansion and playout of one descent; with virtual loss, each
 * node of its path counts one more visit (no result) until mc_back_up. */
static void mc_down(McTree *tr, const McState *root, const McParams *prm, McDescent *d,
                    int virtual_loss)
{
    McState st = *root;
    int i = 0;
    d->depth = d->nmoves = 0;
    d->path[0] = 0;
    while (!mc_over(&st) && d->depth < MC_MAX_PLIES) {
        McNode *node = &tr->pool[i];
        if (node->first < 0) {
            if (node->n_real < prm->expand_after && i != 0)
                break;
            double mean = tr->pool[0].n_real > 0 ? tr->root_mean : 0.5;
            double pm = st.to_move == 0 ? mean : 1.0 - mean;
            if (!mc_expand(tr, i, &st, prm, pm))
                break;
        }
        int c = mc_select(tr, &tr->pool[i], prm);
        d->movers[d->nmoves] = st.to_move;
        d->keys[d->nmoves++] = tr->pool[c].key;
        mc_play(&st, tr->pool[c].key);
        tr->tree_plies++;
        i = c;
        d->path[++d->depth] = i;
        if (virtual_loss)
            tr->pool[i].n += 1;
    }
    if (d->depth > tr->max_depth)
        tr->max_depth = d->depth;
    while (!mc_over(&st) && d->nmoves < 2 * MC_MAX_PLIES) {
        int k = mc_policy_move(&st, prm, &tr->rng, &tr->playout_moves);
        d->movers[d->nmoves] = st.to_move;
        d->keys[d->nmoves++] = k;
        mc_play(&st, k);
        tr->playout_plies++;
    }
    d->r0 = mc_result(tr, &st, prm);
}

static void mc_back_up(McTree *tr, const McParams *prm, const McDescent *d, int virtual_loss)
{
    double r0 = d->r0;
    tr->root_mean += (r0 - tr->root_mean) / (tr->pool[0].n_real + 1);
    for (int k = 0; k <= d->depth; k++) {
        McNode *node = &tr->pool[d->path[k]];
        double r = k == 0 ? r0 : (d->movers[k - 1] == 0 ? r0 : 1.0 - r0);
        node->n += virtual_loss && k > 0 ? 0 : 1;
        node->w += (float)r;
        node->n_real += 1;
    }
    if (prm->rave_weight > 0)
        mc_rave(tr, d->path, d->depth, d->keys, d->movers, d->nmoves, r0, prm);
}

/* `batch` descents chosen one after the other, each seeing the virtual
 * losses of the ones before (as `batch` playout units would run them at
 * once), then backed up in order. */
static void mc_batch(McTree *tr, const McState *root, const McParams *prm, int batch)
{
    static __thread McDescent ds[64];
    int vl = batch > 1;
    for (int b = 0; b < batch; b++)
        mc_down(tr, root, prm, &ds[b], vl);
    for (int b = 0; b < batch; b++)
        mc_back_up(tr, prm, &ds[b], vl);
}

/* The modelled cycles of the search so far: ply_cycles a ply placed (tree
 * or playout: a scan whose moves are summed a step at a time, the pick, the
 * placement), descent_cycles a descent (selection, back-up, an expansion's
 * scan) and expand_move_cycles for each move an expansion scores. */
static double mc_cycles(const McTree *tr, const McParams *prm, int done)
{
    return prm->ply_cycles * (tr->playout_plies + tr->tree_plies)
         + prm->descent_cycles * done + prm->expand_move_cycles * tr->expansion_moves;
}

/* The search. out: [0..3] move (x, y, tile, digit) or -1, [4] playouts,
 * [5] playout plies, [6] tree plies, [7] expansions, [8] max depth,
 * [9] visits of the answer, [10] its mean result * 1e6, [11] root children,
 * [12] legal moves seen in the playout plies, [13] in the expansions,
 * [14] the modelled cycles (mc_cycles) of all units together, [15] the tree's
 * nodes.
 * Returns 0, -1 for a bad position, -2 without memory. */
int mcts_search(const uint16_t *me_rows, const uint16_t *opp_rows, uint32_t used_me,
                uint32_t used_opp, int start_me, int start_opp, const uint16_t *last_opp_rows,
                const McParams *prm, int64_t *out)
{
    if (bad_args(me_rows, opp_rows, start_me, start_opp))
        return -1;
    McState st;
    memset(&st, 0, sizeof st);
    sides(me_rows, opp_rows, used_me, used_opp, start_me, start_opp, &st.s[0], &st.s[1]);
    mc_weights(prm);
    st.last[1][0] = rows_of(last_opp_rows);
    st.moves[0] = __builtin_popcount(used_me);
    st.moves[1] = __builtin_popcount(used_opp);
    st.placed = st.moves[0] + st.moves[1];
    McTree tr;
    memset(&tr, 0, sizeof tr);
    tr.cap = prm->tree_nodes > 0 && prm->tree_nodes < (1 << 22) ? prm->tree_nodes : 1 << 22;
    tr.pool = malloc(sizeof(McNode) * (size_t)tr.cap);
    if (!tr.pool)
        return -2;
    tr.rng = prm->seed ? prm->seed : 0x9E3779B97F4A7C15ULL;
    tr.root_mean = 0.5;
    McNode *root = &tr.pool[tr.used++];
    memset(root, 0, sizeof *root);
    root->key = MC_PASS;
    root->first = -1;
    for (int i = 0; i < 16; i++)
        out[i] = 0;
    out[0] = out[1] = out[2] = out[3] = -1;
    static __thread int keys[BK_MAX_MOVES];
    int nlegal = candidates(&st.s[0], keys);
    out[11] = nlegal;
    if (nlegal == 0) {
        out[15] = 1;
        free(tr.pool);
        return 0;
    }
    int batch = prm->batch < 1 ? 1 : prm->batch > 64 ? 64 : prm->batch;
    int done = 0;
    while (done < prm->playouts) {
        /* cycles > 0: the hardware's budget of each of `batch` units
         * (mc_cycles), checked before a batch */
        if (prm->cycles > 0 && mc_cycles(&tr, prm, done) / batch >= prm->cycles)
            break;
        int b = prm->playouts - done < batch ? prm->playouts - done : batch;
        mc_batch(&tr, &st, prm, b);
        done += b;
    }
    if (tr.pool[0].first < 0)            /* no playout: the best prior */
        mc_expand(&tr, 0, &st, prm, 0.5);
    const McNode *best = NULL;
    for (int c = tr.pool[0].first; c >= 0 && c < tr.pool[0].first + tr.pool[0].nchild; c++)
        if (!best || tr.pool[c].n_real > best->n_real)
            best = &tr.pool[c];
    /* a tree too small for the root's children: the first legal move */
    decode(best ? best->key : keys[0], out);
    out[4] = done;
    out[12] = tr.playout_moves;
    out[13] = tr.expansion_moves;
    out[14] = (int64_t)mc_cycles(&tr, prm, done);
    out[15] = tr.used;
    out[5] = tr.playout_plies;
    out[6] = tr.tree_plies;
    out[7] = tr.expansions;
    out[8] = tr.max_depth;
    out[9] = best ? (int64_t)best->n_real : 0;
    out[10] = best && best->n > 0 ? (int64_t)(1e6 * best->w / best->n) : 0;
    free(tr.pool);
    return 0;
}

int mcts_params_size(void)
{
    return (int)sizeof(McParams);
}
