/* prikup.solver._fast: the open-hand solver's fast path: one search (search.h) over two play
 * positions driven by the games' tables and flags, card points (fast_points.c: 501, Пятьсот) and
 * trick counting (fast_tricks.c: Five Hundred, preferans).  Each returns ({move: exact value},
 * nodes searched); see prikup/solver/fast.py. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#include "fast_popcnt.h"

PyObject *fast_values_points(PyObject *self, PyObject *args);
PyObject *fast_values_tricks(PyObject *self, PyObject *args);
PyObject *fast_values_tricks_down(PyObject *self, PyObject *args);
#ifdef FAST_POPCNT
PyObject *fast_values_points_popcnt(PyObject *self, PyObject *args);
PyObject *fast_values_tricks_popcnt(PyObject *self, PyObject *args);
PyObject *fast_values_tricks_down_popcnt(PyObject *self, PyObject *args);
#endif

unsigned long fast_epoch = 0;

/* The build of the game files in use: "popcnt" or "portable" (see fast_popcnt.h). */
static const char *fast_variant = "portable";

static PyObject *fast_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    fast_epoch++;
    Py_RETURN_NONE;
}

static PyObject *fast_variant_name(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    return PyUnicode_FromString(fast_variant);
}

static PyMethodDef methods[] = {
    {"clear", fast_clear, METH_NOARGS, "Empty every game's transposition table before its next search."},
    {"values_points", fast_values_points, METH_VARARGS, "Card points (501, Пятьсот): the value of every legal move."},
    {"values_tricks", fast_values_tricks, METH_VARARGS, "Trick counting (Five Hundred, preferans): the value of every legal move."},
    {"values_tricks_down", fast_values_tricks_down, METH_VARARGS,
     "values_tricks with the two-handed game's dummies: (cover, card under it) pairs first."},
    {"variant", fast_variant_name, METH_NOARGS,
     "The build of the search in use: 'popcnt' (for processors with that instruction) or 'portable'."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", "The open-hand solver in C.", -1, methods};

PyMODINIT_FUNC PyInit__fast(void) {
#ifdef FAST_POPCNT
    /* the game files' POPCNT build where the processor has the instruction, unless the environment
     * variable PRIKUP_SOLVER_POPCNT is 0 (the tests compare both builds) */
    const char *env = getenv("PRIKUP_SOLVER_POPCNT");
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt") && !(env != NULL && strcmp(env, "0") == 0)) {
        methods[1].ml_meth = fast_values_points_popcnt;
        methods[2].ml_meth = fast_values_tricks_popcnt;
        methods[3].ml_meth = fast_values_tricks_down_popcnt;
        fast_variant = "popcnt";
    }
#endif
    return PyModule_Create(&module);
}
