/* The trick-counting play position in C (Five Hundred and preferans): a port of TrickPosition of
 * prikup/solver/play_tricks.py (read its docstring for the rules, the value and the exact
 * reductions), driven by the tables and flags the game's adapter reads from the game: the
 * effective suits, trumps and card order, follow-suit / must-trump, the no-trump joker rules, the
 * sides (count / maximisers), play stopping at the first trick counted, and a choice that changes
 * nothing but the turn (preferans's lone whister choosing open or closed).  The tests check both
 * give the same values.
 *
 * Cards are *compact indices* here: Python passes ``ids``, the card ids of the layout in
 * ascending order, and every mask over those indices (index i is card ids[i]), so the joker (id
 * 64) fits a uint64_t mask and every "cards in ascending id order" of the Python position is the
 * same order here.  The order in which moves are searched is the C search's own (a lead cashes
 * the top cards first, or with four to six hands is weighted by what it does: lead_weights; a card to a
 * trick the side surely takes already is the lowest): it changes the nodes searched, never a value.  Moves are compact too (index + named * (suit + 1) for a
 * no-trump joker led naming a suit) and are mapped back to card ids in the result. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Between tricks: one word per effective suit (its holders' code, kept up to date as cards are
 * played) and one word of the rest;
 * within a trick: the four hands and one word of the rest (bit 0 tells the two apart). */
#define KEY_WORDS 5
#define MAX_SEATS 6 /* 2 to 6 hands in play (Five Hundred for two, five and six) */
#define MAX_CARDS 64
#define MAX_HAND 24
#define MAX_UNDO (MAX_CARDS + 2) /* every card and the choice */
#define MAX_SUIT_CODE 21  /* cards of an effective suit in one key word (3 bits each) */
#define MAX_JOKER_CODE 12 /* no-trump jokers in the rest word (3 bits each, bits 20 to 55) */
#define NO_TARGET (-128)  /* the ``target`` argument of a position without one */

typedef struct {
    int n;                 /* seats in play: 2 to 6 */
    uint64_t hands[MAX_SEATS];
    int leader;
    int trick[MAX_SEATS];
    int ntrick;
    int led;               /* the effective suit of the trick in progress, -1 with none */
    uint64_t suits[4];     /* the effective suits */
    uint64_t trump;        /* the trumps */
    uint64_t nt_jokers;    /* the jokers of a no-trump layout (in no suit; they name one when led) */
    int strength[MAX_CARDS];
    int count, maximisers; /* seat bitmasks */
    int stop, must_trump, joker_any_time, joker_lead_any;
    int voids[MAX_SEATS];  /* suits shown void, a bit per suit */
    int broken;
    int left;              /* cards in the hands */
    int named;             /* the move offset of a named joker lead */
    int chooser, after;    /* the seat choosing (open/closed) now, or after the lead's first card; -1: none */
    int choice[2];         /* the move numbers of that choice (>= 5 * named) */
    int lead_suit[MAX_CARDS];
    int order[4][MAX_CARDS]; /* each effective suit's cards, highest first */
    int norder[4];
    int jorder[MAX_CARDS];   /* the no-trump jokers, ascending */
    int njorder;
    int owner[MAX_CARDS];    /* seat + 1 of the hand holding the card, 0 if none */
    int rank[MAX_CARDS];     /* the card's place in its effective suit's order (0: highest) */
    uint32_t in_hands[4];    /* per effective suit, a bit per place held by a hand */
    uint32_t held[MAX_SEATS][4]; /* per hand and effective suit, a bit per place it holds (seat_places; kept
                                  * up to date by pos_play / pos_undo rather than worked out from the hand at
                                  * each call: 10% less CPU time over the 200 preferans deals of bench_solver) */
    uint64_t code[4];        /* per effective suit, its key word (kept up to date by pos_play / pos_undo) */
    int ts;                  /* the effective suit that is the trumps, -1 when the trumps are none or no suit */
    int avoid;               /* the seat avoiding tricks against all the others, no trumps (avoid_set), else -1 */
    int symmetric;           /* no trumps and no no-trump jokers: the suits' key words are sorted (pos_key) */
    /* undo stack */
    int u_leader[MAX_UNDO], u_trick[MAX_UNDO][MAX_SEATS], u_ntrick[MAX_UNDO], u_led[MAX_UNDO];
    int u_void[MAX_UNDO], u_broken[MAX_UNDO], u_seat[MAX_UNDO], u_card[MAX_UNDO];
    int u_choice[MAX_UNDO], u_chooser[MAX_UNDO], u_after[MAX_UNDO];
    uint64_t u_code[MAX_UNDO];
    int nundo;
    /* the two-handed game's dummies (see "Dummies" below): the face-down cards not yet turned up,
     * those and their covers (``pinned``: never grouped), the card under each cover (-1: none) */
    uint64_t down, pinned;
    int under[MAX_CARDS];
    uint64_t u_down[MAX_UNDO], u_pinned[MAX_UNDO];
    /* the newer joker leads and the exact target (Hi/Lo), kept apart: see "Joker leads and the
     * exact target" below */
    int joker_alone;         /* joker_lead=not_void_unless_alone: a hand of jokers only names any suit */
    int first_or_last;       /* joker_lead=first_or_last: ``played`` decides the suits a led joker names */
    int played[MAX_SEATS];   /* first_or_last: the suits each seat has played in the deal, a bit per suit */
    int target;              /* 1: the value is 1 when the count ends exactly ``need`` more tricks on, else 0 */
    int need;                /* target: the tricks the count seats must still take */
    int u_played[MAX_UNDO], u_need[MAX_UNDO];
    int part;                /* searched by search_alt (see "Partition search" below) */
    int tricks_of[MAX_CARDS + MAX_SEATS]; /* x / n: the tricks of x cards (no division at each node) */
} Pos;

#ifndef SIDE_MASTERS
#define SIDE_MASTERS 1
#endif
#ifndef AVOID_BOUNDS
#define AVOID_BOUNDS 1
#endif
#ifndef AVOID_LOSSES
#define AVOID_LOSSES 1
#endif
#ifndef FOLLOW_WINNERS
#define FOLLOW_WINNERS 1
#endif
/* The root's null-window tests after the guess's two probe a quarter of the way up from the lower
 * bound (search.h): the greedy guess is more often below the value than above it, and a test far
 * above the value costs much more than one just above the lower bound.  Measured over 100 deals
 * at seeds 0 and 1000 against bisection (4): 0-6% fewer nodes in all, 3-5% fewer at the median,
 * no slow deal slower. */
/* With a seat avoiding tricks (p->avoid, raspasy and a preferans misère: the expression is read
 * in search.h's search_value_from, on its position ``p``) the tests instead climb one trick at a
 * time from the lower bound, with no guess (SEARCH_NO_GUESS), the root's moves ordered by the
 * nodes each cost in the tests before (SEARCH_ROOT_ORDER, search.h).  There the greedy guess is
 * far off (2 to 4 tricks from the value in 51 of the 121 raspasy deals of those seeds), a test
 * above the value searched with an empty table tried the avoider's wrong leads first (seed 87:
 * 306k of 454k nodes), and each test below the value is cheap and searches every first lead, the
 * best one at the greatest cost (seed 87: 17k nodes for the best lead, 2k at most for the others).  Measured over 100
 * preferans deals (bench_solver --deals 100 --games preferans, value + best first lead): seed 0
 * median 18.8k -> 16.6k nodes, the slowest (seed 87) 454k -> 285k (24.2x -> 17.2x the median),
 * all deals 3.70M -> 3.22M; seed 1000 median 26.6k -> 26.5k, the slowest 6.6x -> 5.4x, all
 * 3.55M -> 3.20M.  Without the root's order the climb alone: seed 0 median 20.9k, slowest 22.9x. */
#define SEARCH_SKEW (p->avoid >= 0 ? 0 : 2)
#define SEARCH_NO_GUESS(p) ((p)->avoid >= 0)
#define SEARCH_ROOT_ORDER(p) ((p)->avoid >= 0)
/* Four to six hands (p->part): search_alt, with its table of classes (see "Partition search" below),
 * instead of search.h's search_ab; PARTITION 0: search_ab. */
#ifndef PARTITION
#define PARTITION 1
#endif
#define SEARCH_ALT(p) ((p)->part)
#include "search.h"
#include "glue.h"
#include "cards.h"

static int pos_over(const Pos *p) { return p->left == 0 || p->broken; }
/* Seat ``s`` (0 to 2n - 1) taken back into 0 to n - 1: (s % n) without a division (a division by
 * the variable n at each turn, card and trick was 2-3% of the trick games' CPU time). */
static inline int seat_mod(const Pos *p, int s) { return s >= p->n ? s - p->n : s; }
static inline int pos_turn(const Pos *p) { return seat_mod(p, p->leader + p->ntrick); }
static int pos_max_to_move(const Pos *p) {
    if (p->chooser >= 0) return p->maximisers >> p->chooser & 1;
    return p->maximisers >> pos_turn(p) & 1;
}

/* The key word of effective suit ``s`` worked out from the hands: the holder (seat + 1, 3 bits) of
 * each of its cards in the hands, highest first (rank-relative: the cards played are left out). */
static uint64_t suit_code(const Pos *p, int s) {
    uint64_t code = 0;
    for (int j = 0; j < p->norder[s]; j++) {
        int o = p->owner[p->order[s][j]];
        if (o) code = code << 3 | (uint64_t)o;
    }
    return code;
}

/* Take card ``c`` (of effective suit ``s``) out of the suit's key word: its 3 bits go, the
 * lower cards' bits move up to close the gap. */
static inline void code_remove(Pos *p, int s, int c) {
    int r = p->rank[c];
    int k = popcount64(p->in_hands[s] >> r >> 1); /* cards of the suit in the hands below it */
    uint64_t low = k ? p->code[s] & ((1ull << (3 * k)) - 1) : 0;
    p->code[s] = (p->code[s] >> (3 * k + 3)) << (3 * k) | low;
    p->in_hands[s] &= ~(1u << r);
}

static void pos_key_many(const Pos *p, uint64_t *key);
static inline int joker_facts(const Pos *p, int seat);

static void pos_key_cards(const Pos *p, uint64_t *key) {
    if (p->n > 4) {
        pos_key_many(p, key);
        return;
    }
    uint64_t vk = 0;
    if (p->nt_jokers && !p->joker_lead_any)
        for (int s = 0; s < p->n; s++)
            if (p->hands[s] & p->nt_jokers) vk |= (uint64_t)joker_facts(p, s) << (4 * s);
    uint64_t rest = (uint64_t)p->leader << 1 | (uint64_t)p->broken << 3 | vk << 4 |
                    (uint64_t)(p->chooser + 1) << 58 | (uint64_t)(p->after + 1) << 61;
    if (p->ntrick || p->down) {
        /* within a trick, or while a dummy's card is face down (see "Dummies" below): the hands
         * themselves, bit 0 set, the trick's length telling the two apart */
        for (int s = 0; s < 4; s++) key[s] = s < p->n ? p->hands[s] : 0;
        rest |= 1 | (uint64_t)(p->led + 1) << 20 | (uint64_t)p->ntrick << 23;
        for (int i = 0; i < p->ntrick; i++) rest |= (uint64_t)p->trick[i] << (25 + 6 * i);
        key[4] = rest;
        return;
    }
    /* rank-relative: who holds each live card of each effective suit, in that suit's order */
    for (int s = 0; s < 4; s++) key[s] = p->code[s];
    uint64_t jcode = 0;
    for (int j = 0; j < p->njorder; j++) {
        int o = p->owner[p->jorder[j]];
        if (o) jcode = jcode << 3 | (uint64_t)o;
    }
    key[4] = rest | jcode << 20;
}

/* The key with five or six hands in play (the words above fit four): between tricks the same
 * rank-relative suit words (an owner is 3 bits: seat + 1 <= 6), and a rest word with the leader in
 * 3 bits and, for the no-trump jokers' holders only (at most two jokers), their voids in joker
 * order; within a trick the first three hands, the other hands folded into the fourth word (a
 * within-trick key is only looked up, for the root's first move to test: a collision reorders
 * the moves tested, never a value) and the trick in progress. */
static void pos_key_many(const Pos *p, uint64_t *key) {
    uint64_t vk = 0;
    if (p->nt_jokers && !p->joker_lead_any)
        for (int j = 0; j < p->njorder; j++) {
            int o = p->owner[p->jorder[j]];
            if (o) vk |= (uint64_t)joker_facts(p, o - 1) << (4 * j);
        }
    uint64_t rest = (uint64_t)p->leader << 1 | (uint64_t)p->broken << 4 | (vk & 0xff) << 5 |
                    (uint64_t)(p->chooser + 1) << 58 | (uint64_t)(p->after + 1) << 61;
    if (p->ntrick) {
        key[0] = p->hands[0], key[1] = p->hands[1], key[2] = p->hands[2];
        uint64_t fold = p->hands[3];
        for (int s = 4; s < p->n; s++) fold ^= (p->hands[s] + (uint64_t)s) * 0x9e3779b97f4a7c15ull;
        key[3] = fold;
        rest |= 1 | (uint64_t)(p->led + 1) << 20 | (uint64_t)p->ntrick << 23;
        for (int i = 0; i < p->ntrick; i++) rest |= (uint64_t)p->trick[i] << (26 + 6 * i);
        key[4] = rest;
        return;
    }
    for (int s = 0; s < 4; s++) key[s] = p->code[s];
    uint64_t jcode = 0;
    for (int j = 0; j < p->njorder; j++) {
        int o = p->owner[p->jorder[j]];
        if (o) jcode = jcode << 3 | (uint64_t)o;
    }
    key[4] = rest | jcode << 20;
}

/* Dummies (Five Hundred for two): each dummy holds face-down cards, each under a face-up cover;
 * a face-down card is not played, and does not oblige its dummy to follow suit, until the trick
 * its cover went in is over (then it is turned up: down_turn_up at each trick's end, taken back
 * by pos_undo).  ``down`` holds the face-down cards still covered; ``pinned`` those and their
 * covers, which are never twins of another card (playing a cover turns a card up, playing a
 * face-down card's neighbour does not); ``under`` the card under each cover.  While a card is
 * face down: allowed_cards leaves it out, a dummy holding one is not shown void by a card off the
 * suit led (as the engine), the bounds are the trivial ones (the others read every card in a hand
 * as playable) and the last trick is searched, and the key is the hands themselves
 * (pos_key_cards): which cards are face down follows from the hands (a card under a cover still
 * in a hand or in the trick in progress), given the cover pairs, which the table's context holds
 * (down_load); rank-relative keys would not tell which card is the face-down one. */

/* The cards whose cover went in the trick just completed turn face up. */
static void down_turn_up(Pos *p) {
    for (int i = 0; i < p->ntrick; i++) {
        int c = p->trick[i], u = p->under[c];
        if (u >= 0 && (p->down >> u & 1)) {
            p->down &= ~(1ull << u);
            p->pinned &= ~(1ull << u | 1ull << c);
        }
    }
}

/* Read the cover pairs ``covers`` (a sequence of (cover, card under it) compact indices, one per
 * card still face down; None or empty: no dummies) into ``p`` (after the hands and the trick):
 * the card under lies in a hand, its cover in the same hand or in the trick in progress, played
 * by that hand; at most four hands.  Mixes the pairs into the table's context ``*ctx``.  -1 with
 * an exception. */
static int down_load(Pos *p, PyObject *covers, int m, uint64_t *ctx) {
    for (int c = 0; c < MAX_CARDS; c++) p->under[c] = -1;
    p->down = p->pinned = 0;
    if (covers == NULL || covers == Py_None) return 0;
    PyObject *fast = PySequence_Fast(covers, "covers");
    if (fast == NULL) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    uint64_t h = *ctx;
    for (Py_ssize_t i = 0; i < k; i++) {
        int pair[2];
        if (read_ints(PySequence_Fast_GET_ITEM(fast, i), pair, 2, "covers") < 0) { Py_DECREF(fast); return -1; }
        int c = pair[0], u = pair[1], holder = -1, by = -1;
        if (c < 0 || c >= m || u < 0 || u >= m || c == u || p->under[c] >= 0 || (p->down >> u & 1) ||
            (p->down >> c & 1) || p->under[u] >= 0) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "covers: (cover, card under it) pairs of distinct cards of the ids");
            return -1;
        }
        for (int s = 0; s < p->n; s++) {
            if (p->hands[s] >> u & 1) holder = s;
            if (p->hands[s] >> c & 1) by = s;
        }
        for (int j = 0; j < p->ntrick; j++)
            if (p->trick[j] == c) by = (p->leader + j) % p->n;
        if (holder < 0 || by != holder || p->n > 4) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError,
                            "covers: the card under a cover must be in a hand (of at most four) and its cover in it or played by it to the trick");
            return -1;
        }
        p->under[c] = u;
        p->down |= 1ull << u;
        p->pinned |= 1ull << u | 1ull << c;
        h = (h ^ (uint64_t)(c << 8 | u)) * 0x100000001B3ull;
    }
    Py_DECREF(fast);
    if (k) *ctx = h ? h : 1;
    return 0;
}

/* The covers of the call in progress of values_tricks_down (NULL: values_tricks, no dummies). */
static PyObject *pending_covers = NULL;

/* -- Joker leads and the exact target ------------------------------------------------------
 * joker_lead=not_void_unless_alone and first_or_last (the suits a led no-trump joker may name:
 * joker_lead_mask, a port of prikup.games.five_hundred.joker_lead_suits, the game's one rule),
 * and the exact target of Five Hundred's Hi/Lo (TrickPosition's ``target``: the value is 1 when
 * the count seats end exactly ``need`` more tricks on, else 0; play stops, ``broken``, once they
 * have passed it or can no longer reach it; the trick bounds of a count that is maximised do not
 * hold for it, target_bounds replaces them). */

/* What decides a joker holder's named suits besides his hand (part of the key): the suits he has
 * played under first_or_last, else those he has shown void in. */
static inline int joker_facts(const Pos *p, int seat) { return p->first_or_last ? p->played[seat] : p->voids[seat]; }

/* The suits (a bit per suit) a no-trump joker led by ``seat`` may name under the not_void rules
 * and first_or_last (joker_lead_suits of the game: under first_or_last a suit he has played no
 * card of or holds none of, possibly none; not_void_unless_alone: any when he holds jokers only;
 * not_void: a suit not shown void, all four when he has shown void in all). */
static int joker_lead_mask(const Pos *p, int seat) {
    uint64_t hand = p->hands[seat];
    if (p->joker_alone && !(hand & ~p->nt_jokers)) return 15;
    if (p->first_or_last) {
        int held = 0;
        for (int s = 0; s < 4; s++)
            if (hand & p->suits[s]) held |= 1 << s;
        return (~p->played[seat] | ~held) & 15;
    }
    int allowed = ~p->voids[seat] & 15;
    return allowed ? allowed : 15;
}

/* first_or_last: ``seat`` plays ``card`` (``move``): the suit it shows played, as the engine
 * counts them (its own; a joker's only the suit it names when led), saved for pos_undo in ``u``. */
static inline void played_note(Pos *p, int u, int seat, int move, int card) {
    p->u_played[u] = p->played[seat];
    int suit = (p->nt_jokers >> card & 1) ? (move >= p->named ? move / p->named - 1 : -1) : p->lead_suit[card];
    if (suit >= 0) p->played[seat] |= 1 << suit;
}

/* A trick is over in a target position (``counted``: the count seats took it): 1 when it was the
 * last and they end exactly at the target; play stops (0) once they have passed it or cannot
 * reach it with the tricks left. */
static int target_trick(Pos *p, int counted) {
    p->need -= counted;
    if (!p->left) return p->need == 0;
    if (p->need < 0 || p->need > p->left / p->n) p->broken = 1;
    return 0;
}

/* A target position's bounds: 0 and 1, or 0 and 0 when the target is out of reach: fewer tricks
 * left than wanted, or (between tricks) the hand holding the highest trump takes a trick with
 * each card of its run of top trumps whatever anyone plays, which passes the target when it
 * counts and leaves too few tricks for the count when it does not. */
static void target_bounds(const Pos *p, int *lo, int *hi) {
    int t = (p->left + p->ntrick) / p->n;
    *lo = 0;
    *hi = p->need >= 0 && p->need <= t;
    if (!*hi || p->ntrick || !p->trump) return;
    int holder;
    int k = popcount64(top_trumps(p->hands, p->n, p->trump, p->strength, &holder));
    if (k && (p->count >> holder & 1 ? k > p->need : t - k < p->need)) *hi = 0;
}

/* Suit-symmetric layouts (p->symmetric: no trumps and no no-trump jokers, so the rules treat the
 * four effective suits alike): between tricks the four suits' key words are sorted, one key for
 * every position that is another's with its suits renamed (and the same value: the i-th live card
 * of a suit maps to the i-th of the suit it is renamed to).  The table's best move of such an
 * entry may then be a card of the other suit: it only orders the moves.  Measured over 100
 * preferans deals (value + best first lead) at seeds 0 and 1000: all nodes 3.22M -> 3.09M and
 * 3.20M -> 3.06M, the slowest deal (seed 87) 285k -> 258k nodes. */
static inline void key_sort_suits(uint64_t *key) {
    for (int i = 1; i < 4; i++) {
        uint64_t v = key[i];
        int j = i - 1;
        for (; j >= 0 && key[j] > v; j--) key[j + 1] = key[j];
        key[j + 1] = v;
    }
}

static void pos_key(const Pos *p, uint64_t *key) {
    pos_key_cards(p, key);
    if (p->symmetric && !p->ntrick && !p->down) key_sort_suits(key);
    /* the target's tricks still wanted, in bits no other field uses (52-55 with four hands at
     * most and ten jokers at most, 13-16 with more hands) */
    if (p->target) key[4] |= (uint64_t)(p->need & 15) << (p->n > 4 ? 13 : 52);
}

static uint64_t allowed_cards(const Pos *p, int seat) {
    uint64_t hand = p->hands[seat] & ~p->down; /* a dummy's face-down cards are not played */
    if (!p->ntrick) return hand;
    uint64_t led = p->suits[p->led];
    uint64_t same = hand & led, allowed;
    if (same)
        allowed = same;
    else if (p->must_trump && (hand & p->trump))
        allowed = hand & p->trump;
    else
        allowed = hand;
    if (p->joker_any_time && p->nt_jokers && (hand & led)) allowed |= hand & p->nt_jokers;
    return allowed;
}

/* The suits a no-trump joker led by ``seat`` may name (possibly none under first_or_last). */
static int joker_names(const Pos *p, int seat, int *out) {
    int n = 0, allowed = p->joker_lead_any ? 15 : joker_lead_mask(p, seat);
    for (int s = 0; s < 4; s++)
        if (allowed >> s & 1) out[n++] = s;
    return n;
}

static int trick_win(const Pos *p, const int *trick, int n, uint64_t led) {
    int best = 0, bc = trick[0];
    int bt = (int)(p->trump >> bc & 1);
    for (int i = 1; i < n; i++) {
        int c = trick[i];
        if (p->trump >> c & 1) {
            if (!bt || p->strength[c] > p->strength[bc]) { best = i; bc = c; bt = 1; }
        } else if (!bt && (led >> c & 1) && p->strength[c] > p->strength[bc]) {
            best = i; bc = c;
        }
    }
    return best;
}

static int pos_legal_moves(Pos *p, int *out) {
    if (p->chooser >= 0) {
        out[0] = p->choice[0];
        out[1] = p->choice[1];
        return 2;
    }
    int seat = pos_turn(p);
    uint64_t allowed = allowed_cards(p, seat);
    int n = 0;
    for (uint64_t m = allowed; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        if (!p->ntrick && (p->nt_jokers >> c & 1)) {
            int names[4];
            int k = joker_names(p, seat, names);
            for (int i = 0; i < k; i++) out[n++] = c + p->named * (names[i] + 1);
        } else {
            out[n++] = c;
        }
    }
    return n;
}

/* Whether ``winner`` taking a trick is what ``seat``'s side wants. */
static inline int wants(const Pos *p, int seat, int winner) {
    return (p->count >> winner & 1) == (p->maximisers >> seat & 1);
}

/* Whether a seat after ``seat`` in the trick in progress may beat ``best`` (a guess for the
 * move order: one following suit with a higher card, or holding no card of the suit led and a
 * trump, or a no-trump joker). */
static int beatable(const Pos *p, int seat, int best, uint64_t led) {
    int best_trump = (int)(p->trump >> best & 1);
    for (int k = (seat - p->leader + p->n) % p->n + 1; k < p->n; k++) {
        uint64_t h = p->hands[(p->leader + k) % p->n];
        if (h & p->nt_jokers) return 1;
        for (uint64_t m = h & (led | p->trump); m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (p->trump >> c & 1) {
                if ((!best_trump && !(h & led)) || (best_trump && p->strength[c] > p->strength[best])) return 1;
            } else if (!best_trump && p->strength[c] > p->strength[best]) {
                return 1;
            }
        }
    }
    return 0;
}


/* The side that must avoid tricks (raspasy, a misère played in preferans): one seat ``avoid``
 * counts, minimising, every other seat maximises, and there is no trump nor joker, so a trick
 * goes to the highest card of the suit led.  Per effective suit, ``places`` are a hand's cards
 * as places in the suit's order (bit 0: the highest card); a hand's lowest card is its highest
 * bit.  An *exit* of the avoider is a card of a suit that some other hand holds only higher
 * cards of: led, that hand must follow above it. */
static void avoid_set(Pos *p) {
    p->avoid = -1;
    int all = (1 << p->n) - 1;
    if (p->trump || p->nt_jokers || popcount64((uint64_t)p->count) != 1) return;
    if (p->maximisers != (all & ~p->count)) return;
    p->avoid = __builtin_ctz((unsigned)p->count);
}

static inline uint32_t seat_places(const Pos *p, int s, int seat) { return p->held[seat][s]; }

static inline int low_place(uint32_t m) { return 31 - __builtin_clz(m); }

/* Between tricks, the avoider's facts: ``*exit``: he holds an exit; ``*all_low``: every card of
 * his is lower than every card of its suit in the other hands; ``*forced``: the leader, another
 * seat, can lead a card the avoider must win (a suit the avoider holds, the leader's lowest card
 * of it below his lowest, and each other hand void in it or holding a card below his lowest);
 * ``*ducks``: the leader, another seat, can lead nothing the avoider cannot play under (in each
 * suit both hold, his lowest card is below the leader's lowest, or he plays third and the hand
 * between them holds only cards of it above his lowest). */
static void avoid_facts(const Pos *p, int *exit, int *all_low, int *forced, int *ducks) {
    int d = p->avoid;
    *exit = 0;
    *all_low = 1;
    *forced = 0;
    /* ducks: another seat leads, and the avoider can play under whatever it leads */
    *ducks = p->leader != d;
    if (*ducks) {
        int second = (p->leader + 1) % p->n == d;
        for (int s = 0; s < 4 && *ducks; s++) {
            uint32_t lm = seat_places(p, s, p->leader), dm = seat_places(p, s, d);
            if (!lm || !dm) continue;
            if (low_place(dm) > low_place(lm)) continue; /* his lowest is below the leader's lowest */
            if (!second) {
                int o = (p->leader + 1) % p->n;
                uint32_t om = seat_places(p, s, o);
                if (om && low_place(om) < low_place(dm)) continue; /* o must go above his lowest */
            }
            *ducks = 0;
        }
    }
    for (int s = 0; s < 4; s++) {
        uint32_t dm = seat_places(p, s, d);
        if (!dm) continue;
        int dlow = low_place(dm), others_low = -1, forcing = p->leader != d;
        for (int o = 0; o < p->n; o++) {
            if (o == d) continue;
            uint32_t om = seat_places(p, s, o);
            if (!om) {
                if (o == p->leader) forcing = 0;
                continue;
            }
            int olow = low_place(om);
            if (olow > others_low) others_low = olow;
            if (olow < dlow) *exit = 1;
            if (olow <= dlow) forcing = 0; /* no card below the avoider's lowest */
        }
        if (__builtin_ctz(dm) < others_low) *all_low = 0;
        if (forcing) *forced = 1;
    }
}



/* Whether seats ``a`` and ``b`` are of one side (both count or not, both maximise or not). */
static inline int same_side(const Pos *p, int a, int b) {
    return !(((p->count >> a ^ p->count >> b) | (p->maximisers >> a ^ p->maximisers >> b)) & 1);
}

/* Leads ordered by what they do (lead_weights): 1; 0: the game's own order (top cards first, trumps
 * first, then the lowest cards).  Measured over 100 Five Hundred deals (value + best first lead,
 * fresh table) at seeds 0 / 1000 / 2000, together with trick_decided (a few % of it): median nodes
 * 38k -> 19k, 51k -> 17k, 52k -> 25k, all nodes 10.9M -> 5.2M, 10.1M -> 4.5M, 11.8M -> 5.8M; the
 * slowest deal 761k -> 494k, 797k -> 355k, 1.30M -> 876k (it lowers the median more than the
 * slowest deals: the worst deal is a larger multiple of the median than before).  With five and six
 * hands too (see "Five and six hands" below). */
#ifndef LEAD_WEIGHTS
#define LEAD_WEIGHTS 1
#endif

/* The lead order of a seat wanting tricks with four to six hands in play (two sides), by what
 * each lead does, as double-dummy solvers order leads: per effective suit, from who holds its
 * highest and second-highest live cards and who can ruff it (void in it and holding a trump or a
 * no-trump joker, or a joker playable at any time).  Highest first: a no-trump joker; the top
 * trump while the other side still holds a trump (drawing them); the top card of a plain suit
 * nobody of the other side can ruff; a low card to a partner's top card nobody of the other side
 * can ruff; a low card of a suit a partner can ruff and nobody of the other side can; then the
 * other suits: one led through the next seat's top card to a partner's second card first, one
 * whose top or second card the last seat to play holds (leading into its tenace) or the other
 * side can ruff last, and fewer cards of the suit in the other side's hands first (fewer replies
 * to search); within a suit the lowest card first.  The top trump when the other side holds none
 * comes after the plain suits' low leads (it is kept to ruff with: leading it first measured 20%
 * more nodes in all, the median 1.2-1.5 times).  ``w`` gets one weight a card, higher first. */
static void lead_weights(const Pos *p, int seat, const int *cards, int ncards, int *w) {
    uint64_t ruffs = p->trump | p->nt_jokers;
    int n = p->n, lho = (seat + 1) % n, rho = (seat + n - 1) % n;
    int suit_w[4], cash_w[4], top[4];
    for (int x = 0; x < 4; x++) {
        suit_w[x] = cash_w[x] = 0;
        top[x] = -1;
        uint32_t m = p->in_hands[x];
        if (!m || !(p->hands[seat] & p->suits[x])) continue;
        top[x] = p->order[x][__builtin_ctz(m)];
        int o1 = p->owner[top[x]] - 1;
        uint32_t m2 = m & (m - 1);
        int o2 = m2 ? p->owner[p->order[x][__builtin_ctz(m2)]] - 1 : -1;
        int opp_ruff = 0, par_ruff = 0, opp_len = 0;
        for (int s = 0; s < n; s++) {
            if (s == seat) continue;
            uint64_t h = p->hands[s];
            int can_ruff = x != p->ts && (h & ruffs) && (!(h & p->suits[x]) || (p->joker_any_time && (h & p->nt_jokers)));
            if (same_side(p, s, seat)) {
                par_ruff |= can_ruff;
            } else {
                opp_ruff |= can_ruff;
                opp_len += popcount64(h & p->suits[x]);
            }
        }
        int safe = x == p->ts || !opp_ruff;
        if (o1 == seat && safe) cash_w[x] = x != p->ts ? 200 : opp_len ? 250 : 90;
        if (o1 != seat && same_side(p, o1, seat) && safe) {
            suit_w[x] = 150;
        } else if (par_ruff && !opp_ruff) {
            suit_w[x] = 130;
        } else {
            int b = 100 - opp_len;
            if (opp_ruff) b -= 30;
            if (o1 == lho && o2 >= 0 && o2 != seat && same_side(p, o2, seat)) b += 15;
            if ((o1 == rho || o2 == rho) && !same_side(p, rho, seat)) b -= 10;
            suit_w[x] = b;
        }
    }
    for (int i = 0; i < ncards; i++) {
        int c = cards[i], x = p->lead_suit[c];
        if (x < 0) w[i] = (p->nt_jokers >> c & 1) ? 260 * 32 : 0;
        else if (c == top[x] && cash_w[x]) w[i] = cash_w[x] * 32;
        else w[i] = suit_w[x] * 32 + p->rank[c];
    }
}

/* Whether the avoider, holding the places ``dm`` of a suit whose other live places (the other
 * hands') are ``om``, can answer every lead of it by the other hands with a lower card of his while
 * he holds one (``duck_safe``): the i-th lowest of their cards has at least i of his below it, for
 * i up to the fewer of his cards and theirs.  This is the exact condition of the suit alone, the
 * other hands leading its cards in any order and he playing his highest card below each (checked
 * by brute force on every split of suits of 8 and 10 cards); it stays true as they play or throw
 * cards of it, and as he plays his highest card of it below a lead or throws his highest.
 * Solving the suit exactly with the two hands apart (the hand that follows a lead must play a card
 * of it, and may have to go above his; a table of every split of up to 10 live cards, worked out
 * when met) found 13% more suits safe but saved only 2.5% of the nodes for 5% more CPU time, and
 * nothing at seed 87: left out. */
static inline int duck_safe(uint32_t dm, uint32_t om) {
    int k = popcount64(dm), i = 0;
    for (; om && i < k; om &= ~(1u << low_place(om))) {
        int q = low_place(om); /* their lowest card left in the count, a place (bit 0: the highest) */
        i++;
        if (popcount64(dm >> q >> 1) < i) return 0;
    }
    return 1;
}

/* How many leads of a suit by the other hands the avoider, holding its places ``dm`` (the other
 * hands holding ``om``), surely plays under, up to ``cap`` (``cap`` when every one: duck_safe): the
 * i-th lowest of their cards must have at least i of his below it for each i up to the count
 * (Hall's condition for the i lowest cards they could lead; he answers each lead with his highest
 * card below it).  The count stays as large as they play or throw cards of the suit, and as he
 * throws his highest card of it (checked by brute force on every split of a suit of 8 cards, the
 * other hands also taking any one card of theirs out with each lead). */
static inline int duck_count(uint32_t dm, uint32_t om, int cap) {
    int k = popcount64(dm), i = 0;
    for (; om && i < k && i < cap; om &= ~(1u << low_place(om))) {
        int q = low_place(om);
        i++;
        if (popcount64(dm >> q >> 1) < i) return i - 1;
    }
    return cap;
}

/* The avoider's losses after a trick he loses (another seat on lead next), up to ``cap``: the fewest
 * duck_count of his suits.  Each of the next K tricks is led by another seat; one of a suit he
 * holds is at most the K-th lead of that suit, and he plays under it; void, he throws his highest
 * card of a suit, which keeps every count: so he never takes the lead back.  ``under``: when he is
 * still to play to this trick, the places of his cards of the suit led (p->led) he may play under
 * the card taking it, the best of them taken (0: he has played, or throws). */
static int avoid_losses_after(const Pos *p, uint32_t under, int cap) {
    int d = p->avoid, least = cap, ls = under ? p->led : -1;
    /* most positions have a suit whose lowest lead he cannot play under: that first, every suit */
    for (int s = 0; s < 4; s++) {
        uint32_t dm = p->held[d][s], om = p->in_hands[s] & ~dm;
        if (s != ls && dm && om && low_place(dm) < low_place(om)) return 0;
    }
    for (int s = 0; s < 4 && least > 0; s++) {
        if (s == ls) continue;
        int k = duck_count(p->held[d][s], p->in_hands[s] & ~p->held[d][s], least);
        if (k < least) least = k;
    }
    if (ls < 0 || least == 0) return least;
    uint32_t dm = p->held[d][ls], om = p->in_hands[ls] & ~dm;
    int best = 0;
    for (; under && best < least; under &= under - 1) {
        int k = duck_count(dm & ~(under & -under), om, least);
        if (k > best) best = k;
    }
    return best;
}

/* Between tricks: how many of the next tricks the avoider surely loses, up to ``cap``.  Another seat
 * on lead: avoid_losses_after.  He on lead: one more than that after an exit (a card of a suit some
 * other hand holds only higher cards of: it must go above), the best exit of his. */
static int avoid_losses(const Pos *p, int cap) {
    if (p->leader != p->avoid) return avoid_losses_after(p, 0, cap);
    int d = p->avoid, best = -1;
    if (cap <= 1) { /* an exit is enough */
        for (int s = 0; s < 4; s++) {
            uint32_t dm = p->held[d][s];
            if (!dm) continue;
            for (int o = 0; o < p->n; o++) {
                uint32_t m = o == d ? 0 : p->held[o][s];
                if (m && low_place(m) < low_place(dm)) return cap;
            }
        }
        return 0;
    }
    int k[4], open = -1;
    uint32_t dms[4], oms[4];
    for (int s = 0; s < 4; s++) {
        dms[s] = p->held[d][s];
        oms[s] = p->in_hands[s] & ~dms[s];
        if (dms[s] && oms[s] && low_place(dms[s]) < low_place(oms[s])) { /* no duck of their lowest */
            if (open >= 0) return avoid_losses(p, 1); /* two such suits: an exit mends one at most */
            open = s;
        }
    }
    for (int s = 0; s < 4; s++) k[s] = duck_count(dms[s], oms[s], cap - 1);
    for (int s = 0; s < 4 && best < cap - 1; s++) {
        if (!dms[s] || (open >= 0 && s != open)) continue;
        int top_low = 32; /* the highest of the lowest cards of the other hands holding the suit, a place */
        for (int o = 0; o < p->n; o++) {
            uint32_t m = o == d ? 0 : p->held[o][s];
            if (m && low_place(m) < top_low) top_low = low_place(m);
        }
        int rest = cap - 1;
        for (int x = 0; x < 4; x++)
            if (x != s && k[x] < rest) rest = k[x];
        if (rest <= best) continue;
        for (uint32_t m = dms[s]; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            if (c <= top_low) continue;
            int v = duck_count(dms[s] & ~(1u << c), oms[s], rest);
            if (v > best) best = v;
        }
    }
    return best + 1;
}

/* The avoider's move order where it differs from the others' (the keys of pos_moves, lowest
 * first).  Throwing (void in the suit led): first the highest card of a suit that is not
 * duck_safe (it makes the suit safe soonest), then the others highest
 * first as before.  Leading: first the exits whose suit is still duck_safe without them
 * (avoid_losses's lead), highest first, then the cards that are no exit lowest first, then the other
 * exits lowest first.  Measured over 100 preferans deals (value + best first lead): all nodes
 * 2.72M -> 2.50M (seed 0) and 2.78M -> 2.60M (seed 1000), median 16.1k -> 16.3k and 19.5k ->
 * 17.7k, the slowest deals 216k -> 173k (seed 87) and 145k -> 115k (seed 1101).  Each half alone:
 * the throws 2.60M / 2.60M, the leads 2.66M / 2.76M (seed 87 180k); the good exits lowest first
 * 2.55M / 2.60M, seed 87 180k. */
static void avoid_throw_keys(const Pos *p, const int *cards, int ncards, int *keys1) {
    for (int i = 0; i < ncards; i++) {
        int c = cards[i], s = p->lead_suit[c];
        uint32_t dm = seat_places(p, s, p->avoid), om = p->in_hands[s] & ~dm;
        keys1[i] = !(p->rank[c] == __builtin_ctz(dm) && !duck_safe(dm, om));
    }
}

/* The avoider playing last to a trick of a suit he holds, with one card of it below the trick's
 * highest (the rest above): when ducking with it leaves the suit not duck_safe (other hands can
 * then lead it under all his cards), he first tries to take the trick with his highest card,
 * keeping the low card (he will lead an exit or be led to again), then the duck.  The cut-off move
 * there was the taking card in every such node of seed 87 that the duck first did not cut off
 * (604 nodes, 35k nodes spent on the failed ducks).  Measured over 100 preferans deals (value + best
 * first lead, fresh table): seed 0 all nodes 2.50M -> 2.40M, median 16.3k -> 15.4k, seed 87
 * 173k -> 93k (the slowest now seed 19, 142k = 9.2x the median); seed 1000 2.60M -> 2.61M,
 * median 17.7k -> 17.5k, the slowest 6.5x -> 7.3x (seed 1101: 116k -> 128k); seed 2000 2.99M
 * -> 2.95M, median 17.3k -> 17.1k.  Without the duck_safe condition (any lone low card): seed 0
 * 2.45M, seed 1000 2.64M; with it for any number of low cards (the highest of them ducking):
 * 2.43M, 2.66M, 3.00M. */
#ifndef AVOID_LAST
#define AVOID_LAST 1
#endif

static void avoid_lead_keys(const Pos *p, const int *cards, int ncards, int *keys1, int *keys2) {
    int d = p->avoid, top_low[4]; /* per suit, the highest of the lowest cards of the other hands holding it, a place */
    for (int s = 0; s < 4; s++) {
        top_low[s] = 32;
        for (int o = 0; o < p->n; o++) {
            uint32_t m = o == d ? 0 : p->held[o][s];
            if (m && low_place(m) < top_low[s]) top_low[s] = low_place(m);
        }
    }
    for (int i = 0; i < ncards; i++) {
        int c = cards[i], s = p->lead_suit[c], r = p->rank[c];
        uint32_t dm = p->held[d][s];
        int exit = r > top_low[s], good = exit && duck_safe(dm & ~(1u << r), p->in_hands[s] & ~dm);
        keys1[i] = good ? 0 : exit ? 2 : 1;
        keys2[i] = good ? -p->strength[c] : p->strength[c];
    }
}

static int pos_moves(Pos *p, Move *out) {
    if (p->chooser >= 0) { /* the choice changes nothing: one of its moves is searched */
        out[0].move = p->choice[0];
        out[0].group = -1;
        out[0].points = 0;
        return 1;
    }
    int seat = pos_turn(p);
    uint64_t allowed = allowed_cards(p, seat);
    uint64_t hand = p->hands[seat] & ~p->pinned; /* a face-down card or its cover is no twin */
    int group[MAX_CARDS];
    int cards[MAX_CARDS], keys1[MAX_CARDS], keys2[MAX_CARDS], ncards = 0;
    for (uint64_t m = allowed; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        group[c] = -1;
        cards[ncards++] = c;
    }
    /* per effective suit, the places (in its order) of its live cards: in the hands or the trick */
    uint32_t places[4] = {p->in_hands[0], p->in_hands[1], p->in_hands[2], p->in_hands[3]};
    for (int i = 0; i < p->ntrick; i++) {
        int c = p->trick[i], cs = p->lead_suit[c];
        if (cs >= 0) places[cs] |= 1u << p->rank[c];
    }
    for (int s = 0; s < 4; s++) {
        /* a group needs two cards of the suit: with one there is nothing to tell apart */
        uint64_t rest = allowed & p->suits[s];
        if (!(rest & (rest - 1))) continue;
        int top = -1;
        for (uint32_t m = places[s]; m && rest; m &= m - 1) {
            int c = p->order[s][__builtin_ctz(m)];
            if (hand >> c & 1) {
                if (top < 0) top = c;
                group[c] = top;
                rest &= ~(1ull << c);
            } else {
                top = -1;
            }
        }
    }
    const int *strength = p->strength;
    uint64_t trump = p->trump;
    if (p->ntrick) {
        uint64_t led = p->suits[p->led];
        int win = trick_win(p, p->trick, p->ntrick, led);
        int best = p->trick[win];
        int best_trump = (int)(trump >> best & 1);
        int winner_now = seat_mod(p, p->leader + win);
        int mode; /* 0: (beats, strength)  1: (not beats, strength)  2: (beats, -strength) */
        if (wants(p, seat, seat))
            mode = wants(p, seat, winner_now) && (p->ntrick == p->n - 1 || !beatable(p, seat, best, led)) ? 0 : 1;
        else
            mode = 2;
        for (int i = 0; i < ncards; i++) {
            int c = cards[i], beats;
            if (trump >> c & 1)
                beats = !best_trump || strength[c] > strength[best];
            else
                beats = !best_trump && (led >> c & 1) && strength[c] > strength[best];
            keys1[i] = mode == 1 ? !beats : beats;
            keys2[i] = mode == 2 ? -strength[c] : strength[c];
        }
        if (AVOID_LAST && p->avoid == seat && p->ntrick == p->n - 1 && (p->hands[seat] & led)) {
            int low = 0; /* his cards under the trick's highest: keys1 0 (mode 2) */
            for (int i = 0; i < ncards; i++) low += !keys1[i];
            uint32_t dm = p->held[seat][p->led], om = p->in_hands[p->led] & ~dm;
            if (low == 1 && ncards > 1 && !duck_safe(dm & ~(1u << low_place(dm)), om))
                for (int i = 0; i < ncards; i++) keys1[i] = !keys1[i];
        }
        if (p->avoid == seat && !(p->hands[seat] & led)) avoid_throw_keys(p, cards, ncards, keys1);
    } else {
        /* a leader wanting tricks first cashes the top cards of their suits (trumps first,
         * highest first), then leads the others lowest first (towards a partner, keeping his
         * own high cards); one wanting none leads lowest first (trumps last) */
        int mine = wants(p, seat, seat);
        if (p->avoid == seat) {
            avoid_lead_keys(p, cards, ncards, keys1, keys2);
            mine = -1;
        } else if (LEAD_WEIGHTS && mine && p->n >= 4) {
            lead_weights(p, seat, cards, ncards, keys2);
            for (int i = 0; i < ncards; i++) {
                keys1[i] = 0;
                keys2[i] = -keys2[i];
            }
            mine = -1;
        }
        for (int i = 0; i < ncards && mine >= 0; i++) {
            int c = cards[i];
            int t = (trump >> c & 1) ? 64 : 0;
            if (mine) {
                int s = p->lead_suit[c];
                int top = s >= 0 && p->order[s][__builtin_ctz(places[s])] == c;
                keys1[i] = !top;
                keys2[i] = top ? -strength[c] - t : strength[c] + t;
            } else {
                keys1[i] = strength[c] + t;
                keys2[i] = 0;
            }
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
    for (int i = 0; i < ncards; i++) {
        int c = cards[i];
        if (!p->ntrick && (p->nt_jokers >> c & 1)) {
            int names[4];
            int k = joker_names(p, seat, names);
            for (int j = 0; j < k; j++) {
                out[n].move = c + p->named * (names[j] + 1);
                out[n].group = -1;
                out[n].points = 0;
                n++;
            }
        } else {
            out[n].move = c;
            out[n].group = group[c];
            out[n].points = 0;
            n++;
        }
    }
    return n;
}

static int pos_play(Pos *p, int move) {
    int u = p->nundo++;
    p->u_chooser[u] = p->chooser;
    p->u_after[u] = p->after;
    p->u_choice[u] = move >= 5 * p->named;
    if (p->u_choice[u]) { /* the choice: only the turn changes */
        p->chooser = -1;
        return 0;
    }
    int seat = pos_turn(p);
    int card = move < p->named ? move : move % p->named;
    p->u_leader[u] = p->leader;
    memcpy(p->u_trick[u], p->trick, sizeof(p->trick));
    p->u_ntrick[u] = p->ntrick;
    p->u_led[u] = p->led;
    p->u_void[u] = p->voids[seat];
    p->u_broken[u] = p->broken;
    p->u_down[u] = p->down;
    p->u_pinned[u] = p->pinned;
    p->u_need[u] = p->need;
    if (p->first_or_last) played_note(p, u, seat, move, card);
    p->u_seat[u] = seat;
    p->u_card[u] = card;
    if (!p->ntrick)
        p->led = move >= p->named ? move / p->named - 1 : p->lead_suit[card];
    else if (!(p->suits[p->led] >> card & 1) && !(p->joker_any_time && (p->nt_jokers >> card & 1)) &&
             !(p->hands[seat] & p->down)) /* a dummy's face-down cards may hold the suit */
        p->voids[seat] |= 1 << p->led;
    p->hands[seat] &= ~(1ull << card);
    p->owner[card] = 0;
    int cs = p->lead_suit[card];
    if (cs >= 0) {
        p->u_code[u] = p->code[cs];
        code_remove(p, cs, card);
        p->held[seat][cs] &= ~(1u << p->rank[card]);
    }
    p->trick[p->ntrick++] = card;
    p->left--;
    if (p->after >= 0) {
        p->chooser = p->after;
        p->after = -1;
    }
    if (p->ntrick < p->n) return 0;
    if (p->down) down_turn_up(p);
    int winner = seat_mod(p, p->leader + trick_win(p, p->trick, p->ntrick, p->suits[p->led]));
    p->leader = winner;
    p->ntrick = 0;
    p->led = -1;
    if (p->target) return target_trick(p, p->count >> winner & 1);
    if (p->count >> winner & 1) {
        if (p->stop) p->broken = 1;
        return 1;
    }
    return 0;
}

static void pos_undo(Pos *p) {
    int u = --p->nundo;
    p->chooser = p->u_chooser[u];
    p->after = p->u_after[u];
    if (p->u_choice[u]) return;
    int seat = p->u_seat[u], card = p->u_card[u];
    p->hands[seat] |= 1ull << card;
    p->owner[card] = seat + 1;
    int cs = p->lead_suit[card];
    if (cs >= 0) {
        p->code[cs] = p->u_code[u];
        p->in_hands[cs] |= 1u << p->rank[card];
        p->held[seat][cs] |= 1u << p->rank[card];
    }
    p->leader = p->u_leader[u];
    memcpy(p->trick, p->u_trick[u], sizeof(p->trick));
    p->ntrick = p->u_ntrick[u];
    p->led = p->u_led[u];
    p->voids[seat] = p->u_void[u];
    p->broken = p->u_broken[u];
    p->need = p->u_need[u];
    if (p->first_or_last) p->played[seat] = p->u_played[u];
    p->left++;
    if (p->u_down[u] != p->down) {
        p->down = p->u_down[u];
        p->pinned = p->u_pinned[u];
    }
}

/* History ordering at leads: fewer nodes with three hands (preferans), a much longer tail of
 * slow deals with four (Five Hundred), measured by bench/bench_solver.py.  With five or six hands
 * (MANY_HISTORY 1) it was mixed, total nodes of value + best lead over 10 deals (bench_solver
 * --forms): from 7 cards in hand five hands 1.02M -> 0.14M, two teams of three 1.22M -> 1.00M,
 * three pairs 6.28M -> 9.02M; whole five-hand deals 9.5M -> 11.8M: off. */
#ifndef MANY_HISTORY
#define MANY_HISTORY 0
#endif
static int pos_history(const Pos *p) { return p->n == 3 || (MANY_HISTORY && p->n > 4); }

static int pos_last_trick(const Pos *p) {
    if (p->ntrick || p->left != p->n || p->broken || p->chooser >= 0 || p->after >= 0 || p->down) return -1;
    int t[MAX_SEATS];
    for (int i = 0; i < p->n; i++) t[i] = __builtin_ctzll(p->hands[(p->leader + i) % p->n]);
    int led = p->lead_suit[t[0]];
    /* a no-trump joker led names a suit; it is a trump, so it takes the trick whatever it names */
    int winner = (p->leader + trick_win(p, t, p->n, led >= 0 ? p->suits[led] : 0)) % p->n;
    int counted = p->count >> winner & 1;
    return p->target ? p->need == counted : counted;
}

/* An effective suit's run of highest live cards between tricks: its highest card, the hand
 * holding it (-1: none live), and that hand's cards from the top down to the first live card of
 * another hand (the ``top_run`` of cards.h, read from the places held instead of the strengths). */
typedef struct {
    int top, holder, len;
    uint64_t run;
} Run;

#define TRUMP_RUN 4 /* runs[TRUMP_RUN]: the trumps' run (a suit's, or the no-trump jokers') */
static void suit_runs(const Pos *p, Run *runs) {
    for (int s = 0; s < 4; s++) {
        Run *r = &runs[s];
        uint32_t m = p->in_hands[s];
        r->top = r->holder = -1;
        r->len = 0;
        r->run = 0;
        if (!m) continue;
        r->top = p->order[s][__builtin_ctz(m)];
        int h = p->owner[r->top];
        r->holder = h - 1;
        for (; m; m &= m - 1) {
            int c = p->order[s][__builtin_ctz(m)];
            if (p->owner[c] != h) break;
            r->run |= 1ull << c;
            r->len++;
        }
    }
    Run *t = &runs[TRUMP_RUN];
    if (p->ts >= 0 || !p->trump) {
        *t = p->ts >= 0 ? runs[p->ts] : (Run){-1, -1, 0, 0};
    } else {
        t->run = top_trumps(p->hands, p->n, p->trump, p->strength, &t->holder);
        t->len = popcount64(t->run);
        t->top = -1;
    }
}

/* sure_winners (cards.h) of the leader ``l`` from the runs, when the trumps are an effective suit
 * or none (and every trump lead allowed). */
static uint64_t sure_winners_runs(const Pos *p, int l, const Run *runs) {
    int most = 0;
    for (int i = 0; i < p->n; i++) {
        if (i == l) continue;
        int t = popcount64(p->hands[i] & p->trump);
        if (t > most) most = t;
    }
    uint64_t win = runs[TRUMP_RUN].holder == l ? runs[TRUMP_RUN].run : 0;
    if (most > popcount64(win)) return win;
    for (int s = 0; s < 4; s++)
        if (s != p->ts && (p->hands[l] & p->suits[s]) && runs[s].holder == l) win |= runs[s].run;
    return win;
}

/* 1 when, after cashing its sure winners ``win``, the leader ``l`` surely gives its side one more
 * trick: it holds a card of a suit it has no winner in whose highest live card a partner (a
 * seat of its side) holds, and no seat of the other side holds a trump (or a no-trump joker),
 * so that the partner's card takes the trick whatever the others play (the partner keeps it
 * until then: he only follows the winners' suits, ruffs, or throws what he likes). */
static int partner_entry(const Pos *p, int l, uint64_t win, const Run *runs) {
    int side = p->maximisers >> l & 1, counted = p->count >> l & 1;
    uint64_t ruff = 0;
    for (int s = 0; s < p->n; s++) {
        if ((p->maximisers >> s & 1) != side || (p->count >> s & 1) != counted)
            ruff |= p->hands[s] & (p->trump | p->nt_jokers);
    }
    if (ruff) return 0;
    for (int s = 0; s < 4; s++) {
        if ((win & p->suits[s]) || !(p->hands[l] & p->suits[s])) continue;
        int o = runs[s].holder;
        if (o != l && (p->maximisers >> o & 1) == side && (p->count >> o & 1) == counted) return 1;
    }
    return 0;
}

/* Whether every partner of the leader ``l`` (a seat of its side) holds at least ``k`` cards that
 * are not trumps (nor no-trump jokers), and nobody must trump: such a partner follows or throws one
 * of them on each of ``k`` tricks and never has to ruff. */
static int partners_keep_trumps(const Pos *p, int l, int k) {
    if (p->must_trump) return 0;
    int side = p->maximisers >> l & 1;
    for (int s = 0; s < p->n; s++)
        if (s != l && (p->maximisers >> s & 1) == side &&
            popcount64(p->hands[s] & ~(p->trump | p->nt_jokers)) < k)
            return 0;
    return 1;
}

/* The tricks the leader ``l`` surely takes by leading its run of top trumps and then, suit after
 * suit, the top cards of the plain suits while every other hand that could ruff still holds a
 * card of the suit and so must follow it.  The trump leads draw that many trumps from every other
 * hand (each follows a trump lead while it has one), so the hands that could ruff afterwards are
 * those holding more trumps than the run (a no-trump joker is the only trump of its layout: its
 * holder on lead leads it, naming a suit, and nobody else can ruff).  Each plain suit gives the
 * shorter of the leader's run of its top cards and the fewest cards of it such a hand holds (every
 * card of a hand that could ruff goes to a suit led, so its other suits keep their length; the
 * other hands cannot beat a top card nor ruff it); the suits' counts add up.  The leader's
 * partners (seats of its side) are left out of the hands that could ruff when nobody must trump
 * and each holds a card besides its trumps for each of those tricks (partners_keep_trumps: it
 * follows or throws one, never ruffs), if that counts more; ``*kept`` tells whether the partners
 * keep their trumps (then a partner's top trumps are still his to take tricks with afterwards).
 * A no-trump joker playable at any time in another hand can ruff whenever its holder likes: then
 * no plain suit counts.  With no hand that could ruff it returns 0 (sure_winners counts those
 * tricks). */
static int follow_winners(const Pos *p, int l, int *kept, const Run *runs) {
    uint64_t ruff = p->trump | p->nt_jokers;
    int run = runs[TRUMP_RUN].holder == l ? runs[TRUMP_RUN].len : 0;
    uint64_t opp[MAX_SEATS], par[MAX_SEATS];
    int nopp = 0, npar = 0, side = p->maximisers >> l & 1;
    for (int s = 0; s < p->n; s++) {
        if (s == l) continue;
        if ((p->hands[s] & p->nt_jokers) && p->joker_any_time) {
            *kept = partners_keep_trumps(p, l, run);
            return run;
        }
        if (popcount64(p->hands[s] & ruff) <= run) continue;
        if ((p->maximisers >> s & 1) == side && !p->must_trump)
            par[npar++] = p->hands[s];
        else
            opp[nopp++] = p->hands[s];
    }
    if (!nopp && !npar) { /* nobody can ruff: sure_winners counts these tricks */
        *kept = 0;
        return 0;
    }
    int all = run, without = run; /* the partners counted as hands that could ruff, or left out */
    for (int x = 0; x < 4; x++) {
        uint64_t suit = p->suits[x];
        if ((suit & p->trump) || !(p->hands[l] & suit)) continue;
        int cap = MAX_HAND;
        for (int i = 0; i < nopp; i++) {
            int k = popcount64(opp[i] & suit);
            if (k < cap) cap = k;
        }
        if (!cap) continue;
        int r = runs[x].holder == l ? runs[x].len : 0;
        if (r > cap) r = cap;
        without += r;
        for (int i = 0; i < npar; i++) {
            int k = popcount64(par[i] & suit);
            if (k < r) r = k;
        }
        all += r;
    }
    if (without > all && partners_keep_trumps(p, l, without)) {
        *kept = 1;
        return without;
    }
    *kept = partners_keep_trumps(p, l, all);
    return all;
}

/* The tricks the side of ``holder`` (the hand holding the highest trump; a side: the seats that
 * count, or those that do not) surely takes with its *master trumps*, the trumps higher than
 * every trump of the other side's hands: each of them takes the trick it is played in, and every
 * card is played, one a hand a trick, so the side takes at least as many tricks as the hand of
 * the side holding the most masters (more than the holder's run of top trumps when a partner's
 * master lies between: two masters of two hands can fall on one trick, never more).  Only when
 * the trumps are an effective suit (its order gives the masters). */
static int side_masters(const Pos *p, int holder) {
    int side = p->count >> holder & 1, per[MAX_SEATS] = {0}, best = 0;
    for (uint32_t m = p->in_hands[p->ts]; m; m &= m - 1) {
        int o = p->owner[p->order[p->ts][__builtin_ctz(m)]] - 1;
        if ((p->count >> o & 1) != side) break;
        if (++per[o] > best) best = per[o];
    }
    return best;
}

/* Between tricks, the trumps' pairing (trump_match) bounds the value: 1; 0: not.  Measured over
 * 100 Five Hundred deals at seeds 0 / 1000 / 2000 (with the lead order): all nodes 5.22M -> 4.90M,
 * 4.45M -> 4.28M, 5.80M -> 5.15M; median 18.9k -> 16.1k, 17.4k -> 16.4k, 24.9k -> 23.3k; the
 * slowest deal 494k -> 458k, 355k -> 355k, 876k -> 668k (a long trump fight), the CPU time about
 * the same; with four to six hands (in preferans, three hands: 0.3% fewer nodes, 1-2% more time). */
#ifndef TRUMP_MATCH
#define TRUMP_MATCH 1
#endif
/* The tricks each side surely takes with one hand's trumps: each of hand H's k trumps is played in a
 * trick of its own, which H's side takes unless a hand of the other side plays a higher trump to it;
 * each card of the other side is in one trick, so H's side loses at most M of those tricks, M the
 * most of H's trumps the other side's trumps can be paired with, each with a higher one (counted
 * from the top trump down: each of H's trumps is paired with a higher trump of the other side not
 * yet paired, if any).  ``best[side]`` gets, per side (1: the count), the most k - M of its hands
 * (side_masters counts the masters alone, never more).  The trumps an effective suit only. */
static void trump_match(const Pos *p, int *best) {
    best[0] = best[1] = 0;
    for (int h = 0; h < p->n; h++) {
        int side = p->count >> h & 1, free = 0, k = 0, paired = 0;
        for (uint32_t m = p->in_hands[p->ts]; m; m &= m - 1) {
            int o = p->owner[p->order[p->ts][__builtin_ctz(m)]] - 1;
            if (o == h) {
                k++;
                if (free) { free--; paired++; }
            } else if ((p->count >> o & 1) != side) {
                free++;
            }
        }
        if (k - paired > best[side]) best[side] = k - paired;
    }
}

/* Within a trick, the trick decided (trick_decided) bounds the value by one: 1; 0: the trivial
 * bounds.  Measured over 100 Five Hundred deals at seeds 0 / 1000 / 2000 (with the lead order):
 * all nodes 6.42M -> 6.14M, 6.48M -> 6.23M, 7.35M -> 7.02M, the median 3-8% fewer, the CPU time
 * about the same (each node works it out); with four to six hands (in preferans, three hands, it
 * saved 0.1% of the nodes and cost 3-4% of the time). */
#ifndef TRICK_DECIDED
#define TRICK_DECIDED 1
#endif
/* Within a trick: whether the count surely takes the trick in progress (1), surely does not (0),
 * or it is open (-1): no seat still to play can beat the card taking it now (beatable's test, per
 * seat: a higher card of the suit led it must follow with, or a trump when void in it, or a
 * no-trump joker), or each that can is of the count side of the seat taking it now.  ``win``: the
 * index in the trick of the card taking it now (trick_win). */
static int trick_decided(const Pos *p, int win) {
    uint64_t led = p->suits[p->led];
    int best = p->trick[win], counted = p->count >> seat_mod(p, p->leader + win) & 1;
    int best_trump = (int)(p->trump >> best & 1);
    for (int k = p->ntrick; k < p->n; k++) {
        int s = (p->leader + k) % p->n;
        if ((p->count >> s & 1) == counted) continue;
        uint64_t h = p->hands[s];
        if (h & p->nt_jokers) return -1;
        for (uint64_t m = h & (led | p->trump); m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            if (p->trump >> c & 1) {
                if ((!best_trump && !(h & led)) || (best_trump && p->strength[c] > p->strength[best])) return -1;
            } else if (!best_trump && p->strength[c] > p->strength[best]) {
                return -1;
            }
        }
    }
    return counted;
}

#ifndef TRICK_OVERTAKEN
#define TRICK_OVERTAKEN 1
#endif
/* Whether card ``c``, played to the trick in progress (a card of the suit led, or a trump), beats
 * ``best``, the trick's highest so far: a trump above it or over a card that is no trump; a card of
 * the suit led above it when it is no trump. */
static inline int card_beats(const Pos *p, int c, int best) {
    int c_trump = (int)(p->trump >> c & 1), best_trump = (int)(p->trump >> best & 1);
    int higher = p->strength[c] > p->strength[best];
    return c_trump ? !best_trump || higher : !best_trump && higher;
}

/* Within a trick the current winner's side open to a takeover (trick_decided -1; ``win`` the index
 * of its highest card in the trick): whether a seat of the other side still to play surely takes
 * it (its highest card of the suit led, or its highest trump when void in it, beats the trick's
 * highest and no seat of the current winner's side still to play, before or after it, can beat
 * that card: each follows below it, or is void with no trump above it, or none when the card is
 * not a trump), and wants it (the count's seats maximise, the others minimise: not the defenders
 * of a misère).  The side (1: the count) or -1; the card in ``*card``, whose depth is the bound's
 * relevance (the holders of the cards above it decide it).  DDS's second hand asks the like.
 * Measured over 100 Five Hundred deals (value + best first lead, fresh table) at seeds 0 / 1000:
 * all nodes 1.37M -> 1.25M / 1.27M -> 1.11M, the median 4,860 -> 4,661 / 5,432 -> 5,092, the
 * slowest 155k -> 147k / 83k -> 79k.  Exactness: the tests, and during development 8,000 random
 * positions of fifteen forms (four to six hands, misère among them: the first version took the
 * defenders of a misère to want the trick, and 27 values were wrong) equal to the search with
 * exact keys and no such bound. */
static int trick_overtaken(const Pos *p, int win, int *card) {
    uint64_t led = p->suits[p->led];
    int best = p->trick[win], side = p->count >> seat_mod(p, p->leader + win) & 1;
    for (int k = p->ntrick; k < p->n; k++) {
        int x = seat_mod(p, p->leader + k);
        /* of the other side, and wanting the trick (a misère's defenders want the count to take it) */
        if ((p->count >> x & 1) == side || (p->count >> x & 1) != (p->maximisers >> x & 1)) continue;
        uint64_t h = p->hands[x];
        if (h & p->nt_jokers) continue;
        /* its highest card of the suit led, else its highest trump */
        int c = top_card((h & led) ? h & led : h & p->trump, p->strength);
        if (c < 0 || !card_beats(p, c, best)) continue;
        int safe = 1; /* no seat of the winner's side still to play beats it (its highest playable card does not) */
        for (int j = p->ntrick; j < p->n && safe; j++) {
            int y = seat_mod(p, p->leader + j);
            if (y == x || (p->count >> y & 1) != side) continue;
            uint64_t g = p->hands[y];
            int d = top_card((g & led) ? g & led : g & p->trump, p->strength);
            if ((g & p->nt_jokers) || (d >= 0 && card_beats(p, d, c))) safe = 0;
        }
        if (safe) { *card = c; return !side; }
    }
    return -1;
}

/* The card whose depth is the relevance of a within-trick bound of the last pos_bounds call. */
static int bd_trick_card = -1;

/* The value of each stage of the last pos_bounds call between tricks, for the relevance of a
 * cut-off (part_bounds_rel): [0] the bounds from the runs (sure winners, a partner's entry, the
 * follow winners, the top trumps), [1] trump_match's, [2] side_masters', [3] the top trumps' alone
 * (trivial: 0 and t). */
static int bd_lo[4], bd_hi[4];

/* The losses of the count (of ``t`` tricks to come, the upper bound so far ``high``) an upper bound
 * must prove to decide the search's null window (search.h's bound_alpha: t - need <= alpha), or 0
 * when none can (the bound so far decides it already, or the window is below 0); outside a search
 * (bound_alpha INF_VALUE) every loss it can prove, as far as ``t``. */
static inline int bound_need(int t, int high) {
    if (bound_alpha >= INF_VALUE) return t;
    if (high <= bound_alpha || bound_alpha < 0) return 0;
    return t - bound_alpha;
}

/* The tricks still to come (1 when play stops at the first trick counted).  Between tricks of a
 * game played to the end: the leader's sure winners (cards.h) are at least that many tricks for
 * the count when the leader counts and maximises (and one more with a partner's entry,
 * partner_entry), and that many fewer when he neither counts nor
 * maximises; the hand holding the highest trump takes at least its run of top trumps whatever
 * anyone does (for the count, or from it), and the side of that hand at least as many as its hand
 * holding the most master trumps (side_masters: 1-4% fewer nodes in Five Hundred, median and
 * slowest deals, over 100 deals at seeds 0 and 1000), and each side at least one of its hands'
 * trumps less those the other side's higher trumps can be paired with (trump_match).  With a seat avoiding tricks against all the others
 * (avoid_set: raspasy, a preferans misère; avoid_facts): on lead, he takes this trick when he
 * holds no exit and loses it when he does; every card of his lower than every card of its suit
 * in the other hands (on lead, with an exit), he takes no trick again (he can always play under
 * or throw, and never regains the lead); another seat on lead with a card he must win gives him
 * this trick, and one whose every lead he can play under (``ducks``) does not.  Within a trick:
 * he loses it when he has played and does not take it so far, or is still to play and can play
 * under the card taking it (or throw); he takes it when he takes it so far and every hand still
 * to play can play under his card or throw.  Measured over 100 preferans deals (seeds 0 / 1000):
 * median nodes 25k -> 19k and 44k -> 27k, the slowest deals 10-40% fewer.  Between tricks he
 * takes no trick again when every suit is duck_safe (avoid_done: he can play under every lead of
 * each suit, and is not on lead or leads an exit keeping it so; it extends every-card-low): all
 * nodes 3.09M -> 2.72M (seed 0) and 3.06M -> 2.78M (seed 1000), median 16.5k -> 16.1k and 25.0k
 * -> 19.5k, the slowest deal (seed 87) 258k -> 216k.  That test is now part of avoid_losses, which
 * counts the tricks he surely loses from here: another seat on lead, the next K, K the fewest leads
 * of any suit of his he surely plays under (duck_count; duck_safe is K unbounded), and on lead one
 * more after his best exit; within a trick he loses, one more than that after it (avoid_losses_after,
 * the best of his cards under the trick's highest taken).  Worked out only as far as the null
 * window needs (search.h's bound_alpha, bound_need: most positions fail at the first lead of some
 * suit, tested first), it replaced the duck_safe test (avoid_done: the same nodes with both, and a
 * check build found no position where avoid_done held and avoid_losses counted fewer than every
 * trick).  Measured over 100 preferans deals (bench_solver, value + best first lead, fresh table) at
 * seeds 0 / 1000 / 2000: median nodes 15.4k -> 15.1k, 17.5k -> 17.2k, 17.1k -> 16.9k; all deals
 * 2.40M -> 2.30M, 2.61M -> 2.50M, 2.95M -> 2.82M; the slowest deal 142k -> 142k (seed 19), 128k ->
 * 140k (seed 1101), 256k -> 222k (seed 2033: 15.0x -> 13.1x the median; seed 2097 192k -> 190k).
 * Instructions of one search (valgrind, bench/solver_instructions.py's way) at seeds 2000...: the
 * median deal (seed 2066) 22.79M -> 22.95M (1318 -> 1338 a node), seed 2033 337.3M -> 312.3M
 * (14.8x -> 13.6x the median deal's), seed 2097 246.0M -> 256.2M (10.8x -> 11.2x: 1% fewer nodes,
 * 5% dearer ones).  Not enough for 10x: preferans's tail stays open.
 * Each part alone (others on lead only / with him on lead / with the tricks in progress) saved
 * less than a third of that at seed 2033.  Where seed 2033's nodes are (SEARCH_TRACE): the test
 * one above the value (gamma 5) is 65% of them, every maximiser's reply to the avoider's best lead
 * refuted, the avoider cutting off by his first move at 98% of his nodes: a near-minimal tree for
 * these bounds, so only sharper bounds (or transpositions) can shrink it.  Counting the tricks he can be forced to take
 * (per suit, the fewest of his top cards to take away for duck_safe) is no bound: after each one
 * he is on lead, and with no exit left keeping his suits duck_safe he may take every trick he
 * leads (taken as a bound, it gave wrong values in 45 of the 200 deals, and with one trick more
 * in 22).
 * Within a trick (any game played to the end or stopping at the first trick counted): the trick
 * in progress counted when no seat still to play can take it from the count, or not when none can
 * give it to the count (trick_decided). */
static void pos_bounds(const Pos *p, int *lo, int *hi) {
    if (p->target) {
        target_bounds(p, lo, hi);
        return;
    }
    int t = p->tricks_of[p->left + p->ntrick];
    if (p->down) { /* the bounds below read every card in a hand as playable */
        *lo = 0;
        *hi = p->stop && t > 1 ? 1 : t;
        return;
    }
    int low = 0, high = p->stop && t > 1 ? 1 : t;
    bd_lo[0] = bd_lo[1] = bd_lo[2] = bd_lo[3] = 0;
    bd_hi[0] = bd_hi[1] = bd_hi[2] = bd_hi[3] = high;
    if (!p->ntrick && !p->stop && t) {
        int l = p->leader;
        Run runs[5];
        suit_runs(p, runs);
        uint64_t win = sure_winners_runs(p, l, runs);
        int w = popcount64(win) + partner_entry(p, l, win, runs);
        int kept = 0;
        if (FOLLOW_WINNERS) {
            int f = follow_winners(p, l, &kept, runs);
            if (f > w) w = f; else kept = 0;
        }
        if (p->count >> l & 1) {
            if (p->maximisers >> l & 1) low = w;
        } else if (!(p->maximisers >> l & 1)) {
            high = t - w;
        }
        int holder = runs[TRUMP_RUN].holder;
        int k = runs[TRUMP_RUN].len;
        if (k) {
            if (p->count >> holder & 1) { if (k > low) low = k; bd_lo[3] = k; }
            else { if (t - k < high) high = t - k; bd_hi[3] = t - k; }
            /* a partner's top trumps are tricks besides the leader's cashed ones when he keeps them */
            int both = w + k < t ? w + k : t;
            if (kept && holder != l && (p->maximisers >> holder & 1) == (p->maximisers >> l & 1) &&
                (p->count >> holder & 1) == (p->count >> l & 1)) {
                if (p->count >> l & 1) { if ((p->maximisers >> l & 1) && both > low) low = both; }
                else if (!(p->maximisers >> l & 1) && t - both < high) high = t - both;
            }
        }
        bd_lo[0] = low;
        bd_hi[0] = high;
        if (TRUMP_MATCH && p->n >= 4 && p->ts >= 0 && !p->nt_jokers) {
            int sure[2];
            trump_match(p, sure);
            bd_lo[1] = sure[1];
            bd_hi[1] = t - sure[0];
            if (sure[1] > low) low = sure[1];
            if (t - sure[0] < high) high = t - sure[0];
        }
        if (SIDE_MASTERS && k && p->ts >= 0 && !p->nt_jokers) {
            int m = side_masters(p, holder);
            if (p->count >> holder & 1) { if (m > low) low = m; bd_lo[2] = m; }
            else { if (t - m < high) high = t - m; bd_hi[2] = t - m; }
        }
    }
    if (TRICK_DECIDED && p->n >= 4 && p->ntrick && p->chooser < 0 && p->after < 0) {
        int win = trick_win(p, p->trick, p->ntrick, p->suits[p->led]), d = trick_decided(p, win);
        bd_trick_card = p->trick[win];
        if (TRICK_OVERTAKEN && d < 0 && !p->target) d = trick_overtaken(p, win, &bd_trick_card);
        if (d > 0 && low < 1) low = 1;
        if (d == 0 && high > t - 1) high = t - 1;
    }
    if (AVOID_BOUNDS && p->avoid >= 0 && !p->ntrick && t) {
        int exit, all_low, forced, ducks;
        avoid_facts(p, &exit, &all_low, &forced, &ducks);
        if (ducks && high > t - 1) high = t - 1;
        if (p->leader == p->avoid) {
            if (!exit) { if (low < 1) low = 1; }
            else if (all_low) high = 0;
            else if (high > t - 1) high = t - 1;
        } else {
            if (all_low) high = 0;
            if (forced && low < 1) low = 1;
        }
        if (AVOID_LOSSES && high > 0) {
            int need = bound_need(t, high);
            int lose = need > 0 ? avoid_losses(p, need) : 0;
            if (t - lose < high) high = t - lose;
        }
    }
    if (AVOID_BOUNDS && p->avoid >= 0 && p->ntrick && t) {
        int d = p->avoid, n = p->n;
        uint64_t led = p->suits[p->led];
        int win = trick_win(p, p->trick, p->ntrick, led), best = p->trick[win];
        int at = (d - p->leader + n) % n; /* the avoider's place in the trick */
        if (at < p->ntrick) {
            if ((p->leader + win) % n != d) {
                if (high > t - 1) high = t - 1;
                if (AVOID_LOSSES && high > 0) {
                    int need = bound_need(t, high);
                    int lose = need > 1 ? 1 + avoid_losses_after(p, 0, need - 1) : 0;
                    if (t - lose < high) high = t - lose;
                }
            } else {
                int all = 1;
                for (int k = p->ntrick; k < n && all; k++) {
                    uint64_t h = p->hands[(p->leader + k) % n] & led;
                    if (!h) continue;
                    int under = 0;
                    for (; h; h &= h - 1)
                        if (p->strength[__builtin_ctzll(h)] < p->strength[best]) { under = 1; break; }
                    all = under;
                }
                if (all && low < 1) low = 1;
            }
        } else {
            uint64_t h = p->hands[d] & led;
            int under = !h;
            uint32_t places = 0; /* his cards of the suit led under the trick's highest, as places */
            for (; h; h &= h - 1) {
                int c = __builtin_ctzll(h);
                if (p->strength[c] < p->strength[best]) { under = 1; places |= 1u << p->rank[c]; }
            }
            if (under && high > t - 1) high = t - 1;
            if (AVOID_LOSSES && under && high > 0) {
                int need = bound_need(t, high);
                int lose = need > 1 ? 1 + avoid_losses_after(p, places, need - 1) : 0;
                if (t - lose < high) high = t - lose;
            }
        }
    }
    *lo = low;
    *hi = high;
}

/* -- Partition search -------------------------------------------------------------------------
 * Four to six hands with the trumps an effective suit, or no trumps with one no-trump joker (any suit
 * named when led, not playable at any time), played to the end (p->part: Five Hundred's usual
 * contracts): search_alt (search.h's SEARCH_ALT) with a table whose entries hold a *class* of
 * positions rather than one (Ginsberg's partition search, DDS's "win ranks").  A search's result
 * carries its *relevance*: per effective suit, a depth in the suit's order (places of every card
 * of the suit, played or not) above which the cards' holders decided it.  Every position between
 * tricks with the same leader (and joker holder), the same number of cards of each suit in each
 * hand, and the same holder of each of the suit's top k live cards (k: the live cards above the
 * depth) has the same bound: below the depth a card ("low") only ever loses to the relevant cards
 * of its suit, no trick of the search was decided between two low cards (the card taking a trick
 * from another card of its suit is relevant), so the search of one position maps move for move
 * onto the other's (a low card of a hand onto any low card of the same hand and suit, whose
 * children are again of one class).  The relevance of each result:
 *  - a bound's cut-off (part_bounds_rel) holds the cards making the bound as tight as the value
 *    returned (fail-soft: that value is stored as the class's bound; making it only pass the
 *    window gave wrong values): the top trumps' run and the card ending it when they alone make
 *    it; else the runs' bounds (sure winners, a partner's entry, the follow winners) read the
 *    trumps' run and, in the suits the leader holds, the run and the card ending it where he holds
 *    the top card and only who holds it elsewhere; side_masters the trumps down to the first of
 *    the other side; trump_match the trumps down to the other side's lowest (below it only one
 *    side's trumps, which pair off alike in any order); within a trick (trick_decided) the card
 *    taking it so far;
 *  - the last trick, and each trick a move completes: the card taking it when it beats another
 *    card of its suit;
 *  - a fail-high: the cutting move's (its child's and its trick's); a fail-low: every move's; a
 *    move skipped as its twin's equal (a card of the same hand, no live card between) the twin's
 *    renamed: reaching the higher of the two, it reaches past the lower (keeping it as it was gave
 *    wrong values); a low card skipped as a low sibling's equal (sibling_class) the sibling's;
 *  - a table hit: the entry's own.
 * The table: each bound is stored twice, in a two-way bucket hashed by the exact position (which
 * finds it again as an exact table would) and, when its class holds other positions, in a bucket
 * of PART_WAYS hashed by the leader and the suits' lengths in each hand; a probe reads both and
 * takes the first entry whose class holds the position and cuts off.  Only null-window searches
 * are made (search.h), so a node's result is one bound: a lower one on a fail-high, an upper one
 * on a fail-low.  Exactness: tests/solver/test_sv_fh_partition.py, and during development 10,800
 * random positions of three forms (6 to 36 cards, every move's value and a best move, the table
 * kept through each deal's positions) equal to the search with exact keys.
 * Measured over 100 deals (bench_solver, value + best first lead, fresh table, nodes) at seeds 0 /
 * 1000 / 2000: median 16.1k -> 7.5k, 16.4k -> 7.9k, 23.3k -> 8.4k; the slowest deal 458k (28.4x
 * the median) -> 249k (33.1x, seed 74), 355k (21.6x) -> 151k (19.1x, seed 1076), 668k (28.6x) ->
 * 244k (28.9x, seed 2005); all deals 4.90M -> 2.04M, 4.28M -> 1.75M, 5.15M -> 2.12M; the CPU time
 * of all deals 35-50% less (1.00 -> 0.54 s, 0.99 -> 0.47 s, 1.06 -> 0.63 s: three interleaved
 * runs, each deal's best of three; a probe reads ten entries: more time a node), the median
 * 3.7-4.7 ms -> 1.9-2.6 ms, the slowest deal's 86-170 ms -> 37-92 ms.  The median
 * falls more than the slowest deals: they are a larger multiple of it at seeds 0 and 2000.
 * The steps (all
 * deals, the same seeds): classes in the trump contracts with every suit's run in a cut-off's
 * relevance 3.71M / 3.14M / 4.01M (the classes' buckets alone, four ways, without the exact ones:
 * 13.4M / 36.0M / 18.9M, the classes pushing the exact entries out); in no trumps too 3.44M /
 * 3.00M / 3.83M; only the leader's suits 2.38M / 2.02M / 2.65M; trump_match's depth 2.36M /
 * 2.01M / 2.62M; the top trumps alone 1.96M / 1.71M / 2.04M; who holds the top card only where
 * the leader does not 1.83M / 1.58M / 1.94M; the two corrections above 2.09M / 1.79M / 2.18M.
 * PART_WAYS 4: 7% more nodes; 16: 2-8% fewer (the slowest deals 4-8%), the same CPU time within
 * the noise (sixteen more cache lines a probe): left at 8; 2^19 entries: the same nodes.  The
 * replacement by the smallest class (part_put): 2.09M -> 2.04M, 1.79M -> 1.75M, 2.18M -> 2.12M.
 * The best move of a class's entry mapped to the position's own card of the suit (its place among
 * the live cards): 0.01% fewer nodes, left out.
 *
 * Five and six hands (Five Hundred for five and six) get the same four techniques: the partition
 * table (each entry's shape holds the fifth and sixth hands' lengths too: ``shape2``), the trumps'
 * pairing, the trick decided and the lead order.  Nothing in them counts on four hands: the sides
 * are bitmasks of seats, a trick is ``n`` cards.  Total nodes of value + best first lead over 16
 * deals (bench_solver.py --forms, fresh table) from 8 cards in hand with five hands / with six in
 * two teams of three, from 7 with six in three pairs, from 9 with five hands, each step added to
 * the one before: the three-hand search 3.41M / 10.25M / 9.52M / 69.25M; with the trumps' pairing
 * and the trick decided 2.37M / 8.60M / 6.87M / 23.73M; with the lead order 0.73M / 6.46M / 4.60M /
 * 6.13M; with the partition table 0.19M / 1.11M / 0.47M / 0.74M.  From the first lead (ten cards a
 * hand), 12 deals each: five hands 158.2M -> 0.85M (median 770k -> 42k, the slowest 148M -> 244k:
 * about 30 s -> 0.06 s), six in two teams of three 517.6M -> 80.3M (median 6.0M -> 684k).  Exactness:
 * tests/solver/test_sv_fh_many_partition.py, and during development 1,440 random positions of the
 * eight forms of test_sv_fh_many.py (6 to 8 tricks to go, some within a trick, every move's value
 * and a best move, the table kept through each deal's positions) equal to the search with exact
 * keys (PARTITION 0). */
typedef uint32_t Rel; /* a depth per effective suit, a byte each */
#define REL_ALL 0x15151515u /* every place (MAX_SUIT_CODE) of every suit */

#ifndef PART_BITS
#define PART_BITS 17
#endif
#ifndef PART_WAYS
#define PART_WAYS 8
#endif
typedef struct {
    uint64_t prefix[4]; /* per suit, the holders of its top k live cards (the key word's top) */
    uint64_t shape;     /* the first four hands' length in each suit, 4 bits each */
    uint32_t shape2;    /* the fifth and sixth hands' likewise (five or six hands in play) */
    uint32_t gen;
    uint8_t k[4];       /* per suit, the relevant live cards from the top */
    int16_t lo, hi, best, left;
    int8_t leader;
} __attribute__((aligned(64))) PartEntry;
_Static_assert(sizeof(PartEntry) == 64, "a partition entry is one cache line");

static PartEntry *part_table = NULL;
static Rel part_rel; /* the relevance of the value search_alt last returned */

static int part_alloc(void) {
    if (part_table != NULL) return 0;
    part_table = (PartEntry *)table_alloc(((size_t)2 << PART_BITS) * sizeof(PartEntry));
    return part_table == NULL ? -1 : 0;
}

static inline Rel rel_or(Rel a, Rel b) {
    Rel r = 0;
    for (int i = 0; i < 32; i += 8) {
        Rel x = a >> i & 255, y = b >> i & 255;
        r |= (x > y ? x : y) << i;
    }
    return r;
}

/* The depth taking card ``c`` in. */
static inline Rel rel_card(const Pos *p, int c) {
    int s = p->lead_suit[c];
    return s < 0 ? 0 : (Rel)(p->rank[c] + 1) << (8 * s);
}

/* The relevance of a trick's cards (``n`` in play order, led in effective suit ``led``): the card
 * taking it when another card of its suit is in it. */
static Rel trick_rel(const Pos *p, const int *trick, int n) {
    int led = p->led < 0 ? p->lead_suit[trick[0]] : p->led;
    int w = trick[trick_win(p, trick, n, led >= 0 ? p->suits[led] : 0)];
    int s = p->lead_suit[w];
    for (int i = 0; s >= 0 && i < n; i++)
        if (trick[i] != w && p->lead_suit[trick[i]] == s) return rel_card(p, w);
    return 0;
}

/* The relevance of a move ``skip`` given by its twin ``move`` (a card of the same hand and suit
 * with no live card between them: the twin's child is the skipped one's with the two renamed),
 * whose child's relevance is ``rel``: the same, except that a depth reaching the higher of the two
 * is taken past the lower (renamed, the relevant cards include the other one). */
static inline Rel twin_rel(const Pos *p, Rel rel, int move, int skip) {
    int s = p->lead_suit[move], hi = p->rank[move], lo = p->rank[skip];
    if (s < 0) return rel;
    if (hi > lo) { int x = hi; hi = lo; lo = x; }
    if ((int)(rel >> (8 * s) & 255) > hi) rel = rel_or(rel, (Rel)(lo + 1) << (8 * s));
    return rel;
}

/* The depth of suit ``s`` covering its top ``k`` live cards (all of them when it has fewer). */
static inline int depth_live(const Pos *p, int s, int k) {
    uint32_t m = p->in_hands[s];
    if (!m || k <= 0) return 0;
    for (int i = 1; i < k && (m & (m - 1)); i++) m &= m - 1;
    return __builtin_ctz(m) + 1;
}

/* The relevance of the bound of the last pos_bounds call that cut off: a lower bound >= ``need``
 * (``lower``), or an upper bound <= ``need``. */
static Rel part_bounds_rel(const Pos *p, int lower, int need) {
    int t = (p->left + p->ntrick) / p->n;
    if (lower ? need <= 0 : t <= need) return 0;
    if (p->ntrick) return rel_card(p, bd_trick_card); /* trick_decided, trick_overtaken */
    if (lower ? bd_lo[3] >= need : bd_hi[3] <= need) { /* the top trumps' run and the card ending it */
        if (p->ts < 0) return 0; /* the no-trump joker: its holder is in the entry */
        Run runs[5];
        suit_runs(p, runs);
        return (Rel)depth_live(p, p->ts, runs[p->ts].len + 1) << (8 * p->ts);
    }
    if (lower ? bd_lo[0] >= need : bd_hi[0] <= need) {
        Run runs[5];
        suit_runs(p, runs);
        Rel r = 0;
        for (int s = 0; s < 4; s++) {
            if (s != p->ts && !(p->hands[p->leader] & p->suits[s])) continue;
            int k = s == p->ts || runs[s].holder == p->leader ? runs[s].len + 1 : 1; /* else: only who holds its top */
            r |= (Rel)depth_live(p, s, k) << (8 * s);
        }
        return r;
    }
    if (lower ? bd_lo[2] >= need : bd_hi[2] <= need) { /* side_masters: down to the first of the other side */
        int ts = p->ts, holder = p->owner[p->order[ts][__builtin_ctz(p->in_hands[ts])]] - 1, side = p->count >> holder & 1;
        int k = 0;
        for (uint32_t m = p->in_hands[ts]; m; m &= m - 1) {
            k++;
            if ((p->count >> (p->owner[p->order[ts][__builtin_ctz(m)]] - 1) & 1) != side) break;
        }
        return (Rel)depth_live(p, ts, k) << (8 * ts);
    }
    if (p->ts < 0) return REL_ALL; /* not met: without trumps in a suit only the runs' bounds cut */
    /* trump_match: the count side's tricks (a lower bound) are its hands' trumps paired with the
     * other side's higher ones, read down to the other side's lowest trump (below it only the
     * count side's trumps, each paired with a free one or not whatever their order), and the other
     * side's likewise */
    int ts = p->ts, depth = 0;
    for (uint32_t m = p->in_hands[ts]; m; m &= m - 1) {
        int place = __builtin_ctz(m);
        if ((p->count >> (p->owner[p->order[ts][place]] - 1) & 1) == !lower) depth = place + 1;
    }
    return (Rel)depth << (8 * ts);
}

/* Each hand's length in each suit, 4 bits each: the first four hands in ``shape``, the fifth and
 * sixth in ``shape2`` (0 with four hands). */
typedef struct {
    uint64_t shape;
    uint32_t shape2;
} Shape;

static inline Shape part_shape(const Pos *p) {
    Shape sh = {0, 0};
    for (int h = 0; h < 4; h++)
        for (int s = 0; s < 4; s++) sh.shape = sh.shape << 4 | (uint64_t)__builtin_popcount(p->held[h][s]);
    for (int h = 4; h < p->n; h++)
        for (int s = 0; s < 4; s++) sh.shape2 = sh.shape2 << 4 | (uint32_t)__builtin_popcount(p->held[h][s]);
    return sh;
}

static inline int part_seats(const Pos *p);
static inline PartEntry *part_bucket(const Pos *p, Shape shape) {
    uint64_t h = (shape.shape ^ ((uint64_t)shape.shape2 << 8 | (uint64_t)part_seats(p)) * 0x9E3779B97F4A7C15ull) *
                 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    return &part_table[(uint32_t)(h >> (64 - PART_BITS)) & ~(uint32_t)(PART_WAYS - 1)];
}

/* The two-way bucket of the position's exact key (its suits' key words and leader). */
static inline PartEntry *part_exact(const Pos *p) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)part_seats(p);
    for (int s = 0; s < 4; s++) {
        h ^= p->code[s];
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return &part_table[((size_t)1 << PART_BITS) + ((uint32_t)(h >> (64 - PART_BITS)) & ~1u)];
}

/* The leader and, in no trumps, the no-trump joker's holder (seat + 1, 0: played). */
static inline int part_seats(const Pos *p) { return p->leader | (p->njorder ? p->owner[p->jorder[0]] : 0) << 3; }

static inline int part_match(const Pos *p, const PartEntry *e, Shape shape) {
    if (e->gen != tt_gen || e->shape != shape.shape || e->shape2 != shape.shape2 || e->leader != part_seats(p)) return 0;
    for (int s = 0; s < 4; s++) {
        int k = e->k[s];
        if (!k) continue;
        int len = __builtin_popcount(p->in_hands[s]);
        if (p->code[s] >> (3 * (len - k)) != e->prefix[s]) return 0;
    }
    return 1;
}

static inline Rel part_entry_rel(const Pos *p, const PartEntry *e) {
    Rel r = 0;
    for (int s = 0; s < 4; s++) r |= (Rel)depth_live(p, s, e->k[s]) << (8 * s);
    return r;
}

static void part_put(const Pos *p, PartEntry *b, int ways, Shape shape, const uint8_t *k, const uint64_t *prefix,
                     int lower, int v, int best);

/* Store a bound (``lower``: value >= v, else value <= v) of the position with relevance ``rel``:
 * in the bucket of its exact key, and when the class holds more positions than this one, in the
 * bucket of its shape ``b``. */
static void part_store(const Pos *p, PartEntry *b, Shape shape, Rel rel, int lower, int v, int best) {
    uint8_t k[4];
    uint64_t prefix[4];
    for (int s = 0; s < 4; s++) {
        int d = rel >> (8 * s) & 255;
        uint32_t m = p->in_hands[s];
        int len = __builtin_popcount(m);
        k[s] = (uint8_t)(d ? __builtin_popcount(m & ((1u << d) - 1)) : 0);
        prefix[s] = k[s] ? p->code[s] >> (3 * (len - k[s])) : 0;
    }
    int coarse = 0;
    for (int s = 0; s < 4; s++) coarse |= k[s] < __builtin_popcount(p->in_hands[s]);
    part_put(p, part_exact(p), 2, shape, k, prefix, lower, v, best);
    if (coarse) part_put(p, b, PART_WAYS, shape, k, prefix, lower, v, best);
}

/* The relevant cards of an entry's class (fewer: a larger class). */
static inline int part_size(const PartEntry *e) { return e->k[0] + e->k[1] + e->k[2] + e->k[3]; }

/* part_store's entry (its class ``k``, ``prefix``) into the bucket ``b`` of ``ways`` entries: merged
 * into the class's entry, else in place of a stale one or the one of fewest cards left, of those
 * the one of the smallest class (measured against the first of them only: 1-9% fewer nodes on
 * the slowest deals, 2-3% in all). */
static void part_put(const Pos *p, PartEntry *b, int ways, Shape shape, const uint8_t *k, const uint64_t *prefix,
                     int lower, int v, int best) {
    PartEntry *slot = NULL;
    for (int w = 0; w < ways; w++) {
        PartEntry *e = b + w;
        if (e->gen == tt_gen && e->shape == shape.shape && e->shape2 == shape.shape2 && e->leader == part_seats(p) &&
            !memcmp(e->k, k, 4) &&
            !memcmp(e->prefix, prefix, 4 * sizeof(uint64_t))) {
            if (lower) { if (v > e->lo) e->lo = (int16_t)v; }
            else if (v < e->hi) e->hi = (int16_t)v;
            if (best >= 0) e->best = (int16_t)best;
            if (p->left > e->left) e->left = (int16_t)p->left;
            return;
        }
        if (slot == NULL || (slot->gen == tt_gen && (e->gen != tt_gen || e->left < slot->left ||
                                                     (e->left == slot->left && part_size(e) > part_size(slot)))))
            slot = e;
    }
    slot->gen = tt_gen;
    slot->shape = shape.shape;
    slot->shape2 = shape.shape2;
    slot->leader = (int8_t)part_seats(p);
    memcpy(slot->k, k, 4);
    memcpy(slot->prefix, prefix, 4 * sizeof(uint64_t));
    slot->lo = (int16_t)(lower ? v : 0);
    slot->hi = (int16_t)(lower ? 32767 : v);
    slot->best = (int16_t)best;
    slot->left = (int16_t)p->left;
}


/* Low cards of one suit (REL_TWINS): a card ``move`` of the hand to play lying below the relevance
 * of a sibling's result in its suit, the sibling's card below it too, gives a child of the
 * sibling's class (the two children differ only in which of two low cards of one hand and suit is
 * still held: the class maps one onto the other), so the sibling's bound is its bound, with the
 * same relevance.  It extends the twins (adjacent cards, no live card between) to any two low
 * cards, wherever the cards between them lie; the children are within a trick, which the table does
 * not hold, so each was searched again down to the trick's end.  The index of that sibling among
 * the ``nsib`` searched (``sib_move`` with their results' relevance ``sib_rel``), or -1.
 * Measured over 100 deals (bench_solver, value + best first lead, fresh table) at seeds 0 / 1000:
 * all deals 1.95M -> 1.37M / 1.74M -> 1.27M nodes, the median 7,216 -> 4,860 / 7,740 -> 5,432, the
 * slowest 226k -> 155k (seed 74) / 114k -> 83k (seed 1076); CPU median 2.12 -> 1.58 ms / 2.51 ->
 * 2.05 ms.  The slowest deals fall as much as the median: their multiples of it are unchanged.
 * Exactness: tests/solver/test_sv_fh_partition.py, and during development 2,679 random positions
 * of fifteen forms (four to six hands, trumps, no trumps, misère; 3 to 9 tricks to go, some within
 * a trick, the table kept through each deal's positions) equal to the search with exact keys. */
#ifndef REL_TWINS
#define REL_TWINS 1
#endif
static int sibling_class(const Pos *p, int move, const int *sib_move, const Rel *sib_rel, int nsib) {
    if (move >= p->named || p->lead_suit[move] < 0) return -1;
    int s = p->lead_suit[move];
    for (int j = 0; j < nsib; j++) {
        if (p->lead_suit[sib_move[j]] != s) continue;
        int d = (int)(sib_rel[j] >> (8 * s) & 255);
        if (p->rank[move] >= d && p->rank[sib_move[j]] >= d) return j;
    }
    return -1;
}

/* search_ab of search.h for p->part positions (a null window: beta = alpha + 1), with the
 * partition table and the relevance of its result in part_rel (no history, root order or node
 * budget: search.h's uses of those are for the other games). */
static int search_alt(Pos *p, int alpha, int beta) {
    if (pos_over(p)) { part_rel = 0; return 0; }
    search_nodes++;
    if (search_signalled()) { part_rel = 0; return 0; }
    if (p->ntrick == 0 && p->left == p->n) {
        int t[MAX_SEATS];
        for (int i = 0; i < p->n; i++) t[i] = __builtin_ctzll(p->hands[(p->leader + i) % p->n]);
        part_rel = trick_rel(p, t, p->n);
        return pos_last_trick(p);
    }
    int stored = p->ntrick == 0;
    Shape shape = {0, 0};
    PartEntry *b = NULL;
    if (stored) {
        shape = part_shape(p);
        b = part_bucket(p, shape);
        for (int w = 0; w < PART_WAYS; w++) __builtin_prefetch(b + w);
        __builtin_prefetch(part_exact(p));
        __builtin_prefetch(part_exact(p) + 1);
    }
    int lb, ub;
    pos_bounds(p, &lb, &ub);
    /* the value returned is a bound of every position of the class (stored as such): relevant is
     * what makes the bound as tight as ``ub`` (``lb``) there, not only past the window */
    if (ub <= alpha) { part_rel = part_bounds_rel(p, 0, ub); return ub; }
    if (lb >= beta) { part_rel = part_bounds_rel(p, 1, lb); return lb; }
    int hint = -1;
    if (stored) {
        PartEntry *x = part_exact(p);
        for (int w = 0; w < PART_WAYS + 2; w++) {
            PartEntry *e = w < 2 ? x + w : b + w - 2;
            if (!part_match(p, e, shape)) continue;
            if (e->lo >= beta) { part_rel = part_entry_rel(p, e); return e->lo; }
            if (e->hi <= alpha) { part_rel = part_entry_rel(p, e); return e->hi; }
            if (hint < 0) hint = e->best;
        }
    }
    int a = alpha, bt = beta;
    Move moves[MAX_MOVES];
    int n = pos_moves(p, moves);
    int ply = search_ply < MAX_PLY ? search_ply : MAX_PLY - 1;
    int kill = killer[ply];
    int maximise = pos_max_to_move(p);
    /* The table's move first, then the depth's killer; but at a lead of the maximisers (the table
     * holds a move between tricks only) the killer first: the table's entry did not cut off here,
     * so its move was worth less than this window needs (it came from a test one trick lower),
     * while the killer has just reached this window at a sibling.  Seen at seed 1076: the trick-2
     * lead the table held (QC) reached 4 tricks of the 5 needed at sibling positions after the
     * first trick, each searched in full (three of them 5-18k nodes) before the killer (4D), which
     * reached 5.  Measured over 100
     * deals (value + best first lead, fresh table, nodes) at seeds 0 / 1000 / 2000: all deals
     * 2.04M -> 2.02M, 1.75M -> 1.67M, 2.12M -> 2.05M; median 7538 -> 7550, 7940 -> 7354, 8428 ->
     * 8283; the slowest deal 249k -> 226k (seed 74), 151k -> 114k (seed 1076), 244k -> 244k (seed
     * 2005).  The same order at the minimisers' leads: the same within 0.1%; in search.h's search_ab
     * (three hands, preferans): the slowest preferans deals 2-14% more nodes, left out. */
    if (kill >= 0 && hint >= 0 && kill != hint && maximise && p->ntrick == 0) {
        move_to_front(moves, n, kill);
        move_to_front(moves + 1, n - 1, hint);
    } else {
        if (hint >= 0) move_to_front(moves, n, hint);
        if (kill >= 0 && kill != hint && n > 2) move_to_front(moves + 1, n - 1, kill);
    }
    int seen_group[MAX_MOVES], seen_r[MAX_MOVES], seen_move[MAX_MOVES];
    Rel seen_rel[MAX_MOVES];
    int sib_move[MAX_MOVES], sib_r[MAX_MOVES], nsib = 0; /* the moves searched (cards of a suit) */
    Rel sib_rel[MAX_MOVES];
    int nseen = 0, best_move = -1, best = maximise ? -1 : INF_VALUE;
    Rel all = 0, cut = 0;
    int cutoff = 0;
    for (int i = 0; i < n; i++) {
        int move = moves[i].move, group = moves[i].group, twin = -1;
        if (group >= 0) {
            for (int j = 0; j < nseen; j++)
                if (seen_group[j] == group) { twin = j; break; }
            if (twin >= 0) { /* the same value as its twin (no points here) */
                int bound = seen_r[twin];
                if (maximise ? bound <= a : bound >= bt) {
                    if (maximise ? bound > best : bound < best) best = bound;
                    all = rel_or(all, twin_rel(p, seen_rel[twin], seen_move[twin], move));
                    continue;
                }
            }
        }
        int sib = REL_TWINS && twin < 0 ? sibling_class(p, move, sib_move, sib_rel, nsib) : -1;
        if (sib >= 0 && (maximise ? sib_r[sib] <= a : sib_r[sib] >= bt)) {
            if (maximise ? sib_r[sib] > best : sib_r[sib] < best) best = sib_r[sib];
            all = rel_or(all, sib_rel[sib]);
            continue;
        }
        Rel tr = 0;
        if (p->ntrick == p->n - 1) {
            int t[MAX_SEATS];
            memcpy(t, p->trick, sizeof(int) * (size_t)p->ntrick);
            t[p->ntrick] = move;
            tr = trick_rel(p, t, p->n);
        }
        int gain = pos_play(p, move);
        search_ply++;
        int r = gain + search_alt(p, a - gain, bt - gain);
        search_ply--;
        pos_undo(p);
        if (search_abort) return 0;
        Rel cr = rel_or(part_rel, tr);
        all = rel_or(all, cr);
        if (move < p->named && p->lead_suit[move] >= 0) {
            sib_move[nsib] = move;
            sib_r[nsib] = r;
            sib_rel[nsib] = cr;
            nsib++;
        }
        if (group >= 0 && twin < 0) {
            seen_group[nseen] = group;
            seen_r[nseen] = r;
            seen_rel[nseen] = cr;
            seen_move[nseen] = move;
            nseen++;
        }
        if (maximise ? r > best : r < best) {
            best = r;
            best_move = move;
            if (maximise ? r >= bt : r <= a) {
                cut_by(p, ply, maximise, move);
                cut = cr;
                cutoff = 1;
                break;
            }
        }
    }
    /* a null window: the result is a lower bound (best >= beta) or an upper one (best <= alpha) */
    Rel rel = cutoff ? cut : all;
    if (best_move < 0) best_move = hint;
    if (stored) part_store(p, b, shape, rel, best >= beta, best, best_move);
    part_rel = rel;
    return best;
}

/* The table's best move of a p->part position (for search_best_ctx's order), or -1. */
static int search_alt_hint(Pos *p) {
    Shape shape = part_shape(p);
    PartEntry *b = part_bucket(p, shape), *x = part_exact(p);
    for (int w = 0; w < PART_WAYS + 2; w++) {
        PartEntry *e = w < 2 ? x + w : b + w - 2;
        if (part_match(p, e, shape) && e->best >= 0) return e->best;
    }
    return -1;
}

/* Read a sequence of 1 to ``max`` masks (uint64) into ``out``; the count, or -1 with an exception. */
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
        out[i] = (uint64_t)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *bad(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return NULL;
}

/* Python: values_tricks(ids, strength, hands, leader, trick, led, suits, trump, count, maximisers, stop,
 *     must_trump, nt_jokers, joker_any_time, joker_lead, voids, broken, named, chooser, after[, best[, played, target]])
 *     -> ({move: value}, nodes) for every legal move, or for one best move only when ``best`` is 1; with ``best`` 2,
 *     ((lower, upper), 0): the bounds the search starts from (pos_bounds, for the tests).
 * ``ids``: the layout's card ids, ascending (at most 64), which give the compact indices of every other argument:
 * ``strength`` one int per index; ``hands`` 3 or 4 masks in play order; ``trick`` the indices of the trick in
 * progress led by ``leader`` in effective suit ``led`` (-1 with no trick); ``suits`` the 4 effective suits' masks,
 * ``trump`` / ``nt_jokers`` masks; ``count`` / ``maximisers`` seat bitmasks; ``voids`` a suit bitmask per hand;
 * ``named`` the move offset of a named joker lead (moves are card id + named * (suit + 1)); ``chooser`` the seat
 * to choose open or closed now, ``after`` the seat to choose after the next card (-1: none), the choice's moves
 * being 5 * named (open) and 5 * named + 1 (closed); ``joker_lead`` the rule of a led no-trump joker: 0 not_void,
 * 1 any, 2 not_void_unless_alone, 3 first_or_last (then ``played``: the suits each hand has played in the deal, a
 * bit per suit); ``target`` (-128: none): the value is 1 when the count ends exactly that many more tricks on, else 0. */
PyObject *FAST_ENTRY(fast_values_tricks)(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *ids_seq, *strength_seq, *hands_seq, *trick_seq, *voids_seq;
    unsigned long long s0, s1, s2, s3, trump, nt_jokers;
    int leader, led, count, maximisers, stop, must_trump, joker_any_time, joker_lead, broken, named, chooser, after;
    int best = 0, target = NO_TARGET;
    PyObject *played_seq = NULL;
    if (!PyArg_ParseTuple(args, "OOOiOi(KKKK)KiiiiKiiOiiii|iOi", &ids_seq, &strength_seq, &hands_seq, &leader, &trick_seq,
                          &led, &s0, &s1, &s2, &s3, &trump, &count, &maximisers, &stop, &must_trump, &nt_jokers,
                          &joker_any_time, &joker_lead, &voids_seq, &broken, &named, &chooser, &after, &best, &played_seq, &target))
        return NULL;
    static Pos pos;
    Pos *p = &pos;
    memset(p, 0, sizeof(Pos));
    Py_ssize_t m_size = PySequence_Length(ids_seq);
    if (m_size < 0) return NULL;
    if (m_size < 1 || m_size > MAX_CARDS) return bad("ids: expected 1 to 64 card ids");
    int m = (int)m_size;
    int ids[MAX_CARDS];
    if (read_ints(ids_seq, ids, m, "ids") < 0 || read_ints(strength_seq, p->strength, m, "strength") < 0) return NULL;
    for (int i = 0; i < m; i++)
        if (ids[i] < 0 || (i && ids[i] <= ids[i - 1])) return bad("ids: card ids must be ascending and >= 0");
    if (named < 64 || ids[m - 1] >= named || named * 5 + 1 > 32767) return bad("named: out of range");
    uint64_t universe = m == 64 ? ~0ull : (1ull << m) - 1;
    p->n = read_masks(hands_seq, p->hands, 2, MAX_SEATS, "hands");
    if (p->n < 0) return NULL;
    uint64_t seen = 0;
    for (int s = 0; s < p->n; s++) {
        if (p->hands[s] & ~universe || p->hands[s] & seen) return bad("hands: not disjoint masks of the ids");
        if (popcount64(p->hands[s]) > MAX_HAND) return bad("hands: too many cards");
        seen |= p->hands[s];
        p->left += popcount64(p->hands[s]);
    }
    if (leader < 0 || leader >= p->n) return bad("leader: out of range");
    Py_ssize_t nt = PySequence_Length(trick_seq);
    if (nt < 0) return NULL;
    if (nt > p->n - 1) return bad("trick: too many cards");
    p->ntrick = (int)nt;
    if (p->ntrick && read_ints(trick_seq, p->trick, p->ntrick, "trick") < 0) return NULL;
    for (int i = 0; i < p->ntrick; i++) {
        int c = p->trick[i];
        if (c < 0 || c >= m || seen >> c & 1) return bad("trick: not distinct cards of the ids outside the hands");
        seen |= 1ull << c;
    }
    if (p->ntrick ? led < 0 || led > 3 : led != -1) return bad("led: a suit with a trick in progress, else -1");
    if (read_ints(voids_seq, p->voids, p->n, "voids") < 0) return NULL;
    p->leader = leader;
    p->led = led;
    p->suits[0] = s0; p->suits[1] = s1; p->suits[2] = s2; p->suits[3] = s3;
    p->trump = trump;
    p->nt_jokers = nt_jokers;
    p->count = count;
    p->maximisers = maximisers;
    p->stop = stop != 0;
    p->must_trump = must_trump != 0;
    p->joker_any_time = joker_any_time != 0;
    if (joker_lead < 0 || joker_lead > 3) return bad("joker_lead: 0 (not_void), 1 (any), 2 (not_void_unless_alone) or 3 (first_or_last)");
    p->joker_lead_any = joker_lead == 1;
    p->joker_alone = joker_lead == 2;
    p->first_or_last = joker_lead == 3;
    if (p->first_or_last && (played_seq == NULL || read_ints(played_seq, p->played, p->n, "played") < 0))
        return played_seq == NULL ? bad("played: the suits each hand has played (joker_lead=first_or_last)") : NULL;
    if (target != NO_TARGET && (target < -15 || target > 15)) return bad("target: -15 to 15 tricks, or -128 (none)");
    p->target = target != NO_TARGET;
    p->need = target;
    p->broken = broken != 0;
    p->named = named;
    if (chooser < -1 || chooser >= p->n || after < -1 || after >= p->n || (chooser >= 0 && after >= 0))
        return bad("chooser, after: a seat number or -1 (not both)");
    p->chooser = chooser;
    p->after = after;
    p->choice[0] = 5 * named;
    p->choice[1] = 5 * named + 1;
    if ((s0 | s1 | s2 | s3 | trump | nt_jokers) & ~universe) return bad("suits, trump, nt_jokers: not masks of the ids");
    if ((s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3) | ((s0 | s1 | s2 | s3) & nt_jokers))
        return bad("suits, nt_jokers: a card in two of them");
    for (int c = 0; c < MAX_CARDS; c++) p->lead_suit[c] = -1;
    for (int s = 0; s < 4; s++) {
        int n = 0;
        for (int c = 0; c < m; c++) {
            if (!(p->suits[s] >> c & 1)) continue;
            p->lead_suit[c] = s;
            p->order[s][n++] = c;
        }
        sort_by_strength(p->order[s], n, p->strength);
        if (n > MAX_SUIT_CODE) return bad("suits: too many cards in one suit");
        p->norder[s] = n;
    }
    p->ts = -1;
    for (int s = 0; s < 4; s++)
        if (p->trump && p->suits[s] == p->trump) p->ts = s;
    avoid_set(p);
    for (int x = 0; x < MAX_CARDS + MAX_SEATS; x++) p->tricks_of[x] = x / p->n;
    p->symmetric = !p->trump && !p->nt_jokers;
    for (int c = 0; c < m; c++)
        if (p->nt_jokers >> c & 1) p->jorder[p->njorder++] = c;
    if (p->njorder > MAX_JOKER_CODE) return bad("nt_jokers: too many");
    if (p->target && p->njorder > 10) return bad("nt_jokers: too many for a target (at most 10)");
    for (int s = 0; s < p->n; s++)
        for (uint64_t h = p->hands[s]; h; h &= h - 1) p->owner[__builtin_ctzll(h)] = s + 1;
    for (int s = 0; s < 4; s++) {
        for (int j = 0; j < p->norder[s]; j++) {
            int c = p->order[s][j];
            p->rank[c] = j;
            if (p->owner[c]) {
                p->in_hands[s] |= 1u << j;
                p->held[p->owner[c] - 1][s] |= 1u << j;
            }
        }
        p->code[s] = suit_code(p, s);
    }
    /* everything that decides the values but is not in the keys: the table is kept between calls with the same */
    int context[MAX_CARDS + 6 * 2 + 10];
    int nc = 0;
    for (int c = 0; c < m; c++) context[nc++] = p->strength[c];
    uint64_t masks[6] = {p->suits[0], p->suits[1], p->suits[2], p->suits[3], p->trump, p->nt_jokers};
    for (int i = 0; i < 6; i++) { context[nc++] = (int)(masks[i] & 0xFFFFFFFF); context[nc++] = (int)(masks[i] >> 32); }
    context[nc++] = m;
    context[nc++] = p->n;
    context[nc++] = p->count;
    context[nc++] = p->maximisers;
    context[nc++] = p->stop;
    context[nc++] = p->must_trump;
    context[nc++] = p->joker_any_time;
    context[nc++] = p->joker_lead_any;
    context[nc++] = p->named;
    if (joker_lead > 1 || p->target) context[nc++] = joker_lead + 4 * p->target; /* the newer rules only */
    uint64_t ctx = context_hash(context, nc);
    if (down_load(p, pending_covers, m, &ctx) < 0) return NULL;
    p->part = PARTITION && p->n >= 4 && (p->ts >= 0 || (p->njorder == 1 && p->trump == p->nt_jokers)) &&
              (!p->nt_jokers || (p->joker_lead_any && !p->joker_any_time)) && p->avoid < 0 && !p->target && !p->down &&
              !p->stop && p->chooser < 0 && p->after < 0;
    if (p->part) {
        if (part_alloc() < 0) return PyErr_NoMemory();
        if (tt_gen == UINT32_MAX) memset(part_table, 0, ((size_t)2 << PART_BITS) * sizeof(PartEntry));
    }
    if (best < 0 || best > 2) return bad("best: 0 (every move), 1 (a best move) or 2 (the bounds)");
    if (best == 2) {
        int lo, hi;
        pos_bounds(p, &lo, &hi);
        return Py_BuildValue("((ii)i)", lo, hi, 0);
    }
    int moves[MAX_MOVES], values[MAX_MOVES];
    int n = best ? search_best_ctx(p, moves, values, ctx) : search_values_ctx(p, moves, values, ctx);
    if (n == SEARCH_INTERRUPTED) return NULL; /* a KeyboardInterrupt, set by the signal's handler */
    if (n < 0) return PyErr_NoMemory();
    for (int i = 0; i < n; i++)
        if (moves[i] < 5 * named) moves[i] = ids[moves[i] % named] + named * (moves[i] / named);
    return values_result(moves, values, n, search_nodes);
}

/* Python: values_tricks_down(covers, *args of values_tricks) -> as values_tricks, in the
 * two-handed game: ``covers`` the (cover, card under it) pairs of compact indices of the dummies'
 * cards still face down (see "Dummies" above). */
PyObject *FAST_ENTRY(fast_values_tricks_down)(PyObject *self, PyObject *args) {
    Py_ssize_t n = PyTuple_Size(args);
    if (n < 1) return bad("values_tricks_down: covers, then the arguments of values_tricks");
    PyObject *rest = PyTuple_GetSlice(args, 1, n);
    if (rest == NULL) return NULL;
    pending_covers = PyTuple_GET_ITEM(args, 0);
    PyObject *out = FAST_ENTRY(fast_values_tricks)(self, rest);
    pending_covers = NULL;
    Py_DECREF(rest);
    return out;
}
