/* prikup.solver._fast: the open-hand solver's fast path: one search (search.h) over two play
 * positions driven by the games' tables and flags, card points (fast_points.c: 501, Пятьсот) and
 * trick counting (fast_tricks.c: Five Hundred, preferans).  Each returns ({move: exact value},
 * nodes searched); see prikup/solver/fast.py. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

PyObject *fast_values_points(PyObject *self, PyObject *args);
PyObject *fast_values_tricks(PyObject *self, PyObject *args);
PyObject *fast_values_tricks_down(PyObject *self, PyObject *args);

unsigned long fast_epoch = 0;

static PyObject *fast_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    fast_epoch++;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"clear", fast_clear, METH_NOARGS, "Empty every game's transposition table before its next search."},
    {"values_points", fast_values_points, METH_VARARGS, "Card points (501, Пятьсот): the value of every legal move."},
    {"values_tricks", fast_values_tricks, METH_VARARGS, "Trick counting (Five Hundred, preferans): the value of every legal move."},
    {"values_tricks_down", fast_values_tricks_down, METH_VARARGS,
     "values_tricks with the two-handed game's dummies: (cover, card under it) pairs first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", "The open-hand solver in C.", -1, methods};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
