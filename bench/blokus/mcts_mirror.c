/* The C mirror of golden/blokus/mcts.py (GNU C99): the golden Monte-Carlo
 * search, integer for integer, fast enough for whole games at the default
 * budget. golden/blokus/mcts.py's docstring is the definition; this file
 * follows it function by function (gm_policy = policy_move, gm_expand =
 * expand, gm_select = select, gm_back_up = _Search.back_up) and
 * bench/blokus/test_mcts_mirror.py proves the two equal on every answer and
 * every counter, and on a hash of the whole tree.
 *
 * The moves come from the alpha-beta mirror's move generator (mirror.c, by
 * way of the study's mcts.c, which also gives the game state McState, its
 * mc_play and mc_over): the proven rules. Every number (weights, prior
 * values, the two tables of the exploration term, the constants) comes from
 * the golden model through the generated tables.h (gen_tables.py).
 */
#include "mcts.c"

typedef struct {
    int key, first, count, real;
    int64_t n8, w8;
} GmNode;

typedef struct {
    GmNode *node;
    int used, cap;
    uint32_t rng[BK_MC_MAX_UNITS];
    int64_t playout_plies, tree_plies, expansions, scored, scanned, playout_work;
    int max_depth;
} GmSearch;

#define GM_PLIES 256              /* a game has at most 42 tiles and 3 passes between tiles */

typedef struct {
    int path[GM_PLIES + 1], keys[GM_PLIES], movers[GM_PLIES];
    int depth, nmoves, result;
    McState st;
} GmDescent;

/* Not golden's: the children selections read, by the depth of the node read
 * (the last entry: that depth and deeper), summed over the last search (a
 * measurement for the tree unit's design; golden counts their sum, scanned). */
#define GM_DEPTHS 8
static __thread int64_t gm_scanned_at[GM_DEPTHS];

static inline int gm_allowed(int t, int placed)
{
    return BK_TILE_SIZE[t] >= BK_MC_OPEN_LEAST[placed];
}

static inline uint32_t xorshift32(uint32_t x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

static uint64_t isqrt64(uint64_t v)
{
    uint64_t r = 0, bit = 1ULL << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

static inline int bitlen64(uint64_t v)
{
    return v ? 64 - __builtin_clzll(v) : 0;
}

static int log2_q4(uint64_t m)
{
    int e = bitlen64(m);
    return e <= 8 ? BK_MC_LOG2_Q4[m] : 16 * (e - 8) + BK_MC_LOG2_Q4[m >> (e - 8)];
}

static int64_t inv_sqrt_q16(int64_t n8)
{
    int e = bitlen64((uint64_t)n8);
    if (e <= 8)
        return BK_MC_INV_SQRT[n8];
    int k = e - 8 + (e & 1);
    return BK_MC_INV_SQRT[n8 >> k] >> (k >> 1);
}

/* The unplayed shapes of side p with a legal placement: shape and legal
 * top-left vector, tile by tile, opening filter on or off. */
static int gm_moves(const McState *st, int p, const v16 *F, const v16 *A, int filtered,
                    int *shape, v16 *legal)
{
    int m = 0;
    for (int t = 0; t < BK_N_TILES; t++) {
        if ((st->s[p].used >> t) & 1 || (filtered && !gm_allowed(t, st->placed)))
            continue;
        for (int s = BK_TILE_FIRST[t]; s < BK_TILE_FIRST[t + 1]; s++) {
            v16 l = legal_tl(s, F, A);
            if (!is_zero(l)) {
                shape[m] = s;
                legal[m++] = l;
            }
        }
    }
    return m;
}

static inline int gm_key(int s, int y, int col)
{
    return KEY(col - BK_SHAPES[s].dcol0, y - BK_SHAPES[s].drow0, s);
}

/* golden _scan_keys: the keys of m (shape, top-left vector) pairs, shapes
 * ascending, in scan order (ascending); returns their number. A counting
 * sort by centre cell, stable, so the shapes of a cell stay ascending (a
 * qsort made the whole search ten times slower). */
static int gm_scan_keys(const int *shape, const v16 *vec, int m, int *keys)
{
    static __thread int raw[BK_MAX_MOVES];
    int start[257] = {0}, n = 0;
    for (int i = 0; i < m; i++)
        for (int y = 0; y < NROWS; y++)
            for (unsigned bits = vec[i][y]; bits; bits &= bits - 1) {
                raw[n] = gm_key(shape[i], y, __builtin_ctz(bits));
                start[(raw[n++] >> 7) + 1]++;
            }
    for (int c = 0; c < 256; c++)
        start[c + 1] += start[c];
    for (int i = 0; i < n; i++)
        keys[start[raw[i] >> 7]++] = raw[i];
    return n;
}

/* golden ply_work */
static inline int64_t gm_ply_work(int scans, int walked)
{
    if (walked < 0)
        return BK_MC_PASS_WORK + (int64_t)BK_MC_SCAN_WORK * scans;
    return BK_MC_MOVE_WORK + (int64_t)BK_MC_SCAN_WORK * scans + (int64_t)BK_MC_WALK_WORK * walked;
}

/* golden refusing: the filter refuses a tile the side to move still has */
static int gm_refusing(const McState *st)
{
    int p = st->to_move, refusing = 0;
    for (int t = 0; t < BK_N_TILES; t++)
        refusing |= !((st->s[p].used >> t) & 1) && !gm_allowed(t, st->placed);
    return refusing;
}

/* golden policy_move: the playout move of the side to move; adds the ply's
 * work to *work. */
static int gm_policy(const McState *st, uint32_t *rng, int64_t *work)
{
    int p = st->to_move, scans = 1, m = 0;
    v16 free, anchor, F[25], A[25];
    maps(&st->s[p], &free, &anchor);
    int shape[BK_N_SHAPES];
    v16 legal[BK_N_SHAPES], tier[BK_N_SHAPES];
    if (!is_zero(anchor)) {
        shifted(free, anchor, F, A);
        m = gm_moves(st, p, F, A, 1, shape, legal);
    }
    if (!m && gm_refusing(st)) {
        scans = 2;
        if (!is_zero(anchor))
            m = gm_moves(st, p, F, A, 0, shape, legal);
    }
    if (!m) {
        *work += gm_ply_work(scans, -1);
        return MC_PASS;
    }
    v16 recent = st->last[1 - p][0] | st->last[1 - p][1], local = {0};
    if (!is_zero(recent)) {
        v16 other_free = free_of(&st->s[1 - p]);
        local = corner_map(recent) & other_free;
        local |= edge_map(local) & other_free;
        local &= free;
    }
    static __thread int keys[BK_MAX_MOVES];
    int n = 0;
    if (!is_zero(local)) {
        v16 LS[25], dummy[25];
        shifted(local, local, LS, dummy);
        for (int i = 0; i < m; i++) {
            const uint8_t *ix = SHAPE_IDX[shape[i]];
            v16 touch = LS[ix[0]];
            for (int k = 1; k < BK_SHAPES[shape[i]].n; k++)
                touch |= LS[ix[k]];
            tier[i] = legal[i] & touch;
        }
        n = gm_scan_keys(shape, tier, m, keys);
    }
    if (!n)
        n = gm_scan_keys(shape, legal, m, keys);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += BK_MC_SHAPE_WEIGHT[keys[i] & 127];
    *rng = xorshift32(*rng);
    uint64_t r = ((uint64_t)*rng * total) >> 32;
    int walked = 0;
    for (int i = 0; i < n; i++) {
        uint64_t w = BK_MC_SHAPE_WEIGHT[keys[i] & 127];
        walked = walked && keys[i] >> 7 == keys[i - 1] >> 7 ? walked + 1 : 1;
        if (r < w) {
            *work += gm_ply_work(scans, walked);
            return keys[i];
        }
        r -= w;
    }
    abort();            /* unreachable: r < total */
}

static int gm_heuristic(const McState *st, int p, int key, v16 other_anchor)
{
    const Side *sd = &st->s[p];
    v16 m = move_mask(key), own2 = sd->own | m;
    v16 usable = corner_map(m) & ON_BOARD_V & ~(own2 | sd->other | edge_map(own2));
    return BK_TILE_SIZE[BK_SHAPES[key & 127].tile] + BK_MC_PRIOR_BLOCK * popcount256(m & other_anchor)
         + BK_MC_PRIOR_ATTACH * popcount256(usable);
}

static int gm_grow(GmSearch *sr, int more)
{
    if (sr->used + more <= sr->cap)
        return 1;
    int cap = sr->cap;
    while (cap < sr->used + more)
        cap *= 2;
    GmNode *n = realloc(sr->node, sizeof(GmNode) * (size_t)cap);
    if (!n)
        return 0;
    sr->node = n;
    sr->cap = cap;
    return 1;
}

/* golden expand_work */
static inline int64_t gm_expand_work(int scans, int moves)
{
    return BK_MC_EXPAND_WORK + (int64_t)BK_MC_EXPAND_SCAN_WORK * scans
         + (int64_t)BK_MC_EXPAND_MOVE_WORK * moves;
}

/* golden write_work */
static inline int64_t gm_write_work(int64_t children)
{
    return BK_MC_WRITE_NODE_WORK + BK_MC_WRITE_WORK * children
         + (children >> BK_MC_WRITE_SLACK_SHIFT);
}

/* golden replay_work of a descent's first `n` keys */
static inline int64_t gm_replay_work(const int *keys, int n)
{
    int64_t w = BK_MC_REPLAY_WORK;
    for (int i = 0; i < n; i++)
        w += keys[i] == MC_PASS ? BK_MC_REPLAY_PASS_WORK : BK_MC_REPLAY_MOVE_WORK;
    return w;
}

/* golden _Search.expand (expand and its cycles, added to *work): 1 done, 0 no
 * room in the tree, -1 out of memory. */
static int gm_expand(GmSearch *sr, int node, const McState *st, int64_t *work)
{
    static __thread int keys[BK_MAX_MOVES], h[BK_MAX_MOVES];
    int p = st->to_move, n = 0;
    int scans = gm_refusing(st) ? 2 : 1;   /* 1 again when the filter keeps a move */
    v16 free, anchor, F[25], A[25];
    maps(&st->s[p], &free, &anchor);
    if (!is_zero(anchor)) {
        shifted(free, anchor, F, A);
        int shape[BK_N_SHAPES];
        v16 legal[BK_N_SHAPES];
        int m = gm_moves(st, p, F, A, 0, shape, legal), big = 0, k = 0;
        for (int i = 0; i < m; i++)
            big |= gm_allowed(BK_SHAPES[shape[i]].tile, st->placed);
        if (big)
            scans = 1;
        for (int i = 0; i < m; i++)
            if (!big || gm_allowed(BK_SHAPES[shape[i]].tile, st->placed)) {
                shape[k] = shape[i];
                legal[k++] = legal[i];
            }
        n = gm_scan_keys(shape, legal, k, keys);
    }
    /* the first MAX_CHILDREN kept moves in scan order become children; the
     * scan issues (and expand_work charges) every one */
    int kept = n < BK_MC_MAX_CHILDREN ? n : BK_MC_MAX_CHILDREN;
    int count = kept ? kept : 1;
    *work += gm_expand_work(scans, n);
    if (sr->used + count > BK_MC_TREE_NODES)
        return 0;
    if (!gm_grow(sr, count))
        return -1;
    int best = 0;
    if (kept) {
        v16 of, oa;
        maps(&st->s[1 - p], &of, &oa);
        for (int i = 0; i < kept; i++) {
            h[i] = gm_heuristic(st, p, keys[i], oa);
            if (!i || h[i] > best)
                best = h[i];
        }
    } else {
        keys[0] = MC_PASS;
        h[0] = 0;
    }
    sr->node[node].first = sr->used;
    sr->node[node].count = count;
    for (int i = 0; i < count; i++) {
        GmNode *c = &sr->node[sr->used++];
        int d = best - h[i] < 63 ? best - h[i] : 63;
        c->key = keys[i];
        c->first = -1;
        c->count = c->real = 0;
        c->n8 = BK_MC_PRIOR_VISITS * 256;
        c->w8 = BK_MC_PRIOR_VISITS * BK_MC_PRIOR_V8[d];
    }
    sr->expansions++;
    sr->scored += n;
    *work += gm_write_work(count);
    return 1;
}

/* golden select */
static int gm_select(const GmSearch *sr, int node)
{
    const GmNode *nd = &sr->node[node];
    int64_t c_n = (int64_t)isqrt64((uint64_t)BK_MC_EXPLORE_K * (uint64_t)log2_q4((uint64_t)nd->real + 1));
    int64_t best = -1;
    int arg = -1;
    for (int c = nd->first; c < nd->first + nd->count; c++) {
        int64_t n8 = sr->node[c].n8;
        if (n8 == 0)
            return c;
        int64_t v = (sr->node[c].w8 << 16) / n8 + ((c_n * inv_sqrt_q16(n8)) >> 16);
        if (v > best) {
            best = v;
            arg = c;
        }
    }
    return arg;
}

/* golden select_work */
static inline int64_t gm_select_work(int node, int64_t children)
{
    if (node == 0)
        return BK_MC_ROOT_SELECT_WORK + BK_MC_ROOT_CHILD_WORK * children
             + (children >> BK_MC_SLACK_SHIFT);
    return BK_MC_SELECT_NODE_WORK + BK_MC_CHILD_WORK * children + (children >> BK_MC_SLACK_SHIFT);
}

/* golden rave_scan_work */
static inline int64_t gm_rave_scan_work(int node, int64_t children)
{
    if (node == 0)
        return BK_MC_ROOT_RAVE_SCAN_WORK + BK_MC_RAVE_KEY_WORK * children;
    return BK_MC_RAVE_SCAN_WORK + BK_MC_RAVE_KEY_WORK * children
         + (children >> BK_MC_SLACK_SHIFT);
}

/* golden _Search.down: the selection of one descent, with its virtual loss;
 * adds the tree unit's cycles to *work; -1 out of memory. */
static int gm_down(GmSearch *sr, const McState *root, GmDescent *d, int64_t *work)
{
    d->st = *root;
    d->depth = d->nmoves = 0;
    d->path[0] = 0;
    int node = 0;
    while (!mc_over(&d->st)) {
        int fresh = 0;
        if (sr->node[node].first < 0) {
            if (sr->node[node].real < BK_MC_EXPAND_AFTER)
                break;
            *work += gm_replay_work(d->keys, d->nmoves);
            int e = gm_expand(sr, node, &d->st, work);
            if (e < 0)
                return -1;
            if (!e)
                break;
            fresh = 1;
        }
        sr->scanned += sr->node[node].count;
        if (!fresh)
            *work += gm_select_work(node, sr->node[node].count);
        gm_scanned_at[d->depth < GM_DEPTHS - 1 ? d->depth : GM_DEPTHS - 1] += sr->node[node].count;
        node = gm_select(sr, node);
        d->movers[d->nmoves] = d->st.to_move;
        d->keys[d->nmoves++] = sr->node[node].key;
        mc_play(&d->st, sr->node[node].key);
        d->path[++d->depth] = node;
        sr->node[node].n8 += 256;
    }
    sr->tree_plies += d->depth;
    if (d->depth > sr->max_depth)
        sr->max_depth = d->depth;
    return 0;
}

/* golden _Search.play_out: the playout's cycles (the replay is the caller's) */
static int64_t gm_play_out(GmSearch *sr, int unit, GmDescent *d)
{
    int64_t work = BK_MC_PLAYOUT_WORK;
    while (!mc_over(&d->st)) {
        d->movers[d->nmoves] = d->st.to_move;
        int k = gm_policy(&d->st, &sr->rng[unit], &work);
        d->keys[d->nmoves++] = k;
        mc_play(&d->st, k);
        sr->playout_plies++;
    }
    int margin = squares_left(&d->st.s[1]) - squares_left(&d->st.s[0]);
    d->result = margin > 0 ? 256 : margin == 0 ? 128 : 0;
    sr->playout_work += work;
    return work;
}

/* golden _Search.back_up: the back-up, then RAVE; the tree unit's cycles. */
static int64_t gm_back_up(GmSearch *sr, const GmDescent *d)
{
    int r0 = d->result;
    int64_t work = (int64_t)BK_MC_BACKUP_NODE_WORK * (d->depth + 1);
    for (int k = 0; k <= d->depth; k++) {
        GmNode *nd = &sr->node[d->path[k]];
        int r = k == 0 || d->movers[k - 1] == 0 ? r0 : 256 - r0;
        if (k == 0)
            nd->n8 += 256;
        nd->w8 += r;
        nd->real++;
        if (k && nd->real == BK_MC_RAVE_CHILD_MAX + 1)
            work += BK_MC_KEY_FLAG_WORK;       /* its KEY word's flag set */
    }
    /* each side's placement of each tile in the descent: its key and ply */
    int placed_key[2][BK_N_TILES], placed_ply[2][BK_N_TILES];
    memset(placed_ply, -1, sizeof placed_ply);
    for (int j = 0; j < d->nmoves; j++)
        if (d->keys[j] != MC_PASS) {
            int t = BK_SHAPES[d->keys[j] & 127].tile;
            placed_key[d->movers[j]][t] = d->keys[j];
            placed_ply[d->movers[j]][t] = j;
        }
    for (int i = d->depth - 1; i >= 0; i--) {
        GmNode *nd = &sr->node[d->path[i]];
        if (nd->real > BK_MC_RAVE_PARENT_MAX || nd->first < 0)
            continue;
        int mover = d->movers[i];
        int r = mover == 0 ? r0 : 256 - r0;
        int rest = d->nmoves - i;
        work += gm_rave_scan_work(d->path[i], nd->count);
        for (int c = nd->first; c < nd->first + nd->count; c++) {
            GmNode *ch = &sr->node[c];
            if (ch->key == MC_PASS || ch->real > BK_MC_RAVE_CHILD_MAX)
                continue;
            int t = BK_SHAPES[ch->key & 127].tile;
            if (placed_ply[mover][t] <= i || placed_key[mover][t] != ch->key)
                continue;
            int64_t wgt = (int64_t)BK_MC_RAVE_W8 * (rest - (placed_ply[mover][t] - i)) / rest;
            ch->n8 += wgt;
            ch->w8 += (wgt * r) >> 8;
            work += BK_MC_RAVE_UPDATE_WORK;
        }
    }
    return work;
}

static uint64_t gm_digest(const GmSearch *sr)
{
    uint64_t h = 0;
    for (int i = 0; i < sr->used; i++)
        h = h * 1000003u + (uint64_t)sr->node[i].n8 * 7919u + (uint64_t)sr->node[i].w8 * 31u
          + (uint64_t)sr->node[i].real;
    return h;
}

/* The search. out: [0..3] move (x, y, tile, digit) or -1, [4] playouts,
 * [5] work (the search's clock cycles), [6] playout plies, [7] tree plies, [8] expansions, [9] moves
 * scored, [10] children scanned, [11] max depth, [12] nodes, [13] the
 * answer's descents, [14] its n8, [15] its w8, [16] the tree digest, [17] the
 * playouts' cycles, [18] the tree unit's busy cycles. units: the playout
 * units of the schedule, 1..BK_MC_MAX_UNITS (golden's `units`; the core's BK_MC_BATCH).
 * Returns 0, -1 for a bad position or units, -2 without memory. */
/* Not golden's: the children selections read at depth `depth` in the last
 * search of this thread (gm_scanned_at). */
int gm_scanned_at_depth(int depth, int64_t *out)
{
    if (depth < 0 || depth >= GM_DEPTHS)
        return -1;
    *out = gm_scanned_at[depth];
    return 0;
}

int gm_search(const uint16_t *me_rows, const uint16_t *opp_rows, uint32_t used_me,
              uint32_t used_opp, int start_me, int start_opp, const uint16_t *last_opp_rows,
              int64_t budget, int64_t max_playouts, int units, int64_t *out)
{
    if (bad_args(me_rows, opp_rows, start_me, start_opp) || units < 1 || units > BK_MC_MAX_UNITS)
        return -1;
    McState st;
    memset(&st, 0, sizeof st);
    sides(me_rows, opp_rows, used_me, used_opp, start_me, start_opp, &st.s[0], &st.s[1]);
    st.last[1][0] = rows_of(last_opp_rows);
    st.placed = __builtin_popcount(used_me) + __builtin_popcount(used_opp);
    GmSearch sr;
    memset(&sr, 0, sizeof sr);
    sr.cap = 4096;
    sr.node = malloc(sizeof(GmNode) * (size_t)sr.cap);
    if (!sr.node)
        return -2;
    for (int u = 0; u < BK_MC_MAX_UNITS; u++)
        sr.rng[u] = BK_MC_UNIT_SEEDS[u];
    GmNode *root = &sr.node[sr.used++];
    memset(root, 0, sizeof *root);
    root->key = MC_PASS;
    root->first = -1;
    for (int i = 0; i < 19; i++)
        out[i] = 0;
    memset(gm_scanned_at, 0, sizeof gm_scanned_at);
    out[0] = out[1] = out[2] = out[3] = -1;
    int64_t start = 0;
    if (gm_expand(&sr, 0, &st, &start) < 0)
        goto oom;
    int64_t done = 0, tree_free = start, busy = start;
    if (!(sr.node[0].count == 1 && sr.node[sr.node[0].first].key == MC_PASS)) {
        /* golden's schedule: each unit's waiting cycle (-1: stopped) and descent */
        static __thread GmDescent ds[BK_MC_MAX_UNITS];
        int64_t waiting[BK_MC_MAX_UNITS], started = 0;
        int pending[BK_MC_MAX_UNITS], active = units;
        for (int u = 0; u < units; u++) {
            waiting[u] = start;
            pending[u] = 0;
        }
        while (active) {
            int u = -1;
            for (int v = 0; v < units; v++)
                if (waiting[v] >= 0 && (u < 0 || waiting[v] < waiting[u]))
                    u = v;
            int64_t job = tree_free > waiting[u] ? tree_free : waiting[u], work = 0;
            if (pending[u]) {
                work += gm_back_up(&sr, &ds[u]);
                pending[u] = 0;
                done++;
            }
            if (job < budget && started < max_playouts) {
                if (gm_down(&sr, &st, &ds[u], &work) < 0)
                    goto oom;
                pending[u] = 1;
                started++;
                int64_t replay = gm_replay_work(ds[u].keys, ds[u].nmoves);
                waiting[u] = job + work + replay + gm_play_out(&sr, u, &ds[u]);
            } else {
                waiting[u] = -1;
                active--;
            }
            tree_free = job + work;
            busy += work;
        }
        int best = sr.node[0].first;
        for (int c = best; c < sr.node[0].first + sr.node[0].count; c++)
            if (sr.node[c].real > sr.node[best].real)
                best = c;
        decode(sr.node[best].key, out);
        out[13] = sr.node[best].real;
        out[14] = sr.node[best].n8;
        out[15] = sr.node[best].w8;
    }
    out[4] = done;
    out[5] = tree_free;
    out[6] = sr.playout_plies;
    out[7] = sr.tree_plies;
    out[8] = sr.expansions;
    out[9] = sr.scored;
    out[10] = sr.scanned;
    out[11] = sr.max_depth;
    out[12] = sr.used;
    out[16] = (int64_t)gm_digest(&sr);
    out[17] = sr.playout_work;
    out[18] = busy;
    free(sr.node);
    return 0;
oom:
    free(sr.node);
    return -2;
}
