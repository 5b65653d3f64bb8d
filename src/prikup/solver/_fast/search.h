/* The generic open-hand search of prikup.solver.search, in C (the fast path), written once for
 * the two play positions (fast_points.c: card points; fast_tricks.c: trick counting).
 *
 * The same algorithm as the Python reference (src/prikup/solver/search.py, whose docstring
 * explains it): fail-soft alpha-beta over the declarer's future gain, a transposition table of
 * (lower, upper, best move) per position, a bisection of null-window searches for the exact
 * value, and the bounded rank-equivalence of card groups.  The tests check that both give the
 * same values on thousands of positions.  The classic double-dummy techniques it adds, each exact:
 *
 *  - bounds at each node (pos_bounds): a lower bound from the tricks one side surely takes (the
 *    leader's quick tricks, one more through a partner's top card where nobody can ruff, the
 *    top trumps' holder: cards.h; in the trick games also the master trumps of that holder's
 *    side (the most one of its hands holds), the leader's top trumps and then the
 *    plain suits' top runs added up, each as long as every hand that could ruff must follow it,
 *    and a partner's top trumps besides when he never has to ruff them; with four to six hands, each
 *    side's trumps less those the other side's higher trumps can be paired with; for a seat avoiding
 *    tricks, the trick he must take) and an upper bound from the tricks the other side surely
 *    takes (for a seat avoiding tricks, the trick he surely loses, or every trick when he can
 *    play under every lead of each suit), both cutting off when they decide the null-window
 *    test; within a trick in the trick games with four to six hands, the trick in progress when no seat
 *    still to play can change its side; in the point games, counted
 *    in card points: each sure trick also holds the cheapest card each other hand may give to it
 *    (its cheapest cards of the suit led while it can follow);
 *    pos_bounds may read the null window's alpha (bound_alpha) to leave out the part of an upper
 *    bound that cannot come down to it (fast_tricks.c's avoid_losses: worked out in full at each
 *    avoider's node it cost 11% more instructions a node on preferans's median deal of seeds 2000...,
 *    as far as the window needs 3%);
 *  - the last trick evaluated directly (every card forced);
 *  - the transposition table probed and stored between tricks only (keys of the positions the
 *    game makes rank-relative where its rules allow), 2^17 entries (a small table stays in the
 *    caches: measured faster than 2^20 with almost the same nodes) in buckets of two: the first
 *    way keeps the entry of more cards left, the second the newest (1-8% fewer nodes than one
 *    entry always replaced, over 100 deals of each game at two seeds), kept across the searches
 *    of positions with the same tables, trumps and sides (the context, see tt_start); an entry
 *    is one cache line, the bucket's two prefetched while the node's bounds are worked out.
 *    A slow deal's node costs little more than a median deal's, and not through the table (so
 *    the entry was left as it is): counted by cachegrind (bench/solver_instructions.py --cache,
 *    the build before this stop's per-node work, the table's first writing left out), the slowest
 *    deal of 100 against the median one took 1445 / 1253 instructions a node in 501, 1296-1369 /
 *    1266 in Пятьсот, 1373 / 1139 in preferans (распасы's avoidance bounds), 1433 / 1266 in Five
 *    Hundred (the four-hand bounds): the excess is in pos_bounds; both missed a 1 MB L2 about
 *    0.1-0.2 times a node.  The least of 20 CPU times a node was within the spread of the median
 *    deals' (Пятьсот 165-169 ns against 153-175, preferans 175-180 against 145-182): the larger
 *    ratios of single runs (1.3-1.6x) were mostly the shared machine's load, which a 30 ms search
 *    meets more often than a 3 ms one (preempted, its caches emptied by other processes);
 *  - move ordering: the game's own cheap order (pos_moves; with four to six hands in the trick games, a
 *    lead's weight by what it does, as DDS orders leads: half the nodes at the median in Five
 *    Hundred or fewer, the slowest deals 30-55% fewer, see lead_weights); at a lead, where the game asks for it
 *    (pos_history), re-ordered by the history heuristic (how often and how deep each card cut
 *    off for the side to move in this search, stable: the game's order breaks ties); then the
 *    table's best move put first (where the game asks for it: SEARCH_TT_HINT) and the killer
 *    move of the depth (the last move that cut off there) second;
 *  - the root value's null-window searches start at a guess (search_guess: the gain of the line
 *    where every player plays the first move of the game's order), then next to it, then probe
 *    a quarter of the way up from the lower bound (the trick games) or go down from the upper
 *    bound (the point games: SEARCH_SKEW): fewer searches than bisecting the bounds when the
 *    guess is near (most deals); the guess's two tests may be given a budget of nodes
 *    (SEARCH_GUESS_BUDGET: the point games), past which they are given up;
 *  - where the game asks for it (SEARCH_ROOT_ORDER: the avoidance game of fast_tricks.c), the
 *    root's moves ordered by the nodes each one's subtree cost in the earlier null-window tests of
 *    the same value, most first, and the tests climbing from the lower bound without a guess
 *    (SEARCH_NO_GUESS);
 *  - the best move found after the root value, by one null-window test per move;
 *  - where the game asks for it (SEARCH_ALT(p): fast_tricks.c: four to six hands), the game's own
 *    search_alt in place of search_ab for the position and its subtree (there: a table of classes
 *    of positions, partition search), the root's tests and best move as above.
 *
 * Built with -DSEARCH_TRACE it prints each root null-window test (its window, result and nodes),
 * each root move's nodes and result, and for a test of more than 5,000 nodes where they went: per
 * cards left and side to move, between tricks or within one; per side, the cut-offs by the place of
 * the cutting move and the nodes spent before it; how the nodes ended (the last trick, the bounds,
 * the table, searched).
 *
 * A game file defines, before including this header:
 *   KEY_WORDS        the number of uint64_t words of a position's key
 *   typedef ... Pos; with these functions (static):
 *     int  pos_over(const Pos *p);          every card played
 *     int  pos_max_to_move(const Pos *p);   the declarer to play
 *     void pos_key(const Pos *p, uint64_t *key);   KEY_WORDS words deciding the future gains
 *     int  pos_moves(Pos *p, Move *out);    the moves to search, best first (see search.py)
 *     int  pos_legal_moves(Pos *p, int *out);  every legal move
 *     int  pos_play(Pos *p, int move);      make a move, return the points it realises
 *     void pos_undo(Pos *p);                take the last move back
 *     void pos_bounds(const Pos *p, int *lo, int *hi);  a lower and an upper bound of the future gain
 *     int  pos_history(const Pos *p);       1 to order this position's leads by history (measured
 *                                           per game: it helps some and hurts others)
 *     int  pos_last_trick(const Pos *p);    the exact future gain when one card is left in each hand
 *                                           between tricks (every card forced), else -1
 *   and its Pos has the fields ``ntrick`` (cards in the trick in progress) and ``left``.
 * and gets: search_value(p), search_values(p, moves, values), search_values_ctx(p, moves, values,
 * context), search_best_ctx(p, moves, values, context), context_hash, search_nodes.
 */
#ifndef PRIKUP_SEARCH_H
#define PRIKUP_SEARCH_H

#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#ifdef SEARCH_TRACE
#include <stdio.h>
#endif
#ifdef __linux__
#include <sys/mman.h>
#endif

typedef struct {
    int move;
    int group;
    int points;
} Move;

#define MAX_MOVES 96
#define MAX_CARDS_LEFT 72
#define INF_VALUE (1 << 29)

#endif

#ifndef KEY_WORDS
#error "define KEY_WORDS and Pos before including search.h"
#endif

/* The game's functions (defined by the game file, after this header). */
static int pos_over(const Pos *p);
static int pos_max_to_move(const Pos *p);
static void pos_key(const Pos *p, uint64_t *key);
static int pos_moves(Pos *p, Move *out);
static int pos_legal_moves(Pos *p, int *out);
static int pos_play(Pos *p, int move);
static void pos_undo(Pos *p);
static void pos_bounds(const Pos *p, int *lo, int *hi);
static int pos_last_trick(const Pos *p);
static int pos_history(const Pos *p);

/* Where the root's null-window tests probe [lo, hi] after the guess's two, in eighths from lo + 1
 * to hi: 4 bisects; 8 descends from the upper bound, 2 climbs a quarter at a time (see
 * search_value_from).  A game file may define it before including this header. */
#ifndef SEARCH_SKEW
#define SEARCH_SKEW 4
#endif

/* The root's first two null-window tests, at the guess and next to it, may cost at most this many
 * nodes each (0: no limit); a test past it is given up, and the tests go on from the bounds as
 * without a guess (see search_value_from).  A game file may define it. */
#ifndef SEARCH_GUESS_BUDGET
#define SEARCH_GUESS_BUDGET 0
#endif

/* SEARCH_ROOT_ORDER(p): 1 to order the root's moves, in each null-window test of its value after
 * the first, by the nodes each move's subtree cost in the earlier tests, most first (a stable
 * sort after the table's move and the killer: those break ties); 0 (the default): the order of
 * any other node.  With a fail-high test below the value every move is searched and refuted, the
 * best ones at the greatest cost, so the test at the value, which needs one good move, finds it
 * first.  SEARCH_NO_GUESS(p): 1 to start the root's tests from the bounds (search_best_ctx) rather
 * than search_guess's guess.  A game file may define them (on its Pos). */
#ifndef SEARCH_ROOT_ORDER
#define SEARCH_ROOT_ORDER(p) 0
#endif
#ifndef SEARCH_NO_GUESS
#define SEARCH_NO_GUESS(p) 0
#endif

/* 1: the table's best move of a position is searched first (0: the game's order, history and
 * killer only).  A game file may define it. */
#ifndef SEARCH_TT_HINT
#define SEARCH_TT_HINT 1
#endif

#define TT_BITS 17
#define TT_SIZE (1u << TT_BITS)
#define TT_ALIGN (1u << 21) /* a huge page (the table's size is a multiple of it) */

/* One entry a cache line (aligned: a probe reads one line). */
typedef struct {
    uint64_t key[KEY_WORDS];
    uint32_t gen;
    int16_t lo, hi;
    int16_t best;
    int16_t left; /* the cards left in the position (the replacement's depth) */
} __attribute__((aligned(64))) TTEntry;

/* Bumped by the module's clear() (module.c): every game's table is emptied at its next search. */
extern unsigned long fast_epoch;

static TTEntry *tt_table = NULL;
static unsigned long tt_epoch = 0;
static uint32_t tt_gen = 0;
static uint64_t tt_context = 0;
static long search_nodes = 0;

/* A search may be given a budget of nodes (search_limit): past it, search_abort is set and the
 * search unwinds at once, storing nothing more in the table (what it stored before is exact). */
static long search_limit = -1;
static int search_abort = 0;

/* Ctrl-C: every 2^16 nodes the search asks Python whether a signal came (PyErr_CheckSignals: the
 * game file includes Python.h first and the search holds the GIL).  If its handler raised (a
 * KeyboardInterrupt), search_interrupted is set and the search unwinds as past a budget; the
 * searches below then return SEARCH_INTERRUPTED and the entry point returns NULL, the exception
 * set.  A search that takes minutes (six hands of ten cards) can so be stopped. */
#define SEARCH_INTERRUPTED (-2)
#define SEARCH_SIGNAL_MASK ((1L << 16) - 1)
static int search_interrupted = 0;

/* Whether the search is to unwind now for a signal (see search_interrupted). */
static inline int search_signalled(void) {
    if ((search_nodes & SEARCH_SIGNAL_MASK) != 0 || PyErr_CheckSignals() == 0) return 0;
    search_interrupted = 1;
    search_abort = 1;
    return 1;
}

/* The null window's alpha at the node whose bounds are being worked out (pos_bounds), INF_VALUE
 * outside search_ab (the root's bounds, the tests' bounds): a game may leave out an upper bound
 * that cannot come down to it there (fast_tricks.c's avoid_losses). */
static int bound_alpha = INF_VALUE;
#ifdef SEARCH_TRACE
/* Where a root test's nodes go (printed after each test of more than 5,000 nodes): per cards left,
 * the nodes with the minimiser / maximiser to move, between tricks / within one; per side, the
 * cut-offs by the place of the cutting move in the order (and the nodes that cut off nowhere: every
 * move searched); per side and cards left, the nodes of the moves searched before the one that cut
 * off (nested: a node's count holds its children's); how nodes ended. */
static long trace_left[MAX_CARDS_LEFT][2][2];
static long trace_cut[2][MAX_MOVES + 1];
static long trace_waste[2][MAX_CARDS_LEFT];
static long trace_exit[4]; /* the last trick, the bounds, the table, searched */
static void trace_clear(void) {
    memset(trace_left, 0, sizeof(trace_left));
    memset(trace_cut, 0, sizeof(trace_cut));
    memset(trace_waste, 0, sizeof(trace_waste));
    memset(trace_exit, 0, sizeof(trace_exit));
}
static void trace_dump(void) {
    for (int l = MAX_CARDS_LEFT - 1; l >= 0; l--)
        if (trace_left[l][0][0] + trace_left[l][0][1] + trace_left[l][1][0] + trace_left[l][1][1])
            fprintf(stderr, "    left %2d: min lead %6ld follow %6ld  max lead %6ld follow %6ld\n", l, trace_left[l][0][0],
                    trace_left[l][0][1], trace_left[l][1][0], trace_left[l][1][1]);
    for (int m = 0; m < 2; m++) {
        fprintf(stderr, "    cut-offs %s by move 1..8:", m ? "max" : "min");
        for (int i = 0; i < 8; i++) fprintf(stderr, " %ld", trace_cut[m][i]);
        fprintf(stderr, ", none %ld; before the cutting move, by cards left:", trace_cut[m][MAX_MOVES]);
        for (int l = MAX_CARDS_LEFT - 1; l >= 0; l--)
            if (trace_waste[m][l]) fprintf(stderr, " %d:%ld", l, trace_waste[m][l]);
        fprintf(stderr, "\n");
    }
    fprintf(stderr, "    ended by the last trick %ld, the bounds %ld, the table %ld; searched %ld\n", trace_exit[0],
            trace_exit[1], trace_exit[2], trace_exit[3]);
    trace_clear();
}
#define TRACE(x) x
#else
#define TRACE(x)
#endif
/* Killer moves: per depth (moves made since the root), the last move that cut off there. */
#define MAX_PLY 128
static int search_ply = 0;
static int killer[MAX_PLY];
/* History: per side to move (1: the declarer's) and card (a move's low 6 bits), the sum of the
 * squared cards left at each cut-off it made in this search. */
static long history[2][64];
/* SEARCH_ROOT_ORDER: per move (its low 6 bits), the nodes of its subtree in the root's tests so far. */
static long root_nodes[64];

/* A zeroed table of ``bytes`` (a multiple of TT_ALIGN), or NULL: aligned on 2 MB and, where the
 * system offers them, in huge pages: a probe anywhere in the table then rarely misses the TLB
 * (measured: the search's probes stalled on it). */
static void *table_alloc(size_t bytes) {
    void *table = aligned_alloc(TT_ALIGN, bytes);
    if (table == NULL) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(table, bytes, MADV_HUGEPAGE);
#endif
    memset(table, 0, bytes);
    return table;
}

/* Start a search.  ``context`` hashes everything that decides the values but is not in the
 * positions' keys (the tables, the trumps, the declarer ...): with the same non-zero context as
 * the previous search the table is kept (its entries are exact bounds of the same positions'
 * values, so a later search of the same deal, or of another deal with the same context, reuses
 * them); else (or with 0) it is emptied. */
static int tt_start(uint64_t context) {
    if (tt_table == NULL) {
        tt_table = (TTEntry *)table_alloc(TT_SIZE * sizeof(TTEntry));
        if (tt_table == NULL) return -1;
    }
    search_nodes = 0;
    search_ply = 0;
    search_abort = 0;
    search_interrupted = 0;
    for (int i = 0; i < MAX_PLY; i++) killer[i] = -1;
    memset(history, 0, sizeof(history));
    if (context != 0 && context == tt_context && tt_epoch == fast_epoch) return 0;
    tt_epoch = fast_epoch;
    tt_context = context;
    tt_gen++;
    if (tt_gen == 0) { /* wrapped: clear once */
        memset(tt_table, 0, TT_SIZE * sizeof(TTEntry));
        tt_gen = 1;
    }
    return 0;
}

/* A context hash of ``n`` ints (for tt_start); never 0. */
__attribute__((unused)) static uint64_t context_hash(const int *values, int n) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (int i = 0; i < n; i++) {
        h ^= (uint64_t)(uint32_t)values[i];
        h *= 0x100000001B3ull;
    }
    return h ? h : 1;
}

static inline uint32_t tt_index(const uint64_t *key) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < KEY_WORDS; i++) {
        h ^= key[i];
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return (uint32_t)(h >> (64 - TT_BITS)) & ~1u;
}

/* The entry of ``key`` in the bucket (two ways) starting at ``e``, or NULL. */
static inline TTEntry *tt_find(TTEntry *e, const uint64_t *key) {
    for (int w = 0; w < 2; w++)
        if (e[w].gen == tt_gen && memcmp(e[w].key, key, KEY_WORDS * sizeof(uint64_t)) == 0) return &e[w];
    return NULL;
}

/* Where a new entry of a position with ``left`` cards goes in the bucket at ``e``: the first way
 * keeps the entry of more cards left (its subtree cost more), moving the one it replaces to the
 * second way, which otherwise takes the newest. */
static inline TTEntry *tt_slot(TTEntry *e, int left) {
    if (e->gen != tt_gen) return e;
    if (left >= e->left) {
        e[1] = e[0];
        return e;
    }
    return e + 1;
}

/* Move ``move`` (if listed) to the front of ``moves``, the others keeping their order. */
static inline void move_to_front(Move *moves, int n, int move) {
    for (int i = 1; i < n; i++) {
        if (moves[i].move == move) {
            Move m = moves[i];
            memmove(&moves[1], &moves[0], (size_t)i * sizeof(Move));
            moves[0] = m;
            return;
        }
    }
}

/* Sort ``moves`` by ``score`` of their cards, highest first, keeping the order of equals. */
static inline void sort_by_history(Move *moves, int n, const long *score) {
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        long v = score[m.move & 63];
        int j = i - 1;
        while (j >= 0 && score[moves[j].move & 63] < v) { moves[j + 1] = moves[j]; j--; }
        moves[j + 1] = m;
    }
}

/* A cut-off by ``move``: the killer of the depth, and history by the cards left (squared). */
static inline void cut_by(const Pos *p, int ply, int maximise, int move) {
    killer[ply] = move;
    history[maximise][move & 63] += (long)p->left * p->left;
}

#ifdef SEARCH_ALT
/* SEARCH_ALT(p): 1 when the game searches the position (and its subtree) with its own
 * search_alt(p, alpha, beta) (fast_tricks.c: four to six hands, its partition table); search_alt_hint(p)
 * is then the best move its table holds (-1: none), for search_best_ctx's order. */
static int search_alt(Pos *p, int alpha, int beta);
static int search_alt_hint(Pos *p);
#endif

static int search_ab(Pos *p, int alpha, int beta) {
#ifdef SEARCH_ALT
    if (SEARCH_ALT(p)) return search_alt(p, alpha, beta);
#endif
    if (pos_over(p)) return 0;
    search_nodes++;
    TRACE(trace_left[p->left < MAX_CARDS_LEFT ? p->left : 0][pos_max_to_move(p)][p->ntrick != 0]++);
    if (search_limit >= 0 && search_nodes > search_limit) {
        search_abort = 1;
        return 0;
    }
    if (search_signalled()) return 0;
    int last = pos_last_trick(p);
    if (last >= 0) {
        TRACE(trace_exit[0]++);
        return last;
    }
    /* the table's entry is fetched from memory (prefetched) while the bounds are worked out */
    uint64_t key[KEY_WORDS];
    int stored = p->ntrick == 0;
    TTEntry *e = NULL;
    if (stored) {
        pos_key(p, key);
        e = &tt_table[tt_index(key)];
        __builtin_prefetch(e);
        __builtin_prefetch(e + 1);
    }
    int lb, ub;
    bound_alpha = alpha;
    pos_bounds(p, &lb, &ub);
    bound_alpha = INF_VALUE;
    TRACE(trace_exit[1] += ub <= alpha || lb >= beta);
    if (ub <= alpha) return ub;
    if (lb >= beta) return lb;
    int lo = lb, hi = ub, hint = -1;
    TTEntry *found = stored ? tt_find(e, key) : NULL;
    if (found) {
        if (found->lo > lo) lo = found->lo;
        if (found->hi < hi) hi = found->hi;
        hint = found->best;
        TRACE(trace_exit[2] += lo >= beta || hi <= alpha || lo == hi);
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
    }
    int a = alpha > lo ? alpha : lo;
    int b = beta < hi ? beta : hi;
    Move moves[MAX_MOVES];
    int n = pos_moves(p, moves);
    int ply = search_ply < MAX_PLY ? search_ply : MAX_PLY - 1;
    int kill = killer[ply];
    int maximise = pos_max_to_move(p);
    if (!p->ntrick && pos_history(p)) sort_by_history(moves, n, history[maximise]);
    int first = SEARCH_TT_HINT ? hint : -1; /* without the table's move, the game's first stays first */
    if (first >= 0) move_to_front(moves, n, first);
    if (kill >= 0 && kill != first && n > 2) move_to_front(moves + 1, n - 1, kill);
    int root = search_ply == 0 && SEARCH_ROOT_ORDER(p);
    if (root) sort_by_history(moves, n, root_nodes);
    int seen_group[MAX_MOVES], seen_r[MAX_MOVES], seen_pts[MAX_MOVES];
    int nseen = 0;
    int best_move = -1;
    int best = maximise ? -1 : INF_VALUE;
    TRACE(long trace_n0 = search_nodes; int trace_at = MAX_MOVES);
    for (int i = 0; i < n; i++) {
        int move = moves[i].move, group = moves[i].group, pts = moves[i].points;
        int twin = -1;
        if (group >= 0) {
            for (int j = 0; j < nseen; j++) {
                if (seen_group[j] == group) { twin = j; break; }
            }
            if (twin >= 0) {
                int d = abs(pts - seen_pts[twin]);
                if (maximise) {
                    int bound = seen_r[twin] + d;
                    if (bound <= a) { if (bound > best) best = bound; continue; }
                } else {
                    int bound = seen_r[twin] - d;
                    if (bound >= b) { if (bound < best) best = bound; continue; }
                }
            }
        }
        int gain = pos_play(p, move);
        long nodes0 = search_nodes;
        search_ply++;
        int r = gain + search_ab(p, a - gain, b - gain);
        search_ply--;
        if (root) root_nodes[move & 63] += search_nodes - nodes0;
        TRACE(if (search_ply == 0) fprintf(stderr, "      root move %d (%d): %d, %ld nodes\n", i, move, r, search_nodes - nodes0));
        pos_undo(p);
        if (search_abort) return 0;
        if (group >= 0 && twin < 0) {
            seen_group[nseen] = group;
            seen_r[nseen] = r;
            seen_pts[nseen] = pts;
            nseen++;
        }
        if (maximise) {
            if (r > best) {
                best = r;
                best_move = move;
                if (r > a) { a = r; if (a >= b) { cut_by(p, ply, maximise, move); TRACE(trace_at = i; trace_n0 = nodes0 - trace_n0); break; } }
            }
        } else {
            if (r < best) {
                best = r;
                best_move = move;
                if (r < b) { b = r; if (a >= b) { cut_by(p, ply, maximise, move); TRACE(trace_at = i; trace_n0 = nodes0 - trace_n0); break; } }
            }
        }
    }
#ifdef SEARCH_TRACE
    trace_exit[3]++;
    trace_cut[maximise][trace_at]++;
    if (trace_at < MAX_MOVES) trace_waste[maximise][p->left < MAX_CARDS_LEFT ? p->left : 0] += trace_n0;
#endif
    int a0 = alpha > lo ? alpha : lo;
    int b0 = beta < hi ? beta : hi;
    if (best <= a0) { if (best < hi) hi = best; }
    else if (best >= b0) { if (best > lo) lo = best; }
    else { lo = hi = best; }
    if (best_move < 0) best_move = hint;
    if (!stored) return best;
    if (found) e = found;
    else e = tt_slot(e, p->left);
    e->left = (int16_t)p->left;
    memcpy(e->key, key, sizeof(key));
    e->gen = tt_gen;
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->best = (int16_t)best_move;
    return best;
}

/* The exact future gain of the position by null-window searches ("value >= gamma?"), each
 * narrowing [lo, hi] by the fail-soft bound it returns: with 0 <= guess, first at the guess and
 * then next to it (MTD(f): two searches when the guess is right), then at SEARCH_SKEW eighths of
 * the way from lo + 1 to hi (4: bisection; 8: down from the upper bound, every test but the last
 * a fail-low, which in the point games is cheap: the declarer's lone hand is searched in full and
 * the two defenders need one refutation each, whereas a test that succeeds searches both
 * defenders' every card -- measured there, a success near the value cost 20-100 times a failure). */
static int search_value_from(Pos *p, int guess) {
    if (pos_over(p)) return 0;
    int lo, hi;
    pos_bounds(p, &lo, &hi);
    if (SEARCH_ROOT_ORDER(p)) memset(root_nodes, 0, sizeof(root_nodes));
    int step = guess >= 0 ? 1 : 0, failed_high = 0;
    while (lo < hi) {
        int gamma, guessing = step != 0;
        if (step == 1) {
            gamma = guess <= lo ? lo + 1 : (guess > hi ? hi : guess);
            step = 2;
        } else if (step == 2) {
            gamma = failed_high ? lo + 1 : hi;
            step = 0;
        } else {
            gamma = lo + 1 + (int)((long)(hi - lo - 1) * SEARCH_SKEW / 8);
        }
#ifdef SEARCH_TRACE
        long n0 = search_nodes;
#endif
        /* the guess's tests within a budget (SEARCH_GUESS_BUDGET nodes, 0: none): past it, give up the
         * guess and go on from the bounds as without one */
        search_limit = guessing && SEARCH_GUESS_BUDGET ? search_nodes + SEARCH_GUESS_BUDGET : -1;
        int r = search_ab(p, gamma - 1, gamma);
        search_limit = -1;
        if (search_interrupted) return lo; /* the caller returns SEARCH_INTERRUPTED */
        if (search_abort) {
#ifdef SEARCH_TRACE
            fprintf(stderr, "  [%d,%d] guess %d gamma %d given up after %ld nodes\n", lo, hi, guess, gamma, search_nodes - n0);
#endif
            search_abort = 0;
            step = 0;
            continue;
        }
#ifdef SEARCH_TRACE
        fprintf(stderr, "  [%d,%d] guess %d gamma %d -> %d  %ld nodes\n", lo, hi, guess, gamma, r, search_nodes - n0);
        if (search_nodes - n0 > 5000) trace_dump();
        else trace_clear();
#endif
        if (r < gamma) {
            hi = r;
            failed_high = 0;
        } else {
            lo = r;
            failed_high = 1;
        }
    }
    return lo;
}

/* A guess of the future gain: the gain of the line where every player plays the first move of
 * the game's order (pos_moves), to the end. */
static int search_guess(Pos *p) {
    int total = 0, made = 0;
    Move moves[MAX_MOVES];
    while (!pos_over(p)) {
        if (pos_moves(p, moves) <= 0) break;
        total += pos_play(p, moves[0].move);
        made++;
    }
    while (made--) pos_undo(p);
    return total;
}

/* The exact future gain of the position (bisection, no guess). */
__attribute__((unused)) static int search_value(Pos *p) { return search_value_from(p, -1); }

/* Every legal move and its exact future gain (the move's own gain included), each searched from a
 * guess (the first from search_guess's, the next from the previous move's value); returns how many
 * moves, or -1 when the table cannot be allocated.  ``context``: see tt_start (0: a fresh table). */
static int search_values_ctx(Pos *p, int *moves, int *values, uint64_t context) {
    if (tt_start(context) < 0) return -1;
    int n = pos_legal_moves(p, moves);
    for (int i = 0; i < n; i++) {
        int gain = pos_play(p, moves[i]);
        int guess = i > 0 ? values[i - 1] - gain : search_guess(p);
        values[i] = gain + search_value_from(p, guess < 0 ? 0 : guess);
        pos_undo(p);
        if (search_interrupted) return SEARCH_INTERRUPTED;
    }
    return n;
}

/* search_values_ctx with a fresh table. */
static inline int search_values(Pos *p, int *moves, int *values) { return search_values_ctx(p, moves, values, 0); }

/* A best move of the side to move and its exact future gain, as (move, value) in moves[0] and
 * values[0]; returns 1 (0 when every card is played, -1 if the table cannot be allocated).  First
 * the position's exact value V (null-window searches at the root from search_guess's guess, each
 * move ordered by the table),
 * then the moves in search order (the table's best move first) are tested by one null-window
 * search each, "does this move reach V?": the first that does is a best move (usually the first
 * tested, with the table already holding its subtree's bounds). */
static int search_best_ctx(Pos *p, int *moves, int *values, uint64_t context) {
    if (tt_start(context) < 0) return -1;
    if (pos_over(p)) return 0;
    int value = search_value_from(p, SEARCH_NO_GUESS(p) ? -1 : search_guess(p));
    if (search_interrupted) return SEARCH_INTERRUPTED;
    Move list[MAX_MOVES];
    int n = pos_moves(p, list);
    uint64_t key[KEY_WORDS];
    pos_key(p, key);
    TTEntry *e = tt_find(&tt_table[tt_index(key)], key);
    int hint = e != NULL ? e->best : -1;
#ifdef SEARCH_ALT
    if (SEARCH_ALT(p)) hint = search_alt_hint(p);
#endif
    if (hint >= 0) {
        for (int i = 1; i < n; i++) {
            if (list[i].move == hint) {
                Move m = list[i];
                memmove(&list[1], &list[0], (size_t)i * sizeof(Move));
                list[0] = m;
                break;
            }
        }
    }
    int maximise = pos_max_to_move(p);
    int best_move = -1;
    for (int i = 0; i < n && best_move < 0; i++) {
#ifdef SEARCH_TRACE
        long n0 = search_nodes;
#endif
        int gain = pos_play(p, list[i].move);
        int need = value - gain; /* the child's value this move needs */
        int ok;
        if (maximise)
            ok = need <= 0 || search_ab(p, need - 1, need) >= need;
        else
            ok = need >= 0 && (pos_over(p) ? 0 <= need : search_ab(p, need, need + 1) <= need);
        pos_undo(p);
        if (search_interrupted) return SEARCH_INTERRUPTED;
#ifdef SEARCH_TRACE
        fprintf(stderr, "  best move test %d: move %d %s  %ld nodes\n", i, list[i].move, ok ? "reaches" : "falls short", search_nodes - n0);
#endif
        if (ok) best_move = list[i].move;
    }
    if (best_move < 0) return -1; /* cannot happen: the value is some move's */
    moves[0] = best_move;
    values[0] = value;
    return 1;
}
