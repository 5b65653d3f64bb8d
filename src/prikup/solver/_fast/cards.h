/* Card helpers shared by the game files of the fast solver (ports of prikup.core.tricks). */
#ifndef PRIKUP_CARDS_H
#define PRIKUP_CARDS_H
#include <stdint.h>

/* The number of set bits of ``x``: the POPCNT instruction where the compiler may use it (also in
 * the game files' copies built for it, PRIKUP_POPCNT: see fast_popcnt.h), else the SWAR sum inline
 * (a call to libgcc's __popcountdi2 cost about 8% of the search's time). */
static inline int popcount64(uint64_t x) {
#if defined(__POPCNT__) || defined(PRIKUP_POPCNT) || !defined(__x86_64__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* The index in ``trick`` (``n`` card ids in play order) of the card that takes it: the highest
 * trump (``trump`` a mask), else the highest card of the suit led (``led`` a mask), by ``strength``
 * (prikup.core.tricks.trick_winner). */
static inline int plain_trick_winner(const int *trick, int n, uint64_t led, uint64_t trump, const int *strength) {
    int best = 0, bc = trick[0];
    int bt = (int)(trump >> bc & 1);
    for (int i = 1; i < n; i++) {
        int c = trick[i];
        if (trump >> c & 1) {
            if (!bt || strength[c] > strength[bc]) { best = i; bc = c; bt = 1; }
        } else if (!bt && (led >> c & 1) && strength[c] > strength[bc]) {
            best = i; bc = c;
        }
    }
    return best;
}

/* Sort ``n`` card ids by ``strength``, highest first, keeping the order of equals (like sorted). */
static inline void sort_by_strength(int *ids, int n, const int *strength) {
    for (int i = 1; i < n; i++) {
        int c = ids[i], j = i - 1;
        while (j >= 0 && strength[ids[j]] < strength[c]) { ids[j + 1] = ids[j]; j--; }
        ids[j + 1] = c;
    }
}

/* The highest card of ``set`` by ``strength``, or -1 when it is empty. */
static inline int top_card(uint64_t set, const int *strength) {
    int best = -1;
    for (; set; set &= set - 1) {
        int c = __builtin_ctzll(set);
        if (best < 0 || strength[c] > strength[best]) best = c;
    }
    return best;
}

/* The cards of ``hand`` that are the top of ``live`` one after another (the highest live card,
 * then the next, ... while they are in ``hand``). */
static inline uint64_t top_run(uint64_t live, uint64_t hand, const int *strength) {
    uint64_t run = 0;
    for (;;) {
        int c = top_card(live, strength);
        if (c < 0 || !(hand >> c & 1)) return run;
        run |= 1ull << c;
        live &= ~(1ull << c);
    }
}

/* top_run over the cards ``order`` (``n`` card ids, highest first) that are in ``live``. */
static inline uint64_t top_run_ordered(uint64_t live, uint64_t hand, const int *order, int n) {
    uint64_t run = 0;
    for (int i = 0; i < n; i++) {
        int c = order[i];
        if (!(live >> c & 1)) continue;
        if (!(hand >> c & 1)) break;
        run |= 1ull << c;
    }
    return run;
}

/* Sure winners (the "quick tricks" of double-dummy solvers) of the seat ``leader`` on lead between
 * tricks, with ``n`` hands: cards it can lead one after another, each taking its trick, so that it
 * keeps the lead.  First its run of top trumps (``trump`` a mask, 0 for none; not when
 * ``trump_lead_ok`` is 0), each taking its trick whatever is played to it; then, when those leads
 * leave no other hand a trump (every other hand follows a trump lead while it has one), its run
 * of top cards of each other suit (``suits`` the four suits' masks), which nobody can beat or
 * ruff.  Nothing in it depends on what the other hands choose, so its holder's side takes at
 * least these tricks (and their cards) if the holder wants them. */
static inline uint64_t sure_winners(const uint64_t *hands, int n, int leader, const uint64_t *suits, uint64_t trump,
                                    int trump_lead_ok, const int *strength, const int *order, int stride,
                                    const int *norder) {
    uint64_t hand = hands[leader], live = 0;
    int most = 0;
    for (int i = 0; i < n; i++) {
        live |= hands[i];
        if (i != leader) {
            int t = popcount64(hands[i] & trump);
            if (t > most) most = t;
        }
    }
    uint64_t win = 0;
    if (trump && trump_lead_ok) {
        int ts = -1;
        for (int s = 0; s < 4; s++)
            if (suits[s] == trump) ts = s;
        win = ts >= 0 ? top_run_ordered(live & trump, hand, order + ts * stride, norder[ts])
                      : top_run(live & trump, hand, strength);
    }
    if (most > popcount64(win)) return win;
    for (int s = 0; s < 4; s++)
        if (hand & suits[s] & ~trump) win |= top_run_ordered(live & suits[s] & ~trump, hand, order + s * stride, norder[s]);
    return win;
}

/* The run of top trumps of the hand holding the highest live trump (and that hand's number in
 * ``*holder``; 0 and -1 with no trump in play): each of them takes the trick it is played to,
 * whatever the others do, and every card is played, so that hand takes at least this many tricks
 * (valid while the trumps cannot change). */
static inline uint64_t top_trumps(const uint64_t *hands, int n, uint64_t trump, const int *strength, int *holder) {
    uint64_t live = 0;
    for (int i = 0; i < n; i++) live |= hands[i];
    int c = top_card(live & trump, strength);
    *holder = -1;
    if (c < 0) return 0;
    for (int i = 0; i < n; i++)
        if (hands[i] >> c & 1) *holder = i;
    return top_run(live & trump, hands[*holder], strength);
}
#endif
