/* The card-points play position in C (501, Пятьсот): a port of PointsPosition of
 * prikup/solver/play_points.py (read its docstring for the rules, the value and the exact
 * reductions), driven by the tables and flags the game's adapter reads from the game (strength,
 * points, suit masks, the declarable combos and six rule flags): nothing of a deck or a game is
 * hard-coded here.  The tests check both give the same values.  A move is a card id, plus
 * 64 * (j + 1) when the leader declares combos[j] with it. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* hands (3 words), used & live, and one word of leader / trick / trumps / maker / won / pending */
#define KEY_WORDS 5
#define MAX_COMBOS 16

/* The rule flags (PointsRules.flags). */
#define MUST_TRUMP 1
#define DECLARE_ANY_CARD 2
#define SETS_TRUMP 4
#define MAKER_LEADS_TRUMP 8
#define DECLARE_AFTER_TRICK 16
#define COUNTS_AFTER_TRICK 32

typedef struct {
    uint64_t hands[3];
    int leader;
    int trick[3];
    int ntrick;
    int decl;
    int trump;          /* suit number or -1 */
    int maker;          /* play-order number of the trump maker or -1 */
    uint64_t used;      /* cards of the declarations made */
    uint32_t unused;    /* bit j: combos[j] has no card in ``used`` (kept with it: see held_combos) */
    uint32_t whole[3];  /* per seat, bit j: its hand holds every card of combos[j] (see held_combos) */
    uint32_t card_combos[64]; /* per card, the combos it belongs to */
    int won;            /* bitmask of the seats that have taken a trick */
    int pending;        /* the declarer's declarations that do not count yet */
    int left, points_left;
    int flags;
    int strength[64], points[64];
    uint64_t suit_masks[4];
    int order[4][64];   /* card ids of each suit, highest first */
    int norder[4];
    int combo_suit[MAX_COMBOS], combo_value[MAX_COMBOS];
    uint64_t combo_mask[MAX_COMBOS];
    int ncombos;
    /* undo stack */
    int u_leader[32], u_card[32], u_trick[32][3], u_ntrick[32], u_trump[32], u_maker[32], u_won[32], u_seat[32];
    int u_pending[32];
    uint64_t u_used[32];
    uint32_t u_unused[32], u_whole[32];
    int nundo;
} Pos;

/* The root's null-window tests go down from the upper bound after the guess's two (search.h):
 * bisection spent most of the slow deals' nodes proving lower bounds just under the value. */
#define SEARCH_SKEW 8
/* The slowest deals were guesses: a test that the declarer passes well under the value can cost
 * far more than the one at the value (his first move reaching the lower aim is often not his
 * best, and both defenders' every card is searched under it), and the table's best moves it leaves
 * then lead the later tests astray.  So the guess's two tests may cost 10,000 nodes each (given
 * up past it: the tests go down from the upper bound as without a guess), and a position's moves
 * are ordered by the game's order, history and killer only, not the table's best move.  Measured
 * over 100 deals at seeds 0 / 1000 / 2000 (bench_solver --tails): the slowest deal 7.1x / 14.2x /
 * 5.5x -> 5.6x / 8.9x / 5.4x the median's nodes in 501, 9.5x / 13.5x / 13.4x -> 8.5x / 8.5x /
 * 9.7x in Пятьсот, medians within 10% (see the README's solver paragraph). */
#ifndef SEARCH_GUESS_BUDGET
#define SEARCH_GUESS_BUDGET 10000
#endif
#ifndef SEARCH_TT_HINT
#define SEARCH_TT_HINT 0
#endif
#include "search.h"
#include "glue.h"
#include "cards.h"

static int pos_over(const Pos *p) { return p->left == 0; }
/* Seat ``s`` (0 to 5) taken back into 0 to 2: s % 3 by a comparison (fewer instructions). */
static inline int seat_mod(int s) { return s >= 3 ? s - 3 : s; }
static inline int pos_turn(const Pos *p) { return seat_mod(p->leader + p->ntrick); }
static int pos_max_to_move(const Pos *p) { return pos_turn(p) == p->decl; }

static inline uint64_t trump_mask_of(const Pos *p) { return p->trump >= 0 ? p->suit_masks[p->trump] : 0; }

static void pos_key(const Pos *p, uint64_t *key) {
    uint64_t live = p->hands[0] | p->hands[1] | p->hands[2];
    int maker = p->trump >= 0 && (p->flags & SETS_TRUMP) ? p->maker : -1;
    int won = p->flags & DECLARE_AFTER_TRICK ? p->won : p->won & (1 << p->decl);
    key[0] = p->hands[0];
    key[1] = p->hands[1];
    key[2] = p->hands[2];
    key[3] = p->used & live;
    key[4] = (uint64_t)p->leader | (uint64_t)p->ntrick << 2 | (uint64_t)(p->trump + 1) << 4 |
             (uint64_t)(maker + 1) << 8 | (uint64_t)won << 12 |
             (uint64_t)(p->ntrick > 0 ? p->trick[0] : 0) << 16 | (uint64_t)(p->ntrick > 1 ? p->trick[1] : 0) << 24 |
             (uint64_t)p->pending << 32;
}

/* Bit j set when the hand of ``seat`` holds every card of combos[j] and none of them has been
 * declared: kept by pos_play/pos_undo (a card played takes its combos out of its seat's ``whole``;
 * a declaration its combos out of ``unused``).  Testing each combo against the hand at every use
 * (pos_bounds, groups_of and pos_moves at each node, 12 combos in Пятьсот) was about 15% of
 * Пятьсот's instructions, and the loops over all 64 card ids (now over the set bits) as much:
 * with both, 1296 -> 910 instructions a node on Пятьсот's slowest deal of 100 (seed 6), 1266 ->
 * 844 on its median one, 21-26% less CPU time for 501 and Пятьсот (cachegrind,
 * bench/solver_instructions.py; the nodes unchanged). */
static inline uint32_t held_combos(const Pos *p, int seat) { return p->whole[seat] & p->unused; }

/* The combos every card of which is in ``hand`` (p->whole). */
static uint32_t whole_combos(const Pos *p, uint64_t hand) {
    uint32_t whole = 0;
    for (int j = 0; j < p->ncombos; j++)
        if ((hand & p->combo_mask[j]) == p->combo_mask[j]) whole |= 1u << j;
    return whole;
}

/* The combos no card of ``used`` belongs to (p->unused). */
static uint32_t unused_combos(const Pos *p, uint64_t used) {
    uint32_t unused = 0;
    for (int j = 0; j < p->ncombos; j++)
        if (!(used & p->combo_mask[j])) unused |= 1u << j;
    return unused;
}

static inline int may_declare(const Pos *p, int seat) {
    return !(p->flags & DECLARE_AFTER_TRICK) || (p->won >> seat & 1);
}

static uint64_t plain_leads(const Pos *p, int seat) {
    uint64_t hand = p->hands[seat], tmask = trump_mask_of(p);
    if ((p->flags & MAKER_LEADS_TRUMP) && tmask && seat != p->maker && (hand & ~tmask)) return hand & ~tmask;
    return hand;
}

static uint64_t allowed_cards(const Pos *p, int seat) {
    if (!p->ntrick) return plain_leads(p, seat);
    uint64_t hand = p->hands[seat];
    uint64_t same = hand & p->suit_masks[p->trick[0] >> 4];
    if (same) return same;
    if (p->flags & MUST_TRUMP) {
        uint64_t trumps = hand & trump_mask_of(p);
        if (trumps) return trumps;
    }
    return hand;
}

static int trick_win(const Pos *p, const int *trick, int n, uint64_t tmask) {
    return plain_trick_winner(trick, n, p->suit_masks[trick[0] >> 4], tmask, p->strength);
}

static int pos_legal_moves(Pos *p, int *out) {
    int seat = pos_turn(p);
    uint64_t hand = p->hands[seat];
    uint64_t allowed = allowed_cards(p, seat);
    int n = 0;
    for (uint64_t m = allowed; m; m &= m - 1) out[n++] = __builtin_ctzll(m);
    if (p->ntrick || !may_declare(p, seat)) return n;
    for (uint32_t held = held_combos(p, seat); held; held &= held - 1) {
        int j = __builtin_ctz(held);
        uint64_t m = p->flags & DECLARE_ANY_CARD ? hand : p->combo_mask[j];
        for (; m; m &= m - 1) out[n++] = __builtin_ctzll(m) + 64 * (j + 1);
    }
    return n;
}

/* group[c] for the cards of ``allowed`` that are in a group, -1 for the others (group[] of the
 * other cards is left as it was: only the cards of ``allowed`` are read). */
static void groups_of(const Pos *p, int seat, uint64_t allowed, int *group) {
    uint64_t live = p->hands[0] | p->hands[1] | p->hands[2];
    for (int i = 0; i < p->ntrick; i++) live |= 1ull << p->trick[i];
    uint64_t hand = p->hands[seat];
    uint64_t excluded = 0;
    if ((p->flags & SETS_TRUMP) || seat == p->decl)
        for (uint32_t held = held_combos(p, seat); held; held &= held - 1)
            excluded |= p->combo_mask[__builtin_ctz(held)];
    for (uint64_t m = allowed; m; m &= m - 1) group[__builtin_ctzll(m)] = -1;
    for (int s = 0; s < 4; s++) {
        if (!(allowed & p->suit_masks[s])) continue;
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
}

/* stable insertion sort of cards by (keys1, keys2) */
static void sort_cards(int *cards, int *keys1, int *keys2, int n) {
    for (int i = 1; i < n; i++) {
        int c = cards[i], k1 = keys1[i], k2 = keys2[i], j = i - 1;
        while (j >= 0 && (keys1[j] > k1 || (keys1[j] == k1 && keys2[j] > k2))) {
            cards[j + 1] = cards[j]; keys1[j + 1] = keys1[j]; keys2[j + 1] = keys2[j]; j--;
        }
        cards[j + 1] = c; keys1[j + 1] = k1; keys2[j + 1] = k2;
    }
}

/* The plain moves of ``cards`` (in that order) into ``out``; how many. */
static int plain_moves(const Pos *p, const int *cards, int ncards, const int *group, Move *out) {
    for (int i = 0; i < ncards; i++) {
        int c = cards[i];
        out[i].move = c;
        out[i].group = group[c];
        out[i].points = p->points[c];
    }
    return ncards;
}

static int pos_moves(Pos *p, Move *out) {
    int seat = pos_turn(p);
    uint64_t tmask = trump_mask_of(p);
    uint64_t allowed = allowed_cards(p, seat);
    int group[64];
    int cards[64], keys1[64], keys2[64], ncards = 0;
    int n = 0;
    groups_of(p, seat, allowed, group);
    for (uint64_t m = allowed; m; m &= m - 1) cards[ncards++] = __builtin_ctzll(m);
    if (p->ntrick) {
        uint64_t led = p->suit_masks[p->trick[0] >> 4];
        int win = trick_win(p, p->trick, p->ntrick, tmask);
        int best = p->trick[win];
        int best_trump = (int)(tmask >> best & 1);
        int ours = (seat_mod(p->leader + win) == p->decl) == (seat == p->decl);
        for (int i = 0; i < ncards; i++) {
            int c = cards[i], beats;
            if (tmask >> c & 1)
                beats = !best_trump || p->strength[c] > p->strength[best];
            else
                beats = !best_trump && (led >> c & 1) && p->strength[c] > p->strength[best];
            if (ours && p->ntrick == 2) { /* our side wins already: throw points */
                keys1[i] = beats;
                keys2[i] = -p->points[c];
            } else {
                keys1[i] = !beats;
                keys2[i] = beats ? p->strength[c] : p->points[c];
            }
        }
        sort_cards(cards, keys1, keys2, ncards);
        return plain_moves(p, cards, ncards, group, out);
    }
    for (int i = 0; i < ncards; i++) {
        keys1[i] = -p->strength[cards[i]] - ((tmask >> cards[i] & 1) ? 8 : 0);
        keys2[i] = 0;
    }
    sort_cards(cards, keys1, keys2, ncards);
    if (p->flags & SETS_TRUMP) {
        if (may_declare(p, seat)) {
            /* card -> the most valuable combo it may be declared with, in first-insertion order */
            int combo_of[64], dcards[64], nd = 0;
            uint64_t seen = 0;
            for (uint32_t held = held_combos(p, seat); held; held &= held - 1) {
                int j = __builtin_ctz(held);
                for (uint64_t m = p->combo_mask[j] & ~seen; m; m &= m - 1) {
                    int c = __builtin_ctzll(m);
                    combo_of[c] = j;
                    dcards[nd++] = c;
                }
                seen |= p->combo_mask[j];
            }
            for (int i = 0; i < nd; i++) {
                int c = dcards[i];
                out[n].move = c + 64 * (combo_of[c] + 1);
                out[n].group = -1;
                out[n].points = p->points[c];
                n++;
            }
        }
    } else if (seat == p->decl && may_declare(p, seat)) {
        /* the declarer always declares when he can: one of each combo with each card */
        for (uint32_t held = held_combos(p, seat); held; held &= held - 1) {
            int j = __builtin_ctz(held);
            for (int i = 0; i < ncards; i++) {
                int c = cards[i];
                out[n].move = c + 64 * (j + 1);
                out[n].group = group[c] >= 0 ? group[c] * 16 + j : -1;
                out[n].points = p->points[c];
                n++;
            }
        }
        if (n) return n;
    }
    return n + plain_moves(p, cards, ncards, group, out + n);
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
    p->u_trump[u] = p->trump;
    p->u_maker[u] = p->maker;
    p->u_used[u] = p->used;
    p->u_unused[u] = p->unused;
    p->u_whole[u] = p->whole[seat];
    p->u_won[u] = p->won;
    p->u_pending[u] = p->pending;
    p->u_seat[u] = seat;
    if (move >> 6) {
        int j = (move >> 6) - 1;
        p->used |= p->combo_mask[j];
        p->unused = unused_combos(p, p->used);
        if (p->flags & SETS_TRUMP) {
            p->trump = p->combo_suit[j];
            p->maker = seat;
        }
        if (seat == p->decl) {
            if ((p->flags & COUNTS_AFTER_TRICK) && !(p->won >> seat & 1))
                p->pending += p->combo_value[j];
            else
                gain += p->combo_value[j];
        }
    }
    p->hands[seat] &= ~(1ull << card);
    p->whole[seat] &= ~p->card_combos[card];
    p->trick[p->ntrick++] = card;
    p->left--;
    if (p->ntrick == 3) {
        int winner = seat_mod(p->leader + trick_win(p, p->trick, 3, trump_mask_of(p)));
        int pts = p->points[p->trick[0]] + p->points[p->trick[1]] + p->points[p->trick[2]];
        p->points_left -= pts;
        if (winner == p->decl) {
            gain += pts + p->pending;
            p->pending = 0;
        }
        p->won |= 1 << winner;
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
    p->trump = p->u_trump[u];
    p->maker = p->u_maker[u];
    p->used = p->u_used[u];
    p->unused = p->u_unused[u];
    p->whole[seat] = p->u_whole[u];
    p->won = p->u_won[u];
    p->pending = p->u_pending[u];
    p->left++;
}

/* History ordering at leads: fewer nodes in 501 and Пятьсот (bench/bench_solver.py). */
static int pos_history(const Pos *p) { (void)p; return 1; }

static int pos_last_trick(const Pos *p) {
    if (p->ntrick || p->left != 3) return -1;
    int t[3];
    for (int i = 0; i < 3; i++) t[i] = __builtin_ctzll(p->hands[(p->leader + i) % 3]);
    int winner = (p->leader + trick_win(p, t, 3, trump_mask_of(p))) % 3;
    return winner == p->decl ? p->points[t[0]] + p->points[t[1]] + p->points[t[2]] + p->pending : 0;
}

static inline int points_of(const Pos *p, uint64_t cards) {
    int total = 0;
    for (; cards; cards &= cards - 1) total += p->points[__builtin_ctzll(cards)];
    return total;
}

/* The least card points ``k`` cards of ``hand`` can hold: the sum of its ``k`` cheapest. */
static int cheapest(const Pos *p, uint64_t hand, int k) {
    int pts[32], n = 0;
    for (; hand && n < 32; hand &= hand - 1) {
        int v = p->points[__builtin_ctzll(hand)], j = n++;
        while (j > 0 && pts[j - 1] > v) { pts[j] = pts[j - 1]; j--; }
        pts[j] = v;
    }
    int total = 0;
    for (int i = 0; i < k && i < n; i++) total += pts[i];
    return total;
}

/* The least card points the hand ``other`` puts into the tricks the hand ``holder`` takes with
 * the cards ``win`` (one each): one card a trick, the cheapest it holds; when ``led`` (the holder
 * leads each of them), as many cards of each suit as it can follow with, the cheapest of them, then
 * the cheapest of the rest (every trick holds one card of each hand, and a hand follows suit
 * while it can). */
static int given_points(const Pos *p, uint64_t other, uint64_t win, int led) {
    int k = popcount64(win), pts = 0;
    if (led) {
        for (int s = 0; s < 4; s++) {
            int ks = popcount64(win & p->suit_masks[s]);
            uint64_t follow = other & p->suit_masks[s];
            if (!ks || !follow) continue;
            int m = popcount64(follow);
            if (m <= ks) { /* every card of the suit goes */
                pts += points_of(p, follow);
                other &= ~follow;
                k -= m;
            } else { /* the ks cheapest of them */
                pts += cheapest(p, follow, ks);
                for (int j = 0; j < ks; j++) { /* take them out: the cheapest first, lowest id on ties */
                    uint64_t f = follow, pick = 0;
                    int low = 1 << 30;
                    for (; f; f &= f - 1) {
                        int c = __builtin_ctzll(f);
                        if (p->points[c] < low) { low = p->points[c]; pick = 1ull << c; }
                    }
                    follow &= ~pick;
                    other &= ~pick;
                }
                k -= ks;
            }
        }
    }
    return pts + cheapest(p, other, k);
}

/* The card points of the tricks the hand ``holder`` takes with the cards ``win`` (one each,
 * ``led`` by it or not): at least those cards' points and what each other hand must give to them
 * (given_points). */
static int tricks_points(const Pos *p, int holder, uint64_t win, int led) {
    int pts = points_of(p, win);
    for (int i = 0; i < 3; i++)
        if (i != holder) pts += given_points(p, p->hands[i], win, led);
    return pts;
}

/* Upper: the points still in play, the pending declarations and the declarer's most valuable
 * still-declarable combo of each suit.  Between tricks, less the card points of the tricks a
 * defender surely takes, and at least the card points of the tricks the declarer surely takes
 * (with his pending declarations, which a trick makes count): the leader's sure winners (cards.h;
 * only the leader declares, so the trumps cannot change while he keeps the lead, and he may lead
 * trumps unless only the maker may), and, where trumps never change, the run of top trumps of the
 * hand holding the highest trump.  A trick's card points are at least its winner's card and the
 * cheapest cards the other hands may give to it (tricks_points). */
static void pos_bounds(const Pos *p, int *lo, int *hi) {
    int best[4] = {0, 0, 0, 0};
    for (uint32_t held = held_combos(p, p->decl); held; held &= held - 1) {
        int j = __builtin_ctz(held), s = p->combo_suit[j];
        if (p->combo_value[j] > best[s]) best[s] = p->combo_value[j];
    }
    int total = p->points_left + p->pending + best[0] + best[1] + best[2] + best[3];
    int low = 0, cut = 0;
    if (!p->ntrick && p->left) {
        uint64_t tmask = trump_mask_of(p), mine = p->hands[p->leader];
        int lead_ok = !(p->flags & MAKER_LEADS_TRUMP) || p->leader == p->maker || !(mine & ~tmask);
        uint64_t win = sure_winners(p->hands, 3, p->leader, p->suit_masks, tmask, lead_ok, p->strength, &p->order[0][0],
                                    64, p->norder);
        if (win) {
            int pts = tricks_points(p, p->leader, win, 1);
            if (p->leader == p->decl) low = pts + p->pending; else cut = pts;
        }
        if (!(p->flags & SETS_TRUMP)) {
            int holder;
            uint64_t top = top_trumps(p->hands, 3, tmask, p->strength, &holder);
            if (top) {
                int pts = tricks_points(p, holder, top, 0);
                if (holder == p->decl) { if (pts + p->pending > low) low = pts + p->pending; }
                else if (pts > cut) cut = pts;
            }
        }
    }
    *lo = low;
    *hi = total - cut;
}

/* Read the combos: a sequence of (suit, mask, value); -1 with an exception on error. */
static int read_combos(Pos *p, PyObject *combos) {
    PyObject *cf = PySequence_Fast(combos, "combos");
    if (cf == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(cf);
    if (n > MAX_COMBOS) {
        PyErr_Format(PyExc_ValueError, "combos: at most %d", MAX_COMBOS);
        Py_DECREF(cf);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int suit, value;
        unsigned long long mask;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(cf, i), "iKi;combos: (suit, mask, value) expected", &suit, &mask,
                              &value)) {
            Py_DECREF(cf);
            return -1;
        }
        if (suit < 0 || suit >= 4 || value < 0 || value > 1000 || (mask & ~p->suit_masks[suit]) || !mask) {
            PyErr_SetString(PyExc_ValueError, "combos: a combo is cards of its suit, worth 0 to 1000");
            Py_DECREF(cf);
            return -1;
        }
        p->combo_suit[i] = suit;
        p->combo_mask[i] = mask;
        p->combo_value[i] = value;
    }
    p->ncombos = (int)n;
    Py_DECREF(cf);
    return 0;
}

/* Python: values_points(strength, points, suit_masks, combos, flags, hands, leader, trick, decl, trump, maker, used,
 * won, pending[, best]) -> ({move: value}, nodes) for every legal move, or for one best move only when ``best`` is 1;
 * with ``best`` 2, ((lower, upper), 0): the bounds the search starts from (pos_bounds, for the tests).
 * ``strength``/``points`` are 64-int tuples, ``suit_masks`` the 4 suits' cards, ``combos`` (suit, mask, value)
 * triples, ``flags`` PointsRules.flags(); ``hands`` 3 masks in play order, ``trick`` a tuple of card ids, ``trump``
 * -1 for none, ``maker`` -1 for none, ``used`` the cards of the declarations made, ``won`` a bitmask of the seats
 * that have taken a trick, ``pending`` the declarer's declarations that do not count yet. */
PyObject *FAST_ENTRY(fast_values_points)(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *strength, *points, *combos, *trick;
    unsigned long long sm0, sm1, sm2, sm3, h0, h1, h2, used;
    int flags, leader, decl, trump, maker, won, pending, best = 0;
    if (!PyArg_ParseTuple(args, "OO(KKKK)Oi(KKK)iOiiiKii|i", &strength, &points, &sm0, &sm1, &sm2, &sm3, &combos, &flags,
                          &h0, &h1, &h2, &leader, &trick, &decl, &trump, &maker, &used, &won, &pending, &best))
        return NULL;
    static Pos pos;
    Pos *p = &pos;
    memset(p, 0, sizeof(Pos));
    if (read_ints(strength, p->strength, 64, "strength") < 0 || read_ints(points, p->points, 64, "points") < 0)
        return NULL;
    for (int i = 0; i < 64; i++) {
        if (p->points[i] < 0 || p->points[i] > 1000) {
            PyErr_SetString(PyExc_ValueError, "points: each from 0 to 1000");
            return NULL;
        }
    }
    p->suit_masks[0] = sm0; p->suit_masks[1] = sm1; p->suit_masks[2] = sm2; p->suit_masks[3] = sm3;
    for (int s = 0; s < 4; s++) {
        if (p->suit_masks[s] & ~(0xFFFFull << (16 * s))) {
            PyErr_SetString(PyExc_ValueError, "suit_masks: a suit's cards have ids 16 * suit + rank");
            return NULL;
        }
    }
    if (read_combos(p, combos) < 0) return NULL;
    if (flags < 0 || flags > 63) {
        PyErr_SetString(PyExc_ValueError, "flags: PointsRules.flags(), 0 to 63");
        return NULL;
    }
    if (leader < 0 || leader > 2 || decl < 0 || decl > 2 || trump < -1 || trump > 3 || maker < -1 || maker > 2 ||
        won < 0 || won > 7 || pending < 0 || pending > 10000) {
        PyErr_SetString(PyExc_ValueError, "leader and decl 0..2, trump -1..3, maker -1..2, won 0..7, pending >= 0 expected");
        return NULL;
    }
    uint64_t deck = sm0 | sm1 | sm2 | sm3;
    if ((h0 & h1) || (h0 & h2) || (h1 & h2) || ((h0 | h1 | h2) & ~deck)) {
        PyErr_SetString(PyExc_ValueError, "hands: a card in two places or not in the deck");
        return NULL;
    }
    uint64_t all = h0 | h1 | h2;
    PyObject *tf = PySequence_Fast(trick, "trick");
    if (tf == NULL) return NULL;
    p->ntrick = (int)PySequence_Fast_GET_SIZE(tf);
    if (p->ntrick > 2) { Py_DECREF(tf); PyErr_SetString(PyExc_ValueError, "trick: at most 2 cards"); return NULL; }
    for (int i = 0; i < p->ntrick; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(tf); return NULL; }
        if (c < 0 || c > 63 || !(deck >> c & 1) || (all >> c & 1) || (i && c == p->trick[0])) {
            Py_DECREF(tf);
            PyErr_SetString(PyExc_ValueError, "trick: distinct card ids of the deck, not held");
            return NULL;
        }
        p->trick[i] = (int)c;
    }
    Py_DECREF(tf);
    if (popcount64(all) + p->ntrick > 30) {
        PyErr_SetString(PyExc_ValueError, "too many cards to play: at most 30");
        return NULL;
    }
    p->flags = flags;
    p->hands[0] = h0; p->hands[1] = h1; p->hands[2] = h2;
    p->leader = leader; p->decl = decl; p->trump = trump; p->maker = maker;
    p->used = used; p->won = won; p->pending = pending;
    p->unused = unused_combos(p, used);
    for (int i = 0; i < 3; i++) p->whole[i] = whole_combos(p, p->hands[i]);
    for (int j = 0; j < p->ncombos; j++)
        for (uint64_t m = p->combo_mask[j]; m; m &= m - 1) p->card_combos[__builtin_ctzll(m)] |= 1u << j;
    p->left = popcount64(all); /* cards still to be played */
    for (int i = 0; i < 64; i++) if (all >> i & 1) p->points_left += p->points[i];
    for (int i = 0; i < p->ntrick; i++) p->points_left += p->points[p->trick[i]];
    for (int s = 0; s < 4; s++) {
        int n = 0;
        for (int c = 0; c < 64; c++)
            if (p->suit_masks[s] >> c & 1) p->order[s][n++] = c;
        sort_by_strength(p->order[s], n, p->strength);
        p->norder[s] = n;
    }
    if (best < 0 || best > 2) {
        PyErr_SetString(PyExc_ValueError, "best: 0 (every move), 1 (a best move) or 2 (the bounds)");
        return NULL;
    }
    if (best == 2) {
        int lo, hi;
        pos_bounds(p, &lo, &hi);
        return Py_BuildValue("((ii)i)", lo, hi, 0);
    }
    int moves[MAX_MOVES], values[MAX_MOVES];
    /* the context: what decides the values besides the key (the tables, the rules, the declarer) */
    int context[2 * 64 + 8 + 4 * MAX_COMBOS + 2];
    int nc = 0;
    for (int i = 0; i < 64; i++) { context[nc++] = p->strength[i]; context[nc++] = p->points[i]; }
    for (int s = 0; s < 4; s++) { context[nc++] = (int)(p->suit_masks[s] & 0xFFFFFFFF); context[nc++] = (int)(p->suit_masks[s] >> 32); }
    for (int j = 0; j < p->ncombos; j++) {
        context[nc++] = p->combo_suit[j];
        context[nc++] = p->combo_value[j];
        context[nc++] = (int)(p->combo_mask[j] & 0xFFFFFFFF);
        context[nc++] = (int)(p->combo_mask[j] >> 32);
    }
    context[nc++] = p->flags;
    context[nc++] = p->decl;
    uint64_t ctx = context_hash(context, nc);
    int n = best ? search_best_ctx(p, moves, values, ctx) : search_values_ctx(p, moves, values, ctx);
    if (n == SEARCH_INTERRUPTED) return NULL; /* a KeyboardInterrupt, set by the signal's handler */
    if (n < 0) return PyErr_NoMemory();
    return values_result(moves, values, n, search_nodes);
}
