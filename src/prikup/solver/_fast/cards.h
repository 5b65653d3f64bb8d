/* Card helpers shared by the game files of the fast solver (ports of prikup.core.tricks). */
#ifndef PRIKUP_CARDS_H
#define PRIKUP_CARDS_H
#include <stdint.h>

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
#endif
