/* fast_tricks.c for processors with the POPCNT instruction (see fast_popcnt.h). */
#include "fast_popcnt.h"
#ifdef FAST_POPCNT
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#pragma GCC target("popcnt")
#define PRIKUP_POPCNT 1
#include "fast_tricks.c"
#else
typedef int fast_tricks_popcnt_unused; /* ISO C wants a declaration in every file */
#endif
