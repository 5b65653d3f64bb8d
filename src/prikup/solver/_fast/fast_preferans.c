/* Preferans's play position in C: a port of prikup/solver/play_preferans.py (read its docstring
 * for the value's conventions: trick contracts, misère with or without play-out, raspasy's
 * paranoid reduction, the lone whister's open/closed choice) and of the parts of
 * prikup/solver/play_five_hundred.py's TrickPosition that preferans uses (no jokers: plain
 * effective suits, follow suit else must trump else anything, equivalent-card groups,
 * rank-relative keys between tricks).  The tests check both give the same values. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define KEY_WORDS 3
#define MAX_HANDS 4
#define MAX_UNDO 80

typedef struct {
    int n;                  /* hands in play (3 in preferans) */
    uint64_t hands[MAX_HANDS];
    uint32_t chands[MAX_HANDS]; /* the hands on compact card numbers (for the keys) */
    int leader;
    int trick[MAX_HANDS];
    int ntrick;
    int led;                /* the suit led, -1 with no trick */
    int count, maximisers;  /* bitmasks of hand numbers */
    int stop, must_trump, broken;
    int chooser, after;     /* the lone whister choosing open/closed now, or after the lead (-1: none) */
    int left;               /* cards still in the hands */
    /* tables (from Python) */
    int strength[64];
    uint64_t suits[4];
    uint64_t trump;         /* the trumps' mask (0: no trump) */
    int open_move, closed_move;
    int lead_suit[64];      /* the suit of each card, -1 if none */
    int cidx[64];           /* each card's compact number (the cards of the suits, by id) */
    int digit_bits;         /* bits of a hand number + 1 in the between-tricks key */
    int order[4][64];       /* card ids of each suit, highest first */
    int norder[4];
    /* undo stack */
    int u_choice[MAX_UNDO], u_chooser[MAX_UNDO], u_after[MAX_UNDO];
    int u_leader[MAX_UNDO], u_trick[MAX_UNDO][MAX_HANDS], u_ntrick[MAX_UNDO], u_led[MAX_UNDO];
    int u_broken[MAX_UNDO], u_seat[MAX_UNDO], u_card[MAX_UNDO];
    int nundo;
} Pos;

#include "search.h"
#include "glue.h"
#include "cards.h"

static int pos_over(const Pos *p) { return p->left == 0 || p->broken; }
static inline int pos_turn(const Pos *p) { return (p->leader + p->ntrick) % p->n; }

static int pos_max_to_move(const Pos *p) {
    if (p->chooser >= 0) return p->maximisers >> p->chooser & 1;
    return p->maximisers >> pos_turn(p) & 1;
}

/* The same information as the Python key.  Within a trick: the hands (on compact card numbers),
 * leader, trick and its suit; between tricks: per suit the holders of its live cards in its
 * order (hand number + 1, ``digit_bits`` bits each, one stream for the four suits) and how many
 * live cards each suit has, and the leader.  Both with ``broken`` and the open/closed choice. */
static void pos_key(const Pos *p, uint64_t *key) {
    uint64_t meta = (uint64_t)p->leader | (uint64_t)p->ntrick << 3 | (uint64_t)p->broken << 6 |
                    (uint64_t)(p->chooser + 1) << 7 | (uint64_t)(p->after + 1) << 10;
    if (p->ntrick) {
        key[0] = (uint64_t)p->chands[0] | (uint64_t)p->chands[1] << 32;
        key[1] = (uint64_t)p->chands[2] | (uint64_t)p->chands[3] << 32;
        meta |= (uint64_t)(p->led + 1) << 13;
        for (int i = 0; i < p->ntrick; i++) meta |= (uint64_t)p->trick[i] << (16 + 8 * i);
        key[2] = meta;
        return;
    }
    uint64_t live = 0;
    for (int i = 0; i < p->n; i++) live |= p->hands[i];
    unsigned __int128 code = 0;
    int bits = p->digit_bits;
    for (int s = 0; s < 4; s++) {
        int k = 0;
        for (int j = 0; j < p->norder[s]; j++) {
            int c = p->order[s][j];
            if (!(live >> c & 1)) continue;
            for (int h = 0; h < p->n; h++) {
                if (p->hands[h] >> c & 1) {
                    code = code << bits | (unsigned)(h + 1);
                    break;
                }
            }
            k++;
        }
        meta |= (uint64_t)k << (16 + 6 * s);
    }
    key[0] = (uint64_t)code;
    key[1] = (uint64_t)(code >> 64);
    key[2] = meta;
}

static uint64_t allowed_cards(const Pos *p, int seat) {
    uint64_t hand = p->hands[seat];
    if (!p->ntrick) return hand;
    uint64_t same = hand & p->suits[p->led];
    if (same) return same;
    if (p->must_trump) {
        uint64_t trumps = hand & p->trump;
        if (trumps) return trumps;
    }
    return hand;
}

/* prikup.core.tricks.trick_winner */
static int trick_win(const Pos *p) {
    return plain_trick_winner(p->trick, p->ntrick, p->suits[p->led], p->trump, p->strength);
}

static int pos_legal_moves(Pos *p, int *out) {
    if (p->chooser >= 0) {
        out[0] = p->open_move;
        out[1] = p->closed_move;
        return 2;
    }
    uint64_t allowed = allowed_cards(p, pos_turn(p));
    int n = 0;
    for (uint64_t m = allowed; m; m &= m - 1) out[n++] = __builtin_ctzll(m);
    return n;
}

/* Whether ``winner`` taking a trick is what ``seat``'s side wants. */
static inline int wants(const Pos *p, int seat, int winner) {
    return (p->count >> winner & 1) == (p->maximisers >> seat & 1);
}

static int pos_moves(Pos *p, Move *out) {
    if (p->chooser >= 0) {
        out[0].move = p->open_move;
        out[0].group = -1;
        out[0].points = 0;
        return 1;
    }
    int seat = pos_turn(p);
    uint64_t allowed = allowed_cards(p, seat);
    /* groups: adjacent cards of one suit in this hand among the live cards */
    uint64_t live = 0;
    for (int i = 0; i < p->n; i++) live |= p->hands[i];
    for (int i = 0; i < p->ntrick; i++) live |= 1ull << p->trick[i];
    uint64_t hand = p->hands[seat];
    int group[64];
    for (uint64_t m = allowed; m; m &= m - 1) group[__builtin_ctzll(m)] = -1;
    for (int s = 0; s < 4; s++) {
        if (!(allowed & p->suits[s])) continue;
        int top = -1;
        for (int j = 0; j < p->norder[s]; j++) {
            int c = p->order[s][j];
            if (!(live >> c & 1)) continue;
            if (hand >> c & 1) {
                if (top < 0) top = c;
                group[c] = top;
            } else {
                top = -1;
            }
        }
    }
    int cards[64], keys1[64], keys2[64], ncards = 0;
    for (uint64_t m = allowed; m; m &= m - 1) cards[ncards++] = __builtin_ctzll(m);
    const int *st = p->strength;
    if (p->ntrick) {
        uint64_t led = p->suits[p->led];
        int win = trick_win(p);
        int best = p->trick[win];
        int best_trump = (int)(p->trump >> best & 1);
        int winner_now = (p->leader + win) % p->n;
        int mode; /* 0: (beats, strength); 1: (not beats, strength); 2: (beats, -strength) */
        if (wants(p, seat, seat))
            mode = (p->ntrick == p->n - 1 && wants(p, seat, winner_now)) ? 0 : 1;
        else
            mode = 2;
        for (int i = 0; i < ncards; i++) {
            int c = cards[i], beats;
            if (p->trump >> c & 1)
                beats = !best_trump || st[c] > st[best];
            else
                beats = !best_trump && (led >> c & 1) && st[c] > st[best];
            keys1[i] = mode == 1 ? !beats : beats;
            keys2[i] = mode == 2 ? -st[c] : st[c];
        }
    } else {
        int mine = wants(p, seat, seat);
        for (int i = 0; i < ncards; i++) {
            int c = cards[i];
            int t = (p->trump >> c & 1) ? 64 : 0;
            keys1[i] = mine ? -st[c] - t : st[c] + t;
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
    for (int i = 0; i < ncards; i++) {
        out[i].move = cards[i];
        out[i].group = group[cards[i]];
        out[i].points = 0;
    }
    return ncards;
}

static int pos_play(Pos *p, int move) {
    int u = p->nundo++;
    p->u_chooser[u] = p->chooser;
    p->u_after[u] = p->after;
    if (move >= p->open_move) { /* open / closed: only the turn changes */
        p->u_choice[u] = 1;
        p->chooser = -1;
        return 0;
    }
    p->u_choice[u] = 0;
    int seat = pos_turn(p);
    int card = move % 128;
    p->u_leader[u] = p->leader;
    memcpy(p->u_trick[u], p->trick, sizeof(p->trick));
    p->u_ntrick[u] = p->ntrick;
    p->u_led[u] = p->led;
    p->u_broken[u] = p->broken;
    p->u_seat[u] = seat;
    p->u_card[u] = card;
    if (!p->ntrick) p->led = p->lead_suit[card];
    p->hands[seat] &= ~(1ull << card);
    p->chands[seat] &= ~(1u << p->cidx[card]);
    p->trick[p->ntrick++] = card;
    p->left--;
    int gain = 0;
    if (p->ntrick == p->n) {
        int winner = (p->leader + trick_win(p)) % p->n;
        p->leader = winner;
        p->ntrick = 0;
        p->led = -1;
        if (p->count >> winner & 1) {
            if (p->stop) p->broken = 1;
            gain = 1;
        }
    }
    if (p->after >= 0) {
        p->chooser = p->after;
        p->after = -1;
    }
    return gain;
}

static void pos_undo(Pos *p) {
    int u = --p->nundo;
    if (!p->u_choice[u]) {
        int seat = p->u_seat[u], card = p->u_card[u];
        p->hands[seat] |= 1ull << card;
        p->chands[seat] |= 1u << p->cidx[card];
        p->leader = p->u_leader[u];
        memcpy(p->trick, p->u_trick[u], sizeof(p->trick));
        p->ntrick = p->u_ntrick[u];
        p->led = p->u_led[u];
        p->broken = p->u_broken[u];
        p->left++;
    }
    p->chooser = p->u_chooser[u];
    p->after = p->u_after[u];
}

/* The tricks still to come (1 when play stops at the first trick counted).  Between tricks of a
 * game played to the end: the leader's sure winners (cards.h) are at least that many tricks for
 * the count when the leader counts and maximises, and that many fewer when he neither counts nor
 * maximises; the hand holding the highest trump takes at least its run of top trumps whatever
 * anyone does (for the count, or from it). */
static void pos_bounds(const Pos *p, int *lo, int *hi) {
    int t = (p->left + p->ntrick) / p->n;
    int low = 0, high = p->stop && t > 1 ? 1 : t;
    if (!p->ntrick && !p->stop && t) {
        int l = p->leader;
        int w = __builtin_popcountll(sure_winners(p->hands, p->n, l, p->suits, p->trump, 1, p->strength, &p->order[0][0], (int)(sizeof(p->order[0]) / sizeof(int)), p->norder));
        if (p->count >> l & 1) {
            if (p->maximisers >> l & 1) low = w;
        } else if (!(p->maximisers >> l & 1)) {
            high = t - w;
        }
        int holder;
        int k = __builtin_popcountll(top_trumps(p->hands, p->n, p->trump, p->strength, &holder));
        if (k) {
            if (p->count >> holder & 1) { if (k > low) low = k; }
            else if (t - k < high) high = t - k;
        }
    }
    *lo = low;
    *hi = high;
}

/* Read up to ``max`` unsigned 64-bit masks of a Python sequence; their number, or -1 with an
 * exception. */
static int read_masks(PyObject *seq, uint64_t *out, int min, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < min || n > max) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d to %d masks", what, min, max);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *bad(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return NULL;
}

/* Python: values_preferans(strength, suits, open_move, closed_move, hands, leader, trick, led,
 *                          trump, count, maximisers, stop, must_trump, broken, chooser, after[, best])
 * -> ({move: value}, nodes) for every legal move, or for one best move only when ``best``.  ``strength`` 64 ints, ``suits`` the 4 suits' masks, ``open_move`` /
 * ``closed_move`` the move numbers of the whister's choice; ``hands`` 1 to 4 masks in play order,
 * ``trick`` the card ids of the trick in progress (led by ``leader``, in suit ``led``, -1 with no
 * trick), ``trump`` the trumps' mask, ``count`` / ``maximisers`` bitmasks of hand numbers,
 * ``chooser`` / ``after`` a hand number or -1. */
PyObject *fast_values_preferans(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *strength, *suits, *hands, *trick;
    int open_move, closed_move, leader, led, count, maximisers, stop, must_trump, broken, chooser, after, best = 0;
    unsigned long long trump;
    if (!PyArg_ParseTuple(args, "OOiiOiOiKiiiiiii|p", &strength, &suits, &open_move, &closed_move, &hands, &leader,
                          &trick, &led, &trump, &count, &maximisers, &stop, &must_trump, &broken, &chooser, &after, &best))
        return NULL;
    static Pos pos;
    Pos *p = &pos;
    memset(p, 0, sizeof(Pos));
    if (read_ints(strength, p->strength, 64, "strength") < 0) return NULL;
    if (read_masks(suits, p->suits, 4, 4, "suits") < 0) return NULL;
    int n = read_masks(hands, p->hands, 1, MAX_HANDS, "hands");
    if (n < 0) return NULL;
    p->n = n;
    if (open_move < 64 || closed_move < 64 || open_move > 32767 || closed_move > 32767 || closed_move < open_move)
        return bad("open/closed: move numbers from 64 to 32767, closed >= open");
    PyObject *tf = PySequence_Fast(trick, "trick");
    if (tf == NULL) return NULL;
    p->ntrick = (int)PySequence_Fast_GET_SIZE(tf);
    if (p->ntrick >= n) { Py_DECREF(tf); return bad("trick: fewer cards than hands expected"); }
    for (int i = 0; i < p->ntrick; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(tf); return NULL; }
        if (c < 0 || c > 63) { Py_DECREF(tf); return bad("trick: card ids from 0 to 63 expected"); }
        p->trick[i] = (int)c;
    }
    Py_DECREF(tf);
    if (leader < 0 || leader >= n) return bad("leader: not a hand number");
    if (p->ntrick ? (led < 0 || led > 3) : led != -1) return bad("led: a suit number with a trick, -1 without");
    if (chooser < -1 || chooser >= n || after < -1 || after >= n) return bad("chooser/after: a hand number or -1");
    int every = (1 << n) - 1;
    if (count & ~every || maximisers & ~every) return bad("count/maximisers: bitmasks of hand numbers");
    uint64_t in_suits = p->suits[0] | p->suits[1] | p->suits[2] | p->suits[3];
    uint64_t all = 0;
    for (int i = 0; i < n; i++) all |= p->hands[i];
    for (int i = 0; i < p->ntrick; i++) all |= 1ull << p->trick[i];
    if (all & ~in_suits) return bad("hands/trick: a card of no suit");
    if (__builtin_popcountll(in_suits) > 32) return bad("suits: at most 32 cards");
    p->leader = leader;
    p->led = led;
    p->trump = trump;
    p->count = count;
    p->maximisers = maximisers;
    p->stop = stop != 0;
    p->must_trump = must_trump != 0;
    p->broken = broken != 0;
    p->chooser = chooser;
    p->after = after;
    p->open_move = open_move;
    p->closed_move = closed_move;
    p->left = 0;
    for (int i = 0; i < n; i++) p->left += __builtin_popcountll(p->hands[i]);
    for (int c = 0, k = 0; c < 64; c++) {
        p->lead_suit[c] = -1;
        p->cidx[c] = in_suits >> c & 1 ? k++ : 0;
    }
    for (int i = 0; i < n; i++)
        for (uint64_t m = p->hands[i]; m; m &= m - 1) p->chands[i] |= 1u << p->cidx[__builtin_ctzll(m)];
    p->digit_bits = n <= 3 ? 2 : 3;
    for (int s = 0; s < 4; s++) {
        int k = 0;
        for (int c = 0; c < 64; c++) {
            if (!(p->suits[s] >> c & 1)) continue;
            p->lead_suit[c] = s;
            p->order[s][k++] = c;
        }
        sort_by_strength(p->order[s], k, p->strength);
        p->norder[s] = k;
    }
    /* everything deciding the values that is not in the keys: the tables, trumps, sides, rules */
    int context[64 + 4 * 2 + 2 + 8];
    int nc = 0;
    for (int i = 0; i < 64; i++) context[nc++] = p->strength[i];
    for (int s = 0; s < 4; s++) {
        context[nc++] = (int)(p->suits[s] & 0xFFFFFFFF);
        context[nc++] = (int)(p->suits[s] >> 32);
    }
    context[nc++] = (int)(p->trump & 0xFFFFFFFF);
    context[nc++] = (int)(p->trump >> 32);
    context[nc++] = p->n;
    context[nc++] = p->count;
    context[nc++] = p->maximisers;
    context[nc++] = p->stop;
    context[nc++] = p->must_trump;
    context[nc++] = p->open_move;
    context[nc++] = p->closed_move;
    context[nc++] = 0x50726566; /* this game's own table */
    int moves[MAX_MOVES], values[MAX_MOVES];
    uint64_t ctx = context_hash(context, nc);
    int nv = best ? search_best_ctx(p, moves, values, ctx) : search_values_ctx(p, moves, values, ctx);
    if (nv < 0) return PyErr_NoMemory();
    return values_result(moves, values, nv, search_nodes);
}
