/* 501's play position in C: a port of prikup/solver/play501.py (read its docstring for the
 * rules and the exact reductions); the tests check both give the same values. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define KEY_WORDS 5

typedef struct {
    uint64_t hands[3];
    int leader;
    int trick[3];
    int ntrick;
    int decl;
    int trump;          /* suit number or -1 */
    uint64_t trump_mask;
    int announced, pending, won;
    int left, points_left;
    int strength[64], points[64];
    int order[4][16];   /* card ids of each suit, highest first */
    int norder[4];
    uint64_t kq_mask[4]; /* the K and Q of each suit (a marriage) */
    /* undo stack */
    int u_leader[32], u_card[32], u_trick[32][3], u_ntrick[32], u_announced[32], u_pending[32], u_seat[32], u_won[32];
    int nundo;
} Pos;

#include "search.h"
#include "glue.h"
#include "cards.h"

static inline uint64_t suit_mask(int s) { return 0xFFFFull << (16 * s); }

static int pos_over(const Pos *p) { return p->left == 0; }
static inline int pos_turn(const Pos *p) { return (p->leader + p->ntrick) % 3; }
static int pos_max_to_move(const Pos *p) { return pos_turn(p) == p->decl; }

static void pos_key(const Pos *p, uint64_t *key) {
    key[0] = p->hands[0];
    key[1] = p->hands[1];
    key[2] = p->hands[2];
    key[3] = (uint64_t)p->leader | (uint64_t)p->ntrick << 2 | (uint64_t)p->announced << 4 | (uint64_t)p->won << 8 |
             (uint64_t)(p->ntrick > 0 ? p->trick[0] : 0) << 16 | (uint64_t)(p->ntrick > 1 ? p->trick[1] : 0) << 24;
    key[4] = (uint64_t)p->pending;
}

static int announceable(const Pos *p, int seat, int *suits) {
    int n = 0;
    for (int s = 0; s < 4; s++)
        if ((p->hands[seat] & p->kq_mask[s]) == p->kq_mask[s] && !(p->announced >> s & 1)) suits[n++] = s;
    return n;
}

static uint64_t allowed_cards(const Pos *p, int seat) {
    uint64_t hand = p->hands[seat];
    if (!p->ntrick) return hand;
    uint64_t same = hand & suit_mask(p->trick[0] >> 4);
    if (same) return same;
    uint64_t trumps = hand & p->trump_mask;
    return trumps ? trumps : hand;
}

static int trick_win(const Pos *p, const int *trick, int n) {
    return plain_trick_winner(trick, n, suit_mask(trick[0] >> 4), p->trump_mask, p->strength);
}

static int pos_legal_moves(Pos *p, int *out) {
    int seat = pos_turn(p);
    uint64_t allowed = allowed_cards(p, seat);
    int n = 0, ncards = 0, cards[24];
    for (int i = 0; i < 64; i++)
        if (allowed >> i & 1) cards[ncards++] = i;
    for (int i = 0; i < ncards; i++) out[n++] = cards[i];
    if (!p->ntrick) {
        int suits[4];
        int ns = announceable(p, seat, suits);
        for (int k = 0; k < ns; k++)
            for (int i = 0; i < ncards; i++) out[n++] = cards[i] + 64 * (suits[k] + 1);
    }
    return n;
}

static int pos_moves(Pos *p, Move *out) {
    int seat = pos_turn(p);
    uint64_t allowed = allowed_cards(p, seat);
    uint64_t live = p->hands[0] | p->hands[1] | p->hands[2];
    for (int i = 0; i < p->ntrick; i++) live |= 1ull << p->trick[i];
    uint64_t hand = p->hands[seat];
    int suits[4];
    int ns = announceable(p, seat, suits);
    uint64_t excluded = 0;
    if (seat == p->decl)
        for (int k = 0; k < ns; k++) excluded |= p->kq_mask[suits[k]];
    int group[64];
    for (int s = 0; s < 4; s++) {
        if (!(allowed & suit_mask(s))) continue;
        int top = -1;
        for (int j = 0; j < p->norder[s]; j++) {
            int c = p->order[s][j];
            if (!(live >> c & 1)) continue;
            if ((hand >> c & 1) && !(excluded >> c & 1)) {
                if (top < 0) top = c;
                group[c] = top;
            } else {
                top = -1;
            }
        }
    }
    int cards[24], keys1[24], keys2[24], ncards = 0;
    for (int i = 0; i < 64; i++)
        if (allowed >> i & 1) cards[ncards++] = i;
    if (p->ntrick) {
        uint64_t led = suit_mask(p->trick[0] >> 4);
        int win = trick_win(p, p->trick, p->ntrick);
        int best = p->trick[win];
        int best_trump = (int)(p->trump_mask >> best & 1);
        int partner_wins = (p->leader + win) % 3 == p->decl;
        int ours = partner_wins == (seat == p->decl);
        for (int i = 0; i < ncards; i++) {
            int c = cards[i], beats;
            if (p->trump_mask >> c & 1)
                beats = !best_trump || p->strength[c] > p->strength[best];
            else
                beats = !best_trump && (led >> c & 1) && p->strength[c] > p->strength[best];
            if (ours && p->ntrick == 2) {
                keys1[i] = beats;
                keys2[i] = -p->points[c];
            } else {
                keys1[i] = !beats;
                keys2[i] = beats ? p->strength[c] : p->points[c];
            }
        }
    } else {
        for (int i = 0; i < ncards; i++) {
            int c = cards[i];
            keys1[i] = -p->strength[c] - ((p->trump_mask >> c & 1) ? 8 : 0);
            keys2[i] = 0;
        }
    }
    /* stable insertion sort by (keys1, keys2) */
    for (int i = 1; i < ncards; i++) {
        int c = cards[i], k1 = keys1[i], k2 = keys2[i], j = i - 1;
        while (j >= 0 && (keys1[j] > k1 || (keys1[j] == k1 && keys2[j] > k2))) {
            cards[j + 1] = cards[j]; keys1[j + 1] = keys1[j]; keys2[j + 1] = keys2[j]; j--;
        }
        cards[j + 1] = c; keys1[j + 1] = k1; keys2[j + 1] = k2;
    }
    int n = 0;
    if (!p->ntrick && seat == p->decl && ns > 0) {
        for (int k = 0; k < ns; k++) {
            int s = suits[k];
            for (int i = 0; i < ncards; i++) {
                int c = cards[i];
                int in_group = (hand >> c & 1) && !(excluded >> c & 1);
                out[n].move = c + 64 * (s + 1);
                out[n].group = in_group ? group[c] * 8 + s : -1;
                out[n].points = p->points[c];
                n++;
            }
        }
    } else {
        for (int i = 0; i < ncards; i++) {
            int c = cards[i];
            int in_group = !(excluded >> c & 1);
            out[n].move = c;
            out[n].group = in_group ? group[c] : -1;
            out[n].points = p->points[c];
            n++;
        }
    }
    return n;
}

static int pos_play(Pos *p, int move) {
    int seat = pos_turn(p);
    int card = move & 63;
    int gain = 0;
    int u = p->nundo++;
    p->u_leader[u] = p->leader;
    p->u_card[u] = card;
    memcpy(p->u_trick[u], p->trick, sizeof(p->trick));
    p->u_ntrick[u] = p->ntrick;
    p->u_announced[u] = p->announced;
    p->u_pending[u] = p->pending;
    p->u_seat[u] = seat;
    p->u_won[u] = p->won;
    if (move >> 6) {
        int suit = (move >> 6) - 1;
        p->announced |= 1 << suit;
        if (seat == p->decl) {
            int value = suit == p->trump ? 40 : 20;
            if (p->won) gain += value; else p->pending += value;
        }
    }
    p->hands[seat] &= ~(1ull << card);
    p->trick[p->ntrick++] = card;
    p->left--;
    if (p->ntrick == 3) {
        int winner = (p->leader + trick_win(p, p->trick, 3)) % 3;
        int pts = p->points[p->trick[0]] + p->points[p->trick[1]] + p->points[p->trick[2]];
        p->points_left -= pts;
        if (winner == p->decl) {
            gain += pts + p->pending;
            p->pending = 0;
            p->won = 1;
        }
        p->leader = winner;
        p->ntrick = 0;
    }
    return gain;
}

static void pos_undo(Pos *p) {
    int u = --p->nundo;
    int seat = p->u_seat[u], card = p->u_card[u];
    p->hands[seat] |= 1ull << card;
    p->leader = p->u_leader[u];
    if (p->u_ntrick[u] == 2)
        p->points_left += p->points[p->u_trick[u][0]] + p->points[p->u_trick[u][1]] + p->points[card];
    memcpy(p->trick, p->u_trick[u], sizeof(p->trick));
    p->ntrick = p->u_ntrick[u];
    p->announced = p->u_announced[u];
    p->pending = p->u_pending[u];
    p->won = p->u_won[u];
    p->left++;
}

static inline int points_of(const Pos *p, uint64_t cards) {
    int total = 0;
    for (; cards; cards &= cards - 1) total += p->points[__builtin_ctzll(cards)];
    return total;
}

/* Upper: the points still in play, the pending marriages and the marriages the declarer can still
 * announce.  Between tricks, less the card points of the tricks a defender surely takes, and at
 * least the card points of the tricks the declarer surely takes (and with a trick his pending
 * marriages): the leader's sure winners (cards.h) and the run of top trumps of the hand holding
 * the highest trump (trumps never change in 501). */
static void pos_bounds(const Pos *p, int *lo, int *hi) {
    int total = p->points_left + p->pending;
    int suits[4];
    int ns = announceable(p, p->decl, suits);
    for (int k = 0; k < ns; k++) total += suits[k] == p->trump ? 40 : 20;
    int low = 0, cut = 0;
    if (!p->ntrick && p->left) {
        static const uint64_t masks[4] = {0xFFFFull, 0xFFFFull << 16, 0xFFFFull << 32, 0xFFFFull << 48};
        uint64_t win = sure_winners(p->hands, 3, p->leader, masks, p->trump_mask, 1, p->strength, &p->order[0][0], 16, p->norder);
        if (win) {
            int pts = points_of(p, win);
            if (p->leader == p->decl) low = pts + p->pending; else cut = pts;
        }
        int holder;
        uint64_t top = top_trumps(p->hands, 3, p->trump_mask, p->strength, &holder);
        if (top) {
            int pts = points_of(p, top);
            if (holder == p->decl) { if (pts + p->pending > low) low = pts + p->pending; }
            else if (pts > cut) cut = pts;
        }
    }
    *lo = low;
    *hi = total - cut;
}

/* Python: values501(strength, points, marriages, hands, leader, trick, decl, trump, announced, pending, won[, best])
 * -> ({move: value}, nodes) for every legal move, or for one best move only when ``best``.  ``strength``/``points`` are 64-int tuples, ``marriages`` the 4 K+Q masks, ``hands`` 3 masks in
 * play order, ``trick`` a tuple of card ids, ``trump`` -1 for no trumps. */
PyObject *fast_values501(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *strength, *points, *trick;
    unsigned long long h0, h1, h2, kq0, kq1, kq2, kq3;
    int leader, decl, trump, announced, pending, won, best = 0;
    if (!PyArg_ParseTuple(args, "OO(KKKK)(KKK)iOiiiii|p", &strength, &points, &kq0, &kq1, &kq2, &kq3, &h0, &h1, &h2, &leader, &trick, &decl, &trump,
                          &announced, &pending, &won, &best))
        return NULL;
    static Pos pos;
    Pos *p = &pos;
    memset(p, 0, sizeof(Pos));
    if (read_ints(strength, p->strength, 64, "strength") < 0 || read_ints(points, p->points, 64, "points") < 0)
        return NULL;
    PyObject *tf = PySequence_Fast(trick, "trick");
    if (tf == NULL) return NULL;
    p->ntrick = (int)PySequence_Fast_GET_SIZE(tf);
    if (p->ntrick > 2) { Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "trick: at most 2 cards"); return NULL; }
    for (int i = 0; i < p->ntrick; i++) p->trick[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
    Py_DECREF(tf);
    if (PyErr_Occurred()) return NULL;
    uint64_t seen = 0;
    for (int i = 0; i < p->ntrick; i++) {
        if (p->trick[i] < 0 || p->trick[i] > 63 || (seen >> p->trick[i] & 1)) {
            PyErr_SetString(PyExc_ValueError, "trick: distinct card ids 0..63 expected");
            return NULL;
        }
        seen |= 1ull << p->trick[i];
    }
    if ((h0 & h1) || (h0 & h2) || (h1 & h2) || ((h0 | h1 | h2) & seen)) {
        PyErr_SetString(PyExc_ValueError, "hands: a card in two places");
        return NULL;
    }
    if (leader < 0 || leader > 2 || decl < 0 || decl > 2 || trump < -1 || trump > 3 || announced < 0 ||
        announced > 15 || pending < 0 || __builtin_popcountll(h0 | h1 | h2) + p->ntrick > 30) {
        PyErr_SetString(PyExc_ValueError, "leader and decl 0..2, trump -1..3, announced 0..15, pending >= 0, "
                                          "at most 30 cards expected");
        return NULL;
    }
    p->kq_mask[0] = kq0; p->kq_mask[1] = kq1; p->kq_mask[2] = kq2; p->kq_mask[3] = kq3;
    p->hands[0] = h0; p->hands[1] = h1; p->hands[2] = h2;
    p->leader = leader; p->decl = decl; p->trump = trump;
    p->trump_mask = trump >= 0 ? suit_mask(trump) : 0;
    p->announced = announced; p->pending = pending; p->won = won;
    uint64_t all = h0 | h1 | h2;
    p->left = __builtin_popcountll(all) + p->ntrick;
    for (int i = 0; i < 64; i++) if (all >> i & 1) p->points_left += p->points[i];
    for (int i = 0; i < p->ntrick; i++) p->points_left += p->points[p->trick[i]];
    for (int s = 0; s < 4; s++) {
        int n = 0;
        for (int r = 0; r < 16; r++) p->order[s][n++] = 16 * s + r;
        sort_by_strength(p->order[s], n, p->strength);
        p->norder[s] = n;
    }
    int moves[MAX_MOVES], values[MAX_MOVES];
    int context[2 * 64 + 4 * 2 + 2];
    int nc = 0;
    for (int i = 0; i < 64; i++) { context[nc++] = p->strength[i]; context[nc++] = p->points[i]; }
    for (int s = 0; s < 4; s++) { context[nc++] = (int)(p->kq_mask[s] & 0xFFFFFFFF); context[nc++] = (int)(p->kq_mask[s] >> 32); }
    context[nc++] = p->decl;
    context[nc++] = p->trump;
    uint64_t ctx = context_hash(context, nc);
    int n = best ? search_best_ctx(p, moves, values, ctx) : search_values_ctx(p, moves, values, ctx);
    if (n < 0) return PyErr_NoMemory();
    return values_result(moves, values, n, search_nodes);
}
