/* The game files built a second time for x86-64 processors with the POPCNT instruction (every one
 * since about 2008, but not the x86-64 baseline the compiler targets by default), their entry
 * points suffixed _popcnt (glue.h's FAST_ENTRY); module.c uses them where the processor has the
 * instruction (and PRIKUP_SOLVER_POPCNT is not 0).  The search counts cards of sets at every
 * node (popcount64 in cards.h: sure tricks, suit lengths, keys); the portable SWAR sum was 5-7% of
 * the instructions of the trick games' search and 4% of the point games' (cachegrind on a median
 * and a slow deal of each game, bench/solver_instructions.py), about 3-5% of their CPU time.
 * Only with GCC (its target pragma); elsewhere these files are empty and the portable build is
 * used. */
#ifndef PRIKUP_FAST_POPCNT_H
#define PRIKUP_FAST_POPCNT_H
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FAST_POPCNT 1
#endif
#endif
